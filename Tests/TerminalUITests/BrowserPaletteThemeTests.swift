import HierarchyKit
import Testing

@testable import TerminalUI

/// Mapping themes to the terminal palette.
@Suite struct BrowserPaletteThemeTests {
    @Test func lightThemeUsesHorizonColours() {
        let palette = BrowserPalette.forTheme(.light)
        #expect(palette.text == TextStyle(foreground: .rgb(0x1D, 0x2D, 0x3E), background: .rgb(0xFF, 0xFF, 0xFF)))
        #expect(palette.secondary.foreground == .rgb(0x55, 0x6B, 0x82))
        #expect(palette.expanded.background == .rgb(0xEB, 0xF8, 0xFF))
        #expect(palette.expanded.bold)
        #expect(palette.indicator.foreground == .rgb(0x00, 0x64, 0xD9))
        #expect(palette.separator.foreground == .rgb(0xE5, 0xE5, 0xE5))
        #expect(palette.status.background == .rgb(0xF5, 0xF6, 0xF7))
        #expect(palette.negative.foreground == .rgb(0xAA, 0x08, 0x08))
        #expect(palette.focused.reverse)
    }

    @Test func darkThemeUsesEveningColours() {
        let palette = BrowserPalette.forTheme(.dark)
        #expect(palette.text == TextStyle(foreground: .rgb(0xEA, 0xEC, 0xEE), background: .rgb(0x1D, 0x23, 0x2A)))
        #expect(palette.expanded.background == .rgb(0x1B, 0x36, 0x50))
        #expect(palette.status.background == .rgb(0x12, 0x17, 0x1C))
        #expect(palette.positive.foreground == .rgb(0x5D, 0xC1, 0x22))
        #expect(palette.indicator.foreground == .rgb(0x4D, 0xB1, 0xFF))
        #expect(palette != BrowserPalette.forTheme(.light))
    }

    @Test func stylesheetRulesReachThePalette() {
        let (sheet, diagnostics) = StyleSheet.parse(
            """
            fdlFUIHierarchyItemView_title { font-color: #112233; font-style: body bold; }
            fdlFUIHierarchyCollectionItem:selected { background-color: #445566; }
            fdlFUIHierarchyView_header { background-color: #778899; }
            fdlFUIHierarchyIndicator_title { font-color: #AABBCC; }
            """, sourceName: "t.nss")
        #expect(diagnostics.isEmpty)
        let palette = BrowserPalette.forTheme(Theme.light.applying(sheet))
        #expect(palette.title.foreground == .rgb(0x11, 0x22, 0x33))
        #expect(palette.title.bold)
        #expect(palette.expanded.background == .rgb(0x44, 0x55, 0x66))
        #expect(palette.header.background == .rgb(0x77, 0x88, 0x99))
        #expect(palette.indicator.foreground == .rgb(0xAA, 0xBB, 0xCC))
    }

    @Test func transparentColoursFallBackToTheTerminal() {
        let (sheet, _) = StyleSheet.parse(
            "fdlFUIHierarchyCollectionItem { background-color: #00000000; }", sourceName: "t")
        #expect(BrowserPalette.forTheme(Theme.light.applying(sheet)).text.background == .default)
    }

    @Test(arguments: [Theme.light, Theme.dark, nil])
    func noColorWinsOverAnyTheme(theme: Theme?) {
        #expect(BrowserPalette.forCapability(.none, theme: theme) == .monochrome)
    }

    @Test func withoutAThemeTheHorizonPaletteStays() {
        #expect(BrowserPalette.forCapability(.trueColor, theme: nil) == .horizon)
        #expect(BrowserPalette.forCapability(.ansi16, theme: .dark) == .forTheme(.dark))
    }
}
