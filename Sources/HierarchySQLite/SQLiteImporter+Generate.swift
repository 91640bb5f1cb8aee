import Foundation
import GRDB
import HierarchySources

extension SQLiteImporter {
    /// Writes a synthetic hierarchy (see `SyntheticHierarchy`).
    ///
    /// Items are written level by level with ascending keys (appends only) and
    /// their child counts known up front. Item `n<key>` has key `key`; the root
    /// is `n0`.
    ///
    /// - Returns: What was written.
    /// - Throws: `SyntheticHierarchy.TooLarge` past the generator's limits, before anything is
    ///   written.
    /// - Complexity: O(nodes) time; memory O(size of the two largest levels).
    @discardableResult
    public func generate(_ hierarchy: SyntheticHierarchy) async throws -> Summary {
        try hierarchy.checkLimits()
        let plan = Plan(staging: false, resolveParents: false, rootTitle: "Synthetic hierarchy")
        return try await build(plan: plan, inputPath: destination.path) { queue in
            try await bulkWrite(queue, staging: false) { inserter, reporter in
                // Rows are made on a reader thread while this thread inserts.
                let pipeline = RowPipeline { emit in Self.generateRows(hierarchy, emit: emit) }
                defer { pipeline.stop() }
                let count = try Self.insertAll(from: pipeline, into: inserter, reporter: &reporter) {
                    try $0.insert($1)
                }
                _ = try pipeline.result()
                return Inserted(count: count, nextKey: count, wrapperCount: nil)
            }
        }
    }

    /// Makes the rows of `hierarchy` level by level, in batches, with ascending keys.
    ///
    /// - Parameters:
    ///   - hierarchy: What to generate.
    ///   - emit: Receives each batch; returns `false` to stop early.
    /// - Returns: The number of rows made.
    static func generateRows(
        _ hierarchy: SyntheticHierarchy, emit: (_ rows: [ItemRecord], _ bytesRead: Int64?) -> Bool
    ) -> Int64 {
        var batch: [ItemRecord] = []
        batch.reserveCapacity(batchSize)
        var stopped = false
        func add(_ row: ItemRecord) {
            batch.append(row)
            if batch.count == batchSize {
                stopped = !emit(batch, nil)
                batch.removeAll(keepingCapacity: true)
            }
        }
        let sizes = hierarchy.levelSizes
        guard !sizes.isEmpty else { return 0 }
        var shape = SplitMix64(seed: hierarchy.seed)
        var text = SplitMix64(seed: hierarchy.seed ^ 0x5DEE_CE66_D1CE_4E5B)
        func childCounts(ofLevel level: Int) -> [Int32] {
            level + 1 < sizes.count
                ? SyntheticHierarchy.distribute(sizes[level + 1], among: sizes[level], random: &shape)
                : [Int32](repeating: 0, count: sizes[level])
        }
        func row(key: Int64, parent: Int64?, sortKey: Int64, childCount: Int32) -> ItemRecord {
            let random = text.next()
            let kind = SyntheticHierarchy.kinds[Int(random & 15)]
            let category = SyntheticHierarchy.categories[Int((random >> 4) % 6)]
            let site = SyntheticHierarchy.site(Int((random >> 8) & 4095))
            let area = (random >> 20) % 100
            let status = SyntheticHierarchy.statuses[Int((random >> 28) % 7)]
            return ItemRecord(
                key: key, parent: parent, position: sortKey, id: "n\(key)",
                title: parent == nil ? "Synthetic hierarchy" : "\(kind) \(SyntheticHierarchy.serial(key))",
                subtitle: category, footnote: "\(site) area \(area)", status: status,
                childCount: Int64(childCount))
        }
        var counts = childCounts(ofLevel: 0)
        add(row(key: 0, parent: nil, sortKey: 0, childCount: counts[0]))
        var key: Int64 = 1
        var parentStart: Int64 = 0
        for level in 1..<sizes.count {
            let levelCounts = childCounts(ofLevel: level)
            let levelStart = key
            var index = 0
            for (parent, children) in counts.enumerated() {
                for position in 0..<Int64(children) {
                    add(
                        row(
                            key: key, parent: parentStart + Int64(parent), sortKey: position,
                            childCount: levelCounts[index]))
                    key += 1
                    index += 1
                    if stopped { return key }
                }
            }
            counts = levelCounts
            parentStart = levelStart
        }
        if !batch.isEmpty { _ = emit(batch, nil) }
        return key
    }
}
