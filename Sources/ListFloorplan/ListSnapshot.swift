/// The items a list shows, section by section, at one moment.
public struct ListSnapshot<Entity: Identifiable & Equatable, Section: Hashable>: Equatable {
    /// The sections, in display order.
    public var sections: [Section]
    /// The items of each section (same order as ``sections``).
    public var items: [[Entity]]

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - sections: The sections in display order.
    ///   - items: The items of each section; missing trailing sections are empty, extra ones ignored.
    public init(sections: [Section], items: [[Entity]]) {
        self.sections = sections
        self.items = sections.indices.map { $0 < items.count ? items[$0] : [] }
    }

    /// The snapshot of what a list state shows.
    ///
    /// - Parameter state: A list state.
    public init(_ state: ListState<Entity, Section>) {
        let pages = state.displayed
        self.init(sections: state.sections, items: state.sections.map { pages.items(in: $0) })
    }

    /// The number of items over all sections.
    public var itemCount: Int {
        items.reduce(0) { $0 + $1.count }
    }

    /// The item at a path, or `nil` if the path is outside the snapshot.
    ///
    /// - Parameter path: A position.
    /// - Returns: The item there.
    public func item(at path: ListItemPath) -> Entity? {
        guard items.indices.contains(path.section), items[path.section].indices.contains(path.item) else {
            return nil
        }
        return items[path.section][path.item]
    }
}

extension ListSnapshot: Sendable where Entity: Sendable, Section: Sendable {}
