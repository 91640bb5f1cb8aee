import Foundation
import GRDB
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import HierarchyTestSupport
import Testing

/// An org chart: two roots (a NULL manager, a manager who is not in the table), a cycle of two
/// rows that no root reaches, integer ids, no index on the parent column.
let employeesSQL = """
    CREATE TABLE employees (emp_id INTEGER PRIMARY KEY, name TEXT NOT NULL, job TEXT, manager_id INTEGER, rank INTEGER);
    INSERT INTO employees VALUES
      (1, 'Ada Boss', 'CEO', NULL, 0),
      (2, 'Bob Builder', 'CTO', 1, 1),
      (3, 'Cy Counter', 'CFO', 1, 0),
      (4, 'Dee Dev', 'Engineer', 2, 0),
      (5, 'Eve Eng', 'Engineer', 2, 1),
      (10, 'Loop One', 'Consultant', 11, 0),
      (11, 'Loop Two', 'Consultant', 10, 0),
      (20, 'Zed Orphan', 'Contractor', 99, 0);
    """

/// A catalogue: text ids, one root, an index on the parent column.
let categoriesSQL = """
    CREATE TABLE categories (code TEXT PRIMARY KEY, parent_code TEXT, label TEXT);
    CREATE INDEX categories_parent ON categories (parent_code);
    INSERT INTO categories VALUES
      ('all', NULL, 'All products'), ('bikes', 'all', 'Bikes'), ('road', 'bikes', 'Road bikes'),
      ('mtb', 'bikes', 'Mountain bikes'), ('parts', 'all', 'Parts 10% off');
    CREATE TABLE twice (id TEXT, up TEXT, name TEXT);
    INSERT INTO twice VALUES ('a', NULL, 'A'), ('b', 'a', 'B'), ('a', 'b', 'A again');
    """

let employees = HierarchyTable(
    table: "employees", id: "emp_id", parent: "manager_id", title: "name", subtitle: "job", order: "rank")
let categories = HierarchyTable(table: "categories", id: "code", parent: "parent_code", title: "label")

/// Where the tables of a test live: an SQLite file, or a database of the throwaway cluster.
struct TableDatabase: Sendable {
    var location: String

    static func make(_ kind: StoreKind, _ sql: String) async throws -> TableDatabase {
        switch kind {
        case .sqlite:
            let path = try scratchDirectory().appendingPathComponent("tables.db").path
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in try db.execute(sql: sql) }
            try queue.close()
            return TableDatabase(location: path)
        case .postgres:
            let cluster = try await sharedCluster()
            let database = try await cluster.makeDatabase()
            try await cluster.psql(database, sql)
            return TableDatabase(location: cluster.url(database))
        }
    }

    func open(_ table: HierarchyTable) async throws -> any HierarchySource & TableWarnings {
        if PostgresStoreURL.isPostgresURL(location) {
            return try await PostgresTableSource.open(try PostgresStoreURL(location), table: table)
        }
        return try await SQLiteTableSource(path: location, table: table)
    }
}

protocol TableWarnings { var warnings: [String] { get } }
extension SQLiteTableSource: TableWarnings {}
extension PostgresTableSource: TableWarnings {}

