/// The position of an item in a linear hierarchy: a section and an item within it.
public struct LinearIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section (0 is the root level).
    public var section: Int
    /// The item within the section.
    public var item: Int

    /// Creates an index path.
    ///
    /// - Parameters:
    ///   - section: The section.
    ///   - item: The item within the section.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: LinearIndexPath, rhs: LinearIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
