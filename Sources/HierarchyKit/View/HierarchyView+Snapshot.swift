extension HierarchyView {
    /// Lays out if needed and returns what to draw.
    public func snapshot() -> HierarchyViewSnapshot {
        layoutIfNeeded()
        let offset = horizontalOffset
        var result: [HierarchyViewSnapshot.Column] = []
        for c in layout.visibleColumns(horizontalOffset: offset, count: columns.count) {
            let column = columns[c]
            let frame = layout.columnFrame(c, horizontalOffset: offset)
            let band = column.contentOffsetY...(column.contentOffsetY + layout.columnHeight)
            var items: [HierarchyViewSnapshot.Item] = []
            column.heights.forEach(in: layout.rows(of: column, inContentBand: band)) { row, rowOffset, extent in
                let itemFrame = layout.itemFrame(
                    column: c, offset: rowOffset, extent: extent, contentOffsetY: column.contentOffsetY,
                    horizontalOffset: offset)
                guard let uuid = column.uuid(at: row), let cell = visibleCells[uuid] else {
                    if column.uuid(at: row) == nil, let pending = column.pendingState(at: row) {
                        items.append(
                            .init(
                                uuid: "", column: c, row: row, frame: itemFrame, cell: Self.pendingCell(pending),
                                isExpanded: false, isSelected: false,
                                isFocused: focus.map { $0.column == c && $0.row == row } ?? false, state: pending))
                    }
                    return
                }
                items.append(
                    .init(
                        uuid: uuid, column: c, row: row, frame: itemFrame, cell: cell,
                        isExpanded: column.expandedUUID == uuid && c + 1 < columns.count,
                        isSelected: isEditing && selection.contains(uuid),
                        isFocused: focus.map { $0.column == c && $0.row == row } ?? false,
                        state: state(ofItemWith: uuid)))
            }
            let contentHeight = layout.contentHeight(of: column)
            var indicator: Rect?
            if layout.showVerticalScrollIndicator, contentHeight > layout.columnHeight, layout.columnHeight > 0 {
                let visibleFraction = layout.columnHeight / contentHeight
                let h = max(1, (layout.columnHeight * visibleFraction).rounded())
                let y =
                    frame.minY + (layout.columnHeight - h) * column.contentOffsetY
                    / max(1e-9, contentHeight - layout.columnHeight)
                let x = layout.layoutDirection == .leftToRight ? frame.maxX - 1 : frame.minX
                indicator = Rect(x: x, y: y.rounded(), width: 1, height: h)
            }
            result.append(
                .init(
                    index: c, parentUUID: column.parent, frame: frame, itemCount: column.count,
                    contentOffsetY: column.contentOffsetY, contentHeight: contentHeight,
                    isLoadingSiblings: column.isPinned, scrollIndicator: indicator, items: items))
        }
        let headerValue: HierarchyViewSnapshot.Header? =
            layout.showsHeader
            ? .init(
                frame: layout.headerFrame, title: header.title, isPreviousEnabled: header.isPreviousEnabled,
                isNextEnabled: header.isNextEnabled)
            : nil
        return HierarchyViewSnapshot(
            size: layout.size, isCompact: layout.isCompact, layoutDirection: layout.layoutDirection,
            header: headerValue, columns: result, levelCount: columns.count, leadingLevel: leadingColumn,
            isEditing: isEditing,
            focusedUUID: focus.flatMap { f in
                f.column < columns.count ? columns[f.column].uuid(at: f.row) : nil
            })
    }

    /// The cell drawn for a row without an item: "Loading…", or the reason it failed.
    static func pendingCell(_ state: HierarchyItemState) -> HierarchyCollectionItem {
        let cell = HierarchyCollectionItem()
        if case .failed(let reason) = state {
            cell.title.text = "⚠ " + reason.prefix(1).uppercased() + reason.dropFirst()
        } else {
            cell.title.text = "Loading…"
        }
        cell.isHierarchyButtonHidden = true
        return cell
    }

    /// Whether an item's row is a real item, still loading, or failed (the data source says).
    public func state(ofItemWith uuid: String) -> HierarchyItemState {
        dataSource?.hierarchyView(self, stateOfItemWith: uuid) ?? .loaded
    }

    /// The uuids of the items that are visible now, column by column.
    public var visibleItemUUIDs: [[String]] {
        snapshot().columns.map { $0.items.map(\.uuid) }
    }

    #if DEBUG
        /// Checks the state's invariants; traps on a broken one (tests only).
        public func _checkInvariants() {
            for (k, column) in columns.enumerated() {
                column._checkInvariants()
                if k > 0 {
                    precondition(column.parent != nil, "column \(k) has no parent")
                    precondition(
                        columns[k - 1].expandedUUID == column.parent,
                        "column \(k)'s parent is not the expanded item of column \(k - 1)")
                }
                if k + 1 < columns.count {
                    precondition(
                        column.expandedUUID != nil, "column \(k) is followed by another but has no expanded item")
                }
                precondition(
                    column.contentOffsetY <= layout.maxContentOffsetY(of: column) + 1e-6,
                    "column \(k) scrolled past its end")
            }
            precondition(
                leadingColumn >= 0 && leadingColumn <= maxLeadingColumn,
                "leading column \(leadingColumn) out of 0...\(maxLeadingColumn)")
            if let f = focus {
                precondition(f.column < columns.count, "focus column out of range")
                precondition(columns[f.column].count == 0 || f.row < columns[f.column].count, "focus row out of range")
            }
            var seenPath: Set<String> = []
            for column in columns {
                if let e = column.expandedUUID { precondition(seenPath.insert(e).inserted, "cycle on the path") }
            }
            for (uuid, cell) in visibleCells { precondition(cell.uuid == uuid, "visible cell shows another item") }
            precondition(Set(visibleCells.keys) == core.cells, "the cells held are not the ones the core counts")
            precondition(core.staleCells.isSubset(of: core.cells), "a stale cell that is not held")
            precondition(queuedUpdates.isEmpty || isPerformingActions, "updates left queued")
        }
    #endif
}
