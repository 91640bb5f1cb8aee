// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The examples depend on the HierarchyKit package one directory up. A local package's
// identity is the name of its directory, so it is read from this file's location rather than
// spelled out (the checkout may be called anything).
let hierarchyKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "HierarchyKitExamples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The seed documents' samples on both faces: the overview document's controller pasted
        // unchanged, with a small model; the list floorplan's setup (`seed-example list`); the
        // linear hierarchy's usage sample (`seed-example linear`, `linear-vertical`); in the
        // terminal, or in the browser with `web [PORT]`.
        .executableTarget(
            name: "seed-example",
            dependencies: [
                .product(name: "FioriCompat", package: hierarchyKit),
                .product(name: "TerminalUI", package: hierarchyKit),
                .product(name: "HierarchyWeb", package: hierarchyKit),
            ],
            path: "Sources/SeedExample"
        ),
        // An application of its own that mounts two hierarchies on its router, under /plant/
        // and /org/, behind basic authentication (`mounted-example [PORT]`).
        .executableTarget(
            name: "mounted-example",
            dependencies: [
                .product(name: "HierarchyWeb", package: hierarchyKit),
                .product(name: "HierarchySources", package: hierarchyKit),
                .product(name: "HierarchyDocuments", package: hierarchyKit),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Sources/MountedExample"
        ),
    ],
    swiftLanguageModes: [.v6]
)
