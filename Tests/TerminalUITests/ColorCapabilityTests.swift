import Testing

@testable import TerminalUI

@Suite("ColorCapability")
struct ColorCapabilityTests {
    @Test(
        "Detection from the environment",
        arguments: [
            ([:], ColorCapability.ansi16),
            (["TERM": "xterm"], .ansi16),
            (["TERM": "xterm-256color"], .indexed256),
            (["TERM": "screen-256color", "COLORTERM": "truecolor"], .trueColor),
            (["TERM": "xterm", "COLORTERM": "24bit"], .trueColor),
            (["TERM": "xterm-256color", "NO_COLOR": "1"], .none),
            (["TERM": "xterm-256color", "NO_COLOR": ""], .indexed256),
            (["TERM": "dumb"], .none),
            (["TERM": "linux"], .ansi16),
        ])
    func detect(environment: [String: String], expected: ColorCapability) {
        #expect(ColorCapability.detect(environment: environment) == expected)
    }

    @Test("Capabilities are ordered")
    func ordering() {
        #expect(ColorCapability.none < .ansi16)
        #expect(ColorCapability.indexed256 < .trueColor)
    }
}
