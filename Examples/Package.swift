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
    ],
    targets: [
        // The controller of the Fiori overview document, pasted unchanged, with a small model;
        // shown in the terminal (`seed-example`) or in the browser (`seed-example web`).
        .executableTarget(
            name: "seed-example",
            dependencies: [
                .product(name: "FioriCompat", package: hierarchyKit),
                .product(name: "TerminalUI", package: hierarchyKit),
                .product(name: "HierarchyWeb", package: hierarchyKit),
            ],
            path: "Sources/SeedExample"
        ),
    ],
    swiftLanguageModes: [.v6]
)
