/// The units a renderer lays the hierarchy view out in: terminal cells and lines, or CSS
/// pixels. The engine never hard-codes a size; it takes them from here.
public struct HierarchyLayoutMetrics: Hashable, Sendable {
    /// Widths below this are compact: one level with the header above it.
    public var compactWidthThreshold: Double
    /// The narrowest a column may be in regular width; the number of columns is
    /// `max(2, width / minimumColumnWidth)` capped at `maximumColumnCount`.
    public var minimumColumnWidth: Double
    /// The most columns shown at once.
    public var maximumColumnCount: Int
    /// The header's height (compact width only).
    public var headerHeight: Double
    /// The height assumed for an item that has not been measured yet.
    public var estimatedItemHeight: Double
    /// Space reserved for the hierarchy indicator, multi-line mode.
    public var indicatorWidthMultiline: Double
    /// Space reserved for the hierarchy indicator, single-line mode.
    public var indicatorWidthSingleLine: Double
    /// How far beyond the visible rows (in viewport heights, each side) rows are prefetched.
    public var prefetchScreens: Double
    /// A pan released faster than this (units per second) commits to the next level.
    public var swipeVelocityThreshold: Double
    /// The fraction of a column width past which a released pan commits.
    public var panCommitFraction: Double
    /// At most this many children are looked through to find an item by uuid.
    public var childSearchLimit: Int
    /// At most this many child uuids are kept per column beyond the prefetch window.
    public var uuidCacheLimit: Int

    /// Makes metrics; each parameter sets the property of the same name.
    public init(
        compactWidthThreshold: Double,
        minimumColumnWidth: Double,
        maximumColumnCount: Int = 8,
        headerHeight: Double,
        estimatedItemHeight: Double,
        indicatorWidthMultiline: Double = 38,
        indicatorWidthSingleLine: Double = 74,
        prefetchScreens: Double = 1,
        swipeVelocityThreshold: Double,
        panCommitFraction: Double = 0.25,
        childSearchLimit: Int = 100_000,
        uuidCacheLimit: Int = 4_096
    ) {
        self.compactWidthThreshold = compactWidthThreshold
        self.minimumColumnWidth = minimumColumnWidth
        self.maximumColumnCount = max(2, maximumColumnCount)
        self.headerHeight = headerHeight
        self.estimatedItemHeight = max(1e-6, estimatedItemHeight)
        self.indicatorWidthMultiline = indicatorWidthMultiline
        self.indicatorWidthSingleLine = indicatorWidthSingleLine
        self.prefetchScreens = max(0, prefetchScreens)
        self.swipeVelocityThreshold = swipeVelocityThreshold
        self.panCommitFraction = panCommitFraction
        self.childSearchLimit = childSearchLimit
        self.uuidCacheLimit = uuidCacheLimit
    }

    /// Points, as on iOS: compact below 600, columns at least 280 wide (2 columns below 840,
    /// 3 above), 44-point header, 80-point cells, indicator 38/74.
    public static let points = HierarchyLayoutMetrics(
        compactWidthThreshold: 600, minimumColumnWidth: 280, headerHeight: 44, estimatedItemHeight: 80,
        swipeVelocityThreshold: 500)

    /// Terminal character cells: compact below 60 columns, columns at least 30 wide,
    /// a 1-line header, 3-line cells, indicator 5 (multi-line) / 8 (single-line) cells.
    public static let terminal = HierarchyLayoutMetrics(
        compactWidthThreshold: 60, minimumColumnWidth: 30, headerHeight: 1, estimatedItemHeight: 3,
        indicatorWidthMultiline: 5, indicatorWidthSingleLine: 8, swipeVelocityThreshold: 60)
}
