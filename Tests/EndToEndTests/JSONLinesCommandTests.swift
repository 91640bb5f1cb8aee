import Foundation
import HierarchyTestSupport
import Testing

/// `print`, `import` and `search` read JSON Lines (`.jsonl`, `.ndjson`, a file of another name or
/// a pipe whose first line is one value and another follows) as the browser shows them: one
/// root, the file, whose children are the lines.
@Suite struct JSONLinesCommandTests {
    static let lines = """
        {"name":"a","v":1}
        {"name":"b","tags":["x"]}

        """

    static let printed = """
        log.jsonl
        ├── [0]
        │   ├── name: a
        │   └── v: 1
        └── [1]
            ├── name: b
            └── tags
                └── [0]: x

        """

    static let malformed = "{\"name\":\"a\"}\n{\"name\":\"b\"\n{\"name\":\"c\"}\n"

    static func piped(_ text: String, into arguments: String) async throws -> ProgramRunner.Result {
        try await ProgramRunner.run(
            program: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf '%s' \"$0\" | \"$1\" \(arguments)", text, ProgramRunner.executable.path])
    }

    @Test func printReadsLinesFromAFileAFileOfAnotherNameAndAPipe() async throws {
        let directory = try ScratchDirectory.make("hierarchy-jsonl")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["log.jsonl", "log.ndjson", "log.txt"] {
            let file = directory.appendingPathComponent(name)
            try Data(Self.lines.utf8).write(to: file)
            let printed = try await ProgramRunner.run(["print", file.path])
            #expect(printed.status == 0, "\(printed.error)")
            #expect(printed.output == Self.printed.replacingOccurrences(of: "log.jsonl\n", with: "\(name)\n"))
        }
        let piped = try await Self.piped(Self.lines, into: "print -")
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.output == Self.printed.replacingOccurrences(of: "log.jsonl\n", with: "stdin\n"))
        let numbers = try await Self.piped("1\n2\n3\n", into: "print -")
        #expect(numbers.status == 0, "\(numbers.error)")
        #expect(numbers.output == "stdin\n├── [0]: 1\n├── [1]: 2\n└── [2]: 3\n")
    }

    @Test func importKeepsTheLinesAsTheBrowserShowsThem() async throws {
        let directory = try ScratchDirectory.make("hierarchy-jsonl")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["log.jsonl", "events.log"] {
            let file = directory.appendingPathComponent(name)
            try Data(Self.lines.utf8).write(to: file)
            let store = directory.appendingPathComponent(name + ".db").path
            let imported = try await ProgramRunner.run(["import", file.path, "--into", store])
            #expect(imported.status == 0, "\(imported.error)")
            #expect(imported.output.contains("imported 8 items"), "\(imported.output)")
            let exported = try await ProgramRunner.run(["export", store, "--format", "json"])
            #expect(exported.status == 0, "\(exported.error)")
            #expect(exported.output.contains(##"{"id":"#0","title":"\##(name)","children":[{"id":"#1","title":"[0]""##))
            #expect(exported.output.contains(##"{"id":"#5","title":"name","subtitle":"b"}"##), "\(exported.output)")
        }
    }

    @Test func searchPathsFollowThePrintedTree() async throws {
        let directory = try ScratchDirectory.make("hierarchy-jsonl")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.jsonl")
        try Data(Self.lines.utf8).write(to: file)
        let found = try await ProgramRunner.run(["search", file.path, "x"])
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output == "[0]: x  (log.jsonl / [1] / tags)\n")
        // An items document whose one top item is the root: its path starts there, as print shows.
        let items = directory.appendingPathComponent("one.json")
        try Data(#"[{"name":"only","children":[{"name":"kid"}]}]"#.utf8).write(to: items)
        let printed = try await ProgramRunner.run(["print", items.path])
        #expect(printed.output == "only\n└── kid\n")
        let kid = try await ProgramRunner.run(["search", items.path, "kid"])
        #expect(kid.output == "kid  (only)\n")
    }

    @Test func aMalformedLineExits65WithItsPlaceInEveryCommand() async throws {
        let directory = try ScratchDirectory.make("hierarchy-jsonl")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.jsonl")
        try Data(Self.malformed.utf8).write(to: file)
        let expected = "bad.jsonl:2:12: invalid JSON: unexpected end of the line inside its value\n"
        let store = directory.appendingPathComponent("bad.db").path
        for arguments in [
            ["print", file.path], ["search", file.path, "zzz"], ["import", file.path, "--into", store],
        ] {
            let result = try await ProgramRunner.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.error)")
            #expect(result.error.hasSuffix(expected), "\(arguments): \(result.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: store))
        let piped = try await Self.piped(Self.malformed, into: "print -")
        #expect(piped.status == 65)
        #expect(piped.error.hasSuffix("-:2:12: invalid JSON: unexpected end of the line inside its value\n"))
    }
}
