import Foundation
import HierarchyTestSupport
import Testing

@testable import HierarchyDocuments
@testable import HierarchySources

#if canImport(Glibc)
    import Glibc
#endif

/// The items reading checked on the validator's pass finds what the read through the strict
/// reader and the builder finds, on thousands of generated documents near the items shape and
/// on every valid file of JSONTestSuite, read as items and automatically, in buffers small enough
/// that keys and ids cross refills.
@Suite struct JSONItemsCheckTests {
    /// What a read found, in the terms both reads share.
    enum Found: Hashable, CustomStringConvertible {
        case items
        case structure
        case misfit
        case repeated(String, line: Int)
        case invalid

        var description: String {
            switch self {
            case .items: "items"
            case .structure: "structure"
            case .misfit: "misfit"
            case .repeated(let id, let line): "repeated \(id) at line \(line)"
            case .invalid: "invalid"
            }
        }
    }

    /// The read through the strict reader and the builder.
    static func builderRead(_ path: String, strict: Bool, idLimit: Int) -> Found {
        do {
            switch try IndexedJSONSource.checkItems(
                path: path, name: "doc", strict: strict, budget: nil, idLimit: idLimit)
            {
            case .items: return .items
            case .structure: return .structure
            }
        } catch {
            if error.code == .duplicateID {
                let id = error.description.split(separator: "\"", maxSplits: 2).dropFirst().first.map(String.init) ?? ""
                let line = error.description.components(separatedBy: "(at line ").last.flatMap {
                    Int($0.prefix { $0.isNumber })
                }
                return .repeated(id, line: line ?? -1)
            }
            return error.code == .malformed && error.description.contains("invalid JSON") ? .invalid : .misfit
        }
    }

    /// The validator's pass with the items check.
    static func checkedRead(_ path: String, strict: Bool, idLimit: Int, capacity: Int) throws -> Found? {
        let file = try JSONByteFile(path: path)
        let readsLines = try IndexedJSONSource.isJSONLines(file)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var validator = JSONValidator(descriptor: descriptor, capacity: capacity)
        defer { validator.close() }
        validator.readsLines = readsLines
        validator.items = JSONItemsCheck(strict: strict, idLimit: idLimit, readsLines: readsLines)
        let outcome = validator.validate()
        switch validator.items?.finding {
        case .misfit?: return strict ? .structure : .misfit
        case .repeatedID(let id, let offset)?:
            let (line, _) = try JSONByteIndex(file: file).position(of: offset)
            return .repeated(id, line: line)
        case .unknown?: return nil
        case nil: return outcome == .valid ? .items : .invalid
        }
    }

