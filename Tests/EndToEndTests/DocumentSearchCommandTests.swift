import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy search` on a document: each matching item with its path, `--limit` and
/// `--offset`, Unicode, no match, and the exit codes of the other commands.
@Suite struct DocumentSearchCommandTests {
    final class Fixture: Sendable {
        let dir: URL
        init() throws {
            dir = try ScratchDirectory.make("hierarchy-document-search")
            let places = """
                [{"id": "eu", "title": "Europe", "children": [
                  {"id": "ch", "title": "Switzerland", "children": [
                    {"id": "zh", "title": "Zürich", "subtitle": "city"},
                    {"id": "be", "title": "Bern"}]},
                  {"id": "de", "title": "Germany", "children": [
                    {"id": "b", "title": "Berlin\\u001b[31m"}]}]}]
                """
            try Data(places.utf8).write(to: url("places.json"))
            let numbered = (0..<30).map { #"{"id": "n\#($0)", "title": "item \#($0)"}"# }
            try Data(("[" + numbered.joined(separator: ",\n") + "]").utf8).write(to: url("numbered.json"))
            try Data("{\"title\": \"A\",\n \"children\": [1,]}".utf8).write(to: url("bad.json"))
            try Data("title: Top\nchildren:\n  - title: Zürich\n  - title: Bern\n".utf8).write(to: url("places.yaml"))
            try Data("{\"name\": \"x\"}\n{\"name\": \"Bern\"}\n".utf8).write(to: url("lines.jsonl"))
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        func path(_ name: String) -> String { url(name).path }
    }

    static func search(_ arguments: [String]) async throws -> ProgramRunner.Result {
        try await ProgramRunner.run(["search"] + arguments)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    @Test func resultsComeWithTheirPathsAndEscapedTitles() async throws {
        let f = try Fixture()
        let result = try await Self.search([f.path("places.json"), "ber"])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.lines(result.output) == [
                "Bern  (Europe / Switzerland)", "Berlin\\u{1b}[31m  (Europe / Germany)",
            ])
        #expect(result.error.isEmpty)
    }

    @Test func limitAndOffsetPickAPageInDocumentOrder() async throws {
        let f = try Fixture()
        let page = try await Self.search([f.path("numbered.json"), "item", "--limit", "5", "--offset", "10"])
        #expect(page.status == 0, "\(page.error)")
        #expect(Self.lines(page.output) == (10..<15).map { "item \($0)  (numbered.json)" })
        let all = try await Self.search([f.path("numbered.json"), "ITEM", "--limit", "100"])
        #expect(Self.lines(all.output) == (0..<30).map { "item \($0)  (numbered.json)" })
        let past = try await Self.search([f.path("numbered.json"), "item", "--offset", "30"])
        #expect(past.status == 0 && past.output.isEmpty && past.error == "hierarchy: no matches\n")
    }

    @Test func unicodeTitlesAreFoundWhicheverCaseAndAccents() async throws {
        let f = try Fixture()
        for query in ["zürich", "ZÜRICH", "zurich", "Zur"] {
            let result = try await Self.search([f.path("places.json"), query])
            #expect(result.status == 0, "\(query): \(result.error)")
            #expect(Self.lines(result.output) == ["Zürich  (Europe / Switzerland)"], "\(query)")
        }
    }

    @Test func noMatchSaysSoOnStandardError() async throws {
        let f = try Fixture()
        let result = try await Self.search([f.path("places.json"), "no such place"])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(result.error == "hierarchy: no matches\n")
    }

    @Test func malformedAndMissingFilesEndWithOneLineAndTheirCodes() async throws {
        let f = try Fixture()
        let bad = try await Self.search([f.path("bad.json"), "a"])
        #expect(bad.status == 65)
        #expect(bad.output.isEmpty)
        #expect(bad.error.hasPrefix("hierarchy: " + f.path("bad.json") + ":2:17: invalid JSON"), "\(bad.error)")
        #expect(Self.lines(bad.error).count == 1)
        let missing = try await Self.search([f.path("missing.json"), "a"])
        #expect(missing.status == 66)
        #expect(missing.error.hasPrefix("hierarchy: " + f.path("missing.json") + ": no such file"), "\(missing.error)")
    }

    /// A file larger than what is validated before it opens, malformed at its end: the results
    /// before the error are printed, then the error with its line, and exit 65.
    @Test func aLargeFileMalformedAtItsEndFailsAfterTheScan() async throws {
        let f = try Fixture()
        let count = 60_000
        var text = "[\n"
        for number in 0..<count {
            text += #"{"id": "i\#(number)", "title": "item \#(number)", "note": "a reading of the sensor"},"# + "\n"
        }
        text += #"{"id": "last", "title": "needle"},]"# + "\n"
        try Data(text.utf8).write(to: f.url("large.json"))
        #expect(text.utf8.count > 4 << 20)
        let result = try await Self.search([f.path("large.json"), "needle"])
        #expect(result.status == 65, "\(result.error)")
        #expect(
            result.error.hasPrefix("hierarchy: " + f.path("large.json") + ":\(count + 2):"), "\(result.error)")
        #expect(Self.lines(result.error).count == 1)
    }

    /// A named pipe is read once, by the document reader: nothing peeks at it first.
    @Test func aNamedPipeIsReadOnce() async throws {
        let f = try Fixture()
        let pipe = f.path("pipe.json")
        #expect(mkfifo(pipe, 0o600) == 0)
        let document = #"{"title": "Top", "children": [{"title": "Bern"}]}"#
        let command = "printf '%s' \"$1\" > \"$2\" & exec \"$0\" search \"$2\" bern"
        let result = try await ProgramRunner.run(
            program: URL(fileURLWithPath: "/bin/sh"), ["-c", command, ProgramRunner.executable.path, document, pipe])
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.lines(result.output) == ["Bern  (Top)"])
    }

    @Test func yamlAndJSONLinesDocumentsAreSearchedToo() async throws {
        let f = try Fixture()
        let yaml = try await Self.search([f.path("places.yaml"), "zürich"])
        #expect(yaml.status == 0, "\(yaml.error)")
        #expect(Self.lines(yaml.output) == ["Zürich  (Top)"])
        let lines = try await Self.search([f.path("lines.jsonl"), "bern"])
        #expect(lines.status == 0, "\(lines.error)")
        #expect(Self.lines(lines.output).count == 1)
        #expect(lines.output.contains("lines.jsonl"))
    }

    @Test func aScalarOfADocumentReadAsItsStructurePrintsItsValueBesideItsKey() async throws {
        let f = try Fixture()
        try Data(#"{"codes": [{"code": "CH-ZH", "label": "Zürich"}, {"code": "CH-BE", "label": "Bern"}]}"#.utf8)
            .write(to: f.url("codes.json"))
        let result = try await Self.search([f.path("codes.json"), "zurich"])
        #expect(result.status == 0, "\(result.error)")
        let found = Self.lines(result.output)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("label: Zürich  (") == true, "\(found)")
        #expect(found.first?.contains("codes") == true, "\(found)")
    }
}
