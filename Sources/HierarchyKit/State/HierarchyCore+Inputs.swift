import Foundation

extension HierarchyCore {
    /// An input of the user or the renderer (through the view's API), as an event of the core.
    public enum Input: Sendable, Equatable {
        /// Lay out what is on screen (`layoutIfNeeded()`); with `expands`, the focused item
        /// previews its children when its row changed.
        case layOut(isEditing: Bool, expands: Bool)
        /// Expand an item shown in a column (`HierarchyInput.expandItem(with:)`).
        case expand(String)
        /// Close the column of an expanded item's children (`HierarchyInput.collapseItem(with:)`).
        case collapse(String)
        /// Tap the body of an item (`HierarchyInput.tapItem(with:)`): in editing mode it is selected or
        /// deselected (when selection is allowed); otherwise its hierarchy button counts as
        /// tapped too when its cell shows the indicator. Either way it is focused and the
        /// delegate hears of the selection.
        case tap(String, isEditing: Bool, allowsSelection: Bool, allowsMultiple: Bool, showsIndicator: Bool)
        /// Select or deselect an item in editing mode (`setSelected(_:uuid:)`).
        case select(Bool, String, allowsMultiple: Bool)
        /// Show the level `delta` columns away (the header's buttons, a swipe); going back
        /// from the first column asks for its parent first.
        case showLevel(Int)
        /// End a pan, snapping to a level (`HierarchyInput.endPan(velocity:)`).
        case endPan(velocity: Double)
        /// Scroll a column vertically (`HierarchyInput.scroll(column:by:)`).
        case scroll(column: Int, by: Double)
        /// Bring an item into view and focus it (`HierarchyInput.scrollToItem(with:)`).
        case scrollTo(String)
        /// Move the focus within its column (`HierarchyInput.moveFocus(_:)`).
        case moveFocus(HierarchyFocusMove, expands: Bool)
        /// Focus a row (`HierarchyInput.focusRow(_:inColumn:)`).
        case focusRow(Int, column: Int, expands: Bool)
        /// Expand the focused item and focus its first child (`HierarchyInput.focusNextLevel`).
        case focusNextLevel(expands: Bool)
        /// Focus the expanded item of the previous level (`HierarchyInput.focusPreviousLevel`).
        case focusPreviousLevel
        /// The layout changed (its size, metrics or insets): positions are clamped to what
        /// exists; with `revealsFocus` (a new viewport size) the focused column comes into view.
        case layoutChanged(revealsFocus: Bool)
        /// The item at a row is needed now (`focusedUUID`, a type-select): asked unless known.
        case loadRow(Int, column: Int)
        /// Start a horizontal pan (`HierarchyInput.beginPan`).
        case beginPan
        /// Move a pan in progress (`pan(translation:)`).
        case pan(translation: Double)
        /// Editing mode ended: nothing stays selected.
        case endEditing
        /// Multiple selection was turned off: only the most recently selected item stays selected.
        case limitSelectionToOne
    }

    /// What the core goes on with once the actions before it are performed (`Action.step`).
    public enum Step: Sendable, Equatable {
        /// Ask what the visible columns show (`planLayoutPass(isEditing:_:)`).
        case layOutColumns(isEditing: Bool)
        /// The rows of the window of column `c` (stamped `ticket`) were asked: plan its
        /// prefetch and the cells of its visible rows, and trim its cache to the window.
        case layOutColumn(Int, ticket: Ticket, visible: Range<Int>, window: Range<Int>, isEditing: Bool)
        /// Every visible column was laid out: recycle the cells that left the screen, and tell
        /// the data source the new row windows.
        case finishLayout
        /// Ask for the first column's parent if it is due (`planParentOfTopColumn()`).
        case askParentOfTopColumn
        /// Preview the focused item's children if its row changed (`expands` set).
        case previewFocus(expands: Bool)
        /// The count of the children of `uuid`, expanded in column `column`, was asked: when
        /// their column came, it comes into view, and `then` follows.
        indirect case expanded(column: Int, uuid: String, then: Step?)
        /// Column `c` comes into view.
        case reveal(Int)
        /// The item at a row (asked just before, if unknown) previews its children: expanded
        /// when it has some, else the columns after its own close. An expanded item is left
        /// as it is unless `evenIfExpanded`.
        case preview(column: Int, row: Int, evenIfExpanded: Bool)
        /// Show the level `delta` columns away.
        case showLevel(Int)
        /// A pan back past the first column asked for its parent: show that level.
        case finishPanBack
        /// The focused row's item (asked just before, if unknown) expands, and the focus
        /// enters its children.
        case expandFocused(column: Int, row: Int, expands: Bool)
        /// The focus enters the column after `from`, just expanded.
        case enterNextLevel(from: Int, expands: Bool)
        /// The focus goes back to column `column`, at the row of `child` (looked for just before).
        case focusParentRow(column: Int, child: String)
        /// The level before the first column is shown: the focus goes back once more unless it
        /// is in the first column.
        case focusPreviousLevelAgain
        /// An item was expanded on request: the focus comes to it if it had none, or was deeper.
        case focusExpanded(column: Int, row: Int)
        /// The root was expanded after a reload: the first focus (`focusFirstItem(expandsFocusedItem:_:)`).
        case focusFirstItem(expands: Bool)
    }

