/// Registered cell classes and the cells waiting to be reused, per reuse identifier.
struct CellReuseQueue {
    static let defaultIdentifier = "HierarchyCollectionItem"

    private var registered: [String: HierarchyCollectionItem.Type] = [:]
    private var waiting: [String: [HierarchyCollectionItem]] = [:]
    /// How many cells were created (not reused): a measure for tests.
    private(set) var createdCount = 0

    mutating func register(_ cellClass: HierarchyCollectionItem.Type, for identifier: String) {
        registered[identifier] = cellClass
        waiting[identifier] = nil
    }

    func isRegistered(_ identifier: String) -> Bool {
        identifier == Self.defaultIdentifier || registered[identifier] != nil
    }

    /// A recycled cell for the identifier (prepared for reuse) or a new one.
    mutating func dequeue(_ identifier: String) -> HierarchyCollectionItem {
        if let cell = waiting[identifier]?.popLast() {
            cell.prepareForReuse()
            return cell
        }
        createdCount += 1
        let cellClass = registered[identifier] ?? HierarchyCollectionItem.self
        let cell = cellClass.init()
        cell.reuseIdentifier = identifier
        return cell
    }

    mutating func enqueue(_ cell: HierarchyCollectionItem) {
        let identifier = cell.reuseIdentifier ?? Self.defaultIdentifier
        cell.uuid = nil
        waiting[identifier, default: []].append(cell)
    }
}
