/// The pages loaded in one mode (the list, or the search results), per section.
public struct ListPages<Entity: Identifiable & Equatable, Section: Hashable>: Equatable {
    /// The loaded items of each section, in display order. Sections not loaded yet are absent.
    public internal(set) var items: [Section: [Entity]]
    /// The number of pages loaded (first page plus each further page).
    public internal(set) var pageCount: Int
    /// The sections whose loader reported the end.
    public internal(set) var endReached: Set<Section>
    /// The number of items the last completed request added or loaded.
    public internal(set) var newResultsCount: Int

    /// Creates pages.
    ///
    /// - Parameters:
    ///   - items: The loaded items per section.
    ///   - pageCount: The number of pages loaded.
    ///   - endReached: The sections at their end.
    ///   - newResultsCount: Items added by the last request.
    public init(
        items: [Section: [Entity]] = [:],
        pageCount: Int = 0,
        endReached: Set<Section> = [],
        newResultsCount: Int = 0
    ) {
        self.items = items
        self.pageCount = pageCount
        self.endReached = endReached
        self.newResultsCount = newResultsCount
    }

    /// The number of loaded items over all sections.
    ///
    /// - Complexity: O(number of sections).
    public var itemCount: Int {
        items.values.reduce(0) { $0 + $1.count }
    }

    /// The loaded items of a section (empty if none).
    ///
    /// - Parameter section: A section.
    /// - Returns: Its items in display order.
    public func items(in section: Section) -> [Entity] {
        items[section] ?? []
    }
}

extension ListPages: Sendable where Entity: Sendable, Section: Sendable {}
