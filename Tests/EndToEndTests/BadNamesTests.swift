import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real program on hostile names and sizes: escape sequences and invalid UTF-8 in names, a
/// symbolic link loop, and a terminal resized to 1×1 and back.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct BadNamesTests {
    @Test func hostileNamesAndATinyTerminalLeaveTheScreenSane() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hierarchy-bad-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A name that would clear the screen and set the window title if written raw.
        FileManager.default.createFile(atPath: dir + "/esc\u{1B}[2J\u{1B}]0;owned\u{7}name", contents: Data())
        // A name that is not UTF-8 (bytes FF FE).
        let invalid = Array(dir.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array("-name".utf8) + [0]
        let fd = invalid.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                open($0, O_CREAT | O_WRONLY, 0o644)
            }
        }
        #expect(fd >= 0)
        close(fd)
        #expect(symlink(".", dir + "/loop") == 0)
        #expect(symlink("loop2", dir + "/loop1") == 0)
        #expect(symlink("loop1", dir + "/loop2") == 0)

        let tmux = try Tmux.program("'\(dir)'", rows: 30)
        let first = try await tmux.waitFor("the first frame") { $0.contains("esc^[[2J") && $0.contains("loop2") }
        #expect(first.contains("bad-"))
        #expect(try tmux.format("pane_title") != "owned")
        // Walk over every entry (the loop and the links included) and into the loop.
        for _ in 0..<8 { try tmux.send("j") }
        try tmux.send("G")
        try tmux.send("l")
        try await tmux.waitFor("still drawing") { $0.contains("? help") }
        // 1×1 and back: no crash, and the full frame returns.
        try tmux.tmux(["resize-window", "-t", tmux.session, "-x", "1", "-y", "1"])
        try await tmux.waitFor("the pane at 1×1") { _ in (try? tmux.format("pane_width")) == "1" }
        try tmux.tmux(["resize-window", "-t", tmux.session, "-x", "120", "-y", "30"])
        try tmux.send("g")
        let back = try await tmux.waitFor("the frame back at full size") {
            $0.contains("? help") && $0.contains("folder")
        }
        #expect(back.split(separator: "\n").allSatisfy { $0.count <= 120 })
        try tmux.send("q")
        let end = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(end.contains("EXIT=0"))
        #expect(try tmux.format("alternate_on") == "0")
        #expect(try tmux.format("pane_title") != "owned")
    }
}
