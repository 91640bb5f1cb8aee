/// The position of an item in a sectioned list: section index and item index.
public struct ListItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the section among the list's sections.
    public var section: Int
    /// The index of the item within its section.
    public var item: Int

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - section: The section index.
    ///   - item: The item index within the section.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ListItemPath, rhs: ListItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
