import Foundation
import HierarchyTestSupport
import Testing

/// Exit 77 (permission denied) end to end, for every subcommand that reads a file: the program
/// runs as `nobody` (the tests run as root, who may read anything) on files only root may read.
@Suite(.enabled(if: ProgramRunner.canRunAsAnotherUser, "needs root and runuser to run as another user"))
struct PermissionExitCodeTests {
    /// A directory `nobody` may enter, with a document and a store it may not read, and a
    /// directory it may write to.
    final class Fixture: Sendable {
        let dir: URL
        init() async throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-perm-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try Data(#"{"title": "A", "children": [{"title": "Pump"}]}"#.utf8).write(to: url("secret.json"))
            let imported = try await ProgramRunner.run(
                ["import", path("secret.json"), "--into", path("secret.db"), "--no-search-index"])
            #expect(imported.status == 0, "\(imported.error)")
            try Data("id,parent_id,title\na,,A\n".utf8).write(to: url("secret.csv"))
            for name in ["secret.json", "secret.db", "secret.csv"] {
                try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path(name))
            }
            try FileManager.default.createDirectory(at: url("open"), withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path("open"))
            try FileManager.default.createDirectory(at: url("closed"), withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("closed"))
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        func path(_ name: String) -> String { url(name).path }
    }

    /// Runs the program as `nobody` and expects 77 with one `hierarchy: ...` line naming the refusal.
    static func expectDenied(_ arguments: [String]) async throws {
        let result = try await ProgramRunner.run(arguments, user: "nobody")
        let command = "hierarchy \(arguments.joined(separator: " "))"
        #expect(result.status == 77, "\(command): \(result.status) \(result.error)")
        let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "\(command): \(result.error)")
        #expect(lines.first?.hasPrefix("hierarchy: ") == true, "\(command): \(result.error)")
        let error = result.error.lowercased()
        #expect(error.contains("permission denied") || error.contains("not writable"), "\(command): \(result.error)")
    }

    @Test func printServeAndImportOfAnUnreadableDocument() async throws {
        let f = try await Fixture()
        try await Self.expectDenied(["print", f.path("secret.json")])
        try await Self.expectDenied(["print", f.path("secret.json"), "--as", "structure"])
        try await Self.expectDenied(["print", f.path("secret.json"), "--start", "#1"])
        try await Self.expectDenied(["print", f.path("secret.db")])
        try await Self.expectDenied(["serve", f.path("secret.json"), "--port", "0"])
        try await Self.expectDenied(["import", f.path("secret.json"), "--into", f.path("open/a.db")])
        try await Self.expectDenied(["import", f.path("secret.csv"), "--into", f.path("open/b.db")])
        #expect(!FileManager.default.fileExists(atPath: f.path("open/a.db")))
    }

    /// A folder with a subfolder the user may not list prints all the rest, as `find` does, then
    /// names the subfolder and exits 77.
    @Test func printOfAFolderPassesOverAnUnreadableSubfolder() async throws {
        let f = try await Fixture()
        let tree = f.url("tree")
        for folder in ["tree/a/locked", "tree/b"] {
            try FileManager.default.createDirectory(at: f.url(folder), withIntermediateDirectories: true)
        }
        for file in ["tree/a/locked/hidden.txt", "tree/a/seen.txt", "tree/b/last.txt"] {
            try Data("x".utf8).write(to: f.url(file))
        }
        for folder in ["tree", "tree/a", "tree/b"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f.path(folder))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: f.path("tree/a/locked"))
        let result = try await ProgramRunner.run(["print", tree.path], user: "nobody")
        #expect(result.status == 77, "\(result.error)")
        #expect(result.output == "tree\n├── a\n│   ├── locked\n│   └── seen.txt\n└── b\n    └── last.txt\n")
        #expect(result.error == "hierarchy: \(f.path("tree/a/locked")): permission denied\n")
    }

    @Test func storeCommandsOfAnUnreadableStore() async throws {
        let f = try await Fixture()
        try await Self.expectDenied(["search", f.path("secret.db"), "pump"])
        try await Self.expectDenied(["export", f.path("secret.db"), "--format", "json"])
        try await Self.expectDenied(["add", f.path("secret.db"), "--parent", "#0", "--title", "New"])
        try await Self.expectDenied(["rename", f.path("secret.db"), "#1", "Renamed"])
        try await Self.expectDenied(["move", f.path("secret.db"), "#1", "--parent", "#0"])
        try await Self.expectDenied(["delete", f.path("secret.db"), "#1", "--yes"])
    }

    @Test func writingWhereTheUserMayNot() async throws {
        let f = try await Fixture()
        try await Self.expectDenied(["generate", "--nodes", "10", "--depth", "2", "--into", f.path("closed/g.db")])
        try Data(#"{"title": "A"}"#.utf8).write(to: f.url("open/readable.json"))
        try await Self.expectDenied(["import", f.path("open/readable.json"), "--into", f.path("closed/i.db")])
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func browseAndListOnATerminal() async throws {
        let f = try await Fixture()
        for command in ["browse", "list"] {
            let script = f.url("\(command).sh")
            try """
            \(ProgramRunner.runuser) -u nobody -- \(ProgramRunner.executable.path) \(command) '\(f.path("secret.json"))'
            echo EXIT=$?
            exec sleep 60
            """.write(to: script, atomically: true, encoding: .utf8)
            let tmux = try Tmux(command: "sh \(script.path)", columns: 200, rows: 10)
            let screen = try await tmux.waitFor("\(command) to exit") { $0.contains("EXIT=") }
            #expect(screen.contains("EXIT=77"), "\(command): \(screen)")
            #expect(screen.contains("permission denied"), "\(command): \(screen)")
        }
    }
}
