/// A key press with the modifiers held.
///
/// Control with a letter arrives as the lowercase letter with ``KeyModifiers/control``
/// (Ctrl-C is `KeyEvent(.character("c"), modifiers: .control)`); Ctrl-Space as
/// `" "` with control. Bytes that a terminal shares between keys decode as:
/// CR and LF → ``Key/enter``, BS and DEL → ``Key/backspace``, HT → ``Key/tab``.
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key event.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - modifiers: The modifiers held, none by default.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Creates a key event.
    public init(key: Key, modifiers: KeyModifiers = []) {
        self.init(key, modifiers: modifiers)
    }
}
