import Testing

@testable import TerminalUI

/// Whole frames of the table form on the bundled sample, as literal text, after one step down
/// from the initial focus: header with the parent's title and previous/next, one row per item
/// with the indicator in the reserved trailing margin (leading in right-to-left). Monochrome
/// palette; trailing spaces trimmed.
@MainActor
@Suite struct TableBrowserFrameTests {
    @Test func table80x24() async throws {
        let browser = try await sampleTableBrowser(columns: 80, rows: 24, rightToLeft: false)
        await browser.press(key("j"))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities                                         Sample plant
                ‹ Prev                           Hamburg Plant                            Next ›
                 Production                                                   Operational  8   ┃
                 Area                                                                      ›   ┃
                 Building 3, Building 4                                                        ┃
                 ────────────────────────────────────────────────────────────────────────      ┃
                 Utilities                                                    Operational  5   ┃
                 Area                                                                      ▶   ┃
                 Building 7, Utility block                                                     ┃
                 ────────────────────────────────────────────────────────────────────────      ┃
                 Steam distribution                                           Operational  3   ┃
                 Area                                                                      ›   ┃
                 Pipe rack 1, Pipe rack 2, Pipe rack 3, Pipe rack 4                            ┃
                 ────────────────────────────────────────────────────────────────────────      ┃
                 Tank farm                                                    Operational  240 ┃
                 Area                                                                      ›   ┃
                 Tank farm North, Tank farm South
                 ────────────────────────────────────────────────────────────────────────
                 Packaging                                                    Operational  4
                 Area                                                                      ›
                 Building 9
                 ────────────────────────────────────────────────────────────────────────
                 Wastewater treatment                                         Operational  4
                 2 of 8                                                          ? help  q quit
                """)
    }

    @Test func table40x12() async throws {
        let browser = try await sampleTableBrowser(columns: 40, rows: 12, rightToLeft: false)
        await browser.press(key("j"))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities
                ‹ Prev       Hamburg Plant        Next ›
                 Production           Operational  8   ┃
                 Area                              ›   ┃
                 Building 3, Building 4                ┃
                 ────────────────────────────────
                 Utilities            Operational  5
                 Area                              ▶
                 Building 7, Utility block
                 ────────────────────────────────
                 Steam distribution   Operational  3
                 2 of 8                  ? help  q quit
                """)
    }

    @Test func table80x24RightToLeft() async throws {
        let browser = try await sampleTableBrowser(columns: 80, rows: 24, rightToLeft: true)
        await browser.press(key("j"))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities                                         Sample plant
                ‹ Next                           Hamburg Plant                            Prev ›
                ┃   8  Production                                                   Operational
                ┃   ‹  Area
                ┃      Building 3, Building 4
                ┃      ────────────────────────────────────────────────────────────────────────
                ┃   5  Utilities                                                    Operational
                ┃   ◀  Area
                ┃      Building 7, Utility block
                ┃      ────────────────────────────────────────────────────────────────────────
                ┃   3  Steam distribution                                           Operational
                ┃   ‹  Area
                ┃      Pipe rack 1, Pipe rack 2, Pipe rack 3, Pipe rack 4
                ┃      ────────────────────────────────────────────────────────────────────────
                ┃ 240  Tank farm                                                    Operational
                ┃   ‹  Area
                       Tank farm North, Tank farm South
                       ────────────────────────────────────────────────────────────────────────
                    4  Packaging                                                    Operational
                    ‹  Area
                       Building 9
                       ────────────────────────────────────────────────────────────────────────
                    4  Wastewater treatment                                         Operational
                 2 of 8                                                          ? help  q quit
                """)
    }

    @Test func table40x12RightToLeft() async throws {
        let browser = try await sampleTableBrowser(columns: 40, rows: 12, rightToLeft: true)
        await browser.press(key("j"))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities
                ‹ Next       Hamburg Plant        Prev ›
                ┃   8  Production           Operational
                ┃   ‹  Area
                ┃      Building 3, Building 4
                       ────────────────────────────────
                    5  Utilities            Operational
                    ◀  Area
                       Building 7, Utility block
                       ────────────────────────────────
                    3  Steam distribution   Operational
                 2 of 8                  ? help  q quit
                """)
    }
}
