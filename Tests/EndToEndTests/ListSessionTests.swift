import Foundation
import HierarchyTestSupport
import Testing

/// The list floorplan in the real program: the global search of `browse` and `hierarchy list`.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct ListSessionTests {
    func start(_ arguments: String = "", columns: Int = 120, rows: Int = 40) throws -> Tmux {
        try Tmux.program(arguments, columns: columns, rows: rows)
    }

    @Test func searchingTheSampleLandsOnADeepItem() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") && $0.contains("? help") }
        try tmux.send("/")
        try await tmux.waitFor("the search list") { $0.contains("Search Sample plant") && $0.contains("Top level") }
        try tmux.send("V-238")
        try await tmux.waitFor("the result with its path") {
            $0.contains("› Bypass valve V-238")
                && $0.contains("Hamburg Plant › Steam distribution › Steam header north")
        }
        try tmux.send("Enter")
        let screen = try await tmux.waitFor("the item revealed in the columns") {
            $0.split(separator: "\n").first?.contains("Bypass valve V-238") == true
        }
        let pathLine = String(screen.split(separator: "\n").first ?? "")
        #expect(pathLine.contains("Hamburg Plant › Steam distribution › Steam header north › Bypass valve V-238"))
        #expect(screen.contains("? help"))
        // The columns have the keys again.
        try tmux.send("q")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"))
    }

    /// `/` and the query typed (or pasted) in one burst: the keys after `/` go to the search list,
    /// not to the columns' type-select.
    @Test func keysTypedWithTheSlashGoToTheSearch() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") && $0.contains("? help") }
        try tmux.send("/V-238")
        let screen = try await tmux.waitFor("the result") { $0.contains("› Bypass valve V-238") }
        #expect(screen.split(separator: "\n").first?.contains("V-238") == true)
        try tmux.send("Escape")
        try await tmux.waitFor("the columns again") { $0.contains("? help  q quit") }
        try tmux.send("q")
        try await tmux.waitFor("the program to exit") { $0.contains("EXIT=0") }
    }

    @Test func escapeClosesTheSearchWithoutMoving() async throws {
        let tmux = try start()
        try await tmux.waitFor("the first frame") { $0.contains("Production") && $0.contains("? help") }
        let before = try tmux.screen().split(separator: "\n").first.map(String.init)
        try tmux.send("/")
        try await tmux.waitFor("the search list") { $0.contains("Search Sample plant") }
        try tmux.send("Escape")
        let after = try await tmux.waitFor("the columns again") { $0.contains("? help  q quit") }
        #expect(after.split(separator: "\n").first.map(String.init) == before)
        try tmux.send("q")
        try await tmux.waitFor("the program to exit") { $0.contains("EXIT=0") }
    }

    @Test func listTheSampleSearchAndQuit() async throws {
        let tmux = try start("list")
        try await tmux.waitFor("the first page") { $0.contains("› Hamburg Plant") && $0.contains("Top level") }
        try tmux.send("Compressed air")
        try await tmux.waitFor("the search result") {
            $0.contains("› Compressed air") && $0.contains("Hamburg Plant › Utilities")
        }
        // Enter selects and stays.
        try tmux.send("Enter")
        try await tmux.waitFor("still listing") { $0.contains("/ Compressed air") }
        try tmux.send("Escape")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"))
    }

    @Test func aDirectorySearchStreamsAndCtrlSFindsEveryResult() async throws {
        let files = FileManager.default
        let dir = files.temporaryDirectory.appendingPathComponent("hierarchy-list-\(UUID().uuidString)").path
        defer { try? files.removeItem(atPath: dir) }
        // 60 matches in 60 folders: more than one page of the list (50 rows).
        for a in 0..<60 {
            try files.createDirectory(atPath: "\(dir)/area-\(a)/unit", withIntermediateDirectories: true)
            #expect(files.createFile(atPath: "\(dir)/area-\(a)/unit/pump-\(a).txt", contents: Data()))
        }
        let tmux = try start("list '\(dir)'")
        try await tmux.waitFor("the first page") { $0.contains("area-") && $0.contains("^R refresh") }
        try tmux.send("pump")
        let page = try await tmux.waitFor("the first page of results") {
            $0.contains("pump-") && $0.contains("of 50+") && !$0.contains("searching…")
        }
        #expect(page.contains("^S all results"))
        try tmux.send("C-s")
        let all = try await tmux.waitFor("every result") { $0.contains("of 60 ") }
        #expect(!all.contains("^S all results"))
        try tmux.send("Escape")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("EXIT=") }
        #expect(end.contains("EXIT=0"))
    }
}
