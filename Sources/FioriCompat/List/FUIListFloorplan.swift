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
    Entity: Hashable & Identifiable & Sendable,
    Section: CaseIterable & Hashable & Sendable
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
    }

    private var defaultEmptyResultsText: @MainActor (String) -> String = { "No results found for “\($0)”" }
    private var customEmptyResultsView: UIView?

    /// The view model shown.
    public var viewModel: FUIListViewModel<Entity, Section> { screen.viewModel }

    /// Loads the first page; call when the floorplan first shows.
    ///
    /// - Returns: The started work.
    @discardableResult
    open func viewDidLoad() -> ListTask {
        if viewModel.isSearchEnabled, searchBar == nil {
            let model = viewModel
            searchBar = FUISearchBar(
                placeholder: screen.searchPlaceholder,
                search: { text in model.updateSearchText(text) },
                current: { model.searchText })
        }
        return screen.viewDidLoad()
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
        set { screen.deleteButtonDidTapHandler = newValue }
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
