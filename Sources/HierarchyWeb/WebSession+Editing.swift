import Foundation
import HierarchySources

extension WebSession {
    /// Whether the session shows an editable store and the server allows edits (the page's add
    /// and delete buttons show).
    var isEditable: Bool { allowsEdits && dataSource?.source is any HierarchyEditableSource }

    /// Applies `add` (an item titled as given, appended under a parent) or `delete` (an item with
    /// its subtree) to the store the session shows. The view is not changed here: the store's
    /// change reaches every session showing the parent, this one included, through the data
    /// source's change stream, keeping focus and scroll position.
    ///
    /// - Returns: the change made, for the server's log (the answer is the snapshot, which shows
    ///   the change once it arrives).
    /// - Throws: `WebError` 403 when the server does not allow edits (the default: `serve` without
    ///   `--allow-edits`), 405 when the hierarchy cannot be edited (a document, a directory, a
    ///   table of the user's own), 400 for an empty title or one with a control character, or an
    ///   edit the store refuses as malformed, 404 for an unknown item, 409 for a refused edit (the
    ///   top item), 502 when the store fails. Answers carry the server's own messages; what the
    ///   store said is logged on standard error.
    nonisolated(nonsending) func applyEdit(_ action: WebAction) async throws(WebError) -> WebEdit? {
        guard allowsEdits else {
            throw WebError(403, "this server is read-only: it does not allow adding or deleting items")
        }
        guard let editable = dataSource?.source as? any HierarchyEditableSource else {
            throw WebError(405, "this hierarchy cannot be edited")
        }
        do {
            switch action {
            case .add(let parentID, let title):
                let trimmed = try Self.checkedTitle(title)
                let added = try await editable.addItem(parentID: parentID, title: trimmed, id: nil, position: nil)
                return WebEdit(action: "add", fields: [("id", added.id), ("parent", parentID)])
            case .delete(let id):
                let count = try await editable.deleteItem(id: id)
                return WebEdit(action: "delete", fields: [("id", id), ("items", String(count))])
            default:
                return nil
            }
        } catch let error as WebError {
            throw error
        } catch let error as HierarchySourceError {
            switch error.code {
            case .notFound: throw WebError.notFound(error.message)
            case .unsupported, .cycle, .duplicateID: throw WebError(409, error.message)
            case .malformed:
                WebError.log("the store refused an edit: \(error.message)")
                throw WebError.badRequest("the store refused the edit as malformed")
            default:
                WebError.log("the store failed: \(error.message)")
                throw WebError(502, "the store failed to make the change")
            }
        } catch {
            WebError.log("the store failed: \(error)")
            throw WebError(502, "the store failed to make the change")
        }
    }

    /// A new item's title without surrounding white space.
    ///
    /// - Throws: `WebError` 400 for a title that is empty, or that holds a control character
    ///   (U+0000–U+001F, U+007F–U+009F: a NUL would end the title in a store that keeps text as C
    ///   strings, and the page's one-line field never types any).
    static func checkedTitle(_ title: String) throws(WebError) -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw WebError.badRequest("the title must not be empty") }
        for (offset, scalar) in trimmed.unicodeScalars.enumerated() where scalar.properties.generalCategory == .control
        {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw WebError.badRequest(
                "the title must not contain control characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(offset + 1))"
            )
        }
        return trimmed
    }
}

/// One change made through the page, as the server logs it: one line of the time (ISO 8601,
/// UTC), the client's address, the action and the ids, each id quoted as a JSON string (so
/// no id can break the line or pass for another field).
struct WebEdit: Sendable {
    /// `add` or `delete`.
    var action: String
    /// `id` (the new or deleted item), `parent`, `items` (how many were deleted).
    var fields: [(name: String, value: String)]

    /// `2026-11-28T03:14:07Z 127.0.0.1:52144 add id="n9" parent="plant"`.
    func line(client: String, at date: Date = Date()) -> String {
        let time = date.formatted(.iso8601)
        let shown = fields.map { field in
            field.name == "items" ? "items=\(field.value)" : "\(field.name)=\(Self.quoted(field.value))"
        }
        return ([time, client, action] + shown).joined(separator: " ")
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped, cut at
    /// 200 characters.
    static func quoted(_ value: String) -> String {
        let cut = value.count > 200 ? String(value.prefix(200)) + "…" : value
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let data = try? encoder.encode(cut) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
