import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchyPostgres
import HierarchySources
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchySQLite

/// Records a source's changes as they arrive.
final class ChangeRecorder: Sendable {
    private let changes = Observed<[HierarchySourceChange]>([])
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<HierarchySourceChange>) {
        let changes = self.changes
        task = Task {
            for await change in stream { changes.withLock { $0.append(change) } }
        }
    }

    deinit { task.cancel() }

    var all: [HierarchySourceChange] { changes.value }

    /// Waits for `change` to arrive (an event; the test's time limit guards a change that never
    /// comes) and says whether it did.
    func receives(_ change: HierarchySourceChange) async -> Bool {
        await changes.until { $0.contains(change) }
    }
}

@Suite("Live updates", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct LiveUpdateTests {
    @Test func postgresChangesArriveFromEditsAndPlainSQL() async throws {
        let cluster = try await sharedCluster()
        let (watcher, database) = try await makePostgresStore()
        defer { Task { await watcher.close() } }
        let changes = ChangeRecorder(watcher.changes())
        await watcher.untilListening()
        let editor = try await PostgresSource.open(try PostgresStoreURL(cluster.url(database), environment: [:]))
        defer { Task { await editor.close() } }

        let added = try await editor.addItem(parentID: "a1", title: "Pump 303", id: "p9", position: 1)
        #expect(added.id == "p9")
        #expect(await changes.receives(.inserted(id: "p9", parentID: "a1", index: 1)))
        #expect(try await watcher.children(ofID: "a1", in: 0..<10).map(\.id) == ["p1", "p9", "p2", "v1", "m1"])
        #expect(try await watcher.childCount(ofID: "a1") == 5)

        try await editor.renameItem(id: "p9", title: "Pump 303b")
        #expect(await changes.receives(.updated(id: "p9")))

        try await editor.moveItem(id: "p9", toParentID: "a2", position: 0)
        #expect(await changes.receives(.inserted(id: "p9", parentID: "a2", index: 0)))
        #expect(try await watcher.children(ofID: "a1", in: 0..<10).map(\.id) == ["p1", "p2", "v1", "m1"])
        #expect(try await watcher.childCount(ofID: "a2") == 3)

        #expect(try await editor.deleteItem(id: "p3") == 3)
        #expect(await changes.receives(.removed(id: "p3", parentID: "a2", index: 1)))
        #expect(try await watcher.childCount(ofID: "a2") == 2)
        #expect(try await watcher.node(withID: "s1") == nil)

        // Plain SQL, as anyone with a client would write it: the triggers count and notify.
        try await cluster.psql(
            database,
            "INSERT INTO hierarchy_item (id, parent, title) SELECT 'sql1', key, 'Added by SQL' FROM hierarchy_item WHERE id = 'a3'"
        )
        #expect(await changes.receives(.inserted(id: "sql1", parentID: "a3", index: 0)))
        #expect(try await watcher.childCount(ofID: "a3") == 1)
        #expect(try await watcher.search("added sql", in: 0..<5).map(\.id) == ["sql1"])

        // The edits' own shifts of positions sent nothing beyond their inserts and removals
        // (notifications arrive in commit order, and the later insert has arrived).
        #expect(!changes.all.contains(.childrenChanged(parentID: "a1")))
        // A reordering by plain SQL (positions only) tells views to read the children again.
        try await cluster.psql(
            database,
            "UPDATE hierarchy_item SET position = 1 - position WHERE position IN (0, 1) AND parent = (SELECT key FROM hierarchy_item WHERE id = 'a1')"
        )
        #expect(await changes.receives(.childrenChanged(parentID: "a1")))
        #expect(try await watcher.children(ofID: "a1", in: 0..<2).map(\.id) == ["p2", "p1"])
    }

    @Test func editsAreCheckedOnBothStores() async throws {
        for kind in StoreKind.allCases {
            let store = try #require(try await makeStore(kind) as? any HierarchyEditableSource)
            await #expect(throws: HierarchySourceError.self) {
                try await store.moveItem(id: "a2", toParentID: "s1", position: nil)
            }
            await #expect(throws: HierarchySourceError.self) { try await store.deleteItem(id: "plant") }
            await #expect(throws: HierarchySourceError.self) {
                try await store.addItem(parentID: "nope", title: "x", id: nil, position: nil)
            }
            await #expect(throws: HierarchySourceError.self) {
                try await store.addItem(parentID: "a1", title: "x", id: "p1", position: nil)
            }
            await #expect(throws: HierarchySourceError.self) { try await store.renameItem(id: "nope", title: "x") }
            _ = try await store.addItem(parentID: "a1", title: "Zeta", id: "z1", position: 99)
            try await store.moveItem(id: "p1", toParentID: "a1", position: 3)
            #expect(
                try await store.children(ofID: "a1", in: 0..<10).map(\.id) == ["p2", "v1", "m1", "p1", "z1"], "\(kind)")
            try await store.moveItem(id: "a1", toParentID: "a3", position: nil)
            #expect(try await store.path(toID: "z1").map(\.id) == ["plant", "a3", "a1", "z1"], "\(kind)")
            #expect(try await store.childCount(ofID: "plant") == 2, "\(kind)")
            #expect(try await store.deleteItem(id: "a3") == 7, "\(kind)")
            #expect(try await store.children(ofID: "plant", in: 0..<10).map(\.id) == ["a2"], "\(kind)")
            #expect(try await store.search("zeta", in: 0..<5).isEmpty, "\(kind)")
            try await store.renameItem(id: "t1", title: "Tank seventeen")
            #expect(try await store.search("seventeen", in: 0..<5).map(\.id) == ["t1"], "\(kind)")
        }
    }

    /// The store's watch polls on the clock the store is given: each commit is published at the
    /// poll after it, with no real time waited. (The time limit is the hang guard.)
    @Test(.timeLimit(.minutes(10))) func sqliteChangesFromAnotherConnectionArrive() async throws {
        let clock = TestClock()
        let watcher = try await makeSQLiteStore(clock: clock)
        let editor = try SQLiteSource(path: watcher.path)
        // Subscribing reads the watcher's starting point, so the edit below is a change to it.
        var changes = watcher.changes().makeAsyncIterator()
        func next(after edit: () async throws -> Void) async throws -> [HierarchySourceChange] {
            await clock.waitForSleepers(count: 1)
            try await edit()
            // One poll's interval: the watcher wakes once and reads the change log.
            clock.advance(by: SQLiteChangeWatcher.interval)
            var seen: [HierarchySourceChange] = []
            while let change = await changes.next() {
                seen.append(change)
                if case .inserted = change { break }
                if case .removed = change { break }
            }
            return seen
        }
        let added = try await next {
            _ = try await editor.addItem(parentID: "a2", title: "Valve 9", id: "v9", position: 0)
        }
        #expect(added.last == .inserted(id: "v9", parentID: "a2", index: 0), "\(added)")
        let removed = try await next { _ = try await editor.deleteItem(id: "v9") }
        #expect(removed.last == .removed(id: "v9", parentID: "a2", index: 0), "\(removed)")
    }

    @MainActor
    @Test(.timeLimit(.minutes(10)), arguments: StoreKind.allCases)
    func openViewGetsTheChangeAndKeepsItsFocus(_ kind: StoreKind) async throws {
        // The SQLite store's watch polls on this clock: each edit is seen at the poll after it.
        let clock = TestClock()
        let store: any HierarchySource =
            switch kind {
            case .sqlite: try await makeSQLiteStore(clock: clock)
            case .postgres: try await makeStore(kind)
            }
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: store, pageSize: 10)
        dataSource.attach(to: view)
        try await dataSource.load()
        await dataSource.settle()
        view.send(.expandItem(with: "a1"))
        await dataSource.settle()
        #expect(view.visibleItemUUIDs.last == ["p1", "p2", "v1", "m1"])
        view.send(.focusRow(2, inColumn: 2))
        #expect(view.focusedUUID == "v1")
        // (The data source subscribed in `load`: a PostgreSQL store listens from then on, an
        // SQLite watcher has read its starting point once it sleeps.)
        await (store as? PostgresSource)?.untilListening()

        // Another connection (another process in real use) adds an item above the focus.
        let editor: any HierarchyEditableSource =
            switch kind {
            case .sqlite: try SQLiteSource(path: try #require(store as? SQLiteSource).path)
            case .postgres: try await PostgresSource.open((store as! PostgresSource).url)
            }
        func edit(_ body: () async throws -> Void) async throws {
            if kind == .sqlite { await clock.waitForSleepers(count: 1) }
            try await body()
            if kind == .sqlite { clock.advance(by: SQLiteChangeWatcher.interval) }
        }
        try await edit { _ = try await editor.addItem(parentID: "a1", title: "New pump", id: "n1", position: 0) }
        // (The time it takes is measured end to end in LiveSessionTests and docs/performance.md;
        // a bound here would measure the load of the test run.)
        let arrived = await untilShown(view, dataSource) {
            view.itemCount(ofColumn: 2) == 5 && view.visibleItemUUIDs.last == ["n1", "p1", "p2", "v1"]
        }
        #expect(arrived, "\(view.visibleItemUUIDs)")
        #expect(view.focusedUUID == "v1")

        try await edit { _ = try await editor.deleteItem(id: "p2") }
        #expect(await untilShown(view, dataSource) { view.visibleItemUUIDs.last == ["n1", "p1", "v1", "m1"] })
        #expect(view.focusedUUID == "v1")
        try await edit { try await editor.renameItem(id: "v1", title: "Valve renamed") }
        #expect(await untilShown(view, dataSource) { view.cellForItem(with: "v1")?.title.text == "Valve renamed" })
        #expect(view.recentErrors.isEmpty, "\(view.recentErrors)")
        await (editor as? PostgresSource)?.close()
    }
}

