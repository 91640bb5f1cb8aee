/// The documented layout of a HierarchyKit store in PostgreSQL.
///
/// ```sql
/// CREATE TABLE hierarchy_item (
///     key         bigint PRIMARY KEY,     -- internal row key
///     id          text NOT NULL UNIQUE,   -- the item's identifier
///     parent      bigint,                 -- key of the parent, NULL for top-level items
///     position    bigint NOT NULL,        -- dense 0-based position among siblings
///     title       text NOT NULL,
///     subtitle    text, footnote text, status text,
///     child_count bigint NOT NULL DEFAULT 0,   -- maintained by the triggers below
///     attributes  jsonb                   -- further attributes, or NULL
/// );
/// CREATE INDEX hierarchy_item_children ON hierarchy_item (parent, position);
/// CREATE INDEX hierarchy_item_search ON hierarchy_item USING gin (hierarchy_search_vector(title, subtitle, footnote));
/// CREATE TABLE hierarchy_meta (name text PRIMARY KEY, value text);
/// ```
///
/// Reads the engine makes and the index each uses: a page of children
/// (`parent = $1 AND position >= $2 ORDER BY position LIMIT n`: one seek in
/// `hierarchy_item_children`), a child count (the maintained `child_count`, one primary-key
/// seek), the path to the root (a recursive CTE of primary-key seeks, one per ancestor), search
/// (the GIN index over a `simple` text-search vector of the folded title, subtitle and footnote).
///
/// Triggers keep `child_count` right and publish every change on the `hierarchy_changes`
/// channel (`NOTIFY`, JSON payloads `{"op":"insert|delete|move|update|reset","id":…,"parent":…,
/// "position":…}`), so changes made with plain SQL reach open views too. An insert without a
/// position appends the item to its parent's children. They are created after a bulk load.
enum PostgresSchema {
    /// The schema version this build reads and writes (`hierarchy_meta.schema_version`).
    static let version = 1
    /// The `LISTEN` channel changes are published on.
    static let channel = "hierarchy_changes"
    /// The columns a bulk load writes, in COPY order.
    static let copyColumns = [
        "key", "id", "parent", "position", "title", "subtitle", "footnote", "status", "child_count", "attributes",
    ]

    /// `unaccent`'s own C function declared `IMMUTABLE` (the extension declares it `STABLE`, since
    /// its dictionary could change). Only a superuser may create it; where it exists,
    /// `hierarchy_fold` calls it, and the server inlines the fold into the search index's
    /// expression instead of running a SQL function per row: the index builds about a sixth
    /// faster (docs/performance.md).
    static let immutableUnaccent = """
        CREATE OR REPLACE FUNCTION hierarchy_unaccent(regdictionary, text) RETURNS text
            LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT AS '$libdir/unaccent', 'unaccent_dict'
        """

    /// Functions the table and the indexes use (folding for search, the change trigger).
    ///
    /// - Parameter throughC: Whether ``immutableUnaccent`` was created: the fold calls it, else
    ///   `unaccent` itself behind a SQL function. Both fold alike, and the index and the searches
    ///   name only `hierarchy_search_vector`.
    /// - Returns: The statements, in order.
    static func functions(throughC: Bool) -> [String] {
        let unaccent = throughC ? "hierarchy_unaccent" : "public.unaccent"
        return [
            """
            CREATE OR REPLACE FUNCTION hierarchy_fold(t text) RETURNS text
                LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
                AS $$ SELECT lower(\(unaccent)('public.unaccent'::regdictionary, t)) $$
            """,
            """
            CREATE OR REPLACE FUNCTION hierarchy_search_vector(title text, subtitle text, footnote text) RETURNS tsvector
                LANGUAGE sql IMMUTABLE PARALLEL SAFE
                AS $$ SELECT to_tsvector('simple'::regconfig,
                    hierarchy_fold(coalesce(title, '') || ' ' || coalesce(subtitle, '') || ' ' || coalesce(footnote, ''))) $$
            """,
        ]
    }

    /// Creates the tables (without indexes or triggers: the primary key of `hierarchy_item` is
    /// added after the load, see `addPrimaryKey`).
    static let createTables = [
        """
        CREATE TABLE hierarchy_item (
            key bigint NOT NULL,
            id text NOT NULL,
            parent bigint,
            position bigint NOT NULL,
            title text NOT NULL,
            subtitle text,
            footnote text,
            status text,
            child_count bigint NOT NULL DEFAULT 0,
            attributes jsonb
        )
        """,
        """
        CREATE TABLE hierarchy_meta (name text PRIMARY KEY, value text)
        """,
    ]

    /// The primary key, added after a bulk load (one sort instead of a B-tree insertion per row
    /// during the COPY, which made the server's share of the COPY about 1.7 times as long;
    /// docs/performance.md). It also proves the keys unique before the load is checked.
    static let addPrimaryKey = "ALTER TABLE hierarchy_item ADD PRIMARY KEY (key)"

    /// The secondary indexes, built after a bulk load and its check.
    static let createIndexes = [
        "CREATE UNIQUE INDEX hierarchy_item_id ON hierarchy_item (id)",
        "CREATE INDEX hierarchy_item_children ON hierarchy_item (parent, position)",
        "CREATE INDEX hierarchy_item_search ON hierarchy_item USING gin (hierarchy_search_vector(title, subtitle, footnote))",
    ]

