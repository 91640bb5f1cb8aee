import Foundation

/// The state of a hierarchy view as a value: the columns, the focus, the horizontal position
/// and pan, the selection, and what the view has been told about; and every rule of the view.
///
/// `HierarchyCore` needs no actor: `HierarchyView` (a shell over the seed API, used on one actor
/// at a time) owns one. Its entry is `handle(_:_:)`, which takes an event — an input of the user
/// (`Input`), an update of the data source, an answer to an action, or a `Step` it asked to be
/// called back with — and returns what the owner is to do (`Action`): questions for the data
/// source stamped with the column's `Ticket` (an answer whose ticket went stale is dropped
/// here), cells to configure or recycle, errors to report, delegate calls, a layout to run. A
/// rule that needs an answer midway returns the question followed by `.step(_:)`, the rest of the
/// rule; the owner performs the actions depth first and feeds each answer and step back. It does
/// no I/O, reads no clock and starts no task.
public struct HierarchyCore: Sendable {
    /// What the core needs to know about the layout, as values (the layout object stays with
    /// the shell that owns the viewport).
    public struct Geometry: Sendable, Equatable {
        /// How many columns fit side by side.
        public var visibleColumnCount: Int
        /// The width of one column, in the renderer's units.
        public var columnWidth: Double
        /// A pan commits a level once it moved this fraction of a column width.
        public var panCommitFraction: Double
        /// A release faster than this (units per second) commits one level.
        public var swipeVelocityThreshold: Double
        /// Whether later columns are to the right (left to right) or to the left.
        public var isLeftToRight: Bool
        /// The height of the columns (the viewport less the header).
        public var columnHeight: Double
        /// Space above the first and below the last item of a column.
        public var insetTop: Double
        /// Space below the last item of a column.
        public var insetBottom: Double
        /// Vertical space between two items (part of each item's extent).
        public var interItemSpacing: Double
        /// The most rows looked through for a child the data source gives no row for.
        public var childSearchLimit: Int
        /// The width of the viewport (the columns it shows, partly or wholly).
        public var viewportWidth: Double
        /// The estimated extent of a row not measured yet (its height plus the spacing).
        public var estimatedExtent: Double
        /// How many screens above and below the visible rows a layout pass prefetches.
        public var prefetchScreens: Double
        /// How many uuids a column keeps cached outside its window at most.
        public var uuidCacheLimit: Int

        /// A geometry.
        public init(
            visibleColumnCount: Int, columnWidth: Double, panCommitFraction: Double = 0.25,
            swipeVelocityThreshold: Double = 500, isLeftToRight: Bool = true, columnHeight: Double = 0,
            insetTop: Double = 0, insetBottom: Double = 0, interItemSpacing: Double = 0,
            childSearchLimit: Int = 100_000,
            viewportWidth: Double? = nil, estimatedExtent: Double = 1, prefetchScreens: Double = 1,
            uuidCacheLimit: Int = 4_096
        ) {
            self.visibleColumnCount = max(1, visibleColumnCount)
            self.columnWidth = columnWidth
            self.panCommitFraction = panCommitFraction
            self.swipeVelocityThreshold = swipeVelocityThreshold
            self.isLeftToRight = isLeftToRight
            self.columnHeight = max(0, columnHeight)
            self.insetTop = insetTop
            self.insetBottom = insetBottom
            self.interItemSpacing = interItemSpacing
            self.childSearchLimit = max(0, childSearchLimit)
            self.viewportWidth = viewportWidth ?? Double(self.visibleColumnCount) * columnWidth
            self.estimatedExtent = estimatedExtent
            self.prefetchScreens = max(0, prefetchScreens)
            self.uuidCacheLimit = uuidCacheLimit
        }

        /// The columns the viewport shows, partly or wholly, at a horizontal offset.
        ///
        /// - Complexity: O(1).
        func visibleColumns(horizontalOffset offset: Double, count: Int) -> Range<Int> {
            Self.visibleColumns(horizontalOffset: offset, count: count, columnWidth: columnWidth, width: viewportWidth)
        }

        /// ``visibleColumns(horizontalOffset:count:)`` from the two widths alone (the layout's
        /// drawing, which has them at hand).
        static func visibleColumns(horizontalOffset offset: Double, count: Int, columnWidth: Double, width: Double)
            -> Range<Int>
        {
            guard count > 0, columnWidth > 0 else { return 0..<0 }
            let first = Int((offset / columnWidth).rounded(.down))
            let last = Int(((offset + width) / columnWidth).rounded(.up))
            let lower = min(max(0, first), count)
            return lower..<min(max(lower, last), count)
        }

