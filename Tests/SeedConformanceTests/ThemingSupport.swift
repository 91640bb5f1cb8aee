import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

/// Draws cells, headers and views with a stylesheet's theme in the terminal, and reads the page's
/// CSS for the same theme: the two faces the theming tests look at.
@MainActor
enum ThemingSupport {
    /// The built-in light theme with a stylesheet applied; the sheet must parse without errors
    /// or warnings (every class path and property in it is known).
    static func theme(_ sheet: String) -> Theme {
        let (parsed, diagnostics) = StyleSheet.parse(sheet, sourceName: "test.nss")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return Theme.light.applying(parsed)
    }

    /// A terminal colour from a hex colour of a test sheet.
    static func rgb(_ hex: String) -> TerminalColor {
        let color = ThemeColor(hex: hex)!
        return .rgb(color.red, color.green, color.blue)
    }

    /// A cell with every text the documents set, an indicator with a count, and a detail image.
    static func cell(status: String = "Planned", detail: HierarchyImage? = nil) -> HierarchyCollectionItem {
        let cell = HierarchyCollectionItem()
        cell.title.text = "Pump"
        cell.subtitle.text = "Rotary"
        cell.footnote.text = "Hall 3"
        cell.status.text = status
        cell.hierarchyAttributeText = "12"
        cell.detailImage = detail
        return cell
    }

    /// A snapshot item showing `cell` at the origin.
    static func item(
        _ cell: HierarchyCollectionItem, width: Double = 40, expanded: Bool = false, selected: Bool = false
    ) -> HierarchyViewSnapshot.Item {
        HierarchyViewSnapshot.Item(
            uuid: "a", column: 0, row: 0, frame: Rect(x: 0, y: 0, width: width, height: 3), cell: cell,
            isExpanded: expanded, isSelected: selected, isFocused: false)
    }

    /// A cell drawn by the column form.
    static func columnCell(_ theme: Theme, _ item: HierarchyViewSnapshot.Item, editing: Bool = false) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: Int(item.frame.width), height: 4)
        ColumnsRenderer(palette: .forTheme(theme)).drawItem(
            item, rtl: false, into: &buffer, top: 0, metrics: .terminal, clip: 0..<4, editing: editing)
        return buffer
    }

    /// A row drawn by the table form.
    static func tableRow(_ theme: Theme, _ item: HierarchyViewSnapshot.Item, editing: Bool = false) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: Int(item.frame.width), height: 4)
        TableRenderer(palette: .forTheme(theme)).drawRow(
            item, rtl: false, editing: editing, metrics: TableBrowser.metrics(for: .always), top: 0, clip: 0..<4,
            into: &buffer)
        return buffer
    }

    /// The compact header drawn 40 cells wide, with both buttons enabled.
    static func header(_ theme: Theme, title: String = "Plant") -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 40, height: 1)
        let header = HierarchyViewSnapshot.Header(
            frame: Rect(x: 0, y: 0, width: 40, height: 1), title: title, isPreviousEnabled: true, isNextEnabled: true)
        ColumnsRenderer(palette: .forTheme(theme)).drawHeader(header, rtl: false, into: &buffer, top: 0)
        return buffer
    }

    /// A view of 40 × 6 cells with one empty column, drawn by the column form.
    static func emptyView(_ theme: Theme) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 40, height: 6)
        let column = HierarchyViewSnapshot.Column(
            index: 0, parentUUID: nil, frame: Rect(x: 0, y: 0, width: 40, height: 6), itemCount: 0,
            contentOffsetY: 0, contentHeight: 0, isLoadingSiblings: false, scrollIndicator: nil, items: [])
        let snapshot = HierarchyViewSnapshot(
            size: Size(width: 40, height: 6), isCompact: false, layoutDirection: .leftToRight, header: nil,
            columns: [column], levelCount: 1, leadingLevel: 0, isEditing: false, focusedUUID: nil)
        ColumnsRenderer(palette: .forTheme(theme)).draw(snapshot, into: &buffer, top: 0, metrics: .terminal)
        return buffer
    }

    /// The first cell (left to right) of a row showing `text`'s first character where the whole
    /// text follows.
    static func find(_ text: String, in buffer: ScreenBuffer, row: Int) -> (x: Int, cell: Cell)? {
        let characters = text.map(String.init)
        guard !characters.isEmpty else { return nil }
        for x in 0..<buffer.width {
            var matches = true
            for (offset, character) in characters.enumerated() {
                guard x + offset < buffer.width, buffer[x + offset, row].grapheme == character else {
                    matches = false
                    break
                }
            }
            if matches { return (x, buffer[x, row]) }
        }
        return nil
    }

    /// The page's stylesheet for a theme.
    static func css(_ theme: Theme) -> String {
        WebPageResources.styleSheet(for: theme)
    }

    /// The declarations of the page's rule with exactly this selector, if there is one.
    static func rule(_ selector: String, in css: String) -> String? {
        for line in css.split(separator: "\n") where line.hasPrefix(selector + " { ") {
            return String(line.dropFirst(selector.count + 3))
        }
        return nil
    }
}
