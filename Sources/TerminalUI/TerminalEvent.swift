/// Something the terminal or the process tells the application.
public enum TerminalEvent: Hashable, Sendable {
    /// All input events decoded from one read burst; render at most once per burst.
    case input([InputEvent])
    /// The window has a new size.
    case resize(columns: Int, rows: Int)
    /// The terminal has been restored and the process is about to stop (SIGTSTP).
    case suspend
    /// The process continued (SIGCONT); the terminal has been set up again and needs a full redraw.
    case resume
    /// A termination signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT) or the input ended (reported as SIGHUP).
    /// The terminal has been restored; the application should exit.
    case terminate(signal: Int32)
}
