/// A point in the abstract units of a linear hierarchy layout.
///
/// The renderer chooses the unit (character cells in a terminal, CSS pixels on the web).
/// Kept deliberately small so that it can be replaced by the engine's shared geometry.
public struct LinearPoint: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// The origin `(0, 0)`.
    public static let zero = LinearPoint(x: 0, y: 0)

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x.linearShortDescription), \(y.linearShortDescription))" }
}

extension Double {
    /// The value without a trailing `.0` when it is whole, for compact descriptions.
    var linearShortDescription: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
