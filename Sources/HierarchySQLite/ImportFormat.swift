import Foundation
import HierarchyDocuments

/// The file formats `SQLiteImporter` reads.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// A JSON document (`{"root": [...]}`, an array of items, or one item with `children`).
    case json
    /// CSV with a header row `id,parent_id,title,subtitle,footnote,status,...`.
    case csv
    /// A property list with the same shapes as JSON.
    case plist
    /// A YAML document with the same shapes as JSON.
    case yaml

    /// The format for a file name extension (`json`, `jsonl`/`ndjson` for JSON Lines, `csv`,
    /// `plist`, `yaml`/`yml`).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json", "jsonl", "ndjson": self = .json
        case "csv": self = .csv
        case "plist": self = .plist
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }

    /// JSON for a regular file that starts as JSON or JSON Lines (as `browse` reads a file of
    /// another name), else `nil`.
    static func sniffed(path: String) -> ImportFormat? {
        // Only a regular file is peeked at: a FIFO can be read once, by the document reader.
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 512) else { return nil }
        return DocumentFormat.sniff(head) == .json ? .json : nil
    }
}
