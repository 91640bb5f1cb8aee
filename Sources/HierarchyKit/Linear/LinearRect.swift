/// A rectangle in the abstract units of a linear hierarchy layout.
///
/// Kept deliberately small so that it can be replaced by the engine's shared geometry.
public struct LinearRect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: LinearPoint
    /// The extent.
    public var size: LinearSize

    /// The empty rectangle at the origin.
    public static let zero = LinearRect(x: 0, y: 0, width: 0, height: 0)

    /// Creates a rectangle from its corner and size.
    ///
    /// - Parameters:
    ///   - origin: The top-left corner.
    ///   - size: The extent.
    public init(origin: LinearPoint, size: LinearSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four components.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The extent along x.
    ///   - height: The extent along y.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: LinearPoint(x: x, y: y), size: LinearSize(width: width, height: height))
    }

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

    /// Whether the two rectangles share interior area (touching edges do not count).
    ///
    /// - Parameter other: The other rectangle.
    /// - Returns: `true` when the interiors overlap.
    public func intersects(_ other: LinearRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether the point lies inside the rectangle (left/top edges inclusive, right/bottom exclusive).
    ///
    /// - Parameter point: The point to test.
    /// - Returns: `true` when the point is inside.
    public func contains(_ point: LinearPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public var description: String {
        "(\(minX.linearShortDescription), \(minY.linearShortDescription), "
            + "\(width.linearShortDescription), \(height.linearShortDescription))"
    }
}
