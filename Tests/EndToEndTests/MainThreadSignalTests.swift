import Foundation
import HierarchyTestSupport
import Testing

/// A command whose work is blocked elsewhere (here, reading a FIFO that stays open) still ends
/// on a signal by the signal's default action: the main thread, parked by the async `main`,
/// takes the process's signals.
@Suite(.timeLimit(.minutes(2))) struct MainThreadSignalTests {
    @Test("print, blocked reading a FIFO, is ended by signal N", arguments: [SIGTERM, SIGINT, SIGHUP])
    func blockedReadEndsOnSignal(signal number: Int32) async throws {
        let dir = try ScratchDirectory.make("hierarchy-main-thread")
        defer { try? FileManager.default.removeItem(at: dir) }
        let feeder = try FIFOFeeder(path: dir.appendingPathComponent("doc.json").path)
        defer { feeder.close() }
        // The first items, then nothing: the reader waits for more with the pipe still open.
        feeder.write("{\"title\": \"Root\", \"children\": [\"first\", \"second\",\n")
        // Started as from a shell: default signal actions, whatever this test process ignores
        // (run as a background job, it ignores SIGINT, and a program keeps an ignored SIGINT).
        let pid = try spawnAsFromShell([ProgramRunner.executable.path, "print", feeder.path]) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Reading: the program opened the pipe (the feeder's open returned).
        let reading = await feeder.untilOpened()
        #expect(reading)
        kill(pid, number)
        // The exit is the event; past the suite's time limit the wait is cancelled and the
        // program killed.
        let (status, killed) = await reapChild(pid, killing: pid)
        #expect(!killed, "still running after signal \(number)")
        #expect(status & 0x7F == number, "wait status \(status)")
    }
}