    /// Takes an input: the rule for it, as actions.
    mutating func handle(_ input: Input, _ geometry: Geometry) -> [Action] {
        switch input {
        case .layOut(let isEditing, let expands):
            return planLayout(isEditing: isEditing, expands: expands)
        case .expand(let uuid):
            guard let (c, row) = position(of: uuid) else {
                let message = "expandItem(with: \(uuid)), but the view does not show that item"
                return [.report(HierarchyError(.unknownItem, message, uuid: uuid))]
            }
            return planExpand(column: c, row: row, uuid: uuid, then: .focusExpanded(column: c, row: row), geometry)
        case .tap(let uuid, let isEditing, let allowsSelection, let allowsMultiple, let showsIndicator):
            guard let (c, row) = position(of: uuid) else {
                return [
                    .report(HierarchyError(.unknownItem, "tap on \(uuid), which the view does not show", uuid: uuid))
                ]
            }
            place(focusAt: c, row: row)
            guard isEditing else {
                return [.didSelect(uuid)] + (showsIndicator ? [.hierarchyButtonTapped(uuid)] : []) + [.relayout]
            }
            guard allowsSelection else { return [] }
            toggleSelection(of: uuid, allowsMultiple: allowsMultiple)
            return [.didSelect(uuid), .relayout]
        case .collapse(let uuid):
            guard let (c, _) = position(of: uuid), columns[c].expandedUUID == uuid else { return [] }
            return closeColumns(after: c, geometry) + [.relayout]
        case .select(let selected, let uuid, let allowsMultiple):
            setSelected(selected, uuid: uuid, allowsMultiple: allowsMultiple)
            return [.relayout]
        case .showLevel(let delta):
            let asksParent = delta < 0 && leadingColumn == 0 && !columns.isEmpty && !columns[0].parentAsked
            return (asksParent ? planParentOfTopColumn() + [.applyUpdates] : []) + [.step(.showLevel(delta))]
        case .endPan(let velocity):
            guard endPan(velocity: velocity, geometry) else { return [.relayout] }
            return planParentOfTopColumn() + [.applyUpdates, .step(.finishPanBack), .relayout]
        case .scroll(let c, let delta):
            scroll(column: c, by: delta, geometry)
            return [.relayout]
        case .scrollTo(let uuid):
            guard let (c, row) = position(of: uuid) else { return [] }
            show(focusAt: c, row: row, geometry)
            return [.relayout]
        case .moveFocus(let move, let expands):
            dropPendingFocus()
            guard let target = target(of: move, extent: geometry.estimatedExtent, geometry) else { return [] }
            return handle(.focusRow(target.row, column: target.column, expands: expands), geometry)
        case .focusRow(let row, let c, let expands):
            guard focus(row: row, inColumn: c, geometry) else { return [] }
            return (expands ? planPreview(column: c, row: row) : []) + [.relayout]
        case .focusNextLevel(let expands):
            guard let f = focus, f.column < columns.count, f.row < columns[f.column].count else { return [] }
            return planRow(f.row, ofColumn: f.column) + [
                .step(.expandFocused(column: f.column, row: f.row, expands: expands))
            ]
        case .layoutChanged(let revealsFocus):
            clampPositions(geometry)
            if revealsFocus, let f = focus { revealColumn(f.column, geometry) }
            return [.relayout]
        case .loadRow(let row, let c):
            return planRow(row, ofColumn: c)
        case .beginPan:
            beginPan()
            return []
        case .pan(let translation):
            pan(translation: translation, geometry)
            return [.relayout]
        case .endEditing:
            clearSelection()
            return []
        case .limitSelectionToOne:
            limitSelectionToOne()
            return []
        case .focusPreviousLevel:
            guard let f = focus, f.column < columns.count else { return [] }
            if f.column == 0 { return handle(.showLevel(-1), geometry) + [.step(.focusPreviousLevelAgain)] }
            let c = f.column - 1
            let child = columns[f.column].parent ?? ""
            if let row = columns[c].expandedRow { return focusParent(column: c, row: row) }
            switch planLocate(child, inColumn: c, searchLimit: geometry.childSearchLimit) {
            case .known(let row): return focusParent(column: c, row: row)
            case .unknown: return focusParent(column: c, row: 0)
            case .ask(let action): return [action, .step(.focusParentRow(column: c, child: child))]
            }
        }
    }

