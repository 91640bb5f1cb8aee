import Foundation
import Synchronization
import Testing

@testable import TerminalUI

@Suite("Terminal", .serialized)
struct TerminalTests {
    /// A terminal on /dev/null (no termios) writing to a captured output.
    static func makeTerminal(handlesSignals: Bool = false) -> (Terminal, CapturedOutput, Int32) {
        let output = CapturedOutput()
        let fd = open("/dev/null", O_RDONLY)
        let terminal = Terminal(
            output: output, inputFileDescriptor: fd, environment: [:], handlesSignals: handlesSignals)
        return (terminal, output, fd)
    }

    static let enter =
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h"
    static let restore =
        "\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

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

    @Test(
        "Size falls back to COLUMNS and LINES, then to 80×24",
        arguments: [
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

    /// While another program has the terminal, the keyboard's SIGINT is discarded, not kept to
    /// end the browser once it takes the terminal back. The relay is held busy (its handler
    /// waits on the first event) while the terminal is handed over, the signal sent and the
    /// terminal taken back, as a loaded machine may delay it: the signal after comes first.
    @Test("A SIGINT while the terminal is handed over never ends the program after takeBack")
    func interruptWhileHandedOver() async throws {
        let output = CapturedOutput()
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        let terminal = Terminal(
            output: output, inputFileDescriptor: fd, environment: [:], handlesSignals: true,
            terminationGracePeriod: nil)
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        let gate = DispatchSemaphore(value: 0)
        let held = Mutex(true)
        terminal.setEventHandler { event in
            continuation.yield(event)
            let first = held.withLock { holding in
                defer { holding = false }
                return holding
            }
            if first { gate.wait() }
        }
        terminal.enter()
        kill(getpid(), SIGWINCH)
        let first = try await withTimeout { await stream.first { _ in true } }
        guard case .resize? = first else {
            Issue.record("expected a resize, got \(String(describing: first))")
            gate.signal()
            terminal.restore()
            return
        }
        // The relay thread is now waiting in the handler.
        terminal.handOver()
        kill(getpid(), SIGINT)
        terminal.takeBack()
        gate.signal()
        kill(getpid(), SIGWINCH)
        let next = try await withTimeout { await stream.first { _ in true } }
        terminal.restore()
        guard case .resize? = next else {
            Issue.record("expected the resize first, got \(String(describing: next))")
            return
        }
        #expect(!terminal.isActive)
    }

    /// Opens a pseudo-terminal pair: (controller, device).
    static func openPseudoTerminal() -> (Int32, Int32)? {
        let controller = systemPosixOpenpt(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { return nil }
        guard systemGrantpt(controller) == 0, systemUnlockpt(controller) == 0, let name = systemPtsname(controller)
        else {
            close(controller)
            return nil
        }
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else {
            close(controller)
            return nil
        }
        return (controller, device)
    }

    @Test("On a pseudo-terminal, enter switches to raw mode and restore brings the settings back")
    func rawMode() throws {
        let (controller, device) = try #require(Self.openPseudoTerminal())
        defer {
            close(device)
            close(controller)
        }
        var before = termios()
        #expect(tcgetattr(device, &before) == 0)
        #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0)
        let output = CapturedOutput()
        let terminal = Terminal(output: output, inputFileDescriptor: device, environment: [:], handlesSignals: false)
        terminal.enter()
        var raw = termios()
        #expect(tcgetattr(device, &raw) == 0)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        terminal.restore()
        var after = termios()
        #expect(tcgetattr(device, &after) == 0)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        terminal.restore()
        #expect(output.text == Self.enter + Self.restore)
    }

    @Test("The window size comes from the terminal when it knows it")
    func windowSize() throws {
        let (controller, device) = try #require(Self.openPseudoTerminal())
        defer {
            close(device)
            close(controller)
        }
        var window = winsize(ws_row: 33, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(controller, UInt(TIOCSWINSZ), &window) == 0)
        let size = Terminal.size(fileDescriptors: [device], environment: ["COLUMNS": "10", "LINES": "10"])
        #expect(size.columns == 120 && size.rows == 33)
    }
}

// The pseudo-terminal functions of the C library, which Glibc's module map does not export.
@_silgen_name("posix_openpt")
private func systemPosixOpenpt(_ flags: Int32) -> Int32
@_silgen_name("grantpt")
private func systemGrantpt(_ fd: Int32) -> Int32
@_silgen_name("unlockpt")
private func systemUnlockpt(_ fd: Int32) -> Int32
@_silgen_name("ptsname")
private func systemPtsname(_ fd: Int32) -> UnsafeMutablePointer<CChar>?
