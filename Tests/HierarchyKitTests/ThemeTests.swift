import Testing

@testable import HierarchyKit

private func color(_ hex: String) -> ThemeColor? { ThemeColor(hex: hex) }

/// A theme with grey defaults and no rules, so that each test sees only its own sheet.
private let bare = Theme(
    name: "bare",
    defaults: ThemeStyle(
        fontColor: ThemeColor(hex: "#000000"), fontStyle: ThemeFontStyle(.body), textAlign: .natural,
        tintColor: ThemeColor(hex: "#0000FF"), backgroundColor: ThemeColor(hex: "#FFFFFF"),
        borderColor: ThemeColor(hex: "#808080"), borderWidth: 0, borderStyle: ThemeBorderStyle.none),
    statusColors: Theme.light.statusColors)

private func sheet(_ text: String) -> StyleSheet {
    let (sheet, diagnostics) = StyleSheet.parse(text, sourceName: "test.nss")
    #expect(diagnostics == [])
    return sheet
}

@Suite("Theme")
struct ThemeTests {
    // MARK: Built-in themes

    @Test(arguments: ["light", "dark"])
    func builtInThemesResolveEveryElementCompletely(name: String) throws {
        let theme = try #require(Theme.named(name))
        #expect(theme.name == name)
        for element in ThemeElement.allCases {
            for state in ThemeState.allCases {
                #expect(theme.style(for: element, state: state).isComplete, "\(element) \(state)")
            }
        }
    }

    @Test func lightUsesHorizonColours() {
        let light = Theme.light
        #expect(light.style(for: .hierarchyView).backgroundColor == color("#F5F6F7"))
        #expect(light.style(for: .itemTitle).fontColor == color("#1D2D3E"))
        #expect(light.style(for: .indicator).tintColor == color("#0070F2"))
        #expect(light.style(for: .collectionItem).backgroundColor == color("#FFFFFF"))
        #expect(light.style(for: .collectionItem, state: .selected).backgroundColor == color("#EBF8FF"))
        #expect(light.style(for: .itemTitle, state: .selected).backgroundColor == color("#EBF8FF"))
        #expect(light.style(for: .itemTitle, state: .selected).fontStyle == ThemeFontStyle(.body, isBold: true))
        #expect(light.style(for: .itemTitle).fontStyle == ThemeFontStyle(.body))
        #expect(light.style(for: .indicator, state: .selected).backgroundColor == color("#0070F2"))
        #expect(light.statusColors.positive == color("#256F3A"))
        #expect(light.statusColors.critical == color("#E76500"))
        #expect(light.statusColors.negative == color("#AA0808"))
    }

