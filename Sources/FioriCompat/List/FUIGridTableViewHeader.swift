/// One column title of a grid table's header row.
public struct FUIGridRowHeaderItem: Hashable, Sendable {
    /// How a title sits in its column.
    public enum Alignment: Hashable, Sendable {
        /// At the leading edge, in the middle, or at the trailing edge of the column.
        case leading, center, trailing
    }

    /// The column's title.
    public var text: String
    /// The column's share of the row's width (relative to the other items' shares).
    public var width: Double
    /// How the title sits in its column.
    public var alignment: Alignment

    /// Creates a column title.
    ///
    /// - Parameters:
    ///   - text: The title.
    ///   - width: The column's share of the width (default 1; non-positive counts as 1).
    ///   - alignment: Where the title sits in its column.
    public init(text: String, width: Double = 1, alignment: Alignment = .leading) {
        self.text = text
        self.width = width
        self.alignment = alignment
    }
}

/// The header row above a list floorplan in grid mode: the column titles of
/// `gridRowHeaderItems`, laid out by their width shares.
@MainActor
open class FUIGridTableViewHeader: UIView {
    /// The column titles.
    open var items: [FUIGridRowHeaderItem]

    /// Creates a header.
    public init(items: [FUIGridRowHeaderItem] = []) {
        self.items = items
        super.init()
    }

    /// The header as one line of `width` characters: each title in its column, aligned,
    /// cut with "…" when it does not fit.
    ///
    /// - Parameter width: The line's width in characters.
    /// - Returns: The line (empty without items).
    /// - Complexity: O(width + items).
    open func line(width: Int) -> String {
        guard !items.isEmpty, width > 0 else { return "" }
        let shares = items.map { $0.width > 0 && $0.width.isFinite ? $0.width : 1 }
        let total = shares.reduce(0, +)
        var line = ""
        var used = 0
        var accumulated = 0.0
        for (index, item) in items.enumerated() {
            accumulated += shares[index]
            let end = index == items.count - 1 ? width : Int((Double(width) * accumulated / total).rounded())
            let room = max(0, end - used)
            var text = item.text
            if text.count > room { text = room > 1 ? String(text.prefix(room - 1)) + "…" : String(text.prefix(room)) }
            let space = room - text.count
            let before: Int
            switch item.alignment {
            case .leading: before = 0
            case .center: before = space / 2
            case .trailing: before = space
            }
            line += String(repeating: " ", count: before) + text + String(repeating: " ", count: space - before)
            used += room
        }
        return line
    }

    open override func textLines() -> [String] {
        guard !isHidden, !items.isEmpty else { return [] }
        return [items.map(\.text).joined(separator: "  ")]
    }
}
