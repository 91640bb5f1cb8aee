/// Turns screen buffers into terminal bytes, writing only what changed since the previous frame.
///
/// The first frame, a frame of a different size than the previous one, and
/// the frame after ``invalidate()`` are full redraws: SGR reset, cursor home,
/// clear screen, then every row up to its last non-blank cell. Other frames
/// compare each cell with the previous frame and write only the changed ones,
/// moving the cursor with CUP where needed (short runs of unchanged plain ASCII
/// cells in the current pen are rewritten instead, which is shorter) and
/// changing the pen with the fewest SGR parameters. Colours are downgraded to
/// ``capability``.
///
/// Every non-empty frame is wrapped in synchronized output (`ESC[?2026h` …
/// `ESC[?2026l`, DEC mode 2026), so terminals that support it show it at once;
/// others ignore the mode. The result is one byte array for a single write.
///
/// After a grapheme cluster of more than one scalar (emoji sequences, combining
/// marks), the renderer does not trust the terminal to agree on its width and
/// positions the cursor explicitly for the next cell.
public struct FrameRenderer: Sendable {
    /// The colours the terminal can show.
    public var capability: ColorCapability
    /// The frame the terminal shows, as far as this renderer knows.
    private var previous: ScreenBuffer?
    /// Whether the last frame left the cursor visible.
    private var cursorVisible = false
    /// Where the last frame left the visible cursor.
    private var lastCursor: (x: Int, y: Int)?

    /// The most unchanged cells rewritten instead of moving the cursor over them.
    static let maximumRewrittenGap = 4

    /// Creates a renderer; its first frame is a full redraw.
    ///
    /// - Parameter capability: The colours the terminal can show.
    public init(capability: ColorCapability) {
        self.capability = capability
    }

    /// Forgets what the terminal shows, so the next frame is a full redraw.
    ///
    /// Call it after anything else wrote to the terminal: resuming from a
    /// suspend, a resize, an external program that ran in the same terminal.
    public mutating func invalidate() {
        previous = nil
    }

    /// Whether the next frame will be a full redraw for a buffer of this size.
    public func needsFullRedraw(width: Int, height: Int) -> Bool {
        guard let previous else { return true }
        return previous.width != width || previous.height != height
    }

    /// Produces the bytes that make the terminal show `buffer`.
    ///
    /// - Parameters:
    ///   - buffer: The new frame.
    ///   - cursor: Where to show the text cursor (0-based), or `nil` to keep it hidden.
    /// - Returns: The bytes to write in one write, or an empty array when nothing changed.
    /// - Complexity: O(width × height) for the comparison; output proportional to the changed cells.
    public mutating func render(_ buffer: ScreenBuffer, cursor: (x: Int, y: Int)? = nil) -> [UInt8] {
        let visibleCursor = cursor.flatMap { buffer.contains(x: $0.x, y: $0.y) ? $0 : nil }
        var state = Pass(capability: capability, width: buffer.width)
        state.out.append(Self.beginSynchronized)
        let headerCount = state.out.bytes.count
        let full = needsFullRedraw(width: buffer.width, height: buffer.height)
        if full {
            state.out.resetStyle()
            state.out.moveCursor(x: 0, y: 0)
            state.out.append([0x1B, 0x5B, 0x32, 0x4A])  // ESC [ 2 J
            state.pen = .plain
            state.cursorX = 0
            state.cursorY = 0
            for y in 0..<buffer.height {
                var end = buffer.width
                while end > 0 && buffer[end - 1, y] == .blank { end -= 1 }
                var x = 0
                while x < end {
                    let cell = buffer[x, y]
                    if !cell.isContinuation { state.write(cell, x: x, y: y) }
                    x += 1
                }
            }
        } else if let previous {
            // The previous frame ended with the pen reset.
            state.pen = .plain
            let current = buffer.cells
            let old = previous.cells
            for y in 0..<buffer.height {
                let rowStart = y * buffer.width
                for x in 0..<buffer.width {
                    let cell = current[rowStart + x]
                    if cell.isContinuation || cell == old[rowStart + x] { continue }
                    state.rewriteGap(upTo: x, y: y, in: buffer)
                    state.write(cell, x: x, y: y)
                }
            }
        }
        let wroteCells = state.out.bytes.count > headerCount
        if let visibleCursor {
            let moved = lastCursor.map { $0.x != visibleCursor.x || $0.y != visibleCursor.y } ?? true
            if wroteCells || full || moved || !cursorVisible {
                state.out.moveCursor(x: visibleCursor.x, y: visibleCursor.y)
            }
            if !cursorVisible || full { state.out.privateMode(25, true) }
        } else if cursorVisible || full {
            state.out.privateMode(25, false)
        }
        cursorVisible = visibleCursor != nil
        lastCursor = visibleCursor
        previous = buffer
        if state.out.bytes.count == headerCount {
            return []
        }
        if let pen = state.pen, pen.downgraded(to: capability) != .plain { state.out.resetStyle() }
        state.out.append(Self.endSynchronized)
        return state.out.bytes
    }

    /// `ESC [ ? 2026 h`: begin synchronized update.
    static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
    /// `ESC [ ? 2026 l`: end synchronized update.
    static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// The writer and what the terminal's cursor and pen are during one frame.
    private struct Pass {
        var out: ANSIWriter
        let capability: ColorCapability
        /// The current pen; `nil` when unknown.
        var pen: TextStyle? = nil
        /// The cursor column, or -1 when unknown.
        var cursorX = -1
        /// The cursor row, or -1 when unknown.
        var cursorY = -1

        init(capability: ColorCapability, width: Int) {
            self.capability = capability
            self.out = ANSIWriter(capacity: 64 + width * 4)
        }

        /// Writes one cell at (`x`, `y`), moving the cursor and changing the pen if needed.
        mutating func write(_ cell: Cell, x: Int, y: Int) {
            if cursorX != x || cursorY != y {
                out.moveCursor(x: x, y: y)
            }
            if pen != cell.style {
                out.changeStyle(from: pen, to: cell.style, capability: capability)
                pen = cell.style
            }
            let utf8 = cell.grapheme.utf8
            if utf8.count == 1, let byte = utf8.first {
                out.bytes.append(byte)
                cursorX = x + Int(cell.width)
                cursorY = y
                return
            }
            out.append(utf8)
            if cell.grapheme.unicodeScalars.count > 1 {
                cursorX = -1
                cursorY = -1
            } else {
                cursorX = x + Int(cell.width)
                cursorY = y
            }
        }

        /// Rewrites the unchanged cells between the cursor and `x` when that is shorter than a cursor move.
        mutating func rewriteGap(upTo x: Int, y: Int, in buffer: ScreenBuffer) {
            guard cursorY == y, cursorX >= 0, cursorX < x,
                x - cursorX <= FrameRenderer.maximumRewrittenGap, let pen
            else { return }
            for column in cursorX..<x {
                let cell = buffer[column, y]
                guard cell.width == 1, cell.style == pen, cell.grapheme.utf8.count == 1 else { return }
            }
            for column in cursorX..<x {
                out.append(buffer[column, y].grapheme.utf8)
            }
            cursorX = x
        }
    }
}
