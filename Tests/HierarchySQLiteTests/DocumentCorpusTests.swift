import Foundation
import HierarchyDocuments
import HierarchySources
import HierarchyTestSupport
import Testing

@testable import HierarchySQLite

/// Reads the JSONTestSuite corpus through browse (the in-memory document source)
/// and through import (the SQLite store) and checks that both agree.
@Suite struct DocumentCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../shared/testdata/JSONTestSuite/test_parsing")
        .standardizedFileURL

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { corpus.appendingPathComponent($0) }
    }

    /// One item of a walked hierarchy: depth, id, title, subtitle, child count.
    struct Line: Equatable, CustomStringConvertible {
        var depth: Int
        var id: String
        var title: String
        var subtitle: String?
        var childCount: Int?
        var description: String { "\(depth) \(id) \(title) \(subtitle ?? "-") \(childCount ?? -1)" }
    }

    /// Every item of a source in preorder; with `countsFromNodes`, a node's own child count is
    /// taken instead of asking `childCount(ofID:)` (half the reads, for very deep documents).
    static func walk(_ source: any HierarchySource, countsFromNodes: Bool = false) async throws -> [Line] {
        guard let root = try await source.root() else { return [] }
        var lines: [Line] = []
        var stack: [(HierarchyNode, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            let count: Int
            if countsFromNodes, let known = node.childCount {
                count = known
            } else {
                count = try await source.childCount(ofID: node.id)
            }
            lines.append(Line(depth: depth, id: node.id, title: node.title, subtitle: node.subtitle, childCount: count))
            let children = try await source.children(ofID: node.id, in: 0..<count)
            for child in children.reversed() { stack.append((child, depth + 1)) }
        }
        return lines
    }

    enum Outcome: Equatable {
        case tree([Line])
        case error(HierarchySourceError.Code, String)
    }

    static func browse(_ url: URL, countsFromNodes: Bool = false) async -> Outcome {
        do {
            let source = try await DocumentSource.load(contentsOf: url, format: .json)
            return .tree(try await walk(source, countsFromNodes: countsFromNodes))
        } catch let error as HierarchySourceError {
            return .error(error.code, error.description)
        } catch {
            return .error(.io, "\(error)")
        }
    }

    static func importAndRead(_ url: URL, into directory: TemporaryDirectory, countsFromNodes: Bool = false) async
        -> Outcome
    {
        let database = directory.file(url.deletingPathExtension().lastPathComponent + ".db")
        do {
            try await SQLiteImporter(destination: database, replace: true, searchIndex: false)
                .importFile(at: url, format: .json)
            return .tree(try await walk(SQLiteSource(path: database.path), countsFromNodes: countsFromNodes))
        } catch let error as HierarchySourceError {
            return .error(error.code, error.description)
        } catch {
            return .error(.io, "\(error)")
        }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.files.count == 318)
    }

    @Test func browseAndImportGiveIdenticalItemsIdsAndErrors() async throws {
        let directory = try TemporaryDirectory()
        var accepted = 0
        var rejected = 0
        for url in Self.files {
            let name = url.lastPathComponent
            let browsed = await Self.browse(url)
            let imported = await Self.importAndRead(url, into: directory)
            #expect(browsed == imported, "\(name)")
            switch browsed {
            case .tree:
                #expect(!name.hasPrefix("n_"), "\(name) was accepted")
                accepted += 1
            case .error(let code, let message):
                #expect(!name.hasPrefix("y_"), "\(name) was rejected: \(message)")
                if name.hasPrefix("n_") {
                    #expect(code == .malformed, "\(name): \(message)")
                    #expect(message.hasPrefix(url.path + ":"), "\(name): \(message)")
                }
                rejected += 1
            }
        }
        #expect(accepted + rejected == Self.files.count)
    }

    @Test func a100000DeepNestingIsATreeWithoutStackOverflow() async throws {
        let directory = try TemporaryDirectory()
        let depth = 100_000
        let url = try directory.write(
            "deep.json", String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        async let browsing = Self.browse(url, countsFromNodes: true)
        async let importing = Self.importAndRead(url, into: directory, countsFromNodes: true)
        let (browsed, imported) = await (browsing, importing)
        guard case .tree(let lines) = browsed else {
            Issue.record("not a tree: \(browsed)")
            return
        }
        #expect(lines.count == depth)
        #expect(lines.last?.depth == depth - 1)
        #expect(browsed == imported)
    }
}
