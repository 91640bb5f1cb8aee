import Testing

@testable import HierarchySources

/// An item whose children cannot be read is printed without them and the walk goes on, as
/// `find` and `tree` do; the printer hands back what it could not read.
@Suite struct TreePrinterUnreadableTests {
    /// The plant, where reading the children of some items fails.
    struct Unreadable: HierarchySource {
        let base: InMemorySource
        /// Whose count fails, and with which code.
        let counts: [String: HierarchySourceError.Code]
        /// Whose pages fail.
        let pages: [String: HierarchySourceError.Code]

        var displayName: String { base.displayName }
        func root() async throws -> HierarchyNode? { try await base.root() }
        func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id) }
        func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id) }
        func childCount(ofID id: String) async throws -> Int {
            if let code = counts[id] { throw HierarchySourceError(code, "cannot read \(id)", path: "/plant/\(id)") }
            return try await base.childCount(ofID: id)
        }
        func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
            if let code = pages[id] { throw HierarchySourceError(code, "cannot list \(id)", path: "/plant/\(id)") }
            return try await base.children(ofID: id, in: range)
        }
    }

    @Test func everythingReadableIsPrintedAndTheRestReturned() async throws {
        let source = Unreadable(
            base: try TreePrinterTests.plant(), counts: ["p": .permissionDenied], pages: ["a2": .notFound])
        var printer = TreePrinter()
        printer.continuesPastUnreadableItems = true
        var text = ""
        let unreadable = try await printer.print(source) { text += $0 }
        #expect(
            text == """
                Plant
                ├── Area 1
                │   ├── Pump
                │   └── Valve
                └── Area 2

                """)
        #expect(unreadable.map(\.code) == [.permissionDenied, .notFound])
        #expect(unreadable.map(\.path) == ["/plant/p", "/plant/a2"])
    }

    @Test func withoutTheOptionTheFirstErrorEndsThePrint() async throws {
        let source = Unreadable(base: try TreePrinterTests.plant(), counts: ["p": .permissionDenied], pages: [:])
        await #expect(throws: HierarchySourceError.self) { try await TreePrinter().string(source) }
    }

    /// Only an item's own trouble is passed over: a malformed source still ends the print.
    @Test func otherErrorsStillEndThePrint() async throws {
        let source = Unreadable(base: try TreePrinterTests.plant(), counts: ["p": .malformed], pages: [:])
        var printer = TreePrinter()
        printer.continuesPastUnreadableItems = true
        await #expect(throws: HierarchySourceError.self) { try await printer.string(source) }
    }
}
