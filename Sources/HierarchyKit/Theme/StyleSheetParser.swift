/// A hand-written recursive-descent parser over the sheet's characters, tracking line and column.
struct StyleSheetParser {
    private struct Position {
        var line: Int
        var column: Int
    }

    private let characters: [Character]
    private let sourceName: String
    private var index = 0
    private var line = 1
    private var column = 1
    private(set) var rules: [StyleSheet.Rule] = []
    private(set) var diagnostics: [StyleSheetDiagnostic] = []

    init(text: String, sourceName: String) {
        characters = Array(text)
        self.sourceName = sourceName
    }

    // MARK: Grammar

    mutating func parseSheet() {
        while true {
            skipTrivia()
            guard peek() != nil else { return }
            parseRule()
        }
    }

    /// `selector (',' selector)* '{' declarations '}'`
    private mutating func parseRule() {
        var selectors: [(ThemeSelector, Int)] = []
        while true {
            skipTrivia()
            let start = position
            let name = readIdentifier()
            guard !name.isEmpty else {
                error(at: start, "expected a class path, found \(describePeek())")
                skipRule()
                return
            }
            var state: ThemeState? = .normal
            if peek() == ":" {
                advance()
                let stateStart = position
                let stateName = readIdentifier()
                guard !stateName.isEmpty else {
                    error(at: stateStart, "expected a state name after '\(name):', found \(describePeek())")
                    skipRule()
                    return
                }
                state = ThemeState(rawValue: stateName)
                if state == nil {
                    warning(at: stateStart, "unknown state ':\(stateName)' (only ':selected' is supported); ignored")
                }
            }
            if let element = ThemeElement(classPath: name) {
                if let state { selectors.append((ThemeSelector(element, state: state), start.line)) }
            } else {
                warning(at: start, "unknown class path '\(name)'; ignored")
            }
            skipTrivia()
            if peek() == "," {
                advance()
                continue
            }
            if peek() == "{" {
                break
            }
            error(at: position, "expected '{' or ',' after '\(name)', found \(describePeek())")
            skipRule()
            return
        }
        let open = position
        advance()
        let style = parseDeclarations(openedAt: open)
        for (selector, line) in selectors {
            rules.append(StyleSheet.Rule(selector: selector, style: style, line: line))
        }
    }

    /// `(property ':' value ';')* '}'`, after the `{`.
    private mutating func parseDeclarations(openedAt open: Position) -> ThemeStyle {
        var style = ThemeStyle()
        while true {
            skipTrivia()
            guard let character = peek() else {
                error(at: position, "expected '}' to close the rule opened at \(open.line):\(open.column)")
                return style
            }
            if character == "}" {
                advance()
                return style
            }
            if character == ";" {
                advance()
                continue
            }
            let start = position
            let name = readIdentifier()
            guard !name.isEmpty else {
                error(at: start, "expected a property name, found \(describePeek())")
                skipDeclaration()
                continue
            }
            skipTrivia()
            guard peek() == ":" else {
                error(at: position, "expected ':' after property '\(name)', found \(describePeek())")
                skipDeclaration()
                continue
            }
            advance()
            skipSpaces()
            let valueStart = position
            let value = readValue()
            var usable = true
            switch peek() {
            case ";":
                advance()
            case "}", nil:
                break
            case "{":
                error(at: position, "expected ';' after the value of '\(name)', found '{' (is a '}' missing?)")
                skipDeclaration()
                continue
            default:  // end of line: fine when the rule closes next
                let endOfLine = position
                skipTrivia()
                if peek() != "}" {
                    error(at: endOfLine, "expected ';' after the value of '\(name)'")
                }
            }
            if value.isEmpty {
                error(at: valueStart, "missing value for '\(name)'")
                usable = false
            }
            guard let property = StyleSheetProperty(named: name) else {
                warning(at: start, "unknown property '\(name)'; ignored")
                continue
            }
            if usable, let problem = property.apply(value, to: &style) {
                error(at: valueStart, problem)
            }
        }
    }

    // MARK: Recovery

    /// Skips a broken rule: to just after the next `;` seen before any `{`, or past the block
    /// that follows (up to its `}`), or to the end.
    private mutating func skipRule() {
        while let character = peek() {
            if skipComment() { continue }
            advance()
            if character == ";" || character == "}" { return }
            if character == "{" {
                while let inner = peek() {
                    if skipComment() { continue }
                    advance()
                    if inner == "}" { return }
                }
            }
        }
    }

    /// Skips a broken declaration: past the next `;`, or up to (not past) the next `}`.
    private mutating func skipDeclaration() {
        while let character = peek() {
            if skipComment() { continue }
            if character == "}" { return }
            advance()
            if character == ";" { return }
        }
    }

    // MARK: Characters

    private var position: Position { Position(line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private mutating func advance() {
        guard index < characters.count else { return }
        if characters[index].isNewline {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    /// Skips whitespace, newlines and comments.
    private mutating func skipTrivia() {
        while let character = peek() {
            if character.isWhitespace {
                advance()
            } else if !skipComment() {
                return
            }
        }
    }

    /// Skips spaces and comments on the current line.
    private mutating func skipSpaces() {
        while let character = peek() {
            if character.isWhitespace, !character.isNewline {
                advance()
            } else if character == "/", peek(1) == "*" {
                _ = skipComment()
            } else {
                return
            }
        }
    }

    /// Skips one comment if one starts here.
    ///
    /// - Returns: Whether a comment was skipped.
    private mutating func skipComment() -> Bool {
        guard peek() == "/" else { return false }
        if peek(1) == "/" {
            while let character = peek(), !character.isNewline { advance() }
            return true
        }
        guard peek(1) == "*" else { return false }
        let start = position
        advance()
        advance()
        while let character = peek() {
            if character == "*", peek(1) == "/" {
                advance()
                advance()
                return true
            }
            advance()
        }
        error(at: start, "unterminated comment")
        return true
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    private mutating func readIdentifier() -> String {
        var result = ""
        while let character = peek(), Self.isIdentifierCharacter(character) {
            result.append(character)
            advance()
        }
        return result
    }

    /// Reads a value up to `;`, `}`, `{`, the end of the line or the end of the text; comments
    /// count as a space. Trailing spaces are dropped.
    private mutating func readValue() -> String {
        var result = ""
        while let character = peek(), character != ";", character != "}", character != "{", !character.isNewline {
            if character == "/", peek(1) == "*" || peek(1) == "/" {
                _ = skipComment()
                result.append(" ")
                continue
            }
            result.append(character)
            advance()
        }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }

    private func describePeek() -> String {
        guard let character = peek() else { return "end of input" }
        if character.isNewline { return "end of line" }
        return "'\(character)'"
    }

    // MARK: Diagnostics

    private mutating func error(at position: Position, _ message: String) {
        diagnostics.append(
            StyleSheetDiagnostic(
                severity: .error, sourceName: sourceName, line: position.line, column: position.column, message: message
            ))
    }

    private mutating func warning(at position: Position, _ message: String) {
        diagnostics.append(
            StyleSheetDiagnostic(
                severity: .warning, sourceName: sourceName, line: position.line, column: position.column,
                message: message))
    }
}
