@_exported import Foundation
@_exported import HierarchyKit

// The `FUI`-prefixed names of SAP Fiori for iOS over HierarchyKit's clean API, so that code
// written against the Fiori documentation compiles with only the import line changed.

/// Fiori's `FUIHierarchyView`: the engine's `HierarchyView`.
public typealias FUIHierarchyView = HierarchyView
/// Fiori's `FUIHierarchyViewController`: the engine's `HierarchyViewController`.
public typealias FUIHierarchyViewController = HierarchyViewController
/// Fiori's `FUIHierarchyViewDataSource`: the engine's `HierarchyViewDataSource`.
public typealias FUIHierarchyViewDataSource = HierarchyViewDataSource
/// Fiori's `FUIHierarchyViewDelegate`: the engine's `HierarchyViewDelegate`.
public typealias FUIHierarchyViewDelegate = HierarchyViewDelegate
/// Fiori's `FUIHierarchyCollectionViewLayout`: the engine's `HierarchyCollectionViewLayout`.
public typealias FUIHierarchyCollectionViewLayout = HierarchyCollectionViewLayout
/// Fiori's `FUIHierarchyViewHeader`: the engine's `HierarchyViewHeader`.
public typealias FUIHierarchyViewHeader = HierarchyViewHeader
/// Fiori's `FUIHierarchyCollectionItem`: the engine's `HierarchyCollectionItem`.
public typealias FUIHierarchyCollectionItem = HierarchyCollectionItem
/// Fiori's `FUIHierarchyItemTableViewCell`: the engine's `HierarchyItemTableViewCell`.
public typealias FUIHierarchyItemTableViewCell = HierarchyItemTableViewCell
/// Fiori's `FUIHierarchyItemView`: the engine's `HierarchyItemView`.
public typealias FUIHierarchyItemView = HierarchyItemView
/// Fiori's `FUIHierarchyIndicator`: the engine's `HierarchyIndicator`.
public typealias FUIHierarchyIndicator = HierarchyIndicator
/// Fiori's `FUIHierarchyState`: the engine's `HierarchyState`.
public typealias FUIHierarchyState = HierarchyState
/// Fiori's `FUIIconLibrary`: the engine's `IconLibrary`.
public typealias FUIIconLibrary = IconLibrary
/// UIKit's `UIImage` as the samples use it: the engine's `HierarchyImage` (a name, and a glyph for text faces).
public typealias UIImage = HierarchyImage

/// UIKit's way of naming an image.
extension HierarchyImage {
    /// A named image (`UIImage(named:)`): an icon of `FUIIconLibrary` by its name, or a
    /// common symbol name, drawn as its glyph (`HierarchyImage.glyph(forName:)`); any other
    /// name is drawn as "▪" in the terminal and by its name in the page.
    public init?(named name: String) {
        self.init(name: name, glyph: HierarchyImage.glyph(forName: name) ?? HierarchyImage.unknownGlyph)
    }
}
