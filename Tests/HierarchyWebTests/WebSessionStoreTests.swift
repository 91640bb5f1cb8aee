import Foundation
import HierarchyKit
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchyWeb

@Suite("WebSessionStore", .timeLimit(.minutes(5)))
@MainActor
struct WebSessionStoreTests {
    func makeStore(maximum: Int, clock: ManualClock) -> WebSessionStore {
        WebSessionStore(
            source: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "test", startID: nil,
            maximumSessions: maximum, idleTimeout: .seconds(60), defaultRightToLeft: false, now: { clock.now() })
    }

    @Test("sessions beyond the maximum are refused with 503; none in use is evicted", arguments: [1, 2, 5])
    func maximum(count: Int) async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: count, clock: clock)
        var ids: [String] = []
        for _ in 0..<count {
            ids.append(try await store.create(width: 800, height: 600, rightToLeft: nil).id)
            clock.advance(by: .seconds(1))
        }
        for _ in 0..<2 {
            await #expect(throws: WebError.self) {
                _ = try await store.create(width: 800, height: 600, rightToLeft: nil)
            }
            do {
                _ = try await store.create(width: 800, height: 600, rightToLeft: nil)
            } catch {
                #expect(error.status == 503)
                #expect(error.message.contains("as many sessions"))
            }
        }
        #expect(store.count == count)
        for id in ids { #expect(try store.session(id).id == id) }
    }

    @Test("an idle session makes room; one with an open push connection never expires")
    func idleMakesRoom() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 2, clock: clock)
        let streaming = try await store.create(width: 800, height: 600, rightToLeft: nil)
        #expect(streaming.openPush())
        let idle = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        _ = try store.session(idle)
        clock.advance(by: .seconds(30))
        await #expect(throws: WebError.self) { _ = try await store.create(width: 800, height: 600, rightToLeft: nil) }
        clock.advance(by: .seconds(31))
        let fresh = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        #expect(throws: WebError.self) { try store.session(idle) }
        #expect(try store.session(streaming.id) === streaming)
        #expect(try store.session(fresh).id == fresh)
        // Once its stream closes, the session is idle after the timeout like any other.
        streaming.closePush()
        clock.advance(by: .seconds(61))
        store.expire()
        #expect(store.count == 0)
    }

    @Test("a session nobody used after creating it (its client left) goes after a minute")
    func unclaimed() async throws {
        let clock = ManualClock()
        let store = WebSessionStore(
            source: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "test", startID: nil,
            maximumSessions: 4, idleTimeout: .seconds(600), defaultRightToLeft: false, now: { clock.now() })
        let before = store.count
        let left = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        let kept = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        _ = try store.session(kept)
        clock.advance(by: .seconds(61))
        store.expire()
        #expect(throws: WebError.self) { try store.session(left) }
        #expect(try store.session(kept).id == kept)
        #expect(store.count == before + 1)
    }

    @Test("over the memory limit new sessions are refused with 503")
    func memoryLimit() async throws {
        let store = WebSessionStore(
            source: GeneratedSource(rootChildren: 3, fanout: 2, depth: 2), sourceName: "test", startID: nil,
            maximumSessions: 10, idleTimeout: .seconds(60), defaultRightToLeft: false, memoryLimit: 1 << 20,
            now: { ContinuousClock.now })
        let resident = try #require(WebSessionStore.residentBytes())
        #expect(resident > 1 << 20)
        do {
            _ = try await store.create(width: 800, height: 600, rightToLeft: nil)
            Issue.record("a session was created over the memory limit")
        } catch {
            #expect(error.status == 503)
            #expect(error.message.contains("memory"))
        }
        #expect(store.count == 0)
    }

    @Test("idle sessions expire; used ones stay")
    func expiry() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 10, clock: clock)
        let idle = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        let busy = try await store.create(width: 800, height: 600, rightToLeft: true).id
        _ = try store.session(idle)
        clock.advance(by: .seconds(45))
        _ = try store.session(busy)
        clock.advance(by: .seconds(30))
        #expect(throws: WebError.notFound("unknown or expired session \"\(idle)\"; reload the page")) {
            try store.session(idle)
        }
        let rightToLeft = try await store.session(busy).run { _, session in
            session.view.collectionViewLayout.layoutDirection == .rightToLeft
        }
        #expect(rightToLeft)
        #expect(store.count == 1)
    }

    @Test("the sweeper drops an idle session without any request arriving")
    func sweeperExpiresWithoutRequests() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 4, clock: clock)
        let idle = try await store.create(width: 800, height: 600, rightToLeft: nil).id
        _ = try store.session(idle)
        // The sweeps run on a test clock: each advance by the interval is one sweep, done once
        // the sweeper sleeps again.
        let sweeps = TestClock()
        let sweeper = Task { await store.sweep(every: .seconds(1), on: sweeps) }
        defer { sweeper.cancel() }
        func sweep() async {
            await sweeps.waitForSleepers(count: 1)
            sweeps.advance(by: .seconds(1))
            await sweeps.waitForSleepers(count: 1)
        }
        clock.advance(by: .seconds(30))
        // Sweeps before the timeout keep the session.
        for _ in 0..<3 { await sweep() }
        #expect(store.count == 1)
        clock.advance(by: .seconds(31))
        await sweep()
        #expect(store.count == 0)
    }

    @Test(
        "the server sweeps at a quarter of its shortest timeout, between 1 and 15 seconds",
        arguments: [
            (Duration.seconds(8), Duration.seconds(2)), (.seconds(300), .seconds(15)),
            (.milliseconds(100), .seconds(1)),
        ])
    func sweepInterval(idle: Duration, expected: Duration) throws {
        let server = try WebTest.server(configuration: .init(idleTimeout: idle))
        #expect(server.sweepInterval == expected)
    }

    @Test("malformed ids are refused before the lookup")
    func malformedID() {
        let store = makeStore(maximum: 2, clock: ManualClock())
        #expect(throws: WebError.badRequest("malformed session id")) {
            try store.session(String(repeating: "a", count: 65))
        }
        #expect(throws: WebError.self) { try store.session("") }
    }

    @Test("a waiting request returns when its session closes")
    func closeWakesWaiters() async throws {
        let clock = ManualClock()
        let store = makeStore(maximum: 2, clock: clock)
        let session = try await store.create(width: 800, height: 600, rightToLeft: nil)
        let version = await session.run { _, session in
            await session.dataSource!.settle()
            return session.version
        }
        async let waited = session.run { _, session in
            await session.waitForChange(after: version, timeout: .seconds(600))
        }
        await Task.yield()
        store.remove(session.id)
        #expect(await waited)
        #expect(store.count == 0)
    }

    /// A flag set on one task and read on another.
    private final class Flag: Sendable {
        let value = Observed(false)
        var isSet: Bool { value.value }
        func set() { value.withLock { $0 = true } }
        func clear() { value.withLock { $0 = false } }
    }

    @Test("two sessions over a source run at once: one busy on its actor does not hold up the other")
    func sessionsRunInParallel() async throws {
        let store = makeStore(maximum: 4, clock: ManualClock())
        let busy = try await store.create(width: 800, height: 600, rightToLeft: nil)
        let other = try await store.create(width: 800, height: 600, rightToLeft: nil)
        #expect(busy.isolation !== other.isolation)
        #expect(busy.isolation !== MainActor.shared)
        let inside = Flag()
        let answered = DispatchSemaphore(value: 0)
        // The busy session holds its actor (it lays its view out, then blocks) until the other
        // session has answered. If the two were serialised the other could not answer, and the
        // busy one gives up after 120 s: a hang guard, so such a design fails instead of hanging.
        let holding = Task {
            await busy.run { _, session -> Bool in
                _ = session.snapshot(sourceName: "test")
                inside.set()
                let released = answered.wait(timeout: .now() + .seconds(120)) == .success
                inside.clear()
                return released
            }
        }
        #expect(await inside.value.until { $0 }, "the busy session started its work")
        let (columns, busyWasInside) = await other.run { _, session in
            (session.snapshot(sourceName: "test").columns.count, inside.isSet)
        }
        answered.signal()
        #expect(columns > 0)
        #expect(busyWasInside, "the other session answered while the busy one was inside its work")
        #expect(await holding.value, "the busy session was released by the other's answer")
    }

    @Test("a controller's session runs on the main actor, where its data source must be called")
    func controllerSessionOnMainActor() async throws {
        let store = WebSessionStore(
            content: .controller({ HierarchyViewController() }), sourceName: "test",
            maximumSessions: 2, idleTimeout: .seconds(60), defaultRightToLeft: false, now: { ContinuousClock.now })
        let session = try await store.create(width: 800, height: 600, rightToLeft: nil)
        #expect(session.isolation === MainActor.shared)
        // The main actor's executor, not necessarily the main thread under the test runner:
        // `assumeIsolated` checks the executor (and would stop the run on any other one).
        #expect(await session.run { _, _ in Self.checkMainActor() })
    }

    /// True, checked by the main actor's executor (stops the run when called anywhere else).
    nonisolated static func checkMainActor() -> Bool {
        MainActor.assumeIsolated { true }
    }
}
