import HierarchyKit

extension HierarchyView {
    /// The uuids of the items that are visible now, column by column.
    public var visibleItemUUIDs: [[String]] {
        snapshot().columns.map { $0.items.map(\.uuid) }
    }
}
