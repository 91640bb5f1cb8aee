import HierarchyAdapters
import HierarchySources
import ListFloorplan

/// A hierarchy screen with a global search over it: ``presentSearch()`` (the run loop's `onSearch`
/// for `/`) shows a ``ListBrowser`` over the whole hierarchy in place of the screen; choosing a
/// result closes the list and reveals the item in the columns
/// (`HierarchySourceDataSource.reveal(id:)`); Esc closes the list and leaves the columns as they
/// were.
@MainActor
public final class GlobalSearchScreen: TerminalScreen {
    /// The screen searched (the column or table browser).
    public let base: any TerminalScreen
    /// The data source of the columns, which reveals the chosen item.
    public let dataSource: HierarchySourceDataSource
    /// The list shown while searching, if any.
    public private(set) var list: ListBrowser<HierarchyListItem, HierarchyListSection>?
    /// The reveal of the last chosen item, while it runs or after it finished.
    public private(set) var reveal: Task<Void, Never>?
    /// Makes the list; called each time the search opens.
    public var makeList:
        @MainActor (_ columns: Int, _ rows: Int) -> ListBrowser<HierarchyListItem, HierarchyListSection>

    private var columns = 80
    private var rows = 24
    private var redrawHandler: (() -> Void)?
    /// Listens to the source while the list is open (see ``presentSearch()``).
    private var follow: Task<Void, Never>?

    /// Creates a searchable screen.
    ///
    /// - Parameters:
    ///   - base: The screen searched.
    ///   - dataSource: Its data source.
    ///   - title: The name on the search line.
    ///   - palette: The styles of the list.
    ///   - clock: The clock of the list's debounce.
    public init(
        base: any TerminalScreen, dataSource: HierarchySourceDataSource, title: String,
        palette: BrowserPalette = .horizon, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.base = base
        self.dataSource = dataSource
        let query = HierarchyListQuery(source: dataSource.source)
        self.makeList = { columns, rows in
            ListBrowser.hierarchy(query, title: title, palette: palette, columns: columns, rows: rows, clock: clock)
        }
    }

    /// Opens the search list over the screen.
    ///
    /// Results of a document still being read keep arriving as the read goes on (see
    /// `HierarchyListQuery.searchBatches(_:in:)`); when the source starts over (`.reset`: a
    /// document read again as its structure), the list asks again.
    public func presentSearch() {
        guard list == nil else { return }
        let list = makeList(columns, rows)
        list.setRedrawHandler(redrawHandler)
        list.start()
        self.list = list
        let changes = dataSource.source.changes()
        follow = Task { [weak list] in
            for await change in changes {
                guard case .reset = change else { continue }
                list?.viewModel.refresh()
            }
        }
    }

    // MARK: TerminalScreen

    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        guard let list else { return base.handle(events) }
        let commands = list.handle(events)
        guard commands.contains(.quit) else { return commands }
        self.list = nil
        follow?.cancel()
        follow = nil
        list.setRedrawHandler(nil)
        if let chosen = list.chosen {
            let dataSource = self.dataSource
            reveal = Task { [weak self] in
                do {
                    try await dataSource.reveal(id: chosen.id)
                } catch {
                    let sourceError =
                        error as? HierarchySourceError
                        ?? HierarchySourceError(.io, "cannot show \(chosen.node.title): \(error)")
                    dataSource.reportError(sourceError)
                }
                self?.redrawHandler?()
            }
        }
        return commands.filter { $0 != .quit }
    }

    public func render() -> ScreenBuffer {
        list?.render() ?? base.render()
    }

    public func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        base.resize(columns: columns, rows: rows)
        list?.resize(columns: columns, rows: rows)
    }

    public var cursorPosition: (x: Int, y: Int)? {
        list == nil ? base.cursorPosition : nil
    }

    public var redrawDeadline: ContinuousClock.Instant? {
        list?.redrawDeadline ?? base.redrawDeadline
    }

    public func setRedrawHandler(_ handler: (() -> Void)?) {
        redrawHandler = handler
        base.setRedrawHandler(handler)
        list?.setRedrawHandler(handler)
    }
}
