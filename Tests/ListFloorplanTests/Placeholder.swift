import Testing

@Test func ListFloorplanTestsBuilds() { #expect(Bool(true)) }
