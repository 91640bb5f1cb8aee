import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Many short byte strings (file names) in one buffer: cheap to fill from
/// `readdir`, cheap to sort, turned into `String`s only when shown.
///
/// A name costs its bytes plus 4: the names lie back to back in table order and
/// each one's end is kept (it starts where the one before it ends).
///
/// - Complexity: Memory n × 4 bytes plus the names' bytes for n names.
struct NameTable: Sendable {
    /// The most bytes of names a table holds (2 GiB: ends are 32-bit, and the sort keys
    /// of ``FileNameOrder``, at most half as long again, fit too).
    static let byteCapacity = Int(UInt32.max) / 2

    /// All names, back to back, in table order.
    private(set) var bytes: [UInt8] = []
    /// Where each name ends in ``bytes``.
    private(set) var ends: [UInt32] = []

    /// The number of names.
    var count: Int { ends.count }

    /// Where the name at a position lies in ``bytes``.
    ///
    /// - Complexity: O(1).
    @inline(__always) func range(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Reserves room for names and their bytes.
    mutating func reserveCapacity(names: Int, bytes byteCount: Int) {
        ends.reserveCapacity(names)
        bytes.reserveCapacity(byteCount)
    }

    /// Appends a name.
    ///
    /// - Returns: `false`, appending nothing, when the table's bytes would pass
    ///   ``byteCapacity`` (2 GiB).
    @discardableResult
    mutating func append(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count + name.count <= Self.byteCapacity else { return false }
        bytes.append(contentsOf: name)
        ends.append(UInt32(bytes.count))
        return true
    }

    /// Appends a name given as a `String`.
    mutating func append(_ name: String) {
        var name = name
        name.withUTF8 { _ = append($0) }
    }

    /// Appends a name made by `body`, which adds its bytes to the buffer it is given
    /// (sort keys are made this way, without a buffer of their own).
    mutating func appendMade(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        ends.append(UInt32(bytes.count))
    }

    /// The name at a position, decoded as UTF-8.
    func name(at index: Int) -> String {
        String(decoding: bytes[range(at: index)], as: UTF8.self)
    }

    /// The name at a position as a ``FileSystemSource`` identifier component: itself when it
    /// is valid UTF-8, its bytes in hexadecimal otherwise (``FileNameCoding``).
    func component(at index: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            FileNameCoding.component(UnsafeBufferPointer(rebasing: buffer[range(at: index)]))
        }
    }

    /// The position of the name an identifier component stands for (``component(at:)``).
    ///
    /// - Complexity: O(n) for n names.
    func position(ofComponent component: String) -> Int? {
        position(ofBytes: FileNameCoding.bytes(ofComponent: Substring(component)))
    }

    /// The position of a name, by a byte-wise scan.
    ///
    /// - Complexity: O(n) for n names.
    func position(of name: String) -> Int? {
        position(ofBytes: Array(name.utf8))
    }

    /// The position of a name given as bytes, by a byte-wise scan.
    ///
    /// - Complexity: O(n) for n names.
    private func position(ofBytes name: [UInt8]) -> Int? {
        name.withUnsafeBufferPointer { wanted -> Int? in
            bytes.withUnsafeBufferPointer { buffer -> Int? in
                var start = 0
                for (index, end) in ends.enumerated() {
                    let length = Int(end) - start
                    if length == wanted.count,
                        length == 0 || memcmp(buffer.baseAddress! + start, wanted.baseAddress!, length) == 0
                    {
                        return index
                    }
                    start = Int(end)
                }
                return nil
            }
        }
    }

    /// The same names in another order, their bytes copied into that order.
    ///
    /// - Parameter order: A permutation of the positions.
    /// - Complexity: O(n + b) for n names of b bytes; the copy is exactly that size.
    func reordered(_ order: [Int]) -> NameTable {
        var table = NameTable()
        table.reserveCapacity(names: order.count, bytes: bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            for index in order {
                _ = table.append(UnsafeBufferPointer(rebasing: buffer[range(at: index)]))
            }
        }
        return table
    }
}
