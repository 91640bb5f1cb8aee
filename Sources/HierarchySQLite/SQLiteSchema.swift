import GRDB
import HierarchySources

/// The documented layout of a HierarchyKit SQLite database.
///
/// One table holds every item; the text fields are indexed by an external-content
/// FTS5 table. Integer keys link items so that the children index stays small;
/// the caller-visible identifier is the `id` text column.
///
/// ```sql
/// CREATE TABLE item (
///     key         INTEGER PRIMARY KEY,   -- internal row key (document or file order)
///     id          TEXT NOT NULL,         -- the item's identifier, unique
///     parent      INTEGER,               -- key of the parent, NULL for top-level items
///     sort_key    INTEGER NOT NULL,      -- order among siblings (ascending, unique per parent)
///     title       TEXT NOT NULL,
///     subtitle    TEXT,
///     footnote    TEXT,
///     status      TEXT,
///     child_count INTEGER NOT NULL,      -- cached number of children
///     attributes  TEXT                   -- further attributes as a JSON object, or NULL
/// );
/// CREATE UNIQUE INDEX item_id ON item(id);
/// CREATE UNIQUE INDEX item_children ON item(parent, sort_key);   -- children in order
/// CREATE VIRTUAL TABLE item_fts USING fts5(title, subtitle, footnote,
///     content='item', content_rowid='key', tokenize='unicode61 remove_diacritics 2',
///     prefix='1 2 3',                                                 -- since version 2
///     detail=none, columnsize=0);                                     -- since version 3
/// INSERT INTO item_fts(item_fts, rank) VALUES('automerge', 16), ('crisismerge', 64)  -- merges
/// CREATE TABLE hierarchy_meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
/// ```
///
/// A large store is imported with `item_fts` built without its prefix indexes and the
/// `hierarchy_meta` row `search_prefixes = 0`: it browses and searches at once (a prefix of up
/// to three characters then merges doclists, slower but with the same results), and the first
/// program that opens it writable (the importing command itself, usually) builds the indexed
/// table beside it and swaps it in, setting the row to 1 (`SQLiteSearchPrefixes`).
///
/// `PRAGMA application_id` marks the file as a HierarchyKit store and
/// `PRAGMA user_version` carries the schema version. The importers of this module
/// write `sort_key` as the dense 0-based position among siblings and record this
/// in `hierarchy_meta` (`dense_sort_keys = 1`); readers then jump to any position
/// with one index seek, and fall back to `OFFSET` for stores without the flag.
/// The first top-level item (lowest `sort_key` among `parent IS NULL`) is the root.
/// A store imported without a search index (`SQLiteImporter.searchIndex`) has
/// no `item_fts` table: it browses, and refuses to search.
///
/// Versions:
/// - 1: the layout above without the prefix indexes of `item_fts`.
/// - 2: `item_fts` also indexes every word's first 1, 2 and 3 characters
///   (`prefix='1 2 3'`), so a prefix term of up to three characters reads one
///   doclist instead of merging the doclists of every word it begins. Version 1
///   stores are still read and searched with the same queries; FTS5 then merges
///   (a one-letter prefix on 10,000,000 items takes hundreds of milliseconds).
/// - 3: `item_fts` keeps which items hold each word and prefix, not where
///   (`detail=none`), and no column sizes (`columnsize=0`): the index is a third of
///   version 2's and builds in a third of the time. Queries are single words
///   combined with AND (`FullTextQuery` splits words as the tokenizer does), which
///   every version answers alike; `highlight` still marks the title's matches (FTS5
///   tokenizes the row's title for it). Version 2 stores are read and searched too.
enum SQLiteSchema {
    /// `PRAGMA application_id` of HierarchyKit stores ("HKit").
    static let applicationID: Int32 = 0x484B_6974
    /// The schema version this build writes (and the newest it reads).
    static let version: Int32 = 3
    /// The oldest schema version this build reads.
    static let oldestReadableVersion: Int32 = 1
    /// The prefix lengths (in characters) `item_fts` indexes from version 2 on.
    static let prefixLengths = [1, 2, 3]

    /// Creates the table (without secondary indexes) in an empty database.
    static let createTables = """
        CREATE TABLE item (
            key INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            parent INTEGER,
            sort_key INTEGER NOT NULL,
            title TEXT NOT NULL,
            subtitle TEXT,
            footnote TEXT,
            status TEXT,
            child_count INTEGER NOT NULL DEFAULT 0,
            attributes TEXT
        );
        CREATE TABLE hierarchy_meta (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
        """

