import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// Puts any hierarchy view on the terminal, full-screen, until the user quits.
///
/// ```swift
/// import TerminalUI
/// try await TerminalBrowser.run(MyController())        // any HierarchyViewController
/// try await TerminalBrowser.run(view: hierarchyView)  // any HierarchyView whose dataSource is set
/// ```
///
/// The view's layout is set up for character cells (terminal metrics, the reading
/// direction); a controller's `viewDidLoad()` runs before the first load. Cells configured
/// in `cellForItemWith` are drawn as they are configured; keys, clicks and the mouse wheel
/// reach the view, and through it the delegate (`didSelectItemWith`,
/// `hierarchyButtonTappedForItemWith`). The columns become the table form when the terminal
/// is narrower than two columns. When the view's data source is a
/// `HierarchySourceDataSource`, `/` searches the whole source.
@MainActor
public enum TerminalBrowser {
    /// How the browser looks.
    public struct Options: Sendable {
        /// The name on the path line.
        public var title: String
        /// Mirror the columns.
        public var rightToLeft: Bool
        /// The table form at every width instead of only when narrow.
        public var alwaysTable: Bool
        /// The styles; `nil` picks the default for the terminal's colour capability.
        public var theme: Theme?
        /// Screen-reader mode: the focused item's text on the status line and the text cursor on
        /// its row (see ``HierarchyBrowser/isScreenReaderMode``).
        public var screenReader: Bool
        /// Where screen-reader mode also sends each announcement, if anywhere.
        public var announcer: ScreenReaderAnnouncer?
        /// Ctrl-C ends the run as SIGINT would (the run returns SIGINT) instead of quitting as
        /// `q` does: a picker's way to choose nothing.
        public var interruptCancels = false

        /// Makes options; each parameter sets the property of the same name.
        public init(
            title: String = "Hierarchy", rightToLeft: Bool = false, alwaysTable: Bool = false, theme: Theme? = nil,
            screenReader: Bool = false, announcer: ScreenReaderAnnouncer? = nil
        ) {
            self.title = title
            self.rightToLeft = rightToLeft
            self.alwaysTable = alwaysTable
            self.theme = theme
            self.screenReader = screenReader
            self.announcer = announcer
        }

        /// Whether an environment asks for screen-reader mode: `HIERARCHY_SCREEN_READER` set to
        /// anything but empty, `0`, `no` or `false`.
        ///
        /// - Parameter environment: The process environment.
        /// - Returns: Whether to turn the mode on.
        public static func screenReaderRequested(in environment: [String: String]) -> Bool {
            guard let value = environment["HIERARCHY_SCREEN_READER"]?.lowercased() else { return false }
            return !["", "0", "no", "false"].contains(value)
        }
    }

    /// Why the browser could not run.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        /// A one-line message.
        public var message: String
        public var description: String { message }
    }

    /// Runs a controller's view: `viewDidLoad()` runs once, then the browser until the user quits.
    ///
    /// - Parameters:
    ///   - controller: Any `HierarchyViewController` (or `FUIHierarchyViewController`) subclass.
    ///   - options: Title, direction, table form and theme.
    /// - Returns: The signal that ended the run, if any (exit with 128 + signal).
    /// - Throws: ``Failure`` when standard input or output is not a terminal.
    @discardableResult
    public static func run(_ controller: HierarchyViewController, options: Options = Options()) async throws -> Int32? {
        try requireTerminal()
        let screen = makeScreen(controller: controller, options: options, columns: 80, rows: 24)
        // The controller owns the view's data source (a weak reference): keep it alive.
        defer { withExtendedLifetime(controller) {} }
        return try await run(screen: screen, options: options)
    }

    /// Runs any view whose data source is set, until the user quits.
    ///
    /// - Parameters:
    ///   - view: The view; keep its data source alive while this runs (the view holds it weakly).
    ///   - options: Title, direction, table form and theme.
    /// - Returns: The signal that ended the run, if any (exit with 128 + signal).
    /// - Throws: ``Failure`` when standard input or output is not a terminal or the view has no data source.
    @discardableResult
    public static func run(view: HierarchyView, options: Options = Options()) async throws -> Int32? {
        try requireTerminal()
        guard view.dataSource != nil else { throw Failure(message: "the hierarchy view has no data source") }
        let screen = makeScreen(view: view, options: options, columns: 80, rows: 24)
        return try await run(screen: screen, options: options)
    }

    /// The screen for a controller, without a terminal (for tests and other hosts): runs
    /// `viewDidLoad()` once and sets the view up for the terminal.
    ///
    /// - Parameters:
    ///   - controller: The controller.
    ///   - options: Title, direction, table form and theme.
    ///   - palette: The styles.
    ///   - columns: The width in cells.
    ///   - rows: The height in lines.
    ///   - now: The clock for type-select and double clicks.
    /// - Returns: The screen; keep the controller alive while it is used.
    public static func makeScreen(
        controller: HierarchyViewController, options: Options = Options(), palette: BrowserPalette = .horizon,
        columns: Int, rows: Int, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) -> TableBrowser {
        prepare(controller.hierarchyView, options: options)
        controller.loadViewIfNeeded()
        return makeScreen(
            view: controller.hierarchyView, options: options, palette: palette, columns: columns, rows: rows, now: now)
    }

    /// The screen for any view, without a terminal (for tests and other hosts).
    ///
    /// - Parameters:
    ///   - view: The view; its data source must be set.
    ///   - options: Title, direction, table form and theme.
    ///   - palette: The styles.
    ///   - columns: The width in cells.
    ///   - rows: The height in lines.
    ///   - now: The clock for type-select and double clicks.
    /// - Returns: The screen.
    public static func makeScreen(
        view: HierarchyView, options: Options = Options(), palette: BrowserPalette = .horizon,
        columns: Int, rows: Int, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) -> TableBrowser {
        prepare(view, options: options)
        let sourceAdapter = view.dataSource as? HierarchySourceDataSource
        let browser = HierarchyBrowser(
            view: view, dataSource: sourceAdapter, sourceName: options.title, palette: palette,
            columns: columns, rows: rows, now: now)
        browser.isScreenReaderMode = options.screenReader
        browser.announcer = options.announcer
        browser.interruptCancels = options.interruptCancels
        return TableBrowser(browser: browser, presentation: options.alwaysTable ? .always : .whenNarrow)
    }

    private static func prepare(_ view: HierarchyView, options: Options) {
        HierarchyBrowser.configureForTerminal(
            view, rightToLeft: options.rightToLeft,
            metrics: TableBrowser.metrics(for: options.alwaysTable ? .always : .whenNarrow))
    }

    private static func requireTerminal() throws {
        guard Terminal.isInteractive() else {
            throw Failure(message: "standard input and output must be a terminal")
        }
    }

    private static func run(screen: TableBrowser, options: Options) async throws -> Int32? {
        let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
        screen.palette = BrowserPalette.forCapability(capability, theme: options.theme)
        let terminal = Terminal()
        guard let dataSource = screen.dataSource else {
            return await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: capability)
        }
        // `/` opens a list over the whole source; choosing a result reveals it in the columns.
        let searching = GlobalSearchScreen(
            base: screen, dataSource: dataSource, title: options.title, palette: screen.palette)
        return await TerminalRunLoop.run(screen: searching, terminal: terminal, capability: capability) {
            searching.presentSearch()
        }
    }
}
