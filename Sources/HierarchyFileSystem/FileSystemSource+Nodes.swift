import Foundation
import HierarchySources

extension FileSystemSource {
    /// The subtitle of an entry that was listed but is gone.
    static let vanishedKind = "Vanished"

    /// Builds the node of one entry from a stat (blocking; runs on a worker thread).
    ///
    /// - Returns: `nil` when the entry does not exist and did not come from a listing.
    func makeNode(_ id: String, listed: Bool) -> HierarchyNode? {
        let path = self.path(of: id)
        var status = FileStatus.read(path, counter: statCounter)
        if id == Self.rootID, case .symbolicLink(.folder) = status.kind {
            // The root is browsed through its link: show it as the folder it leads to.
            status.kind = .folder
        }
        let title =
            id == Self.rootID
            ? Self.rootTitle(rootPath) : FileNameCoding.displayName(ofComponent: Substring(Self.name(of: id)))
        var node = HierarchyNode(id: id, title: title, childCount: 0, isContainer: false)
        var attributes: [String: String] = [:]
        if let modified = status.modified { attributes["modified"] = Self.iso8601(modified) }
        if status.identity != nil { attributes["permissions"] = Self.permissionsText(status.permissions) }
        switch status.kind {
        case .folder:
            node.subtitle = "Folder"
            node.isContainer = true
            node.childCount = nil
            node.footnote = status.modified.map(dateText)
        case .file, .pipe, .socket, .device:
            node.subtitle =
                switch status.kind {
                case .pipe: "Pipe"
                case .socket: "Socket"
                case .device: "Device"
                default: "File"
                }
            attributes["size"] = String(status.size)
            node.footnote = [Self.sizeText(status.size), status.modified.map(dateText)]
                .compactMap { $0 }.joined(separator: ", ")
        case .symbolicLink(let target):
            attributes["destination"] = status.linkDestination
            switch target {
            case .folder(let identity):
                let holder = Self.parentID(of: id) ?? Self.rootID
                if ancestorIdentities(ofDirectoryID: holder).contains(identity) {
                    node.subtitle = "Symbolic link loop"
                    node.status = "Loop"
                } else {
                    node.subtitle = "Symbolic link to folder"
                    node.isContainer = true
                    node.childCount = nil
                }
            case .file:
                node.subtitle = "Symbolic link"
            case .broken:
                node.subtitle = "Broken symbolic link"
            }
            node.footnote = status.linkDestination.map { "→ \($0)" }
        case .vanished:
            guard listed else { return nil }
            node.subtitle = Self.vanishedKind
            node.status = "Vanished"
            node.footnote = "Removed after the folder was read"
        case .unreadable(let reason):
            node.subtitle = "Unreadable"
            node.status = "Error"
            node.footnote = reason
        }
        node.attributes = attributes
        return node
    }

    /// A size as people read it: "0 bytes", "1 byte", "999 bytes", "1.5 kB", "12 MB" (decimal units).
    static func sizeText(_ bytes: Int64) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let text = value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
        return "\(text) \(units[unit])"
    }

    /// A modification time in the source's time zone: "2024-05-01 14:03".
    ///
    /// Broken down by the C library (`localtime_r`, or `gmtime_r` shifted by the zone's offset),
    /// not by `Calendar`, so listing a folder loads no ICU data.
    func dateText(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        if let timeZone {
            seconds += time_t(timeZone.secondsFromGMT(for: date))
            gmtime_r(&seconds, &parts)
        } else {
            localtime_r(&seconds, &parts)
        }
        return Self.digits(Int(parts.tm_year) + 1900, 4) + "-" + Self.digits(Int(parts.tm_mon) + 1, 2) + "-"
            + Self.digits(Int(parts.tm_mday), 2) + " " + Self.digits(Int(parts.tm_hour), 2) + ":"
            + Self.digits(Int(parts.tm_min), 2)
    }

    /// A time in UTC as ISO 8601 text: "2024-05-01T12:03:09Z" (what `Date.ISO8601FormatStyle`
    /// writes, without loading ICU data).
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return digits(Int(parts.tm_year) + 1900, 4) + "-" + digits(Int(parts.tm_mon) + 1, 2) + "-"
            + digits(Int(parts.tm_mday), 2) + "T" + digits(Int(parts.tm_hour), 2) + ":"
            + digits(Int(parts.tm_min), 2) + ":" + digits(Int(parts.tm_sec), 2) + "Z"
    }

    /// A number with leading zeros up to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Permission bits as `ls` shows them: "rwxr-xr-x".
    static func permissionsText(_ mode: UInt32) -> String {
        let letters: [Character] = ["r", "w", "x"]
        return String((0..<9).map { bit in mode & (0o400 >> UInt32(bit)) != 0 ? letters[bit % 3] : "-" })
    }
}
