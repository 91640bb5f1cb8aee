/// A list floorplan independent of any platform: a view model plus what a renderer needs to draw it.
///
/// The screen holds the ``ListViewModel``, the texts of the search field and footer, the add and
/// delete handlers and a cell binding. The terminal and web faces render it: rows come from
/// ``snapshot`` and ``content(at:)``, the footer from ``footerText``; user input goes to the view
/// model (``ListViewModel/loadNextPage()``, ``ListViewModel/refresh()``,
/// ``ListViewModel/updateSearchText(_:)``) and to ``tapAdd()`` / ``tapDelete(at:)``.
@MainActor
public final class ListScreen<
    Entity: Identifiable & Equatable,
    Section: Hashable & CaseIterable
> {
    /// The view model shown.
    public let viewModel: ListViewModel<Entity, Section>

    /// The placeholder of the search field.
    public var searchPlaceholder = "Search"
    /// The footer text while a page loads.
    public var loadingText = "Loading…"
    /// The footer text once every section has been loaded to its end.
    public var noMoreEntriesText = "No more entries"
    /// The text shown when the unfiltered list is empty.
    public var noEntriesText = "No entries"
    /// The text shown when a search found nothing, given the search text.
    public var emptyResultsText: @MainActor (String) -> String = { "No results found for “\($0)”" }
    /// The footer text after a failed load, given the error message.
    public var errorText: @MainActor (String) -> String = { "Could not load entries: \($0)" }

    /// Called when the user taps the add button; the button shows only when this is set.
    public var addButtonDidTapHandler: (() -> Void)?
    /// Called when the user deletes a row, with its section and entity.
    public var deleteButtonDidTapHandler: ((Section, Entity) -> Void)?
    /// Makes the content of a row; without it a row shows the entity's description.
    public var cellBinding: ((ListItemPath, Entity) -> ListCellContent)?
    /// Called when the user chooses a row (Enter, a second click), with its path and entity.
    public var didSelectHandler: ((ListItemPath, Entity) -> Void)?
    /// A header line drawn above the rows (a grid's column titles), given the width in
    /// characters; `nil` for no header line.
    public var headerLine: (@MainActor (Int) -> String)?

    /// Creates a screen.
    ///
    /// - Parameter viewModel: The view model to show.
    public init(viewModel: ListViewModel<Entity, Section>) {
        self.viewModel = viewModel
    }

    /// The debounce of the search field, in seconds (negative or non-finite values mean 0).
    public var searchDebounceTiming: Double {
        get {
            let parts = viewModel.searchDebounceTiming.components
            return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
        set {
            viewModel.searchDebounceTiming = newValue.isFinite && newValue > 0 ? .seconds(newValue) : .zero
        }
    }

    /// Whether a search field shows.
    public var isSearchBarShown: Bool { viewModel.isSearchEnabled }
    /// Whether an add button shows.
    public var isAddButtonShown: Bool { addButtonDidTapHandler != nil }
    /// Whether rows can be deleted.
    public var isDeleteEnabled: Bool { deleteButtonDidTapHandler != nil }
    /// The rows shown, section by section.
    public var snapshot: ListSnapshot<Entity, Section> { viewModel.snapshot }

    /// Loads the first page; call when the screen first shows.
    ///
    /// - Returns: The started work.
    @discardableResult
    public func viewDidLoad() -> ListTask {
        viewModel.fetchListData()
    }

    /// The content of the row at a path.
    ///
    /// - Parameter path: A row position in ``snapshot``.
    /// - Returns: The content, or `nil` if no row is there.
    public func content(at path: ListItemPath) -> ListCellContent? {
        guard let entity = snapshot.item(at: path) else { return nil }
        if let cellBinding { return cellBinding(path, entity) }
        return ListCellContent(headline: String(describing: entity))
    }

    /// The text the footer shows, if any.
    public var footerText: String? {
        switch viewModel.footer {
        case .none: nil
        case .loading: loadingText
        case .noResults(let text): emptyResultsText(text)
        case .noEntries: noEntriesText
        case .noMoreEntries: noMoreEntriesText
        case .error(let message): errorText(message)
        }
    }

    /// The user tapped the add button.
    ///
    /// - Returns: Whether a handler was called.
    @discardableResult
    public func tapAdd() -> Bool {
        guard let addButtonDidTapHandler else { return false }
        addButtonDidTapHandler()
        return true
    }

    /// The user chose the row at a path.
    ///
    /// - Parameter path: A row position in ``snapshot``.
    /// - Returns: Whether a handler was called (`false` without a handler or outside the rows).
    @discardableResult
    public func tapRow(at path: ListItemPath) -> Bool {
        guard let didSelectHandler, let entity = snapshot.item(at: path) else { return false }
        didSelectHandler(path, entity)
        return true
    }

    /// The user deleted the row at a path.
    ///
    /// - Parameter path: A row position in ``snapshot``.
    /// - Returns: Whether a handler was called (`false` without a handler or outside the rows).
    @discardableResult
    public func tapDelete(at path: ListItemPath) -> Bool {
        let snapshot = snapshot
        guard let deleteButtonDidTapHandler, let entity = snapshot.item(at: path) else { return false }
        deleteButtonDidTapHandler(snapshot.sections[path.section], entity)
        return true
    }
}
