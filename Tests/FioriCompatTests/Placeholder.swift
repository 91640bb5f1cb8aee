import Testing

@Test func FioriCompatTestsBuilds() { #expect(Bool(true)) }
