import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources

/// File names in one buffer: 4 bytes per name besides its bytes, reordered by copying.
@Suite struct NameTableTests {
    static func table(_ names: [String]) -> NameTable {
        var table = NameTable()
        for name in names { table.append(name) }
        return table
    }

    @Test("names come back byte for byte, empty and non-ASCII ones included")
    func roundTrip() {
        let names = ["b", "", "é clair", "a\u{0}z", String(repeating: "x", count: 255), ""]
        let table = Self.table(names)
        #expect(table.count == names.count)
        #expect((0..<table.count).map { table.name(at: $0) } == names)
        #expect(table.bytes.count == names.reduce(0) { $0 + $1.utf8.count })
        #expect(table.ends.count == names.count)
    }

    @Test("position finds the first equal name, empty names too")
    func position() {
        let table = Self.table(["ab", "", "abc", "ab", "b"])
        #expect(table.position(of: "ab") == 0)
        #expect(table.position(of: "") == 1)
        #expect(table.position(of: "abc") == 2)
        #expect(table.position(of: "b") == 4)
        #expect(table.position(of: "a") == nil)
        #expect(NameTable().position(of: "") == nil)
    }

    @Test("reordering copies the names into the new order")
    func reordered() {
        let names = ["one", "", "three", "four"]
        let table = Self.table(names).reordered([3, 1, 0, 2])
        #expect((0..<table.count).map { table.name(at: $0) } == ["four", "", "one", "three"])
        #expect(table.bytes == Array("fouronethree".utf8))
        #expect(table.ends == [4, 4, 7, 12])
        #expect(NameTable().reordered([]).count == 0)
    }
}
