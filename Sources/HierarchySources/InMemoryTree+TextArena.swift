extension InMemoryTree {
    /// One byte arena for every node's text: each node's entry is written once, at
    /// the end, and read in place.
    ///
    /// The arena is a list of 16 MiB chunks (an entry never crosses a chunk; an
    /// entry larger than a chunk gets a chunk of its own), so it grows without
    /// copying what it holds. An entry is named by a reference of 40 bits: the
    /// chunk's number above 24 bits of offset in it.
    ///
    /// Inside an entry, each string is its UTF-8 length as an unsigned LEB128
    /// number (one byte below 128) followed by its bytes.
    ///
    /// - Complexity: Appending an entry O(its length) amortized; reading one O(1)
    ///   to find it.
    package struct TextArena: Sendable {
        package static let offsetBits = 24
        package static let chunkSize = 1 << offsetBits
        /// The largest reference (40 bits: 65,536 chunks of 16 MiB).
        package static let referenceMask: UInt64 = (1 << 40) - 1

        private var chunks: [[UInt8]] = []
        /// Bytes stored.
        package private(set) var byteCount = 0

        /// Appends one entry.
        ///
        /// - Parameter entry: The entry's bytes.
        /// - Returns: The entry's reference.
        /// - Throws: ``HierarchySourceError/Code/unsupported`` past 1 TiB of text.
        package mutating func append(_ entry: [UInt8]) throws(HierarchySourceError) -> UInt64 {
            if chunks.isEmpty || chunks[chunks.count - 1].count + entry.count > Self.chunkSize {
                guard chunks.count < 1 << 16 else {
                    throw HierarchySourceError(.unsupported, "more than 1 TiB of text")
                }
                var chunk: [UInt8] = []
                chunk.reserveCapacity(max(entry.count, Self.chunkSize))
                chunks.append(chunk)
            }
            let last = chunks.count - 1
            let reference = UInt64(last) << UInt64(Self.offsetBits) | UInt64(chunks[last].count)
            chunks[last].append(contentsOf: entry)
            byteCount += entry.count
            return reference
        }

        /// Reads the entry at a reference.
        ///
        /// - Parameters:
        ///   - reference: What ``append(_:)`` returned.
        ///   - body: Reads the entry from its start (the buffer runs to the end of its chunk).
        package func read<Result>(_ reference: UInt64, _ body: (inout EntryReader) -> Result) -> Result {
            let chunk = Int(reference >> UInt64(Self.offsetBits))
            let offset = Int(reference & UInt64(Self.chunkSize - 1))
            return chunks[chunk].withUnsafeBufferPointer { buffer in
                var reader = EntryReader(bytes: UnsafeBufferPointer(rebasing: buffer[offset...]))
                return body(&reader)
            }
        }
    }

    /// Reads the strings of one arena entry in order.
    package struct EntryReader {
        package let bytes: UnsafeBufferPointer<UInt8>
        package private(set) var position = 0

        package init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The next unsigned LEB128 number.
        package mutating func length() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = bytes[position]
                position += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        /// The bytes of the next string.
        package mutating func stringBytes() -> UnsafeBufferPointer<UInt8> {
            let count = length()
            defer { position += count }
            return UnsafeBufferPointer(rebasing: bytes[position..<(position + count)])
        }

        /// The next string.
        package mutating func string() -> String {
            String(decoding: stringBytes(), as: UTF8.self)
        }

        /// Skips the next string.
        package mutating func skipString() {
            position += length()
        }
    }
}

extension InMemoryTree.TextArena {
    /// Appends an unsigned LEB128 number (one byte below 128) to an entry being made.
    package static func appendLength(_ value: Int, to entry: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            entry.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        entry.append(UInt8(rest))
    }

    /// Appends a string, as its length and its UTF-8 bytes, to an entry being made.
    package static func appendString(_ string: String, to entry: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            appendLength(bytes.count, to: &entry)
            entry.append(contentsOf: bytes)
        }
    }
}
