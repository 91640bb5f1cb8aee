import Testing

@Test func EndToEndTestsBuilds() { #expect(Bool(true)) }
