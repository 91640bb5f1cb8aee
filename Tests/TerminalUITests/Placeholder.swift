import Testing

@Test func TerminalUITestsBuilds() { #expect(Bool(true)) }
