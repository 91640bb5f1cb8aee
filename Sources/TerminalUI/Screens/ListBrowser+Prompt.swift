import ListFloorplan

/// A question on the key line of a ``ListBrowser``: a line of text to type (the title of a new
/// item), or a yes/no confirmation (deleting one).
public struct ListPrompt: Sendable {
    /// What a prompt asks for.
    public enum Kind: Sendable, Equatable {
        /// A line of text: Enter answers with it, Esc cancels.
        case text
        /// A confirmation: `y` answers yes; any other key, no.
        case confirmation
    }

    /// The question shown before the answer.
    public var question: String
    /// What the prompt asks for.
    public var kind: Kind
    /// The text typed so far.
    public var text = ""
    /// Called once with the answer: the text (`"y"` for a confirmation), or `nil` when declined.
    var answer: @MainActor @Sendable (String?) -> Void
}

extension ListBrowser {
    /// Asks for a line of text on the key line; keys go to the answer until Enter or Esc.
    ///
    /// - Parameters:
    ///   - question: The question (one line).
    ///   - answer: Called once with the text, or `nil` when the user pressed Esc.
    public func ask(_ question: String, answer: @escaping @MainActor @Sendable (String?) -> Void) {
        prompt = ListPrompt(question: question, kind: .text, answer: answer)
        redraw()
    }

    /// Asks a yes/no question on the key line; `y` confirms, any other key declines.
    ///
    /// - Parameters:
    ///   - question: The question (one line).
    ///   - answer: Called once: `true` for `y`.
    public func confirm(_ question: String, answer: @escaping @MainActor @Sendable (Bool) -> Void) {
        prompt = ListPrompt(question: question, kind: .confirmation) { answer($0 == "y") }
        redraw()
    }

    /// Shows a transient message on the key line (until the next key), such as a handler's answer.
    public func show(message text: String) {
        message = text
        redraw()
    }

    /// A key while a prompt is open: edits or answers it.
    func handlePrompt(_ event: KeyEvent) -> [BrowserCommand] {
        guard var open = prompt else { return [] }
        if event.modifiers.contains(.control), event.key == .character("c") { return [.quit] }
        switch open.kind {
        case .confirmation:
            prompt = nil
            let yes = event.key == .character("y") || event.key == .character("Y")
            open.answer(yes ? "y" : nil)
        case .text:
            switch event.key {
            case .enter:
                prompt = nil
                open.answer(open.text)
            case .escape:
                prompt = nil
                open.answer(nil)
            case .backspace:
                if !open.text.isEmpty { open.text.removeLast() }
                prompt = open
            case .character(let c) where !c.isNewline && !event.modifiers.contains(.control):
                open.text.append(c)
                prompt = open
            default:
                break
            }
        }
        redraw()
        return []
    }

    /// Draws an open prompt over the key line: the question, then the answer with a cursor.
    func drawPrompt(_ open: ListPrompt, into buffer: inout ScreenBuffer) {
        let y = rows - 1
        buffer.fill(x: 0, y: y, width: columns, height: 1, style: palette.status)
        let hint = open.kind == .text ? "  ⏎ ok  Esc cancel " : "  y yes  any other key: no "
        let used = buffer.put(
            " " + TerminalText.sanitize(open.question) + " ", x: 0, y: y, maxWidth: columns, style: palette.status)
        var text = TerminalText.sanitize(open.text)
        let room = max(0, columns - used - DisplayWidth.of(hint) - 1)
        while DisplayWidth.of(text) > room, !text.isEmpty { text.removeFirst() }
        let end = buffer.put(text, x: used, y: y, maxWidth: room, style: palette.status)
        if open.kind == .text { buffer.put("▏", x: used + end, y: y, maxWidth: 1, style: palette.status) }
        let hintWidth = DisplayWidth.of(hint)
        if columns - hintWidth > used + end + 1 {
            buffer.put(hint, x: columns - hintWidth, y: y, maxWidth: hintWidth, style: palette.status)
        }
    }
}
