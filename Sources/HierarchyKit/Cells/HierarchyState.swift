/// The selection state of a hierarchy item: normal or selected.
///
/// An item is selected when it is the expanded item of its column (it is on the path the
/// user drilled down) or, in editing mode, when the user selected it.
public struct HierarchyState: Hashable, Sendable, CustomStringConvertible {
    /// Whether the item is selected.
    public var isSelected: Bool

    public init(isSelected: Bool = false) { self.isSelected = isSelected }

    /// Not selected, enabled.
    public static let normal = HierarchyState(isSelected: false)
    public static let selected = HierarchyState(isSelected: true)
    /// The default state: `.normal`.
    public static let `default` = normal

    public var description: String { isSelected ? "selected" : "normal" }
}
