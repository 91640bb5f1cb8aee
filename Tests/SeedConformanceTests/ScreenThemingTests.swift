import Foundation
import HierarchySources
import HierarchyTestSupport
import ListFloorplan
import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

/// The screens around the documents' components take their look from the stylesheet too: the
/// path and status lines, the list floorplan and the linear hierarchy, in the terminal and (all
/// but the linear hierarchy, which has no face there) in the page. One test per class path.
extension SeedConformance {
    @Suite("Theming: every screen")
    @MainActor struct ScreenTheming {
        typealias S = ThemingSupport

        /// A column browser over the sample, drawn with a sheet's theme.
        static func browser(_ sheet: String, screenReader: Bool = false) async throws -> HierarchyBrowser {
            let browser = HierarchyBrowser.make(
                source: try SharedSample.source(), sourceName: "Sample plant",
                palette: .forTheme(S.theme(sheet)), columns: 80, rows: 24)
            try await browser.dataSource?.load()
            await browser.dataSource?.settle()
            return browser
        }

        /// A list screen of three parts, loaded, drawn with a sheet's theme.
        static func list(_ sheet: String) async -> ListBrowser<HierarchyListItem, HierarchyListSection> {
            let items = (1...3).map { i in
                HierarchyListItem(
                    node: HierarchyNode(id: "p\(i)", title: "Pump P-\(i)", subtitle: "Centrifugal", status: "Planned"),
                    ancestors: ["Plant"])
            }
            let loader = DataLoader<HierarchyListItem> { range, _ in
                let range = range ?? 0..<items.count
                return Array(items[min(range.lowerBound, items.count)..<min(range.upperBound, items.count)])
            }
            let list = ListBrowser.hierarchy(
                loader: loader, title: "Sample plant", palette: .forTheme(S.theme(sheet)),
                columns: 80, rows: 24)
            list.viewModel.loadTimeout = nil
            list.start()
            await list.finishPendingWork()
            return list
        }

        /// The horizontal linear browser over the sample (its root expanded), drawn with a sheet's theme.
        static func linear(_ sheet: String) async throws -> LinearCollectionScreen {
            let browser = LinearCollectionScreen(
                source: try SharedSample.source(), sourceName: "Sample plant", axis: .horizontal,
                palette: .forTheme(S.theme(sheet)), columns: 80, rows: 24)
            try await browser.load()
            return browser
        }

        /// The first cell of `text` on any row.
        static func find(_ text: String, in frame: ScreenBuffer) -> (x: Int, y: Int, cell: Cell)? {
            for y in 0..<frame.height {
                if let found = S.find(text, in: frame, row: y) { return (found.x, y, found.cell) }
            }
            return nil
        }

        @Test(
            "fdlFUIHierarchyView_pathLine: the path line's font colour, background and tint (the source's name), terminal and page"
        )
        func pathLine() async throws {
            let sheet =
                "fdlFUIHierarchyView_pathLine { font-color: #112233; background-color: #C0FFEE; tint-color: #AA0000; }"
            let frame = try await Self.browser(sheet).render()
            let path = try #require(S.find("Hamburg Plant", in: frame, row: 0))
            #expect(path.cell.style.foreground == S.rgb("#112233") && path.cell.style.background == S.rgb("#C0FFEE"))
            let name = try #require(S.find("Sample plant", in: frame, row: 0))
            #expect(name.cell.style.foreground == S.rgb("#AA0000"))
            // The linear screens share the path line.
            let linear = try await Self.linear(sheet).render()
            #expect(linear[0, 0].style.background == S.rgb("#C0FFEE"))
            let css = S.css(S.theme(sheet))
            #expect(S.rule("#bar", in: css)?.contains("background-color: #C0FFEE;") == true)
            #expect(S.rule("#bar #path", in: css)?.contains("color: #112233;") == true)
        }

        @Test(
            "fdlFUIHierarchyView_statusLine: the status line of the column, table and linear screens, and the page's status"
        )
        func statusLine() async throws {
            let sheet =
                "fdlFUIHierarchyView_statusLine { font-color: #223344; background-color: #FFEEDD; font-style: body bold; }"
            let frame = try await Self.browser(sheet).render()
            let help = try #require(S.find("? help", in: frame, row: 23))
            #expect(help.cell.style.foreground == S.rgb("#223344") && help.cell.style.background == S.rgb("#FFEEDD"))
            #expect(help.cell.style.bold)
            let linear = try await Self.linear(sheet).render()
            #expect(try #require(S.find("? help", in: linear, row: 23)).cell.style.background == S.rgb("#FFEEDD"))
            #expect(S.rule("#bar #status:not(.error)", in: S.css(S.theme(sheet)))?.contains("color: #223344;") == true)
        }

        @Test("fdlFUIListFloorplan: the list screen's rows stand on its background, terminal and page (search results)")
        func listFloorplan() async throws {
            let sheet = "fdlFUIListFloorplan { background-color: #FAFAD2; }"
            let frame = await Self.list(sheet).render()
            // A row that is not chosen, and the empty area under the rows.
            let row = try #require(Self.find("Pump P-2", in: frame), "\(frame.plainText)")
            #expect(row.cell.style.background == S.rgb("#FAFAD2"))
            #expect(frame[40, 15].style.background == S.rgb("#FAFAD2"))
            #expect(S.rule("#results", in: S.css(S.theme(sheet)))?.contains("background-color: #FAFAD2;") == true)
        }

