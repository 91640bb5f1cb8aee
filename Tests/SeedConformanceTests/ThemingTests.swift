import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

/// "Theming — Supported class paths" of the documents: one test per class path, each proving
/// the stylesheet's effect in the terminal (a drawn frame's cells) and in the web page (the CSS
/// the page is served with for the same theme).
extension SeedConformance {
    @Suite("Theming: every documented class path changes what is drawn")
    @MainActor struct Theming {
        typealias S = ThemingSupport

        @Test("hierarchy-view-overview: fdlHierarchyViewController_hierarchyView {} (background, font-color)")
        func controllerHierarchyView() {
            let theme = S.theme(
                "fdlHierarchyViewController_hierarchyView { background-color: #102030; font-color: #A0B0C0; }")
            let frame = S.emptyView(theme)
            #expect(frame[20, 4].style.background == S.rgb("#102030"))
            let css = S.css(theme)
            #expect(S.rule("#stage", in: css)?.contains("background-color: #102030; color: #A0B0C0;") == true)
            // The controller's view alone: the hierarchy view class keeps its own.
            #expect(S.rule("#viewport", in: css)?.contains("#102030") == false)
        }

        @Test("hierarchy-view-overview: fdlFUIHierarchyView {} (the view's background)")
        func hierarchyView() {
            let theme = S.theme("fdlFUIHierarchyView { background-color: #203040; }")
            #expect(S.emptyView(theme)[20, 4].style.background == S.rgb("#203040"))
            let css = S.css(theme)
            #expect(S.rule("#viewport", in: css)?.contains("background-color: #203040;") == true)
            #expect(S.rule("#stage", in: css)?.contains("background-color: #203040;") == true)
        }

        @Test("hierarchy-view-overview: fdlFUIHierarchyView_header {} (background, border)")
        func hierarchyViewHeader() {
            let theme = S.theme(
                "fdlFUIHierarchyView_header { background-color: #304050; border-width: 2; border-style: dashed; border-color: #111111; }"
            )
            #expect(S.header(theme)[20, 0].style.background == S.rgb("#304050"))
            let rule = S.rule("#compact-header", in: S.css(theme))
            #expect(rule?.contains("background-color: #304050;") == true)
            #expect(rule?.contains("border-bottom: 2px dashed #111111;") == true)
        }

        @Test("FUIHierarchyViewHeader: fdlFUIHierarchyViewHeader {} (background, font-color)")
        func header() throws {
            let theme = S.theme("fdlFUIHierarchyViewHeader { background-color: #405060; font-color: #0A0B0C; }")
            let frame = S.header(theme)
            #expect(frame[20, 0].style.background == S.rgb("#405060"))
            let rule = try #require(S.rule("#compact-header", in: S.css(theme)))
            #expect(rule.contains("background-color: #405060;"))
        }

        @Test("FUIHierarchyViewHeader: fdlFUIHierarchyViewHeader_title {} (font-color, font-style, text-align)")
        func headerTitle() throws {
            let theme = S.theme(
                "fdlFUIHierarchyViewHeader_title { font-color: #506070; font-style: title1 bold italic; text-align: left; }"
            )
            let title = try #require(S.find("Plant", in: S.header(theme), row: 0))
            #expect(title.cell.style.foreground == S.rgb("#506070"))
            #expect(title.cell.style.bold && title.cell.style.italic)
            // Left: at the start of the room between the buttons (7 cells and a gap), not centred.
            #expect(title.x == 8)
            #expect(try #require(S.find("Plant", in: S.header(.light), row: 0)).x == 17)
            #expect(
                S.rule("#compact-header #header-title", in: S.css(theme))
                    == "color: #506070; font-size: 28px; font-weight: 700; font-style: italic; text-align: left; }")
        }

        @Test("issue 12: fdlFUIHierarchyViewHeader_titleLabel {} names the header's title too")
        func headerTitleLabel() throws {
            let theme = S.theme("fdlFUIHierarchyViewHeader_titleLabel { font-color: #516171; text-align: right; }")
            let title = try #require(S.find("Plant", in: S.header(theme), row: 0))
            #expect(title.cell.style.foreground == S.rgb("#516171"))
            #expect(title.x == 40 - 8 - 5)
            #expect(S.rule("#compact-header #header-title", in: S.css(theme))?.contains("text-align: right;") == true)
        }

