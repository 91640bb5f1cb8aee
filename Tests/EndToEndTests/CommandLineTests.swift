import Foundation
import HierarchyTestSupport
import Testing

@Suite struct CommandLineTests {
    func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let dir = try ScratchDirectory.make("hierarchy-e2e")
        let url = dir.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func printShowsTheSampleAsAPlainTree() async throws {
        let result = try await ProgramRunner.run(["print", "--depth", "1"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "Hamburg Plant")
        #expect(lines.dropFirst().first == "├── Production")
        #expect(lines.last?.hasPrefix("└── ") == true)
        #expect(lines.count == 9)
        #expect(result.error.isEmpty)
    }

    @Test func printOfADocumentEscapesControlCharacters() async throws {
        let file = try temporaryFile("evil.json", #"{"title": "Root", "children": [{"title": "bad\u001b[2Jname"}]}"#)
        let result = try await ProgramRunner.run(["print", file.path, "--ascii"])
        #expect(result.status == 0)
        #expect(result.output == "Root\n`-- bad^[[2Jname\n")
    }

    @Test func aMissingPathIsOneLineAndExit66() async throws {
        let result = try await ProgramRunner.run(["print", "/nonexistent/plant.json"])
        #expect(result.status == 66)
        #expect(result.error == "hierarchy: /nonexistent/plant.json: no such file or directory\n")
        #expect(result.output.isEmpty)
    }

    @Test func malformedJSONGivesLineAndColumnAndExit65() async throws {
        let file = try temporaryFile("broken.json", "{\n  \"title\": \"Root\",\n  \"children\": [ oops ]\n}\n")
        let result = try await ProgramRunner.run(["print", file.path])
        #expect(result.status == 65)
        #expect(result.error.hasPrefix("hierarchy: \(file.path):3:"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test func browsingWithoutATerminalSaysSoInOneLine() async throws {
        let result = try await ProgramRunner.run([])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("hierarchy: standard input and output must be a terminal"))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.output.isEmpty)
    }

    @Test func listingWithoutATerminalSaysSoInOneLine() async throws {
        let result = try await ProgramRunner.run(["list"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("hierarchy: standard input and output must be a terminal to list"))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.output.isEmpty)
    }

    @Test func unknownOptionsAreUsageErrors() async throws {
        let result = try await ProgramRunner.run(["print", "--depth=-3"])
        #expect(result.status == 64)
        #expect(result.error.contains("--depth must be 0 or more"))
    }
}