    @Test func darkUsesHorizonEveningColours() {
        let dark = Theme.dark
        #expect(dark.style(for: .hierarchyView).backgroundColor == color("#12171C"))
        #expect(dark.style(for: .itemTitle).fontColor == color("#EAECEE"))
        #expect(dark.statusColors.positive != Theme.light.statusColors.positive)
        #expect(dark.statusColors.negative != Theme.light.statusColors.negative)
        #expect(dark.statusColors.critical != Theme.light.statusColors.critical)
        for element in ThemeElement.allCases where element != .indicator {
            #expect(
                dark.style(for: element).backgroundColor != Theme.light.style(for: element).backgroundColor,
                "\(element)")
        }
        #expect(Theme.dark != Theme.light)
        #expect(Theme.named("DARK") == Theme.dark)
        #expect(Theme.named("sepia") == nil)
    }

    // MARK: Cascade

    @Test func inheritedPropertiesComeFromContainersButBordersDoNot() {
        let theme = bare.applying(
            sheet("fdlFUIHierarchyView { font-color: #111111; border-width: 2; border-style: solid; }"))
        for element in ThemeElement.allCases {
            #expect(theme.style(for: element).fontColor == color("#111111"), "\(element)")
        }
        #expect(theme.style(for: .hierarchyView).borderWidth == 2)
        #expect(theme.style(for: .controllerHierarchyView).borderWidth == 2)  // the same view
        #expect(theme.style(for: .collectionItem).borderWidth == 0)
        #expect(theme.style(for: .itemTitle).borderStyle == ThemeBorderStyle.none)
    }

    @Test func anElementsOwnRuleWinsOverItsContainer() {
        let theme = bare.applying(
            sheet(
                """
                fdlFUIHierarchyCollectionItem { font-color: #222222; font-style: footnote; }
                fdlFUIHierarchyItemView_title { font-color: #333333; }
                """))
        #expect(theme.style(for: .itemTitle).fontColor == color("#333333"))
        #expect(theme.style(for: .itemTitle).fontStyle == ThemeFontStyle(.footnote))
        #expect(theme.style(for: .itemSubtitle).fontColor == color("#222222"))
        #expect(theme.style(for: .indicatorTitle).fontColor == color("#222222"))
        #expect(theme.style(for: .hierarchyView).fontColor == color("#000000"))
        #expect(theme.style(for: .tableCellTitle).fontColor == color("#333333"))  // via the item view's title
        #expect(theme.style(for: .tableCellSubtitle).fontColor == color("#000000"))  // not inside a collection item
    }

    @Test func selectedRulesApplyOnlyInTheSelectedState() {
        let theme = bare.applying(
            sheet(
                """
                fdlFUIHierarchyCollectionItem { background-color: #EEEEEE; }
                fdlFUIHierarchyCollectionItem:selected { background-color: #AAAAAA; border-width: 1; }
                fdlFUIHierarchyItemView_subtitle { background-color: #BBBBBB; }
                fdlFUIHierarchyItemView_footnote:selected { font-color: #FF0000; }
                """))
        #expect(theme.style(for: .collectionItem).backgroundColor == color("#EEEEEE"))
        #expect(theme.style(for: .collectionItem, state: .selected).backgroundColor == color("#AAAAAA"))
        #expect(theme.style(for: .collectionItem, state: .selected).borderWidth == 1)
        #expect(theme.style(for: .itemTitle, state: .selected).backgroundColor == color("#AAAAAA"))
        #expect(theme.style(for: .itemTitle, state: .selected).borderWidth == 0)
        #expect(theme.style(for: .itemTitle).backgroundColor == color("#EEEEEE"))
        // The element's own normal rule wins over its container's selected rule.
        #expect(theme.style(for: .itemSubtitle, state: .selected).backgroundColor == color("#BBBBBB"))
        #expect(theme.style(for: .itemFootnote, state: .selected).fontColor == color("#FF0000"))
        #expect(theme.style(for: .itemFootnote).fontColor == color("#000000"))
    }

    @Test func thePropertyPathWinsOverTheClassForTheSameView() {
        let theme = bare.applying(
            sheet(
                """
                fdlFUIHierarchyView_header { background-color: #020202; }
                fdlFUIHierarchyViewHeader { background-color: #010101; font-color: #030303; }
                """))
        for element in [ThemeElement.header, .hierarchyViewHeader] {
            #expect(theme.style(for: element).backgroundColor == color("#020202"))
            #expect(theme.style(for: element).fontColor == color("#030303"))
        }
        #expect(theme.style(for: .headerTitle).backgroundColor == color("#020202"))
        #expect(theme.style(for: .headerLeftButton).fontColor == color("#030303"))
        #expect(theme.style(for: .collectionItem).backgroundColor == color("#FFFFFF"))
    }

    @Test func everyElementsCascadeEndsAtTheHierarchyView() {
        for element in ThemeElement.allCases {
            let cascade = element.cascade
            #expect(cascade.first?.contains(element) == true)
            #expect(cascade.last?.contains(.hierarchyView) == true, "\(element)")
            #expect(cascade.count <= 4)
        }
        #expect(
            ThemeElement.indicatorTitle.cascade == [
                [.indicatorTitle], [.indicator], [.collectionItem], [.hierarchyView],
            ])
        #expect(ThemeElement.allCases.allSatisfy { ThemeElement(classPath: $0.classPath) == $0 })
        #expect(ThemeElement(classPath: "fdlfuihierarchyview") == nil)
    }

    // MARK: Applying sheets

    @Test func applyingASheetChangesOnlyWhatItSets() {
        let themed = Theme.light.applying(sheet("fdlFUIHierarchyItemView_title { font-color: #0A6ED1; }"))
        #expect(themed.style(for: .itemTitle).fontColor == color("#0A6ED1"))
        #expect(themed.style(for: .itemTitle).fontStyle == Theme.light.style(for: .itemTitle).fontStyle)
        #expect(themed.style(for: .tableCellTitle).fontColor == color("#0A6ED1"))
        for element in ThemeElement.allCases where ![.itemTitle, .tableCellTitle].contains(element) {
            for state in ThemeState.allCases {
                #expect(themed.style(for: element, state: state) == Theme.light.style(for: element, state: state))
            }
        }
        #expect(Theme.light.applying(StyleSheet()) == Theme.light)
    }

    @Test func laterSheetsWin() {
        let first = sheet("fdlFUIHierarchyView { font-color: #111111; tint-color: #222222; }")
        let second = sheet("fdlFUIHierarchyView { font-color: #333333; }")
        let theme = bare.applying(first).applying(second)
        #expect(theme.style(for: .hierarchyView).fontColor == color("#333333"))
        #expect(theme.style(for: .hierarchyView).tintColor == color("#222222"))
    }

    @Test func aThemeRoundTripsThroughItsStyleSheet() {
        for theme in [Theme.light, Theme.dark] {
            let text = theme.styleSheet.formatted
            let (parsed, diagnostics) = StyleSheet.parse(text, sourceName: theme.name)
            #expect(diagnostics == [])
            let rebuilt = Theme(name: theme.name, defaults: theme.defaults, statusColors: theme.statusColors)
                .applying(parsed)
            #expect(rebuilt == theme)
        }
        #expect(bare.styleSheet.rules == [])
    }

    // MARK: Search paths

    @Test func searchPathsFollowXDG() {
        #expect(
            Theme.defaultSearchPaths(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"])
                == ["/cfg/hierarchy/theme.nss", "/etc/xdg/hierarchy/theme.nss"])
        #expect(
            Theme.defaultSearchPaths(environment: ["HOME": "/home/u/"])
                == ["/home/u/.config/hierarchy/theme.nss", "/etc/xdg/hierarchy/theme.nss"])
        #expect(
            Theme.defaultSearchPaths(environment: ["XDG_CONFIG_HOME": "relative/dir", "HOME": "/home/u"])
                == ["/home/u/.config/hierarchy/theme.nss", "/etc/xdg/hierarchy/theme.nss"])
        #expect(
            Theme.defaultSearchPaths(environment: ["XDG_CONFIG_HOME": "", "HOME": "/"])
                == ["/.config/hierarchy/theme.nss", "/etc/xdg/hierarchy/theme.nss"])
        #expect(
            Theme.defaultSearchPaths(environment: ["XDG_CONFIG_DIRS": "/opt/etc/:relative:/etc/xdg"])
                == ["/opt/etc/hierarchy/theme.nss", "/etc/xdg/hierarchy/theme.nss"])
        #expect(Theme.defaultSearchPaths(environment: [:]) == ["/etc/xdg/hierarchy/theme.nss"])
    }
}
