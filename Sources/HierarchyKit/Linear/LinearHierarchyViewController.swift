import Foundation

/// Names the cell class and reuse identifier a `LinearHierarchyViewController` uses
/// (`CBLinearHierarchyCellManagerProtocol`).
@MainActor
public protocol LinearHierarchyCellManager: AnyObject {
    /// The reuse identifier of the hierarchy's cells.
    func cellReuseIdentifierForHierarchyNavigator() -> String
    /// Registers the cell class on the controller's collection view, as the original
    /// `- (void) registerClassForCBLinearHierarchyCell` does:
    /// `lhVC.collectionView.register(MyCell.self, forCellWithReuseIdentifier: identifier)`.
    /// Called when the manager is set as `lhCellManagerDelegate`.
    func registerClassForCBLinearHierarchyCell()
    /// The cell class, for a manager that names it instead of registering it; registered for
    /// the reuse identifier when `registerClassForCBLinearHierarchyCell()` registered nothing.
    func registerClassForCBLinearHierarchyCell() -> LinearHierarchyCell.Type
}

extension LinearHierarchyCellManager {
    /// Registers nothing: the manager names its class with the other form.
    public func registerClassForCBLinearHierarchyCell() {}

    /// `LinearHierarchyCell`: the manager registers its class itself.
    public func registerClassForCBLinearHierarchyCell() -> LinearHierarchyCell.Type { LinearHierarchyCell.self }
}

/// The controller of a linear hierarchy (`CBLinearHierarchyViewController`): it owns a
/// `LinearHierarchy` and a collection view, and is the collection's data source and delegate
/// unless a host sets itself (and forwards to it).
///
/// A selection expands the item (its siblings leave, its children become a new section),
/// collapses to an active ancestor, or selects a leaf; `lastUpdate` says what changed.
@MainActor
open class LinearHierarchyViewController: LinearHierarchyCollectionViewDataSource, LinearHierarchyCollectionViewDelegate
{
    /// The collection the renderers draw.
    public let collectionView: LinearHierarchyCollectionView
    /// The model: the user's path through the hierarchy.
    public internal(set) var hierarchy: LinearHierarchy
    /// The change the last selection made (sections and items removed and inserted).
    public internal(set) var lastUpdate: LinearHierarchyUpdate?
    /// The item selected last (a leaf the user chose).
    public internal(set) var selectedItem: LinearHierarchyItem?
    /// The error of the last `hierarchyItems` that could not be read (the hierarchy is then
    /// empty).
    public private(set) var hierarchyItemsError: LinearHierarchyError?
    /// Reads the children of dynamic items when they are expanded (the controller of a source
    /// has one); without it a host provides them, as the "Spacecraft" example does.
    public var childrenProvider: (any LinearHierarchyChildrenProvider)?
    /// The errors of the loads not shown yet (a face drains them for its status line).
    public internal(set) var errors = HierarchyErrorQueue()
    /// What the last load left to say (children left out past the provider's limit), until a
    /// face takes it with ``takeNotice()``.
    public internal(set) var notice: String?
    /// The children loads under way, by ticket.
    var loads: [Int: Task<Void, Never>] = [:]
    var nextLoad = 0

    /// Names the cell class and reuse identifier; registering happens when it is set.
    public weak var lhCellManagerDelegate: (any LinearHierarchyCellManager)? {
        didSet {
            if let manager = lhCellManagerDelegate {
                let identifier = manager.cellReuseIdentifierForHierarchyNavigator()
                let () = manager.registerClassForCBLinearHierarchyCell()
                if !collectionView.hasRegisteredClass(forCellWithReuseIdentifier: identifier) {
                    let cellClass: LinearHierarchyCell.Type = manager.registerClassForCBLinearHierarchyCell()
                    collectionView.register(cellClass, forCellWithReuseIdentifier: identifier)
                }
            }
        }
    }
    /// The background of cells that are not active.
    open var normalLHCellColor: ThemeColor? = ThemeColor(red: 85, green: 85, blue: 85)
    /// The background of the active ancestors on the path.
    open var activeLHCellColor: ThemeColor? = ThemeColor(red: 128, green: 0, blue: 128)

