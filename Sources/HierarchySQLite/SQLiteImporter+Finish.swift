import Foundation
import GRDB
import HierarchySources

extension SQLiteImporter {
    /// Completes a store after the bulk insert, in one transaction: identifier
    /// index (duplicates), parent resolution (unknown parents), a root above
    /// several top-level items, dense sort keys, the children index, cycle
    /// check, child counts, the full-text index, metadata and schema stamp.
    ///
    /// - Returns: The number of items in the finished store.
    /// - Throws: `SQLiteImportError` listing bad rows by line.
    /// - Complexity: O(n log n) for the indexes; CSV adds a join, a window
    ///   sort and a recursive walk of the tree, each O(n log n).
    func finish(
        _ db: Database, plan: Plan, inserted: Inserted, inputPath: String, reporter: inout Reporter
    ) throws -> Int64 {
        let total = try Self.inTransaction(db) {
            try finishInTransaction(db, plan: plan, inserted: inserted, inputPath: inputPath, reporter: &reporter)
        }
        if plan.staging { try db.execute(sql: "DROP TABLE temp.staging") }
        try db.execute(sql: "PRAGMA journal_mode = DELETE")
        return total
    }

    private func finishInTransaction(
        _ db: Database, plan: Plan, inserted: Inserted, inputPath: String, reporter: inout Reporter
    ) throws -> Int64 {
        var total = inserted.count
        reporter.report(.indexing, items: total, force: true)
        do {
            try db.execute(sql: SQLiteSchema.createIDIndex)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw try duplicates(db, plan: plan, inputPath: inputPath)
        }
        if plan.resolveParents {
            reporter.report(.checking, items: total, force: true)
            // One pass sets both the parent and the dense position among siblings
            // (file order); the top-level items share the NULL partition, which an
            // added root keeps as its children's positions.
            try db.execute(
                sql: """
                    UPDATE item SET parent = r.parent, sort_key = r.position FROM (
                        SELECT s.key AS key, p.key AS parent,
                            row_number() OVER (PARTITION BY p.key ORDER BY s.key) - 1 AS position
                        FROM staging AS s LEFT JOIN item AS p ON p.id = s.parent_id) AS r
                    WHERE item.key = r.key
                    """)
            try unknownParents(db, inputPath: inputPath)
            let topLevel = try Int64.fetchOne(db, sql: "SELECT count(*) FROM item WHERE parent IS NULL") ?? 0
            if topLevel > 1 {
                try insertRoot(db, title: plan.rootTitle, childCount: topLevel)
                try db.execute(sql: "UPDATE item SET parent = 0 WHERE parent IS NULL AND key <> 0")
                total += 1
            }
        }
        reporter.report(.indexing, items: total, force: true)
        try db.execute(sql: SQLiteSchema.createChildrenIndex)
        if let wrapped = inserted.wrapperCount {
            if wrapped == 1 {
                try db.execute(sql: "UPDATE item SET parent = NULL WHERE parent = 0")
            } else if wrapped > 1 {
                try insertRoot(db, title: plan.rootTitle, childCount: wrapped)
                total += 1
            }
        }
        if plan.resolveParents {
            reporter.report(.checking, items: total, force: true)
            try cycles(db, total: total, inputPath: inputPath)
        }
        if plan.resolveParents || plan.recountChildren {
            try db.execute(
                sql: """
                    UPDATE item SET child_count = c.n
                    FROM (SELECT parent, count(*) AS n FROM item WHERE parent IS NOT NULL GROUP BY parent) AS c
                    WHERE item.key = c.parent
                    """)
        }
        let deferPrefixes = searchIndex && total > deferSearchPrefixesAbove
        if searchIndex {
            reporter.report(.fullTextIndexing, items: total, force: true)
            try db.execute(
                sql: deferPrefixes ? SQLiteSchema.createPrefixFreeFullTextIndex : SQLiteSchema.createFullTextIndex)
        }
        reporter.report(.finishing, items: total, force: true)
        try db.execute(
            sql: "INSERT INTO hierarchy_meta (name, value) VALUES ('dense_sort_keys', 1), ('item_count', ?)",
            arguments: [total])
        if deferPrefixes {
            try db.execute(
                sql: "INSERT INTO hierarchy_meta (name, value) VALUES (?, 0)",
                arguments: [SQLiteSchema.searchPrefixesName])
        }
        try db.execute(sql: SQLiteSchema.stamp)
        return total
    }

