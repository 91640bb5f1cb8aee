import Foundation
import GRDB
import HierarchyDocuments
import HierarchySources

extension SQLiteImporter {
    /// Imports a JSON, YAML, property-list or CSV file.
    ///
    /// JSON and CSV are streamed (memory does not grow with the file); YAML and
    /// property lists are composed whole by their libraries, then walked into the
    /// same events as JSON. CSV rows may come in any order:
    /// parents are resolved after the insert. Bad rows (unknown parent, duplicate
    /// id, cycle) are reported with their line numbers.
    ///
    /// - Parameters:
    ///   - url: The input file.
    ///   - format: The format; by default from the file name extension.
    ///   - shape: For documents: items, structure, or whichever fits.
    /// - Returns: What was imported.
    /// - Throws: `HierarchySourceError` for an unreadable or malformed file,
    ///   `SQLiteImportError` for bad rows. Nothing is written then.
    @discardableResult
    public func importFile(
        at url: URL, format: ImportFormat? = nil, shape: DocumentShape = .automatic
    ) async throws -> Summary {
        let path = url.path
        if StandardInputDocument.isStandardInput(path) {
            switch format {
            case .csv?: return try await importCSV(at: url, rootTitle: StandardInputDocument.name)
            case .json?: return try await importDocument(at: url, format: .json, shape: shape)
            case .plist?: return try await importDocument(at: url, format: .propertyList, shape: shape)
            case .yaml?: return try await importDocument(at: url, format: .yaml, shape: shape)
            case nil: return try await importDocument(at: url, format: nil, shape: shape)
            }
        }
        guard let format = format ?? ImportFormat(fileExtension: url.pathExtension) ?? ImportFormat.sniffed(path: path)
        else {
            throw HierarchySourceError(
                .unsupported, "unknown file type (expected .json, .jsonl, .csv, .plist or .yaml)", path: path)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HierarchySourceError(.notFound, "no such file", path: path)
        }
        guard !isDirectory.boolValue else {
            throw HierarchySourceError(.unsupported, "is a directory, not a document", path: path)
        }
        let title = url.deletingPathExtension().lastPathComponent
        switch format {
        case .csv:
            return try await importCSV(at: url, rootTitle: title)
        case .json:
            return try await importDocument(at: url, format: .json, shape: shape)
        case .plist:
            return try await importDocument(at: url, format: .propertyList, shape: shape)
        case .yaml:
            return try await importDocument(at: url, format: .yaml, shape: shape)
        }
    }

    static func open(_ url: URL) throws -> (FileHandle, Int64) {
        if StandardInputDocument.isStandardInput(url.path) {
            return (FileHandle(fileDescriptor: try StandardInputDocument.openDescriptor(), closeOnDealloc: true), 0)
        }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??.int64Value
            return (handle, size ?? 0)
        } catch {
            throw SQLiteErrors.map(error, path: url.path)
        }
    }

    /// Rows per batch handed from the reader thread to the inserting thread.
    static let batchSize = 2048

    /// Inserts every batch of `pipeline`, reporting progress after each.
    ///
    /// - Returns: The number of rows inserted.
    /// - Throws: The reader's or the database's first error.
    static func insertAll<Row, Tail>(
        from pipeline: RowPipeline<Row, Tail>, into inserter: BulkInserter, reporter: inout Reporter,
        insert: (BulkInserter, Row) throws -> Void
    ) throws -> Int64 {
        var count: Int64 = 0
        // A report the throttle held back is shown once the reader keeps the inserter waiting,
        // so a slow input (a pipe written in bursts) shows where it is.
        while let batch = try pipeline.next(whileWaiting: { reporter.flush() }) {
            for row in batch.rows { try insert(inserter, row) }
            count += Int64(batch.rows.count)
            reporter.report(.reading, items: count, bytesRead: batch.bytesRead)
        }
        return count
    }

    private func importCSV(at url: URL, rootTitle: String) async throws -> Summary {
        let path = url.path
        let plan = Plan(staging: true, resolveParents: true, rootTitle: rootTitle)
        return try await build(plan: plan, inputPath: path) { queue in
            let (handle, size) = try Self.open(url)
            defer { try? handle.close() }
            return try await bulkWrite(queue, staging: true, totalBytes: size) { inserter, reporter in
                // Parsing runs on a reader thread while this thread inserts.
                let pipeline = RowPipeline { emit in
                    var reader = CSVRecordReader(handle: handle, path: path)
                    guard let header = try reader.next() else {
                        throw HierarchySourceError(.malformed, "empty CSV file (expected a header row)", path: path)
                    }
                    let columns = try CSVColumns(header: header.fields, path: path, line: header.line)
                    var key: Int64 = 0
                    var batch: [(record: ItemRecord, parentID: String?)] = []
                    batch.reserveCapacity(Self.batchSize)
                    while let record = try reader.next() {
                        key += 1
                        batch.append(try columns.row(record.fields, key: key, line: record.line, path: path))
                        if batch.count == Self.batchSize {
                            guard emit(batch, reader.offset) else { return key }
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    _ = emit(batch, reader.offset)
                    return key
                }
                defer { pipeline.stop() }
                let count = try Self.insertAll(from: pipeline, into: inserter, reporter: &reporter) {
                    try $0.insert($1.record, parentID: $1.parentID)
                }
                _ = try pipeline.result()
                return Inserted(count: count, nextKey: count + 1, wrapperCount: nil)
            }
        }
    }
}

/// The meaning of each column of a CSV header.
struct CSVColumns {
    var id: Int
    var parentID: Int
    /// Every column but `parent_id`, by name (the first of a name given twice), in header order.
    var mapped: [(String, Int)] = []
    var count: Int

    /// The known column names, in the order `export` writes them.
    static let standard = ["id", "parent_id", "title", "subtitle", "footnote", "status"]

    init(header: [String], path: String, line: Int) throws {
        let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
        func index(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let id = index("id"), let parentID = index("parent_id") else {
            throw HierarchySourceError(
                .malformed, "CSV header must name the columns id and parent_id", path: path, line: line)
        }
        self.id = id
        self.parentID = parentID
        count = names.count
        var seen: Set<String> = []
        for (position, name) in names.enumerated() where position != parentID && !name.isEmpty {
            if seen.insert(name).inserted { mapped.append((name, position)) }
        }
    }

    /// The row of one record, through the field mapping every document format shares
    /// (``DocumentRecordBuilder/flatRecord(key:fields:line:)``): `title` else `name` (else the
    /// id), `subtitle` else `type`, `footnote` else `location` else `body`, `status`, every other
    /// non-empty column an attribute.
    func row(_ fields: [String], key: Int64, line: Int, path: String) throws -> (record: ItemRecord, parentID: String?)
    {
        guard fields.count == count else {
            throw HierarchySourceError(
                .malformed, "expected \(count) fields, found \(fields.count)", path: path, line: line)
        }
        let id = fields[self.id]
        guard !id.isEmpty else { throw HierarchySourceError(.malformed, "empty id", path: path, line: line) }
        var named: [ItemRecord.Attribute] = []
        named.reserveCapacity(mapped.count + 1)
        for (name, position) in mapped where !fields[position].isEmpty || name == "title" {
            named.append(ItemRecord.Attribute(name, fields[position]))
        }
        let record = DocumentRecordBuilder.flatRecord(key: key, fields: named, line: line)
        return (record, fields[parentID].isEmpty ? nil : fields[parentID])
    }
}
