import Foundation
import ListFloorplan

/// The terminal face of the list floorplan: a search field, the rows of a `ListScreen` bound by
/// its cell binding, a footer (loading, end of list, errors with retry) and a key line.
///
/// Typing edits the search field (debounced by the view model's clock; each key drops the search in
/// flight, and a streaming loader's results show in batches while it runs); Ctrl-S searches
/// exhaustively (every result, not a page at a time); ↑ ↓ PgUp PgDn Home End and
/// the mouse wheel move the selection, a click selects (a second click chooses), Enter chooses the
/// selected item, Esc closes. Ctrl-R refreshes, `r` retries after an error, `+` and Delete call the
/// add and delete handlers, `q` closes and `?` shows the keys while the search field is empty,
/// Ctrl-C always closes. When the selection reaches the last loaded item the next page loads. Rows keep the selection on the
/// same item (by identity) when pages arrive or the list refreshes.
///
/// The browser never writes to the terminal; it draws into a ``ScreenBuffer`` on ``render()`` and
/// asks for a redraw through the handler of ``setRedrawHandler(_:)`` when the list changes.
@MainActor
public final class ListBrowser<
    Entity: Identifiable & Equatable,
    Section: Hashable & CaseIterable
>: TerminalScreen {
    /// The floorplan shown.
    public let screen: ListScreen<Entity, Section>
    /// The name shown at the trailing end of the search line.
    public var title: String
    /// The styles.
    public var palette: BrowserPalette
    /// Called when the user chooses an item (Enter, or a click on the selected row).
    public var onChoose: ((Entity) -> Void)?
    /// Whether choosing an item also closes the list (default `true`).
    public var closesOnChoose = true
    /// The width in character cells.
    public private(set) var columns: Int
    /// The height in lines.
    public private(set) var rows: Int
    /// The flat position of the selected row (over all sections), or `nil` while the list is empty.
    public private(set) var selection: Int?
    /// The flat position of the first row drawn.
    public private(set) var top = 0
    /// The item the user chose, if any.
    public private(set) var chosen: Entity?
    /// The key line's message, the help and the too-small screen (see ``ScreenChrome``).
    public internal(set) var chrome: ScreenChrome
    /// Whether the help overlay is shown.
    public var showsHelp: Bool { chrome.showsHelp }
    /// A transient message on the key line (a handler's answer), until the next key or
    /// ``ScreenChrome/noticeLifetime``.
    public internal(set) var message: String? {
        get { chrome.message?.text }
        set { chrome.message = newValue.map { ($0, false) } }
    }
    /// The frame of the loading footer's spinner (advanced by the run loop's ticks).
    public internal(set) var spinnerFrame = 0
    /// The question open on the key line (see `ListBrowser+Prompt`); keys go to it.
    public internal(set) var prompt: ListPrompt?
    /// The work started by the last input (loads, debounces); tests await it.
    public private(set) var pendingWork: [ListTask] = []

    var selectedID: Entity.ID?
    private var redrawHandler: (() -> Void)?
    private var observer: Int?
    private var didLoad = false

    /// The number of lines a row takes (headline, then subheadline and footnote).
    static var linesPerRow: Int { 2 }

    /// Creates a list browser.
    ///
    /// - Parameters:
    ///   - screen: The floorplan to show.
    ///   - title: The name at the trailing end of the search line.
    ///   - palette: The styles.
    ///   - columns: The width.
    ///   - rows: The height.
    ///   - now: The clock messages on the key line expire by.
    public init(
        screen: ListScreen<Entity, Section>, title: String = "", palette: BrowserPalette = .horizon,
        columns: Int = 80, rows: Int = 24, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.screen = screen
        chrome = ScreenChrome(minimumSize: (10, 4), now: now)
        self.title = title
        self.palette = palette
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        observer = screen.viewModel.addObserver { [weak self] old, new in
            self?.listChanged(from: old, to: new)
        }
        if screen.viewModel.isSearchEnabled { screen.viewModel.beginSearch() }
    }

    /// The view model shown.
    public var viewModel: ListViewModel<Entity, Section> { screen.viewModel }

    /// Loads the first page (once); call before the first frame.
    ///
    /// - Parameter load: The load step to run instead of the screen's own `viewDidLoad()` (a
    ///   floorplan's, which also sets up its search bar).
    /// - Returns: The started work, or `nil` if the list was started before.
    @discardableResult
    public func start(loading load: (() -> ListTask)? = nil) -> ListTask? {
        guard !didLoad else { return nil }
        didLoad = true
        return track(load?() ?? screen.viewDidLoad())
    }

    /// Waits for the work the last inputs started (loads and debounces that have fired).
    public func finishPendingWork() async {
        while !pendingWork.isEmpty {
            let work = pendingWork
            pendingWork = []
            for task in work { await task.finish() }
        }
    }

    /// The rows shown, flattened over the sections, with their paths.
    var flatPaths: [ListItemPath] {
        let snapshot = screen.snapshot
        var paths: [ListItemPath] = []
        for (section, items) in snapshot.items.enumerated() {
            for item in items.indices { paths.append(ListItemPath(section: section, item: item)) }
        }
        return paths
    }

    /// The selected item, if any.
    public var selectedItem: Entity? {
        guard let selection else { return nil }
        let paths = flatPaths
        return paths.indices.contains(selection) ? screen.snapshot.item(at: paths[selection]) : nil
    }

    // MARK: TerminalScreen

    public func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        keepSelectionVisible()
    }

    public func setRedrawHandler(_ handler: (() -> Void)?) {
        redrawHandler = handler
    }

    /// When a message on the key line leaves.
    public var redrawDeadline: ContinuousClock.Instant? { chrome.redrawDeadline }

    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        let commands = ScreenChrome.feed(events) { event in
            if let taken = chrome.take(event) { return taken }
            switch event {
            case .key(let key): return handle(key)
            case .mouse(let mouse): return handle(mouse)
            case .paste(let text) where prompt?.kind == .text: prompt?.text += text.filter { !$0.isNewline }
            case .paste(let text): editSearch { $0 += text.filter { !$0.isNewline } }
            case .focus, .unknown: break
            }
            return []
        }
        return commands.contains(.quit) ? [.quit] : commands
    }

    // MARK: Keys

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        if prompt != nil { return handlePrompt(event) }
        if event.modifiers.contains(.control) {
            switch event.key {
            case .character("c"), .character("q"): return [.quit]
            case .character("r"): track(viewModel.refresh())
            case .character("s"): track(viewModel.searchAllResults())
            case .character("u"): editSearch { $0 = "" }
            case .character("n"): moveSelection(by: 1)
            case .character("p"): moveSelection(by: -1)
            default: break
            }
            return []
        }
        switch event.key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -max(1, visibleRowCount - 1))
        case .pageDown: moveSelection(by: max(1, visibleRowCount - 1))
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: flatPaths.count - 1)
        case .enter: return choose()
        case .escape: return [.quit]
        case .backspace: editSearch { if !$0.isEmpty { $0.removeLast() } }
        case .delete: deleteSelected()
        case .character(let c): return typed(c)
        default: break
        }
        return []
    }

    private func typed(_ c: Character) -> [BrowserCommand] {
        let text = viewModel.searchText
        if c == "q", text.isEmpty || !viewModel.isSearchEnabled { return [.quit] }
        if c == "?", text.isEmpty || !viewModel.isSearchEnabled {
            chrome.showsHelp = true
            return []
        }
        // The field already has the focus: a `/` typed first (the search key of the columns,
        // nnn and less) starts no search for "/".
        if c == "/", text.isEmpty { return [] }
        if c == "r", case .error = viewModel.footer {
            track(viewModel.retry())
            return []
        }
        if c == "+", screen.isAddButtonShown {
            screen.tapAdd()
            return []
        }
        if viewModel.isSearchEnabled, !c.isNewline {
            editSearch { $0.append(c) }
        }
        return []
    }

    private func editSearch(_ change: (inout String) -> Void) {
        guard viewModel.isSearchEnabled else { return }
        var text = viewModel.searchText
        change(&text)
        guard text != viewModel.searchText else { return }
        track(viewModel.updateSearchText(text))
    }

    private func choose() -> [BrowserCommand] {
        guard let item = selectedItem else { return [] }
        if let selection, flatPaths.indices.contains(selection) { screen.tapRow(at: flatPaths[selection]) }
        chosen = item
        onChoose?(item)
        return closesOnChoose ? [.quit] : []
    }

    private func deleteSelected() {
        guard let selection, screen.isDeleteEnabled else { return }
        let paths = flatPaths
        guard paths.indices.contains(selection) else { return }
        screen.tapDelete(at: paths[selection])
    }

    // MARK: Mouse

    func handle(_ event: MouseEvent) -> [BrowserCommand] {
        switch event.kind {
        case .wheelUp: moveSelection(by: -3)
        case .wheelDown: moveSelection(by: 3)
        case .press where event.button == .left:
            guard event.y >= bodyTop, event.y < bodyTop + bodyHeight else { return [] }
            let row = top + (event.y - bodyTop) / Self.linesPerRow
            guard row < flatPaths.count else { return [] }
            if row == selection { return choose() }
            moveSelection(to: row)
        default: break
        }
        return []
    }

    // MARK: Selection

    /// The number of rows that fit between the search line and the footer.
    var visibleRowCount: Int { max(1, bodyHeight / Self.linesPerRow) }
    var bodyHeight: Int { max(0, rows - 2 - bodyTop) }
    /// The first line of the rows: below the search line and the header line, if any.
    var bodyTop: Int { screen.headerLine == nil ? 1 : 2 }

    private func moveSelection(by delta: Int) {
        moveSelection(to: (selection ?? -1) + delta)
    }

    private func moveSelection(to target: Int) {
        let paths = flatPaths
        guard !paths.isEmpty else { return }
        let row = min(max(0, target), paths.count - 1)
        selection = row
        selectedID = screen.snapshot.item(at: paths[row])?.id
        keepSelectionVisible()
        if row >= paths.count - 1 { loadNextPageIfPossible() }
    }

    private func loadNextPageIfPossible() {
        guard viewModel.state == .finished else { return }
        switch viewModel.footer {
        case .none: track(viewModel.loadNextPage())
        default: break
        }
    }

    private func keepSelectionVisible() {
        let count = flatPaths.count
        guard let selection else {
            top = 0
            return
        }
        if selection < top { top = selection }
        if selection >= top + visibleRowCount { top = selection - visibleRowCount + 1 }
        top = max(0, min(top, max(0, count - visibleRowCount)))
    }

    /// Keeps the selection on the same item after a change of the rows; clamps it otherwise.
    private func listChanged(from old: ListState<Entity, Section>, to new: ListState<Entity, Section>) {
        let snapshot = ListSnapshot(new)
        var index = 0
        var found: Int?
        if let selectedID {
            outer: for items in snapshot.items {
                for item in items {
                    if item.id == selectedID {
                        found = index
                        break outer
                    }
                    index += 1
                }
            }
        }
        let count = snapshot.itemCount
        if old.mode != new.mode {
            // A new search starts at its first result.
            selection = count > 0 ? 0 : nil
            top = 0
        } else if let found {
            selection = found
        } else if count == 0 {
            selection = nil
        } else {
            selection = min(selection ?? 0, count - 1)
        }
        let paths = flatPaths
        selectedID = selection.flatMap { paths.indices.contains($0) ? snapshot.item(at: paths[$0])?.id : nil }
        keepSelectionVisible()
        redrawHandler?()
    }

    /// Asks the face for a new frame.
    func redraw() {
        redrawHandler?()
    }

    @discardableResult
    private func track(_ task: ListTask) -> ListTask {
        if !task.isEmpty { pendingWork.append(task) }
        return task
    }
}
