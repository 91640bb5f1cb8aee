import Foundation
import Testing
@testable import TerminalUI

@Suite("Terminal", .serialized)
struct TerminalTests {
    /// A terminal on /dev/null (no termios) writing to a captured output.
    static func makeTerminal(handlesSignals: Bool = false) -> (Terminal, CapturedOutput, Int32) {
        let output = CapturedOutput()
        let fd = open("/dev/null", O_RDONLY)
        let terminal = Terminal(output: output, inputFileDescriptor: fd, environment: [:], handlesSignals: handlesSignals)
        return (terminal, output, fd)
    }

    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h"
    static let restore = "\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    @Test("enter sets up the screen once; restore undoes it once")
    func enterAndRestore() {
        let (terminal, output, fd) = Self.makeTerminal()
        defer { close(fd) }
        #expect(!terminal.isActive)
        terminal.enter()
        terminal.enter()
        #expect(terminal.isActive)
        #expect(output.text == Self.enter)
        terminal.restore()
        terminal.restore()
        #expect(!terminal.isActive)
        #expect(output.text == Self.enter + Self.restore)
        #expect(output.writeCount == 2)
    }

    @Test("restore before enter writes nothing")
    func restoreWithoutEnter() {
        let (terminal, output, fd) = Self.makeTerminal()
        defer { close(fd) }
        terminal.restore()
        #expect(output.bytes.isEmpty)
    }

    @Test("Frames are written only while the terminal is active")
    func guardedWrites() {
        let (terminal, output, fd) = Self.makeTerminal()
        defer { close(fd) }
        #expect(!terminal.write([0x41]))
        terminal.enter()
        output.reset()
        #expect(terminal.write([0x42]))
        terminal.restore()
        #expect(!terminal.write([0x43]))
        #expect(output.text == "B" + Self.restore)
    }

    @Test("Dropping an active terminal restores it")
    func deinitRestores() {
        let output = CapturedOutput()
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        do {
            let terminal = Terminal(output: output, inputFileDescriptor: fd, environment: [:], handlesSignals: false)
            terminal.enter()
        }
        #expect(output.text == Self.enter + Self.restore)
    }

    @Test("Size falls back to COLUMNS and LINES, then to 80×24", arguments: [
        ([:], 80, 24), (["COLUMNS": "132", "LINES": "43"], 132, 43), (["COLUMNS": "0", "LINES": "x"], 80, 24),
        (["COLUMNS": "1", "LINES": "1"], 1, 1),
    ])
    func sizeFallback(environment: [String: String], columns: Int, rows: Int) {
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        let size = Terminal.size(fileDescriptors: [fd], environment: environment)
        #expect(size.columns == columns && size.rows == rows)
    }

    @Test("SIGWINCH reports a resize and SIGCONT re-enters the screen")
    func signals() async throws {
        let (terminal, output, fd) = Self.makeTerminal(handlesSignals: true)
        defer { close(fd) }
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        terminal.setEventHandler { continuation.yield($0) }
        terminal.enter()
        output.reset()
        kill(getpid(), SIGWINCH)
        let first = try await withTimeout {
            var iterator = stream.makeAsyncIterator()
            let resize = await iterator.next()
            kill(getpid(), SIGCONT)
            let resume = await iterator.next()
            return [resize, resume]
        }
        guard case .resize(let columns, let rows)? = first[0] else {
            Issue.record("expected a resize, got \(String(describing: first[0]))")
            return
        }
        #expect(columns > 0 && rows > 0)
        #expect(first[1] == .resume)
        #expect(output.text == Self.enter)
        terminal.restore()
        #expect(output.text == Self.enter + Self.restore)
        #expect(!terminal.isActive)
    }
}