@Suite("Tables of the user's own, read-only", .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct TableSourceTests {
    @Test(arguments: StoreKind.allCases)
    func anOrgChartWithTwoRootsAndACycle(_ kind: StoreKind) async throws {
        let database = try await TableDatabase.make(kind, employeesSQL)
        let source = try await database.open(employees)
        #expect(
            source.warnings == [
                "warning: the column \"manager_id\" of \"employees\" has no index, so every page of children reads the whole table; "
                    + "to add one: CREATE INDEX \"employees_manager_id_idx\" ON \"employees\" (\"manager_id\");"
            ])
        let root = try #require(try await source.root())
        #expect(root.id == "." && root.title == "employees" && root.childCount == 2)
        #expect(try await source.children(ofID: ".", in: 0..<10).map(\.title) == ["Ada Boss", "Zed Orphan"])
        #expect(try await source.childCount(ofID: "1") == 2)
        let chiefs = try await source.children(ofID: "1", in: 0..<10)
        #expect(chiefs.map(\.id) == ["3", "2"])
        #expect(chiefs.map(\.subtitle) == ["CFO", "CTO"])
        #expect(chiefs.map(\.childCount) == [0, 2])
        #expect(try await source.children(ofID: "2", in: 1..<5).map(\.title) == ["Eve Eng"])
        #expect(try await source.path(toID: "4").map(\.id) == [".", "1", "2", "4"])
        #expect(try await source.path(toID: "20").map(\.id) == [".", "20"])
        #expect(try await source.parent(ofID: "20")?.id == ".")
        #expect(try await source.parent(ofID: "5")?.id == "2")
        #expect(try await source.parent(ofID: "404") == nil)
        #expect(try await source.node(withID: "not a number") == nil)
        #expect(try await source.children(ofID: "not a number", in: 0..<5).isEmpty)
        // 99 names no row, though "Zed Orphan" names it as its parent: an unknown row has no children.
        #expect(try await source.children(ofID: "99", in: 0..<5).isEmpty)
        #expect(try await source.path(toID: "404").isEmpty)
        await #expect(throws: HierarchySourceError.self) { try await source.childCount(ofID: "404") }
        do {
            _ = try await source.path(toID: "10")
            Issue.record("a path into a cycle must fail")
        } catch let error as HierarchySourceError {
            #expect(error.code == .cycle)
            #expect(error.message.contains("\"10\" → \"11\" → \"10\""), "\(error.message)")
        }
        #expect(try await source.search("eng", in: 0..<10).map(\.title) == ["Eve Eng"])
        #expect(try await source.search("LOOP", in: 0..<10).map(\.id) == ["10", "11"])
        #expect(try await source.search("d", in: 0..<10).map(\.title) == ["Dee Dev"])
        #expect(try await source.search("o", in: 1..<10).map(\.title) == ["Zed Orphan"])
    }

    @Test(arguments: StoreKind.allCases)
    func aCatalogueWithTextIDs(_ kind: StoreKind) async throws {
        let database = try await TableDatabase.make(kind, categoriesSQL)
        let source = try await database.open(categories)
        #expect(source.warnings.isEmpty)
        #expect(try await source.root()?.id == "all")
        #expect(try await source.children(ofID: "bikes", in: 0..<10).map(\.title) == ["Mountain bikes", "Road bikes"])
        #expect(try await source.path(toID: "road").map(\.id) == ["all", "bikes", "road"])
        #expect(try await source.parent(ofID: "all") == nil)
        // LIKE's wildcards in the query are searched as text.
        #expect(try await source.search("10%", in: 0..<10).map(\.id) == ["parts"])
        #expect(try await source.search("_", in: 0..<10).isEmpty)
        // Names are matched without regard to case when that is unambiguous.
        let shouted = HierarchyTable(table: "CATEGORIES", id: "Code", parent: "PARENT_CODE", title: "Label")
        #expect(try await database.open(shouted).root()?.title == "All products")
    }

    @Test(arguments: StoreKind.allCases)
    func missingTablesColumnsAndDuplicateIDsAreNamed(_ kind: StoreKind) async throws {
        let database = try await TableDatabase.make(kind, categoriesSQL)
        var wrong = categories
        wrong.table = "products"
        await expectError(.malformed, containing: "no table \"products\"") { try await database.open(wrong) }
        wrong = categories
        wrong.parent = "parent"
        await expectError(.malformed, containing: "no column \"parent\" (its columns: code, parent_code, label)") {
            try await database.open(wrong)
        }
        let twice = HierarchyTable(table: "twice", id: "id", parent: "up", title: "name")
        await expectError(.duplicateID, containing: "\"a\" is the id of 2 rows") { try await database.open(twice) }
    }

    @Test(arguments: StoreKind.allCases)
    func aRootWhoseParentNamesNoRowIsFoundWithoutANullParent(_ kind: StoreKind) async throws {
        // The `0` convention for "no manager": the only root is found by the anti-join, not by
        // the parent column's NULLs; with a NULL root besides, both hang under the synthetic item.
        let database = try await TableDatabase.make(
            kind,
            """
            CREATE TABLE staff (id INTEGER PRIMARY KEY, boss INTEGER, name TEXT);
            CREATE INDEX staff_boss ON staff (boss);
            INSERT INTO staff VALUES (1, 0, 'Chief'), (2, 1, 'Deputy'), (3, 2, 'Clerk');
            CREATE TABLE crew (id INTEGER PRIMARY KEY, boss INTEGER, name TEXT);
            INSERT INTO crew VALUES (1, NULL, 'Captain'), (2, NULL, 'Pilot'), (3, 7, 'Stowaway'), (4, 1, 'Mate');
            """)
        let staff = try await database.open(HierarchyTable(table: "staff", id: "id", parent: "boss", title: "name"))
        let root = try #require(try await staff.root())
        #expect(root.id == "1" && root.title == "Chief" && root.childCount == 1)
        #expect(try await staff.path(toID: "3").map(\.id) == ["1", "2", "3"])
        let crew = try await database.open(HierarchyTable(table: "crew", id: "id", parent: "boss", title: "name"))
        #expect(try await crew.root()?.childCount == 3)
        #expect(try await crew.children(ofID: ".", in: 0..<10).map(\.title) == ["Captain", "Pilot", "Stowaway"])
    }

    @Test
    func aLargeTableWithoutATrigramIndexWarnsWithTheStatementThatAddsIt() async throws {
        let database = try await TableDatabase.make(
            .postgres,
            """
            CREATE TABLE assets (id integer PRIMARY KEY, up integer, name text NOT NULL);
            INSERT INTO assets SELECT g, CASE WHEN g = 0 THEN NULL ELSE (g - 1) / 10 END,
                (ARRAY['Pump', 'Valve', 'Motor'])[1 + g % 3] || ' ' || g FROM generate_series(0, 119999) g;
            CREATE INDEX assets_up ON assets (up);
            ANALYZE assets;
            """)
        let table = HierarchyTable(table: "assets", id: "id", parent: "up", title: "name")
        let statement =
            "CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE INDEX \"assets_name_trgm_idx\" ON \"assets\" USING gin (\"name\" gin_trgm_ops);"
        let before = try await database.open(table)
        #expect(
            before.warnings == [
                "warning: the column \"name\" of \"assets\" has no trigram index, so every search reads the whole table; "
                    + "to add one: " + statement
            ])
        let scanned = try await before.search("valve 11", in: 0..<5).map(\.id)
        let cluster = try await sharedCluster()
        try await cluster.psql(String(database.location.split(separator: "/").last ?? ""), statement)
        let after = try await database.open(table)
        #expect(after.warnings.isEmpty)
        #expect(try await after.search("valve 11", in: 0..<5).map(\.id) == scanned)
        #expect(scanned.count == 5)
    }

    @Test
    func aLargeTableOpensBeforeItsRowsNamingNoParentAreFound() async throws {
        let rows = """
            SELECT g, CASE WHEN g = 0 THEN NULL ELSE (g - 1) / 10 END, 'Item ' || g FROM generate_series(0, 119999) g
            """
        let database = try await TableDatabase.make(
            .postgres,
            """
            CREATE TABLE plant (id integer PRIMARY KEY, up integer, name text NOT NULL);
            INSERT INTO plant \(rows);
            INSERT INTO plant VALUES (200001, 999998, 'Lost pump'), (200000, 999999, 'Lost valve');
            CREATE INDEX plant_up ON plant (up);
            ANALYZE plant;
            CREATE TABLE yard (id integer PRIMARY KEY, up integer, name text NOT NULL);
            INSERT INTO yard \(rows);
            INSERT INTO yard VALUES (200000, NULL, 'Second root'), (200001, 999999, 'Lost crane');
            CREATE INDEX yard_up ON yard (up);
            ANALYZE yard;
            """)
        let url = try PostgresStoreURL(database.location)
        let plant = HierarchyTable(table: "plant", id: "id", parent: "up", title: "name")
        // Checked at open (print, search, export): the rows naming no parent are roots beside the
        // NULL root, under the synthetic item.
        let checked = try await PostgresTableSource.open(url, table: plant)
        #expect(try await checked.root()?.childCount == 3)
        #expect(await checked.rootCheck() == nil)
        await checked.close()

        // In the background (browse, list, serve): the NULL root at once; the finding as a note.
        let background = try await PostgresTableSource.open(url, table: plant, checkInBackground: true)
        var changes = background.changes().makeAsyncIterator()
        #expect(try await background.root()?.id == "0")
        let finding = await background.rootCheck()
        #expect(
            finding == "2 rows of \"plant\" name a parent that is not in the table and are not under the root "
                + "(such as \"200000\"; open it with --start 200000)")
        var notes: [String] = []
        while let change = await changes.next() {
            guard case .progress(let note?) = change else { continue }
            notes.append(note)
            if note == finding { break }
        }
        #expect(notes.last == finding)
        #expect(notes.count <= 2)
        #expect(try await background.root()?.id == "0")
        await background.close()

        // With two NULL roots the synthetic item is there at once; the rows found join it.
        let yard = try await PostgresTableSource.open(
            url, table: HierarchyTable(table: "yard", id: "id", parent: "up", title: "name"), checkInBackground: true)
        var yardChanges = yard.changes().makeAsyncIterator()
        let provisional = try #require(try await yard.root())
        #expect(provisional.id == ".")
        #expect(await yard.rootCheck() == nil)
        #expect(try await yard.root()?.childCount == 3)
        #expect(try await yard.children(ofID: ".", in: 0..<5).map(\.title) == ["Item 0", "Lost crane", "Second root"])
        // Subscribed while the check ran, the stream has the new children before the note ends.
        var seen: [HierarchySourceChange] = []
        while let change = await yardChanges.next() {
            seen.append(change)
            if change == .progress(nil) { break }
        }
        if seen.count > 1 {
            #expect(seen.first == .progress("checking \"yard\" for rows whose parent is not in the table…"))
            #expect(seen.contains(.childrenChanged(parentID: ".")))
        }
        await yard.close()
    }

    private func expectError(
        _ code: HierarchySourceError.Code, containing text: String, _ body: () async throws -> some Any,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            _ = try await body()
            Issue.record("expected \(code)", sourceLocation: sourceLocation)
        } catch let error as HierarchySourceError {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }
}
