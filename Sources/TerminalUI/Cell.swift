/// One character cell of a ``ScreenBuffer``.
///
/// A wide character occupies two cells: the first holds the grapheme with
/// `width == 2`, the second is its continuation with an empty `grapheme` and
/// `width == 0`.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown, already sanitised; `""` for the continuation of a wide character.
    public var grapheme: String
    /// Columns the grapheme occupies: 1, 2 for a wide character, 0 for a continuation.
    public var width: UInt8
    /// How the cell looks.
    public var style: TextStyle

    /// Creates a cell.
    ///
    /// - Parameters:
    ///   - grapheme: The grapheme shown.
    ///   - width: Its display width.
    ///   - style: Its style.
    public init(grapheme: String, width: UInt8, style: TextStyle) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell(grapheme: " ", width: 1, style: .plain)

    /// A space in `style`.
    ///
    /// - Parameter style: The style of the space (its background shows).
    /// - Returns: The cell.
    public static func space(_ style: TextStyle) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// Whether this cell continues the wide character to its left.
    public var isContinuation: Bool { width == 0 }
}
