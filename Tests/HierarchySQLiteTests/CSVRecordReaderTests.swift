import Foundation
import HierarchySources
import Testing

@testable import HierarchySQLite

@Suite("CSVRecordReader")
struct CSVRecordReaderTests {
    func records(_ text: String, chunkSize: Int) throws -> [[String]] {
        let directory = try TemporaryDirectory()
        let file = try directory.write("t.csv", text)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var reader = CSVRecordReader(handle: handle, path: file.path, chunkSize: chunkSize)
        var records: [[String]] = []
        var lines: [Int] = []
        while let record = try reader.next() {
            records.append(record.fields)
            lines.append(record.line)
        }
        return records + [lines.map(String.init)]
    }

    @Test("RFC 4180 fields and record lines, whatever the chunk size", arguments: [1, 3, 65536])
    func fields(chunkSize: Int) throws {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\n\n\"multi\nline\",,z\rlast,,"
        #expect(
            try records(text, chunkSize: chunkSize) == [
                ["a", "b", "c"], ["x, y", "say \"hi\"", ""], ["multi\nline", "", "z"], ["last", "", ""],
                ["1", "2", "4", "6"],
            ])
    }

    @Test("empty input has no records", arguments: ["", "\n", "\r\n\r\n"])
    func empty(text: String) throws {
        #expect(try records(text, chunkSize: 4) == [[]])
    }

    @Test("an unterminated quote and text after a quote are errors with lines")
    func errors() throws {
        let unterminated = try #require(throws: HierarchySourceError.self) {
            try records("a\n\"open\nmore", chunkSize: 2)
        }
        #expect(unterminated.line == 2)
        let trailing = try #require(throws: HierarchySourceError.self) { try records("a\n\"x\"y,z", chunkSize: 2) }
        #expect(trailing.line == 2)
    }
}
