import Foundation

/// Provides the sections, items and cells of a `LinearHierarchyCollectionView`.
///
/// The controller is the default data source; a host that sets itself instead forwards what it
/// does not change to the controller (the "Spacecraft" example of the documentation).
@MainActor
public protocol LinearHierarchyCollectionViewDataSource: AnyObject {
    /// The number of sections (default: the controller's).
    func numberOfSections(in collectionView: LinearHierarchyCollectionView) -> Int
    /// The number of items of a section.
    func collectionView(_ collectionView: LinearHierarchyCollectionView, numberOfItemsInSection section: Int) -> Int
    /// The configured cell of an item.
    func collectionView(_ collectionView: LinearHierarchyCollectionView, cellForItemAt indexPath: IndexPath)
        -> LinearHierarchyCell
}

/// Told about selections, and asked for item sizes.
@MainActor
public protocol LinearHierarchyCollectionViewDelegate: AnyObject {
    /// The user chose an item (default: the controller expands, collapses or selects it).
    func collectionView(_ collectionView: LinearHierarchyCollectionView, didSelectItemAt indexPath: IndexPath)
    /// The size of an item (default: the controller's, which is the item's own size or the
    /// layout's `itemSize`).
    func collectionView(
        _ collectionView: LinearHierarchyCollectionView, layout: LinearHierarchyFlowLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> LinearSize
}

extension LinearHierarchyCollectionViewDataSource {
    public func numberOfSections(in collectionView: LinearHierarchyCollectionView) -> Int {
        guard let controller = collectionView.controller, controller !== self else { return 1 }
        return controller.numberOfSections(in: collectionView)
    }
}

extension LinearHierarchyCollectionViewDelegate {
    public func collectionView(_ collectionView: LinearHierarchyCollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let controller = collectionView.controller, controller !== self else { return }
        controller.collectionView(collectionView, didSelectItemAt: indexPath)
    }

    public func collectionView(
        _ collectionView: LinearHierarchyCollectionView, layout: LinearHierarchyFlowLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> LinearSize {
        guard let controller = collectionView.controller, controller !== self else { return layout.itemSize }
        return controller.collectionView(collectionView, layout: layout, sizeForItemAt: indexPath)
    }
}

/// The collection a `LinearHierarchyViewController` shows: it asks its data source for the
/// sections, items and cells, its delegate for sizes, and hands out reusable cells.
///
/// Renderers (the terminal's `LinearCollectionScreen`) read it through `sections()` and send
/// the user's choice to `selectItem(at:)`.
@MainActor
public final class LinearHierarchyCollectionView {
    /// The data source (the controller unless a host sets itself).
    public weak var dataSource: (any LinearHierarchyCollectionViewDataSource)?
    /// The delegate (the controller unless a host sets itself).
    public weak var delegate: (any LinearHierarchyCollectionViewDelegate)?
    /// The layout.
    public let collectionViewLayout: LinearHierarchyFlowLayout
    /// The visible area, in the renderer's units.
    public var frame = LinearRect(x: 0, y: 0, width: 0, height: 0)
    /// The controller the collection belongs to.
    public internal(set) weak var controller: LinearHierarchyViewController?
    /// Called when the content changed (a selection expanded or collapsed the path).
    public var setNeedsDisplayHandler: (() -> Void)?

    private var registered: [String: LinearHierarchyCell.Type] = [:]
    private var waiting: [String: [LinearHierarchyCell]] = [:]

    init(layout: LinearHierarchyFlowLayout) {
        collectionViewLayout = layout
    }

    /// Registers a cell class for a reuse identifier.
    public func register(_ cellClass: LinearHierarchyCell.Type, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
        waiting[identifier] = nil
    }

    /// Whether a cell class is registered for the identifier.
    public func hasRegisteredClass(forCellWithReuseIdentifier identifier: String) -> Bool {
        registered[identifier] != nil
    }

    /// A cell of the class registered for the identifier (`LinearHierarchyCell` if none), reused
    /// when one is free.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> LinearHierarchyCell
    {
        if let cell = waiting[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        let cell = (registered[identifier] ?? LinearHierarchyCell.self).init()
        cell.reuseIdentifier = identifier
        return cell
    }

    /// Hands the cells of a finished frame back for reuse.
    public func recycle(_ cells: [LinearHierarchyCell]) {
        for cell in cells {
            waiting[cell.reuseIdentifier ?? "", default: []].append(cell)
        }
    }

    /// The number of sections, from the data source.
    public var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }

    /// The number of items of a section, from the data source.
    public func numberOfItems(inSection section: Int) -> Int {
        max(0, dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0)
    }

    /// One section as a renderer draws it: each item's cell and size.
    public struct Section {
        /// The section's cells, in item order.
        public var cells: [LinearHierarchyCell]
        /// The size of each cell, in item order.
        public var sizes: [LinearSize]
    }

    /// Every section's cells and sizes, asked from the data source and the delegate.
    ///
    /// - Complexity: O(n) data source calls for n items shown.
    public func sections() -> [Section] {
        guard let dataSource else { return [] }
        return (0..<numberOfSections).map { section in
            let count = numberOfItems(inSection: section)
            var cells: [LinearHierarchyCell] = []
            var sizes: [LinearSize] = []
            for item in 0..<count {
                let path = IndexPath(indexes: [section, item])
                cells.append(dataSource.collectionView(self, cellForItemAt: path))
                sizes.append(
                    delegate?.collectionView(self, layout: collectionViewLayout, sizeForItemAt: path)
                        ?? collectionViewLayout.itemSize)
            }
            return Section(cells: cells, sizes: sizes)
        }
    }

    /// The user chose the item at a path: tells the delegate.
    public func selectItem(at indexPath: IndexPath) {
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        setNeedsDisplayHandler?()
    }

    /// Asks everything again at the next frame.
    public func reloadData() {
        setNeedsDisplayHandler?()
    }
}