        /// The rows of a column that intersect a band of its content (content coordinates).
        ///
        /// - Complexity: O(log n) for n rows.
        func rows(of column: ColumnState, inContentBand band: ClosedRange<Double>) -> Range<Int> {
            Self.rows(of: column, inContentBand: band, insetTop: insetTop)
        }

        /// ``rows(of:inContentBand:)`` from the top inset alone (the layout's drawing).
        static func rows(of column: ColumnState, inContentBand band: ClosedRange<Double>, insetTop: Double)
            -> Range<Int>
        {
            guard column.count > 0 else { return 0..<0 }
            let top = band.lowerBound - insetTop
            let bottom = band.upperBound - insetTop
            let total = column.heights.totalExtent
            if bottom <= 0 || top >= total || bottom <= top { return 0..<0 }
            let first = column.heights.index(containing: max(0, top))
            // Half-open band: a row starting exactly at the bottom edge is not in it.
            let last = column.heights.index(containing: min(bottom, total) - 1e-9)
            return first..<(last + 1)
        }

        /// The total scrollable height of a column.
        ///
        /// - Complexity: O(1).
        func contentHeight(of column: ColumnState) -> Double {
            let items = column.count > 0 ? column.heights.totalExtent - interItemSpacing : 0
            return insetTop + max(0, items) + insetBottom
        }

        /// The largest vertical offset a column can scroll to.
        ///
        /// - Complexity: O(1).
        func maxContentOffsetY(of column: ColumnState) -> Double {
            max(0, contentHeight(of: column) - columnHeight)
        }
    }

    /// What the owner must do after an input.
    public enum Action: Sendable, Equatable {
        /// Ask the data source for the children at these rows of `parent`, in this order, and
        /// feed each answer back as `.child`.
        case askChildren(parent: String, rows: [Int], ticket: Ticket)
        /// Hand these children of `parent` to the data source's prefetch.
        case prefetch(parent: String, uuids: [String], ticket: Ticket)
        /// Tell the data source the rows shown or prefetched, per expanded parent.
        case rowWindowsChanged([String: Range<Int>])
        /// Ask the data source for the number of children of `parent`, just expanded in the
        /// column stamped `ticket`, and feed it back as `.count`.
        case askCount(parent: String, ticket: Ticket)
        /// Ask the data source for the number of children of `parent` again after an update
        /// of the column stamped `ticket` (`countBefore`: its count before the update, `nil`
        /// on a second look), and feed it back as `.checkedCount`.
        case checkCount(parent: String, countBefore: Int?, ticket: Ticket)
        /// Ask the data source for the parent of `child`, shown in the column stamped
        /// `ticket`, and feed it back as `.parent`.
        case askParent(of: String, ticket: Ticket)
        /// Find the row of `child` among the children of `parent` (the column stamped
        /// `ticket`): the data source's hint if it is in `rows` and the row there is the child,
        /// else the first row of `scan` that is; feed it back as `.located`.
        case locateChild(child: String, parent: String, rows: Range<Int>, scan: Range<Int>, ticket: Ticket)
        /// Give these visible rows of the column stamped `ticket` their cells: ask the data
        /// source for the cell of each request whose `ask` is set (no cell yet, or its content
        /// changed), and draw each in its selection state.
        case configureCells([CellRequest], ticket: Ticket)
        /// Recycle the cells of these items: none of them is on screen any more.
        case recycleCells([String])
        /// Find the row of `child`, shown alone in a pinned column, among the children of
        /// `parent` (the column stamped `ticket`, filled with them) as for `.locateChild`, and
        /// feed it back as `.located`.
        case locatePinnedChild(child: String, parent: String, rows: Range<Int>, scan: Range<Int>, ticket: Ticket)
        /// Ask the data source for the number of children of `parent` again (the column stamped
        /// `ticket` is read anew: `invalidateChildren(of:)`), and feed it back with
        /// `.recount`.
        case recount(parent: String, ticket: Ticket)
        /// Find the row of the column's expanded item `child` among the children of `parent`
        /// (the column stamped `ticket`, just read anew) as for `.locateChild`, and feed it back
        /// as `.located`.
        case locateExpandedChild(child: String, parent: String, rows: Range<Int>, scan: Range<Int>, ticket: Ticket)
        /// Report this error (to the error handler and the error stream).
        case report(HierarchyError)
        /// Lay out again: what is on screen changed.
        case relayout
        /// Go on with what the core was doing once the actions before this one are performed:
        /// feed the step back with `handle(.step(_:), _:)`.
        case step(Step)
        /// Apply the data source's updates made meanwhile (the owner queues them while it
        /// performs actions): each through `handle(.update(_:), _:)`, oldest first.
        case applyUpdates
        /// Find out whether `uuid`, at a row of the column stamped `ticket`, has children (its
        /// cell's hierarchy indicator, else the data source's count), and feed it back with
        /// `handle(.hasChildren(_:column:row:ticket:), _:)`.
        case askHasChildren(uuid: String, column: Int, row: Int, ticket: Ticket)
        /// Ask the data source for the root item, and feed it back with `handle(.root(_:expands:), _:)`.
        case askRoot(expands: Bool)
        /// Tell the delegate that the item was selected (`hierarchyView(_:didSelectItemWith:)`).
        case didSelect(String)
        /// The item's hierarchy button was tapped: tell the delegate, or expand the item when
        /// there is none.
        case hierarchyButtonTapped(String)
    }

