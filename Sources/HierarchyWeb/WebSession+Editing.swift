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
    ///   table of the user's own), 404 for an unknown item, 409 for a refused edit (the top
    ///   item), 502 when the store fails.
    nonisolated(nonsending) func applyEdit(_ action: WebAction) async throws(WebError) -> String? {
        guard let editable = dataSource?.source as? any HierarchyEditableSource else {
            throw WebError(405, "this hierarchy cannot be edited")
        }
        do {
            switch action {
            case .add(let parentID, let title):
                let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw WebError.badRequest("the title must not be empty") }
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
            default: throw WebError(502, error.message)
            }
        } catch {
            throw WebError(502, "\(error)")
        }
        return nil
    }
}
