import Foundation

extension HierarchyCore {
    /// One visible row's cell, as a layout pass plans it (`Action.configureCells`).
    public struct CellRequest: Sendable, Equatable {
        /// The item shown in the row.
        public var uuid: String
        /// The row in its column.
        public var row: Int
        /// Whether the data source is asked for the cell: the item has none yet, or its content
        /// changed since it was asked. Otherwise the cell held is drawn again.
        public var ask: Bool
        /// Drawn selected: the item is expanded (its children fill the next column) or selected
        /// in editing mode.
        public var isSelected: Bool
        /// Drawn with the editing checkmark (selected in editing mode).
        public var showsCheckmark: Bool

        /// Makes a cell request; each parameter sets the property of the same name.
        public init(uuid: String, row: Int, ask: Bool, isSelected: Bool, showsCheckmark: Bool) {
            self.uuid = uuid
            self.row = row
            self.ask = ask
            self.isSelected = isSelected
            self.showsCheckmark = showsCheckmark
        }
    }

    /// The cells of column `c`'s visible rows: every row with an item gets a request, asked
    /// when the item holds no cell or a stale one (counted as holding a fresh one from now on),
    /// with the selection state it is drawn in.
    ///
    /// - Parameters:
    ///   - c: The column.
    ///   - visible: The rows on screen.
    ///   - isEditing: Whether the view is in editing mode.
    /// - Returns: `.configureCells` stamped with the column's ticket, or nothing when no
    ///   visible row has an item yet.
    /// - Complexity: O(v) for v visible rows.
    mutating func planCells(ofColumn c: Int, visible: Range<Int>, isEditing: Bool) -> [Action] {
        guard c >= 0, c < columns.count else { return [] }
        let expandedUUID = c + 1 < columns.count ? columns[c].expandedUUID : nil
        var requests: [CellRequest] = []
        for row in visible.clamped(to: 0..<columns[c].count) {
            guard let uuid = columns[c].uuid(at: row) else { continue }
            let ask = cells.insert(uuid).inserted || staleCells.remove(uuid) != nil
            let checked = isEditing && selection.contains(uuid)
            requests.append(
                CellRequest(
                    uuid: uuid, row: row, ask: ask, isSelected: uuid == expandedUUID || checked, showsCheckmark: checked
                ))
        }
        guard !requests.isEmpty else { return [] }
        return [.configureCells(requests, ticket: columns[c].ticket)]
    }

    /// The cells to recycle after a layout pass: those of items not on screen.
    ///
    /// - Parameter onScreen: The items of every request the pass planned.
    /// - Returns: `.recycleCells` with those items (no longer counted as holding a cell), or nothing.
    /// - Complexity: O(h) for h items holding a cell.
    mutating func planRecycling(keeping onScreen: Set<String>) -> [Action] {
        let gone = cells.subtracting(onScreen)
        guard !gone.isEmpty else { return [] }
        cells.subtract(gone)
        staleCells.subtract(gone)
        return [.recycleCells(Array(gone))]
    }

    /// An item's cell was let go outside a layout pass (its row was removed or forgotten, its
    /// column closed, or the data source gave no cell): it is asked again when shown.
    mutating func forgetCell(_ uuid: String) {
        cells.remove(uuid)
        staleCells.remove(uuid)
    }

    /// Every cell was let go (a reload): none is held, none is stale.
    mutating func forgetAllCells() {
        cells = []
        staleCells = []
    }

    /// The content of these items changed: those holding a cell get it asked again.
    ///
    /// - Returns: Whether any of them holds a cell (a layout pass is then needed).
    /// - Complexity: O(k) for k items.
    mutating func invalidateCells(_ uuids: [String]) -> Bool {
        var changed = false
        for uuid in uuids where cells.contains(uuid) {
            staleCells.insert(uuid)
            changed = true
        }
        return changed
    }
}
