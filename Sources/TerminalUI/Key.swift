/// A key of the keyboard, as far as a terminal reports it.
public enum Key: Hashable, Sendable {
    /// A printable character (letters as typed: Shift+a arrives as `"A"`).
    case character(Character)
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// A function key, F1 = `function(1)`.
    case function(Int)
}
