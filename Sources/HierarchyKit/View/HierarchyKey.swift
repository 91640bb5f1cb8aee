/// A key as the faces decode it, independent of the terminal's or the browser's encoding.
public enum HierarchyKey: Hashable, Sendable {
    /// The arrow keys.
    case up, down, left, right
    /// Page Up, Page Down, Home and End.
    case pageUp, pageDown, home, end
    /// Enter, Backspace, Tab, Shift-Tab and Escape.
    case enter, backspace, tab, backTab, escape
    /// A printable character (letters, digits, punctuation, space).
    case character(Character)
}
