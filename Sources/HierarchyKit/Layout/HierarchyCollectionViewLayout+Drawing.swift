extension HierarchyCollectionViewLayout {
    /// What a face draws for a state: the visible columns with the rows on screen, each with
    /// its cell (or a loading or failed row), scroll indicators and the header.
    ///
    /// - Parameters:
    ///   - core: The view's state.
    ///   - cells: The cells the view holds, by uuid.
    ///   - header: The header's title and buttons.
    ///   - isEditing: Whether selected items show as selected.
    ///   - state: Whether an item is loaded, loading or failed (the data source says).
    /// - Complexity: O(c (log n + k)) for c visible columns of n items with k rows on screen.
    func snapshot(
        of core: HierarchyCore, cells: [String: HierarchyCollectionItem], header: HierarchyViewHeader,
        isEditing: Bool, state: (String) -> HierarchyItemState
    ) -> HierarchyViewSnapshot {
        let columns = core.columns
        let offset = core.horizontalOffset(coreGeometry)
        let focus = core.focus
        var result: [HierarchyViewSnapshot.Column] = []
        for c in visibleColumns(horizontalOffset: offset, count: columns.count) {
            let column = columns[c]
            let frame = columnFrame(c, horizontalOffset: offset)
            let band = column.contentOffsetY...(column.contentOffsetY + columnHeight)
            var items: [HierarchyViewSnapshot.Item] = []
            column.heights.forEach(in: rows(of: column, inContentBand: band)) { row, rowOffset, extent in
                let itemFrame = itemFrame(
                    column: c, offset: rowOffset, extent: extent, contentOffsetY: column.contentOffsetY,
                    horizontalOffset: offset)
                let isFocused = focus.map { $0.column == c && $0.row == row } ?? false
                guard let uuid = column.uuid(at: row), let cell = cells[uuid] else {
                    if column.uuid(at: row) == nil, let pending = column.pendingState(at: row) {
                        items.append(
                            .init(
                                uuid: "", column: c, row: row, frame: itemFrame, cell: Self.pendingCell(pending),
                                isExpanded: false, isSelected: false, isFocused: isFocused, state: pending))
                    }
                    return
                }
                items.append(
                    .init(
                        uuid: uuid, column: c, row: row, frame: itemFrame, cell: cell,
                        isExpanded: column.expandedUUID == uuid && c + 1 < columns.count,
                        isSelected: isEditing && core.selection.contains(uuid), isFocused: isFocused,
                        state: state(uuid)))
            }
            result.append(
                .init(
                    index: c, parentUUID: column.parent, frame: frame, itemCount: column.count,
                    contentOffsetY: column.contentOffsetY, contentHeight: contentHeight(of: column),
                    isLoadingSiblings: column.isPinned, scrollIndicator: scrollIndicator(of: column, in: frame),
                    items: items))
        }
        let headerValue: HierarchyViewSnapshot.Header? =
            showsHeader
            ? .init(
                frame: headerFrame, title: header.title, isPreviousEnabled: header.isPreviousEnabled,
                isNextEnabled: header.isNextEnabled)
            : nil
        return HierarchyViewSnapshot(
            size: size, isCompact: isCompact, layoutDirection: layoutDirection, header: headerValue,
            columns: result, levelCount: columns.count, leadingLevel: core.leadingColumn, isEditing: isEditing,
            focusedUUID: focus.flatMap { f in f.column < columns.count ? columns[f.column].uuid(at: f.row) : nil })
    }

    /// The scroll indicator of a column whose content is taller than the column, if shown.
    private func scrollIndicator(of column: ColumnState, in frame: Rect) -> Rect? {
        let contentHeight = contentHeight(of: column)
        guard showVerticalScrollIndicator, contentHeight > columnHeight, columnHeight > 0 else { return nil }
        let h = max(1, (columnHeight * columnHeight / contentHeight).rounded())
        let y = frame.minY + (columnHeight - h) * column.contentOffsetY / max(1e-9, contentHeight - columnHeight)
        let x = layoutDirection == .leftToRight ? frame.maxX - 1 : frame.minX
        return Rect(x: x, y: y.rounded(), width: 1, height: h)
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

    /// The column under a point, among the columns of a state.
    func columnIndex(at point: Point, in core: HierarchyCore) -> Int? {
        let offset = core.horizontalOffset(coreGeometry)
        return visibleColumns(horizontalOffset: offset, count: core.columns.count).first {
            columnFrame($0, horizontalOffset: offset).contains(point)
        }
    }

    /// What is under a point (view coordinates): a header button or title, an item's
    /// indicator or body (by the cell's indicator), a loading row, a column, or nothing.
    func hitTest(_ point: Point, in core: HierarchyCore, cells: [String: HierarchyCollectionItem])
        -> HierarchyHitTestResult
    {
        if showsHeader, headerFrame.contains(point) {
            let fifth = size.width / 5
            let isLeftToRight = layoutDirection == .leftToRight
            if isLeftToRight ? point.x < fifth : point.x >= size.width - fifth { return .previousButton }
            if isLeftToRight ? point.x >= size.width - fifth : point.x < fifth { return .nextButton }
            return .headerTitle
        }
        for attributes in layoutAttributesForElements(in: Rect(origin: point, size: Size(width: 1e-9, height: 1e-9)))
        where attributes.frame.contains(point) {
            let column = core.columns[attributes.column]
            guard let uuid = column.uuid(at: attributes.row) else {
                if column.pendingState(at: attributes.row) != nil {
                    return .pendingRow(column: attributes.column, row: attributes.row)
                }
                continue
            }
            let lines = max(1, Int(attributes.frame.height.rounded()))
            let indicatorWidth =
                cells[uuid].map { $0.hierarchyIndicator.reservedWidth(in: metrics, lines: lines) }
                ?? metrics.indicatorWidthMultiline
            let hasIndicator = cells[uuid].map { !$0.hierarchyIndicator.isHidden } ?? false
            let onIndicator =
                layoutDirection == .leftToRight
                ? point.x >= attributes.frame.maxX - indicatorWidth
                : point.x < attributes.frame.minX + indicatorWidth
            if hasIndicator && onIndicator {
                return .indicator(uuid: uuid, column: attributes.column, row: attributes.row)
            }
            return .item(uuid: uuid, column: attributes.column, row: attributes.row)
        }
        return columnIndex(at: point, in: core).map { .column($0) } ?? .nothing
    }
}
