import Testing

@Test func HierarchySQLiteTestsBuilds() { #expect(Bool(true)) }
