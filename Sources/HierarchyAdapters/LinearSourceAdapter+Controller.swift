import Foundation
import HierarchyKit
import HierarchySources

extension LinearHierarchyViewController {
    /// The linear face of a source: a controller whose containers are dynamic items read from
    /// the source (through a ``LinearSourceAdapter``) when they are expanded. Call
    /// ``load(startingAt:)`` before showing it.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - childLimit: The most children read for one item.
    ///   - layout: The axis and spacing.
    public convenience init(
        source: any HierarchySource, childLimit: Int = 10_000,
        collectionViewLayout layout: LinearHierarchyFlowLayout = LinearHierarchyFlowLayout()
    ) {
        self.init(collectionViewLayout: layout)
        childrenProvider = LinearSourceAdapter(source: source, childLimit: childLimit)
    }

    /// The adapter of a source's controller (`nil` for a controller of entries).
    public var sourceAdapter: LinearSourceAdapter? { childrenProvider as? LinearSourceAdapter }

    /// Reads the first item (the source's root, or `start`) and expands it, waiting for its
    /// children. A controller without a source is left as it is.
    ///
    /// - Parameter start: The id of an item to start at instead of the root.
    /// - Throws: The source's error when the first item cannot be read.
    public func load(startingAt start: String? = nil) async throws {
        guard let adapter = sourceAdapter else { return }
        let first: HierarchyNode?
        if let start {
            guard let node = try await adapter.source.node(withID: start) else {
                throw HierarchySourceError(.notFound, "no item \(start) in \(adapter.source.displayName)")
            }
            first = node
        } else {
            first = try await adapter.source.root()
        }
        let roots = first.map { [adapter.item(for: $0)] } ?? []
        do {
            try showRootItems(roots)
        } catch {
            throw HierarchySourceError(.malformed, error.description)
        }
        if let root = roots.first, root.isExpandable {
            collectionView.selectItem(at: IndexPath(indexes: [0, 0]))
            await settle()
        }
    }
}
