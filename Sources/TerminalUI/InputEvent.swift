/// One thing the user did, decoded from the terminal's input bytes by ``InputDecoder``.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse action.
    case mouse(MouseEvent)
    /// Bracketed-paste text, cleaned by ``TerminalText/cleanPaste(_:)``: only `\n` and `\t` remain as controls.
    case paste(String)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// Bytes that form no known key, mouse report or sequence.
    case unknown([UInt8])
}
