/// The geometry of a hierarchy view's element: a column, a row and its frame.
public struct HierarchyLayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    /// The column, counted from the first level.
    public var column: Int
    /// The row within the column (0 for a column's own attributes).
    public var row: Int
    /// The frame in view coordinates (the viewport's top-left is 0,0).
    public var frame: Rect

    /// Makes attributes for a row of a column.
    public init(column: Int, row: Int, frame: Rect) {
        self.column = column
        self.row = row
        self.frame = frame
    }

    public var description: String { "[\(column),\(row)] \(frame)" }
}

/// Lays out the columns of a hierarchy view: columns from the leading to the trailing edge
/// (mirrored right to left), each holding the children of the expanded item of the previous
/// one, each scrolling vertically on its own.
///
/// Regular width shows `max(2, width / minimumColumnWidth)` columns (capped by the metrics);
/// compact width shows one level with the header above it.
///
/// Subclass it (as the documentation invites): the view reads the column count, the column
/// width, the compact-width decision and the column frames through the `open` members below,
/// so overrides of those change the layout.
open class HierarchyCollectionViewLayout {
    /// Space around the items inside each column.
    public var sectionInset: EdgeInsets { didSet { changed() } }
    /// Vertical space between two items of a column.
    public var interItemSpacing: Double { didSet { changed() } }
    /// Whether renderers draw a vertical scroll indicator in columns that scroll.
    public var showVerticalScrollIndicator: Bool { didSet { changed() } }
    /// The units of the renderer.
    public var metrics: HierarchyLayoutMetrics { didSet { changed() } }
    /// Left to right, or right to left (columns mirrored, swipes swapped).
    public var layoutDirection: LayoutDirection { didSet { changed() } }
    /// The viewport size.
    public var size: Size { didSet { if oldValue != size { changed() } } }

    weak var hierarchyView: HierarchyView?

    /// Makes a layout.
    ///
    /// - Parameters:
    ///   - metrics: The renderer's units (`.points` for a page, `.terminal` for character cells).
    ///   - size: The viewport size.
    ///   - sectionInset: Space around each column's items.
    ///   - interItemSpacing: Vertical space between two items.
    ///   - showVerticalScrollIndicator: Whether a scrolling column shows its scroll indicator.
    ///   - layoutDirection: Left to right, or right to left.
    public init(
        metrics: HierarchyLayoutMetrics = .points,
        size: Size = Size(width: 1024, height: 768),
        sectionInset: EdgeInsets = .zero,
        interItemSpacing: Double = 0,
        showVerticalScrollIndicator: Bool = true,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.metrics = metrics
        self.size = size
        self.sectionInset = sectionInset
        self.interItemSpacing = max(0, interItemSpacing)
        self.showVerticalScrollIndicator = showVerticalScrollIndicator
        self.layoutDirection = layoutDirection
    }

    private func changed() {
        hierarchyView?.layoutChanged()
    }

    /// Tells the view that the layout changed (a subclass calls it when a value its overrides
    /// depend on changes).
    public func invalidateLayout() {
        changed()
    }

    // MARK: Columns

    /// Compact width: one level and the header.
    open var isCompact: Bool { size.width < metrics.compactWidthThreshold }

    /// The number of columns that fit side by side.
    open var visibleColumnCount: Int {
        if isCompact { return 1 }
        let fitting = Int((size.width / max(1, metrics.minimumColumnWidth)).rounded(.down))
        return min(max(2, fitting), metrics.maximumColumnCount)
    }

    /// The width of one column.
    open var columnWidth: Double { size.width / Double(visibleColumnCount) }

    /// Whether the header shows in regular width too (it always shows in compact width). A
    /// `HierarchyViewController` sets it: its header sits at the top of the hierarchy view, as
    /// the overview document describes it.
    public var showsHeaderInRegularWidth = false { didSet { changed() } }

    /// Whether the header shows: in compact width, or in regular width when asked.
    public var showsHeader: Bool { isCompact || showsHeaderInRegularWidth }

    /// The top of the columns (below the header when it shows).
    public var columnsTop: Double { showsHeader ? min(metrics.headerHeight, size.height) : 0 }

    /// The height of the columns.
    public var columnHeight: Double { max(0, size.height - columnsTop) }

    /// The frame of the header (empty while it does not show).
    public var headerFrame: Rect {
        showsHeader ? Rect(x: 0, y: 0, width: size.width, height: columnsTop) : .zero
    }

