/// A themable part of the hierarchy components, named by its stylesheet class path.
///
/// Styles cascade: an element's own rules win over the rules of the element it sits in (its
/// ``container``), which win over the theme's defaults. Some class paths name the same view
/// (``sameView``): the header as a part of the hierarchy view (`fdlFUIHierarchyView_header`) and
/// the header class (`fdlFUIHierarchyViewHeader`); a table cell's title and the item view's title.
public enum ThemeElement: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The hierarchy view of a hierarchy view controller.
    case controllerHierarchyView = "fdlHierarchyViewController_hierarchyView"
    /// The hierarchy view: the columns' background.
    case hierarchyView = "fdlFUIHierarchyView"
    /// The header as a part of the hierarchy view (compact width).
    case hierarchyViewHeader = "fdlFUIHierarchyView_header"
    /// The header view.
    case header = "fdlFUIHierarchyViewHeader"
    /// The header's title label.
    case headerTitle = "fdlFUIHierarchyViewHeader_title"
    /// The header's back button.
    case headerLeftButton = "fdlFUIHierarchyViewHeader_leftButton"
    /// The header's forward button.
    case headerRightButton = "fdlFUIHierarchyViewHeader_rightButton"
    /// The default cell of a column.
    case collectionItem = "fdlFUIHierarchyCollectionItem"
    /// An item's title.
    case itemTitle = "fdlFUIHierarchyItemView_title"
    /// An item's subtitle.
    case itemSubtitle = "fdlFUIHierarchyItemView_subtitle"
    /// An item's footnote.
    case itemFootnote = "fdlFUIHierarchyItemView_footnote"
    /// An item's status text.
    case itemStatus = "fdlFUIHierarchyItemView_status"
    /// An item's detail image.
    case itemDetailImage = "fdlFUIHierarchyItemView_detailImageView"
    /// The hierarchy indicator (child count and icon).
    case indicator = "fdlFUIHierarchyIndicator"
    /// The hierarchy indicator's text.
    case indicatorTitle = "fdlFUIHierarchyIndicator_title"
    /// The table form of a cell.
    case tableCell = "fdlFUIBaseCollectionViewCell"
    /// A table cell's title.
    case tableCellTitle = "fdlFUIBaseCollectionViewCell_title"
    /// A table cell's subtitle.
    case tableCellSubtitle = "fdlFUIBaseCollectionViewCell_subtitle"
    /// A table cell's footnote.
    case tableCellFootnote = "fdlFUIBaseCollectionViewCell_footnote"
    /// A table cell's detail image.
    case tableCellDetailImage = "fdlFUIBaseCollectionViewCell_detailImageView"
    /// The path line above a hierarchy (the terminal's top line, the page's bar); its tint
    /// colours the source's name.
    case pathLine = "fdlFUIHierarchyView_pathLine"
    /// The status line under a hierarchy (the terminal's bottom line, the page's status text).
    case statusLine = "fdlFUIHierarchyView_statusLine"
    /// The list floorplan's screen: its rows' background (the terminal's list, the page's
    /// search results).
    case listFloorplan = "fdlFUIListFloorplan"
    /// The list floorplan's search bar; its tint colours the placeholder and the title.
    case listSearchBar = "fdlFUIListFloorplan_searchBar"
    /// A list row's headline.
    case listTitle = "fdlFUIListFloorplan_title"
    /// A list row's second line (subheadline, footnote).
    case listSubtitle = "fdlFUIListFloorplan_subtitle"
    /// The list floorplan's status line (position, keys; the page's result count).
    case listStatusLine = "fdlFUIListFloorplan_statusLine"
    /// The linear hierarchy's view, behind its cells.
    case linearView = "fdlCBLinearHierarchyView"
    /// A linear hierarchy cell (a chip or a row); `:selected` is a cell on the active path.
    case linearCell = "fdlCBLinearHierarchyCell"

    /// The stylesheet class path.
    public var classPath: String { rawValue }

    public var description: String { rawValue }

    /// Looks an element up by class path (exact case, as NUI does).
    ///
    /// The other spellings in ``aliases`` are accepted too.
    ///
    /// - Parameter classPath: The class path.
    /// - Returns: The element, or `nil` for an unknown class path.
    public init?(classPath: String) {
        guard let element = ThemeElement(rawValue: classPath) ?? Self.aliases[classPath] else { return nil }
        self = element
    }

    /// Other spellings of class paths: the header's title as the issue tracker writes it, as a
    /// label (`fdlFUIHierarchyViewHeader_titleLabel`; the documents write `_title`).
    public static let aliases: [String: ThemeElement] = [
        "fdlFUIHierarchyViewHeader_titleLabel": .headerTitle
    ]

    /// The class paths naming this same view, most specific first, this element included.
    /// All of their properties apply.
    public var sameView: [ThemeElement] {
        switch self {
        case .controllerHierarchyView: [.controllerHierarchyView, .hierarchyView]
        case .hierarchyViewHeader, .header: [.hierarchyViewHeader, .header]
        case .tableCellTitle: [.tableCellTitle, .itemTitle]
        case .tableCellSubtitle: [.tableCellSubtitle, .itemSubtitle]
        case .tableCellFootnote: [.tableCellFootnote, .itemFootnote]
        case .tableCellDetailImage: [.tableCellDetailImage, .itemDetailImage]
        default: [self]
        }
    }

    /// The element this one sits in; inherited properties (colours, font, alignment) come from it
    /// when the element does not set them.
    public var container: ThemeElement? {
        switch self {
        case .controllerHierarchyView, .hierarchyView: nil
        // The program's other screens sit where the hierarchy view is: its look is theirs too
        // unless they set their own.
        case .hierarchyViewHeader, .header, .collectionItem, .tableCell, .pathLine, .statusLine, .listFloorplan,
            .linearView:
            .hierarchyView
        case .listSearchBar, .listTitle, .listSubtitle, .listStatusLine: .listFloorplan
        case .linearCell: .linearView
        case .headerTitle, .headerLeftButton, .headerRightButton: .header
        case .itemTitle, .itemSubtitle, .itemFootnote, .itemStatus, .itemDetailImage, .indicator: .collectionItem
        case .indicatorTitle: .indicator
        case .tableCellTitle, .tableCellSubtitle, .tableCellFootnote, .tableCellDetailImage: .tableCell
        }
    }

    /// The cascade: the element's own level, then each container's, each level listing the class
    /// paths of one view, most specific first.
    public var cascade: [[ThemeElement]] {
        var levels: [[ThemeElement]] = [sameView]
        var next = container
        while let element = next, levels.count <= ThemeElement.allCases.count {
            levels.append(element.sameView)
            next = element.container
        }
        return levels
    }
}
