/// A point in the abstract units a renderer chooses (terminal cells, CSS pixels).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x.compact), \(y.compact))" }
}

/// A size in renderer units.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width.compact)×\(height.compact)" }
}

/// An axis-aligned rectangle in renderer units.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
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
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = EdgeInsets()
}

/// The direction columns run in.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft
}

extension Double {
    /// `3` for 3.0, `2.5` for 2.5: for readable descriptions and test literals.
    var compact: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