    /// The frame of column `index` when the content is scrolled horizontally by `offset`.
    ///
    /// - Complexity: O(1).
    open func columnFrame(_ index: Int, horizontalOffset offset: Double) -> Rect {
        let w = columnWidth
        let x: Double
        switch layoutDirection {
        case .leftToRight: x = Double(index) * w - offset
        case .rightToLeft: x = size.width - Double(index + 1) * w + offset
        }
        return Rect(x: x, y: columnsTop, width: w, height: columnHeight)
    }

    /// The columns at least partly on screen for a horizontal offset, among `count` columns.
    public func visibleColumns(horizontalOffset offset: Double, count: Int) -> Range<Int> {
        HierarchyCore.Geometry.visibleColumns(
            horizontalOffset: offset, count: count, columnWidth: columnWidth, width: size.width)
    }

    /// The width available to an item's content.
    open var itemWidth: Double {
        max(0, columnWidth - sectionInset.leading - sectionInset.trailing)
    }

    // MARK: Items

    /// The frame of a row given its offset in the column and its extent.
    func itemFrame(column: Int, offset: Double, extent: Double, contentOffsetY: Double, horizontalOffset: Double)
        -> Rect
    {
        let columnRect = columnFrame(column, horizontalOffset: horizontalOffset)
        let leadingInset = layoutDirection == .leftToRight ? sectionInset.leading : sectionInset.trailing
        return Rect(
            x: columnRect.minX + leadingInset,
            y: columnRect.minY + sectionInset.top + offset - contentOffsetY,
            width: itemWidth,
            height: max(0, extent - interItemSpacing))
    }

    /// The extent a measured height takes in a column (height plus spacing).
    func extent(forHeight height: Double) -> Double { max(0, height) + interItemSpacing }

    /// The layout's values the state core works with (`HierarchyCore`).
    var coreGeometry: HierarchyCore.Geometry {
        HierarchyCore.Geometry(
            visibleColumnCount: visibleColumnCount, columnWidth: columnWidth,
            panCommitFraction: metrics.panCommitFraction, swipeVelocityThreshold: metrics.swipeVelocityThreshold,
            isLeftToRight: layoutDirection == .leftToRight, columnHeight: columnHeight,
            insetTop: sectionInset.top, insetBottom: sectionInset.bottom, interItemSpacing: interItemSpacing,
            childSearchLimit: metrics.childSearchLimit, viewportWidth: size.width,
            estimatedExtent: extent(forHeight: metrics.estimatedItemHeight), prefetchScreens: metrics.prefetchScreens,
            uuidCacheLimit: metrics.uuidCacheLimit)
    }

    /// The total scrollable height of a column.
    func contentHeight(of column: ColumnState) -> Double {
        coreGeometry.contentHeight(of: column)
    }

    /// The largest vertical offset a column can scroll to.
    func maxContentOffsetY(of column: ColumnState) -> Double {
        coreGeometry.maxContentOffsetY(of: column)
    }

    /// The rows of a column that intersect a vertical band of the column's content.
    ///
    /// - Complexity: O(log n) for a column of n items.
    func rows(of column: ColumnState, inContentBand band: ClosedRange<Double>) -> Range<Int> {
        HierarchyCore.Geometry.rows(of: column, inContentBand: band, insetTop: sectionInset.top)
    }

    /// The layout attributes of every item that intersects `rect` (view coordinates).
    ///
    /// - Complexity: O(c (log n + k)) for c visible columns with k intersecting items each in
    ///   columns of n items; independent of n otherwise.
    open func layoutAttributesForElements(in rect: Rect) -> [HierarchyLayoutAttributes] {
        guard let view = hierarchyView else { return [] }
        let offset = view.horizontalOffset
        var result: [HierarchyLayoutAttributes] = []
        for c in visibleColumns(horizontalOffset: offset, count: view.core.columns.count) {
            let columnRect = columnFrame(c, horizontalOffset: offset)
            guard columnRect.minX < rect.maxX, rect.minX < columnRect.maxX else { continue }
            let column = view.core.columns[c]
            let visibleTop = max(rect.minY, columnRect.minY)
            let visibleBottom = min(rect.maxY, columnRect.maxY)
            guard visibleBottom > visibleTop else { continue }
            let bandTop = visibleTop - columnRect.minY + column.contentOffsetY
            let bandBottom = visibleBottom - columnRect.minY + column.contentOffsetY
            let rows = rows(of: column, inContentBand: bandTop...bandBottom)
            column.heights.forEach(in: rows) { row, rowOffset, extent in
                let frame = itemFrame(
                    column: c, offset: rowOffset, extent: extent, contentOffsetY: column.contentOffsetY,
                    horizontalOffset: offset)
                if frame.intersects(rect) {
                    result.append(HierarchyLayoutAttributes(column: c, row: row, frame: frame))
                }
            }
        }
        return result
    }
}
