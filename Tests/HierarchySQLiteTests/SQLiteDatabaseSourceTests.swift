import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// Another program's SQLite database browses as its tables and views and their rows, read-only.
@Suite("SQLiteDatabaseSource")
struct SQLiteDatabaseSourceTests {
    static func makeDatabase(in directory: TemporaryDirectory) async throws -> String {
        let path = directory.file("people.db").path
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, email TEXT, photo BLOB);
                    INSERT INTO person (name, email, photo) VALUES ('Anna', 'anna@example.org', x'00ff');
                    INSERT INTO person (name, email, photo) VALUES ('Bob', NULL, NULL);
                    INSERT INTO person (name, email, photo) VALUES ('', 'nobody@example.org', NULL);
                    DELETE FROM person WHERE name = 'Bob';
                    CREATE TABLE tag (code TEXT PRIMARY KEY, weight REAL) WITHOUT ROWID;
                    INSERT INTO tag VALUES ('b', 2.5), ('a', 1);
                    CREATE VIEW named AS SELECT name FROM person WHERE name <> '';
                    """)
        }
        try queue.close()
        return path
    }

    @Test func tablesViewsAndRows() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.makeDatabase(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let source = try SQLiteDatabaseSource(path: path)
        let root = try #require(try await source.root())
        #expect(root.title == "people.db")
        #expect(root.subtitle == "SQLite database, 2 tables, 1 view")
        let relations = try await source.children(ofID: root.id, in: 0..<10)
        #expect(relations.map(\.title) == ["named", "person", "tag"])
        #expect(relations.map(\.status) == ["view", nil, nil])
        #expect(relations[1].preview == "[id, name, email, photo]")

        let person = relations[1]
        #expect(try await source.childCount(ofID: person.id) == 2)
        let rows = try await source.children(ofID: person.id, in: 0..<10)
        // Titled by the name column (else by rowid); every column in the attributes and the preview.
        #expect(rows.map(\.title) == ["Anna", "#3"])
        #expect(rows[0].attributes == ["id": "1", "name": "Anna", "email": "anna@example.org", "photo": "<2 bytes>"])
        #expect(rows[1].preview == "{id: 3, name: , email: nobody@example.org, photo: null}")
        #expect(try await source.node(withID: rows[1].id)?.title == "#3")
        #expect(try await source.parent(ofID: rows[1].id)?.id == person.id)
        #expect(try await source.path(toID: rows[1].id).map(\.title) == ["people.db", "person", "#3"])
        #expect(try await source.children(ofID: person.id, in: 1..<2).map(\.title) == ["#3"])

        // A WITHOUT ROWID table in its primary key's order, rows named by position.
        let tags = try await source.children(ofID: relations[2].id, in: 0..<10)
        #expect(tags.map { $0.attributes["code"] } == ["a", "b"])
        #expect(tags.map(\.preview) == ["{code: a, weight: 1.0}", "{code: b, weight: 2.5}"])
        #expect(try await source.node(withID: tags[1].id)?.attributes["code"] == "b")
        #expect(try await source.children(ofID: relations[0].id, in: 0..<10).map(\.title) == ["Anna"])

        #expect(try await source.node(withID: "r/9/nothing") == nil)
        await #expect(throws: HierarchySourceError.self) { try await source.childCount(ofID: "t/nothing") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "browsing never writes")
        #expect(!SQLiteDatabaseSource.isHierarchyStore(path: path))
    }

    @Test func aStoreIsToldFromAnotherDatabase() async throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("store.db")
        try await importText("id,parent_id,title\nr,,Root\n", named: "in.csv", into: store, in: directory)
        #expect(SQLiteDatabaseSource.isHierarchyStore(path: store.path))
        #expect(!SQLiteDatabaseSource.isHierarchyStore(path: directory.file("missing.db").path))
    }
}
