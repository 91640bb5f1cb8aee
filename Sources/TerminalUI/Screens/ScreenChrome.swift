import HierarchyKit

/// What every full-screen face (columns, table, list, linear) has around its body: the message
/// of the status line, the help overlay, the too-small screen, and the first look at each input
/// event.
///
/// A notice (copied, selected) stays on the status line until the next key or click, or for
/// ``noticeLifetime`` from the first frame that shows it, whichever comes first; an error stays
/// until the next key or click. The clock is injected, so tests move it by hand.
@MainActor
public struct ScreenChrome {
    /// How long a notice stays on the status line, from the first frame that shows it, when no
    /// key comes.
    public static let noticeLifetime: Duration = .seconds(5)

    /// The smallest terminal the face draws its body in; below it the too-small screen shows.
    public let minimumSize: (columns: Int, rows: Int)
    /// The clock notices expire by.
    public var now: () -> ContinuousClock.Instant
    /// Whether the help overlay is shown.
    public var showsHelp = false

    private var shown: (text: String, isError: Bool)?
    private var expiry: ContinuousClock.Instant?

    /// A chrome for a face.
    ///
    /// - Parameters:
    ///   - minimumSize: The smallest terminal the face draws its body in.
    ///   - now: The clock notices expire by.
    public init(
        minimumSize: (columns: Int, rows: Int) = (20, 5),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.minimumSize = minimumSize
        self.now = now
    }

    /// The message on the status line now: `nil` once a notice's time is up.
    public var message: (text: String, isError: Bool)? {
        get {
            if let expiry, now() >= expiry { return nil }
            return shown
        }
        set {
            shown = newValue
            expiry = nil
        }
    }

    /// The message as a frame shows it: a notice's time starts with the first frame.
    mutating func messageToDraw() -> (text: String, isError: Bool)? {
        if let shown, !shown.isError, expiry == nil { expiry = now().advanced(by: Self.noticeLifetime) }
        return message
    }

    /// When the message leaves by itself, so the run loop draws a frame then; `nil` when nothing
    /// is due.
    public var redrawDeadline: ContinuousClock.Instant? {
        guard shown != nil, let expiry, now() < expiry else { return nil }
        return expiry
    }

    /// Whether a terminal of this size is below ``minimumSize``.
    func isTooSmall(columns: Int, rows: Int) -> Bool {
        columns < minimumSize.columns || rows < minimumSize.rows
    }

    // MARK: Input

    /// The chrome's look at an input event before the face gets it: a key or a click clears the
    /// message; while the help is shown, a key or a click only closes it (`q` quits) and the
    /// rest goes nowhere.
    ///
    /// - Parameter event: The event.
    /// - Returns: The commands when the chrome took the event, `nil` when the face handles it.
    mutating func take(_ event: InputEvent) -> [BrowserCommand]? {
        switch event {
        case .key(let key):
            message = nil
            guard showsHelp else { return nil }
            showsHelp = false
            return key.key == .character("q") && key.modifiers.isEmpty ? [.quit] : []
        case .mouse(let mouse):
            if mouse.kind == .press || mouse.kind == .release { message = nil }
            guard showsHelp else { return nil }
            if mouse.kind == .release { showsHelp = false }
            return []
        case .paste:
            return showsHelp ? [] : nil
        case .focus, .unknown:
            return []
        }
    }

    /// Feeds input events to a face one at a time, stopping at the first quit or interrupt.
    ///
    /// - Parameters:
    ///   - events: The events, in order.
    ///   - face: The face's handling of one event (after ``take(_:)``).
    /// - Returns: The commands for the run loop.
    static func feed(_ events: [InputEvent], to face: (InputEvent) -> [BrowserCommand]) -> [BrowserCommand] {
        var commands: [BrowserCommand] = []
        for event in events {
            commands += face(event)
            if commands.contains(.quit) || commands.contains(.interrupt) { return commands }
        }
        return commands
    }

    // MARK: Drawing

    /// The whole screen of a terminal below ``minimumSize``: "Terminal too small (W×H)" centred,
    /// or "Too small" where that does not fit.
    static func tooSmallScreen(columns: Int, rows: Int, palette: BrowserPalette) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: columns, height: rows)
        buffer.fill(x: 0, y: 0, width: columns, height: rows, style: palette.text)
        var text = "Terminal too small (\(columns)×\(rows))"
        if DisplayWidth.of(text) > columns { text = "Too small" }
        buffer.put(
            text, x: max(0, (columns - DisplayWidth.of(text)) / 2), y: rows / 2, maxWidth: columns, style: palette.text)
        return buffer
    }

    /// Draws the help overlay, listing keys and their meanings, when it is shown.
    func drawHelp(_ lines: [(keys: String, meaning: String)], into buffer: inout ScreenBuffer, palette: BrowserPalette)
    {
        guard showsHelp else { return }
        HelpOverlay(lines: lines).draw(into: &buffer, palette: palette)
    }
}

/// The bottom line of a face: what it says on the left, the message after it (an error in the
/// error style), the keys on the right. The message comes before the keys: the last keys are
/// left out first to make room for it, then all of them, then the message is cut.
struct StatusLine {
    /// What the face says (a position, a count, a state), without the leading space.
    var text: String
    /// The message after it, if any.
    var message: (text: String, isError: Bool)?
    /// The keys, most important first.
    var keys: [String]
    /// The look of the line.
    var element: ThemeElement = .statusLine

    func draw(into buffer: inout ScreenBuffer, palette: BrowserPalette) {
        let columns = buffer.width
        let y = buffer.height - 1
        guard y >= 0 else { return }
        let style = palette.look(element).text
        buffer.fill(x: 0, y: y, width: columns, height: 1, style: style)
        let left = text.isEmpty ? "" : " " + TerminalText.sanitize(text)
        let note = message.map { (left.isEmpty ? " " : "  ") + TerminalText.sanitize($0.text) } ?? ""
        let leftWidth = DisplayWidth.of(left) + DisplayWidth.of(note)
        var keys = keys
        func right() -> String { keys.isEmpty ? "" : keys.joined(separator: "  ") + " " }
        while !keys.isEmpty, DisplayWidth.of(right()) > columns - leftWidth - 2 {
            // The first key stays while the text alone leaves room for it.
            if keys.count == 1, message == nil { break }
            keys.removeLast()
        }
        let rightText = right()
        let rightWidth = DisplayWidth.of(rightText)
        let showsKeys = rightWidth > 0 && columns - rightWidth > DisplayWidth.of(left) + 1
        let end = showsKeys ? columns - rightWidth : columns
        let used = buffer.put(left, x: 0, y: y, maxWidth: end, style: style)
        if let message {
            buffer.put(
                note, x: used, y: y, maxWidth: max(0, end - used - (showsKeys ? 1 : 0)),
                style: message.isError ? palette.statusError : style)
        }
        if showsKeys { buffer.put(rightText, x: end, y: y, maxWidth: rightWidth, style: style) }
    }
}
