import Foundation

extension HierarchyView {
    /// Runs a renderer's input (a tap, a swipe, a pan, scrolling, a focus move, a resize)
    /// through the core's rules and lays out.
    public func send(_ input: HierarchyInput) {
        let expands = expandsFocusedItem
        switch input {
        case .setSize(let size):
            guard collectionViewLayout.size != size else { return }
            collectionViewLayout.size = size
            drain(core.handle(.input(.layoutChanged(revealsFocus: true)), coreGeometry))
            layoutIfNeeded()
        case .tap(let point):
            switch hitTest(point) {
            case .previousButton: send(.showPreviousLevel)
            case .nextButton: send(.showNextLevel)
            case .indicator(let uuid, _, _): send(.tapIndicator(ofItemWith: uuid))
            case .item(let uuid, _, _): send(.tapItem(with: uuid))
            case .pendingRow(let column, let row): send(.focusRow(row, inColumn: column))
            case .column, .headerTitle, .nothing: break
            }
        case .tapIndicator(let uuid):
            run(requestsDisplay: true) {
                visibleCells[uuid]?.hierarchyIndicator.didTapHandler?()
                performAndLayOut([.hierarchyButtonTapped(uuid)])
            }
        case .tapItem(let uuid):
            let showsIndicator = visibleCells[uuid].map { !$0.hierarchyIndicator.isHidden } ?? false
            apply(
                .tap(
                    uuid, isEditing: isEditing, allowsSelection: allowsSelectionDuringEditing,
                    allowsMultiple: allowsMultipleSelectionDuringEditing, showsIndicator: showsIndicator))
        case .expandItem(let uuid): apply(.expand(uuid))
        case .collapseItem(let uuid): apply(.collapse(uuid))
        case .setSelected(let selected, let uuid):
            apply(.select(selected, uuid, allowsMultiple: allowsMultipleSelectionDuringEditing))
        case .showPreviousLevel: apply(.showLevel(-1))
        case .showNextLevel: apply(.showLevel(1))
        case .swipe(let direction):
            let towardsNext = (direction == .left) == (layout.layoutDirection == .leftToRight)
            send(towardsNext ? .showNextLevel : .showPreviousLevel)
        case .beginPan: drain(core.handle(.input(.beginPan), coreGeometry))
        case .pan(let translation): drain(core.handle(.input(.pan(translation: translation)), coreGeometry))
        case .endPan(let velocity): apply(.endPan(velocity: velocity))
        case .scroll(column: let c, by: let delta): apply(.scroll(column: c, by: delta))
        case .scrollColumn(at: let point, by: let delta):
            if let c = columnIndex(at: point) { apply(.scroll(column: c, by: delta)) }
        case .scrollToItem(let uuid): apply(.scrollTo(uuid))
        case .moveFocus(let move): apply(.moveFocus(move, expands: expands))
        case .focusRow(let row, let c): apply(.focusRow(row, column: c, expands: expands))
        case .focusNextLevel: apply(.focusNextLevel(expands: expands))
        case .focusPreviousLevel: apply(.focusPreviousLevel)
        }
    }

    /// Whether a pan is in progress.
    public var isPanInProgress: Bool { core.pan != nil }

    /// The vertical scroll position of a column.
    public func contentOffsetY(ofColumn c: Int) -> Double { core.column(at: c)?.contentOffsetY ?? 0 }

    /// The focused item's column and row.
    public var focusedPosition: (column: Int, row: Int)? { core.focus }

    /// The focused item's uuid, asking the data source if it is not cached.
    public var focusedUUID: String? {
        guard let f = core.focus else { return nil }
        return core.column(at: f.column)?.uuid(at: f.row) ?? ensureUUID(column: f.column, row: f.row)
    }

    /// The column under a point.
    public func columnIndex(at point: Point) -> Int? {
        layout.columnIndex(at: point, in: core)
    }

    /// What is under a point (view coordinates).
    public func hitTest(_ point: Point) -> HierarchyHitTestResult {
        layout.hitTest(point, in: core, cells: visibleCells)
    }

    /// Runs an input of the core and lays out.
    func apply(_ input: HierarchyCore.Input) {
        run(requestsDisplay: true) { performAndLayOut(core.handle(.input(input), coreGeometry)) }
    }

    /// Performs actions, then the updates the data source made meanwhile, and lays out.
    func performAndLayOut(_ actions: [HierarchyCore.Action]) {
        run(requestsDisplay: true) {
            drain(actions + [.applyUpdates])
            layoutIfNeeded()
        }
    }
}
