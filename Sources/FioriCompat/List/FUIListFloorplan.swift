import Foundation
import ListFloorplan

/// The Fiori list floorplan: a paginated, searchable list of business objects.
///
/// Platform independent: it wraps a `ListScreen` (which the terminal and web faces render) and
/// adds the Fiori-style cell binding, which fills a ``FUIObjectTableViewCell`` (or any
/// ``UITableViewCell``) for an entity.
///
/// ```swift
/// let floorplan = FUIListFloorplan<Product, ProductListReportSections>(viewModel: model)
/// floorplan.cellBinding = { tableView, indexPath, entity in
///     let cell = tableView.dequeueReusableCell(withIdentifier: FUIObjectTableViewCell.reuseIdentifier,
///                                              for: indexPath) as! FUIObjectTableViewCell
///     entity.bind(to: cell)
///     return cell
/// }
/// ```
@MainActor
open class FUIListFloorplan<
    Entity: Hashable & Identifiable,
    Section: CaseIterable & Hashable
> {
    /// The platform-independent screen the renderers draw.
    public let screen: ListScreen<Entity, Section>
    /// The table the cell binding dequeues cells from.
    public let tableView = UITableView()

    /// Creates a floorplan for a view model.
    ///
    /// - Parameter viewModel: The view model to show.
    public init(viewModel: FUIListViewModel<Entity, Section>) {
        screen = ListScreen(viewModel: viewModel)
        screen.emptyResultsText = { [weak self] search in
            guard let self else { return "" }
            let lines = self.emptyResultsView.textLines()
            return lines.isEmpty ? self.defaultEmptyResultsText(search) : lines.joined(separator: " ")
        }
        screen.didSelectHandler = { [weak self] path, entity in
            self?.didSelectRow(at: IndexPath(row: path.item, section: path.section), entity: entity)
        }
        _ = viewModel.addObserver { [weak self] _, _ in self?.applySnapshot() }
    }

    /// The table's data source (the document's "standard table view is implemented using
    /// `FUIEditableTableViewDiffableDataSource`"): its snapshot is the rows loaded so far, its
    /// cells come from `cellBinding`, and committing `.delete` on a row calls
    /// `deleteButtonDidTapHandler`.
    public private(set) lazy var dataSource: FUIEditableTableViewDiffableDataSource<Section, Entity> = {
        let source = FUIEditableTableViewDiffableDataSource<Section, Entity>(tableView: tableView) {
            [weak self] tableView, indexPath, entity in
            self?.cellBinding?(tableView, indexPath, entity)
        }
        source.deleteHandler = screen.deleteButtonDidTapHandler
        source.apply(currentSnapshot(), animatingDifferences: false)
        return source
    }()

    private func currentSnapshot() -> NSDiffableDataSourceSnapshot<Section, Entity> {
        let rows = screen.snapshot
        var snapshot = NSDiffableDataSourceSnapshot<Section, Entity>()
        snapshot.appendSections(rows.sections)
        for (section, items) in zip(rows.sections, rows.items) { snapshot.appendItems(items, toSection: section) }
        return snapshot
    }

    private func applySnapshot() {
        dataSource.apply(currentSnapshot())
    }

    private var defaultEmptyResultsText: @MainActor (String) -> String = { "No results found for “\($0)”" }
    private var customEmptyResultsView: UIView?

    /// The view model shown.
    public var viewModel: FUIListViewModel<Entity, Section> { screen.viewModel }

    /// Sets the search bar (when the view model allows search) and starts loading the first
    /// page (``loadTask``); a face calls it once, before the first frame. Override it as in
    /// UIKit, calling `super.viewDidLoad()`.
    open func viewDidLoad() {
        if viewModel.isSearchEnabled, searchBar == nil {
            let model = viewModel
            searchBar = FUISearchBar(
                placeholder: screen.searchPlaceholder,
                search: { text in model.updateSearchText(text) },
                current: { model.searchText })
        }
        loadTask = screen.viewDidLoad()
    }

    /// The first page's load, started by the last `viewDidLoad()`; await its `finish()` to
    /// know the page is shown.
    public private(set) var loadTask: ListTask?

    /// Runs `viewDidLoad()` and returns the load it started (the screen's own when an
    /// override did not call `super.viewDidLoad()`).
    ///
    /// - Returns: The started work.
    @discardableResult
    public func loadView() -> ListTask {
        loadTask = nil
        viewDidLoad()
        return loadTask ?? screen.viewDidLoad()
    }

    /// The Fiori search bar, set in `viewDidLoad()` when the view model allows search.
    public private(set) var searchBar: FUISearchBar?

    /// The view shown when a search finds nothing. By default a label saying so (with
    /// `emptyResultsText`); set any view (a `UILabel`, a composed `UIView`) to show it instead.
    open var emptyResultsView: UIView {
        get {
            if let customEmptyResultsView { return customEmptyResultsView }
            let label = UILabel()
            customEmptyResultsView = label
            return label
        }
        set { customEmptyResultsView = newValue }
    }

    /// The object that handles navigation when the user chooses a row.
    open var coordinator: (any FUICoordinator)?

    /// The column titles of the grid header above the list (grid table mode); empty for no
    /// header.
    open var gridRowHeaderItems: [FUIGridRowHeaderItem] = [] {
        didSet {
            gridHeader.items = gridRowHeaderItems
            if gridRowHeaderItems.isEmpty {
                screen.headerLine = nil
            } else {
                let header = gridHeader
                screen.headerLine = { @MainActor (width: Int) -> String in header.line(width: width) }
            }
        }
    }

    /// The header view drawn above the list from `gridRowHeaderItems`.
    public let gridHeader = FUIGridTableViewHeader()

    /// The user chose a row: tells the coordinator.
    ///
    /// - Parameters:
    ///   - indexPath: The row (section and row).
    ///   - entity: The entity shown there.
    open func didSelectRow(at indexPath: IndexPath, entity: Entity) {
        coordinator?.didSelect(entity, at: indexPath)
    }

    /// Debounce timing, in seconds, before a search request goes to the data loader.
    open var searchDebounceTiming: Double {
        get { screen.searchDebounceTiming }
        set { screen.searchDebounceTiming = newValue }
    }

    /// The placeholder of the search bar (shown when the view model allows search).
    open var searchPlaceholder: String {
        get { screen.searchPlaceholder }
        set { screen.searchPlaceholder = newValue }
    }

    /// The text shown when a search found nothing, given the search text (used while
    /// `emptyResultsView` is the default label without a text of its own).
    open var emptyResultsText: @MainActor (String) -> String {
        get { defaultEmptyResultsText }
        set { defaultEmptyResultsText = newValue }
    }

    /// An optional closure for handling tap action on the add button.
    open var addButtonDidTapHandler: (() -> Void)? {
        get { screen.addButtonDidTapHandler }
        set { screen.addButtonDidTapHandler = newValue }
    }

    /// An optional closure for handling tap action on the delete button.
    open var deleteButtonDidTapHandler: ((Section, Entity) -> Void)? {
        get { screen.deleteButtonDidTapHandler }
        set {
            screen.deleteButtonDidTapHandler = newValue
            dataSource.deleteHandler = newValue
        }
    }

    /// An optional closure configuring the cell bound to an entity.
    open var cellBinding: (@MainActor (UITableView, IndexPath, Entity) -> UITableViewCell?)? {
        didSet { bindCells() }
    }

    /// The cell the binding makes for the row at a path.
    ///
    /// - Parameter path: A row position in the screen's snapshot.
    /// - Returns: The bound cell, or `nil` without a binding or outside the rows.
    public func cell(at path: ListItemPath) -> UITableViewCell? {
        guard let cellBinding, let entity = screen.snapshot.item(at: path) else { return nil }
        return cellBinding(tableView, IndexPath(indexes: [path.section, path.item]), entity)
    }

    private func bindCells() {
        guard cellBinding != nil else {
            screen.cellBinding = nil
            return
        }
        screen.cellBinding = { [weak self] path, entity in
            self?.cell(at: path)?.listCellContent() ?? ListCellContent(headline: String(describing: entity))
        }
    }
}
