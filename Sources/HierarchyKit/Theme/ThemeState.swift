/// The selection state a style is resolved for.
///
/// In a stylesheet the selected state is written as a `:selected` suffix on the class path:
/// `fdlFUIHierarchyCollectionItem:selected { background-color: #EBF8FF; }`. The suffix
/// `:normal` is accepted and means the same as none.
public enum ThemeState: String, Hashable, Sendable, CaseIterable {
    /// Not selected.
    case normal
    /// Selected (for items: expanded or chosen).
    case selected
}
