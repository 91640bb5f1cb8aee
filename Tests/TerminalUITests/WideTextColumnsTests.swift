import HierarchyAdapters
import HierarchyKit
import HierarchySources
import Testing

@testable import TerminalUI

/// Names that misalign columns in terminals whose width rules are wrong: CJK, emoji ZWJ
/// sequences, skin tones, flags, combining marks, right-to-left text, zero-width and control
/// characters.
enum WideTextSamples {
    static let names: [String] = [
        "日本語のファイル名", "esc\u{1B}[31mred", "中文目录", "한국어 폴더", "\u{1100}\u{1161}\u{11A8} jamo", "ＦＵＬＬ ｗｉｄｔｈ",
        "👨‍👩‍👧‍👦 family", "🏳️‍🌈 rainbow", "👩🏽‍💻 coder", "🧑🏿‍🤝‍🧑🏻 pair",
        "👍🏿 thumbs", "👋🏻👋🏼👋🏽👋🏾", "🇯🇵🇫🇷🇧🇷 flags", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "1️⃣2️⃣#️⃣ keycaps",
        "e\u{301}te\u{301} accents",
        "Z\u{324}\u{354}\u{367}\u{311}a\u{308}\u{356}l\u{36E}g\u{30C}o\u{319}\u{314} zalgo",
        "\u{301}leading mark", "שלום עולם", "مرحبا بالعالم", "evil\u{202E}txt.exe", "a\u{200F}b\u{200E}c marks",
        "zero\u{200B}width", "\u{FEFF}bom", "word\u{2060}joiner", "☺\u{FE0E} text", "☺\u{FE0F} emoji",
        "tab\there", "bell\u{07}", "c1\u{9B}2J", "new\nline", "del\u{7F}", "nul\u{0}",
        "plain ascii",
    ]

    /// A root whose first child and first grandchild hold every sample name, so three columns show them.
    static func source() throws -> InMemorySource {
        func items(_ prefix: String, nested: InMemorySource.Item? = nil) -> [InMemorySource.Item] {
            names.enumerated().map { index, name in
                InMemorySource.Item(
                    id: "\(prefix)\(index)", title: name,
                    children: index == 0 ? nested.map { [$0] } ?? [] : [])
            }
        }
        let leaves = items("c")
        let middle = items("b", nested: InMemorySource.Item(id: "bx", title: "日本語 👨‍👩‍👧‍👦 e\u{301}", children: leaves))
        return try InMemorySource(
            root: InMemorySource.Item(
                id: "root", title: "Wide",
                children: [
                    InMemorySource.Item(id: "a", title: "👩🏽‍💻 日本語 שלום", children: middle)
                ] + items("t")))
    }
}

@Suite("Wide text in columns")
@MainActor
struct WideTextColumnsTests {
    @Test(
        "Every sample has a width of 0…2 per character and pads to exactly its field",
        arguments: WideTextSamples.names)
    func padsExactly(_ name: String) {
        let shown = TerminalText.sanitize(name)
        for c in shown { #expect((0...2).contains(DisplayWidth.of(c))) }
        for width in [1, 2, 3, 7, 20, 40] {
            #expect(DisplayWidth.of(DisplayWidth.pad(shown, toWidth: width)) == width)
        }
    }

    @Test("Column borders sit in the same cell on every row", arguments: [(120, 40), (90, 30), (200, 50)])
    func bordersAlign(_ size: (Int, Int)) async throws {
        let (columns, rows) = size
        let layout = HierarchyCollectionViewLayout(
            metrics: .terminal, size: Size(width: Double(columns), height: Double(rows - 2)),
            sectionInset: EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 1), interItemSpacing: 1)
        let view = HierarchyView(layout: layout)
        let dataSource = HierarchySourceDataSource(source: try WideTextSamples.source())
        dataSource.attach(to: view)
        let browser = HierarchyBrowser(
            view: view, dataSource: dataSource, sourceName: "Wide", palette: .monochrome,
            columns: columns, rows: rows)
        try await dataSource.load()
        await dataSource.settle()
        for _ in 0..<2 {
            _ = browser.handle([.key(KeyEvent(.right))])
            await dataSource.settle()
        }
        let buffer = browser.render()
        #expect(buffer._checkInvariants() == nil)
        // The trailing cell of every column on screen: its separator (or scroll indicator).
        let edges = view.snapshot().columns
            .map { Int($0.frame.minX.rounded()) + Int($0.frame.width.rounded()) - 1 }
            .filter { (0..<buffer.width).contains($0) }
        let separators = Array(edges.dropLast())
        #expect(separators.count >= 2)
        var rowsWithBorders = 0
        for y in 0..<buffer.height {
            // A border is the separator, or the scroll indicator drawn in its cell.
            let borders = (0..<buffer.width).filter { ["│", "┃"].contains(buffer[$0, y].grapheme) }
            guard !borders.isEmpty else { continue }
            rowsWithBorders += 1
            #expect(Set(borders).isSubset(of: edges), "row \(y): \(buffer.text(row: y))")
            #expect(Set(separators).isSubset(of: borders), "row \(y): \(buffer.text(row: y))")
            // The cells of the row add up to the width of the screen, wide characters included.
            let cells = (0..<buffer.width).map { buffer[$0, y] }
            #expect(cells.reduce(0) { $0 + Int($1.width) } == buffer.width)
        }
        #expect(rowsWithBorders >= rows - 4)
        // Every sample is on screen somewhere, sanitised: no raw control character reaches a cell.
        let text = buffer.plainText
        #expect(text.contains("esc^[[31mred"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
