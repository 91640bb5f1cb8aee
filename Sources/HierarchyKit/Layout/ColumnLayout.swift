/// The vertical geometry of one column, on its own: the structure the hierarchy view keeps
/// per column, public so renderers and benchmarks can use it directly.
///
/// Rows have heights (varied or not); rows never measured share one run, so a column of ten
/// million rows of the same height is one node.
public struct ColumnLayout: Sendable {
    var heights: HeightTree
    /// Vertical space between rows.
    public let spacing: Double

    /// `count` rows of the same height.
    public init(count: Int, height: Double, spacing: Double = 0) {
        self.spacing = spacing
        heights = HeightTree(count: count, extent: height + spacing)
    }

    /// One row per height.
    ///
    /// - Complexity: O(n).
    public init(heights: [Double], spacing: Double = 0) {
        self.spacing = spacing
        self.heights = HeightTree(extents: heights.lazy.map { $0 + spacing })
    }

    /// The number of rows.
    public var count: Int { heights.count }

    /// The height of all rows with the spacing between them.
    public var contentHeight: Double { max(0, heights.totalExtent - (count > 0 ? spacing : 0)) }

    /// Inserts rows of one height before `index`.
    ///
    /// - Complexity: O(log r) for r runs.
    public mutating func insert(count: Int, height: Double, at index: Int) {
        heights.insert(count: count, extent: height + spacing, at: index)
    }

    /// Removes rows.
    ///
    /// - Complexity: O(log r).
    public mutating func remove(_ range: Range<Int>) { heights.remove(range) }

    /// Sets one row's height.
    ///
    /// - Complexity: O(log r).
    public mutating func setHeight(_ height: Double, at index: Int) {
        heights.setExtent(height + spacing, at: index)
    }

    /// The frames of the rows that intersect the band `top..<bottom` (column coordinates).
    ///
    /// - Complexity: O(log r + k) for k rows in the band.
    public func frames(from top: Double, to bottom: Double, x: Double = 0, width: Double = 1) -> [Rect] {
        guard bottom > top, count > 0 else { return [] }
        let total = heights.totalExtent
        guard bottom > 0, top < total else { return [] }
        let first = heights.index(containing: max(0, top))
        let last = heights.index(containing: min(bottom, total) - 1e-9)
        var result: [Rect] = []
        result.reserveCapacity(last - first + 1)
        heights.forEach(in: first..<(last + 1)) { _, offset, extent in
            result.append(Rect(x: x, y: offset, width: width, height: extent - spacing))
        }
        return result
    }

    /// What a layout without an index does: computes every row's frame and keeps those in the
    /// band. The reference the indexed query is measured against.
    ///
    /// - Complexity: O(n).
    public static func naiveFrames(
        heights: [Double], spacing: Double = 0, from top: Double, to bottom: Double, x: Double = 0, width: Double = 1
    ) -> [Rect] {
        var result: [Rect] = []
        var y = 0.0
        for height in heights {
            let frame = Rect(x: x, y: y, width: width, height: height)
            if frame.maxY > top && frame.minY < bottom { result.append(frame) }
            y += height + spacing
        }
        return result
    }
}
