import Foundation

/// The change one step of a ``LinearHierarchy`` made, as section and item index changes.
///
/// The same contract as a collection view's batch update: removals use the indexes from before
/// the change, insertions and reloads the indexes after it; the items of an inserted section are
/// implied and not listed in ``insertedItems``. Applying removals, then insertions, to the old
/// sections gives the new sections, so a renderer can animate the step.
public struct LinearHierarchyUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Sections removed, in indexes before the change.
    public var removedSections: IndexSet
    /// Sections inserted, in indexes after the change.
    public var insertedSections: IndexSet
    /// Items removed from sections that stay, in index paths before the change, ascending.
    public var removedItems: [LinearIndexPath]
    /// Items inserted into sections that existed before, in index paths after the change, ascending.
    public var insertedItems: [LinearIndexPath]
    /// Items that stayed but changed appearance (became active or inactive), in index paths
    /// after the change.
    public var reloadedItems: [LinearIndexPath]

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - removedSections: Sections removed (old indexes).
    ///   - insertedSections: Sections inserted (new indexes).
    ///   - removedItems: Items removed (old index paths).
    ///   - insertedItems: Items inserted (new index paths).
    ///   - reloadedItems: Items redrawn (new index paths).
    public init(
        removedSections: IndexSet = [],
        insertedSections: IndexSet = [],
        removedItems: [LinearIndexPath] = [],
        insertedItems: [LinearIndexPath] = [],
        reloadedItems: [LinearIndexPath] = []
    ) {
        self.removedSections = removedSections
        self.insertedSections = insertedSections
        self.removedItems = removedItems
        self.insertedItems = insertedItems
        self.reloadedItems = reloadedItems
    }

    /// Whether the update changes nothing.
    public var isEmpty: Bool {
        removedSections.isEmpty && insertedSections.isEmpty && removedItems.isEmpty
            && insertedItems.isEmpty && reloadedItems.isEmpty
    }

    public var description: String {
        var parts: [String] = []
        if !removedSections.isEmpty { parts.append("-sections \(Array(removedSections))") }
        if !insertedSections.isEmpty { parts.append("+sections \(Array(insertedSections))") }
        if !removedItems.isEmpty { parts.append("-items \(removedItems)") }
        if !insertedItems.isEmpty { parts.append("+items \(insertedItems)") }
        if !reloadedItems.isEmpty { parts.append("~items \(reloadedItems)") }
        return parts.isEmpty ? "no change" : parts.joined(separator: " ")
    }
}
