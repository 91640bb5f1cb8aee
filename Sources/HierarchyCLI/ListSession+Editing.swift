import Foundation
import HierarchySources
import ListFloorplan
import Synchronization
import TerminalUI

/// The walk behind `hierarchy list`, started again when the source changes: the list's pages
/// always come from the newest walk, so a refresh after a change shows the data as it is now.
final class ListWalk: Sendable {
    let source: any HierarchySource
    private let current: Mutex<HierarchyListQuery>

    init(_ source: any HierarchySource) {
        self.source = source
        current = Mutex(HierarchyListQuery(source: source))
    }

    /// Forgets the walk so far; the next page starts a new one.
    func restart() {
        current.withLock { $0 = HierarchyListQuery(source: source) }
    }

    /// Pages of the current walk, or search results in batches as they are found (a `nil` range
    /// reads at most `HierarchyListQuery.exhaustiveLimit` items).
    var loader: DataLoader<HierarchyListItem> {
        DataLoader(streaming: { [self] range, searchString in
            current.withLock { $0 }.batches(searchString, in: range)
        })
    }
}

extension ListSession {
    /// Refreshes the list whenever the source reports a change (by this process or another),
    /// keeping the selection on the same item; says "reconnecting…" while a server is away, and
    /// how far a document still being read has come ("reading 12.3 MB of 25.9 MB").
    ///
    /// - Returns: The task listening; cancel it when the list closes.
    static func followChanges(
        of source: any HierarchySource, walk: ListWalk, list: ListBrowser<HierarchyListItem, HierarchyListSection>
    )
        -> Task<Void, Never>
    {
        Task { @MainActor [weak list] in
            for await change in source.changes() {
                guard let list else { return }
                // A document still being read: say how far (the rows come with `.appended`).
                if case .progress(let note) = change {
                    list.show(message: note ?? "read \(source.displayName)")
                    continue
                }
                if case .connection(let available) = change {
                    list.show(message: available ? "connected again" : "reconnecting…")
                    if !available { continue }
                }
                walk.restart()
                list.viewModel.refresh()
            }
        }
    }

    /// Adds the `+` (add an item under the list's top item, asking its title) and Delete (with a
    /// confirmation) handlers when the source is an editable store.
    static func attachEditing(
        to list: ListBrowser<HierarchyListItem, HierarchyListSection>, resolved: SourceResolver.Resolved
    ) async {
        guard let editable = resolved.source as? any HierarchyEditableSource else { return }
        var scope = resolved.startID
        if scope == nil { scope = (try? await editable.root())?.id }
        guard let scopeID = scope else { return }
        let scopeTitle = (try? await editable.node(withID: scopeID))?.title ?? scopeID
        list.screen.addButtonDidTapHandler = { [weak list] in
            list?.ask("Title of the new item under “\(scopeTitle)”:") { title in
                guard let title, !title.trimmingCharacters(in: .whitespaces).isEmpty else { return }
                Task { @MainActor in
                    do {
                        let node = try await editable.addItem(parentID: scopeID, title: title, id: nil, position: nil)
                        list?.show(message: "added “\(node.title)”")
                    } catch {
                        list?.show(message: describe(error))
                    }
                }
            }
        }
        list.screen.deleteButtonDidTapHandler = { [weak list] _, item in
            let node = item.node
            list?.confirm("Delete “\(node.title)” and everything under it? (y/n)") { yes in
                guard yes else {
                    list?.show(message: "nothing deleted")
                    return
                }
                Task { @MainActor in
                    do {
                        let count = try await editable.deleteItem(id: node.id)
                        list?.show(message: count == 1 ? "deleted 1 item" : "deleted \(count) items")
                    } catch {
                        list?.show(message: describe(error))
                    }
                }
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? HierarchySourceError)?.message ?? String(describing: error)
    }
}
