import HierarchySources
import Testing

@testable import HierarchyPostgres

/// The binary array reader behind a page of children, on arrays built by hand (the server's side
/// is covered by the shared store suite).
@Suite("Binary array reader")
struct PostgresArrayReaderTests {
    /// The binary form of a `text[]` with the given dimensions and elements (`nil`: `NULL`).
    static func array(_ dimensions: [Int], _ elements: [String?]) -> [UInt8] {
        var bytes: [UInt8] = []
        func int32(_ value: Int) {
            withUnsafeBytes(of: Int32(truncatingIfNeeded: value).bigEndian) { bytes += $0 }
        }
        int32(dimensions.count)
        int32(elements.contains(nil) ? 1 : 0)
        int32(25)  // text
        for length in dimensions {
            int32(length)
            int32(1)
        }
        for element in elements {
            if let element {
                int32(element.utf8.count)
                bytes += element.utf8
            } else {
                int32(-1)
            }
        }
        return bytes
    }

    static let twoChildren: [String?] = [
        "n1", "Pump ü 🚰", nil, "Hall A", "Operational", "12", nil,
        "n2", "Valve", "Instrument", nil, nil, "0", #"{"serial": "X-1", "weight": 12.5}"#,
    ]

    @Test func readsAPageOfChildren() throws {
        let reader = try PostgresArrayReader(bytes: Self.array([2, 7], Self.twoChildren), column: "array_agg")
        let nodes = try PostgresSource.nodes(fromPage: reader)
        #expect(nodes.map(\.id) == ["n1", "n2"])
        #expect(nodes[0].title == "Pump ü 🚰")
        #expect(nodes[0].subtitle == nil)
        #expect(nodes[0].footnote == "Hall A")
        #expect(nodes[0].status == "Operational")
        #expect(nodes[0].childCount == 12)
        #expect(nodes[0].isContainer)
        #expect(nodes[0].attributes.isEmpty)
        #expect(nodes[1].subtitle == "Instrument")
        #expect(nodes[1].childCount == 0)
        #expect(!nodes[1].isContainer)
        #expect(nodes[1].attributes == ["serial": "X-1", "weight": "12.5"])
    }

    @Test func aNullOrEmptyArrayIsAnEmptyPage() throws {
        #expect(try PostgresSource.nodes(fromPage: PostgresArrayReader(bytes: nil, column: "array_agg")).isEmpty)
        #expect(
            try PostgresSource.nodes(fromPage: PostgresArrayReader(bytes: Self.array([], []), column: "array_agg"))
                .isEmpty)
    }

    @Test func integersReadTheirDigits() throws {
        var reader = try PostgresArrayReader(bytes: Self.array([4], ["0", "-7", "9007199254740993", nil]), column: "c")
        #expect(reader.dimensions == [4])
        #expect(try reader.integer() == 0)
        #expect(try reader.integer() == -7)
        #expect(try reader.integer() == 9_007_199_254_740_993)
        #expect(try reader.integer() == 0)
        #expect(reader.remaining == 0)
    }

    @Test(arguments: ["", "-", "1x", "12345678901234567890", " 1"])
    func notAnIntegerIsAnError(_ text: String) throws {
        var reader = try PostgresArrayReader(bytes: Self.array([1], [text]), column: "c")
        #expect(throws: HierarchySourceError.self) { try reader.integer() }
    }

    @Test func malformedArraysAreErrorsNamingTheColumn() throws {
        let whole = Self.array([2, 7], Self.twoChildren)
        // Cut anywhere: in the header, in a length word, in an element.
        for end in [0, 3, 11, 19, 24, 30, whole.count - 1] {
            let error = #expect(throws: HierarchySourceError.self, "cut at \(end)") {
                try PostgresSource.nodes(
                    fromPage: PostgresArrayReader(bytes: Array(whole[..<end]), column: "array_agg"))
            }
            #expect(error?.code == .io)
            #expect(error?.message.contains("array_agg") == true, "cut at \(end)")
        }
        // A count of elements past what the bytes could hold.
        #expect(throws: HierarchySourceError.self) {
            try PostgresArrayReader(bytes: Self.array([1_000_000, 7], []), column: "array_agg")
        }
        // Too many dimensions; a negative length.
        #expect(throws: HierarchySourceError.self) {
            try PostgresArrayReader(bytes: Self.array([1, 1, 1, 1, 1, 1, 1], ["x"]), column: "c")
        }
        #expect(throws: HierarchySourceError.self) { try PostgresArrayReader(bytes: Self.array([-1], []), column: "c") }
    }

    @Test func aPageOfAnotherShapeIsAnError() throws {
        let error = #expect(throws: HierarchySourceError.self) {
            try PostgresSource.nodes(
                fromPage: PostgresArrayReader(bytes: Self.array([7], Array(Self.twoChildren[..<7])), column: "c"))
        }
        #expect(error?.code == .io)
        #expect(throws: HierarchySourceError.self) {
            try PostgresSource.nodes(
                fromPage: PostgresArrayReader(bytes: Self.array([2, 6], Array(Self.twoChildren[..<12])), column: "c"))
        }
    }
}
