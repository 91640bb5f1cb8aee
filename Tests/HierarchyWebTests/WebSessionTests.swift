import HierarchyKit
import HierarchySources
import Testing

@testable import HierarchyWeb

@Suite("WebSession")
@MainActor
struct WebSessionTests {
    func makeSession(clock: ManualClock = ManualClock(), width: Double = 1200) async throws -> WebSession {
        let session = WebSession(
            id: "s", source: GeneratedSource(rootChildren: 30, fanout: 3, depth: 3),
            size: Size(width: width, height: 800), rightToLeft: false, now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        return session
    }

    @Test("a late load raises the version and wakes a waiting request")
    func versionAfterLoad() async throws {
        let session = try await makeSession()
        let before = session.version
        _ = try await session.apply(.tapIndicator(uuid: "r.3"))
        let afterTap = session.version
        #expect(afterTap > before)
        await session.waitForChange(after: afterTap, timeout: .seconds(60))
        #expect(session.version > afterTap)
        await session.dataSource!.settle()
        #expect(session.snapshot(sourceName: "t").columns.contains { $0.parent == "r.3" && $0.items.count == 3 })
    }

    @Test("waiting with nothing to wait for returns at once")
    func noWait() async throws {
        let session = try await makeSession()
        await session.waitForChange(after: session.version - 1, timeout: .seconds(600))
        session.close()
        await session.waitForChange(after: session.version, timeout: .seconds(600))
        #expect(session.version >= 0)
    }

    @Test("keys drive the engine like the terminal's")
    func keys() async throws {
        let session = try await makeSession()
        _ = try await session.apply(.key("j", shift: false))
        let first = session.view.focusedUUID
        _ = try await session.apply(.key("ArrowDown", shift: false))
        #expect(session.view.focusedUUID != first)
        _ = try await session.apply(.key("e", shift: false))
        #expect(session.view.isEditing)
        _ = try await session.apply(.key(" ", shift: false))
        #expect(session.view.selectedUUIDs.count == 1)
        _ = try await session.apply(.key("e", shift: false))
        #expect(!session.view.isEditing)
        let copied = try await session.apply(.key("y", shift: false))
        #expect(copied?.hasPrefix("Item ") == true)
    }

    @Test("typed characters within a second extend one type-select search")
    func typeSelect() async throws {
        let clock = ManualClock()
        let session = try await makeSession(clock: clock)
        #expect(session.view.focusedUUID == "r.0")
        for character in ["I", "t", "e", "m", " ", "r", ".", "2", "5"] {
            _ = try await session.apply(.key(character, shift: false))
        }
        #expect(session.view.focusedUUID == "r.25")
        clock.advance(by: .seconds(2))
        _ = try await session.apply(.key("k", shift: false))
        #expect(session.view.focusedUUID == "r.24")
    }

    @Test("type-select reaches a row far beyond the loaded pages, and the page is told")
    func typeSelectFarRow() async throws {
        let clock = ManualClock()
        let session = WebSession(
            id: "s", source: GeneratedSource(rootChildren: 100_000, fanout: 1, depth: 1),
            size: Size(width: 1200, height: 800), rightToLeft: false, now: { clock.now() })
        try await session.start(at: nil)
        await session.dataSource!.settle()
        for character in "item r.9876" {
            _ = try await session.apply(.key(String(character), shift: false))
        }
        func waitForFocus(_ uuid: String) async {
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while session.view.focusedUUID != uuid, ContinuousClock.now < deadline {
                await session.waitForChange(after: session.version, timeout: .seconds(5))
                await session.dataSource!.settle()
            }
        }
        await waitForFocus("r.9876")
        #expect(session.view.focusedUUID == "r.9876")
        _ = try await session.apply(.key("5", shift: false))
        await waitForFocus("r.98765")
        #expect(session.view.focusedUUID == "r.98765")
        let snapshot = session.snapshot(sourceName: "t")
        #expect(snapshot.columns.contains { $0.items.contains { $0.uuid == "r.98765" } })
    }

    @Test("an item not on screen is a 404")
    func unknownItem() async throws {
        let session = try await makeSession()
        await #expect(throws: WebError.self) { _ = try await session.apply(.tapItem(uuid: "r.999")) }
        await #expect(throws: WebError.self) { _ = try await session.apply(.copy(uuid: "")) }
        await #expect(throws: WebError.self) { _ = try await session.apply(.scroll(column: 50, offset: 0)) }
    }

    @Test("card heights follow the lines a card shows")
    func cardHeights() {
        let cell = HierarchyCollectionItem()
        cell.title.text = "T"
        let one = WebSession.cardHeight(of: cell)
        cell.subtitle.text = "S"
        cell.footnote.text = "F"
        let three = WebSession.cardHeight(of: cell)
        #expect(one == 64)
        #expect(three == 24 + 20 + 18 + 17)
    }
}
