import ListFloorplan

/// One column title of a grid table's header row: the list floorplan's own header column
/// (`text`, a `width` share where a non-positive or non-finite one counts as 1, and a leading,
/// center or trailing `alignment`), which both faces draw.
public typealias FUIGridRowHeaderItem = ListHeaderColumn

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
        let shares = items.map(\.width)
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
