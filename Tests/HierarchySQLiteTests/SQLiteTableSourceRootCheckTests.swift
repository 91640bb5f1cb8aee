import Foundation
import GRDB
import HierarchyAdapters
import HierarchyKit
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// A large SQLite table opens before its rows naming no parent are found (`browse`, `list`,
/// `serve`), and the finding reaches the status line.
@Suite("SQLite table: the check for rows naming no parent in the background", .timeLimit(.minutes(10)))
struct SQLiteTableSourceRootCheckTests {
    /// 120,000 rows under one `NULL` root, ten children each, plus two rows whose parent is not
    /// in the table (`plant`); the same with a second `NULL` root and one such row (`yard`); and
    /// a table of five rows with one such row (`small`).
    static func database(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.file("tables.db").path
        let queue = try DatabaseQueue(path: path)
        let rows = """
            WITH RECURSIVE g(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM g WHERE x < 119999)
            SELECT x, CASE WHEN x = 0 THEN NULL ELSE (x - 1) / 10 END, 'Item ' || x FROM g
            """
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE plant (id INTEGER PRIMARY KEY, up INTEGER, name TEXT NOT NULL);
                    INSERT INTO plant \(rows);
                    INSERT INTO plant VALUES (200001, 999998, 'Lost pump'), (200000, 999999, 'Lost valve');
                    CREATE INDEX plant_up ON plant (up);
                    CREATE TABLE yard (id INTEGER PRIMARY KEY, up INTEGER, name TEXT NOT NULL);
                    INSERT INTO yard \(rows);
                    INSERT INTO yard VALUES (200000, NULL, 'Second root'), (200001, 999999, 'Lost crane');
                    CREATE INDEX yard_up ON yard (up);
                    CREATE TABLE small (id INTEGER PRIMARY KEY, up INTEGER, name TEXT NOT NULL);
                    INSERT INTO small VALUES (1, NULL, 'Top'), (2, 1, 'Child'), (3, 42, 'Lost');
                    CREATE INDEX small_up ON small (up);
                    """)
        }
        try queue.close()
        return path
    }

    static let plant = HierarchyTable(table: "plant", id: "id", parent: "up", title: "name")
    static let finding =
        "2 rows of \"plant\" name a parent that is not in the table and are not under the root "
        + "(such as \"200000\"; open it with --start 200000)"

    @Test func checkedAtOpenTheRowsNamingNoParentAreRoots() async throws {
        let directory = try TemporaryDirectory()
        let source = try await SQLiteTableSource(path: try Self.database(directory), table: Self.plant)
        #expect(source.rootCount == 3)
        #expect(source.rootsID == ".")
    }

    @Test func aLargeTableShowsItsRootAtOnceAndTheFindingAfterwards() async throws {
        let directory = try TemporaryDirectory()
        let source = try await SQLiteTableSource(
            path: try Self.database(directory), table: Self.plant, checkInBackground: true)
        var changes = source.changes().makeAsyncIterator()
        // The NULL root at once, browsable while the check runs.
        #expect(try await source.root()?.id == "0")
        #expect(try await source.children(ofID: "0", in: 0..<3).map(\.title) == ["Item 1", "Item 10", "Item 2"])
        #expect(await source.rootCheck() == Self.finding)
        var notes: [String?] = []
        while let change = await changes.next() {
            guard case .progress(let note) = change else { continue }
            notes.append(note)
            if note == Self.finding { break }
        }
        #expect(notes.last == Self.finding)
        // "checking…" first, unless the check ended before the subscription.
        if notes.count > 1 { #expect(notes.first == "checking \"plant\" for rows whose parent is not in the table…") }
        #expect(notes.count <= 2)
        // The one root stays the root; the rows found are reported, not added.
        #expect(try await source.root()?.id == "0")
        #expect(source.rootCount == 1)
    }

    @Test func rowsFoundJoinTheOtherRootsUnderTheSyntheticItem() async throws {
        let directory = try TemporaryDirectory()
        let table = HierarchyTable(table: "yard", id: "id", parent: "up", title: "name")
        let source = try await SQLiteTableSource(
            path: try Self.database(directory), table: table, checkInBackground: true)
        var changes = source.changes().makeAsyncIterator()
        #expect(try await source.root()?.id == ".")
        #expect(await source.rootCheck() == nil)
        #expect(try await source.root()?.childCount == 3)
        #expect(try await source.childCount(ofID: ".") == 3)
        #expect(
            try await source.children(ofID: ".", in: 0..<5).map(\.title) == ["Item 0", "Lost crane", "Second root"])
        var seen: [HierarchySourceChange] = []
        while let change = await changes.next() {
            seen.append(change)
            if change == .progress(nil) { break }
        }
        // Subscribed while the check ran, the stream has the new children before the note ends.
        if seen.count > 1 {
            #expect(seen.first == .progress("checking \"yard\" for rows whose parent is not in the table…"))
            #expect(seen.contains(.childrenChanged(parentID: ".")))
        }
    }

    @Test func aSmallTableIsCheckedAtOpenEvenWhenAskedToWait() async throws {
        let directory = try TemporaryDirectory()
        let table = HierarchyTable(table: "small", id: "id", parent: "up", title: "name")
        let source = try await SQLiteTableSource(
            path: try Self.database(directory), table: table, checkInBackground: true)
        #expect(source.rootCount == 2)
        #expect(try await source.children(ofID: ".", in: 0..<5).map(\.title) == ["Lost", "Top"])
        #expect(await source.rootCheck() == nil)
    }

    @Test func aSourceLetGoEndsItsCheck() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.database(directory)
        weak var released: SQLiteTableSource?
        do {
            let source = try await SQLiteTableSource(path: path, table: Self.plant, checkInBackground: true)
            released = source
        }
        // The check holds the source weakly: nothing keeps it alive.
        #expect(released == nil)
    }

    @MainActor
    @Test func theFindingReachesTheStatusLineOfAFace() async throws {
        let directory = try TemporaryDirectory()
        let source = try await SQLiteTableSource(
            path: try Self.database(directory), table: Self.plant, checkInBackground: true)
        let dataSource = HierarchySourceDataSource(source: source)
        let view = HierarchyView()
        dataSource.attach(to: view)
        try await dataSource.load()
        #expect(dataSource.node(for: "0")?.title == "Item 0")
        // The check itself, however long a loaded machine takes for it; then its note.
        #expect(await source.rootCheck() == Self.finding)
        #expect(await untilShown(view, dataSource) { dataSource.progressNote == Self.finding })
        let status = HierarchyViewCommands(view: view).statusText(isLoading: false, note: dataSource.progressNote)
        #expect(status.contains("2 rows of \"plant\""))
    }
}
