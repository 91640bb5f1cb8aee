import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import TerminalUI

extension BrowseSession {
    /// A hierarchy view over the resolved source, with the table form's cells registered.
    ///
    /// - Parameter resolved: The opened source.
    /// - Returns: The view and its source adapter (keep the adapter alive: the view holds it weakly).
    static func makeSourceView(_ resolved: SourceResolver.Resolved) -> (HierarchyView, HierarchySourceDataSource) {
        let view = HierarchyView()
        view.register(HierarchyItemTableViewCell.self, forCellWithReuseIdentifier: "HierarchyCollectionItem")
        let adapter = HierarchySourceDataSource(source: resolved.source)
        adapter.attach(to: view)
        return (view, adapter)
    }

    /// Builds and loads the screen for a layout.
    ///
    /// - Parameters:
    ///   - resolved: The opened source and start item.
    ///   - layout: The face chosen with `--layout`.
    ///   - rightToLeft: Mirror the layout.
    ///   - palette: The styles.
    ///   - columns: The terminal width.
    ///   - rows: The terminal height.
    /// - Returns: The loaded screen.
    /// - Throws: The exit code after a one-line message when the first items cannot be read.
    static func makeScreen(
        _ resolved: SourceResolver.Resolved, layout: BrowseLayout, rightToLeft: Bool, palette: BrowserPalette,
        columns: Int, rows: Int
    ) async throws -> any TerminalScreen {
        do {
            switch layout {
            case .columns, .table:
                let table = TableBrowser.make(
                    source: resolved.source, sourceName: resolved.name,
                    presentation: layout == .table ? .always : .whenNarrow,
                    rightToLeft: rightToLeft, palette: palette, columns: columns, rows: rows)
                try await table.dataSource?.load(startingAt: resolved.startID)
                return table
            case .linearHorizontal, .linearVertical:
                let linear = LinearCollectionScreen(
                    source: resolved.source, sourceName: resolved.name,
                    axis: layout == .linearHorizontal ? .horizontal : .vertical,
                    rightToLeft: rightToLeft, palette: palette, columns: columns, rows: rows)
                try await linear.load(startingAt: resolved.startID)
                return linear
            }
        } catch {
            throw CommandLineError.report(error)
        }
    }
}
