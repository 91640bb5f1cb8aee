/// How many colours the terminal can show.
public enum ColorCapability: Int, Hashable, Sendable, Comparable {
    /// No colours (attributes such as bold and reverse still work).
    case none
    /// The 16 basic colours.
    case ansi16
    /// The xterm 256-colour palette.
    case indexed256
    /// 24-bit colour.
    case trueColor

    /// Guesses the capability from the environment.
    ///
    /// Rules, first match wins: `NO_COLOR` set and non-empty, or `TERM=dumb` → ``none``;
    /// `COLORTERM` of `truecolor` or `24bit` → ``trueColor``; `TERM` containing
    /// `256color` → ``indexed256``; anything else → ``ansi16``.
    ///
    /// - Parameter environment: The process environment, e.g. `ProcessInfo.processInfo.environment`.
    /// - Returns: The detected capability.
    public static func detect(environment: [String: String]) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return .none
        }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term == "dumb" {
            return .none
        }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        if term.contains("256color") {
            return .indexed256
        }
        return .ansi16
    }

    public static func < (lhs: ColorCapability, rhs: ColorCapability) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