    /// Goes on with a step (see ``Step``).
    mutating func take(_ step: Step, _ geometry: Geometry) -> [Action] {
        switch step {
        case .layOutColumns(let isEditing):
            return planLayoutPass(isEditing: isEditing, geometry)
        case .layOutColumn(let c, let ticket, let visible, let window, let isEditing):
            return layOutColumn(c, ticket: ticket, visible: visible, window: window, isEditing: isEditing, geometry)
        case .finishLayout:
            return finishLayout()
        case .askParentOfTopColumn:
            return planParentOfTopColumn()
        case .previewFocus(let expands):
            guard takeFocusPreview(), expands, let f = focus, f.column < columns.count, f.row < columns[f.column].count
            else { return [] }
            return planPreview(column: f.column, row: f.row) + [.applyUpdates]
        case .expanded(let c, let uuid, let then):
            guard c + 1 < columns.count, columns[c + 1].parent == uuid, columns[c].expandedUUID == uuid else {
                return []
            }
            revealColumn(c + 1, geometry)
            return [.relayout] + (then.map { [.step($0)] } ?? [])
        case .reveal(let c):
            revealColumn(c, geometry)
            return []
        case .preview(let c, let row, let evenIfExpanded):
            guard c < columns.count, let uuid = columns[c].uuid(at: row),
                evenIfExpanded || columns[c].expandedUUID != uuid
            else { return [] }
            return [.askHasChildren(uuid: uuid, column: c, row: row, ticket: columns[c].ticket)]
        case .showLevel(let delta):
            showLevel(by: delta, geometry)
            return [.relayout]
        case .finishPanBack:
            didAttachParentAfterPan(geometry)
            return []
        case .expandFocused(let c, let row, let expands):
            guard c < columns.count, let uuid = columns[c].uuid(at: row) else { return [] }
            return planExpand(
                column: c, row: row, uuid: uuid, then: .enterNextLevel(from: c, expands: expands), geometry)
        case .enterNextLevel(let c, let expands):
            guard c + 1 < columns.count else { return [] }
            guard let row = enterNextColumn(from: c, geometry), expands else { return [.relayout] }
            return planRow(row, ofColumn: c + 1) + [
                .step(.preview(column: c + 1, row: row, evenIfExpanded: true)), .relayout,
            ]
        case .focusParentRow(let c, let child):
            return focusParent(column: c, row: c < columns.count ? columns[c].row(of: child) ?? 0 : 0)
        case .focusPreviousLevelAgain:
            guard let f = focus, f.column > 0 else { return [] }
            return handle(.focusPreviousLevel, geometry)
        case .focusExpanded(let c, let row):
            if focus.map({ $0.column > c }) ?? true { place(focusAt: c, row: row) }
            return []
        case .focusFirstItem(let expands):
            focusFirstItem(expandsFocusedItem: expands, geometry)
            return []
        }
    }

    /// Expanding the item at a row of column `c` as actions: its children's count is asked and
    /// their column comes into view (`.expanded`), then `then` follows, when it expands.
    mutating func planExpand(column c: Int, row: Int, uuid: String, then: Step? = nil, _ geometry: Geometry)
        -> [Action]
    {
        switch expand(column: c, row: row, uuid: uuid, geometry) {
        case .refused(let actions): return actions
        case .shown: return then.map { [.step($0)] } ?? []
        case .asks(let close, let count): return close + [count, .step(.expanded(column: c, uuid: uuid, then: then))]
        }
    }

    /// The item at a row previews its children: the row is asked if unknown, then `.preview`.
    mutating func planPreview(column c: Int, row: Int) -> [Action] {
        planRow(row, ofColumn: c) + [.step(.preview(column: c, row: row, evenIfExpanded: false))]
    }

    /// Asks for the item at a row unless it is known (`planRows(ofColumn:window:)` of one row).
    mutating func planRow(_ row: Int, ofColumn c: Int) -> [Action] {
        stampIfNeeded(c)
        return planRows(ofColumn: c, window: row..<(row + 1))
    }

    /// The focus goes back to a row of column `c`, which leads if it was before the leading
    /// one; the first column's parent is asked when that column leads.
    private mutating func focusParent(column c: Int, row: Int) -> [Action] {
        place(focusAt: c, row: row)
        lead(withColumnAtMost: c)
        return (leadingColumn == 0 ? planParentOfTopColumn() + [.applyUpdates] : []) + [.relayout]
    }

    /// The column and row of an item that is cached on screen or on the path (the deepest).
    ///
    /// - Complexity: O(c) for c columns.
    func position(of uuid: String) -> (Int, Int)? {
        for c in columns.indices.reversed() {
            if let row = columns[c].row(of: uuid) { return (c, row) }
        }
        return nil
    }
}