    /// The columns, from the first level shown to the deepest one.
    var columns: [ColumnState] = []
    /// The snapped index of the leading visible column.
    var leadingColumn = 0
    /// A horizontal pan in progress, if any.
    var pan: Pan?
    /// The items selected in editing mode, in the order they were selected.
    var selection: [String] = []
    /// The keyboard focus: a column and a row.
    var focus: (column: Int, row: Int)?
    /// Parents that were expanded and are no longer: late calls about them are ignored.
    var formerParents: Set<String> = []
    /// Every uuid the view has been told about, bounded: distinguishes late calls from wrong ones.
    var knownUUIDs: Set<String> = []
    /// How many uuids `knownUUIDs` holds at most (about 1 MB of set for short ids).
    static let knownUUIDLimit = 50_000
    /// The focused item's children were still loading when the focus was to move into them:
    /// focus the first one when they arrive, unless the focus moved meanwhile.
    var pendingInitialFocus = false
    /// The focused row's uuid may have changed: preview its children after the next layout.
    var needsFocusPreview = false
    /// For each expanded item whose column is on screen, the rows of its children the last
    /// layout pass showed or prefetched.
    var rowWindows: [String: Range<Int>] = [:]
    /// The errors reported and not yet taken by a face (the view's one error stream).
    var errors = HierarchyErrorQueue()
    /// The last ticket given to a column (see `stampColumn(_:)`).
    var lastTicket: UInt64 = 0
    /// Parents whose count disagreed with their column right after an update: asked again
    /// at the next layout pass before the column takes the data source's count.
    var pendingCountChecks: Set<String> = []
    /// The items whose cell the owner holds: asked from the data source and not recycled since.
    var cells: Set<String> = []
    /// Items holding a cell whose content changed (`invalidateItems`): their cell is asked again
    /// at the next layout pass that shows them.
    var staleCells: Set<String> = []
    /// Set by a reload until the first column's parent has been asked for (rule 3 of the
    /// initial load, whatever the leading column).
    var isInitialLoad = false
    /// A pinned column filled with its parent's children, while its child is looked for.
    var pinnedFill: PinnedFill?
    /// What the layout pass under way has planned so far.
    var layoutPass = LayoutPass()

    /// An empty core (no columns).
    public init() {}

    /// The largest leading column: the last columns fill the visible ones.
    func maxLeadingColumn(_ geometry: Geometry) -> Int {
        max(0, columns.count - geometry.visibleColumnCount)
    }

    /// Whether there is a level before the leading column (or a parent not yet asked for).
    var canShowPreviousLevel: Bool {
        leadingColumn > 0 || (!columns.isEmpty && !columns[0].parentAsked)
    }

    /// The parent of the leading column's items: the header's title.
    var leadingParent: String? {
        columns.isEmpty ? nil : columns[min(leadingColumn, columns.count - 1)].parent
    }

    /// The column at `c`, or `nil` for a column that does not exist.
    func column(at c: Int) -> ColumnState? {
        columns.indices.contains(c) ? columns[c] : nil
    }

