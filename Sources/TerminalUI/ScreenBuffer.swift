/// A rectangle of character cells: what one frame of the screen shows.
///
/// Screens draw into a buffer; ``FrameRenderer`` turns it into terminal bytes,
/// writing only what changed since the previous frame. Coordinates are 0-based
/// columns (`x`) and rows (`y`); anything drawn outside the buffer is clipped.
///
/// The buffer keeps wide characters whole: overwriting either half of a wide
/// character turns its other half into a space.
public struct ScreenBuffer: Equatable, Sendable {
    /// Number of columns.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// The cells, row after row. Change them only through the drawing functions, which keep wide characters whole.
    var cells: [Cell]

    /// Creates a buffer of blank cells.
    ///
    /// - Parameters:
    ///   - width: Number of columns; negative values count as 0.
    ///   - height: Number of rows; negative values count as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard contains(x: x, y: y) else { return .blank }
        return cells[y * width + x]
    }

    /// Whether (`x`, `y`) lies inside the buffer.
    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Writes text on one row, clipped and truncated to fit.
    ///
    /// The text is sanitised (``TerminalText/sanitize(_:)``) and split into grapheme
    /// clusters; zero-width clusters are dropped. The text gets the columns from
    /// `x` up to `x + maxWidth` that lie inside the buffer. If it is wider, it is
    /// truncated with `…`. A wide character is never split: where one would
    /// straddle the limit (or the left edge, for negative `x`), a space in `style`
    /// takes its visible column instead.
    ///
    /// - Parameters:
    ///   - text: The text, untrusted.
    ///   - x: The first column; may be negative (the text is then clipped on the left).
    ///   - y: The row; rows outside the buffer draw nothing.
    ///   - maxWidth: The most columns to use.
    ///   - style: The style of every cell written.
    /// - Returns: The number of buffer columns written (including padding spaces).
    /// - Complexity: O(n) in the length of `text`.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int, style: TextStyle = .plain) -> Int {
        guard y >= 0, y < height, maxWidth > 0, x < width else { return 0 }
        let limit = min(x + maxWidth, width)
        guard limit > 0, limit > x else { return 0 }
        if x >= 0, let written = putPrintableASCII(text, x: x, y: y, limit: limit, style: style) {
            return written
        }
        let sanitized = TerminalText.sanitize(text)
        let fitted = DisplayWidth.truncate(sanitized, toWidth: limit - x)
        var column = x
        var written = 0
        for character in fitted {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > limit { break }
            if column >= 0 {
                setCell(x: column, y: y, Cell(grapheme: String(character), width: UInt8(w), style: style))
                written += w
            } else if column + w > 0 {
                // A wide character straddling the left edge: show its visible half as a space.
                setCell(x: 0, y: y, .space(style))
                written += 1
            }
            column += w
        }
        if column < limit, column >= 0, fitted != sanitized {
            // Truncation left a column free because a wide character did not fit.
            setCell(x: column, y: y, .space(style))
            written += 1
        }
        return written
    }

    /// One-character strings of the printable ASCII characters, indexed by code.
    private static let asciiGraphemes: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// The fast path of ``put(_:x:y:maxWidth:style:)`` for printable ASCII text, which needs no
    /// sanitising and has one column per byte; `nil` for any other text.
    private mutating func putPrintableASCII(_ text: String, x: Int, y: Int, limit: Int, style: TextStyle) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        let available = limit - x
        let truncated = count > available
        let shown = truncated ? available - 1 : count
        let end = x + shown + (truncated ? 1 : 0)
        prepareRange(y: y, from: x, to: end)
        let graphemes = Self.asciiGraphemes
        var index = y * width + x
        var remaining = shown
        for byte in text.utf8 {
            guard remaining > 0 else { break }
            cells[index] = Cell(grapheme: graphemes[Int(byte)], width: 1, style: style)
            index += 1
            remaining -= 1
        }
        if truncated {
            cells[index] = Cell(grapheme: "…", width: 1, style: style)
        }
        return end - x
    }

    /// Prepares columns `x0..<x1` of row `y` to be overwritten by narrow cells: a wide character
    /// cut by either edge of the range loses its outside half, which becomes a space.
    private mutating func prepareRange(y: Int, from x0: Int, to x1: Int) {
        guard x0 < x1 else { return }
        let row = y * width
        if x0 > 0 && cells[row + x0].isContinuation {
            cells[row + x0 - 1] = .space(cells[row + x0 - 1].style)
        }
        if x1 < width && cells[row + x1].isContinuation {
            cells[row + x1] = .space(cells[row + x1].style)
        }
    }

    /// Fills a rectangle with spaces in `style`, clipped to the buffer.
    ///
    /// - Parameters:
    ///   - x: Left column.
    ///   - y: Top row.
    ///   - width: Number of columns.
    ///   - height: Number of rows.
    ///   - style: The style of the spaces.
    /// - Complexity: O(width × height) of the clipped rectangle.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: TextStyle = .plain) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(self.width, x + max(0, width))
        let y1 = min(self.height, y + max(0, height))
        guard x0 < x1, y0 < y1 else { return }
        let space = Cell.space(style)
        for row in y0..<y1 {
            prepareRange(y: row, from: x0, to: x1)
            let start = row * self.width
            for index in (start + x0)..<(start + x1) {
                cells[index] = space
            }
        }
    }

    /// Changes the style of cells without changing their text, e.g. to highlight a selected row.
    ///
    /// - Parameters:
    ///   - x: Left column.
    ///   - y: Row.
    ///   - width: Number of columns.
    ///   - transform: Called with each cell's style; returns the new one.
    public mutating func restyle(x: Int, y: Int, width: Int, _ transform: (TextStyle) -> TextStyle) {
        guard y >= 0, y < height else { return }
        let x0 = max(0, x)
        let x1 = min(self.width, x + max(0, width))
        guard x0 < x1 else { return }
        for column in x0..<x1 {
            cells[y * self.width + column].style = transform(cells[y * self.width + column].style)
        }
    }

    /// Makes every cell a plain blank.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// The text of one row, graphemes concatenated (a wide character appears once); empty outside the buffer.
    ///
    /// - Parameter row: The row.
    /// - Returns: The row's text, trailing spaces kept.
    public func text(row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        var result = ""
        for cell in cells[(row * width)..<((row + 1) * width)] {
            result += cell.grapheme
        }
        return result
    }

    /// All rows joined by `"\n"`, trailing spaces kept: the frame as plain text, for tests.
    public var plainText: String {
        (0..<height).map { text(row: $0) }.joined(separator: "\n")
    }

    /// Checks that every wide character has its continuation and no continuation stands alone.
    ///
    /// - Returns: The first offending position, or `nil` when the buffer is consistent.
    /// - Complexity: O(width × height).
    func _checkInvariants() -> (x: Int, y: Int)? {
        for y in 0..<height {
            for x in 0..<width {
                let cell = cells[y * width + x]
                if cell.width == 2 && !(x + 1 < width && cells[y * width + x + 1].isContinuation) {
                    return (x, y)
                }
                if cell.isContinuation && !(x > 0 && cells[y * width + x - 1].width == 2) {
                    return (x, y)
                }
            }
        }
        return nil
    }

    /// Stores a cell, keeping wide characters whole around it.
    ///
    /// - Precondition: (`x`, `y`) is inside the buffer; callers clip first.
    mutating func setCell(x: Int, y: Int, _ cell: Cell) {
        let index = y * width + x
        let oldWidth = cells[index].width
        // Overwriting the continuation of a wide character: its head loses its right half.
        if oldWidth == 0, x > 0 {
            cells[index - 1] = .space(cells[index - 1].style)
        }
        // Overwriting the head of a wide character: its continuation becomes a space.
        if oldWidth == 2, x + 1 < width, cell.width != 2 {
            cells[index + 1] = .space(cells[index].style)
        }
        if cell.width == 2 {
            guard x + 1 < width else {
                cells[index] = .space(cell.style)
                return
            }
            let next = cells[index + 1]
            if next.width == 2, x + 2 < width {
                cells[index + 2] = .space(next.style)
            }
            cells[index] = cell
            cells[index + 1] = Cell(grapheme: "", width: 0, style: cell.style)
        } else {
            cells[index] = cell
        }
    }
}
