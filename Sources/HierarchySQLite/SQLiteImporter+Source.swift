import Foundation
import GRDB
import HierarchySources
import HierarchyStore

extension SQLiteImporter {
    /// Copies any hierarchy into a store, walking it depth first page by page.
    ///
    /// Starts at `root()`, keeps the order of children, and writes in batches
    /// (each in its own transaction on the temporary file; the file is renamed
    /// into place only at the end, so the import is still all or nothing).
    /// Memory holds one page per level of the walk.
    ///
    /// - Parameters:
    ///   - source: The hierarchy to copy.
    ///   - pageSize: Children read per request.
    /// - Returns: What was imported.
    /// - Throws: The source's errors; `SQLiteImportError` for duplicate identifiers.
    @discardableResult
    public func importSource(_ source: any HierarchySource, pageSize: Int = 1000) async throws -> Summary {
        let plan = Plan(staging: false, resolveParents: false, rootTitle: source.displayName, recountChildren: true)
        let pageSize = max(1, pageSize)
        return try await build(plan: plan, inputPath: source.displayName) { queue in
            var batch: [ItemRecord] = []
            var count: Int64 = 0
            func flush() async throws {
                let rows = batch
                batch.removeAll(keepingCapacity: true)
                let written = count
                _ = try await bulkWrite(queue, staging: false) { inserter, reporter in
                    for row in rows { try inserter.insert(row) }
                    reporter.report(.reading, items: written)
                    return Inserted(count: Int64(rows.count), nextKey: 0, wrapperCount: nil)
                }
            }
            let walked = try await SourceImportWalk.walk(
                source, pageSize: pageSize, maximumDepth: SQLiteSource.maximumDepth
            ) { record in
                batch.append(record)
                count += 1
                if batch.count >= 10_000 { try await flush() }
            }
            guard let nextKey = walked else { return Inserted(count: 0, nextKey: 0, wrapperCount: nil) }
            try await flush()
            return Inserted(count: count, nextKey: nextKey, wrapperCount: nil)
        }
    }
}
