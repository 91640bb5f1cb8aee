import HierarchyKit

// The CBLinearHierarchy names of the documentation over HierarchyKit's linear hierarchy
// controller, and the UIKit names its usage sample meets, so the sample written in Swift
// compiles with only the import changed.

public typealias CBLinearHierarchyViewController = LinearHierarchyViewController
public typealias CBLinearHierarchyFlowLayout = LinearHierarchyFlowLayout
public typealias CBLinearHierarchyCell = LinearHierarchyCell
public typealias CBLinearHierarchyCellManagerProtocol = LinearHierarchyCellManager
public typealias UICollectionView = LinearHierarchyCollectionView
public typealias UICollectionViewCell = LinearHierarchyCell
public typealias UICollectionViewDataSource = LinearHierarchyCollectionViewDataSource
public typealias UICollectionViewDelegate = LinearHierarchyCollectionViewDelegate
public typealias UICollectionViewDelegateFlowLayout = LinearHierarchyCollectionViewDelegate
public typealias UICollectionViewLayout = LinearHierarchyFlowLayout
public typealias UIColor = ThemeColor

extension ThemeColor {
    /// UIKit's named colours the documentation's sample uses.
    public static let darkGray = ThemeColor(red: 85, green: 85, blue: 85)
    public static let lightGray = ThemeColor(red: 170, green: 170, blue: 170)
    public static let gray = ThemeColor(red: 128, green: 128, blue: 128)
    public static let purple = ThemeColor(red: 128, green: 0, blue: 128)
    public static let blue = ThemeColor(red: 0, green: 0, blue: 255)
    public static let white = ThemeColor(red: 255, green: 255, blue: 255)
    public static let black = ThemeColor(red: 0, green: 0, blue: 0)
}