    /// The horizontal scroll position: the leading column times the column width, plus a pan
    /// in progress, within the first and the last leading column.
    func horizontalOffset(_ geometry: Geometry) -> Double {
        let snapped = Double(leadingColumn) * geometry.columnWidth
        return min(max(0, snapped + (pan?.offset ?? 0)), Double(maxLeadingColumn(geometry)) * geometry.columnWidth)
    }

    // MARK: Selection

    /// Selects or deselects an item: a tap in editing mode.
    ///
    /// - Parameters:
    ///   - uuid: The item tapped.
    ///   - allowsMultiple: Whether several items may be selected at once.
    mutating func toggleSelection(of uuid: String, allowsMultiple: Bool) {
        if let index = selection.firstIndex(of: uuid) {
            selection.remove(at: index)
        } else if allowsMultiple {
            selection.append(uuid)
        } else {
            selection = [uuid]
        }
    }

    /// Selects or deselects an item, whatever it was.
    mutating func setSelected(_ selected: Bool, uuid: String, allowsMultiple: Bool) {
        selection.removeAll { $0 == uuid }
        if selected {
            if !allowsMultiple { selection.removeAll() }
            selection.append(uuid)
        }
    }

    /// Keeps only the most recent selection when multiple selection is turned off.
    mutating func limitSelectionToOne() {
        if selection.count > 1 { selection = [selection[selection.count - 1]] }
    }

    // MARK: Pans

    /// A horizontal pan in progress.
    struct Pan: Equatable {
        /// The leading column when the pan began.
        var startLeading: Int
        /// The continuous translation since then (units; positive = towards later columns).
        var offset: Double = 0
    }

    /// Starts a horizontal pan.
    mutating func beginPan() {
        pan = Pan(startLeading: leadingColumn)
    }

    /// Moves a pan in progress: `translation` is how far the finger moved since `beginPan()`
    /// (positive = to the right); the offset stays between the first and the last level.
    mutating func pan(translation: Double, _ geometry: Geometry) {
        let startLeading = pan?.startLeading ?? leadingColumn
        let sign: Double = geometry.isLeftToRight ? -1 : 1
        leadingColumn = startLeading
        let maximum = Double(maxLeadingColumn(geometry)) * geometry.columnWidth
        let start = Double(startLeading) * geometry.columnWidth
        pan = Pan(startLeading: startLeading, offset: min(max(-start, sign * translation), maximum - start))
    }

    /// Ends a pan and snaps to a level: one level per column width moved, counting a level
    /// once it is `panCommitFraction` of the way, or one level in the direction of a release
    /// faster than `swipeVelocityThreshold`.
    ///
    /// - Returns: Whether the pan went back past the first column and its parent was never
    ///   asked for: it is to be asked and attached, then `didAttachParentAfterPan()` shows it.
    mutating func endPan(velocity: Double, _ geometry: Geometry) -> Bool {
        guard let ended = pan else { return false }
        let sign: Double = geometry.isLeftToRight ? -1 : 1
        let width = max(1e-9, geometry.columnWidth)
        let moved = ended.offset / width
        let fraction = geometry.panCommitFraction
        var levels =
            moved >= 0 ? Int((moved + 1 - fraction).rounded(.down)) : -Int((-moved + 1 - fraction).rounded(.down))
        if levels == 0, abs(velocity) > geometry.swipeVelocityThreshold {
            levels = sign * velocity > 0 ? 1 : -1
        }
        pan = nil
        let target = ended.startLeading + levels
        if target < 0, levels < 0, !columns.isEmpty, !columns[0].parentAsked {
            leadingColumn = 0
            return true
        }
        leadingColumn = min(max(0, target), maxLeadingColumn(geometry))
        moveFocusIntoVisibleColumns(geometry)
        return false
    }

    /// After a pan back past the first column: the parent (if any) was attached before it,
    /// so the pan shows that level.
    mutating func didAttachParentAfterPan(_ geometry: Geometry) {
        leadingColumn = max(0, leadingColumn - 1)
        moveFocusIntoVisibleColumns(geometry)
    }

    // MARK: Focus and positions

