@testable import HierarchyKit

extension HierarchyCore {
    /// A core of two columns: the root "R" (expanded) and its `children`, of which the first
    /// `known` rows have their items ("R/0", "R/1", …); tickets 1 and 2.
    static func rootAndChildren(_ children: Int, known: Int) -> HierarchyCore {
        var core = HierarchyCore()
        core.columns = [
            ColumnState(parent: nil, single: "R", extent: 1, expanded: true),
            ColumnState(parent: "R", count: children, extent: 1),
        ]
        core.stampColumn(0)
        core.stampColumn(1)
        for row in 0..<known { core.columns[1].setUUID("R/\(row)", at: row) }
        return core
    }
}