    /// A document near the items shape: items with and without titles, ids of every kind
    /// (repeated, escaped, empty, `#N`), `type: dynamic`, children of every kind, nested values,
    /// nulls, and the three tops (an item, an array, `{"root": …}`).
    static func document(_ generator: inout SplitMix64) -> String {
        var ids = ["a", "b", "c", "#3", "", "a\\u0062", "ab"]
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
        func key(_ name: String) -> String {
            guard chance(10), let first = name.unicodeScalars.first else { return "\"\(name)\"" }
            return "\"\\u00\(String(first.value, radix: 16))\(name.dropFirst())\""
        }
        func scalar() -> String { pick(["\"x\"", "7", "-1.5e3", "true", "false", "null", "\"Dynamic\"", "\"\""]) }
        func item(_ depth: Int) -> String {
            var members: [String] = []
            for _ in 0..<Int(generator.next() % 6) {
                switch generator.next() % 11 {
                case 0, 1: members.append("\(key("title")): \(chance(85) ? "\"t\(generator.next() % 9)\"" : scalar())")
                case 2: members.append("\(key("name")): \(scalar())")
                case 3:
                    if chance(15) { ids.append("id\(generator.next() % 1000)") }
                    let id = pick(ids)
                    members.append("\(key("id")): \(chance(80) ? "\"\(id)\"" : scalar())")
                case 4:
                    members.append(
                        "\(key("type")): \(pick(["\"dynamic\"", "\"DYNAMIC\"", "\"static\"", "\"dyn\\u0061mic\"", "true"]))"
                    )
                case 5, 6: members.append("\(key("children")): \(children(depth + 1))")
                case 7: members.append("\(key(pick(["status", "root", "x", "subtitle"]))): \(scalar())")
                case 8: members.append("\"meta\": \(pick(["{}", "[]", "{\"a\": [1, {\"title\": 2}]}", "[null]"]))")
                case 9: members.append("\(key("children")): \(pick(["null", "\"s\"", "{}", "3", "true"]))")
                default:
                    members.append("\"\(String(repeating: "k", count: Int(generator.next() % 200)))\": \(scalar())")
                }
            }
            if chance(70) { members.insert("\"title\": \"x\"", at: Int(generator.next() % UInt64(members.count + 1))) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        func children(_ depth: Int) -> String {
            guard depth < 5 else { return "[]" }
            var elements: [String] = []
            for _ in 0..<Int(generator.next() % 5) {
                elements.append(chance(85) ? item(depth) : pick(["\"leaf\"", "12", "false", "null", "[]", "[{}]"]))
            }
            return "[" + elements.joined(separator: ",\n") + "]"
        }
        switch generator.next() % 6 {
        case 0: return children(0)
        case 1: return "{\"root\": \(children(0))\(chance(30) ? ", \"a\": null" : "")}"
        case 2: return pick(["null", "\"s\"", "{}", "[]", "{\"a\": null}", "[null]", "{\"root\": []}"])
        default: return item(0)
        }
    }

    @Test func generatedDocumentsAgreeWithTheBuilder() throws {
        let directory = try ScratchDirectory.make("items-check")
        var generator = SplitMix64(seed: 29)
        var seen: [Found: Int] = [:]
        for number in 0..<1500 {
            var text = Self.document(&generator)
            let lines = number % 10 == 9
            if lines {
                text = (0..<3).map { _ in Self.document(&generator).replacingOccurrences(of: "\n", with: " ") }.joined(
                    separator: "\n")
            }
            let path = directory.appendingPathComponent(lines ? "\(number).jsonl" : "\(number).json").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            for strict in [true, false] {
                for idLimit in [2, .max] {
                    let expected = Self.builderRead(path, strict: strict, idLimit: idLimit)
                    seen[expected, default: 0] += 1
                    for capacity in [128, 1 << 20] {
                        let found = try Self.checkedRead(path, strict: strict, idLimit: idLimit, capacity: capacity)
                        #expect(
                            found == expected,
                            "\(number) strict \(strict) limit \(idLimit) capacity \(capacity): \(text)")
                    }
                }
            }
        }
        // The generated documents reach every outcome.
        #expect(seen[.items, default: 0] > 200 && seen[.structure, default: 0] > 200 && seen[.misfit, default: 0] > 200)
        #expect(seen.keys.contains { if case .repeated = $0 { true } else { false } })
    }

    /// Every valid file of JSONTestSuite: the same outcome both ways.
    @Test func jsonTestSuiteAgreesWithTheBuilder() throws {
        let corpus = JSONByteIndexTests.corpus
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasPrefix("y_") }
        #expect(names.count > 90)
        for name in names.sorted() {
            let path = corpus.appendingPathComponent(name).path
            for strict in [true, false] {
                let expected = Self.builderRead(path, strict: strict, idLimit: .max)
                #expect(try Self.checkedRead(path, strict: strict, idLimit: .max, capacity: 128) == expected, "\(name)")
            }
        }
    }

    /// An `id` longer than half the buffer is not compared: the check says so, and the builder decides.
    @Test func idLongerThanTheBufferKeepsIsLeftToTheBuilder() throws {
        let directory = try ScratchDirectory.make("items-check")
        let long = String(repeating: "i", count: 300)
        let path = directory.appendingPathComponent("long.json").path
        try Data(#"[{"id": "\#(long)", "title": "a"}, {"id": "\#(long)", "title": "b"}]"#.utf8).write(
            to: URL(fileURLWithPath: path))
        #expect(try Self.checkedRead(path, strict: true, idLimit: .max, capacity: 128) == nil)
        #expect(try Self.checkedRead(path, strict: true, idLimit: .max, capacity: 1 << 20) == .repeated(long, line: 1))
        #expect(Self.builderRead(path, strict: true, idLimit: .max) == .repeated(long, line: 1))
    }
}
