import Foundation
import HierarchyKit
import ListFloorplan

extension TerminalBrowser {
    /// Runs a list floorplan full-screen until the user quits: its load step (`viewDidLoad()`,
    /// which sets a `FUIListFloorplan`'s `searchBar`) runs once, then the list pages as the
    /// selection reaches its end.
    ///
    /// ```swift
    /// try await TerminalBrowser.run(floorplan)   // any FUIListFloorplan, or a ListScreen
    /// ```
    ///
    /// Typing searches (when the view model allows it), Enter chooses a row (the floorplan's
    /// coordinator), `+` and Delete call the add and delete handlers, Ctrl-R refreshes, Esc quits
    /// (see ``ListBrowser``).
    ///
    /// - Parameters:
    ///   - floorplan: The floorplan; it is kept alive while this runs.
    ///   - options: The title and theme (the list has no columns: direction and table form do not apply).
    /// - Returns: The signal that ended the run, if any (exit with 128 + signal).
    /// - Throws: ``Failure`` when standard input or output is not a terminal.
    @discardableResult
    public static func run<Floorplan: ListFloorplanController>(_ floorplan: Floorplan, options: Options = Options())
        async throws -> Int32?
    {
        try await runFullScreen(keepingAlive: floorplan, options: options) { palette in
            makeScreen(floorplan: floorplan, options: options, palette: palette, columns: 80, rows: 24)
        }
    }

    /// The screen for a list floorplan, without a terminal (for tests and other hosts): runs the
    /// floorplan's load step once.
    ///
    /// - Parameters:
    ///   - floorplan: The floorplan; keep it alive while the screen is used.
    ///   - options: The title.
    ///   - palette: The styles.
    ///   - columns: The width in cells.
    ///   - rows: The height in lines.
    /// - Returns: The list; choosing a row keeps it open.
    public static func makeScreen<Floorplan: ListFloorplanController>(
        floorplan: Floorplan, options: Options = Options(), palette: BrowserPalette = .horizon, columns: Int, rows: Int
    ) -> ListBrowser<Floorplan.Entity, Floorplan.Section> {
        let list = ListBrowser(
            screen: floorplan.listScreen, title: options.title, palette: palette, columns: columns, rows: rows)
        list.closesOnChoose = false
        list.start { floorplan.loadForFace() }
        return list
    }

    /// Runs a linear hierarchy controller (`CBLinearHierarchyViewController`) full-screen until
    /// the user quits: `viewDidLoad()` runs once, then the collection is drawn along its layout's
    /// scroll direction; choosing a cell goes to the collection's delegate (the controller, or a
    /// host that set itself), which expands, collapses or selects.
    ///
    /// ```swift
    /// try await TerminalBrowser.run(lhVC)
    /// ```
    ///
    /// - Parameters:
    ///   - controller: The controller; it (and the data source and delegate it holds) is kept
    ///     alive while this runs.
    ///   - options: The title and theme.
    /// - Returns: The signal that ended the run, if any (exit with 128 + signal).
    /// - Throws: ``Failure`` when standard input or output is not a terminal.
    @discardableResult
    public static func run(_ controller: LinearHierarchyViewController, options: Options = Options()) async throws
        -> Int32?
    {
        try await runFullScreen(keepingAlive: controller, options: options) { palette in
            makeScreen(linearController: controller, options: options, palette: palette, columns: 80, rows: 24)
        }
    }

    /// The screen for a linear hierarchy controller, without a terminal (for tests and other
    /// hosts): runs `viewDidLoad()` once.
    ///
    /// - Parameters:
    ///   - linearController: The controller; keep it alive while the screen is used.
    ///   - options: The title.
    ///   - palette: The styles.
    ///   - columns: The width in cells.
    ///   - rows: The height in lines.
    /// - Returns: The screen.
    public static func makeScreen(
        linearController: LinearHierarchyViewController, options: Options = Options(),
        palette: BrowserPalette = .horizon,
        columns: Int, rows: Int
    ) -> LinearCollectionScreen {
        linearController.loadViewIfNeeded()
        return LinearCollectionScreen(
            controller: linearController, title: options.title, palette: palette, columns: columns, rows: rows)
    }

    /// Runs a screen full-screen until the user quits, keeping `owner` alive meanwhile.
    ///
    /// - Parameters:
    ///   - owner: What the screen draws from.
    ///   - options: The theme.
    ///   - screen: Makes the screen, 80 × 24 until the terminal's size is known, in the given styles.
    /// - Returns: The signal that ended the run, if any.
    /// - Throws: ``Failure`` when standard input or output is not a terminal.
    private static func runFullScreen(
        keepingAlive owner: AnyObject, options: Options, screen: (BrowserPalette) -> any TerminalScreen
    ) async throws -> Int32? {
        try requireInteractiveTerminal()
        let capability = ColorCapability.detect(environment: ProcessInfo.processInfo.environment)
        let made = screen(BrowserPalette.forCapability(capability, theme: options.theme))
        defer { withExtendedLifetime(owner) {} }
        return await TerminalRunLoop.run(screen: made, terminal: Terminal(), capability: capability)
    }

    static func requireInteractiveTerminal() throws {
        guard Terminal.isInteractive() else {
            throw Failure(message: "standard input and output must be a terminal")
        }
    }
}
