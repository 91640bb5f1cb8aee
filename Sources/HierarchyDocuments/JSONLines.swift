import Foundation

/// JSON Lines (`.jsonl`, `.ndjson`, or any input whose first line is one complete JSON value
/// and another value follows it): the values, one after another, are the elements of one
/// array, read as the document's structure: one root (the document's name) whose children are
/// the lines, `[0]`, `[1]`, … in every command.
public enum JSONLines {
    /// Whether a file name extension names JSON Lines (`jsonl`, `ndjson`, in any case).
    public static func isLinesExtension(_ pathExtension: String) -> Bool {
        let lowered = pathExtension.lowercased()
        return lowered == "jsonl" || lowered == "ndjson"
    }

    /// Whether a path's name ends in `.jsonl` or `.ndjson`.
    public static func hasLinesExtension(_ path: String) -> Bool {
        isLinesExtension(URL(fileURLWithPath: path).pathExtension)
    }

    /// Whether the first bytes of an input are JSON Lines: its first line that is not blank is
    /// one complete JSON value (read strictly), and a value starts on a later line.
    ///
    /// - Parameter head: The input's first bytes (a line longer than them decides false).
    public static func startsAsLines(_ head: some Collection<UInt8>) -> Bool {
        let bytes = Array(head)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
        guard start < bytes.count, let newline = bytes[start...].firstIndex(of: 0x0A),
            bytes[(newline + 1)...].contains(where: { !isWhitespace($0) })
        else { return false }
        var reader = JSONEventReader(input: ByteInput(bytes: bytes[start..<newline]))
        do {
            while try reader.next() != nil {}
            return reader.bytesRead > 0
        } catch {
            return false
        }
    }

    /// Whether a document is read as JSON Lines: its name says so, or its first bytes do.
    public static func isLines(path: String, head: some Collection<UInt8>) -> Bool {
        hasLinesExtension(path) || startsAsLines(head)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