    /// The sequence new keys come from, and the triggers that keep counts and positions and notify.
    ///
    /// Statement-level triggers with transition tables: a statement that deletes a subtree of a
    /// million items adjusts one count and sends one notification (for the subtree's top item);
    /// a statement touching more than 1,000 top items sends one `reset` instead. Updates of
    /// `position` within a parent send `children` for that parent (a reordering by plain SQL),
    /// except in the program's own edits, which set `hierarchy.edit` for their transaction and
    /// describe their shifts themselves (insert, delete, move).
    static let createTriggers = [
        """
        CREATE SEQUENCE IF NOT EXISTS hierarchy_item_key_seq OWNED BY hierarchy_item.key
        """,
        """
        SELECT setval('hierarchy_item_key_seq', (SELECT coalesce(max(key), 0) + 1 FROM hierarchy_item), false)
        """,
        """
        ALTER TABLE hierarchy_item ALTER COLUMN key SET DEFAULT nextval('hierarchy_item_key_seq')
        """,
        """
        CREATE OR REPLACE FUNCTION hierarchy_item_position() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF NEW.position IS NULL THEN
                NEW.position := (SELECT coalesce(max(position) + 1, 0) FROM hierarchy_item
                    WHERE parent IS NOT DISTINCT FROM NEW.parent);
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION hierarchy_notify(changes json) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            IF json_array_length(changes) > 1000 THEN
                PERFORM pg_notify('\(channel)', '{"op":"reset"}');
            ELSIF json_array_length(changes) > 0 THEN
                PERFORM pg_notify('\(channel)', c::text) FROM json_array_elements(changes) c;
            END IF;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION hierarchy_item_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE hierarchy_item p SET child_count = p.child_count + c.n
            FROM (SELECT parent, count(*) n FROM new_rows WHERE parent IS NOT NULL GROUP BY parent) c
            WHERE p.key = c.parent;
            PERFORM hierarchy_notify(coalesce((SELECT json_agg(json_build_object('op', 'insert', 'id', n.id,
                'parent', p.id, 'position', n.position)) FROM new_rows n LEFT JOIN hierarchy_item p ON p.key = n.parent
                WHERE n.parent IS NULL OR n.parent NOT IN (SELECT key FROM new_rows)), '[]'));
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION hierarchy_item_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE hierarchy_item p SET child_count = greatest(0, p.child_count - c.n)
            FROM (SELECT parent, count(*) n FROM old_rows WHERE parent IS NOT NULL GROUP BY parent) c
            WHERE p.key = c.parent;
            PERFORM hierarchy_notify(coalesce((SELECT json_agg(json_build_object('op', 'delete', 'id', o.id,
                'parent', p.id, 'position', o.position)) FROM old_rows o JOIN hierarchy_item p ON p.key = o.parent), '[]'));
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION hierarchy_item_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            -- The count updates of these triggers themselves change nothing shown.
            IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
            UPDATE hierarchy_item p SET child_count = p.child_count + c.n
            FROM (SELECT parent, sum(d) n FROM (
                    SELECT n.parent, 1 d FROM new_rows n JOIN old_rows o USING (key) WHERE n.parent IS DISTINCT FROM o.parent
                    UNION ALL
                    SELECT o.parent, -1 d FROM new_rows n JOIN old_rows o USING (key) WHERE n.parent IS DISTINCT FROM o.parent
                ) moved WHERE parent IS NOT NULL GROUP BY parent) c
            WHERE p.key = c.parent;
            PERFORM hierarchy_notify(coalesce((SELECT json_agg(change) FROM (
                SELECT json_build_object('op', 'move', 'id', n.id, 'parent', np.id, 'position', n.position,
                    'oldParent', op.id, 'oldPosition', o.position) change
                FROM new_rows n JOIN old_rows o USING (key)
                LEFT JOIN hierarchy_item np ON np.key = n.parent LEFT JOIN hierarchy_item op ON op.key = o.parent
                WHERE n.parent IS DISTINCT FROM o.parent
                UNION ALL
                SELECT json_build_object('op', 'update', 'id', n.id) FROM new_rows n JOIN old_rows o USING (key)
                WHERE n.parent IS NOT DISTINCT FROM o.parent AND (n.title, n.subtitle, n.footnote, n.status, n.id)
                    IS DISTINCT FROM (o.title, o.subtitle, o.footnote, o.status, o.id)
                UNION ALL
                SELECT json_build_object('op', 'children', 'parent', p.id) FROM (
                    SELECT DISTINCT n.parent FROM new_rows n JOIN old_rows o USING (key)
                    WHERE n.parent IS NOT DISTINCT FROM o.parent AND n.position IS DISTINCT FROM o.position
                    AND current_setting('hierarchy.edit', true) IS DISTINCT FROM 'on'
                ) reordered JOIN hierarchy_item p ON p.key = reordered.parent
            ) changes), '[]'));
            RETURN NULL;
        END $$
        """,
        """
        DROP TRIGGER IF EXISTS hierarchy_item_position ON hierarchy_item
        """,
        """
        CREATE TRIGGER hierarchy_item_position BEFORE INSERT ON hierarchy_item
            FOR EACH ROW EXECUTE FUNCTION hierarchy_item_position()
        """,
        """
        DROP TRIGGER IF EXISTS hierarchy_item_inserted ON hierarchy_item
        """,
        """
        CREATE TRIGGER hierarchy_item_inserted AFTER INSERT ON hierarchy_item
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hierarchy_item_inserted()
        """,
        """
        DROP TRIGGER IF EXISTS hierarchy_item_deleted ON hierarchy_item
        """,
        """
        CREATE TRIGGER hierarchy_item_deleted AFTER DELETE ON hierarchy_item
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hierarchy_item_deleted()
        """,
        """
        DROP TRIGGER IF EXISTS hierarchy_item_updated ON hierarchy_item
        """,
        """
        CREATE TRIGGER hierarchy_item_updated AFTER UPDATE ON hierarchy_item
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hierarchy_item_updated()
        """,
    ]
}
