import Testing

@testable import HierarchyKit

@Suite("ThemeColor and font styles")
struct ThemeColorTests {
    @Test func parsesEveryHexForm() {
        #expect(ThemeColor(hex: "#0AF") == ThemeColor(red: 0x00, green: 0xAA, blue: 0xFF))
        #expect(ThemeColor(hex: "#0AF8") == ThemeColor(red: 0x00, green: 0xAA, blue: 0xFF, alpha: 0x88))
        #expect(ThemeColor(hex: "#0070F2") == ThemeColor(red: 0x00, green: 0x70, blue: 0xF2))
        #expect(ThemeColor(hex: "#0070f2") == ThemeColor(red: 0x00, green: 0x70, blue: 0xF2))
        #expect(ThemeColor(hex: "#1D2D3E80") == ThemeColor(red: 0x1D, green: 0x2D, blue: 0x3E, alpha: 0x80))
    }

    @Test(arguments: [
        "", "#", "#1", "#12", "#12345", "#1234567", "#123456789", "#GGG", "0070F2", "# 0070F2", "#00 70F2",
    ])
    func rejectsMalformedHex(text: String) {
        #expect(ThemeColor(hex: text) == nil)
        #expect(ThemeColor(parsing: text) == nil)
    }

    @Test func printsUpperCaseHexWithAlphaOnlyWhenTranslucent() {
        #expect(ThemeColor(red: 0x0a, green: 0x6e, blue: 0xd1).hex == "#0A6ED1")
        #expect(ThemeColor(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
        #expect(ThemeColor(red: 1, green: 2, blue: 3, alpha: 4).description == "#01020304")
        #expect(ThemeColor(red: 1, green: 2, blue: 3).isOpaque)
    }

    @Test func hexRoundTripsAcrossChannelValues() {
        var checked = 0
        for value in stride(from: 0, through: 255, by: 15) {
            let byte = UInt8(value)
            for alpha in [UInt8(0), 128, 255] {
                let color = ThemeColor(red: byte, green: 255 - byte, blue: byte / 2, alpha: alpha)
                #expect(ThemeColor(hex: color.hex) == color)
                #expect(ThemeColor(hex: color.hex.lowercased()) == color)
                checked += 1
            }
        }
        #expect(checked == 18 * 3)
    }

    @Test func shortHexExpandsToTheSameLongHex() {
        for digit in Array("0123456789ABCDEF") {
            let short = "#\(digit)\(digit)\(digit)"
            let long = "#\(digit)\(digit)\(digit)\(digit)\(digit)\(digit)"
            #expect(ThemeColor(hex: short) == ThemeColor(hex: long))
            #expect(ThemeColor(hex: short)?.hex == long)
        }
    }

    @Test func parsesNamedColorsIgnoringCase() {
        #expect(ThemeColor(parsing: "sapBrandColor") == ThemeColor(hex: "#0070F2"))
        #expect(ThemeColor(parsing: " SAPTEXTCOLOR ") == ThemeColor(hex: "#1D2D3E"))
        #expect(ThemeColor(name: "sapNegativeColor") == ThemeColor(hex: "#AA0808"))
        #expect(ThemeColor(name: "white")?.hex == "#FFFFFF")
        #expect(ThemeColor(name: "transparent")?.hex == "#00000000")
        #expect(ThemeColor(name: "clear") == ThemeColor(name: "transparent"))
        #expect(ThemeColor(name: "notAColour") == nil)
        #expect(ThemeColor.namedColors.count > 10)
    }

    @Test func parsesFontStylesWithModifiers() {
        #expect(ThemeFontStyle(parsing: "subheadline") == ThemeFontStyle(.subheadline))
        #expect(ThemeFontStyle(parsing: "headline bold") == ThemeFontStyle(.headline, isBold: true))
        #expect(ThemeFontStyle(parsing: "Body  Italic Bold") == ThemeFontStyle(.body, isBold: true, isItalic: true))
        #expect(ThemeFontStyle(parsing: "UIFontTextStyleCaption2") == ThemeFontStyle(.caption2))
        #expect(ThemeFontStyle(parsing: "largetitle") == ThemeFontStyle(.largeTitle))
        for text in ["", "huge", "body heavy", "bold body", "title4"] {
            #expect(ThemeFontStyle(parsing: text) == nil, "\(text)")
        }
    }

    @Test func fontStyleDescriptionsRoundTrip() {
        for style in ThemeFontStyle.TextStyle.allCases {
            for bold in [false, true] {
                for italic in [false, true] {
                    let font = ThemeFontStyle(style, isBold: bold, isItalic: italic)
                    #expect(ThemeFontStyle(parsing: font.description) == font)
                }
            }
            #expect(style.defaultPointSize >= 11)
        }
        #expect(ThemeFontStyle(.headline, isBold: true).description == "headline bold")
        #expect(
            ThemeFontStyle.TextStyle.largeTitle.defaultPointSize > ThemeFontStyle.TextStyle.caption2.defaultPointSize)
    }

    @Test func parsesAlignmentsAndBorderStyles() {
        #expect(ThemeTextAlignment.allCases.allSatisfy { ThemeTextAlignment(parsing: $0.rawValue) == $0 })
        #expect(ThemeTextAlignment(parsing: "CENTRE") == .center)
        #expect(ThemeTextAlignment(parsing: "justify") == .justified)
        #expect(ThemeTextAlignment(parsing: "middle") == nil)
        #expect(ThemeBorderStyle.allCases.allSatisfy { ThemeBorderStyle(parsing: $0.rawValue.uppercased()) == $0 })
        #expect(ThemeBorderStyle(parsing: "wavy") == nil)
    }
}
