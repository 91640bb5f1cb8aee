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

    /// The format for a file name extension (`json`, `csv`, `plist`, `yaml`/`yml`).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        case "plist": self = .plist
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }
}
