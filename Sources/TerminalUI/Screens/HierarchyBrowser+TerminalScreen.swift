import HierarchyKit
import HierarchySources

extension HierarchyBrowser: TerminalScreen {
    /// Redraws when the view changes after a late answer and when loads start or finish (for
    /// the "loading…" note on the status line). Replaces the data source's activity handler.
    public func setRedrawHandler(_ handler: (() -> Void)?) {
        view.setNeedsDisplayHandler = handler
        dataSource?.activityHandler = handler.map { redraw in { _ in redraw() } }
    }

    /// When a notice on the status line leaves.
    public var redrawDeadline: ContinuousClock.Instant? { chrome.redrawDeadline }
}
