import Testing

@testable import HierarchyKit

private func color(_ hex: String) -> ThemeColor? { ThemeColor(hex: hex) }

/// Diagnostics as `line:column severity message`, for literal comparison.
private func render(_ diagnostics: [StyleSheetDiagnostic]) -> [String] {
    diagnostics.map { "\($0.line):\($0.column) \($0.severity.rawValue): \($0.message)" }
}

private func parse(_ text: String) -> (StyleSheet, [String]) {
    let (sheet, diagnostics) = StyleSheet.parse(text, sourceName: "theme.nss")
    #expect(diagnostics.allSatisfy { $0.sourceName == "theme.nss" })
    return (sheet, render(diagnostics))
}

@Suite("StyleSheet")
struct ThemeStyleSheetTests {
    // MARK: Good sheets

    @Test func parsesTheNUIExample() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView_header { background-color: #F5F6F7; font-color: #32363A; }
            fdlFUIHierarchyItemView_title { font-color: #0A6ED1; font-style: subheadline; text-align: left; }
            """)
        #expect(diagnostics == [])
        #expect(
            sheet.rules == [
                StyleSheet.Rule(
                    selector: ThemeSelector(.hierarchyViewHeader),
                    style: ThemeStyle(fontColor: color("#32363A"), backgroundColor: color("#F5F6F7")), line: 1),
                StyleSheet.Rule(
                    selector: ThemeSelector(.itemTitle),
                    style: ThemeStyle(
                        fontColor: color("#0A6ED1"), fontStyle: ThemeFontStyle(.subheadline), textAlign: .left),
                    line: 2),
            ])
        #expect(sheet.sourceName == "theme.nss")
    }

    @Test func parsesEveryPropertyCommentsListsAndTheSelectedState() {
        let (sheet, diagnostics) = parse(
            """
            /* Cells
               in two states */
            fdlFUIHierarchyCollectionItem, fdlFUIBaseCollectionViewCell {   // both cell forms
                background-color: #FFF;
                border-color: #E5E5E5;   border-width: 1px;
                border-style: solid
            }
            fdlFUIHierarchyCollectionItem:selected{background-color:sapList_SelectionBackgroundColor;}
            fdlFUIHierarchyIndicator_title:normal { font-style: footnote bold; text-align: CENTER; }
            fdlFUIHierarchyItemView_detailImageView { tint-color: #0070F280 /* translucent */; }
            fdlFUIHierarchyItemView_status { font-color: sapPositiveColor; ; }
            """)
        #expect(diagnostics == [])
        let cell = ThemeStyle(
            backgroundColor: color("#FFFFFF"), borderColor: color("#E5E5E5"), borderWidth: 1, borderStyle: .solid)
        #expect(sheet.declaredStyle(for: ThemeSelector(.collectionItem)) == cell)
        #expect(sheet.declaredStyle(for: ThemeSelector(.tableCell)) == cell)
        #expect(
            sheet.declaredStyle(for: ThemeSelector(.collectionItem, state: .selected))
                == ThemeStyle(backgroundColor: color("#EBF8FF")))
        #expect(
            sheet.declaredStyle(for: ThemeSelector(.indicatorTitle))
                == ThemeStyle(fontStyle: ThemeFontStyle(.footnote, isBold: true), textAlign: .center))
        #expect(sheet.declaredStyle(for: ThemeSelector(.itemDetailImage)).tintColor == color("#0070F280"))
        #expect(sheet.declaredStyle(for: ThemeSelector(.itemStatus)).fontColor == color("#256F3A"))
        #expect(sheet.rules.map(\.line) == [3, 3, 8, 9, 10, 11])
    }

    @Test func laterDeclarationsAndRulesWin() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView { font-color: #111; font-color: #222; tint-color: #333; }
            fdlFUIHierarchyView { font-color: #444; }
            """)
        #expect(diagnostics == [])
        #expect(sheet.rules.count == 2)
        #expect(
            sheet.declaredStyle(for: ThemeSelector(.hierarchyView))
                == ThemeStyle(fontColor: color("#444"), tintColor: color("#333")))
    }

    @Test(arguments: ["", "   \n\t\n", "/* only a comment */", "// line comment\n// another"])
    func emptySheetsHaveNoRulesAndNoDiagnostics(text: String) {
        let (sheet, diagnostics) = parse(text)
        #expect(sheet.rules == [])
        #expect(diagnostics == [])
    }

