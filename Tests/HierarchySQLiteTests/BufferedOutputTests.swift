import Foundation
import Testing

@testable import HierarchySQLite

@Suite struct BufferedOutputTests {
    func written(_ text: String, escaping: Bool) throws -> String {
        let pipe = Pipe()
        var output = BufferedOutput(handle: pipe.fileHandleForWriting)
        output.escapesControlCharacters = escaping
        try output.write(text)
        try output.flush()
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func controlCharactersAreEscapedForATerminalOnly() throws {
        let title = "a\u{1B}[31mred\u{0}\u{9B}x\té\r\n"
        #expect(try written(title, escaping: true) == "a\\u{1b}[31mred\\u{0}\\u{9b}x\té\r\n")
        #expect(try written(title, escaping: false) == title)
    }
}
