/// Computes the frames of a linear hierarchy's items along one axis.
///
/// Horizontal: the path is a row of chips (one per section below the current one) followed by the
/// current section's items; the row either scrolls along x or, with ``wrapsItems``, wraps onto new
/// lines at the container's width. Vertical: the path is stacked top to bottom and the current
/// section's items follow below it. Items within a section are ``minimumInteritemSpacing`` apart,
/// sections ``sectionSpacing`` apart. In right-to-left, horizontal layouts are mirrored and vertical
/// layouts align items to the trailing (right) edge.
///
/// Units are whatever the renderer chooses (cells, pixels).
public struct LinearHierarchyLayout: Hashable, Sendable {
    /// The axis along which the path grows.
    public enum ScrollDirection: Hashable, Sendable {
        /// Path as a row, children after it.
        case horizontal
        /// Path stacked, children below.
        case vertical
    }

    /// The reading direction.
    public enum LayoutDirection: Hashable, Sendable {
        /// Leading edge on the left.
        case leftToRight
        /// Leading edge on the right: horizontal rows are mirrored.
        case rightToLeft
    }

    /// The frames of one layout pass.
    public struct Result: Hashable, Sendable {
        /// The frame of every item, by section then item.
        public var frames: [[LinearRect]]
        /// The frame of the loading placeholder when the last section waits for children.
        public var loadingFrame: LinearRect?
        /// The size of the scrollable content.
        public var contentSize: LinearSize

        /// The frame of one item.
        ///
        /// - Parameter indexPath: The item's position.
        /// - Returns: Its frame, or `nil` when there is no such item.
        public func frame(at indexPath: LinearIndexPath) -> LinearRect? {
            guard frames.indices.contains(indexPath.section),
                frames[indexPath.section].indices.contains(indexPath.item)
            else { return nil }
            return frames[indexPath.section][indexPath.item]
        }

        /// The items whose frames intersect a rectangle (the visible ones, for a viewport).
        ///
        /// - Parameter rect: The rectangle, for example the visible part of the content.
        /// - Returns: Their index paths, ascending.
        /// - Complexity: O(n) in the number of items shown (a linear path holds few).
        public func indexPaths(intersecting rect: LinearRect) -> [LinearIndexPath] {
            var result: [LinearIndexPath] = []
            for (section, row) in frames.enumerated() {
                for (item, frame) in row.enumerated() where frame.intersects(rect) {
                    result.append(LinearIndexPath(section: section, item: item))
                }
            }
            return result
        }

        /// The item under a point (hit testing a click or touch).
        ///
        /// - Parameter point: A point in content coordinates.
        /// - Returns: The item's index path, or `nil` over empty space.
        /// - Complexity: O(n) in the number of items shown.
        public func indexPath(at point: LinearPoint) -> LinearIndexPath? {
            for (section, row) in frames.enumerated() {
                if let item = row.firstIndex(where: { $0.contains(point) }) {
                    return LinearIndexPath(section: section, item: item)
                }
            }
            return nil
        }
    }

    /// The axis along which the path grows.
    public var scrollDirection: ScrollDirection
    /// The size of items that have none of their own.
    public var itemSize: LinearSize
    /// The gap between neighbouring items of one section.
    public var minimumInteritemSpacing: Double
    /// The gap between the last item of one section and the first of the next.
    public var sectionSpacing: Double
    /// The gap between wrapped lines (horizontal with ``wrapsItems`` only).
    public var lineSpacing: Double
    /// Horizontal only: wrap onto a new line at the container's width instead of scrolling.
    public var wrapsItems: Bool
    /// The reading direction.
    public var layoutDirection: LayoutDirection

    /// Creates a layout.
    ///
    /// - Parameters:
    ///   - scrollDirection: `.horizontal` (default) or `.vertical`.
    ///   - itemSize: The default item size.
    ///   - minimumInteritemSpacing: The gap between items of one section.
    ///   - sectionSpacing: The gap between sections.
    ///   - lineSpacing: The gap between wrapped lines.
    ///   - wrapsItems: Whether a horizontal row wraps at the container's width.
    ///   - layoutDirection: The reading direction.
    public init(
        scrollDirection: ScrollDirection = .horizontal,
        itemSize: LinearSize = LinearSize(width: 100, height: 44),
        minimumInteritemSpacing: Double = 5,
        sectionSpacing: Double = 5,
        lineSpacing: Double = 5,
        wrapsItems: Bool = false,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.scrollDirection = scrollDirection
        self.itemSize = itemSize
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionSpacing = sectionSpacing
        self.lineSpacing = lineSpacing
        self.wrapsItems = wrapsItems
        self.layoutDirection = layoutDirection
    }

