import Foundation
import HierarchyKit

// The CoreGraphics names the documents' Swift samples use, over HierarchyKit's geometry, so a
// sample returning `CGSize` from `sizeForItemAt` or setting a `CGRect` frame compiles unchanged.
//
// Foundation on Linux has CoreGraphics types of its own; these names shadow them for a file
// that imports FioriCompat (a module's declarations shadow those of the modules it imports),
// so the sample's `CGSize` is the engine's `Size` whether or not the file imports Foundation.

/// A CoreGraphics float: the engine's `Double` units (character cells in the terminal, CSS
/// pixels in the page).
public typealias CGFloat = Double
/// A CoreGraphics size: the engine's `Size`.
public typealias CGSize = Size
/// A CoreGraphics point: the engine's `Point`.
public typealias CGPoint = Point
/// A CoreGraphics rectangle: the engine's `Rect`.
public typealias CGRect = Rect
