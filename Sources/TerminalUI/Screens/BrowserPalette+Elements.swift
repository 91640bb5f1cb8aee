import HierarchyKit

extension BrowserPalette {
    /// Whether the palette carries a theme's looks (``looks`` is not empty).
    public var isThemed: Bool { !looks.isEmpty }

    /// The look of a themable element in the normal or selected state.
    ///
    /// A themed palette answers from ``looks``; a built-in palette derives the look from its
    /// styles (body, title, secondary, indicator, header), the selected state drawn in the
    /// `expanded` style keeping the element's bold and italic, so the faces look as they did
    /// before themes had class paths.
    ///
    /// - Parameters:
    ///   - element: The class path.
    ///   - selected: The selected state (an expanded item, or an item selected in editing mode).
    /// - Returns: The look.
    public func look(_ element: ThemeElement, selected: Bool = false) -> ElementLook {
        if let look = looks[ThemeSelector(element, state: selected ? .selected : .normal)] { return look }
        var look: ElementLook
        switch element {
        case .controllerHierarchyView, .hierarchyView:
            return ElementLook(text: text)
        case .hierarchyViewHeader, .header, .headerTitle, .headerLeftButton, .headerRightButton:
            return ElementLook(text: header)
        case .collectionItem, .tableCell:
            look = ElementLook(text: text, border: ElementLook.Border(style: separator))
        case .itemTitle, .tableCellTitle:
            look = ElementLook(text: title)
        case .itemSubtitle, .itemFootnote, .itemStatus, .tableCellSubtitle, .tableCellFootnote:
            look = ElementLook(text: secondary)
        case .itemDetailImage, .tableCellDetailImage:
            look = ElementLook(text: text, tint: selectedMark.foreground)
        case .indicator, .indicatorTitle:
            look = ElementLook(text: indicator)
        case .pathLine, .listSearchBar:
            // The name and placeholder are drawn in the tint: the disabled header colour.
            look = ElementLook(text: header, tint: headerDisabled.foreground)
        case .statusLine, .listStatusLine:
            look = ElementLook(text: status)
        case .listFloorplan, .linearView:
            look = ElementLook(text: text)
        case .listTitle, .linearCell:
            look = ElementLook(text: title)
        case .listSubtitle:
            look = ElementLook(text: secondary)
        }
        guard selected else { return look }
        var style = expanded
        style.bold = expanded.bold || look.text.bold
        style.italic = look.text.italic
        look.text = style
        look.tint = .default
        if let border = look.border {
            look.border?.style = TextStyle(foreground: border.style.foreground, background: style.background)
        }
        return look
    }

    /// A style drawn under the keyboard focus (which has no class path): the focus style,
    /// keeping the element's bold and italic.
    func focused(_ style: TextStyle) -> TextStyle {
        var result = focused
        result.bold = focused.bold || style.bold
        result.italic = style.italic
        return result
    }

    /// The style of a placeholder text ("Loading…", "Empty") in the hierarchy view: the view's
    /// font colour, italic, in a themed palette.
    var placeholderInView: TextStyle {
        guard isThemed else { return placeholder }
        var style = look(.controllerHierarchyView).text
        style.italic = true
        return style
    }

    /// The looks of every class path in both states, from a resolved theme.
    ///
    /// - Parameter theme: The theme.
    /// - Returns: The looks by selector.
    static func looks(for theme: Theme) -> [ThemeSelector: ElementLook] {
        var looks: [ThemeSelector: ElementLook] = [:]
        for element in ThemeElement.allCases {
            for state in ThemeState.allCases {
                looks[ThemeSelector(element, state: state)] = ElementLook(theme.style(for: element, state: state))
            }
        }
        return looks
    }
}