    @Test(arguments: [1, 20, 500])
    func manyRulesParseInOrder(count: Int) {
        let elements = ThemeElement.allCases
        let text = (0..<count).map { index in
            "\(elements[index % elements.count].rawValue) { border-width: \(index); }"
        }.joined(separator: "\n")
        let (sheet, diagnostics) = parse(text)
        #expect(diagnostics == [])
        #expect(sheet.rules.count == count)
        #expect(sheet.rules.map { $0.style.borderWidth ?? -1 } == (0..<count).map(Double.init))
        #expect(sheet.rules.map(\.line) == Array(1...count))
    }

    @Test func windowsLineEndingsCountAsOneLine() {
        let (_, diagnostics) = parse("fdlFUIHierarchyView {\r\n  font-colour: #FFF;\r\n}\r\n")
        #expect(diagnostics == ["2:3 warning: unknown property 'font-colour'; ignored"])
    }

    // MARK: Broken sheets

    @Test func aMissingColonDropsOnlyThatDeclaration() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView {
                font-color #FFFFFF;
                tint-color: #000;
            }
            """)
        #expect(diagnostics == ["2:16 error: expected ':' after property 'font-color', found '#'"])
        #expect(sheet.declaredStyle(for: ThemeSelector(.hierarchyView)) == ThemeStyle(tintColor: color("#000000")))
    }

    @Test func aMissingSemicolonAtTheEndOfALineIsAnErrorButTheValueApplies() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView {
              font-color: #FFFFFF
              tint-color: #000000;
            }
            """)
        #expect(diagnostics == ["2:22 error: expected ';' after the value of 'font-color'"])
        #expect(
            sheet.declaredStyle(for: ThemeSelector(.hierarchyView))
                == ThemeStyle(fontColor: color("#FFFFFF"), tintColor: color("#000000")))
    }

    @Test func aMissingClosingBraceRecoversAtTheNextRule() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView { font-color: #FFF;
            fdlFUIHierarchyViewHeader_title { font-color: #000; }
            fdlFUIHierarchyIndicator { tint-color: #0070F2; }
            """)
        #expect(
            diagnostics == [
                "2:33 error: expected ':' after property 'fdlFUIHierarchyViewHeader_title', found '{'"
            ])
        #expect(sheet.rules.map(\.selector) == [ThemeSelector(.hierarchyView), ThemeSelector(.indicator)])
        #expect(sheet.declaredStyle(for: ThemeSelector(.hierarchyView)) == ThemeStyle(fontColor: color("#FFFFFF")))
        #expect(sheet.declaredStyle(for: ThemeSelector(.indicator)) == ThemeStyle(tintColor: color("#0070F2")))
    }

    @Test func aBrokenSelectorSkipsItsRuleOnly() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView header { font-color: #FFF; }
            fdlFUIHierarchyCollectionItem: { font-color: #FFF; }
            { font-color: #FFF; }
            fdlFUIHierarchyIndicator { tint-color: #0070F2; }
            """)
        #expect(
            diagnostics == [
                "1:21 error: expected '{' or ',' after 'fdlFUIHierarchyView', found 'h'",
                "2:31 error: expected a state name after 'fdlFUIHierarchyCollectionItem:', found ' '",
                "3:1 error: expected a class path, found '{'",
            ])
        #expect(sheet.rules.map(\.selector) == [ThemeSelector(.indicator)])
    }

    @Test func strayTokensAtTopLevelAreSkipped() {
        let (sheet, diagnostics) = parse(
            """
            @brand: #0070F2;
            }
            fdlFUIHierarchyIndicator { tint-color: #0070F2; }
            """)
        #expect(
            diagnostics == [
                "1:1 error: expected a class path, found '@'",
                "2:1 error: expected a class path, found '}'",
            ])
        #expect(sheet.rules.map(\.selector) == [ThemeSelector(.indicator)])
    }

    @Test func theEndOfInputInsideARuleIsAnErrorButKeepsItsDeclarations() {
        let (sheet, diagnostics) = parse("fdlFUIHierarchyView { font-color: #FFF;")
        #expect(diagnostics == ["1:40 error: expected '}' to close the rule opened at 1:21"])
        #expect(sheet.declaredStyle(for: ThemeSelector(.hierarchyView)).fontColor == color("#FFFFFF"))

        let (_, dangling) = parse("fdlFUIHierarchyView")
        #expect(dangling == ["1:20 error: expected '{' or ',' after 'fdlFUIHierarchyView', found end of input"])
    }

    @Test func anUnterminatedCommentIsReportedWhereItStarts() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView { font-color: #FFF; }

              /* never closed
            fdlFUIHierarchyIndicator { tint-color: #0070F2; }
            """)
        #expect(diagnostics == ["3:3 error: unterminated comment"])
        #expect(sheet.rules.map(\.selector) == [ThemeSelector(.hierarchyView)])
    }

    @Test func unusableValuesAreErrorsAtTheValue() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyItemView_title {
              font-color: #12;
              font-style: huge;
              text-align: middle;
              border-width: -1;
              border-style: wavy;
              tint-color: ;
              background-color: #FFF;
            }
            """)
        #expect(
            diagnostics == [
                "2:15 error: invalid colour '#12' for 'font-color'; expected #RGB, #RRGGBB, #RRGGBBAA or a colour name",
                "3:15 error: unknown font style 'huge'; expected one of largeTitle, title1, title2, title3, headline, "
                    + "subheadline, body, callout, footnote, caption1, caption2, optionally followed by bold or italic",
                "4:15 error: unknown text alignment 'middle'; expected left, center, right, natural or justified",
                "5:17 error: invalid border width '-1'; expected a non-negative number",
                "6:17 error: unknown border style 'wavy'; expected none, solid, dashed or dotted",
                "7:15 error: missing value for 'tint-color'",
            ])
        #expect(sheet.declaredStyle(for: ThemeSelector(.itemTitle)) == ThemeStyle(backgroundColor: color("#FFFFFF")))
    }

    // MARK: Warnings

    @Test func unknownClassPathsStatesAndPropertiesAreWarnings() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyViewFooter { font-color: #FFF; }
            fdlFUIHierarchyCollectionItem:hover { background-color: #EEE; }
            fdlFUIHierarchyItemView_title, fdlFUIHierarchyItemView_caption {
                font-name: Helvetica;
                font-color: #0A6ED1;
            }
            """)
        #expect(
            diagnostics == [
                "1:1 warning: unknown class path 'fdlFUIHierarchyViewFooter'; ignored",
                "2:31 warning: unknown state ':hover' (only ':selected' is supported); ignored",
                "3:32 warning: unknown class path 'fdlFUIHierarchyItemView_caption'; ignored",
                "4:5 warning: unknown property 'font-name'; ignored",
            ])
        #expect(sheet.rules.map(\.selector) == [ThemeSelector(.itemTitle)])
        #expect(sheet.declaredStyle(for: ThemeSelector(.itemTitle)) == ThemeStyle(fontColor: color("#0A6ED1")))
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let (_, diagnostics) = StyleSheet.parse(
            "fdlFUIHierarchyView { font-size: 3; }", sourceName: "/home/u/theme.nss")
        #expect(
            diagnostics.map(\.description) == ["/home/u/theme.nss:1:23: warning: unknown property 'font-size'; ignored"]
        )
        #expect(diagnostics.first?.severity == .warning)
    }

    // MARK: Formatting

    @Test func formattedTextParsesBackToTheSameRules() {
        let (sheet, diagnostics) = parse(
            """
            fdlFUIHierarchyView { font-color: #1D2D3E; background-color: #F5F6F780; border-width: 0.5; }
            fdlFUIHierarchyCollectionItem:selected { font-style: body bold italic; text-align: natural; border-style: dashed; }
            fdlFUIHierarchyItemView_title { }
            """)
        #expect(diagnostics == [])
        let text = sheet.formatted
        #expect(
            text == """
                fdlFUIHierarchyView {
                    font-color: #1D2D3E;
                    background-color: #F5F6F780;
                    border-width: 0.5;
                }

                fdlFUIHierarchyCollectionItem:selected {
                    font-style: body bold italic;
                    text-align: natural;
                    border-style: dashed;
                }

                """)
        let (again, againDiagnostics) = parse(text)
        #expect(againDiagnostics == [])
        #expect(again.rules.map(\.selector) == sheet.rules.filter { !$0.style.isEmpty }.map(\.selector))
        #expect(again.rules.map(\.style) == sheet.rules.filter { !$0.style.isEmpty }.map(\.style))
    }
}