        @Test("FUIHierarchyViewHeader: fdlFUIHierarchyViewHeader_leftButton {} (font-color, tint-color, font-style)")
        func headerLeftButton() throws {
            let theme = S.theme(
                "fdlFUIHierarchyViewHeader_leftButton { font-color: #607080; tint-color: #708090; font-style: body italic; }"
            )
            let frame = S.header(theme)
            let arrow = try #require(S.find("‹", in: frame, row: 0))
            let word = try #require(S.find("Prev", in: frame, row: 0))
            #expect(arrow.x == 0 && arrow.cell.style.foreground == S.rgb("#708090"))
            #expect(word.cell.style.foreground == S.rgb("#607080") && word.cell.style.italic)
            // The forward button keeps the theme's link colour.
            #expect(try #require(S.find("Next", in: frame, row: 0)).cell.style.foreground == S.rgb("#0064D9"))
            let css = S.css(theme)
            #expect(S.rule("#compact-header #prev", in: css)?.hasPrefix("color: #607080;") == true)
            #expect(S.rule("#compact-header #prev .arrow", in: css) == "color: #708090; }")
        }

        @Test("FUIHierarchyViewHeader: fdlFUIHierarchyViewHeader_rightButton {} (font-color, tint-color, background)")
        func headerRightButton() throws {
            let theme = S.theme(
                "fdlFUIHierarchyViewHeader_rightButton { font-color: #8090A0; tint-color: #90A0B0; background-color: #0B0C0D; }"
            )
            let frame = S.header(theme)
            let arrow = try #require(S.find("›", in: frame, row: 0))
            let word = try #require(S.find("Next", in: frame, row: 0))
            #expect(arrow.x == 39 && arrow.cell.style.foreground == S.rgb("#90A0B0"))
            #expect(word.cell.style.foreground == S.rgb("#8090A0") && word.cell.style.background == S.rgb("#0B0C0D"))
            let css = S.css(theme)
            #expect(S.rule("#compact-header #next", in: css)?.contains("background-color: #0B0C0D;") == true)
            #expect(S.rule("#compact-header #next .arrow", in: css) == "color: #90A0B0; }")
        }

