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
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["print", feeder.path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        // The exit is an event: the termination handler ends this stream.
        let (exit, ended) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in ended.finish() }
        try process.run()
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        // Reading: the program opened the pipe (the feeder's open returned).
        let reading = await feeder.untilOpened()
        #expect(reading)
        kill(pid, number)
        for await _ in exit {}
        // Past the suite's time limit the wait is cancelled and the process may still run.
        let exited = !process.isRunning
        #expect(exited, "still running after signal \(number)")
        guard exited else { return }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
    }
}
