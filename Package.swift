// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "HierarchyKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HierarchyKit", targets: ["HierarchyKit"]),
        .library(name: "FioriCompat", targets: ["FioriCompat"]),
        .library(name: "ListFloorplan", targets: ["ListFloorplan"]),
        .library(name: "HierarchyDocuments", targets: ["HierarchyDocuments"]),
        .library(name: "HierarchySources", targets: ["HierarchySources"]),
        .library(name: "HierarchyFileSystem", targets: ["HierarchyFileSystem"]),
        .library(name: "HierarchyAdapters", targets: ["HierarchyAdapters"]),
        .library(name: "HierarchySQLite", targets: ["HierarchySQLite"]),
        .library(name: "HierarchyPostgres", targets: ["HierarchyPostgres"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "HierarchyWeb", targets: ["HierarchyWeb"]),
        .executable(name: "hierarchy", targets: ["hierarchy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // The engine: platform independent, no I/O.
        .target(
            name: "HierarchyKit",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),
        // Documents: the readers (JSON, YAML, property lists), the one record builder, the
        // document sources and printers, the bundled sample. Foundation and libyaml.
        .target(
            name: "HierarchyDocuments",
            dependencies: ["HierarchySources", "CLibYAML"],
            resources: [.copy("Resources/sample-plant.json")]
        ),
        // The file system as a hierarchy: folders, listings, search by walking, mounts.
        .target(name: "HierarchyFileSystem", dependencies: ["HierarchySources"]),
        // libyaml, the system's YAML event parser (libyaml-dev).
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "FioriCompat", dependencies: ["HierarchyKit", "ListFloorplan"]),
        .target(name: "ListFloorplan"),
        // What a hierarchy is: the source protocol, the item record, the in-memory tree. Foundation only.
        .target(name: "HierarchySources"),
        // The engine-facing adapters: any `HierarchySource` as a `HierarchyViewDataSource` or as
        // linear items. The only module that joins sources and engine.
        .target(name: "HierarchyAdapters", dependencies: ["HierarchyKit", "HierarchySources", "HierarchyDocuments"]),
        // What the SQL stores share: queries as values, the reads and search words of both stores,
        // the table source over a dialect.
        .target(name: "HierarchyStore", dependencies: ["HierarchySources"]),
        .target(
            name: "HierarchySQLite",
            dependencies: [
                "HierarchySources", "HierarchyStore", "HierarchyDocuments", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The PostgreSQL store: a hierarchy shared by a team, with change notifications.
        .target(
            name: "HierarchyPostgres",
            dependencies: [
                "HierarchySources", "HierarchyStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TerminalUI",
            dependencies: [
                "HierarchyKit", "HierarchySources", "HierarchyFileSystem", "HierarchyDocuments", "HierarchyAdapters",
                "ListFloorplan",
            ]
        ),
        // The web face: a Hummingbird server that drives one engine per browser session.
        .target(
            name: "HierarchyWeb",
            dependencies: [
                "HierarchyKit", "HierarchySources", "HierarchyFileSystem", "HierarchyAdapters", "ListFloorplan",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/page")]
        ),
        // The program's commands and printing, as a library the executable calls and tests import.
        .target(
            name: "HierarchyCLI",
            dependencies: [
                "HierarchyKit", "HierarchyDocuments", "HierarchySources", "HierarchyFileSystem", "HierarchyAdapters",
                "HierarchySQLite", "HierarchyPostgres", "TerminalUI",
                "ListFloorplan", "HierarchyWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `hierarchy` executable: its start-up (heap settings) and the commands' entry point.
        .executableTarget(
            name: "hierarchy",
            dependencies: ["HierarchyCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Helpers shared by the test targets (a manual clock, the program in tmux, FIFOs); not a product.
        .target(
            name: "HierarchyTestSupport", dependencies: ["HierarchySources", "HierarchyDocuments", "HierarchyAdapters"],
            path: "Sources/HierarchyTestSupport"),
        .testTarget(
            name: "HierarchyKitTests",
            dependencies: ["HierarchyKit", "HierarchyAdapters", "HierarchyDocuments", "HierarchyTestSupport"]
        ),
        .testTarget(name: "FioriCompatTests", dependencies: ["FioriCompat", "HierarchyTestSupport"]),
        .testTarget(name: "ListFloorplanTests", dependencies: ["ListFloorplan", "HierarchyTestSupport"]),
        .testTarget(name: "HierarchyStoreTests", dependencies: ["HierarchyStore"]),
        .testTarget(
            name: "HierarchySourcesTests",
            dependencies: [
                "HierarchySources", "HierarchyFileSystem", "HierarchyAdapters", "HierarchyDocuments", "HierarchyCLI",
                "HierarchyKit", "HierarchyTestSupport",
            ]),
        .testTarget(
            name: "HierarchySQLiteTests",
            dependencies: [
                "HierarchySQLite", "HierarchyAdapters", "HierarchyDocuments", "HierarchyFileSystem", "HierarchyTestSupport",
                "HierarchyKit", "HierarchySources", "hierarchy", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "HierarchyPostgresTests",
            dependencies: [
                "HierarchyPostgres", "HierarchySQLite", "HierarchySources", "HierarchyAdapters", "HierarchyKit", "HierarchyTestSupport", "hierarchy",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "HierarchyAdapters", "HierarchyDocuments", "HierarchyFileSystem", "HierarchyTestSupport",
                "HierarchyKit", "HierarchySources", "ListFloorplan",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "hierarchy", "HierarchyCLI", "HierarchySources", "HierarchyFileSystem", "HierarchyDocuments",
                "HierarchySQLite", "HierarchyTestSupport",
            ],
            exclude: ["hangfs.py"]),
        // The Examples package's controller and model (linked here, not copied), hosted by
        // both faces: proves the example compiles against the products and runs.
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "FioriCompat", "TerminalUI", "HierarchyWeb", "HierarchyAdapters", "HierarchySources", "HierarchyDocuments",
                "HierarchyTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        // One test per behaviour the seed documents describe, named after the document.
        .testTarget(
            name: "SeedConformanceTests",
            dependencies: [
                "HierarchyKit", "FioriCompat", "ListFloorplan", "TerminalUI", "HierarchyWeb", "HierarchyAdapters",
                "HierarchySources", "HierarchyTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "HierarchyWebTests",
            dependencies: [
                "HierarchyWeb", "HierarchySources", "HierarchyFileSystem", "HierarchyAdapters", "HierarchyTestSupport",
                "HierarchyKit", "ListFloorplan", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
