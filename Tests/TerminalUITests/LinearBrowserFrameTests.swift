import Testing

@testable import TerminalUI

/// Whole frames of the linear layouts on the bundled sample, as literal text (the horizontal
/// form one row scrolled to the focused chip, chips cut at the leading edge left out): the root expanded
/// at load, then one step down and Enter (Utilities expanded, its children loaded from the
/// source as a dynamic item's). Monochrome palette; trailing spaces trimmed.
@MainActor
@Suite struct LinearBrowserFrameTests {
    @Test func horizontal80x24() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24, rightToLeft: false)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities › Compressed air                        Sample plant
                  Hamburg Plant ›   Utilities ›  [Compressed air 5] [Cooling water 8] [Chille…]





















                 1 of 5 · level 2                                                ? help  q quit
                """)
    }

    @Test func horizontal40x12() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 40, rows: 12, rightToLeft: false)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 …rg Plant › Utilities › Compressed air
                        Utilities ›  [Compressed air 5]









                 1 of 5 · level 2        ? help  q quit
                """)
    }

    @Test func horizontal80x24RightToLeft() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 80, rows: 24, rightToLeft: true)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities › Compressed air                        Sample plant
                           [Cooling water 8] [Compressed air 5]  ‹ Utilities   ‹ Hamburg Plant





















                 1 of 5 · level 2                                                ? help  q quit
                """)
    }

    @Test func horizontal40x12RightToLeft() async throws {
        let browser = try await sampleLinearBrowser(axis: .horizontal, columns: 40, rows: 12, rightToLeft: true)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 …rg Plant › Utilities › Compressed air
                 [Compressed air 5]  ‹ Utilities   ‹ …









                 1 of 5 · level 2        ? help  q quit
                """)
    }

    @Test func vertical80x24() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24, rightToLeft: false)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities › Compressed air                        Sample plant
                 ▾ Hamburg Plant  Site
                   ▾ Utilities  Area
                     ▸ Compressed air  Functional location                      Operational  5
                     ▸ Cooling water  Functional location                       Operational  8
                     ▸ Chilled water  Functional location                      Operational  10
                     ▸ Nitrogen supply  Functional location                    Operational  15
                     ▸ Demineralised water  Functional location                Operational  15















                 1 of 5 · level 2                                                ? help  q quit
                """)
    }

    @Test func vertical40x12() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 40, rows: 12, rightToLeft: false)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 …rg Plant › Utilities › Compressed air
                 ▾ Hamburg Plant  Site
                   ▾ Utilities  Area
                     ▸ Compressed air   Operational  5
                     ▸ Cooling water    Operational  8
                     ▸ Chilled water   Operational  10
                     ▸ Nitrogen supp…  Operational  15
                     ▸ Demineralised…  Operational  15



                 1 of 5 · level 2        ? help  q quit
                """)
    }

    @Test func vertical80x24RightToLeft() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24, rightToLeft: true)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 Hamburg Plant › Utilities › Compressed air                        Sample plant
                                                                         Site  Hamburg Plant ▾
                                                                           Area  Utilities ▾
                  Operational  5                     Functional location  Compressed air ◂
                  Operational  8                      Functional location  Cooling water ◂
                  Operational  10                     Functional location  Chilled water ◂
                  Operational  15                   Functional location  Nitrogen supply ◂
                  Operational  15               Functional location  Demineralised water ◂















                 1 of 5 · level 2                                                ? help  q quit
                """)
    }

    @Test func vertical40x12RightToLeft() async throws {
        let browser = try await sampleLinearBrowser(axis: .vertical, columns: 40, rows: 12, rightToLeft: true)
        await browser.press(KeyEvent(.down), KeyEvent(.enter))
        #expect(
            browser.frame == """
                 …rg Plant › Utilities › Compressed air
                                 Site  Hamburg Plant ▾
                                   Area  Utilities ▾
                  Operational  5  Compressed air ◂
                  Operational  8   Cooling water ◂
                  Operational  10  Chilled water ◂
                  Operational  15  Nitrogen sup… ◂
                  Operational  15  Demineralise… ◂



                 1 of 5 · level 2        ? help  q quit
                """)
    }
}
