import Foundation
import HierarchySources

extension WebSession {
    /// Whether the session shows an editable store (the page's add and delete buttons work).
    var isEditable: Bool { dataSource?.source is any HierarchyEditableSource }

    /// Applies `add` (an item titled as given, appended under a parent) or `delete` (an item with
    /// its subtree) to the store the session shows. The view is not changed here: the store's
    /// change reaches every session showing the parent, this one included, through the data
    /// source's change stream, keeping focus and scroll position.
    ///
    /// - Returns: `nil` (the answer is the snapshot, which shows the change once it arrives).
    /// - Throws: `WebError` 405 when the hierarchy cannot be edited (a document, a directory, a
    ///   table of the user's own), 400 for an empty title or one with a control character, or an
    ///   edit the store refuses as malformed, 404 for an unknown item, 409 for a refused edit (the
    ///   top item), 502 when the store fails. Answers carry the server's own messages; what the
    ///   store said is logged on standard error.
    nonisolated(nonsending) func applyEdit(_ action: WebAction) async throws(WebError) -> String? {
        guard let editable = dataSource?.source as? any HierarchyEditableSource else {
            throw WebError(405, "this hierarchy cannot be edited")
        }
        do {
            switch action {
            case .add(let parentID, let title):
                let trimmed = try Self.checkedTitle(title)
                _ = try await editable.addItem(parentID: parentID, title: trimmed, id: nil, position: nil)
            case .delete(let id):
                _ = try await editable.deleteItem(id: id)
            default:
                break
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
        return nil
    }

    /// A new item's title without surrounding white space.
    ///
    /// - Throws: `WebError` 400 for a title that is empty, or that holds a control character
    ///   (U+0000–U+001F, U+007F–U+009F: a NUL would end the title in a store that keeps text as C
    ///   strings, and the page's one-line field never types any).
    static func checkedTitle(_ title: String) throws(WebError) -> String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw WebError.badRequest("the title must not be empty") }
        for (offset, scalar) in trimmed.unicodeScalars.enumerated() where scalar.properties.generalCategory == .control {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw WebError.badRequest(
                "the title must not contain control characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(offset + 1))")
        }
        return trimmed
    }
}
