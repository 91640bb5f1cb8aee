import Foundation
import GRDB
import HierarchySources
import HierarchyTestSupport
import Synchronization
import Testing

@testable import HierarchySQLite

/// A store imported without the prefix indexes of its search index, then given them by
/// `SQLiteSearchPrefixes` (`SQLiteImporter.deferSearchPrefixesAbove`).
@Suite("SQLite search prefixes built after import")
struct SearchPrefixBuildTests {
    static let queries = [
        "a", "p", "v", "pu", "ar", "va", "pum", "are", "val", "pump", "valve ", "kalomi ", "pump 0k", "0", "0k",
    ]

    /// Generates the same small hierarchy with its prefixes deferred (`deferred`) or built at once.
    static func generate(_ directory: TemporaryDirectory, _ name: String, deferred: Bool, nodes: Int = 6_000)
        async throws -> String
    {
        var importer = SQLiteImporter(destination: directory.file(name))
        importer.deferSearchPrefixesAbove = deferred ? 0 : .max
        try await importer.generate(SyntheticHierarchy(nodes: nodes, levels: 4))
        return directory.file(name).path
    }

    /// Every query's first 300 results (ids) and count, as the library answers them.
    static func answers(_ path: String) async throws -> [String: [String]] {
        let source = try SQLiteSource(path: path, buildsSearchPrefixes: false)
        var answers: [String: [String]] = [:]
        for query in queries {
            let found = try await source.search(query, in: 0..<300).map(\.id)
            answers[query] = found + ["count \(try await source.searchCount(query))"]
        }
        return answers
    }

