import Testing

@Test func HierarchyKitTestsBuilds() { #expect(Bool(true)) }
