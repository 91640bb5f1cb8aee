import Foundation

extension HierarchyView {
    // MARK: Geometry from the renderer

    /// Sets the viewport size (a terminal resize, a browser window resize).
    public func setSize(_ size: Size) {
        guard collectionViewLayout.size != size else { return }
        collectionViewLayout.size = size
        drain(core.handle(.input(.layoutChanged(revealsFocus: true)), coreGeometry))
        layoutIfNeeded()
    }

    // MARK: Taps

    /// Taps the hierarchy indicator of an item: the indicator's handler runs, then the
    /// delegate's `hierarchyButtonTappedForItemWith` (whose default expands the item), or the
    /// item expands when there is no delegate.
    public func tapIndicator(ofItemWith uuid: String) {
        run(requestsDisplay: true) {
            visibleCells[uuid]?.hierarchyIndicator.didTapHandler?()
            send([.hierarchyButtonTapped(uuid)])
        }
    }

    /// Taps the body of an item. In editing mode it selects or deselects the item (single or
    /// multiple selection); otherwise it focuses the item and, if it has children, expands it.
    /// Both tell the delegate `didSelectItemWith`.
    public func tapItem(with uuid: String) {
        send(
            .tap(
                uuid, isEditing: isEditing, allowsSelection: allowsSelectionDuringEditing,
                allowsMultiple: allowsMultipleSelectionDuringEditing,
                showsIndicator: visibleCells[uuid].map { !$0.hierarchyIndicator.isHidden } ?? false))
    }

    /// Expands an item shown in a column: its children fill the next column, deeper columns
    /// close, and the new column scrolls into view.
    public func expandItem(with uuid: String) {
        send(.expand(uuid))
    }

    /// Collapses the column after the one showing `uuid` (the item stays, its children close).
    public func collapseItem(with uuid: String) {
        send(.collapse(uuid))
    }

    /// Selects or deselects an item in editing mode, as a tap would, without telling the delegate.
    public func setSelected(_ selected: Bool, uuid: String) {
        send(.select(selected, uuid, allowsMultiple: allowsMultipleSelectionDuringEditing))
    }

    // MARK: Levels, swipes and pans

    /// Shows the previous level (the header's previous button, a swipe back). At the first
    /// column, asks the data source for the parent first.
    public func showPreviousLevel() {
        send(.showLevel(-1))
    }

    /// Shows the next level (the header's next button, a swipe forward).
    public func showNextLevel() {
        send(.showLevel(1))
    }

    /// A quick swipe: left shows the next level, right the previous one (swapped right to left).
    public func swipe(_ direction: HierarchySwipeDirection) {
        let towardsNext = (direction == .left) == (layout.layoutDirection == .leftToRight)
        if towardsNext { showNextLevel() } else { showPreviousLevel() }
    }

    /// Starts a horizontal pan.
    public func beginPan() {
        drain(core.handle(.input(.beginPan), coreGeometry))
    }

    /// Moves a pan in progress: `translation` is how far the finger moved horizontally since
    /// `beginPan()` (positive = to the right). The columns follow continuously.
    public func pan(translation: Double) {
        drain(core.handle(.input(.pan(translation: translation)), coreGeometry))
    }

    /// Ends a pan and snaps to a level: the pan commits one level per column width moved,
    /// counting a level once it is `panCommitFraction` (25%) of the way, or one level in the
    /// direction of a release faster than `swipeVelocityThreshold`.
    ///
    /// - Parameter velocity: the horizontal speed at release, units per second (positive = to the right).
    public func endPan(velocity: Double) {
        send(.endPan(velocity: velocity))
    }

    /// Whether a pan is in progress.
    public var isPanInProgress: Bool { core.pan != nil }

    // MARK: Vertical scrolling

    /// Scrolls one column vertically by `delta` units (positive = further down the list).
    public func scroll(column c: Int, by delta: Double) {
        send(.scroll(column: c, by: delta))
    }

    /// Scrolls the column under a point (a mouse wheel).
    public func scroll(at point: Point, by delta: Double) {
        if let c = columnIndex(at: point) { scroll(column: c, by: delta) }
    }

    /// The vertical scroll position of a column.
    public func contentOffsetY(ofColumn c: Int) -> Double {
        c >= 0 && c < columns.count ? columns[c].contentOffsetY : 0
    }

    /// Scrolls an item into view and focuses it.
    public func scrollToItem(with uuid: String) {
        send(.scrollTo(uuid))
    }

    // MARK: Keyboard focus

    /// The focused item's column and row.
    public var focusedPosition: (column: Int, row: Int)? { focus }

    /// The focused item's uuid, asking the data source if it is not cached.
    public var focusedUUID: String? {
        guard let f = focus, f.column < columns.count, f.row < columns[f.column].count else { return nil }
        if let cached = columns[f.column].uuid(at: f.row) { return cached }
        return ensureUUID(column: f.column, row: f.row)
    }

    /// Moves the focus within its column and scrolls it into view.
    public func moveFocus(_ move: HierarchyFocusMove) {
        send(.moveFocus(move, expands: expandsFocusedItem))
    }

    /// Focuses a row of a column (and previews its children with `expandsFocusedItem`).
    public func focusRow(_ row: Int, inColumn c: Int) {
        send(.focusRow(row, column: c, expands: expandsFocusedItem))
    }

    /// Moves the focus into the next level: expands the focused item and focuses its first child.
    public func focusNextLevel() {
        send(.focusNextLevel(expands: expandsFocusedItem))
    }

    /// Moves the focus back to the expanded item of the previous level.
    public func focusPreviousLevel() {
        send(.focusPreviousLevel)
    }

    // MARK: Hit testing

    /// The column under a point.
    public func columnIndex(at point: Point) -> Int? {
        layout.columnIndex(at: point, in: core)
    }

    /// What is under a point (view coordinates).
    public func hitTest(_ point: Point) -> HierarchyHitTestResult {
        layout.hitTest(point, in: core, cells: visibleCells)
    }

    /// Taps at a point: the header buttons, an indicator or an item body.
    public func tap(at point: Point) {
        switch hitTest(point) {
        case .previousButton: showPreviousLevel()
        case .nextButton: showNextLevel()
        case .indicator(let uuid, _, _): tapIndicator(ofItemWith: uuid)
        case .item(let uuid, _, _): tapItem(with: uuid)
        case .pendingRow(let column, let row): focusRow(row, inColumn: column)
        case .column, .headerTitle, .nothing: break
        }
    }

    /// Runs an input through the core's rules (see the `send(_:)` that takes actions).
    func send(_ input: HierarchyCore.Input) {
        run(requestsDisplay: true) { send(core.handle(.input(input), coreGeometry)) }
    }

    /// Performs actions, then the updates the data source made meanwhile, and lays out.
    func send(_ actions: [HierarchyCore.Action]) {
        run(requestsDisplay: true) {
            drain(actions + [.applyUpdates])
            layoutIfNeeded()
        }
    }
}
