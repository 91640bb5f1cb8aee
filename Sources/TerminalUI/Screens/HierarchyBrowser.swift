import Foundation
import HierarchyAdapters
import HierarchyFileSystem
import HierarchyKit
import HierarchySources

/// Something the browser asks its run loop to do.
public enum BrowserCommand: Equatable, Sendable {
    /// Leave the program.
    case quit
    /// Write bytes to the terminal outside a frame (an OSC 52 clipboard write).
    case write([UInt8])
    /// Open the global search (handled by the owner of the browser).
    case search
    /// Hand the terminal to a program (an editor, a pager, the desktop's opener) until it
    /// ends, then take it back and redraw.
    case run(ExternalProgram)
    /// Leave as SIGINT would (Ctrl-C when ``HierarchyBrowser/interruptCancels`` is set).
    case interrupt
}

/// The full-screen Miller-column browser: the path line, the columns of a `HierarchyView`,
/// the status line and the help overlay, driven by keys and the mouse.
///
/// It draws into a `ScreenBuffer` and never writes to the terminal itself, so tests can
/// drive it with input events and compare frames.
@MainActor
public final class HierarchyBrowser {
    /// The view shown.
    public let view: HierarchyView
    /// The source adapter when the view shows a `HierarchySource` (loading notes, search,
    /// titles from the source); `nil` for a view with a data source of its own (a controller).
    public let dataSource: HierarchySourceDataSource?
    /// The styles to draw with.
    public var palette: BrowserPalette {
        didSet { columnsRenderer.palette = palette }
    }
    /// The name shown on the path line (a file or directory name).
    public var sourceName: String
    /// The terminal's width, in columns.
    public private(set) var columns: Int
    /// The terminal's height, in rows.
    public private(set) var rows: Int
    /// The status line's message, the help and the too-small screen (see ``ScreenChrome``).
    public internal(set) var chrome: ScreenChrome
    /// Whether the help overlay is shown.
    public var showsHelp: Bool { chrome.showsHelp }
    /// A one-line message on the status line (copied, errors), until the next key (a notice
    /// also until ``ScreenChrome/noticeLifetime`` has passed). Errors come from the view's one
    /// error stream (`HierarchyView.takeErrors()`): the newest pending one replaces the message
    /// when it is read or drawn.
    public internal(set) var message: (text: String, isError: Bool)? {
        get {
            showPendingErrors()
            return chrome.message
        }
        set { chrome.message = newValue }
    }

    /// Screen-reader mode: the status line says the focused item's ``screenReaderText`` (or
    /// the message), the text cursor sits on the focused row (``cursorPosition``), and each new
    /// text goes to ``announcer``. See `HierarchyBrowser+ScreenReader.swift`.
    public var isScreenReaderMode = false
    /// Receives each announcement in screen-reader mode (the focused item's text when it
    /// changes, each new message), if set.
    public var announcer: ScreenReaderAnnouncer?
    /// The last text announced, so an unchanged focus is not said again.
    var lastAnnouncement: String?
    /// The focused row's first cell in the last frame, for ``cursorPosition``.
    var focusedCell: (x: Int, y: Int)?

    private var columnsRenderer: ColumnsRenderer
    /// Draws the body (the rows between the path and status lines) instead of the columns when
    /// it returns `true` (the table form); set by `TableBrowser`.
    var bodyRenderer: ((HierarchyViewSnapshot, inout ScreenBuffer) -> Bool)?
    let now: () -> ContinuousClock.Instant
    /// The keyboard layer over the view (commands, type-select, status text).
    let commands: HierarchyViewCommands
    private let bindings = HierarchyKeyBindings()
    private var drag: (startX: Int, lastX: Int, lastTime: ContinuousClock.Instant, velocity: Double, panning: Bool)?
    private var lastClick: (uuid: String, time: ContinuousClock.Instant)?
    /// Whether `y` was the last key: `p`, `q` or `v` next copies a path or the value instead
    /// (see `HierarchyBrowser+Copies.swift`). No clock: it waits for the next key.
    var isCopyPending = false
    /// Whether Enter and `o` open a focused file with its program (see
    /// `HierarchyBrowser+Open.swift`); on by default for a folder's source.
    public var opensFiles: Bool
    /// Decides the program that opens a file.
    public var fileOpener = FileOpener()
    /// Whether Ctrl-C ends the run as SIGINT would (``BrowserCommand/interrupt``) rather than as
    /// `q` does, so that a picker (`--choose`) chooses nothing.
    public var interruptCancels = false

