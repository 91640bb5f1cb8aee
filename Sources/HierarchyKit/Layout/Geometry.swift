/// A point in the abstract units a renderer chooses (terminal cells, CSS pixels).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal position, growing to the right.
    public var x: Double
    /// The vertical position, growing downwards.
    public var y: Double
    /// Makes a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x.compact), \(y.compact))" }
}

/// A size in renderer units.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double
    /// Makes a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// No size.
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width.compact)×\(height.compact)" }
}

/// An axis-aligned rectangle in renderer units.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Makes a rectangle from its top-left corner and its size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
    /// Makes a rectangle from its top-left corner's coordinates and its extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// | size.height <= 0 }|Whether the rectangle covers no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether the two rectangles share an area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
            && other.minY < maxY
    }

    /// Whether the point lies inside (min edges included, max edges excluded).
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public var description: String { "(\(minX.compact), \(minY.compact), \(width.compact), \(height.compact))" }
}

/// Insets from the four edges, in renderer units. `leading`/`trailing` follow the layout direction.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the leading edge (left, or right when right to left).
    public var leading: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the trailing edge (right, or left when right to left).
    public var trailing: Double
    /// Makes insets; edges not named are 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No insets.
    public static let zero = EdgeInsets()
}

/// The direction columns run in.
public enum LayoutDirection: Sendable, Hashable {
    /// Later columns to the right.
    case leftToRight
    /// Later columns to the left (the layout mirrored).
    case rightToLeft
}

extension Double {
    /// `3` for 3.0, `2.5` for 2.5: for readable descriptions and test literals.
    var compact: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
