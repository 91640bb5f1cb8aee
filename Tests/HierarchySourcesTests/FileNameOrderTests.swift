import Testing

@testable import HierarchyFileSystem
@testable import HierarchySources

@Suite struct FileNameOrderTests {
    @Test(arguments: [
        ([String](), [Bool](), [String]()),
        (["a"], [false], ["a"]),
        (
            ["x10", "x9", "X1", "x01", "b", "a.d", "A"], [false, false, false, false, true, false, false],
            ["b", "A", "a.d", "X1", "x01", "x9", "x10"]
        ),
    ])
    func orders(names: [String], folders: [Bool], expected: [String]) {
        #expect(FileNameOrder.order(names, isFolder: folders).map { names[$0] } == expected)
    }

    @Test func keysCompareNumbersByValue() {
        #expect(FileNameOrder.key("Report 2") < FileNameOrder.key("report 10"))
        #expect(FileNameOrder.key("1") < FileNameOrder.key("a"))
        #expect(FileNameOrder.key("plain") == "plain")
        #expect(FileNameOrder.key("Äpfel 007") == "Äpfel 17")
    }
}
