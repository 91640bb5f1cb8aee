/// A document format that ``DocumentSource`` reads.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// JSON (`.json`).
    case json
    /// A property list, XML or binary (`.plist`).
    case propertyList
    /// YAML (`.yaml`, `.yml`).
    case yaml

    /// The format a file name extension stands for, or `nil` if the extension is not one of ours.
    ///
    /// - Parameter pathExtension: The extension without the dot, in any case.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "json": self = .json
        case "plist": self = .propertyList
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }

    /// Guesses the format from the first bytes of a document.
    ///
    /// `bplist00` or an XML prolog or `<plist` is a property list; a first
    /// non-blank `{` or `[` is JSON, and so are JSON Lines of scalars (`1`, then `2` on the
    /// next line: see ``JSONLines``); any other text is YAML. Returns `nil` for
    /// data that is not text (a NUL byte among the first bytes) and for an
    /// SQLite database.
    ///
    /// - Parameter prefix: The first bytes of the document (a few hundred are enough).
    /// - Complexity: O(n) for the bytes examined, at most 512.
    public static func sniff(_ prefix: some Collection<UInt8>) -> DocumentFormat? {
        let head = Array(prefix.prefix(512))
        if head.starts(with: Array("bplist".utf8)) { return .propertyList }
        if head.starts(with: DocumentSource.sqliteHeader) { return nil }
        if head.contains(0) { return nil }
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        let rest = head[start...]
        if rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<plist".utf8))
            || rest.starts(with: Array("<!DOCTYPE plist".utf8))
        {
            return .propertyList
        }
        if let first = rest.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        return JSONLines.startsAsLines(rest) ? .json : .yaml
    }
}
