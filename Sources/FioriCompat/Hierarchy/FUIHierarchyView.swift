@_exported import HierarchyKit
@_exported import Foundation

// The `FUI`-prefixed names of SAP Fiori for iOS over HierarchyKit's clean API, so that code
// written against the Fiori documentation compiles with only the import line changed.

public typealias FUIHierarchyView = HierarchyView
public typealias FUIHierarchyViewController = HierarchyViewController
public typealias FUIHierarchyViewDataSource = HierarchyViewDataSource
public typealias FUIHierarchyViewDelegate = HierarchyViewDelegate
public typealias FUIHierarchyCollectionViewLayout = HierarchyCollectionViewLayout
public typealias FUIHierarchyViewHeader = HierarchyViewHeader
public typealias FUIHierarchyCollectionItem = HierarchyCollectionItem
public typealias FUIHierarchyItemTableViewCell = HierarchyItemTableViewCell
public typealias FUIHierarchyItemView = HierarchyItemView
public typealias FUIHierarchyIndicator = HierarchyIndicator
public typealias FUIHierarchyState = HierarchyState
public typealias FUIIconLibrary = IconLibrary
public typealias UIImage = HierarchyImage

extension HierarchyImage {
    /// A named image (`UIImage(named:)`).
    public init?(named name: String) {
        self.init(name: name, glyph: "▪")
    }
}
