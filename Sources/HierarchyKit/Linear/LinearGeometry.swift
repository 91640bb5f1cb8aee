// The linear hierarchy lays out in the engine's one geometry family (`Point`, `Size`, `Rect`
// of Layout/Geometry.swift). The former names stay as aliases so code written against them
// compiles unchanged.

/// A point of a linear hierarchy layout: the engine's `Point`.
public typealias LinearPoint = Point
/// A size of a linear hierarchy layout: the engine's `Size`.
public typealias LinearSize = Size
/// A rectangle of a linear hierarchy layout: the engine's `Rect`.
public typealias LinearRect = Rect
