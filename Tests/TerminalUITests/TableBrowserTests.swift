import HierarchyKit
import Testing

@testable import TerminalUI

/// Drilling down and back in the table form, the mouse, the margins and the switch between
/// columns and table by width.
@MainActor
@Suite struct TableBrowserTests {
    @Test func rightOpensTheLevelAndLeftGoesBack() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24)
        #expect(table.frame.contains("‹ Prev                           Hamburg Plant"))
        await table.press(KeyEvent(.right))
        #expect(table.view.focusedPosition?.column == 2)
        #expect(table.frame.contains("Reactor line 1"))
        #expect(table.frame.split(separator: "\n")[1].contains("Production"))
        await table.press(KeyEvent(.left))
        #expect(table.view.focusedPosition?.column == 1)
        #expect(table.frame.split(separator: "\n")[1].contains("Hamburg Plant"))
        await table.press(KeyEvent(.enter), KeyEvent(.backspace))
        #expect(table.view.focusedPosition?.column == 1)
    }

    @Test func rightToLeftMirrorsTheArrows() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24, rightToLeft: true)
        await table.press(KeyEvent(.left))
        #expect(table.view.focusedPosition?.column == 2)
        await table.press(KeyEvent(.right))
        #expect(table.view.focusedPosition?.column == 1)
    }

    @Test func clickingTheIndicatorMarginOpensTheItem() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24)
        // "Utilities" is the second row (screen row 6); its indicator is in the last 5 cells.
        _ = table.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 76, y: 6)),
            .mouse(MouseEvent(kind: .release, button: .left, x: 76, y: 6)),
        ])
        await table.dataSource!.settle()
        #expect(table.frame.split(separator: "\n")[1].contains("Utilities"))
        #expect(table.frame.contains("Compressed air"))
        // The header's previous button goes back a level.
        _ = table.handle([
            .mouse(MouseEvent(kind: .press, button: .left, x: 1, y: 1)),
            .mouse(MouseEvent(kind: .release, button: .left, x: 1, y: 1)),
        ])
        await table.dataSource!.settle()
        #expect(table.frame.split(separator: "\n")[1].contains("Hamburg Plant"))
    }

    @Test func theTableShowsAtEveryWidthWhenAlways() async throws {
        let table = try await sampleTableBrowser(columns: 200, rows: 30)
        #expect(table.view.collectionViewLayout.isCompact)
        #expect(table.frame.contains("────"))
    }

    @Test(arguments: [(59, true), (60, false), (120, false), (20, true)])
    func whenNarrowSwitchesByWidth(columns: Int, showsTable: Bool) async throws {
        let table = try await sampleTableBrowser(columns: columns, rows: 24, presentation: .whenNarrow)
        #expect(table.view.collectionViewLayout.isCompact == showsTable)
        // The table draws rules under rows; the columns draw separators between columns.
        #expect(table.frame.contains("──") == showsTable)
        #expect(table.frame.contains("│") == !showsTable)
    }

    @Test func resizingSwitchesBetweenColumnsAndTable() async throws {
        let table = try await sampleTableBrowser(columns: 100, rows: 24, presentation: .whenNarrow)
        #expect(!table.frame.contains("──"))
        table.resize(columns: 50, rows: 24)
        #expect(table.frame.contains("──"))
        #expect(table.frame.contains("‹ Prev"))
        table.resize(columns: 100, rows: 24)
        #expect(!table.frame.contains("──"))
    }

    @Test func rowsAreTableCellsWithTheReservedMargin() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24)
        let snapshot = table.view.snapshot()
        let cell = try #require(snapshot.columns.first?.items.first?.cell as? HierarchyItemTableViewCell)
        let metrics = table.view.collectionViewLayout.metrics
        #expect(cell.reservedTrailingMargin(in: metrics) == metrics.indicatorWidthMultiline)
        #expect(TableRenderer.margin(of: cell, metrics: metrics, width: 79) == 5)
        cell.hierarchyIndicator.isMultiline = false
        #expect(TableRenderer.margin(of: cell, metrics: metrics, width: 79) == 8)
        #expect(TableRenderer.margin(of: cell, metrics: metrics, width: 12) == 4)
        cell.isHierarchyButtonHidden = true
        #expect(TableRenderer.margin(of: cell, metrics: metrics, width: 79) == 0)
    }

    @Test func singleLineIndicatorsShowCountAndGlyphSideBySide() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24)
        var buffer = ScreenBuffer(width: 80, height: 4)
        let snapshot = table.view.snapshot()
        var item = try #require(snapshot.columns.first?.items.first)
        item.frame = Rect(x: 0, y: 0, width: 79, height: 3)
        item.cell.hierarchyIndicator.isMultiline = false
        let renderer = TableRenderer(palette: .monochrome)
        renderer.drawRow(
            item, rtl: false, editing: false, metrics: table.view.collectionViewLayout.metrics,
            top: 0, clip: 0..<4, into: &buffer)
        // The margin's 8 cells: " 8 ▶" against the content, then free cells (the focused first
        // row previews its children from the first frame on: the open glyph).
        #expect(buffer.text(row: 0).hasSuffix("Operational  8 ▶     "))
        var mirrored = ScreenBuffer(width: 80, height: 4)
        renderer.drawRow(
            item, rtl: true, editing: false, metrics: table.view.collectionViewLayout.metrics,
            top: 0, clip: 0..<4, into: &mirrored)
        #expect(mirrored.text(row: 0).hasPrefix("    ◀ 8  Production"))
    }

    @Test func keysShareTheBrowser() async throws {
        let table = try await sampleTableBrowser(columns: 80, rows: 24)
        await table.press(key("?"))
        #expect(table.browser.showsHelp)
        await table.press(KeyEvent(.escape))
        #expect(!table.browser.showsHelp)
        #expect(table.handle([.key(key("q"))]) == [.quit])
    }
}