    /// Creates the unique identifier index (fails on duplicate identifiers).
    static let createIDIndex = "CREATE UNIQUE INDEX item_id ON item(id)"

    /// Creates the children-in-order index.
    static let createChildrenIndex = "CREATE UNIQUE INDEX item_children ON item(parent, sort_key)"

    /// How many segments of one level FTS5 merges at once (`automerge`; its default is 4).
    ///
    /// The index is written in segments of about a megabyte of pending terms, which are merged
    /// as they pile up: merging 16 at a time rewrites each posting about half as often as 4 at a
    /// time, so a 10,000,000-item rebuild takes a quarter less time. A level then holds up to 15
    /// segments, each one more seek for a query term, which the first page does not feel.
    static let fullTextAutomerge = 16
    /// How many segments of one level make FTS5 merge them all at once, in the write that adds
    /// the last (`crisismerge`; its default is 16): above `fullTextAutomerge`, so that the
    /// merges stay incremental, during the rebuild and for later edits alike.
    static let fullTextCrisisMerge = 64

    /// Creates and fills the full-text index.
    static let createFullTextIndex =
        createFullTextTable(prefixes: true) + "INSERT INTO item_fts(item_fts) VALUES('rebuild');"

    /// Creates and fills the full-text index without its prefix indexes, for a store whose
    /// short prefixes are indexed after it is in place (`SQLiteSearchPrefixes`).
    static let createPrefixFreeFullTextIndex =
        createFullTextTable(prefixes: false) + "INSERT INTO item_fts(item_fts) VALUES('rebuild');"

    /// Creates an empty `item_fts` (in `schema`) with its merge settings; with `prefixes`, the
    /// prefix indexes of `prefixLengths`.
    static func createFullTextTable(
        _ name: String = "item_fts", schema: String = "main", prefixes: Bool,
        content: String = "content='item', content_rowid='key'"
    ) -> String {
        let prefix = prefixes ? "prefix='\(prefixLengths.map(String.init).joined(separator: " "))', " : ""
        return """
            CREATE VIRTUAL TABLE \(schema).\(name) USING fts5(
                title, subtitle, footnote,
                \(content), tokenize='unicode61 remove_diacritics 2',
                \(prefix)detail=none, columnsize=0);
            INSERT INTO \(schema).\(name)(\(name), rank) VALUES('automerge', \(fullTextAutomerge));
            INSERT INTO \(schema).\(name)(\(name), rank) VALUES('crisismerge', \(fullTextCrisisMerge));

            """
    }

    /// The `hierarchy_meta` row of a store whose full-text index still lacks its prefix
    /// indexes: 0 while they are to be built, 1 once they are (see `SQLiteSearchPrefixes`).
    /// Stores without the row have them (versions 2 and 3) or never will (version 1).
    static let searchPrefixesName = "search_prefixes"

    /// Stamps the file with the application id and schema version.
    static let stamp = """
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// What a database of another schema is, and how to browse one of its tables in place.
    private static func otherSchemaMessage(_ db: Database) throws -> String {
        let tables = try String.fetchAll(
            db,
            sql:
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        )
        guard !tables.isEmpty else { return "not a HierarchyKit database (another schema, with no table)" }
        let shown = tables.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        return "not a HierarchyKit database (another schema, tables \(shown)); "
            + "browse a table of it with --table NAME --id COLUMN --parent COLUMN"
    }

    /// Checks that `db` is a HierarchyKit store of a version this build reads
    /// (`oldestReadableVersion` through `version`).
    ///
    /// - Parameters:
    ///   - db: An open connection.
    ///   - path: The file, for messages.
    /// - Throws: `HierarchySourceError` (`.malformed` for another schema,
    ///   `.unsupported` for a newer version).
    static func validate(_ db: Database, path: String) throws {
        let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let version = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        guard application == applicationID else {
            throw HierarchySourceError(.malformed, try otherSchemaMessage(db), path: path)
        }
        guard version <= Self.version else {
            throw HierarchySourceError(
                .unsupported,
                "database schema version \(version) is newer than this program supports (\(Self.version))",
                path: path)
        }
        guard version >= oldestReadableVersion, try db.tableExists("item") else {
            throw HierarchySourceError(
                .malformed, "not a HierarchyKit database (schema version \(version))", path: path)
        }
    }
}
