import Foundation
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
}

/// The full-screen Miller-column browser: the path line, the columns of a `HierarchyView`,
/// the status line and the help overlay, driven by keys and the mouse.
///
/// It draws into a `ScreenBuffer` and never writes to the terminal itself, so tests can
/// drive it with input events and compare frames.
@MainActor
public final class HierarchyBrowser {
    public let view: HierarchyView
    public let dataSource: HierarchySourceDataSource
    public var palette: BrowserPalette {
        didSet { columnsRenderer.palette = palette }
    }
    /// The name shown on the path line (a file or directory name).
    public var sourceName: String
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// Whether the help overlay is shown.
    public private(set) var showsHelp = false
    /// A one-line message on the status line (copied, errors), until the next key.
    public private(set) var message: (text: String, isError: Bool)?

    private var columnsRenderer: ColumnsRenderer
    /// Draws the body (the rows between the path and status lines) instead of the columns when
    /// it returns `true` (the table form); set by `TableBrowser`.
    var bodyRenderer: ((HierarchyViewSnapshot, inout ScreenBuffer) -> Bool)?
    private let now: () -> ContinuousClock.Instant
    private var typeSelectBuffer = ""
    private var lastTypeSelect: ContinuousClock.Instant?
    private var drag: (startX: Int, lastX: Int, lastTime: ContinuousClock.Instant, velocity: Double, panning: Bool)?
    private var lastClick: (uuid: String, time: ContinuousClock.Instant)?
    private var seenErrorCount = 0

    /// How long typed characters keep extending one type-select search.
    public static let typeSelectTimeout: Duration = .seconds(1)
    static let minimumSize = (columns: 20, rows: 5)

    /// A browser over a data source already attached to `view`.
    ///
    /// - Parameters:
    ///   - now: the clock for type-select and double clicks (injected for tests).
    public init(
        view: HierarchyView, dataSource: HierarchySourceDataSource, sourceName: String,
        palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.view = view
        self.dataSource = dataSource
        self.sourceName = sourceName
        self.palette = palette
        var columnsRenderer = ColumnsRenderer(palette: palette)
        columnsRenderer.emptyColumnNote = { [weak dataSource] in dataSource?.childrenNote(of: $0) }
        self.columnsRenderer = columnsRenderer
        self.columns = columns
        self.rows = rows
        self.now = now
        view.itemHeightProvider = { cell, _ in ColumnsRenderer.height(of: cell) }
        view.expandsFocusedItem = true
        view.allowsMultipleSelectionDuringEditing = true
        let previousHandler = dataSource.errorHandler
        dataSource.errorHandler = { [weak self] error in
            previousHandler?(error)
            self?.message = (error.description, true)
        }
        resize(columns: columns, rows: rows)
    }

