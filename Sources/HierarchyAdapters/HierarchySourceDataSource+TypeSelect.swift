import HierarchyKit
import HierarchySources

extension HierarchySourceDataSource: HierarchyViewChildFinder {
    /// Type-select over every child: the source searches the titles (one query in a store,
    /// pages of children otherwise). A failed search is reported like any other source error.
    nonisolated(nonsending) public func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildWithTitlePrefix prefix: String,
        inParentWith parentUUID: String, from index: Int
    ) async -> Int? {
        let source = self.source
        do {
            return try await source.indexOfChild(ofID: parentUUID, titlePrefix: prefix, from: index)
        } catch is CancellationError {
            return nil
        } catch {
            reportError(
                error as? HierarchySourceError
                    ?? HierarchySourceError(.io, "searching the children of \(parentUUID): \(error)"))
            return nil
        }
    }
}
