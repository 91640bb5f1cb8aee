import HierarchySources

extension InMemorySource {
    /// Creates a source from in-code arrays and dictionaries, the way CBLinearHierarchy
    /// takes `hierarchyItems` as an `NSArray` of `NSDictionary`.
    ///
    /// Each dictionary is an item with the fields described in ``DocumentRecordBuilder``
    /// (`id`, `title` or `name`, `type`, `children`...). One item becomes the root;
    /// several get a synthetic root titled `displayName`.
    ///
    /// - Parameters:
    ///   - hierarchyItems: The top-level items.
    ///   - displayName: A short human name for the source, also the synthetic root's title.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Throws: ``HierarchySourceError/Code/malformed`` for a wrong shape, naming the item;
    ///   ``HierarchySourceError/Code/duplicateID`` for an identifier used twice.
    /// - Complexity: O(n) for n items.
    public convenience init(
        hierarchyItems: [Any], displayName: String = "Hierarchy", dynamicChildren: DynamicChildren? = nil
    ) throws {
        try self.init(value: hierarchyItems, displayName: displayName, dynamicChildren: dynamicChildren)
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
        try self.init(value: dictionary, displayName: displayName, dynamicChildren: dynamicChildren)
    }

    private convenience init(value: Any, displayName: String, dynamicChildren: DynamicChildren?) throws {
        var events = DocumentValueEvents(value)
        let tree: InMemoryTree
        do {
            tree = try InMemoryTree.build(from: &events, shape: .items, name: displayName)
        } catch {
            throw HierarchySourceError.mapping(error, path: displayName, format: .propertyList)
        }
        self.init(tree: tree, displayName: displayName, dynamicChildren: dynamicChildren)
    }
}
