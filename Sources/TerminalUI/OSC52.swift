import Foundation

/// Copies text to the system clipboard through the terminal (OSC 52).
///
/// Terminals that support it (xterm with `allowWindowOps`, kitty, WezTerm,
/// iTerm2, foot, tmux with `set-clipboard on`) put the text on the clipboard,
/// also over SSH; others ignore the sequence.
public enum OSC52 {
    /// The sequence that copies `text` to the clipboard: `ESC ] 52 ; c ; <base64> BEL`.
    ///
    /// - Parameter text: The text to copy. Base64 keeps any control character in it harmless.
    /// - Returns: The bytes to write to the terminal.
    public static func copy(_ text: String) -> [UInt8] {
        let encoded = Data(text.utf8).base64EncodedString()
        var bytes: [UInt8] = [0x1B, 0x5D]
        bytes.append(contentsOf: "52;c;".utf8)
        bytes.append(contentsOf: encoded.utf8)
        bytes.append(0x07)
        return bytes
    }
}
