import Testing

@testable import TerminalUI

@Suite("CapturedOutput")
struct CapturedOutputTests {
    @Test("Keeps every byte and counts writes")
    func capture() {
        let output = CapturedOutput()
        #expect(output.bytes.isEmpty && output.writeCount == 0)
        output.write(Array("ab".utf8))
        output.write([])
        output.write(Array("日".utf8))
        #expect(output.text == "ab日")
        #expect(output.writeCount == 3)
        output.reset()
        #expect(output.bytes.isEmpty && output.writeCount == 0)
    }
}
