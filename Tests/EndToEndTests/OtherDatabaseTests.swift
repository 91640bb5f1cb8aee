import Foundation
import HierarchyTestSupport
import Testing

/// `print` and `browse` open another program's SQLite database as its tables and rows; the
/// commands that need a HierarchyKit store say what the file holds instead.
@Suite struct OtherDatabaseTests {
    @Test func printShowsTablesAndRowsAndSearchNamesTheTables() async throws {
        let directory = try ScratchDirectory.make("other-database")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("app.db").path
        let made = try await ProgramRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/python3"),
            [
                "-c",
                """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1])
                c.executescript("create table city(id integer primary key, name text); \
                insert into city(name) values ('Hamburg'), ('Zürich'); create table note(body text);")
                c.commit()
                """,
                database,
            ])
        #expect(made.status == 0, "\(made.error)")
        let printed = try await ProgramRunner.run(["print", database])
        #expect(printed.status == 0, "\(printed.error)")
        #expect(printed.output == "app.db\n├── city\n│   ├── Hamburg\n│   └── Zürich\n└── note\n")
        let searched = try await ProgramRunner.run(["search", database, "ham"])
        #expect(searched.status == 65)
        #expect(searched.error.contains(#"tables "city", "note""#), "\(searched.error)")
    }
}
