import Foundation
import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

/// What the documents say cells draw: the selection state's styling, the detail image, every
/// accessory type, the indicator's single-line mode, and the path line in right-to-left.
extension SeedConformance {
    @Suite("Theming: what cells draw")
    @MainActor struct ThemingCells {
        typealias S = ThemingSupport

        /// A snapshot of one column holding `item`, for the page's snapshot.
        static func snapshot(_ item: HierarchyViewSnapshot.Item, editing: Bool = false) -> HierarchyViewSnapshot {
            let column = HierarchyViewSnapshot.Column(
                index: 0, parentUUID: nil, frame: Rect(x: 0, y: 0, width: 300, height: 400), itemCount: 1,
                contentOffsetY: 0, contentHeight: 72, isLoadingSiblings: false, scrollIndicator: nil, items: [item])
            return HierarchyViewSnapshot(
                size: Size(width: 300, height: 400), isCompact: false, layoutDirection: .leftToRight, header: nil,
                columns: [column], levelCount: 1, leadingLevel: 0, isEditing: editing, focusedUUID: nil)
        }

        static func webItem(_ item: HierarchyViewSnapshot.Item, editing: Bool = false) throws -> WebSnapshot.Item {
            let web = WebSnapshot(
                snapshot(item, editing: editing), session: "s", version: 1, selectedCount: 0, loading: false,
                message: nil)
            return try #require(web.columns.first?.items.first)
        }

