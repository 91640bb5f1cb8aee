import HierarchyKit

// The protocols and base classes the Fiori declarations of the hierarchy classes name
// (`open class FUIHierarchyView : UIView, FUIContentCopyable`, ...), so code that uses a
// hierarchy class through one of them compiles and works.

/// The layout margins of a view, leading and trailing following the layout direction.
public typealias NSDirectionalEdgeInsets = EdgeInsets

/// A view whose content the user may copy.
public protocol FUIContentCopyable: AnyObject {
    /// Whether copying the content is allowed.
    var isContentCopyable: Bool { get set }
}

/// The edges of a view a border is drawn along.
public struct FUIViewBorderEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = FUIViewBorderEdges(rawValue: 1 << 0)
    /// The leading edge (left, or right when right to left).
    public static let leading = FUIViewBorderEdges(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = FUIViewBorderEdges(rawValue: 1 << 2)
    /// The trailing edge (right, or left when right to left).
    public static let trailing = FUIViewBorderEdges(rawValue: 1 << 3)
    /// All four edges.
    public static let all: FUIViewBorderEdges = [.top, .leading, .bottom, .trailing]
}

/// A view that draws a border along some of its edges, in the border of its theme class
/// path (`fdlFUIHierarchyViewHeader { border-... }` for the header).
public protocol FUIViewBorderDrawing: AnyObject {
    /// The edges the border is drawn along.
    var borderEdges: FUIViewBorderEdges { get }
}

/// A cell that holds an inner view with the business object's content and hands its events
/// (taps, reuse, copying) to it.
public protocol InnerViewContainerEventHandling: AnyObject {
    /// The inner view.
    var innerView: HierarchyItemView { get }
}

/// The components of a hierarchy item's inner view.
public protocol FUIHierarchyItemComponent: AnyObject {
    /// The business object's title, the first line.
    var title: HierarchyLabel { get }
    /// The second line.
    var subtitle: HierarchyLabel { get }
    /// The third line.
    var footnote: HierarchyLabel { get }
    /// A short status text on the trailing side.
    var status: HierarchyLabel { get }
    /// The image beside the status text.
    var statusImageView: HierarchyImageView { get }
    /// The image at the leading edge.
    var detailImageView: HierarchyImageView { get }
    /// Small icons drawn before the title.
    var iconImages: [HierarchyImage] { get set }
}

/// The scroll view delegate a layout adopts; the faces scroll the columns themselves, so
/// every member is optional.
public protocol UIScrollViewDelegate: AnyObject {}

/// A state set with a default member.
public protocol Defaultable {
    /// The default state.
    static var `default`: Self { get }
}

/// A state set with a disabled member.
public protocol Enableable {
    /// The state of something that cannot be used.
    static var disabled: Self { get }
    /// Whether the state is usable.
    var isEnabled: Bool { get }
}

/// The base of object views (`FUIHierarchyItemView : FUIObjectViewBase`).
public typealias FUIObjectViewBase = HierarchyItemView
/// The collection cell base that draws table accessories
/// (`FUIHierarchyCollectionItem : FUITableViewAccessoryDrawingCollectionViewCell<FUIHierarchyItemView>`).
public typealias FUITableViewAccessoryDrawingCollectionViewCell<InnerView> = HierarchyCollectionItem
/// The table cell base of object views
/// (`FUIHierarchyItemTableViewCell : FUIObjectBaseTableViewCell<FUIHierarchyItemView>`).
public typealias FUIObjectBaseTableViewCell<InnerView> = HierarchyCollectionItem

/// A hierarchy view's content may be copied, as `FUIHierarchyView`'s.
extension HierarchyView: FUIContentCopyable {}

/// A hierarchy cell is copyable and contains its item view, as `FUIHierarchyCollectionItem`.
extension HierarchyCollectionItem: FUIContentCopyable, InnerViewContainerEventHandling {
    public var innerView: HierarchyItemView { itemView }
}

/// The item view has the components of `FUIHierarchyItemView`.
extension HierarchyItemView: FUIHierarchyItemComponent {}

/// The header draws a border under itself, as `FUIHierarchyViewHeader`.
extension HierarchyViewHeader: FUIViewBorderDrawing {
    /// The bottom edge, between the header and the columns.
    public var borderEdges: FUIViewBorderEdges { .bottom }
}

/// The layout hears scrolling, as `FUIHierarchyCollectionViewLayout`.
extension HierarchyCollectionViewLayout: UIScrollViewDelegate {}

/// The state has a default and can be disabled, as `FUIHierarchyState`.
extension HierarchyState: Defaultable, Enableable {}
