extension InMemorySource {
    /// Creates a source from in-code arrays and dictionaries, the way CBLinearHierarchy
    /// takes `hierarchyItems` as an `NSArray` of `NSDictionary`.
    ///
    /// Each dictionary is an item with the fields described in ``DocumentSource``
    /// (`id`, `title` or `name`, `type`, `children`...). One item becomes the root;
    /// several get a synthetic root titled `displayName`.
    ///
    /// - Parameters:
    ///   - hierarchyItems: The top-level items.
    ///   - displayName: A short human name for the source, also the synthetic root's title.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Throws: ``HierarchySourceError/Code/malformed`` for a wrong shape, naming the item's
    ///   index path; ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(n) for n items.
    public convenience init(
        hierarchyItems: [Any], displayName: String = "Hierarchy", dynamicChildren: DynamicChildren? = nil
    ) throws {
        let tree = try DocumentTreeReader(name: displayName).read(hierarchyItems)
        self.init(tree: tree, displayName: displayName, dynamicChildren: dynamicChildren)
    }

    /// Creates a source from an in-code dictionary: either one root item with `children`,
    /// or `["root": [...]]` in the CBLinearHierarchy JSON shape.
    ///
    /// - Parameters:
    ///   - dictionary: The root item, or a dictionary with a `root` array.
    ///   - displayName: A short human name for the source, also a synthetic root's title.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Throws: As ``init(hierarchyItems:displayName:dynamicChildren:)``.
    /// - Complexity: O(n) for n items.
    public convenience init(
        dictionary: [String: Any], displayName: String = "Hierarchy", dynamicChildren: DynamicChildren? = nil
    ) throws {
        let tree = try DocumentTreeReader(name: displayName).read(dictionary)
        self.init(tree: tree, displayName: displayName, dynamicChildren: dynamicChildren)
    }
}
