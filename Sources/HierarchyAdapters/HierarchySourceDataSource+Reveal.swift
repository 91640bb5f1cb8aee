import HierarchyKit
import HierarchySources

extension HierarchySourceDataSource {
    /// Shows an item in the view: loads its path to the root, expands every level on the way,
    /// scrolls the item into view and focuses it.
    ///
    /// The view keeps its top item when that item is on the path (a hierarchy opened deep with a
    /// start item, a result inside it); otherwise the view starts again at the top of the hierarchy.
    /// Only one page of children is read per level (see ``HierarchyRevealer``), so an item among a
    /// million siblings is revealed with a few queries.
    ///
    /// - Parameter id: The item to reveal.
    /// - Returns: The plan that was applied.
    /// - Throws: ``HierarchySourceError`` `.notFound` for an unknown item; any error of the source.
    ///   The view is unchanged when the plan cannot be made.
    @discardableResult
    nonisolated(nonsending) public func reveal(id: String) async throws -> HierarchyRevealPlan {
        let anchor = view?.expandedPath.first ?? rootNode?.id
        let plan = try await HierarchyRevealer(source: source, pageSize: pageSize).plan(for: id, from: anchor)
        apply(plan)
        return plan
    }

    /// Applies a reveal plan made with this data source's page size: caches the path and its pages,
    /// then expands the view level by level and focuses the target.
    ///
    /// - Parameter plan: The plan (from ``HierarchyRevealer/plan(for:from:)``).
    public func apply(_ plan: HierarchyRevealPlan) {
        guard plan.target != nil, plan.path.indices.contains(plan.anchorIndex) else { return }
        for node in plan.path where state.nodes[node.id] == nil { state.cache(node) }
        for (k, level) in plan.levels.enumerated() {
            let parent = level.parent.id
            state.childCounts[parent] = level.childCount
            state.nodes[parent]?.childCount = level.childCount
            state.store(
                level.page, page: level.pageStart / pageSize, of: parent, expanded: view?.expandedPath ?? [])
            state.setParent(parent, of: plan.path[plan.anchorIndex + k + 1].id)
        }
        guard let view else { return }
        let anchor = plan.path[plan.anchorIndex]
        view.layoutIfNeeded()
        if (view.expandedPath.first ?? rootNode?.id) != anchor.id {
            state.rootNode = anchor
            view.reloadData()
            view.layoutIfNeeded()
        }
        for (column, level) in plan.levels.enumerated() {
            let parent = level.parent.id
            let expanded = view.expandedPath
            let isShown = expanded.count > column && expanded[column] == parent
            if !isShown || view.itemCount(ofColumn: column + 1) != level.childCount {
                if isShown { view.send(.collapseItem(with: parent)) }
                view.send(.expandItem(with: parent))
                view.layoutIfNeeded()
            }
            view.send(.focusRow(level.childIndex, inColumn: column + 1))
            view.layoutIfNeeded()
        }
        if plan.levels.isEmpty {
            view.send(.focusRow(0, inColumn: 0))
            view.layoutIfNeeded()
        }
    }
}
