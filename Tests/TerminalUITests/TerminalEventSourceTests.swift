import Foundation
import Testing

@testable import TerminalUI

@Suite("TerminalEventSource")
struct TerminalEventSourceTests {
    static func char(_ c: Character) -> InputEvent {
        .key(KeyEvent(.character(c)))
    }

    @Test("Bytes available together arrive as one burst")
    func burst() async throws {
        let pipe = TestPipe()
        let source = TerminalEventSource(inputFileDescriptor: pipe.readFD)
        source.start()
        pipe.write("\u{1B}[Ax\u{1B}[<0;2;3M")
        let event = try await withTimeout { await source.events.first { _ in true } }
        #expect(
            event
                == .input([
                    .key(KeyEvent(.up)), Self.char("x"), .mouse(MouseEvent(kind: .press, button: .left, x: 1, y: 2)),
                ]))
        #expect(await source.stop(timeout: .seconds(60)))
    }

    @Test("A lone ESC becomes the Escape key after the timeout")
    func loneEscape() async throws {
        let pipe = TestPipe()
        let source = TerminalEventSource(inputFileDescriptor: pipe.readFD, escapeTimeout: .milliseconds(10))
        source.start()
        pipe.write([0x1B])
        let event = try await withTimeout { await source.events.first { _ in true } }
        #expect(event == .input([.key(KeyEvent(.escape))]))
        #expect(await source.stop(timeout: .seconds(60)))
    }

    @Test("End of input flushes pending bytes, reports SIGHUP and ends the stream")
    func endOfInput() async throws {
        let pipe = TestPipe()
        let source = TerminalEventSource(inputFileDescriptor: pipe.readFD, escapeTimeout: .seconds(60))
        source.start()
        pipe.write("q\u{1B}")
        pipe.closeWriteEnd()
        let events = try await withTimeout {
            var all: [TerminalEvent] = []
            for await event in source.events { all.append(event) }
            return all
        }
        let inputs = events.flatMap { event -> [InputEvent] in
            if case .input(let items) = event { return items }
            return []
        }
        #expect(inputs == [Self.char("q"), .key(KeyEvent(.escape))])
        #expect(events.last == .terminate(signal: SIGHUP))
        await source.stop()
    }

    @Test("stop ends the thread and the stream promptly", arguments: [false, true])
    func stop(started: Bool) async throws {
        let pipe = TestPipe()
        let source = TerminalEventSource(inputFileDescriptor: pipe.readFD)
        if started { source.start() }
        #expect(await source.stop(timeout: .seconds(60)))
        let remaining = try await withTimeout {
            var count = 0
            for await _ in source.events { count += 1 }
            return count
        }
        #expect(remaining == 0)
        #expect(await source.stop(timeout: .seconds(60)))
    }

    @Test("Terminal events join the stream")
    func terminalEvents() async throws {
        let pipe = TestPipe()
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        let terminal = Terminal(
            output: CapturedOutput(), inputFileDescriptor: fd, environment: [:], handlesSignals: false)
        let source = TerminalEventSource(inputFileDescriptor: pipe.readFD, terminal: terminal)
        source.start()
        terminal.enter()
        terminal.handleSignal(SIGWINCH)
        let event = try await withTimeout { await source.events.first { _ in true } }
        #expect(event == .resize(columns: terminal.size().columns, rows: terminal.size().rows))
        await source.stop()
        terminal.restore()
    }
}
