import Foundation
import GRDB
import HierarchySources

extension SQLiteSource {
    /// Checks every page of the store (SQLite's `quick_check`: b-tree structure, records and
    /// index entries, without matching each index against its table).
    ///
    /// An edit reads and writes only the pages it needs, so SQLite accepts it on a store that
    /// is corrupt elsewhere; the command-line edits call this first, so that a corrupt store is
    /// reported and left as it is.
    ///
    /// - Throws: `HierarchySourceError.Code.malformed` naming the first problem, or the read's
    ///   error (`.io` for an unreadable file).
    /// - Complexity: O(size of the store): about half a second per million items when the
    ///   file is in the page cache.
    public func checkIntegrity() async throws {
        let path = self.path
        let problems = try await read { db in
            try String.fetchAll(db, sql: "PRAGMA quick_check(1)")
        }
        guard problems == ["ok"] else {
            let first = problems.first?.split(whereSeparator: \.isNewline).last.map(String.init) ?? "unknown damage"
            throw HierarchySourceError(.malformed, "the store is corrupt (\(first))", path: path)
        }
    }
}
