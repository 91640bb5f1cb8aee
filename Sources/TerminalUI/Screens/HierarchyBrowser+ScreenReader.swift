import HierarchyKit

/// The screen-reader mode (`browse --screen-reader`, or `HIERARCHY_SCREEN_READER` set).
///
/// Terminal screen readers read what is on the screen where the text cursor is (speakup,
/// BRLTTY, Orca's terminal support), so the mode puts what the engine says about the focused
/// item where they look: the status line says the item's ``HierarchyBrowser/screenReaderText``
/// (label, value such as "3 children" or "Is showing children", hint), a message (copied, an
/// error) in its place while there is one, and the text cursor stands on the focused row's
/// first cell. Each new text also goes to the ``HierarchyBrowser/announcer`` (a file, a FIFO
/// or a speech command).
extension HierarchyBrowser {
    /// The text cursor's cell after the last frame: the focused row's first cell in screen-reader
    /// mode (while the help is not shown), else `nil` (hidden).
    public var cursorPosition: (x: Int, y: Int)? {
        guard isScreenReaderMode, !showsHelp else { return nil }
        return focusedCell
    }

    /// What the status line says in screen-reader mode: the message while there is one, else
    /// the focused item's screen-reader text, else the view's status.
    public var screenReaderLine: String {
        if let message { return message.text }
        if let text = screenReaderText, !text.isEmpty { return text }
        return commands.statusText(isLoading: (dataSource?.activeLoads ?? 0) > 0)
    }

    /// The first cell of the focused row's text, from a snapshot drawn at row `top` with `metrics`, or `nil`
    /// when the focused item is not on screen.
    ///
    /// - Complexity: O(v) for v visible items.
    static func focusedCell(in snapshot: HierarchyViewSnapshot, top: Int, metrics: HierarchyLayoutMetrics) -> (
        x: Int, y: Int
    )? {
        for column in snapshot.columns {
            for item in column.items where item.isFocused {
                let frame = item.frame
                let rtl = snapshot.layoutDirection == .rightToLeft
                let lines = max(1, Int(frame.height.rounded()))
                let indicator =
                    item.cell.hierarchyIndicator.isHidden
                    ? 0 : Int(item.cell.hierarchyIndicator.reservedWidth(in: metrics, lines: lines))
                let x =
                    rtl
                    ? Int(frame.minX.rounded()) + min(indicator, Int(frame.width) / 3) + 1
                    : Int(frame.minX.rounded()) + 1
                let y = top + Int(frame.minY.rounded())
                guard y >= top, x >= 0 else { return nil }
                return (x, y)
            }
        }
        return nil
    }

    /// Draws the status line of the screen-reader mode: ``screenReaderLine`` alone (an error
    /// in the error style), with "? help" at the end where it fits.
    func drawScreenReaderLine(into buffer: inout ScreenBuffer) {
        let y = rows - 1
        let statusStyle = palette.look(.statusLine).text
        buffer.fill(x: 0, y: y, width: columns, height: 1, style: statusStyle)
        let text = " " + TerminalText.sanitize(screenReaderLine)
        let style = message?.isError == true ? palette.statusError : statusStyle
        let right = "  ? help "
        let rightWidth = DisplayWidth.of(right)
        let textWidth = DisplayWidth.of(text)
        let room = textWidth + rightWidth <= columns ? columns - rightWidth : columns
        buffer.put(text, x: 0, y: y, maxWidth: room, style: style)
        if room < columns {
            buffer.put(right, x: columns - rightWidth, y: y, maxWidth: rightWidth, style: statusStyle)
        }
    }

    /// Sends ``screenReaderLine`` to the announcer when it differs from the last one sent.
    func announceIfChanged() {
        let line = screenReaderLine
        guard !line.isEmpty, line != lastAnnouncement else { return }
        lastAnnouncement = line
        announcer?(line)
    }
}
