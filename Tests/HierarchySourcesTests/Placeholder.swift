import Testing

@Test func HierarchySourcesTestsBuilds() { #expect(Bool(true)) }
