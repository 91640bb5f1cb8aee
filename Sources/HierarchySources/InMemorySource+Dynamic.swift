extension InMemorySource {
    /// The children supplied at run time for dynamic items, guarded by ``InMemorySource/dynamic``.
    package struct DynamicState: Sendable {
        /// Nodes produced by the `dynamicChildren` closure, by identifier.
        package var nodes: [String: HierarchyNode] = [:]
        /// The parent of every produced node.
        package var parentIDs: [String: String] = [:]
        /// The ordered child identifiers of every dynamic item already loaded.
        package var childIDs: [String: [String]] = [:]
        /// The position of every produced node among its siblings.
        package var positions: [String: Int] = [:]
        /// Produced nodes that are containers, hence dynamic themselves.
        package var dynamicIDs: Set<String> = []
        /// Loads in flight, shared by concurrent requests for the same item.
        package var pending: [String: Task<[HierarchyNode], any Error>] = [:]
    }

    private enum LoadStep {
        case loaded([String])
        case wait(Task<[HierarchyNode], any Error>)
    }

    /// The ordered child identifiers of an item, loading dynamic children once.
    ///
    /// - Throws: ``HierarchySourceError/Code/notFound`` for an unknown identifier,
    ///   ``HierarchySourceError/Code/duplicateID`` when supplied children reuse an
    ///   identifier, or the error of the `dynamicChildren` closure (not cached: the
    ///   next request asks again).
    package func childIDs(of id: String) async throws -> [String] {
        if let index = tree.index(ofID: id), !tree.isDynamic(index) {
            return tree.children(of: index, in: 0..<tree.childCount(of: index)).map(tree.id(of:))
        }
        guard let node = lookup(id) else {
            throw HierarchySourceError(.notFound, "no item with id \"\(id)\"")
        }
        guard isDynamic(id), let provider = dynamicChildren else { return [] }
        let step: LoadStep = dynamic.withLock { state in
            if let ids = state.childIDs[id] { return .loaded(ids) }
            if let task = state.pending[id] { return .wait(task) }
            let task = Task { try await provider(node) }
            state.pending[id] = task
            return .wait(task)
        }
        switch step {
        case .loaded(let ids):
            return ids
        case .wait(let task):
            let produced: [HierarchyNode]
            do {
                produced = try await task.value
            } catch {
                dynamic.withLock { state in
                    if state.pending[id] == task { state.pending[id] = nil }
                }
                throw error
            }
            return try store(produced, under: id, from: task)
        }
    }

    /// Records supplied children (first finisher wins) and returns the cached identifiers.
    private func store(
        _ produced: [HierarchyNode], under parentID: String, from task: Task<[HierarchyNode], any Error>
    ) throws -> [String] {
        try dynamic.withLock { state throws(HierarchySourceError) -> [String] in
            if let ids = state.childIDs[parentID] { return ids }
            if state.pending[parentID] == task { state.pending[parentID] = nil }
            var seen: Set<String> = []
            for child in produced {
                guard tree.index(ofID: child.id) == nil, state.nodes[child.id] == nil, seen.insert(child.id).inserted
                else {
                    throw HierarchySourceError(
                        .duplicateID, "duplicate id \"\(child.id)\" among the children supplied for \"\(parentID)\"")
                }
            }
            var ids: [String] = []
            ids.reserveCapacity(produced.count)
            for (position, child) in produced.enumerated() {
                var node = child
                if node.isContainer {
                    state.dynamicIDs.insert(node.id)
                    node.childCount = nil
                } else {
                    node.childCount = 0
                }
                state.nodes[node.id] = node
                state.parentIDs[node.id] = parentID
                state.positions[node.id] = position
                ids.append(node.id)
            }
            state.childIDs[parentID] = ids
            return ids
        }
    }
}
