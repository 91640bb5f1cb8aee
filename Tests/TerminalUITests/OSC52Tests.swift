import Testing

@testable import TerminalUI

@Suite("OSC52")
struct OSC52Tests {
    @Test(
        "Copy encodes the text in base64 between ESC ] 52 ; c ; and BEL",
        arguments: [
            ("", ""), ("hello", "aGVsbG8="), ("日本", "5pel5pys"), ("\u{1B}[2J", "G1sySg=="),
        ])
    func copy(text: String, base64: String) {
        #expect(OSC52.copy(text) == Array("\u{1B}]52;c;\(base64)\u{07}".utf8))
    }
}
