import Foundation
import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

/// The table-cell document's custom accessories: `accessoryView` and `editingAccessoryView` are
/// drawn, with their text, image and tint, in the column form, the table form and the page.
extension SeedConformance {
    @Suite("Item table view cell: custom accessory views are drawn")
    @MainActor struct AccessoryViews {
        typealias S = ThemingSupport

        static let orange = ThemeColor(hex: "#E76500")!

        static func cell(_ view: HierarchyAccessoryView?, editing: HierarchyAccessoryView? = nil)
            -> HierarchyCollectionItem
        {
            let cell = S.cell()
            cell.accessoryType = .checkmark
            cell.editingAccessoryType = .detailButton
            cell.accessoryView = view
            cell.editingAccessoryView = editing
            return cell
        }

        @Test(
            "\"accessoryView\" is drawn in the column form: its text in its tint, instead of the accessoryType's glyph")
        func accessoryViewInColumns() throws {
            let cell = Self.cell(
                HierarchyAccessoryView(glyph: "★", tintColor: Self.orange, accessibilityLabel: "Favourite"))
            let frame = S.columnCell(.light, S.item(cell))
            let star = try #require(S.find("★", in: frame, row: 0), "\(frame.text(row: 0))")
            #expect(star.cell.style.foreground == S.rgb("#E76500"))
            #expect(S.find("✓", in: frame, row: 0) == nil)
            // The title is still there; the accessory sits at the far end of the text area.
            let title = try #require(S.find("Pump", in: frame, row: 0))
            #expect(star.x > title.x)
            // Without a tint it takes the cell's glyph colour.
            let plain = S.columnCell(.light, S.item(Self.cell(HierarchyAccessoryView(glyph: "⋯"))))
            let dots = try #require(S.find("⋯", in: plain, row: 0))
            #expect(
                dots.cell.style.foreground == BrowserPalette.forTheme(.light).look(.collectionItem).glyph.foreground)
        }

        @Test("\"accessoryView\" is drawn in the table form, an image by its glyph, in its tint")
        func accessoryViewInTable() throws {
            let image = HierarchyImage(name: "indicator.attachment", glyph: "📎")
            let cell = Self.cell(HierarchyAccessoryView(image: image, tintColor: Self.orange))
            let row = S.tableRow(.light, S.item(cell, width: 50))
            let clip = try #require(S.find("📎", in: row, row: 0), "\(row.text(row: 0))")
            #expect(clip.cell.style.foreground == S.rgb("#E76500"))
            #expect(S.find("✓", in: row, row: 0) == nil)
        }

        @Test(
            "\"editingAccessoryView\" is drawn in editing mode (terminal forms and page), \"accessoryView\" otherwise")
        func editingAccessoryView() throws {
            let cell = Self.cell(
                HierarchyAccessoryView(glyph: "★"),
                editing: HierarchyAccessoryView(glyph: "≡", accessibilityLabel: "Reorder"))
            for draw in [S.columnCell, S.tableRow]
                as [@MainActor (Theme, HierarchyViewSnapshot.Item, Bool) -> ScreenBuffer]
            {
                let editing = draw(.light, S.item(cell, width: 50), true)
                #expect(S.find("≡", in: editing, row: 0) != nil, "\(editing.text(row: 0))")
                #expect(S.find("★", in: editing, row: 0) == nil)
                let normal = draw(.light, S.item(cell, width: 50), false)
                #expect(S.find("★", in: normal, row: 0) != nil)
                #expect(S.find("≡", in: normal, row: 0) == nil)
            }
            let item = try ThemingCells.webItem(S.item(cell), editing: true)
            #expect(item.accessory == "≡" && item.accessoryType == "custom" && item.accessoryLabel == "Reorder")
            #expect(try ThemingCells.webItem(S.item(cell)).accessory == "★")
            // A hidden accessory view draws nothing, not even the accessory type.
            cell.accessoryView?.isHidden = true
            #expect(try ThemingCells.webItem(S.item(cell)).accessory == nil)
            #expect(S.find("✓", in: S.columnCell(.light, S.item(cell)), row: 0) == nil)
            #expect(S.find("★", in: S.columnCell(.light, S.item(cell)), row: 0) == nil)
        }

        @Test(
            "\"accessoryView\" reaches the web page through the snapshot: text, tint, image and label, drawn by the page"
        )
        func accessoryViewInThePage() throws {
            let text = try ThemingCells.webItem(
                S.item(
                    Self.cell(
                        HierarchyAccessoryView(glyph: "★", tintColor: Self.orange, accessibilityLabel: "Favourite"))))
            #expect(text.accessory == "★")
            #expect(text.accessoryType == "custom")
            #expect(text.accessoryTint == "#E76500")
            #expect(text.accessoryLabel == "Favourite")
            #expect(text.accessoryImage == nil)
            let dataURL = "data:image/png;base64,iVBORw0KGgo="
            let image = try ThemingCells.webItem(
                S.item(Self.cell(HierarchyAccessoryView(image: HierarchyImage(name: dataURL, glyph: "▣")))))
            #expect(image.accessory == "▣")
            #expect(image.accessoryImage == WebSnapshot.DetailImage(name: dataURL, glyph: "▣", label: "Image"))
            // The JSON carries the fields, and the page's script draws them.
            let json = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            #expect(json.contains("\"accessoryTint\":\"#E76500\"") && json.contains("\"accessoryLabel\":\"Favourite\""))
            let script = String(decoding: try WebPageResources.load().script, as: UTF8.self)
            #expect(script.contains("function fillAccessory") && script.contains("el.style.color = item.accessoryTint"))
            #expect(script.contains("fillAccessory(card.querySelector(\".accessory\"), item)"))
        }
    }
}
