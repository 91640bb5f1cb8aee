import Foundation

// UIKit gives IndexPath its table and collection accessors; Linux's Foundation does not, so
// code written against the documentation (`indexPath.row` in a cell binding) compiles here.
/// UIKit's table and collection accessors of an index path.
extension IndexPath {
    /// A path to a row in a section.
    ///
    /// - Parameters:
    ///   - row: The row in the section.
    ///   - section: The section.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// A path to an item in a section.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index (0 for an empty path).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue, 0]) } }
    }

    /// The row in the section: the second index (0 for a shorter path).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { if count > 1 { self[1] = newValue } else { self = IndexPath(indexes: [section, newValue]) } }
    }

    /// The item in the section (the collection-view name of `row`).
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