    /// The definition of `item_fts` and the `search_prefixes` row.
    static func state(_ path: String) throws -> (definition: String, marker: Int?) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            (
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'item_fts'") ?? "",
                try Int.fetchOne(db, sql: "SELECT value FROM hierarchy_meta WHERE name = 'search_prefixes'")
            )
        }
    }

    /// FTS5's own check of the index against the item table (throws if they differ).
    static func checkIntegrity(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: "INSERT INTO item_fts(item_fts, rank) VALUES('integrity-check', 1)")
        }
    }

    @Test func aDeferredStoreSearchesAlikeBeforeAndAfterItsPrefixesAreBuilt() async throws {
        let directory = try TemporaryDirectory()
        let whole = try await Self.generate(directory, "whole.db", deferred: false)
        let deferred = try await Self.generate(directory, "deferred.db", deferred: true)
        #expect(try Self.state(whole).definition.contains("prefix="))
        #expect(try Self.state(whole).marker == nil)
        let before = try Self.state(deferred)
        #expect(!before.definition.contains("prefix="))
        #expect(before.marker == 0)
        #expect(try SQLiteSearchPrefixes.isPending(path: deferred))

        let expected = try await Self.answers(whole)
        #expect(expected["pu"]?.count ?? 0 > 1)
        #expect(try await Self.answers(deferred) == expected)

        // Opening the store to read it writes nothing; asked to, it starts the build, whose end
        // the test waits for, not a clock.
        #expect(try SQLiteSource(path: deferred).searchPrefixBuild == nil)
        #expect(try Self.state(deferred).marker == 0)
        let source = try SQLiteSource(path: deferred, buildsSearchPrefixes: true)
        let build = try #require(source.searchPrefixBuild)
        #expect(try await build.outcome().get() == .built)
        let after = try Self.state(deferred)
        #expect(after.definition.contains("prefix='1 2 3'"))
        #expect(after.marker == 1)
        #expect(try !SQLiteSearchPrefixes.isPending(path: deferred))
        #expect(try await Self.answers(deferred) == expected)
        try Self.checkIntegrity(deferred)
        #expect(try directory.contents() == ["deferred.db", "whole.db"])

        // The store is finished: another opening starts nothing.
        #expect(try SQLiteSource(path: deferred, buildsSearchPrefixes: true).searchPrefixBuild == nil)
        #expect(try SQLiteSearchPrefixes.build(path: deferred) == .notNeeded)
    }

    @Test func anEditAfterTheBuildIsSearchedThroughThePrefixIndexes() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.generate(directory, "s.db", deferred: true)
        #expect(try SQLiteSearchPrefixes.build(path: path) == .built)
        let source = try SQLiteSource(path: path, buildsSearchPrefixes: false)
        let root = try #require(try await source.root())
        let before = try await source.searchCount("zy")
        _ = try await source.addItem(parentID: root.id, title: "Zyxwv gauge", id: nil, position: nil)
        #expect(try await source.searchCount("zy") == before + 1)
        #expect(try await source.search("zy", in: 0..<(before + 1)).map(\.title).contains("Zyxwv gauge"))
        try Self.checkIntegrity(path)
    }

    @Test func whileAnotherConnectionBuildsABuildIsBusyAndTheStoreIsUntouched() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.generate(directory, "s.db", deferred: true)
        let expected = try await Self.answers(path)
        // Another builder holds the side database's lock (as a build in another process does).
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: SQLiteSearchPrefixes.sidePath(path), configuration: configuration)
        try holder.inDatabase { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; PRAGMA user_version = 1; COMMIT")
        }
        #expect(try SQLiteSearchPrefixes.build(path: path) == .busy)
        #expect(try SQLiteSearchPrefixes.isPending(path: path))
        #expect(try await Self.answers(path) == expected)
        try holder.close()

        // Two builders at once: one builds, the other finds it busy or already done.
        let first = SQLiteSearchPrefixes.Background(path: path)
        let second = SQLiteSearchPrefixes.Background(path: path)
        let outcomes = [try await first.outcome().get(), try await second.outcome().get()]
        #expect(outcomes.filter { $0 == .built }.count == 1)
        #expect(outcomes.allSatisfy { [.built, .busy, .notNeeded].contains($0) })
        #expect(try !SQLiteSearchPrefixes.isPending(path: path))
        #expect(try await Self.answers(path) == expected)
        try Self.checkIntegrity(path)
    }

    final class Chunks: Sendable {
        let asked = Atomic<Int>(0)
    }

    @Test func aStoppedBuildLeavesAWorkingStoreAndTheNextBuildFinishes() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.generate(directory, "s.db", deferred: true, nodes: 600_000)
        let expected = try await Self.answers(path)
        let chunks = Chunks()
        let outcome = try SQLiteSearchPrefixes.build(
            path: path, shouldStop: { chunks.asked.add(1, ordering: .relaxed).newValue > 2 })
        #expect(outcome == .stopped)
        #expect(try SQLiteSearchPrefixes.isPending(path: path))
        #expect(FileManager.default.fileExists(atPath: SQLiteSearchPrefixes.sidePath(path)))
        #expect(try await Self.answers(path) == expected)

        #expect(try SQLiteSearchPrefixes.build(path: path) == .built)
        #expect(try await Self.answers(path) == expected)
        try Self.checkIntegrity(path)
    }

    @Test func aKilledImportCommandLeavesAWorkingStoreThatTheNextBuildFinishes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("s.db").path
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["generate", "--nodes", "600000", "--depth", "4", "--into", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The command says the store is searchable, then indexes its short prefixes: it is
        // killed as soon as it says so (or when its output ends), by the thread that read it, so
        // that no wait for a busy pool comes between (the build may end meanwhile).
        let child = process.processIdentifier
        let said = await offPool { () -> String in
            var text = ""
            let handle = output.fileHandleForReading
            while !text.contains("indexing short prefixes") {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            kill(child, SIGKILL)
            return text
        }
        await offPool { process.waitUntilExit() }
        #expect(said.contains("searchable now"))
        #expect(try SQLiteSearchPrefixes.isPending(path: path))

        let killed = try await Self.answers(path)
        #expect(killed["pump"]?.count ?? 0 > 1)
        let search = try await ProgramRunner.run(["search", path, "pu"])
        #expect(search.status == 0)
        #expect(search.output.contains("Pump"))

        // `hierarchy index` finishes it; a second run finds nothing to do.
        let index = try await ProgramRunner.run(["index", path])
        #expect(index.status == 0)
        #expect(index.output.contains("short prefixes indexed"))
        #expect(try !SQLiteSearchPrefixes.isPending(path: path))
        #expect(try await Self.answers(path) == killed)
        try Self.checkIntegrity(path)
        #expect(try directory.contents() == ["s.db"])
        let again = try await ProgramRunner.run(["index", path])
        #expect(again.status == 0)
        #expect(again.output.contains("is complete"))
    }
}
