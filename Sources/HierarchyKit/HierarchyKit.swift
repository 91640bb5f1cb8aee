// HierarchyKit
