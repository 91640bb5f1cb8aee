/// The selection state of a hierarchy item: normal or selected, enabled or disabled.
///
/// An item is selected when it is the expanded item of its column (it is on the path the
/// user drilled down) or, in editing mode, when the user selected it.
public struct HierarchyState: Hashable, Sendable, CustomStringConvertible {
    /// Whether the item is selected.
    public var isSelected: Bool
    /// Whether the item can be used (`false` for `.disabled`).
    public var isEnabled: Bool

    /// Makes a state; the default is normal and enabled.
    public init(isSelected: Bool = false, isEnabled: Bool = true) {
        self.isSelected = isSelected
        self.isEnabled = isEnabled
    }

    /// Not selected, enabled.
    public static let normal = HierarchyState(isSelected: false)
    /// Selected, enabled.
    public static let selected = HierarchyState(isSelected: true)
    /// A state that cannot be used.
    public static let disabled = HierarchyState(isSelected: false, isEnabled: false)
    /// The default state: `.normal`.
    public static let `default` = normal

    public var description: String {
        let selection = isSelected ? "selected" : "normal"
        return isEnabled ? selection : (isSelected ? "selected, disabled" : "disabled")
    }
}
