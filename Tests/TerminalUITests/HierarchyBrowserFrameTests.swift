import Testing

@testable import TerminalUI

/// Whole frames of the browser on the bundled sample, as literal text, after one step down
/// from the initial focus (monochrome palette; trailing spaces trimmed).
@MainActor
@Suite struct HierarchyBrowserFrameTests {
    func trimmed(_ frame: String) -> String {
        frame.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
    }

    @Test func frame80x24() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24, rightToLeft: false)
        await browser.press(key("j"))
        #expect(
            trimmed(browser.frame) == """
                 Hamburg Plant › Utilities                                         Sample plant
                 Production           Operational    8 ┃ Compressed air       Operational    5
                 Area                                › ┃ Functional location                 ›
                 Building 3, Building 4                ┃ Utility block, Level 4
                                                       ┃
                 Utilities            Operational    5 ┃ Cooling water        Operational    8
                 Area                                ▶ ┃ Functional location                 ›
                 Building 7, Utility block             ┃ Building 7, Level 4
                                                       ┃
                 Steam distribution   Operational    3 ┃ Chilled water        Operational   10
                 Area                                › ┃ Functional location                 ›
                 Pipe rack 1, Pipe rack 2, Pipe …      ┃ Utility block, Level 1
                                                       ┃
                 Tank farm            Operational  240 ┃ Nitrogen supply      Operational   15
                 Area                                › ┃ Functional location                 ›
                 Tank farm North, Tank farm South      ┃ Building 7, Level 4
                                                       ┃
                 Packaging            Operational    4 │ Demineralised water  Operational   15
                 Area                                › │ Functional location                 ›
                 Building 9                            │ Building 7, Level 4
                                                       │
                 Wastewater treatment Operational    4 │
                 Area                                › │
                 2 of 8                                                          ? help  q quit
                """)
    }

    @Test func frame120x40() async throws {
        let browser = try await sampleBrowser(columns: 120, rows: 40, rightToLeft: false)
        await browser.press(key("j"))
        #expect(
            trimmed(browser.frame) == """
                 Hamburg Plant › Utilities                                                                                 Sample plant
                 Hamburg Plant        ●    8 │ Production Operational    8 │ Compressed air       ●    5 │
                 Site                      ▶ │ Area                      › │ Functional location       › │
                 Hamburg, Germany            │ Building 3, Building 4      │ Utility block, Level 4      │
                                             │                             │                             │
                                             │ Utilities  Operational    5 │ Cooling water        ●    8 │
                                             │ Area                      ▶ │ Functional location       › │
                                             │ Building 7, Utility b…      │ Building 7, Level 4         │
                                             │                             │                             │
                                             │ Steam distribution   ●    3 │ Chilled water        ●   10 │
                                             │ Area                      › │ Functional location       › │
                                             │ Pipe rack 1, Pipe rac…      │ Utility block, Level 1      │
                                             │                             │                             │
                                             │ Tank farm  Operational  240 │ Nitrogen supply      ●   15 │
                                             │ Area                      › │ Functional location       › │
                                             │ Tank farm North, Tank…      │ Building 7, Level 4         │
                                             │                             │                             │
                                             │ Packaging  Operational    4 │ Demineralised water  ●   15 │
                                             │ Area                      › │ Functional location       › │
                                             │ Building 9                  │ Building 7, Level 4         │
                                             │                             │                             │
                                             │ Wastewater treatment ●    4 │                             │
                                             │ Area                      › │                             │
                                             │ Building 12, Outdoor …      │                             │
                                             │                             │                             │
                                             │ Logistics  Operational    4 │                             │
                                             │ Area                      › │                             │
                                             │ Warehouse 1, Warehous…      │                             │
                                             │                             │                             │
                                             │ Quality laboratory   ●    3 │                             │
                                             │ Area                      › │                             │
                                             │ Building 2                  │                             │
                                             │                             │                             │
                                             │                             │                             │
                                             │                             │                             │
                                             │                             │                             │
                                             │                             │                             │
                                             │                             │                             │
                                             │                             │                             │
                 2 of 8                                                                                                  ? help  q quit
                """)
    }

    @Test func frame40x12() async throws {
        let browser = try await sampleBrowser(columns: 40, rows: 12, rightToLeft: false)
        await browser.press(key("j"))
        #expect(
            trimmed(browser.frame) == """
                 Hamburg Plant › Utilities
                ‹ Prev       Hamburg Plant        Next ›
                 Production           Operational    8 ┃
                 Area                                › ┃
                 Building 3, Building 4                ┃

                 Utilities            Operational    5
                 Area                                ▶
                 Building 7, Utility block

                 Steam distribution   Operational    3
                 2 of 8                  ? help  q quit
                """)
    }

    @Test func frame80x24RightToLeft() async throws {
        let browser = try await sampleBrowser(columns: 80, rows: 24, rightToLeft: true)
        await browser.press(key("j"))
        #expect(
            trimmed(browser.frame) == """
                 Hamburg Plant › Utilities                                         Sample plant
                  5    Compressed air       Operational ┃ 8    Production           Operational
                  ‹    Functional location              ┃ ‹    Area
                       Utility block, Level 4           ┃      Building 3, Building 4
                                                        ┃
                  8    Cooling water        Operational ┃ 5    Utilities            Operational
                  ‹    Functional location              ┃ ◀    Area
                       Building 7, Level 4              ┃      Building 7, Utility block
                                                        ┃
                  10   Chilled water        Operational ┃ 3    Steam distribution   Operational
                  ‹    Functional location              ┃ ‹    Area
                       Utility block, Level 1           ┃      Pipe rack 1, Pipe rack 2, Pipe …
                                                        ┃
                  15   Nitrogen supply      Operational ┃ 240  Tank farm            Operational
                  ‹    Functional location              ┃ ‹    Area
                       Building 7, Level 4              ┃      Tank farm North, Tank farm South
                                                        ┃
                  15   Demineralised water  Operational │ 4    Packaging            Operational
                  ‹    Functional location              │ ‹    Area
                       Building 7, Level 4              │      Building 9
                                                        │
                                                        │ 4    Wastewater treatment Operational
                                                        │ ‹    Area
                 2 of 8                                                          ? help  q quit
                """)
    }

    @Test func frame40x12RightToLeft() async throws {
        let browser = try await sampleBrowser(columns: 40, rows: 12, rightToLeft: true)
        await browser.press(key("j"))
        #expect(
            trimmed(browser.frame) == """
                 Hamburg Plant › Utilities
                ‹ Next       Hamburg Plant        Prev ›
                ┃ 8    Production           Operational
                ┃ ‹    Area
                ┃      Building 3, Building 4

                  5    Utilities            Operational
                  ◀    Area
                       Building 7, Utility block

                  3    Steam distribution   Operational
                 2 of 8                  ? help  q quit
                """)
    }
}
