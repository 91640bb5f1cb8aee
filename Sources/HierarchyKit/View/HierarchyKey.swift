/// A key as the faces decode it, independent of the terminal's or the browser's encoding.
public enum HierarchyKey: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, backspace, tab, backTab, escape
    /// A printable character (letters, digits, punctuation, space).
    case character(Character)
}
