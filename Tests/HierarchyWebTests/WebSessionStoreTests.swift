import Testing
@testable import HierarchyWeb

@Suite("WebSessionStore")
@MainActor
struct WebSessionStoreTests {
    func makeStore(maximum: Int, clock: ManualClock) -> WebSessionStore {
        WebSessionStore(
            source: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "test", startID: nil,
            maximumSessions: maximum, idleTimeout: .seconds(60), defaultRightToLeft: false, now: { clock.now() })
    }

    @Test("sessions beyond the maximum evict the least recently used", arguments: [1, 2, 5])
    func maximum(count: Int) async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: count, clock: clock)
        var ids: [String] = []
        for _ in 0..<(count + 2) {
            ids.append(try await store.create(width: 800, height: 600, rightToLeft: nil).id)
            clock.advance(by: .seconds(1))
        }
        #expect(store.count == count)
        #expect(throws: WebError.self) { try store.session(ids[0]) }
        #expect(try store.session(ids[ids.count - 1]).id == ids[ids.count - 1])
    }

    @Test("idle sessions expire; used ones stay")
    func expiry() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 10, clock: clock)
        let idle = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        let busy = try await store.create(width: 800, height: 600, rightToLeft: true).id
        clock.advance(by: .seconds(45))
        _ = try store.session(busy)
        clock.advance(by: .seconds(30))
        #expect(throws: WebError.notFound("unknown or expired session \"\(idle)\"; reload the page")) { try store.session(idle) }
        #expect(try store.session(busy).view.collectionViewLayout.layoutDirection == .rightToLeft)
        #expect(store.count == 1)
    }

    @Test("malformed ids are refused before the lookup")
    func malformedID() {
        let store = makeStore(maximum: 2, clock: ManualClock())
        #expect(throws: WebError.badRequest("malformed session id")) { try store.session(String(repeating: "a", count: 65)) }
        #expect(throws: WebError.self) { try store.session("") }
    }

    @Test("a waiting request returns when its session closes")
    func closeWakesWaiters() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 2, clock: clock)
        let session = try await store.create(width: 800, height: 600, rightToLeft: nil)
        await session.dataSource!.settle()
        let version = session.version
        async let waited: Void = session.waitForChange(after: version, timeout: .seconds(600))
        await Task.yield()
        store.remove(session.id)
        await waited
        #expect(store.count == 0)
    }
}
