// swift-tools-version: 6.1
// Benchmarks of HierarchyKit (ordo-one/benchmark). Run from this directory:
//     swift package --allow-writing-to-package-directory benchmark
// Kept out of the main package so that `swift build` and `swift test` never build
// the benchmark harness.
import PackageDescription

let benchmarkDependencies: [Target.Dependency] = [
    .product(name: "Benchmark", package: "benchmark"),
]
let benchmarkPlugins: [Target.PluginUsage] = [
    .plugin(name: "BenchmarkPlugin", package: "benchmark"),
]

let package = Package(
    name: "HierarchyKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "HierarchyKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The page statement as it was (one row per child), beside the store's, in one run.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: benchmarkDependencies + [.product(name: "HierarchyKit", package: "HierarchyKit")],
            path: "Benchmarks/EngineBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "TerminalBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "TerminalUI", package: "HierarchyKit"),
                .product(name: "HierarchySources", package: "HierarchyKit"),
                .product(name: "HierarchyDocuments", package: "HierarchyKit"),
                .product(name: "HierarchyFileSystem", package: "HierarchyKit"),
                .product(name: "HierarchyKit", package: "HierarchyKit"),
            ],
            path: "Benchmarks/TerminalBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "SQLiteBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "HierarchySQLite", package: "HierarchyKit"),
                .product(name: "HierarchySources", package: "HierarchyKit"),
            ],
            path: "Benchmarks/SQLiteBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "DocumentBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "HierarchyDocuments", package: "HierarchyKit"),
                .product(name: "HierarchySources", package: "HierarchyKit"),
                .product(name: "HierarchySQLite", package: "HierarchyKit"),
            ],
            path: "Benchmarks/DocumentBenchmarks",
            plugins: benchmarkPlugins
        ),
        .executableTarget(
            name: "PostgresBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "HierarchyPostgres", package: "HierarchyKit"),
                .product(name: "HierarchySQLite", package: "HierarchyKit"),
                .product(name: "HierarchySources", package: "HierarchyKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/PostgresBenchmarks",
            plugins: benchmarkPlugins
        ),
        // Not an ordo-one benchmark: a whole scroll of a 10M-row column, RSS printed as it goes.
        .executableTarget(
            name: "ScrollMemory",
            dependencies: [
                .product(name: "TerminalUI", package: "HierarchyKit"),
                .product(name: "HierarchySQLite", package: "HierarchyKit"),
                .product(name: "HierarchyKit", package: "HierarchyKit"),
            ],
            path: "Benchmarks/ScrollMemory"
        ),
        .executableTarget(
            name: "ListBenchmarks",
            dependencies: benchmarkDependencies + [
                .product(name: "ListFloorplan", package: "HierarchyKit"),
                .product(name: "HierarchySources", package: "HierarchyKit"),
            ],
            path: "Benchmarks/ListBenchmarks",
            plugins: benchmarkPlugins
        ),
    ],
    swiftLanguageModes: [.v6]
)