        @Test("FUIHierarchyCollectionItem: fdlFUIHierarchyCollectionItem {} and :selected (background, border)")
        func collectionItem() throws {
            let theme = S.theme(
                """
                fdlFUIHierarchyCollectionItem { background-color: #A0B0C0; border-color: #010203; border-width: 1; border-style: solid; }
                fdlFUIHierarchyCollectionItem:selected { background-color: #B0C0D0; }
                """)
            #expect(S.columnCell(theme, S.item(S.cell()))[20, 2].style.background == S.rgb("#A0B0C0"))
            #expect(S.columnCell(theme, S.item(S.cell(), expanded: true))[20, 2].style.background == S.rgb("#B0C0D0"))
            let css = S.css(theme)
            #expect(
                S.rule("#columns .card", in: css)
                    == "background-color: #A0B0C0; color: #1D2D3E; border: 1px solid #010203; }")
            #expect(
                S.rule("#columns .card.expanded, #columns .card.selected", in: css)?.hasPrefix(
                    "background-color: #B0C0D0;") == true)
        }

        @Test("FUIHierarchyItemView: fdlFUIHierarchyItemView_title {} (font-color, font-style, text-align)")
        func itemTitle() throws {
            let theme = S.theme(
                "fdlFUIHierarchyItemView_title { font-color: #C0D0E0; font-style: headline; text-align: right; }")
            let frame = S.columnCell(theme, S.item(S.cell()))
            let title = try #require(S.find("Pump", in: frame, row: 0))
            let status = try #require(S.find("Planned", in: frame, row: 0))
            #expect(title.cell.style.foreground == S.rgb("#C0D0E0"))
            #expect(title.cell.style.bold)  // headline is semibold
            // Right-aligned in its room: it ends one cell before the status.
            #expect(title.x + 4 + 1 == status.x)
            #expect(try #require(S.find("Pump", in: S.columnCell(.light, S.item(S.cell())), row: 0)).x == 1)
            #expect(
                S.rule("#columns .card .title", in: S.css(theme))
                    == "color: #C0D0E0; font-size: 17px; font-weight: 600; font-style: normal; text-align: right; }")
        }

        @Test("FUIHierarchyItemView: fdlFUIHierarchyItemView_subtitle {} (font-color, font-style, text-align)")
        func itemSubtitle() throws {
            let theme = S.theme(
                "fdlFUIHierarchyItemView_subtitle { font-color: #D0E0F0; font-style: footnote italic; text-align: center; }"
            )
            let subtitle = try #require(S.find("Rotary", in: S.columnCell(theme, S.item(S.cell())), row: 1))
            #expect(subtitle.cell.style.foreground == S.rgb("#D0E0F0") && subtitle.cell.style.italic)
            // Centred in the text area (40 cells less the indicator's 5 and a margin each side).
            #expect(subtitle.x == 1 + (33 - 6) / 2)
            #expect(
                S.rule("#columns .card .subtitle", in: S.css(theme))
                    == "color: #D0E0F0; font-size: 13px; font-weight: 400; font-style: italic; text-align: center; }")
        }

        @Test(
            "FUIHierarchyItemView: fdlFUIHierarchyItemView_footnote {} (font-color, font-style, text-align, background)"
        )
        func itemFootnote() throws {
            let theme = S.theme(
                "fdlFUIHierarchyItemView_footnote { font-color: #E0F0A0; font-style: caption1 bold; text-align: right; background-color: #0C0D0E; }"
            )
            let footnote = try #require(S.find("Hall 3", in: S.columnCell(theme, S.item(S.cell())), row: 2))
            #expect(footnote.cell.style.foreground == S.rgb("#E0F0A0") && footnote.cell.style.bold)
            #expect(footnote.cell.style.background == S.rgb("#0C0D0E"))
            #expect(footnote.x == 1 + 33 - 6)
            #expect(
                S.rule("#columns .card .footnote", in: S.css(theme))
                    == "color: #E0F0A0; background-color: #0C0D0E; font-size: 12px; font-weight: 700; font-style: normal; text-align: right; }"
            )
        }

        @Test("FUIHierarchyItemView: fdlFUIHierarchyItemView_status {} (font-color, font-style, text-align)")
        func itemStatus() throws {
            let theme = S.theme(
                "fdlFUIHierarchyItemView_status { font-color: #F0A0B0; font-style: body italic; text-align: left; }")
            let frame = S.columnCell(theme, S.item(S.cell()))
            let status = try #require(S.find("Planned", in: frame, row: 0))
            #expect(status.cell.style.foreground == S.rgb("#F0A0B0") && status.cell.style.italic)
            // Left: right after the title, not at the far end as by default.
            #expect(status.x == 1 + 4 + 1)
            #expect(try #require(S.find("Planned", in: S.columnCell(.light, S.item(S.cell())), row: 0)).x == 1 + 33 - 7)
            #expect(
                S.rule("#columns .card .status", in: S.css(theme))
                    == "color: #F0A0B0; font-size: 17px; font-weight: 400; font-style: italic; text-align: left; }")
        }

        @Test("FUIHierarchyItemView: fdlFUIHierarchyItemView_detailImageView {} (tint-color)")
        func itemDetailImage() throws {
            let theme = S.theme("fdlFUIHierarchyItemView_detailImageView { tint-color: #A1B2C3; }")
            let cell = S.cell(detail: HierarchyImage(name: "pump", glyph: "⚙"))
            let glyph = try #require(S.find("⚙", in: S.columnCell(theme, S.item(cell)), row: 0))
            #expect(glyph.x == 1 && glyph.cell.style.foreground == S.rgb("#A1B2C3"))
            #expect(S.rule("#columns .card .detail-image", in: S.css(theme)) == "color: #A1B2C3; }")
        }

        @Test("FUIHierarchyIndicator: fdlFUIHierarchyIndicator {} (tint-color, background, border)")
        func indicator() throws {
            let theme = S.theme(
                "fdlFUIHierarchyIndicator { tint-color: #B1C2D3; background-color: #0D0E0F; border-width: 2; border-style: dotted; border-color: #123456; }"
            )
            let frame = S.columnCell(theme, S.item(S.cell()))
            let chevron = try #require(S.find("›", in: frame, row: 1))
            #expect(chevron.cell.style.foreground == S.rgb("#B1C2D3"))
            #expect(chevron.cell.style.background == S.rgb("#0D0E0F"))
            let css = S.css(theme)
            #expect(S.rule("#columns .card .indicator", in: css)?.contains("background-color: #0D0E0F;") == true)
            #expect(
                S.rule("#columns .card .indicator", in: css)?.contains("border-inline-start: 2px dotted #123456;")
                    == true)
            #expect(S.rule("#columns .card .indicator .chevron", in: css) == "color: #B1C2D3; }")
        }

        @Test("FUIHierarchyIndicator: fdlFUIHierarchyIndicator_title {} (font-color, font-style, text-align)")
        func indicatorTitle() throws {
            let theme = S.theme(
                "fdlFUIHierarchyIndicator_title { font-color: #C1D2E3; font-style: caption2 italic; text-align: left; }"
            )
            let count = try #require(S.find("12", in: S.columnCell(theme, S.item(S.cell())), row: 0))
            #expect(count.cell.style.foreground == S.rgb("#C1D2E3") && count.cell.style.italic)
            // Left in the indicator's 4 cells (the built-in themes centre it).
            #expect(count.x == 35)
            #expect(try #require(S.find("12", in: S.columnCell(.light, S.item(S.cell())), row: 0)).x == 36)
            #expect(
                S.rule("#columns .card .indicator .count", in: S.css(theme))
                    == "color: #C1D2E3; font-size: 11px; font-weight: 400; font-style: italic; text-align: left; }")
        }

        @Test("FUIHierarchyItemTableViewCell: fdlFUIBaseCollectionViewCell {} (background, border)")
        func tableCell() throws {
            let theme = S.theme(
                "fdlFUIBaseCollectionViewCell { background-color: #D1E2F3; border-width: 1; border-style: dotted; border-color: #654321; }"
            )
            let frame = S.tableRow(theme, S.item(S.cell()))
            #expect(frame[10, 1].style.background == S.rgb("#D1E2F3"))
            // The rule under the row: dotted, in the border colour.
            #expect(frame[10, 3].grapheme == "┄" && frame[10, 3].style.foreground == S.rgb("#654321"))
            // The column form keeps the collection item's look.
            #expect(S.columnCell(theme, S.item(S.cell()))[10, 1].style.background == S.rgb("#FFFFFF"))
            #expect(
                S.rule("#columns.table .card", in: S.css(theme))
                    == "background-color: #D1E2F3; color: #1D2D3E; border: 1px dotted #654321; }")
        }

        @Test(
            "FUIHierarchyItemTableViewCell: fdlFUIBaseCollectionViewCell_title {} (font-color, font-style, text-align)")
        func tableCellTitle() throws {
            let theme = S.theme(
                "fdlFUIBaseCollectionViewCell_title { font-color: #E1F2A3; font-style: title3 bold; text-align: center; }"
            )
            let title = try #require(S.find("Pump", in: S.tableRow(theme, S.item(S.cell())), row: 0))
            #expect(title.cell.style.foreground == S.rgb("#E1F2A3") && title.cell.style.bold)
            #expect(title.x > 1)
            // The column form's title is not the table cell's.
            #expect(
                try #require(S.find("Pump", in: S.columnCell(theme, S.item(S.cell())), row: 0)).cell.style.foreground
                    == S.rgb("#1D2D3E"))
            #expect(
                S.rule("#columns.table .card .title", in: S.css(theme))
                    == "color: #E1F2A3; font-size: 20px; font-weight: 700; font-style: normal; text-align: center; }")
        }

        @Test(
            "FUIHierarchyItemTableViewCell: fdlFUIBaseCollectionViewCell_subtitle {} (font-color, font-style, text-align)"
        )
        func tableCellSubtitle() throws {
            let theme = S.theme(
                "fdlFUIBaseCollectionViewCell_subtitle { font-color: #F1A2B3; font-style: callout italic; text-align: right; }"
            )
            let frame = S.tableRow(theme, S.item(S.cell()))
            let subtitle = try #require(S.find("Rotary", in: frame, row: 1))
            #expect(subtitle.cell.style.foreground == S.rgb("#F1A2B3") && subtitle.cell.style.italic)
            let plain = try #require(S.find("Rotary", in: S.tableRow(.light, S.item(S.cell())), row: 1))
            #expect(subtitle.x > plain.x)
            #expect(
                S.rule("#columns.table .card .subtitle", in: S.css(theme))
                    == "color: #F1A2B3; font-size: 16px; font-weight: 400; font-style: italic; text-align: right; }")
        }

        @Test(
            "FUIHierarchyItemTableViewCell: fdlFUIBaseCollectionViewCell_footnote {} (font-color, font-style, text-align)"
        )
        func tableCellFootnote() throws {
            let theme = S.theme(
                "fdlFUIBaseCollectionViewCell_footnote { font-color: #A2B3C4; font-style: footnote bold; text-align: center; }"
            )
            let frame = S.tableRow(theme, S.item(S.cell()))
            let footnote = try #require(S.find("Hall 3", in: frame, row: 2))
            #expect(footnote.cell.style.foreground == S.rgb("#A2B3C4") && footnote.cell.style.bold)
            let plain = try #require(S.find("Hall 3", in: S.tableRow(.light, S.item(S.cell())), row: 2))
            #expect(footnote.x > plain.x)
            #expect(
                S.rule("#columns.table .card .footnote", in: S.css(theme))
                    == "color: #A2B3C4; font-size: 13px; font-weight: 700; font-style: normal; text-align: center; }")
        }

        @Test("FUIHierarchyItemTableViewCell: fdlFUIBaseCollectionViewCell_detailImageView {} (tint-color)")
        func tableCellDetailImage() throws {
            let theme = S.theme("fdlFUIBaseCollectionViewCell_detailImageView { tint-color: #B3C4D5; }")
            let cell = S.cell(detail: HierarchyImage(name: "pump", glyph: "⚙"))
            let glyph = try #require(S.find("⚙", in: S.tableRow(theme, S.item(cell)), row: 0))
            #expect(glyph.cell.style.foreground == S.rgb("#B3C4D5"))
            #expect(S.rule("#columns.table .card .detail-image", in: S.css(theme)) == "color: #B3C4D5; }")
        }

        @Test("issue 12: every class path of the documents is known to the parser, with every documented property")
        func everyClassPathAndProperty() {
            let paths = ThemeElement.allCases.map(\.classPath) + ["fdlFUIHierarchyViewHeader_titleLabel"]
            let properties =
                "font-color: #010101; font-style: body; text-align: center; tint-color: #020202; background: #030303; border-color: #040404; border-width: 1; border-style: solid;"
            let sheet = paths.map { "\($0) { \(properties) }" }.joined(separator: "\n")
            let (parsed, diagnostics) = StyleSheet.parse(sheet, sourceName: "all.nss")
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(parsed.rules.count == paths.count)
            #expect(parsed.rules.allSatisfy { $0.style.isComplete })
            // Every element has a rule in the page, but the linear hierarchy's (no face there).
            let elements = Set(WebPageResources.elementSelectors.map(\.0))
            #expect(elements.union([.hierarchyViewHeader, .linearView, .linearCell]) == Set(ThemeElement.allCases))
        }

        @Test("the page's theme rules carry only parsed values, never stylesheet text")
        func onlyParsedValuesReachTheCSS() {
            let (sheet, _) = StyleSheet.parse(
                """
                fdlFUIHierarchyItemView_title { font-color: red; } } body { color: red } /*
                fdlFUIHierarchyItemView_subtitle { font-style: body</style><script>; }
                """, sourceName: "evil.nss")
            let css = S.css(Theme.light.applying(sheet))
            #expect(!css.contains("<") && !css.contains("body {") && !css.contains("red"))
        }
    }
}