    /// Moves the focus into the visible columns when it left them (a pan, a level change):
    /// to the expanded row of the nearest visible column, or the same row clamped.
    mutating func moveFocusIntoVisibleColumns(_ geometry: Geometry) {
        guard let f = focus else { return }
        let lastVisible = min(columns.count - 1, leadingColumn + geometry.visibleColumnCount - 1)
        guard f.column < leadingColumn || f.column > lastVisible else { return }
        let c = min(max(f.column, leadingColumn), lastVisible)
        guard c >= 0, c < columns.count else { return }
        focus = (c, columns[c].expandedRow ?? min(f.row, max(0, columns[c].count - 1)))
    }

    /// Clamps the leading column, every column's scroll position and the focus to what exists.
    ///
    /// - Complexity: O(c) for c columns.
    mutating func clampPositions(_ geometry: Geometry) {
        leadingColumn = min(max(0, leadingColumn), maxLeadingColumn(geometry))
        for c in columns.indices {
            let maximum = geometry.maxContentOffsetY(of: columns[c])
            columns[c].contentOffsetY = min(max(0, columns[c].contentOffsetY), maximum)
        }
        if let f = focus {
            if columns.isEmpty {
                focus = nil
            } else {
                let c = min(f.column, columns.count - 1)
                focus = (c, min(max(0, f.row), max(0, columns[c].count - 1)))
            }
        }
    }

    /// Makes a column visible: the fewest levels of horizontal movement that bring it in.
    mutating func revealColumn(_ c: Int, _ geometry: Geometry) {
        let n = geometry.visibleColumnCount
        if c >= leadingColumn + n { leadingColumn = c - n + 1 }
        if c < leadingColumn { leadingColumn = c }
        clampPositions(geometry)
    }

    /// Scrolls a column the least that shows a whole row (the first and last rows with their
    /// insets).
    ///
    /// - Complexity: O(log n) for a column of n rows.
    mutating func scrollRowIntoView(column c: Int, row: Int, _ geometry: Geometry) {
        guard c >= 0, c < columns.count, row >= 0, row < columns[c].count else { return }
        let top = geometry.insetTop + columns[c].heights.offset(of: row)
        let bottom = top + columns[c].heights.extent(at: row) - geometry.interItemSpacing
        if top < columns[c].contentOffsetY {
            columns[c].contentOffsetY = top - (row == 0 ? geometry.insetTop : 0)
        } else if bottom > columns[c].contentOffsetY + geometry.columnHeight {
            columns[c].contentOffsetY =
                bottom - geometry.columnHeight + (row == columns[c].count - 1 ? geometry.insetBottom : 0)
        }
        columns[c].contentOffsetY = min(max(0, columns[c].contentOffsetY), geometry.maxContentOffsetY(of: columns[c]))
    }

    /// Scrolls a column by `delta` units (positive = further down), within its content.
    mutating func scroll(column c: Int, by delta: Double, _ geometry: Geometry) {
        guard c >= 0, c < columns.count else { return }
        let maximum = geometry.maxContentOffsetY(of: columns[c])
        columns[c].contentOffsetY = min(max(0, columns[c].contentOffsetY + delta), maximum)
    }

    /// Remembers a uuid the data source answered (bounded: forgets everything past
    /// `knownUUIDLimit`, which holds several times the rows a source adapter caches).
    mutating func remember(_ uuid: String) {
        if knownUUIDs.count >= Self.knownUUIDLimit { knownUUIDs.removeAll(keepingCapacity: true) }
        knownUUIDs.insert(uuid)
    }
}

#if DEBUG
    extension HierarchyCore {
        /// Checks the state's invariants; traps on a broken one (tests only).
        func _checkInvariants(_ geometry: Geometry) {
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
                    column.contentOffsetY <= geometry.maxContentOffsetY(of: column) + 1e-6,
                    "column \(k) scrolled past its end")
            }
            let maxLeading = maxLeadingColumn(geometry)
            precondition(
                leadingColumn >= 0 && leadingColumn <= maxLeading,
                "leading column \(leadingColumn) out of 0...\(maxLeading)")
            if let f = focus {
                precondition(f.column < columns.count, "focus column out of range")
                precondition(columns[f.column].count == 0 || f.row < columns[f.column].count, "focus row out of range")
            }
            var seenPath: Set<String> = []
            for column in columns {
                if let e = column.expandedUUID { precondition(seenPath.insert(e).inserted, "cycle on the path") }
            }
            precondition(staleCells.isSubset(of: cells), "a stale cell that is not held")
        }
    }
#endif
