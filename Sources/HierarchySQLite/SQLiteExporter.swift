import Foundation
import GRDB
import HierarchyDocuments
import HierarchySources

/// Writes a store back out as JSON (`{"root": [...]}` with nested `children`)
/// or CSV (`id,parent_id,title,subtitle,footnote,status,<attributes...>`, parents
/// before their children), in the order of the store.
///
/// Reads in one read-only transaction (a consistent snapshot), walking the tree
/// depth first with keyset pages of children: memory holds one page per level.
/// The output is buffered and written in chunks.
public struct SQLiteExporter: Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        case json
        case csv
    }

    /// The store to export.
    public var source: SQLiteSource
    /// Children read per query.
    var pageSize = 512
    /// Rewrites each item's text (a JSON object, a CSV row without its line end) before it is
    /// written: set it to a terminal's escaping when the output is a terminal, so that titles
    /// cannot move the cursor, change colours or reorder the line there. `nil` writes the bytes
    /// exactly.
    public var escape: (@Sendable (String) -> String)?

    public init(source: SQLiteSource) {
        self.source = source
    }

    /// Writes the whole store to `handle`.
    ///
    /// - Parameters:
    ///   - format: JSON or CSV.
    ///   - handle: Where to write (a file or standard output).
    /// - Returns: The number of items written.
    /// - Throws: `HierarchySourceError` for database or write errors.
    /// - Complexity: O(n log n): one index seek per page of children.
    @discardableResult
    public func export(_ format: Format, to handle: FileHandle) async throws -> Int {
        let pageSize = self.pageSize
        let escape = self.escape
        return try await source.read { db in
            var output = BufferedOutput(handle: handle)
            output.escape = escape
            var count = 0
            switch format {
            case .json:
                count = try Self.walk(db, pageSize: pageSize, output: &output, json: true, attributeNames: [])
            case .csv:
                let names = try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT j.key FROM item, json_each(item.attributes) AS j
                        WHERE item.attributes IS NOT NULL ORDER BY 1
                        """
                ).filter { !CSVColumns.standard.contains($0) }
                try output.writeItem((CSVColumns.standard + names).map(Self.csvField).joined(separator: ","))
                try output.write("\r\n")
                count = try Self.walk(db, pageSize: pageSize, output: &output, json: false, attributeNames: names)
            }
            try output.flush()
            return count
        }
    }

    /// One item as the export reads it.
    struct Item {
        var key: Int64
        var sortKey: Int64
        var id: String
        var title: String
        var subtitle: String?
        var footnote: String?
        var status: String?
        var childCount: Int
        var attributes: String?

        init(row: Row) {
            key = row[0]
            sortKey = row[1]
            id = StoredText.decode(row[2]) ?? ""
            title = StoredText.decode(row[3]) ?? ""
            subtitle = StoredText.decode(row[4])
            footnote = StoredText.decode(row[5])
            status = StoredText.decode(row[6])
            childCount = row[7]
            attributes = StoredText.decode(row[8])
        }
    }

    /// A level of the depth-first walk: a parent and the page of its children being written.
    private struct Level {
        var key: Int64?
        var id: String?
        var page: [Item]
        var index: Int
        var lastSortKey: Int64?
    }

    private static func walk(
        _ db: Database, pageSize: Int, output: inout BufferedOutput, json: Bool, attributeNames: [String]
    ) throws -> Int {
        // Text read as bytes (`StoredText`): a NUL inside a title is written, not a cut.
        let columns = [
            "key", "sort_key", StoredText.select("id"), StoredText.select("title"),
            StoredText.select("subtitle"), StoredText.select("footnote"), StoredText.select("status"),
            "child_count", StoredText.select("attributes"),
        ].joined(separator: ", ")
        let topLevel = try db.makeStatement(
            sql: "SELECT \(columns) FROM item WHERE parent IS NULL AND sort_key > ? ORDER BY sort_key LIMIT ?")
        let children = try db.makeStatement(
            sql: "SELECT \(columns) FROM item WHERE parent = ? AND sort_key > ? ORDER BY sort_key LIMIT ?")
        func page(_ parent: Int64?, after sortKey: Int64?) throws -> [Item] {
            let after = sortKey ?? Int64.min
            if let parent {
                return try Row.fetchAll(children, arguments: [parent, after, pageSize]).map(Item.init(row:))
            }
            return try Row.fetchAll(topLevel, arguments: [after, pageSize]).map(Item.init(row:))
        }
        var count = 0
        if json { try output.write("{\"root\":[") }
        var stack = [Level(key: nil, id: nil, page: try page(nil, after: nil), index: 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].index == stack[top].page.count {
                // Page done: fetch the next one, or close the level.
                if stack[top].page.count == pageSize {
                    let last = stack[top].page.last?.sortKey
                    stack[top].page = try page(stack[top].key, after: last)
                    stack[top].index = 0
                    stack[top].lastSortKey = last
                    if !stack[top].page.isEmpty { continue }
                }
                stack.removeLast()
                if json { try output.write(stack.isEmpty ? "]}\n" : "]}") }
                continue
            }
            let item = stack[top].page[stack[top].index]
            let first = stack[top].index == 0 && stack[top].lastSortKey == nil
            stack[top].index += 1
            count += 1
            if json {
                if !first { try output.write(",") }
                try writeJSON(item, to: &output)
                if item.childCount > 0 {
                    try output.write(",\"children\":[")
                    stack.append(
                        Level(key: item.key, id: item.id, page: try page(item.key, after: nil), index: 0))
                } else {
                    try output.write("}")
                }
            } else {
                try writeCSV(item, parentID: stack[top].id, attributeNames: attributeNames, to: &output)
                if item.childCount > 0 {
                    stack.append(
                        Level(key: item.key, id: item.id, page: try page(item.key, after: nil), index: 0))
                }
            }
        }
        return count
    }

    /// Writes an item's fields as an unterminated JSON object (`{"id":...`).
    private static func writeJSON(_ item: Item, to output: inout BufferedOutput) throws {
        var text = "{\"id\":"
        DocumentJSON.appendQuoted(item.id, to: &text)
        text += ",\"title\":"
        DocumentJSON.appendQuoted(item.title, to: &text)
        for (name, value) in [("subtitle", item.subtitle), ("footnote", item.footnote), ("status", item.status)] {
            guard let value else { continue }
            text += ",\"\(name)\":"
            DocumentJSON.appendQuoted(value, to: &text)
        }
        if let attributes = item.attributes, attributes.count > 2, attributes.first == "{", attributes.last == "}" {
            text += ","
            text += attributes.dropFirst().dropLast()
        }
        try output.writeItem(text)
    }

    private static func writeCSV(
        _ item: Item, parentID: String?, attributeNames: [String], to output: inout BufferedOutput
    ) throws {
        var fields = [item.id, parentID ?? "", item.title, item.subtitle ?? "", item.footnote ?? "", item.status ?? ""]
        if !attributeNames.isEmpty {
            let attributes = item.attributes.map(HierarchyNode.attributes(fromJSON:)) ?? [:]
            fields += attributeNames.map { attributes[$0] ?? "" }
        }
        try output.writeItem(fields.map(csvField).joined(separator: ","))
        try output.write("\r\n")
    }

    /// Quotes a CSV field when it contains a comma, a quote or a line break (RFC 4180).
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Collects text and writes it to a file handle in large chunks.
struct BufferedOutput {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    var capacity = 1 << 16
    /// Rewrites the text given to `writeItem(_:)` (see `SQLiteExporter.escape`).
    var escape: (@Sendable (String) -> String)?

    init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(capacity)
    }

    /// Buffers `text` as it is, writing the buffer out when it is full.
    ///
    /// - Throws: The write error (a full disk, a closed pipe).
    mutating func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flushBuffer() }
    }

    /// Buffers the text of an item (its fields), escaped when `escape` is set.
    ///
    /// - Throws: The write error (a full disk, a closed pipe).
    mutating func writeItem(_ text: String) throws {
        try write(escape.map { $0(text) } ?? text)
    }

    private mutating func flushBuffer() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered.
    ///
    /// - Throws: The write error (a full disk, a closed pipe).
    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try flushBuffer()
    }
}
