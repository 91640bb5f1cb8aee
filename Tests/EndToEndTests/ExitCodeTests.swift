import Foundation
import HierarchyTestSupport
import Testing

/// Every subcommand maps every kind of failure to the same exit code and one
/// `hierarchy: ...` line: 65 malformed, 66 missing, 69 unsupported, 74 I/O, 77 permission.
@Suite struct ExitCodeTests {
    /// A fresh directory with a malformed document, a valid one, a binary file and a valid store.
    final class Fixture: Sendable {
        let dir: URL
        init() throws {
            dir = try ScratchDirectory.make("hierarchy-exit")
            try Data("{\"title\": \"A\",\n \"children\": [1,]}".utf8).write(to: url("bad.json"))
            try Data("{\"title\": \"A\", \"children\": [\"b\"]}".utf8).write(to: url("good.json"))
            try Data([0xCA, 0xFE, 0x00, 0x01, 0x02]).write(to: url("blob.bin"))
            try Data("not a database at all, but long enough to be read as one by SQLite.....".utf8)
                .write(to: url("fake.db"))
            try Data().write(to: url("empty.db"))
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        func path(_ name: String) -> String { url(name).path }
    }

    static func check(_ arguments: [String], exits code: Int32, saying text: String? = nil) async throws {
        let result = try await ProgramRunner.run(arguments)
        #expect(result.status == code, "hierarchy \(arguments.joined(separator: " ")): \(result.error)")
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.first?.hasPrefix("hierarchy: ") == true, "\(result.error)")
        if let text { #expect(result.error.contains(text), "\(result.error)") }
    }

    @Test func print() async throws {
        let f = try Fixture()
        try await Self.check(
            ["print", f.path("bad.json")], exits: 65, saying: f.path("bad.json") + ":2:17: invalid JSON")
        try await Self.check(["print", f.path("missing.json")], exits: 66)
        try await Self.check(["print", f.path("blob.bin")], exits: 69)
        try await Self.check(["print", "/proc/self/mem"], exits: 74)
    }

    /// Standard output that takes nothing (a full disk: /dev/full) is an I/O error, one line and
    /// exit 74, for a document printed while read, a store and the bundled sample alike.
    @Test func printToAFullDevice() async throws {
        let f = try Fixture()
        for arguments in [[f.path("good.json")], [], ["--depth", "1"]] {
            let command = "exec \"$0\" print \"$@\" > /dev/full"
            let result = try await ProgramRunner.run(
                program: URL(fileURLWithPath: "/bin/sh"), ["-c", command, ProgramRunner.executable.path] + arguments)
            #expect(result.status == 74, "print \(arguments): \(result.error)")
            #expect(result.error == "hierarchy: standard output: cannot write: No space left on device\n")
        }
    }

    @Test func importCommand() async throws {
        let f = try Fixture()
        let db = f.path("out.db")
        try await Self.check(
            ["import", f.path("bad.json"), "--into", db], exits: 65,
            saying: f.path("bad.json") + ":2:17: invalid JSON")
        try await Self.check(["import", f.path("missing.json"), "--into", db], exits: 66)
        try await Self.check(["import", f.path("blob.bin"), "--into", db], exits: 69)
        try await Self.check(["import", "/proc/self/mem", "--format", "json", "--into", db], exits: 74)
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func exportAndSearch() async throws {
        let f = try Fixture()
        for command in [["export", "--format", "json"], ["search"]] {
            let query = command == ["search"] ? ["pump"] : []
            try await Self.check([command[0], f.path("missing.db")] + command.dropFirst() + query, exits: 66)
            try await Self.check([command[0], f.path("fake.db")] + command.dropFirst() + query, exits: 65)
        }
    }

    @Test func generate() async throws {
        let f = try Fixture()
        try await Self.check(
            ["generate", "--nodes", "10", "--depth", "2", "--into", f.path("no/such/dir/x.db")], exits: 66)
    }

    @Test func browseListAndServeMapTheSameErrors() async throws {
        let f = try Fixture()
        // Without a terminal, browse and list stop before opening; serve opens the source first.
        try await Self.check(["serve", f.path("bad.json"), "--port", "0"], exits: 65)
        try await Self.check(["serve", f.path("missing.json"), "--port", "0"], exits: 66)
    }

    @Test func hostileInputsEndWithOneLineAndTheRightCode() async throws {
        let f = try Fixture()
        var laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = name
        }
        try Data(laughs.utf8).write(to: f.url("laughs.yaml"))
        try await Self.check(["print", f.path("laughs.yaml")], exits: 65, saying: "aliases expand to more than")
        try await Self.check(["import", f.path("laughs.yaml"), "--into", f.path("l.db")], exits: 65)
        try Data("id,parent_id\na,\n".utf8).write(to: f.url("x.csv"))
        try await Self.check(["print", f.path("x.csv")], exits: 69, saying: "CSV")
        try await Self.check(["print", f.path("empty.db")], exits: 65, saying: "empty")
        try await Self.check(["print", "/dev/zero"], exits: 69)
        try Data([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00]).write(to: f.url("utf16.json"))
        try await Self.check(["print", f.path("utf16.json")], exits: 65, saying: "UTF-16")
        try Data("{\"title\": \"A\", \"children\": [".utf8).write(to: f.url("truncated.json"))
        try await Self.check(["print", f.path("truncated.json")], exits: 65, saying: "unexpected end")
        try Data("\u{FEFF}{\"title\": \"BOM\"}".utf8).write(to: f.url("bom.json"))
        #expect(try await ProgramRunner.run(["print", f.path("bom.json")]).output == "BOM\n")
    }

    @Test func printAndImportAgreeOnTheCorpus() async throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/testdata/JSONTestSuite/test_parsing").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(names.count == 318)
        let f = try Fixture()
        // Two programs per file, three files at a time, each import into a store of its own.
        let runs = try await concurrentMap(Array(names.enumerated()), width: 3) { index, name in
            let file = corpus.appendingPathComponent(name).path
            let printed = try await ProgramRunner.run(["print", file])
            let imported = try await ProgramRunner.run(
                ["import", file, "--into", f.path("c\(index).db"), "--replace", "--no-search-index"])
            return (printed, imported)
        }
        for (name, (printed, imported)) in zip(names, runs) {
            #expect(printed.status < 128 && imported.status < 128, "\(name) crashed")
            if name.hasPrefix("y_") {
                #expect(printed.status == 0 && imported.status == 0, "\(name): \(printed.error) \(imported.error)")
            } else if name.hasPrefix("n_") {
                #expect(printed.status == 65 && imported.status == 65, "\(name): \(printed.status) \(imported.status)")
                #expect(printed.error == imported.error, "\(name)")
            }
        }
    }
}
