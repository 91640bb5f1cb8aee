extension InMemorySource {
    /// What a source's items take in memory, for measurements (the document tree's bytes per
    /// item in docs/performance.md and `Benchmarks/`).
    public struct Footprint: Sendable, Equatable {
        /// The number of stored items.
        public var itemCount: Int
        /// Bytes of structure: parent, child start and entry reference of each item (in whole
        /// chunks of 65,536), the child list and the table of explicit identifiers.
        public var structureBytes: Int
        /// Bytes of text in the arena: each item's strings with their length bytes.
        public var textBytes: Int

        /// Structure bytes per item (0 for an empty source).
        public var structureBytesPerItem: Double {
            itemCount == 0 ? 0 : Double(structureBytes) / Double(itemCount)
        }
    }

    /// The memory the stored items take (dynamic children produced later not included).
    ///
    /// - Complexity: O(1).
    public var footprint: Footprint {
        Footprint(itemCount: tree.count, structureBytes: tree.structureByteCount, textBytes: tree.textByteCount)
    }
}
