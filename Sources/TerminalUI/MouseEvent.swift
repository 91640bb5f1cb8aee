/// A mouse action reported by the terminal (SGR 1006 or legacy X10 encoding).
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button pressed or released, the mouse moved with a button held, or without one.
        case press, release, drag, move
        /// The wheel turned, or tilted sideways.
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    /// Which button; ``none`` for moves, wheels and releases whose button is unknown.
    public enum Button: Hashable, Sendable {
        /// The left, middle or right button, or none known.
        case left, middle, right, none
    }

    /// What happened.
    public var kind: Kind
    /// The button involved.
    public var button: Button
    /// The 0-based column.
    public var x: Int
    /// The 0-based row.
    public var y: Int
    /// Modifiers held (shift, alt, control).
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(kind: Kind, button: Button, x: Int, y: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.button = button
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}