    /// Lays out a hierarchy's sections.
    ///
    /// - Parameters:
    ///   - hierarchy: The hierarchy to show.
    ///   - containerSize: The size of the visible area.
    ///   - sizeProvider: The size of each item; by default the item's own ``LinearHierarchyItem/size``
    ///     or else ``itemSize``.
    /// - Returns: The frames, a loading placeholder frame (sized ``itemSize``) when the last
    ///   section waits for children, and the content size.
    /// - Complexity: O(n) in the number of items shown.
    public func layout(
        _ hierarchy: LinearHierarchy,
        containerSize: LinearSize,
        sizeProvider: ((LinearIndexPath, LinearHierarchyItem) -> LinearSize)? = nil
    ) -> Result {
        let sizes = hierarchy.sections.enumerated().map { section, content in
            content.items.enumerated().map { item, element in
                if let sizeProvider {
                    return sizeProvider(LinearIndexPath(section: section, item: item), element)
                }
                return element.size ?? itemSize
            }
        }
        return layout(sectionSizes: sizes, containerSize: containerSize, showsLoading: hierarchy.isLoading)
    }

    /// Lays out sections given as item sizes.
    ///
    /// Negative or non-finite sizes count as zero.
    ///
    /// - Parameters:
    ///   - sectionSizes: The size of every item, by section.
    ///   - containerSize: The size of the visible area (its width is where rows wrap and what
    ///     right-to-left layouts mirror within).
    ///   - showsLoading: Whether to add a placeholder after the last section's start.
    /// - Returns: The frames and the content size.
    /// - Complexity: O(n) in the number of items.
    public func layout(sectionSizes: [[LinearSize]], containerSize: LinearSize, showsLoading: Bool = false) -> Result {
        var sections = sectionSizes.map { $0.map(Self.sanitized) }
        if showsLoading {
            if sections.isEmpty { sections.append([]) }
            sections[sections.count - 1].append(Self.sanitized(itemSize))
        }
        let interitem = Self.sanitized(minimumInteritemSpacing)
        let between = Self.sanitized(sectionSpacing)
        let betweenLines = Self.sanitized(lineSpacing)
        let containerWidth = Self.sanitized(containerSize.width)

        var frames: [[LinearRect]] = []
        frames.reserveCapacity(sections.count)
        var isFirst = true
        var cursor = 0.0  // along the axis
        var lineTop = 0.0
        var lineHeight = 0.0
        var extentX = 0.0
        var extentY = 0.0
        for row in sections {
            var rowFrames: [LinearRect] = []
            rowFrames.reserveCapacity(row.count)
            for (index, size) in row.enumerated() {
                var gap = isFirst ? 0 : (index == 0 ? between : interitem)
                isFirst = false
                let frame: LinearRect
                switch scrollDirection {
                case .horizontal:
                    if wrapsItems, cursor > 0, cursor + gap + size.width > containerWidth {
                        lineTop += lineHeight + betweenLines
                        lineHeight = 0
                        cursor = 0
                        gap = 0
                    }
                    frame = LinearRect(x: cursor + gap, y: lineTop, width: size.width, height: size.height)
                    cursor = frame.maxX
                    lineHeight = max(lineHeight, size.height)
                case .vertical:
                    frame = LinearRect(x: 0, y: cursor + gap, width: size.width, height: size.height)
                    cursor = frame.maxY
                }
                extentX = max(extentX, frame.maxX)
                extentY = max(extentY, frame.maxY)
                rowFrames.append(frame)
            }
            frames.append(rowFrames)
        }

        if layoutDirection == .rightToLeft {
            let mirrorWidth = max(extentX, containerWidth)
            for section in frames.indices {
                for item in frames[section].indices {
                    let frame = frames[section][item]
                    frames[section][item].origin.x =
                        scrollDirection == .horizontal ? mirrorWidth - frame.maxX : mirrorWidth - frame.width
                }
            }
            extentX = frames.joined().isEmpty ? 0 : mirrorWidth
        }

        var loadingFrame: LinearRect?
        if showsLoading, let last = frames.indices.last, !frames[last].isEmpty {
            loadingFrame = frames[last].removeLast()
        }
        return Result(
            frames: frames, loadingFrame: loadingFrame, contentSize: LinearSize(width: extentX, height: extentY))
    }

    private static func sanitized(_ value: Double) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    private static func sanitized(_ size: LinearSize) -> LinearSize {
        LinearSize(width: sanitized(size.width), height: sanitized(size.height))
    }
}
