extension InMemoryTree {
    /// A growable array of integers kept in fixed chunks of 65,536 elements.
    ///
    /// Growing adds a chunk and never moves what is stored, so a column of n
    /// elements costs n elements of memory at every moment of its growth (an
    /// `Array` that doubles holds its old and its new buffer while it copies:
    /// twice the column at the peak).
    ///
    /// - Complexity: Access O(1) (two array lookups); growth O(1) amortized.
    package struct Column<Element: FixedWidthInteger & Sendable>: Sendable {
        private static var shift: Int { 16 }
        private static var chunkLength: Int { 1 << shift }
        private static var mask: Int { chunkLength - 1 }

        private var chunks: [[Element]] = []
        /// The value new elements start with.
        private let filler: Element
        /// The number of elements.
        package private(set) var count = 0

        /// - Parameter filler: The value new elements start with.
        package init(filler: Element) {
            self.filler = filler
        }

        /// The element at an index (below ``count``).
        package subscript(index: Int) -> Element {
            @inline(__always) get { chunks[index >> Self.shift][index & Self.mask] }
            @inline(__always) set { chunks[index >> Self.shift][index & Self.mask] = newValue }
        }

        /// Grows the column to `length` elements, new ones set to the filler.
        ///
        /// - Complexity: O(added elements).
        package mutating func grow(to length: Int) {
            while count < length {
                if count & Self.mask == 0 {
                    var chunk: [Element] = []
                    chunk.reserveCapacity(Self.chunkLength)
                    chunks.append(chunk)
                }
                let room = min(Self.chunkLength - (count & Self.mask), length - count)
                chunks[chunks.count - 1].append(contentsOf: repeatElement(filler, count: room))
                count += room
            }
        }

        /// Bytes the column holds, counting whole chunks.
        package var allocatedByteCount: Int { chunks.count * Self.chunkLength * MemoryLayout<Element>.stride }

        /// Drops every element and its memory.
        package mutating func removeAll() {
            chunks = []
            count = 0
        }
    }
}
