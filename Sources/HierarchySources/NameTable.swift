#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Many short byte strings (file names) in one buffer: cheap to fill from
/// `readdir`, cheap to sort, turned into `String`s only when shown.
struct NameTable: Sendable {
    /// Where one name lies in ``bytes``.
    struct Span: Sendable, Equatable {
        var offset: Int32
        var length: Int32
    }

    /// All names, back to back.
    var bytes: [UInt8] = []
    /// The names, in table order.
    var spans: [Span] = []

    /// The number of names.
    var count: Int { spans.count }

    /// Appends a name.
    mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
        spans.append(Span(offset: Int32(bytes.count), length: Int32(name.count)))
        bytes.append(contentsOf: name)
    }

    /// Appends a name given as a `String`.
    mutating func append(_ name: String) {
        var name = name
        name.withUTF8 { append($0) }
    }

    /// The name at a position, decoded as UTF-8.
    func name(at index: Int) -> String {
        let span = spans[index]
        return String(decoding: bytes[Int(span.offset)..<Int(span.offset + span.length)], as: UTF8.self)
    }

    /// The position of a name, by a byte-wise scan.
    ///
    /// - Complexity: O(n) for n names.
    func position(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted -> Int? in
            bytes.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress, let wantedBase = wanted.baseAddress else {
                    return spans.firstIndex { $0.length == 0 }
                }
                for (index, span) in spans.enumerated() where Int(span.length) == wanted.count {
                    if memcmp(base + Int(span.offset), wantedBase, wanted.count) == 0 { return index }
                }
                return nil
            }
        }
    }

    /// The same names in another order.
    func reordered(_ order: [Int]) -> NameTable {
        NameTable(bytes: bytes, spans: order.map { spans[$0] })
    }
}