    /// How long typed characters keep extending one type-select search.
    public static let typeSelectTimeout: Duration = .seconds(1)

    /// A browser over a view whose data source is already attached (any
    /// `HierarchyViewDataSource`: a controller, a seed data source, or a source adapter).
    ///
    /// - Parameters:
    ///   - view: The view to show; its layout is used as it is (see ``configureForTerminal(_:rightToLeft:metrics:)``).
    ///   - dataSource: The source adapter behind `view`, if there is one.
    ///   - sourceName: The name on the path line.
    ///   - palette: The styles to draw with.
    ///   - columns: The terminal's width, in columns, until the first resize.
    ///   - rows: The terminal's height, in rows, until the first resize.
    ///   - now: the clock for type-select and double clicks (injected for tests).
    public init(
        view: HierarchyView, dataSource: HierarchySourceDataSource? = nil, sourceName: String,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.view = view
        self.commands = HierarchyViewCommands(view: view, typeSelectTimeout: HierarchyBrowser.typeSelectTimeout)
        self.dataSource = dataSource
        self.sourceName = sourceName
        self.palette = palette
        var columnsRenderer = ColumnsRenderer(palette: palette)
        columnsRenderer.emptyColumnNote = { [weak dataSource] in dataSource?.childrenNote(of: $0) }
        self.columnsRenderer = columnsRenderer
        self.columns = columns
        self.rows = rows
        self.now = now
        chrome = ScreenChrome(now: now)
        opensFiles = dataSource?.source is FileSystemSource
        view.itemHeightProvider = { cell, _ in ColumnsRenderer.height(of: cell) }
        view.expandsFocusedItem = true
        view.allowsMultipleSelectionDuringEditing = true
        // The status line shows the view's errors (drained from its stream); a logger writing
        // them to the terminal would tear the frame. A handler the host set keeps hearing them.
        view.silenceDefaultErrorLog()
        resize(columns: columns, rows: rows)
    }

