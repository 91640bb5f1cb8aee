extension LinearHierarchyLayout.Result {
    /// Describes every broken invariant of a layout result; empty when it is consistent.
    ///
    /// Frames must lie within the content, and no two frames with area may overlap.
    ///
    /// - Returns: One line per violation.
    /// - Complexity: O(n²) in the number of items; meant for tests and debug builds.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var all: [(LinearIndexPath, LinearRect)] = []
        for (section, row) in frames.enumerated() {
            for (item, frame) in row.enumerated() {
                all.append((LinearIndexPath(section: section, item: item), frame))
            }
        }
        if let loadingFrame { all.append((LinearIndexPath(section: frames.count, item: -1), loadingFrame)) }
        for (path, frame) in all {
            if frame.minX < 0 || frame.minY < 0 || frame.maxX > contentSize.width + 1e-9
                || frame.maxY > contentSize.height + 1e-9
            {
                problems.append("\(path) \(frame) lies outside the content \(contentSize)")
            }
        }
        for first in all.indices {
            for second in all.indices where second > first && all[first].1.intersects(all[second].1) {
                problems.append("\(all[first].0) and \(all[second].0) overlap")
            }
        }
        return problems
    }

    /// Stops a debug build when the layout is inconsistent; does nothing in release builds.
    func _checkInvariants() {
        assert(invariantViolations().isEmpty, invariantViolations().joined(separator: "; "))
    }
}
