/// A full-screen face the run loop can drive: it takes input, draws into a screen buffer and
/// follows the terminal's size. The Miller-column browser, the table form and the linear
/// layouts are all screens.
///
/// A screen never writes to the terminal itself; it returns commands (quit, clipboard
/// writes) and lets its owner draw frames.
@MainActor
public protocol TerminalScreen: AnyObject {
    /// Handles one burst of input events.
    ///
    /// - Parameter events: The decoded events, in order.
    /// - Returns: What the run loop must do (quit, write bytes, open the search).
    func handle(_ events: [InputEvent]) -> [BrowserCommand]

    /// Draws the whole screen at the current size.
    ///
    /// - Returns: A buffer of the size last given to ``resize(columns:rows:)``.
    func render() -> ScreenBuffer

    /// Adapts to a new terminal size.
    ///
    /// - Parameters:
    ///   - columns: The width in character cells.
    ///   - rows: The height in lines.
    func resize(columns: Int, rows: Int)

    /// Installs the callback a screen calls when something changed outside a call from the
    /// run loop (a load finished or started), so a new frame should be drawn soon; `nil`
    /// removes it.
    ///
    /// - Parameter handler: The callback, or `nil`.
    func setRedrawHandler(_ handler: (() -> Void)?)

    /// Where the terminal shows its text cursor after the last frame drawn (0-based cells), or
    /// `nil` to hide it: in screen-reader mode, the focused row, which terminal screen readers
    /// (Orca, speakup, BRLTTY) follow.
    var cursorPosition: (x: Int, y: Int)? { get }

    /// When the screen changes by itself (a notice on the status line leaves), so the run loop
    /// draws a frame then; `nil` when nothing is due.
    var redrawDeadline: ContinuousClock.Instant? { get }
}

extension TerminalScreen {
    /// Where the terminal shows its text cursor after a frame (0-based cells), or `nil` to hide
    /// it. Screens without a screen-reader mode keep it hidden.
    public var cursorPosition: (x: Int, y: Int)? { nil }

    /// When the screen changes by itself; screens that never do answer `nil`.
    public var redrawDeadline: ContinuousClock.Instant? { nil }
}