    /// Sets a view's layout up for character cells: terminal metrics, one blank line between
    /// cells, a one-cell gap before each column's separator, the reading direction.
    ///
    /// - Parameters:
    ///   - view: The view (any view; its size follows the terminal once a browser shows it).
    ///   - rightToLeft: Mirror the columns.
    ///   - metrics: The metrics (``TableBrowser/metrics(for:)`` for the table form).
    public static func configureForTerminal(
        _ view: HierarchyView, rightToLeft: Bool, metrics: HierarchyLayoutMetrics = .terminal
    ) {
        let layout = view.collectionViewLayout
        layout.metrics = metrics
        layout.sectionInset = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1)
        layout.interItemSpacing = 1
        layout.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
    }

    /// The standard browser for the terminal: terminal metrics, one blank line between cells.
    public static func make(
        source: any HierarchySource, sourceName: String, rightToLeft: Bool = false,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24
    ) -> HierarchyBrowser {
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: Double(columns), height: Double(max(0, rows - 2))),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1,
            layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
        let view = HierarchyView(layout: layout)
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        return HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: sourceName, palette: palette, columns: columns, rows: rows)
    }

    /// Adapts to a new terminal size.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        view.send(.setSize(Size(width: Double(self.columns), height: Double(max(0, self.rows - 2)))))
    }

    var isTooSmall: Bool { chrome.isTooSmall(columns: columns, rows: rows) }

    // MARK: Input

    /// Handles one burst of input events.
    ///
    /// - Returns: what the run loop must do (quit, write clipboard bytes).
    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        ScreenChrome.feed(events) { event in
            if let taken = chrome.take(event) { return taken }
            switch event {
            case .key(let key): return handle(key)
            case .mouse(let mouse):
                isCopyPending = false
                handle(mouse)
            case .paste(let text):
                isCopyPending = false
                return perform(.typeSelect(text))
            case .focus, .unknown: break
            }
            return []
        }
    }

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        if interruptCancels, event.key == .character("c"), event.modifiers == .control { return [.interrupt] }
        if let commands = handleCopyPrefix(event) { return commands }
        if let commands = openFocusedFile(for: event) { return commands }
        if let commands = folderKey(event) { return commands }
        guard let key = Self.hierarchyKey(event.key),
            let command = bindings.command(
                for: key, control: event.modifiers.contains(.control),
                rightToLeft: view.collectionViewLayout.layoutDirection == .rightToLeft,
                isTypeSelecting: commands.typeSelect.isActive(at: now()))
        else { return [] }
        return perform(command)
    }

    /// The shared key of a terminal key (nil for keys without a binding: function keys, …).
    static func hierarchyKey(_ key: Key) -> HierarchyKey? {
        switch key {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        case .enter: .enter
        case .backspace: .backspace
        case .tab: .tab
        case .backTab: .backTab
        case .escape: .escape
        case .character(let c): .character(c)
        default: nil
        }
    }

    /// Carries out a command through the shared controller layer and turns its outcome into
    /// the status line, the help overlay and run-loop commands.
    func perform(_ command: HierarchyCommand) -> [BrowserCommand] {
        var command = command
        if case .typeSelect(let text) = command { command = .typeSelect(TerminalText.sanitize(text)) }
        let outcome = commands.perform(command, at: now())
        if let text = outcome.message { message = (text, outcome.isError) }
        if outcome.quit { return [.quit] }
        if outcome.help { chrome.showsHelp = true }
        var commands: [BrowserCommand] = []
        if outcome.search { commands.append(.search) }
        if let copied = outcome.copied {
            commands.append(.write(OSC52.copy(copied)))
            // The next key may copy a path or the value instead (HierarchyBrowser+Copies.swift).
            isCopyPending = true
        }
        return commands
    }

    func handle(_ mouse: MouseEvent) {
        let point = Point(x: Double(mouse.x), y: Double(mouse.y - 1))
        switch mouse.kind {
        case .wheelUp: view.send(.scrollColumn(at: point, by: -3))
        case .wheelDown: view.send(.scrollColumn(at: point, by: 3))
        case .wheelLeft: view.send(.swipe(.right))
        case .wheelRight: view.send(.swipe(.left))
        case .press where mouse.button == .left:
            drag = (mouse.x, mouse.x, now(), 0, false)
        case .drag where mouse.button == .left || mouse.button == .none:
            guard var d = drag else { return }
            let t = now()
            let dt =
                Double((t - d.lastTime).components.attoseconds) / 1e18 + Double((t - d.lastTime).components.seconds)
            if dt > 0 { d.velocity = Double(mouse.x - d.lastX) / dt }
            d.lastX = mouse.x
            d.lastTime = t
            if !d.panning, abs(mouse.x - d.startX) >= 2 {
                d.panning = true
                view.send(.beginPan)
            }
            if d.panning { view.send(.pan(translation: Double(mouse.x - d.startX))) }
            drag = d
        case .release:
            guard let d = drag else { return }
            drag = nil
            if d.panning {
                view.send(.endPan(velocity: d.velocity))
            } else {
                click(at: point)
            }
        default:
            break
        }
    }

    private func click(at point: Point) {
        switch view.hitTest(point) {
        case .indicator(let uuid, _, _):
            view.send(.tapIndicator(ofItemWith: uuid))
        case .item(let uuid, let column, let row):
            let t = now()
            if view.isEditing {
                view.send(.tapItem(with: uuid))
            } else if let last = lastClick, last.uuid == uuid, t - last.time < .milliseconds(400) {
                view.send(.tapItem(with: uuid))
            } else {
                view.send(.focusRow(row, inColumn: column))
            }
            lastClick = (uuid, t)
        case .pendingRow(let column, let row):
            // A row still loading (or failed) takes the focus; its item follows when it comes.
            view.send(.focusRow(row, inColumn: column))
        case .previousButton: view.send(.showPreviousLevel)
        case .nextButton: view.send(.showNextLevel)
        case .column, .headerTitle, .nothing: break
        }
    }

    // MARK: Drawing

    /// Draws the whole screen.
    public func render() -> ScreenBuffer {
        focusedCell = nil
        if isTooSmall { return ScreenChrome.tooSmallScreen(columns: columns, rows: rows, palette: palette) }
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.text)
        let snapshot = view.snapshot()
        showPendingErrors()
        drawPathLine(into: &buffer)
        if bodyRenderer?(snapshot, &buffer) != true {
            columnsRenderer.draw(snapshot, into: &buffer, top: 1, metrics: view.collectionViewLayout.metrics)
        }
        _ = chrome.messageToDraw()
        if isScreenReaderMode {
            focusedCell = Self.focusedCell(in: snapshot, top: 1, metrics: view.collectionViewLayout.metrics)
            drawScreenReaderLine(into: &buffer)
            announceIfChanged()
        } else {
            drawStatusLine(into: &buffer)
        }
        chrome.drawHelp(helpLines, into: &buffer, palette: palette)
        return buffer
    }

    /// Takes the errors pending in the view's stream: the newest becomes the message.
    private func showPendingErrors() {
        if let error = view.takeErrors().last { chrome.message = (error.message, true) }
    }

    /// The text a screen reader gets for the focused item (the cell's accessibility label,
    /// value and hint), as of the last frame.
    public var screenReaderText: String? { commands.focusedItemScreenReaderText }

    private func title(of uuid: String) -> String {
        if let dataSource { return dataSource.node(for: uuid)?.title ?? uuid }
        return view.dataSource?.hierarchyView(view, titleForItemWith: uuid)
            ?? view.cellForItem(with: uuid)?.title.visibleText ?? uuid
    }

    private func drawPathLine(into buffer: inout ScreenBuffer) {
        var parts = view.expandedPath.map(title(of:))
        if let focused = view.focusedPosition, focused.column < parts.count {
            parts = Array(parts.prefix(focused.column))
        }
        if let uuid = view.focusedUUID, view.state(ofItemWith: uuid) == .loaded { parts.append(title(of: uuid)) }
        PathLine(parts: parts, sourceName: sourceName).draw(into: &buffer, palette: palette)
    }

    func drawStatusLine(into buffer: inout ScreenBuffer) {
        let status = commands.statusText(isLoading: (dataSource?.activeLoads ?? 0) > 0, note: dataSource?.progressNote)
        StatusLine(text: status, message: message, keys: isCopyPending ? [copyPrefixHint] : ["? help", "q quit"])
            .draw(into: &buffer, palette: palette)
    }

    /// The keys every face shares, with this browser's own: the copies, and opening files.
    var helpLines: [(keys: String, meaning: String)] {
        var lines: [(keys: String, meaning: String)] = []
        for line in HierarchyKeyBindings.help {
            if line.keys == "y" {
                lines.append(("y", "copy title, subtitle and footnote"))
                lines += copyHelp
            } else if line.keys == "→ ⏎  l", opensFiles {
                lines.append(("→ ⏎  l", "open the next level; ⏎ on a file opens it"))
                lines.append(("o", "open the file ($EDITOR, $PAGER, xdg-open)"))
                lines.append((".", "show or hide hidden files"))
                lines.append(("Ctrl-R", "read the folders again"))
            } else {
                lines.append(line)
            }
        }
        return lines
    }
}