@Suite("Server going away", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct ReconnectTests {
    @MainActor
    @Test func viewsSayReconnectingKeepWhatTheyShowAndRecover() async throws {
        let cluster = try await TestCluster.dedicated()
        do {
            try await outage(cluster)
        } catch {
            _ = try? await offPool { cluster.stop() }
            throw error
        }
        _ = try? await offPool { cluster.stop() }
    }

    @MainActor
    private func outage(_ cluster: TestCluster) async throws {
        let database = try await cluster.makeDatabase()
        let url = try PostgresStoreURL(cluster.url(database), environment: [:])
        _ = try await PostgresImporter(url: url).load(source: try await makeSQLiteStore())
        let store = try await PostgresSource.open(url)
        defer { Task { await store.close() } }
        let view = HierarchyView(
            layout: HierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 90, height: 12)))
        let dataSource = HierarchySourceDataSource(source: store, pageSize: 10)
        dataSource.attach(to: view)
        // The "connected again" notice stays until this clock moves, however long the poll takes to see it.
        let noticeClock = TestClock()
        dataSource.noticeClock = noticeClock
        let messages = ChangeMessages()
        dataSource.errorHandler = { messages.append($0.message) }
        try await dataSource.load()
        await dataSource.settle()
        await store.untilListening()
        let before = view.visibleItemUUIDs
        #expect(before.last == ["a1", "a2", "a3"])

        try await cluster.pause()
        #expect(await untilShown(view, dataSource) { messages.all.contains { $0.contains("reconnecting…") } })
        #expect(view.visibleItemUUIDs == before)

        try await cluster.resume()
        // The return is a notice for the status line, not an error.
        #expect(await untilShown(view, dataSource) { dataSource.connectionNote?.contains("connected again") == true })
        #expect(!messages.all.contains { $0.contains("connected again") })
        noticeClock.advance(by: dataSource.noticeDuration)
        #expect(await untilShown(view, dataSource) { dataSource.connectionNote == nil })
        // A change made after the return arrives as usual.
        let editor = try await PostgresSource.open(url)
        _ = try await editor.addItem(parentID: "plant", title: "After the outage", id: "late", position: 3)
        await editor.close()
        #expect(await untilShown(view, dataSource) { view.itemCount(ofColumn: 1) == 4 })
    }
}

/// Messages a data source reported, in order (main actor only).
@MainActor
final class ChangeMessages {
    private(set) var all: [String] = []
    func append(_ message: String) { all.append(message) }
}
