import Foundation
import Testing

@testable import HierarchySQLite

@Suite struct BufferedOutputTests {
    func written(_ text: String, escape: (@Sendable (String) -> String)?) throws -> String {
        let pipe = Pipe()
        var output = BufferedOutput(handle: pipe.fileHandleForWriting)
        output.escape = escape
        try output.writeItem(text)
        try output.write("\r\n")
        try output.flush()
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test func itemTextIsEscapedAndLineEndsAreNot() throws {
        let title = "a\u{1B}[31mred\u{0}\u{9B}x\té\u{202E}"
        let marked = try written(title, escape: { "<" + $0.replacingOccurrences(of: "\u{1B}", with: "ESC") + ">" })
        #expect(marked == "<aESC[31mred\u{0}\u{9B}x\té\u{202E}>\r\n")
        #expect(try written(title, escape: nil) == title + "\r\n")
    }
}