        @Test(
            """
            FUIHierarchyCollectionItem / FUIHierarchyItemTableViewCell: "Depending on the selection state, the tint color \
            and button style of hierarchy icon, the font size of the title text, and the cell's background color will be \
            updated automatically" (selection in editing mode)
            """)
        func selectionStateStyling() throws {
            for draw in [S.columnCell, S.tableRow]
                as [@MainActor (Theme, HierarchyViewSnapshot.Item, Bool) -> ScreenBuffer]
            {
                let normal = draw(.light, S.item(S.cell()), true)
                let selected = draw(.light, S.item(S.cell(), selected: true), true)
                // The cell's background.
                #expect(normal[10, 1].style.background == S.rgb("#FFFFFF"))
                #expect(selected[10, 1].style.background == S.rgb("#EBF8FF"))
                // The title's weight.
                #expect(try !#require(S.find("Pump", in: normal, row: 0)).cell.style.bold)
                #expect(try #require(S.find("Pump", in: selected, row: 0)).cell.style.bold)
                // The indicator: brand tint, outlined; filled with the brand, white, when selected.
                let plainChevron = try #require(S.find("›", in: normal, row: 1)).cell.style
                let selectedChevron = try #require(S.find("›", in: selected, row: 1)).cell.style
                #expect(plainChevron.foreground == S.rgb("#0070F2"))
                #expect(
                    selectedChevron.foreground == S.rgb("#FFFFFF") && selectedChevron.background == S.rgb("#0070F2"))
            }
            // The page: the same states as rules for selected and expanded cards.
            let css = S.css(.light)
            #expect(
                S.rule("#columns .card.expanded, #columns .card.selected", in: css)?.hasPrefix(
                    "background-color: #EBF8FF;") == true)
            #expect(
                S.rule("#columns .card.expanded .title, #columns .card.selected .title", in: css)?.contains(
                    "font-weight: 700;") == true)
            #expect(S.rule("#columns .card .title", in: css)?.contains("font-weight: 400;") == true)
            #expect(
                S.rule("#columns .card.expanded .indicator, #columns .card.selected .indicator", in: css)?.hasPrefix(
                    "background-color: #0070F2;") == true)
            #expect(
                S.rule(
                    "#columns .card.expanded .indicator .chevron, #columns .card.selected .indicator .chevron", in: css)
                    == "color: #FFFFFF; }")
            // The page marks selected cards (the class these rules apply to).
            #expect(try Self.webItem(S.item(S.cell(), selected: true), editing: true).selected)
        }

        @Test("FUIHierarchyItemView: \"view.detailImage\" is drawn: a glyph in the terminal, the image in the web page")
        func detailImage() throws {
            let icon = HierarchyImage(name: "indicator.attachment", glyph: "📎")
            let frame = S.columnCell(.light, S.item(S.cell(detail: icon)))
            let glyph = try #require(S.find("📎", in: frame, row: 0))
            #expect(glyph.x == 1)
            // The texts move past the image.
            #expect(try #require(S.find("Pump", in: frame, row: 0)).x == 4)
            #expect(try #require(S.find("Rotary", in: frame, row: 1)).x == 4)
            #expect(S.find("📎", in: S.tableRow(.light, S.item(S.cell(detail: icon))), row: 0) != nil)
            let item = try Self.webItem(S.item(S.cell(detail: icon)))
            #expect(
                item.detailImage
                    == WebSnapshot.DetailImage(name: "indicator.attachment", glyph: "📎", label: "indicator.attachment"))
            let dataURL = "data:image/png;base64,iVBORw0KGgo="
            let image = try Self.webItem(S.item(S.cell(detail: HierarchyImage(name: dataURL, glyph: "▣"))))
            #expect(image.detailImage?.name == dataURL && image.detailImage?.label == "Image")
            // A hidden image view draws nothing.
            let hidden = S.cell(detail: icon)
            hidden.detailImageView.isHidden = true
            #expect(try Self.webItem(S.item(hidden)).detailImage == nil)
            #expect(S.find("📎", in: S.columnCell(.light, S.item(hidden)), row: 0) == nil)
            // The page shows data addresses as images and other names as their glyph.
            let script = String(decoding: try WebPageResources.load().script, as: UTF8.self)
            #expect(script.contains("function fillDetailImage") && script.contains("document.createElement(\"img\")"))
        }

        @Test(
            "FUIHierarchyCollectionItem: every cell.accessoryType is drawn in the column form, the table form and the web page",
            arguments: [
                (HierarchyAccessoryType.checkmark, "✓"), (.detailButton, "ⓘ"), (.detailDisclosureButton, "ⓘ›"),
                (.disclosureIndicator, "›"),
            ])
        func accessoryTypes(type: HierarchyAccessoryType, glyph: String) throws {
            let cell = S.cell()
            cell.accessoryType = type
            // The disclosure chevron stands in for a hidden indicator (the indicator is one).
            if type == .disclosureIndicator { cell.isHierarchyButtonHidden = true }
            let columns = S.columnCell(.light, S.item(cell))
            #expect(S.find(glyph, in: columns, row: 0) != nil, "\(columns.text(row: 0))")
            let table = S.tableRow(.light, S.item(cell))
            #expect(
                S.find(type == .detailDisclosureButton ? "ⓘ" : glyph, in: table, row: 0) != nil, "\(table.text(row: 0))"
            )
            let item = try Self.webItem(S.item(cell))
            #expect(item.accessory == type.glyph)
            #expect(item.accessoryType != nil)
            // In editing mode the editing accessory is drawn instead.
            cell.editingAccessoryType = .checkmark
            #expect(S.find("✓", in: S.columnCell(.light, S.item(cell), editing: true), row: 0) != nil)
        }

        @Test("FUIHierarchyCollectionItem: the accessory stays when a long status is cut to a dot")
        func accessoryBesideALongStatus() throws {
            let cell = S.cell(status: "Waiting for the spare parts from the supplier")
            cell.accessoryType = .checkmark
            let frame = S.columnCell(.light, S.item(cell))
            #expect(S.find("●", in: frame, row: 0) != nil)
            #expect(S.find("✓", in: frame, row: 0) != nil)
        }

        @Test("FUIHierarchyCollectionItem: \"cell.hierarchyIndicator.isMultiline = false\" is honoured by the web page")
        func singleLineIndicatorInThePage() throws {
            let cell = S.cell()
            #expect(try Self.webItem(S.item(cell)).multiline)
            cell.hierarchyIndicator.isMultiline = false
            #expect(try !Self.webItem(S.item(cell)).multiline)
            let page = try WebPageResources.load()
            let script = String(decoding: page.script, as: UTF8.self)
            let style = String(decoding: page.style, as: UTF8.self)
            #expect(script.contains("button.classList.toggle(\"single\", item.multiline === false)"))
            #expect(style.contains(".indicator.single { flex-direction: row;"))
        }

        @Test("hierarchy-view: the path line in right-to-left reads right to left in the web page")
        func rightToLeftPathLine() throws {
            let style = String(decoding: try WebPageResources.load().style, as: UTF8.self)
            #expect(style.contains("[dir=\"rtl\"] #path span { unicode-bidi: isolate; direction: ltr; }"))
            #expect(style.contains("[dir=\"rtl\"] #path span + span::before { content: none; }"))
            #expect(style.contains("[dir=\"rtl\"] #path span:not(:last-child)::before { content: \"\\a0‹\\a0\";"))
        }
    }
}
