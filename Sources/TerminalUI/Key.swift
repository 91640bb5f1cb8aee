/// A key of the keyboard, as far as a terminal reports it.
public enum Key: Hashable, Sendable {
    /// A printable character (letters as typed: Shift+a arrives as `"A"`).
    case character(Character)
    /// Enter, Tab, Shift-Tab, Backspace and Escape.
    case enter, tab, backTab, backspace, escape
    /// The arrow keys.
    case up, down, left, right
    /// Home, End, Page Up, Page Down, Insert and Delete.
    case home, end, pageUp, pageDown, insert, delete
    /// A function key, F1 = `function(1)`.
    case function(Int)
}
