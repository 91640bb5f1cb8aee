import HierarchyDocuments
import HierarchyFileSystem
import HierarchyKit
import HierarchySources

/// The copies after `y`: `y` copies the focused item's text at once and waits for the next
/// key; `p`, `q` or `v` then copy its path or value instead, and any other key means what it
/// always means.
///
/// - In a document read as its structure: `yp` the JSON Pointer (RFC 6901), `yq` the jq path,
///   `yv` the value as compact JSON (an object or array with everything in it, up to
///   ``HierarchyBrowser/copyLimit`` bytes).
/// - In a folder: `yp` the file's absolute path.
/// - In a store, a document of items or a controller's view: `yp` the id path (the ids from the
///   top item down, as a JSON Pointer), `yv` the item's fields as a JSON object.
extension HierarchyBrowser {
    /// The longest value `yv` copies, in UTF-8 bytes (1 MiB): terminals and tmux cap what
    /// OSC 52 carries.
    public static let copyLimit = 1 << 20

    /// The help lines of the copies after `y`.
    var copyHelp: [(keys: String, meaning: String)] {
        let source = dataSource?.source
        if source is FileSystemSource { return [("yp", "copy the file's path")] }
        if isDocumentStructure(source) {
            return [("yp  yq", "copy the JSON Pointer, the jq path"), ("yv", "copy the value as JSON")]
        }
        return [("yp  yv", "copy the id path, the item as JSON")]
    }

    /// What the status line shows on its right while `y` waits for its next key (where it
    /// shows "? help  q quit" otherwise), as vim shows a pending command.
    var copyPrefixHint: String {
        dataSource?.source is FileSystemSource ? "y… p path" : "y… p pointer  q jq  v value"
    }

    /// The key after `y`: `p`, `q` or `v` copy; any other key goes on as usual.
    ///
    /// - Parameter event: The key.
    /// - Returns: The commands for `p`, `q` or `v`; `nil` for a key that keeps its meaning.
    func handleCopyPrefix(_ event: KeyEvent) -> [BrowserCommand]? {
        guard isCopyPending else { return nil }
        isCopyPending = false
        guard event.modifiers.isEmpty, case .character(let key) = event.key, "pqv".contains(key) else { return nil }
        guard let uuid = view.focusedUUID else {
            message = ("Nothing to copy", false)
            return []
        }
        switch copyText(key, of: uuid) {
        case .success(let copy):
            message = ("Copied \(copy.what)", false)
            return [.write(OSC52.copy(copy.text))]
        case .failure(let failure):
            message = (failure.message, true)
            return []
        }
    }

    private struct CopyFailure: Error {
        var message: String
    }

    private func isDocumentStructure(_ source: (any HierarchySource)?) -> Bool {
        (source as? any DocumentHierarchySource)?.isDocumentStructure ?? false
    }

    /// The text `y` and a key copy, and what it is (for the status line).
    private func copyText(_ key: Character, of uuid: String) -> Result<(text: String, what: String), CopyFailure> {
        let source = dataSource?.source
        if let folder = source as? FileSystemSource {
            guard key == "p" else { return .failure(CopyFailure(message: "In a folder, yp copies the path")) }
            let bytes = folder.systemPath(ofID: uuid).dropLast().map { UInt8(bitPattern: $0) }
            let path = String(decoding: bytes, as: UTF8.self)
            return .success((path, "the path " + path))
        }
        let document = source as? any DocumentHierarchySource
        if let document, let path = document.documentPath(ofID: uuid) {
            switch key {
            case "p": return .success((path.jsonPointer, "the JSON Pointer " + TerminalText.sanitize(path.jsonPointer)))
            case "q": return .success((path.jqPath, "the jq path " + TerminalText.sanitize(path.jqPath)))
            default:
                do {
                    guard let json = try document.documentJSON(ofID: uuid, limit: Self.copyLimit) else {
                        return .failure(CopyFailure(message: "The value can be copied once the document is read"))
                    }
                    return .success((json, "the value (\(CountText.grouped(json.utf8.count)) bytes of JSON)"))
                } catch {
                    return .failure(CopyFailure(message: "Not copied: the value's JSON is over 1 MiB"))
                }
            }
        }
        switch key {
        case "p":
            let ids = idPath(to: uuid)
            let path = DocumentPath.idPath(ids)
            return .success((path, "the id path " + TerminalText.sanitize(path)))
        case "q":
            return .failure(
                CopyFailure(message: "A jq path is for a document shown as its structure; yp copies the id path"))
        default:
            return .success((itemJSON(uuid), "the item as JSON"))
        }
    }

    /// The ids from the first column's item down to an item, as the columns show them, but for
    /// the root a document or store puts above several top-level items (`.`, or `./`, `.//`…
    /// when an item has that id), which no item of the data has.
    private func idPath(to uuid: String) -> [String] {
        let column = view.focusedUUID == uuid ? view.focusedPosition?.column ?? 0 : 0
        var ids = Array(view.expandedPath.prefix(column)) + [uuid]
        if ids.count > 1, let top = ids.first, top.hasPrefix("."), top.dropFirst().allSatisfy({ $0 == "/" }) {
            ids.removeFirst()
        }
        return ids
    }

    /// An item's fields as a compact JSON object: id, title, subtitle, footnote, status, then
    /// its attributes by name.
    private func itemJSON(_ uuid: String) -> String {
        var fields: [(String, String)] = [("id", uuid)]
        if let node = dataSource?.node(for: uuid) {
            fields.append(("title", node.title))
            if let subtitle = node.subtitle { fields.append(("subtitle", subtitle)) }
            if let footnote = node.footnote { fields.append(("footnote", footnote)) }
            if let status = node.status { fields.append(("status", status)) }
            for (name, value) in node.attributes.sorted(by: { $0.key < $1.key })
            where !["id", "title", "subtitle", "footnote", "status"].contains(name) {
                fields.append((name, value))
            }
        } else if let title = view.cellForItem(with: uuid)?.title.visibleText {
            fields.append(("title", title))
        }
        return "{" + fields.map { DocumentJSON.quoted($0.0) + ":" + DocumentJSON.quoted($0.1) }.joined(separator: ",")
            + "}"
    }
}