    /// The standard browser for the terminal: terminal metrics, one blank line between cells.
    public static func make(source: any HierarchySource, sourceName: String, rightToLeft: Bool = false,
                            palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24) -> HierarchyBrowser {
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: Double(columns), height: Double(max(0, rows - 2))),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1,
            layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
        let view = HierarchyView(layout: layout)
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.view = view
        view.dataSource = dataSource
        return HierarchyBrowser(view: view, dataSource: dataSource, sourceName: sourceName, palette: palette, columns: columns, rows: rows)
    }

    /// Adapts to a new terminal size.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        view.setSize(Size(width: Double(self.columns), height: Double(max(0, self.rows - 2))))
    }

    var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }

    // MARK: Input

    /// Handles one burst of input events.
    ///
    /// - Returns: what the run loop must do (quit, write clipboard bytes).
    public func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for event in events {
            switch event {
            case .key(let key): commands += handle(key)
            case .mouse(let mouse): handle(mouse)
            case .paste(let text): typeSelect(text)
            case .focus, .unknown: break
            }
            if commands.contains(.quit) { return commands }
        }
        return commands
    }

    func handle(_ event: KeyEvent) -> [BrowserCommand] {
        message = nil
        if showsHelp {
            showsHelp = false
            if event.key == .character("q") && event.modifiers.isEmpty { return [.quit] }
            return []
        }
        if event.modifiers.contains(.control) {
            switch event.key {
            case .character("c"), .character("q"): return [.quit]
            case .character("f"): view.moveFocus(.pageDown)
            case .character("b"): view.moveFocus(.pageUp)
            case .character("n"): view.moveFocus(.down)
            case .character("p"): view.moveFocus(.up)
            default: break
            }
            return []
        }
        if case .character(let c) = event.key, isTypeSelecting, !c.isWhitespace {
            typeSelect(String(c))
            return []
        }
        switch event.key {
        case .up: view.moveFocus(.up)
        case .down: view.moveFocus(.down)
        case .pageUp: view.moveFocus(.pageUp)
        case .pageDown: view.moveFocus(.pageDown)
        case .home: view.moveFocus(.home)
        case .end: view.moveFocus(.end)
        case .right, .enter: rightToLeftAware(next: true)
        case .left, .backspace: rightToLeftAware(next: false)
        case .escape:
            typeSelectBuffer = ""
        case .tab: view.showNextLevel()
        case .backTab: view.showPreviousLevel()
        case .character(let c):
            return handleCharacter(c)
        default:
            break
        }
        return []
    }

    private func rightToLeftAware(next: Bool) {
        // Arrows point at screen directions: in right-to-left layouts "→" goes back.
        let rtl = view.collectionViewLayout.layoutDirection == .rightToLeft
        if next != rtl { view.focusNextLevel() } else { view.focusPreviousLevel() }
    }

    private func handleCharacter(_ c: Character) -> [BrowserCommand] {
        switch c {
        case "q": return [.quit]
        case "j": view.moveFocus(.down)
        case "k": view.moveFocus(.up)
        case "l": view.focusNextLevel()
        case "h": view.focusPreviousLevel()
        case "g": view.moveFocus(.home)
        case "G": view.moveFocus(.end)
        case "[": view.showPreviousLevel()
        case "]": view.showNextLevel()
        case "?": showsHelp = true
        case "/": return [.search]
        case "e":
            view.isEditing.toggle()
            message = (view.isEditing ? "Editing: Space selects, e ends" : "Editing ended", false)
        case " ":
            if view.isEditing, let uuid = view.focusedUUID {
                view.tapItem(with: uuid)
                message = ("\(view.selectedUUIDs.count) selected", false)
            } else {
                view.moveFocus(.pageDown)
            }
        case "y":
            return copyFocused()
        default:
            if c.isLetter || c.isNumber || c.isPunctuation || c.isSymbol {
                typeSelect(String(c))
            }
        }
        return []
    }

    private var isTypeSelecting: Bool {
        guard !typeSelectBuffer.isEmpty, let last = lastTypeSelect else { return false }
        return now() - last < Self.typeSelectTimeout
    }

    private func typeSelect(_ text: String) {
        let clean = TerminalText.sanitize(text)
        typeSelectBuffer = isTypeSelecting ? typeSelectBuffer + clean : clean
        lastTypeSelect = now()
        if !view.typeSelect(typeSelectBuffer) {
            message = ("No item starts with “\(typeSelectBuffer)”", false)
        } else {
            message = ("Find: \(typeSelectBuffer)", false)
        }
    }

    private func copyFocused() -> [BrowserCommand] {
        guard let uuid = view.focusedUUID, let content = view.copyContent(ofItemWith: uuid) else {
            message = ("Nothing to copy", false)
            return []
        }
        let title = content.split(separator: "\n").first.map(String.init) ?? ""
        message = ("Copied “\(title)”", false)
        return [.write(OSC52.copy(content))]
    }

    func handle(_ mouse: MouseEvent) {
        let point = Point(x: Double(mouse.x), y: Double(mouse.y - 1))
        switch mouse.kind {
        case .wheelUp: view.scroll(at: point, by: -3)
        case .wheelDown: view.scroll(at: point, by: 3)
        case .wheelLeft: view.swipe(.right)
        case .wheelRight: view.swipe(.left)
        case .press where mouse.button == .left:
            drag = (mouse.x, mouse.x, now(), 0, false)
        case .drag where mouse.button == .left || mouse.button == .none:
            guard var d = drag else { return }
            let t = now()
            let dt = Double((t - d.lastTime).components.attoseconds) / 1e18 + Double((t - d.lastTime).components.seconds)
            if dt > 0 { d.velocity = Double(mouse.x - d.lastX) / dt }
            d.lastX = mouse.x
            d.lastTime = t
            if !d.panning, abs(mouse.x - d.startX) >= 2 {
                d.panning = true
                view.beginPan()
            }
            if d.panning { view.pan(translation: Double(mouse.x - d.startX)) }
            drag = d
        case .release:
            guard let d = drag else { return }
            drag = nil
            if d.panning {
                view.endPan(velocity: d.velocity)
            } else {
                click(at: point)
            }
        default:
            break
        }
    }

    private func click(at point: Point) {
        message = nil
        switch view.hitTest(point) {
        case .indicator(let uuid, _, _):
            view.tapIndicator(ofItemWith: uuid)
        case .item(let uuid, let column, let row):
            let t = now()
            if view.isEditing {
                view.tapItem(with: uuid)
            } else if let last = lastClick, last.uuid == uuid, t - last.time < .milliseconds(400) {
                view.tapItem(with: uuid)
            } else {
                view.focusRow(row, inColumn: column)
            }
            lastClick = (uuid, t)
        case .previousButton: view.showPreviousLevel()
        case .nextButton: view.showNextLevel()
        case .column, .headerTitle, .nothing: break
        }
    }

    // MARK: Drawing

    /// Draws the whole screen.
    public func render() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.text)
        if isTooSmall {
            var text = "Terminal too small (\(columns)×\(rows))"
            if DisplayWidth.of(text) > columns { text = "Too small" }
            buffer.put(text, x: max(0, (columns - DisplayWidth.of(text)) / 2), y: rows / 2, maxWidth: columns, style: palette.text)
            return buffer
        }
        let snapshot = view.snapshot()
        if view.recentErrors.count != seenErrorCount {
            seenErrorCount = view.recentErrors.count
            if let error = view.recentErrors.last { message = (error.message, true) }
        }
        drawPathLine(into: &buffer)
        if bodyRenderer?(snapshot, &buffer) != true {
            columnsRenderer.draw(snapshot, into: &buffer, top: 1, metrics: view.collectionViewLayout.metrics)
        }
        drawStatusLine(into: &buffer)
        if showsHelp { drawHelp(into: &buffer) }
        return buffer
    }

    private func title(of uuid: String) -> String {
        dataSource.node(for: uuid)?.title ?? uuid
    }

    private func drawPathLine(into buffer: inout ScreenBuffer) {
        var parts = view.expandedPath.map(title(of:))
        if let focused = view.focusedPosition, focused.column < parts.count {
            parts = Array(parts.prefix(focused.column))
        }
        if let uuid = view.focusedUUID, !HierarchySourceDataSource.isPlaceholder(uuid) { parts.append(title(of: uuid)) }
        PathLine(parts: parts, sourceName: sourceName).draw(into: &buffer, palette: palette)
    }

    private func drawStatusLine(into buffer: inout ScreenBuffer) {
        let y = rows - 1
        buffer.fill(x: 0, y: y, width: columns, height: 1, style: palette.status)
        var left = ""
        if let f = view.focusedPosition {
            let count = view.itemCount(ofColumn: f.column)
            left = count > 0 ? " \((f.row + 1).formatted()) of \(count.formatted())" : " empty"
        }
        if view.isEditing { left += " · editing, \(view.selectedUUIDs.count) selected" }
        if dataSource.activeLoads > 0 { left += " · loading…" }
        let right = "? help  q quit "
        let rightWidth = DisplayWidth.of(right)
        let used = buffer.put(left, x: 0, y: y, maxWidth: max(0, columns - rightWidth), style: palette.status)
        if let message {
            buffer.put("  " + message.text, x: used, y: y, maxWidth: max(0, columns - rightWidth - used - 1),
                       style: message.isError ? palette.statusError : palette.status)
        }
        if columns - rightWidth > used + 4 {
            buffer.put(right, x: columns - rightWidth, y: y, maxWidth: rightWidth, style: palette.status)
        }
    }

    static let helpLines: [(String, String)] = [
        ("↑ ↓  j k", "move up and down"),
        ("→ ⏎  l", "open the next level"),
        ("← ⌫  h", "back to the previous level"),
        ("PgUp PgDn  Home End", "page, first, last"),
        ("[  ]  Tab", "show the previous or next level"),
        ("letters", "jump to the item that starts so"),
        ("/", "search everything"),
        ("e  Space", "editing mode, select"),
        ("y", "copy title, subtitle and footnote"),
        ("mouse", "click, wheel, drag sideways to pan"),
        ("q  Ctrl-C", "quit"),
    ]

    private func drawHelp(into buffer: inout ScreenBuffer) {
        HelpOverlay(lines: Self.helpLines.map { (keys: $0.0, meaning: $0.1) }).draw(into: &buffer, palette: palette)
    }
}