        @Test(
            "fdlFUIListFloorplan_searchBar: the search line, its placeholder and title in the tint, terminal and page")
        func listSearchBar() async throws {
            let sheet =
                "fdlFUIListFloorplan_searchBar { font-color: #101010; background-color: #E0E0FF; tint-color: #800080; }"
            let frame = await Self.list(sheet).render()
            #expect(frame[1, 0].style.background == S.rgb("#E0E0FF"))
            #expect(try #require(S.find("/", in: frame, row: 0)).cell.style.foreground == S.rgb("#101010"))
            #expect(try #require(S.find("Sample plant", in: frame, row: 0)).cell.style.foreground == S.rgb("#800080"))
            #expect(S.rule("#bar #search", in: S.css(S.theme(sheet)))?.contains("color: #101010;") == true)
        }

        @Test("fdlFUIListFloorplan_title: each row's headline, terminal and page")
        func listTitle() async throws {
            let sheet = "fdlFUIListFloorplan_title { font-color: #0A6ED1; font-style: headline; }"
            let frame = await Self.list(sheet).render()
            let title = try #require(Self.find("Pump P-2", in: frame))
            #expect(title.cell.style.foreground == S.rgb("#0A6ED1") && title.cell.style.bold)
            let rule = S.rule("#result-list li .title", in: S.css(S.theme(sheet)))
            #expect(rule?.contains("color: #0A6ED1;") == true && rule?.contains("font-weight: 600;") == true)
            // The page gives result titles that class.
            let script = String(decoding: try WebPageResources.load().script, as: UTF8.self)
            #expect(script.contains("title.className = \"title\""))
        }

        @Test("fdlFUIListFloorplan_subtitle: each row's second line, terminal and page")
        func listSubtitle() async throws {
            let sheet = "fdlFUIListFloorplan_subtitle { font-color: #556B2F; font-style: caption1 italic; }"
            let frame = await Self.list(sheet).render()
            let lines = (0..<frame.height).map { frame.text(row: $0) }
            let y = try #require(lines.firstIndex { $0.contains("Pump P-2") }) + 1
            let x = try #require(frame.text(row: y).firstIndex { $0 != " " }).utf16Offset(in: frame.text(row: y))
            #expect(frame[x, y].style.foreground == S.rgb("#556B2F") && frame[x, y].style.italic, "\(lines[y])")
            #expect(S.rule("#result-list li .sub", in: S.css(S.theme(sheet)))?.contains("color: #556B2F;") == true)
        }

        @Test("fdlFUIListFloorplan_statusLine: the list's key line, terminal and page (the result count)")
        func listStatusLine() async throws {
            let sheet = "fdlFUIListFloorplan_statusLine { font-color: #FFFFFF; background-color: #354A5F; }"
            let frame = await Self.list(sheet).render()
            let keys = try #require(S.find("choose", in: frame, row: 23))
            #expect(keys.cell.style.foreground == S.rgb("#FFFFFF") && keys.cell.style.background == S.rgb("#354A5F"))
            #expect(
                S.rule("#results #results-head", in: S.css(S.theme(sheet)))?.contains("background-color: #354A5F;")
                    == true)
        }

        @Test(
            "fdlCBLinearHierarchyView: the linear hierarchy's background in the terminal (the page has no linear face)")
        func linearView() async throws {
            let sheet = "fdlCBLinearHierarchyView { background-color: #F0FFF0; }"
            let frame = try await Self.linear(sheet).render()
            #expect(frame[40, 10].style.background == S.rgb("#F0FFF0"))
            #expect(!S.css(S.theme(sheet)).contains("#F0FFF0"))
        }

        @Test(
            "fdlCBLinearHierarchyCell and :selected: chips in the linear browser, the active path in the selected look; cells of a CBLinearHierarchyViewController"
        )
        func linearCell() async throws {
            let sheet = """
                fdlCBLinearHierarchyCell { font-color: #8B0000; background-color: #FFF8DC; }
                fdlCBLinearHierarchyCell:selected { font-color: #FFFFFF; background-color: #00008B; }
                """
            let frame = try await Self.linear(sheet).render()
            let active = try #require(S.find("Hamburg Plant", in: frame, row: 1), "\(frame.text(row: 1))")
            #expect(
                active.cell.style.foreground == S.rgb("#FFFFFF") && active.cell.style.background == S.rgb("#00008B"))
            let chip = try #require(S.find("Utilities", in: frame, row: 1), "\(frame.text(row: 1))")
            #expect(chip.cell.style.foreground == S.rgb("#8B0000") && chip.cell.style.background == S.rgb("#FFF8DC"))
            // A controller's cells without a colour of the host's take the theme.
            let layout = LinearHierarchyFlowLayout()
            layout.itemSize = Size(width: 12, height: 1)
            let controller = LinearHierarchyViewController(collectionViewLayout: layout)
            controller.normalLHCellColor = nil
            controller.activeLHCellColor = nil
            controller.hierarchyItems = [["name": "Planets"], ["name": "Stars"]]
            let screen = LinearCollectionScreen(
                controller: controller, title: "Space", palette: .forTheme(S.theme(sheet)), columns: 40, rows: 5)
            let cells = screen.render()
            let stars = try #require(S.find("Stars", in: cells, row: 1), "\(cells.text(row: 1))")
            #expect(stars.cell.style.foreground == S.rgb("#8B0000") && stars.cell.style.background == S.rgb("#FFF8DC"))
        }
    }
}
