extension InMemoryTree {
    /// The index of explicit identifiers: an open-addressing hash table of node
    /// numbers whose identifiers are read from the arena, so each identifier is
    /// stored once (in its node's entry) and the index costs 8 to 16 bytes per
    /// explicit identifier.
    ///
    /// A slot holds 0 (empty), -1 (removed) or the node's index plus one.
    ///
    /// - Complexity: Lookup, insertion and removal O(1) expected (linear probing,
    ///   load at most one half).
    package struct IdentifierTable: Sendable {
        private var slots: [Int32] = []
        /// Slots holding a node or a removal mark.
        private var used = 0
        /// Slots holding a node.
        package private(set) var count = 0

        /// An empty table with room for `capacity` slots (rounded up to a power of two, at least 16).
        package init(capacity: Int = 0) {
            guard capacity > 0 else { return }
            var size = 16
            while size < capacity { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
        }

        /// FNV-1a over an identifier's bytes.
        package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return Int(truncatingIfNeeded: hash ^ (hash >> 29))
        }

        /// Bytes the table holds.
        package var allocatedByteCount: Int { slots.count * MemoryLayout<Int32>.stride }

        /// Whether one more node needs a larger table first (see ``grown(hash:)``).
        package var isFull: Bool { (used + 1) * 2 > slots.count }

        /// A table of twice the room holding the same nodes.
        ///
        /// - Parameter hash: The hash of a stored node's identifier.
        package func grown(hash: (Int32) -> Int) -> IdentifierTable {
            var table = IdentifierTable(capacity: (count + 1) * 4)
            for slot in slots where slot > 0 { table.insert(slot - 1, hash: hash(slot - 1)) }
            return table
        }

        /// The node whose identifier has this hash and matches.
        ///
        /// - Parameters:
        ///   - hash: The identifier's hash.
        ///   - matches: Whether a stored node's identifier is the one looked for.
        package func lookup(hash: Int, matches: (Int32) -> Bool) -> Int32? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var position = hash & mask
            while true {
                let slot = slots[position]
                if slot == 0 { return nil }
                if slot > 0, matches(slot - 1) { return slot - 1 }
                position = (position + 1) & mask
            }
        }

        /// Adds a node whose identifier is not in the table (the table is not full).
        package mutating func insert(_ index: Int32, hash: Int) {
            let mask = slots.count - 1
            var position = hash & mask
            while slots[position] > 0 { position = (position + 1) & mask }
            if slots[position] == 0 { used += 1 }
            slots[position] = index + 1
            count += 1
        }

        /// Removes a node, found by its identifier's hash.
        package mutating func remove(_ index: Int32, hash: Int) {
            guard !slots.isEmpty else { return }
            let mask = slots.count - 1
            var position = hash & mask
            while slots[position] != 0 {
                if slots[position] == index + 1 {
                    slots[position] = -1
                    count -= 1
                    return
                }
                position = (position + 1) & mask
            }
        }
    }
}
