import HierarchyKit

// The CBLinearHierarchy names of the documentation over HierarchyKit's linear hierarchy
// controller, and the UIKit names its usage sample meets, so the sample written in Swift
// compiles with only the import changed.

/// `CBLinearHierarchyViewController`: the engine's `LinearHierarchyViewController`.
public typealias CBLinearHierarchyViewController = LinearHierarchyViewController
/// `CBLinearHierarchyFlowLayout`: the engine's `LinearHierarchyFlowLayout`.
public typealias CBLinearHierarchyFlowLayout = LinearHierarchyFlowLayout
/// `CBLinearHierarchyCell`: the engine's `LinearHierarchyCell`.
public typealias CBLinearHierarchyCell = LinearHierarchyCell
/// `CBLinearHierarchyCellManagerProtocol`: the engine's `LinearHierarchyCellManager`.
public typealias CBLinearHierarchyCellManagerProtocol = LinearHierarchyCellManager
/// UIKit's `UICollectionView` as the linear sample uses it: the engine's `LinearHierarchyCollectionView`.
public typealias UICollectionView = LinearHierarchyCollectionView
/// UIKit's `UICollectionViewCell` as the linear sample uses it: the engine's `LinearHierarchyCell`.
public typealias UICollectionViewCell = LinearHierarchyCell
/// UIKit's `UICollectionViewDataSource` as the linear sample uses it.
public typealias UICollectionViewDataSource = LinearHierarchyCollectionViewDataSource
/// UIKit's `UICollectionViewDelegate` as the linear sample uses it.
public typealias UICollectionViewDelegate = LinearHierarchyCollectionViewDelegate
/// UIKit's `UICollectionViewDelegateFlowLayout` (item sizes) as the linear sample uses it.
public typealias UICollectionViewDelegateFlowLayout = LinearHierarchyCollectionViewDelegate
/// UIKit's `UICollectionViewLayout` as the linear sample uses it: the engine's `LinearHierarchyFlowLayout`.
public typealias UICollectionViewLayout = LinearHierarchyFlowLayout
/// UIKit's `UIColor`: the engine's `ThemeColor`.
public typealias UIColor = ThemeColor

/// UIKit's named colours.
extension ThemeColor {
    /// UIKit's named colours the documentation's sample uses.
    public static let darkGray = ThemeColor(red: 85, green: 85, blue: 85)
    /// Light grey, `#AAAAAA`.
    public static let lightGray = ThemeColor(red: 170, green: 170, blue: 170)
    /// Grey, `#808080`.
    public static let gray = ThemeColor(red: 128, green: 128, blue: 128)
    /// Purple, `#800080`.
    public static let purple = ThemeColor(red: 128, green: 0, blue: 128)
    /// Blue, `#0000FF`.
    public static let blue = ThemeColor(red: 0, green: 0, blue: 255)
    /// White.
    public static let white = ThemeColor(red: 255, green: 255, blue: 255)
    /// Black.
    public static let black = ThemeColor(red: 0, green: 0, blue: 0)
}
