import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// The table form of the browser: one full-width list of the current level with a header
/// (title of the parent, previous and next), drilling down with → / Enter and back with ←.
///
/// Underneath is the same `HierarchyView`, in compact width, and the same keys, mouse, path
/// line, status line and help as the column browser (``browser``); only the body is drawn
/// differently, by a ``TableRenderer``, with `HierarchyItemTableViewCell` rows.
///
/// ``Presentation/always`` shows the table at every width (`--layout table`);
/// ``Presentation/whenNarrow`` shows columns while two of `metrics.minimumColumnWidth` fit and
/// the table below that, switching as the terminal is resized.
@MainActor
public final class TableBrowser: TerminalScreen {
    /// When the table is shown.
    public enum Presentation: Sendable, Hashable {
        /// At every width.
        case always
        /// Only when the terminal is too narrow for two columns; columns otherwise.
        case whenNarrow
    }

    /// The browser doing the work: input, the path and status lines, help and copying.
    public let browser: HierarchyBrowser
    /// When the table is shown.
    public let presentation: Presentation
    private var renderer: TableRenderer

    /// The view underneath.
    public var view: HierarchyView { browser.view }
    /// The source adapter underneath, when the view shows a `HierarchySource`.
    public var dataSource: HierarchySourceDataSource? { browser.dataSource }

    /// The styles; kept in step with the browser's.
    public var palette: BrowserPalette {
        get { browser.palette }
        set {
            browser.palette = newValue
            renderer.palette = newValue
        }
    }

    /// A table over a browser; its view must use `HierarchyItemTableViewCell` cells for the
    /// reserved margin to apply (``make(source:sourceName:presentation:rightToLeft:palette:columns:rows:now:)``
    /// registers them).
    ///
    /// - Parameters:
    ///   - browser: The browser whose view, input handling and lines are used.
    ///   - presentation: When the table is shown.
    public init(browser: HierarchyBrowser, presentation: Presentation) {
        self.browser = browser
        self.presentation = presentation
        self.renderer = TableRenderer(palette: browser.palette)
        browser.bodyRenderer = { [weak self] snapshot, buffer in
            guard let self, snapshot.isCompact else { return false }
            self.renderer.draw(snapshot, into: &buffer, top: 1, metrics: self.view.collectionViewLayout.metrics)
            return true
        }
    }

    /// The terminal metrics for a presentation: compact at every width for ``Presentation/always``,
    /// compact below two minimum-width columns for ``Presentation/whenNarrow``.
    ///
    /// - Parameter presentation: When the table is shown.
    /// - Returns: The metrics.
    public static func metrics(for presentation: Presentation) -> HierarchyLayoutMetrics {
        var metrics = HierarchyLayoutMetrics.terminal
        switch presentation {
        case .always: metrics.compactWidthThreshold = .infinity
        case .whenNarrow: metrics.compactWidthThreshold = 2 * metrics.minimumColumnWidth
        }
        return metrics
    }

    /// The standard table for the terminal over any source.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - sourceName: The name on the path line.
    ///   - presentation: When the table is shown.
    ///   - rightToLeft: Mirror the rows (indicator margin on the left).
    ///   - palette: The styles.
    ///   - columns: The terminal width.
    ///   - rows: The terminal height.
    ///   - now: The clock for type-select and double clicks.
    /// - Returns: The screen; call `dataSource.load()` before showing it.
    public static func make(
        source: any HierarchySource, sourceName: String, presentation: Presentation = .always,
        rightToLeft: Bool = false, palette: BrowserPalette = .horizon, columns: Int = 80, rows: Int = 24,
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) -> TableBrowser {
        let layout = HierarchyCollectionViewLayout(
            metrics: metrics(for: presentation), size: Size(width: Double(columns), height: Double(max(0, rows - 2))),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1,
            layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
        let view = HierarchyView(layout: layout)
        view.register(HierarchyItemTableViewCell.self, forCellWithReuseIdentifier: "HierarchyCollectionItem")
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: sourceName, palette: palette,
            columns: columns, rows: rows, now: now)
        return TableBrowser(browser: browser, presentation: presentation)
    }

    // MARK: TerminalScreen

    public func handle(_ events: [InputEvent]) -> [BrowserCommand] { browser.handle(events) }

    public func render() -> ScreenBuffer { browser.render() }

    public func resize(columns: Int, rows: Int) { browser.resize(columns: columns, rows: rows) }

    public func setRedrawHandler(_ handler: (() -> Void)?) { browser.setRedrawHandler(handler) }

    public var cursorPosition: (x: Int, y: Int)? { browser.cursorPosition }

    public var redrawDeadline: ContinuousClock.Instant? { browser.redrawDeadline }
}
