extension HierarchyView {
    /// Lays out if needed and returns what to draw.
    public func snapshot() -> HierarchyViewSnapshot {
        layoutIfNeeded()
        return layout.snapshot(of: core, cells: visibleCells, header: header, isEditing: isEditing) {
            state(ofItemWith: $0)
        }
    }

    /// Whether an item's row is a real item, still loading, or failed (the data source says).
    public func state(ofItemWith uuid: String) -> HierarchyItemState {
        dataSource?.hierarchyView(self, stateOfItemWith: uuid) ?? .loaded
    }

    #if DEBUG
        /// Checks the state's invariants; traps on a broken one (tests only).
        public func _checkInvariants() {
            core._checkInvariants(coreGeometry)
            for (uuid, cell) in visibleCells { precondition(cell.uuid == uuid, "visible cell shows another item") }
            precondition(Set(visibleCells.keys) == core.cells, "the cells held are not the ones the core counts")
            precondition(updates.isEmpty || isPerformingActions, "updates left queued")
        }
    #endif
}