    /// Inserts key 0 as the root above the top-level items, with the id a document
    /// source gives its synthetic root: the first of `.`, `./`, `.//`... not taken.
    private func insertRoot(_ db: Database, title: String, childCount: Int64) throws {
        var id = "."
        while try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE id = ?", arguments: [id]) == true {
            id += "/"
        }
        try db.execute(
            sql: "INSERT INTO item (key, id, parent, sort_key, title, child_count) VALUES (0, ?, NULL, 0, ?, ?)",
            arguments: [id, title.isEmpty ? id : title, childCount])
    }

    private func duplicates(_ db: Database, plan: Plan, inputPath: String) throws -> SQLiteImportError {
        let total =
            try Int.fetchOne(
                db, sql: "SELECT sum(n - 1) FROM (SELECT count(*) AS n FROM item GROUP BY id HAVING n > 1)") ?? 0
        var problems: [HierarchySourceError] = []
        if plan.staging {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT line, id, first FROM (
                        SELECT s.line AS line, i.id AS id,
                            min(s.line) OVER (PARTITION BY i.id) AS first,
                            row_number() OVER (PARTITION BY i.id ORDER BY s.line) AS n
                        FROM item AS i JOIN staging AS s ON s.key = i.key
                        WHERE i.id IN (SELECT id FROM item GROUP BY id HAVING count(*) > 1))
                    WHERE n > 1 ORDER BY line LIMIT ?
                    """,
                arguments: [SQLiteImportError.limit])
            for row in rows {
                let id: String = row[1]
                let first: Int? = row[2]
                problems.append(
                    HierarchySourceError(
                        .duplicateID, "duplicate id \"\(id)\"" + (first.map { " (first on line \($0))" } ?? ""),
                        path: inputPath, line: row[0]))
            }
        } else {
            let ids = try String.fetchAll(
                db, sql: "SELECT id FROM item GROUP BY id HAVING count(*) > 1 LIMIT ?",
                arguments: [SQLiteImportError.limit])
            problems = ids.map { HierarchySourceError(.duplicateID, "duplicate id \"\($0)\"", path: inputPath) }
        }
        return SQLiteImportError(problems: problems, totalCount: total)
    }

    private func unknownParents(_ db: Database, inputPath: String) throws {
        let condition =
            "FROM staging AS s JOIN item AS i ON i.key = s.key WHERE s.parent_id IS NOT NULL AND i.parent IS NULL"
        let total = try Int.fetchOne(db, sql: "SELECT count(*) \(condition)") ?? 0
        guard total > 0 else { return }
        let rows = try Row.fetchAll(
            db, sql: "SELECT s.line, i.id, s.parent_id \(condition) ORDER BY s.line LIMIT ?",
            arguments: [SQLiteImportError.limit])
        let problems = rows.map { row in
            let id: String = row[1]
            let parent: String = row[2]
            return HierarchySourceError(
                .unknownParent, "unknown parent \"\(parent)\" of item \"\(id)\"", path: inputPath, line: row[0])
        }
        throw SQLiteImportError(problems: problems, totalCount: total)
    }

    /// Fails if some items cannot be reached from a top-level item (they are in
    /// a cycle of parents, or below one).
    private func cycles(_ db: Database, total: Int64, inputPath: String) throws {
        let reach = """
            WITH RECURSIVE reach(key) AS (
                SELECT key FROM item WHERE parent IS NULL
                UNION ALL
                SELECT item.key FROM item JOIN reach ON item.parent = reach.key)
            """
        let reached = try Int64.fetchOne(db, sql: "\(reach) SELECT count(*) FROM reach") ?? 0
        guard reached < total else { return }
        try db.execute(sql: "CREATE TEMP TABLE reached (key INTEGER PRIMARY KEY)")
        try db.execute(sql: "\(reach) INSERT INTO reached SELECT key FROM reach")
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.line, i.id FROM item AS i JOIN staging AS s ON s.key = i.key
                WHERE i.key NOT IN (SELECT key FROM reached) ORDER BY s.line LIMIT ?
                """,
            arguments: [SQLiteImportError.limit])
        let problems = rows.map { row in
            let id: String = row[1]
            return HierarchySourceError(
                .cycle, "item \"\(id)\" is in a cycle of parents (or below one)", path: inputPath, line: row[0])
        }
        throw SQLiteImportError(problems: problems, totalCount: Int(total - reached))
    }
}
