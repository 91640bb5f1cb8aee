import Foundation
import HierarchyTestSupport
import Testing

/// A document that changes or disappears while it is read ends in a one-line error with the
/// right exit code or in a correct tree: never a crash, a hang or a garbled line.
@Suite struct ChangingDocumentTests {
    static func items(_ range: Range<Int>) -> String {
        range.map { #"{"title": "Item \#($0)"}"# }.joined(separator: ", ")
    }

    static let document = #"{"title": "Big", "children": ["# + items(0..<200_000) + "]}\n"
    static let expected = "Big\n" + (0..<200_000).map { ($0 == 199_999 ? "└── " : "├── ") + "Item \($0)\n" }.joined()

    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hierarchy-change-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The one error line of a failed run.
    static func expectOneLine(_ result: ProgramRunner.Result, _ what: String) {
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1 && lines.first?.hasPrefix("hierarchy: ") == true, "\(what): \(result.error)")
    }

    @Test func aPipeThatEndsEarlyIsATruncatedDocument() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = [["print"], ["print", "--as", "structure"], ["import", "--into", directory.path + "/p.db"]]
        for (index, command) in commands.enumerated() {
            let feeder = try FIFOFeeder(path: directory.path + "/cut-\(index).json")
            let arguments = [command[0], feeder.path] + command.dropFirst()
            async let run = ProgramRunner.run(arguments)
            feeder.write(String(Self.document.prefix(Self.document.utf8.count / 2)))
            feeder.close()
            let result = try await run
            #expect(result.status == 65, "\(arguments): \(result.error)")
            // Cut inside a title: the string is unterminated where the input ends.
            #expect(
                result.error.contains("unterminated string") || result.error.contains("unexpected end"),
                "\(arguments): \(result.error)")
            Self.expectOneLine(result, "\(arguments)")
            if command == ["print"] {
                // The lines decided before the end are printed, each whole.
                #expect(Self.expected.hasPrefix(result.output), "\(result.output.suffix(80))")
                #expect(result.output.count > 1000)
            }
        }
    }

    /// What may be done to the file while it is read, and what may then come out.
    enum Change: CaseIterable {
        case truncated, removed, replaced, grown

        func apply(to path: String) throws {
            switch self {
            case .truncated:
                guard truncate(path, 1_000) == 0 else { throw POSIXError(.EIO) }
            case .removed:
                try FileManager.default.removeItem(atPath: path)
            case .replaced:
                let other = path + ".new"
                try Data(#"{"title": "Other"}"#.utf8).write(to: URL(fileURLWithPath: other))
                guard rename(other, path) == 0 else { throw POSIXError(.EIO) }
            case .grown:
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(#"{"title": "more"}"#.utf8))
                try handle.close()
            }
        }
    }

    @Test(arguments: Change.allCases)
    func aFileChangedWhileItIsRead(change: Change) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (round, delay) in [0, 5, 20, 60].enumerated() {
            let path = directory.path + "/doc-\(round).json"
            try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
            async let printed = ProgramRunner.run(["print", path], timeout: .seconds(60))
            // Not a synchronisation: every moment of the change is an acceptable test.
            try await Task.sleep(for: .milliseconds(delay))
            try change.apply(to: path)
            let result = try await printed
            let what = "\(change) after \(delay) ms: status \(result.status)"
            switch result.status {
            case 0:
                // A whole read of the file as it was, or (replaced before it was opened) of the new one.
                #expect(result.output == Self.expected || result.output == "Other\n", "\(what)")
                #expect(result.error.isEmpty, "\(what): \(result.error)")
            case 65:
                #expect(change == .truncated || change == .grown, "\(what): \(result.error)")
                #expect(Self.expected.hasPrefix(result.output), "\(what)")
                Self.expectOneLine(result, what)
            case 66:
                #expect(change == .removed, "\(what): \(result.error)")
                Self.expectOneLine(result, what)
            default:
                Issue.record("\(what): \(result.error)")
            }

            let imported = directory.path + "/i-\(round).db"
            try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
            async let importing = ProgramRunner.run(
                ["import", path, "--into", imported, "--no-search-index"], timeout: .seconds(60))
            try await Task.sleep(for: .milliseconds(delay))
            try change.apply(to: path)
            let result2 = try await importing
            #expect([0, 65, 66].contains(result2.status), "import, \(what): \(result2.status) \(result2.error)")
            if result2.status != 0 { Self.expectOneLine(result2, "import, \(what)") }
        }
    }
}
