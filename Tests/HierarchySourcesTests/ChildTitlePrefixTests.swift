import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

/// Type-select over every child of a column: the sources' search for the first child whose
/// title starts with a prefix, and the view that uses it beyond the rows it holds.
@Suite(.timeLimit(.minutes(5))) struct ChildTitlePrefixTests {
    /// 200,000 children "Item n", with a few others far apart.
    static let source = TitledChildrenSource(count: 200_000) { index in
        switch index {
        case 120: "pump house"
        case 150_000: "Émile’s valve"
        case 190_000: "Pumpe"
        default: "Item \(index)"
        }
    }

    @Test(
        "the first match from the start row, wrapping to the first row; none is nil",
        arguments: [
            ("emi", 0, 150_000), ("EMI", 160_000, 150_000), ("pu", 121, 190_000), ("pu", 190_001, 120),
            ("item 19999", 0, 19_999), ("p", 120, 120), ("zz", 0, nil), ("", 0, nil),
        ] as [(String, Int, Int?)])
    func defaultSearch(prefix: String, start: Int, expected: Int?) async throws {
        #expect(try await Self.source.indexOfChild(ofID: "root", titlePrefix: prefix, from: start) == expected)
    }

    @Test("a prefix matches titles that start with it, ignoring case and diacritics only")
    func prefixRule() {
        #expect(NameMatcher("a").isPrefix(of: "Ab"))
        #expect(NameMatcher("a").isPrefix(of: "A\u{301}b"))
        #expect(NameMatcher("emile").isPrefix(of: "Émile"))
        #expect(NameMatcher("éM").isPrefix(of: "emile"))
        #expect(!NameMatcher("abcd").isPrefix(of: "abc"))
        #expect(!NameMatcher("b").isPrefix(of: "ab"))
        #expect(NameMatcher("日本").isPrefix(of: "日本語"))
    }

    @Test("the search stops when cancelled")
    func cancelled() async throws {
        let task = Task { try await Self.source.indexOfChild(ofID: "root", titlePrefix: "zz", from: 0) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @MainActor
    @Test("type-select in a column of 200,000 reaches a row far beyond those the view holds")
    func viewReachesEveryRow() async throws {
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: Self.source, pageSize: 50)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        view.send(.focusRow(0, inColumn: 1))
        await dataSource.settle()
        let commands = HierarchyViewCommands(view: view)
        // A row the view holds is found at once.
        #expect(commands.focusItem(startingWith: "item 3"))
        #expect(view.focusedUUID == "c3")
        // One far away is found by the source; the focus moves when it answers.
        #expect(commands.focusItem(startingWith: "emi"))
        #expect(await untilShown(view, dataSource) { view.focusedUUID == "c150000" })
        await dataSource.settle()
        #expect(
            view.snapshot().columns[1].items.contains { $0.uuid == "c150000" && $0.cell.title.text == "Émile’s valve" })
        // From there on, a wrap to the top.
        #expect(commands.focusItem(startingWith: "pump h"))
        #expect(await untilShown(view, dataSource) { view.focusedUUID == "c120" })
        #expect(view.recentErrors.isEmpty)
    }
}
