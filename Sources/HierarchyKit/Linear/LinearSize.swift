/// A size in the abstract units of a linear hierarchy layout.
///
/// Kept deliberately small so that it can be replaced by the engine's shared geometry.
public struct LinearSize: Hashable, Sendable, CustomStringConvertible {
    /// The extent along the x axis.
    public var width: Double
    /// The extent along the y axis.
    public var height: Double

    /// The empty size.
    public static let zero = LinearSize(width: 0, height: 0)

    /// Creates a size.
    ///
    /// - Parameters:
    ///   - width: The extent along the x axis.
    ///   - height: The extent along the y axis.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width.linearShortDescription)x\(height.linearShortDescription)" }
}
