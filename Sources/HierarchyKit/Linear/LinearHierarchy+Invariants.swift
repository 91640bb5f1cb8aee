extension LinearHierarchy {
    /// Describes every broken invariant of the state; empty when the state is consistent.
    ///
    /// - Returns: One line per violation.
    /// - Complexity: O(level + m), m the number of items in the current section.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for (section, step) in path.enumerated() {
            let siblings = section == 0 ? roots : path[section - 1].children
            if !siblings.indices.contains(step.indexInParent) || siblings[step.indexInParent].id != step.item.id {
                problems.append("section \(section): active item \(step.item.id) is not at its recorded index")
            }
            if step.item.isLeaf {
                problems.append("section \(section): active item \(step.item.id) is a leaf")
            }
            if step.item.kind == .static, step.children != step.item.children {
                problems.append("section \(section): static item \(step.item.id) shows other children")
            }
        }
        switch state {
        case .browsing:
            break
        case .awaitingChildren(let request):
            if path.last?.item.id != request.itemID || path.last?.item.kind != .dynamic {
                problems.append("waiting for \(request) but the last expanded item differs")
            }
            if path.last?.children.isEmpty == false {
                problems.append("waiting for \(request) but children are already shown")
            }
        }
        if let selected = selectedItemID, currentItems.first(where: { $0.id == selected })?.isLeaf != true {
            problems.append("selected item \(selected) is not a leaf of the current section")
        }
        let visible = sections.flatMap(\.itemIDs)
        if Set(visible).count != visible.count {
            problems.append("an identifier is shown twice")
        }
        return problems
    }

    /// Stops a debug build when the state is inconsistent; does nothing in release builds.
    func _checkInvariants() {
        assert(invariantViolations().isEmpty, invariantViolations().joined(separator: "; "))
    }
}
