/// The key bindings every face shares, and the help text that describes them.
///
/// h/j/k/l/g/G/e/y/q are commands; other letters start a type-select search, and while one
/// is running every letter, and the space, extends it. Arrows point at screen directions: in right-to-left
/// layouts → goes back.
public struct HierarchyKeyBindings: Sendable {
    /// Makes the shared bindings.
    public init() {}

    /// The command for a key.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - control: Whether Control was held.
    ///   - rightToLeft: Whether the layout is mirrored.
    ///   - isTypeSelecting: Whether a type-select search is running (letters extend it).
    /// - Returns: The command, or nil for a key without one.
    public func command(
        for key: HierarchyKey, control: Bool = false, rightToLeft: Bool = false,
        isTypeSelecting: Bool = false
    ) -> HierarchyCommand? {
        if control {
            switch key {
            case .character("c"), .character("q"): return .quit
            case .character("f"): return .move(.pageDown)
            case .character("b"): return .move(.pageUp)
            case .character("n"): return .move(.down)
            case .character("p"): return .move(.up)
            default: return nil
            }
        }
        // A space extends a running search too: titles have spaces ("Pump 2").
        if case .character(let c) = key, isTypeSelecting, c == " " || !c.isWhitespace {
            return .typeSelect(String(c))
        }
        switch key {
        case .up: return .move(.up)
        case .down: return .move(.down)
        case .pageUp: return .move(.pageUp)
        case .pageDown: return .move(.pageDown)
        case .home: return .move(.home)
        case .end: return .move(.end)
        case .right: return rightToLeft ? .previousLevel : .openNextLevel
        case .left: return rightToLeft ? .openNextLevel : .previousLevel
        case .enter: return .activate
        case .backspace: return .previousLevel
        case .escape: return .cancelTypeSelect
        case .tab: return .showNextLevel
        case .backTab: return .showPreviousLevel
        case .character(let c):
            switch c {
            case "q": return .quit
            case "j": return .move(.down)
            case "k": return .move(.up)
            case "l": return .openNextLevel
            case "h": return .previousLevel
            case "g": return .move(.home)
            case "G": return .move(.end)
            case "[": return .showPreviousLevel
            case "]": return .showNextLevel
            case "?": return .help
            case "/": return .search
            case "e": return .toggleEditing
            case " ": return .selectOrPageDown
            case "y": return .copy
            default:
                return c.isLetter || c.isNumber || c.isPunctuation || c.isSymbol ? .typeSelect(String(c)) : nil
            }
        }
    }

    /// The help text: keys and what they do, one pair a line.
    public static let help: [(keys: String, meaning: String)] = [
        ("↑ ↓  j k", "move up and down"),
        ("→ ⏎  l", "open the next level"),
        ("← ⌫  h", "back to the previous level"),
        ("PgUp PgDn  Home End", "page, first, last"),
        ("[  ]  Tab", "show the previous or next level"),
        ("letters", "jump to the item that starts so"),
        ("/", "search everything"),
        ("e  Space", "editing mode, select"),
        ("y", "copy title, subtitle and footnote"),
        ("mouse", "click, wheel, drag sideways to pan"),
        ("q  Ctrl-C", "quit"),
    ]
}