    /// A controller with a flow layout.
    public init(collectionViewLayout layout: LinearHierarchyFlowLayout) {
        collectionView = LinearHierarchyCollectionView(layout: layout)
        hierarchy = (try? LinearHierarchy(items: [])) ?? Self.emptyHierarchy()
        collectionView.controller = self
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    /// Whether `viewDidLoad()` has run.
    public private(set) var isViewLoaded = false

    /// Called once when a face shows the controller (`TerminalBrowser.run(_:)`, a web session),
    /// before its first frame; set up the hierarchy or register cells here.
    open func viewDidLoad() {}

    /// Runs `viewDidLoad()` once.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
    }

    private static func emptyHierarchy() -> LinearHierarchy {
        // An empty item list is always valid.
        try! LinearHierarchy(items: [])
    }

    /// The hierarchy's entries, as read from a property list or JSON (an array of entries, or
    /// `{"root": [...]}`); setting them starts again at the top level. Entries that cannot be
    /// read leave the hierarchy empty and set `hierarchyItemsError`.
    open var hierarchyItems: Any? {
        didSet {
            lastUpdate = nil
            selectedItem = nil
            defer { collectionView.reloadData() }
            guard let hierarchyItems else {
                hierarchy = Self.emptyHierarchy()
                hierarchyItemsError = nil
                return
            }
            do {
                hierarchy = try LinearHierarchy(propertyList: hierarchyItems)
                hierarchyItemsError = nil
            } catch {
                hierarchy = Self.emptyHierarchy()
                hierarchyItemsError = error
            }
        }
    }

    /// The items of the current (last) level.
    public var currentItems: [LinearHierarchyItem] { hierarchy.currentItems }
    /// How deep the user is: 0 at the top level.
    public var hierarchyLevel: Int { hierarchy.level }

    /// The item shown at a path, if any.
    public func item(at indexPath: IndexPath) -> LinearHierarchyItem? {
        guard indexPath.count == 2 else { return nil }
        return hierarchy.item(at: LinearIndexPath(section: indexPath[0], item: indexPath[1]))
    }

    // MARK: Data source

    open func numberOfSections(in collectionView: LinearHierarchyCollectionView) -> Int {
        hierarchy.numberOfSections
    }

    open func collectionView(_ collectionView: LinearHierarchyCollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        hierarchy.numberOfItems(inSection: section)
    }

    open func collectionView(_ collectionView: LinearHierarchyCollectionView, cellForItemAt indexPath: IndexPath)
        -> LinearHierarchyCell
    {
        let identifier = lhCellManagerDelegate?.cellReuseIdentifierForHierarchyNavigator() ?? "CBLinearHierarchyCell"
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        guard let item = item(at: indexPath) else { return cell }
        let active = hierarchy.activeItemIDs.contains(item.id)
        cell.title = item.name
        cell.isActive = active
        cell.backgroundColor = active ? activeLHCellColor : normalLHCellColor
        return cell
    }

    // MARK: Delegate

    /// Expands, collapses or selects the item, as the model decides.
    open func collectionView(_ collectionView: LinearHierarchyCollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let item = item(at: indexPath) else { return }
        let action = hierarchy.tap(itemID: item.id)
        if let update = action.update { lastUpdate = update }
        if case .selected = action { selectedItem = item }
        if case .needsChildren(let request, _) = action { loadChildren(request, of: item) }
    }

    /// The item's own size, or the layout's `itemSize`.
    open func collectionView(
        _ collectionView: LinearHierarchyCollectionView, layout: LinearHierarchyFlowLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> LinearSize {
        item(at: indexPath)?.size ?? layout.itemSize
    }
}
