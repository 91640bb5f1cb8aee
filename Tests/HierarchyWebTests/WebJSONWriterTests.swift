import Foundation
import HierarchyKit
import HierarchySources
import Testing

@testable import HierarchyWeb

@Suite("WebJSONWriter")
@MainActor
struct WebJSONWriterTests {
    /// Text a browser must get back exactly: quotes, backslashes, line breaks, control
    /// characters, slashes, non-ASCII letters and emoji.
    static let awkward = "a \"quoted\" \\ back/slash\nline\r\ttab \u{1}\u{1F} é 漢字 👩‍👩‍👧 \u{2028}"

    static func image(_ name: String) -> WebSnapshot.DetailImage {
        WebSnapshot.DetailImage(name: name, glyph: "★" + awkward, label: "label " + name)
    }

    /// An item with every optional field set, and one with none.
    static func items() -> [WebSnapshot.Item] {
        let full = WebSnapshot.Item(
            uuid: "u" + awkward, row: 12_345_678, x: 8, y: -3.5, width: 0.1, height: 1e20, title: awkward,
            titleLength: 7, subtitle: "sub", footnote: "foot", status: "st", indicator: "1,024", accessory: "›",
            accessoryType: "custom", accessoryTint: "rgba(1, 2, 3, 0.5)", accessoryImage: image("data:image/png;x"),
            accessoryLabel: "accessory", multiline: true, detailImage: image("folder"), statusImage: image("dot"),
            iconImages: [image("one"), image("two")], margins: .init(top: 1.25, leading: 2, bottom: 3),
            expanded: true, selected: true, focused: true, placeholder: false, error: "cannot read\nrow",
            label: awkward, value: "v", hint: "h")
        let bare = WebSnapshot.Item(
            uuid: "b", row: 0, x: 0, y: 123_456.789, width: 1e-7, height: 64, title: nil, titleLength: nil,
            subtitle: nil, footnote: nil, status: nil, indicator: nil, accessory: nil, accessoryType: nil,
            accessoryTint: nil, accessoryImage: nil, accessoryLabel: nil, multiline: false, detailImage: nil,
            statusImage: nil, iconImages: nil, margins: nil, expanded: false, selected: false, focused: false,
            placeholder: true, error: nil, label: "", value: nil, hint: nil)
        return [full, bare]
    }

    static func parsed(_ data: some Sequence<UInt8>) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(data)) as? NSDictionary)
    }

    static func written(_ snapshot: WebSnapshot) -> [UInt8] {
        var writer = WebJSONWriter()
        snapshot.write(to: &writer)
        return writer.bytes
    }

    @Test("every field of a snapshot, set or not, reads back as JSONEncoder writes it")
    func everyField() throws {
        let column = WebSnapshot.Column(
            index: 1, parent: "p" + Self.awkward, x: 0, y: 44.5, width: 320, height: 756, itemCount: 10_000_000,
            offsetY: 1_234_567.25, contentHeight: 7.2e8, loadingSiblings: true, items: Self.items())
        let bareColumn = WebSnapshot.Column(
            index: 0, parent: nil, x: 0, y: 0, width: 0, height: 0, itemCount: 0, offsetY: 0, contentHeight: 0,
            loadingSiblings: false, items: [])
        var snapshot = WebSnapshot(
            session: "s", version: 42, status: Self.awkward, name: "name", path: ["a", Self.awkward, ""],
            width: 1280, height: 800.5, compact: false, rtl: true, editing: true, selectedCount: 2, loading: true,
            levelCount: 3, leadingLevel: 1, focused: "f",
            header: .init(
                title: "t", height: 44, previousEnabled: true, nextEnabled: false),
            columns: [bareColumn, column], message: "m\u{0}", messageIsError: true, editable: true, copied: "c")
        #expect(try Self.parsed(Self.written(snapshot)) == Self.parsed(JSONEncoder().encode(snapshot)))
        // The comparison sees a change deep inside: one item's title.
        var changed = snapshot
        changed.columns[1].items[0].title = "other"
        #expect(try Self.parsed(Self.written(snapshot)) != Self.parsed(JSONEncoder().encode(changed)))

        snapshot.focused = nil
        snapshot.header = .init(title: nil, height: 0, previousEnabled: false, nextEnabled: false)
        snapshot.message = nil
        snapshot.copied = nil
        snapshot.path = []
        let written = Self.written(snapshot)
        #expect(try Self.parsed(written) == Self.parsed(JSONEncoder().encode(snapshot)))
        // An event stream's data line holds the JSON whole: no raw line break in it.
        #expect(!written.contains(UInt8(ascii: "\n")) && !written.contains(UInt8(ascii: "\r")))
    }

    @Test("a session's snapshot reads back as JSONEncoder writes it, and a reused writer starts afresh")
    func sessionSnapshot() async throws {
        let source = try InMemorySource(
            root: .init(
                id: "r", title: "Root",
                children: [
                    .init(id: "q", title: Self.awkward, children: [.init(id: "leaf", title: "Leaf")]),
                    .init(id: "plain", title: "Plain"),
                ]))
        let session = WebSession(
            id: "s", source: source, size: Size(width: 1200, height: 800), rightToLeft: false,
            now: { ContinuousClock.now })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        _ = try await session.apply(.tapIndicator(uuid: "q"))
        await session.dataSource!.settle()
        let big = session.snapshot(sourceName: "t")
        #expect(big.columns.flatMap(\.items).contains { $0.uuid == "leaf" })
        let first = try session.encoded(big)
        #expect(try Self.parsed(first.readableBytesView) == Self.parsed(JSONEncoder().encode(big)))

        _ = try await session.apply(.resize(width: 200, height: 100))
        let small = session.snapshot(sourceName: "t")
        let second = try session.encoded(small)
        #expect(second.readableBytes < first.readableBytes)
        #expect(Array(second.readableBytesView) == Self.written(small))
        #expect(try Self.parsed(second.readableBytesView) == Self.parsed(JSONEncoder().encode(small)))
    }

    @Test("a number JSON cannot hold is an error, not a malformed answer")
    func infiniteNumber() throws {
        var snapshot = WebSnapshot(
            session: "s", version: 1, width: .infinity, height: 1, compact: false, rtl: false, editing: false,
            selectedCount: 0, loading: false, levelCount: 1, leadingLevel: 0, focused: nil, header: nil, columns: [])
        #expect(throws: WebError.self) { try WebAPI.json(snapshot) }
        snapshot.width = 1
        #expect(try Self.parsed(Self.written(snapshot))["width"] as? Int == 1)
    }

    @Test("the Server-Timing value is milliseconds with three decimals")
    func serverTiming() {
        #expect(WebAPI.serverTimingValue(.microseconds(1_234)) == "app;dur=1.234")
        #expect(WebAPI.serverTimingValue(.microseconds(5)) == "app;dur=0.005")
        #expect(WebAPI.serverTimingValue(.milliseconds(2_500) + .nanoseconds(70_900)) == "app;dur=2500.070")
        #expect(WebAPI.serverTimingValue(.zero) == "app;dur=0.000")
    }
}
