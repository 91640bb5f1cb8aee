import Testing

@testable import TerminalUI

@Suite("KeyModifiers")
struct KeyModifiersTests {
    @Test(
        "xterm modifier parameters",
        arguments: [
            (0, KeyModifiers()), (1, []), (2, .shift), (3, .alt), (4, [.shift, .alt]), (5, .control),
            (6, [.shift, .control]), (7, [.alt, .control]), (8, [.shift, .alt, .control]), (9, .alt),
            (13, [.alt, .control]),
        ] as [(Int, KeyModifiers)])
    func xterm(parameter: Int, expected: KeyModifiers) {
        #expect(KeyModifiers(xtermParameter: parameter) == expected)
    }
}
