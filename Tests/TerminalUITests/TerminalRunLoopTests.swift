import Dispatch
import Foundation
import HierarchyTestSupport
import Synchronization
import Testing

@testable import TerminalUI

/// An output whose writes after the first (the enter sequence) block until released, as a
/// terminal that stopped reading would.
final class StallingOutput: TerminalOutput {
    private let gate = DispatchSemaphore(value: 0)
    /// Writes so far, whether one is blocked now, and whether the gate is open.
    let state = Observed<(writes: Int, blocked: Bool, open: Bool)>((0, false, false))

    func write(_ bytes: [UInt8]) {
        let mustWait = state.withLock { state -> Bool in
            state.writes += 1
            let wait = state.writes > 1 && !state.open
            state.blocked = wait
            return wait
        }
        if mustWait {
            gate.wait()
            state.withLock { $0.blocked = false }
        }
    }

    var isBlocked: Bool { state.value.blocked }
    var writes: Int { state.value.writes }

    /// Lets every blocked and later write through. Idempotent.
    func release() {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.open = true }
            return state.open
        }
        if !wasOpen { gate.signal() }
    }
}

/// A screen that counts the keys it handles and quits on `q`.
@MainActor
final class CountingScreen: TerminalScreen {
    /// The keys handled and the frames rendered so far (tests wait on it).
    let seen = Observed<(keys: [InputEvent], renders: Int)>(([], 0))
    var keys: [InputEvent] { seen.value.keys }
    var renders: Int { seen.value.renders }

    func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        seen.withLock { $0.keys += events }
        return events.contains(.key(KeyEvent(.character("q")))) ? [.quit] : []
    }

    func render() -> ScreenBuffer {
        seen.withLock { $0.renders += 1 }
        var buffer = ScreenBuffer(width: 20, height: 3)
        buffer.put("keys \(keys.count)", x: 0, y: 0, maxWidth: 20, style: TextStyle())
        return buffer
    }

    func resize(columns: Int, rows: Int) {}
    func setRedrawHandler(_ handler: (() -> Void)?) {}
}

/// A screen that asks to be drawn again at a moment already come (a notice that leaves), once.
@MainActor
final class DeadlineScreen: TerminalScreen {
    /// The frames rendered so far (tests wait on it).
    let rendered = Observed(0)
    var renders: Int { rendered.value }
    let deadline = ContinuousClock.now

    func handle(_ events: [InputEvent]) -> [BrowserCommand] {
        events.contains(.key(KeyEvent(.character("q")))) ? [.quit] : []
    }

    func render() -> ScreenBuffer {
        let renders = rendered.withLock { renders in
            renders += 1
            return renders
        }
        var buffer = ScreenBuffer(width: 20, height: 3)
        buffer.put("frame \(renders)", x: 0, y: 0, maxWidth: 20, style: TextStyle())
        return buffer
    }

    var redrawDeadline: ContinuousClock.Instant? { renders < 2 ? deadline : nil }

    func resize(columns: Int, rows: Int) {}
    func setRedrawHandler(_ handler: (() -> Void)?) {}
}

@Suite("TerminalRunLoop", .timeLimit(.minutes(10)))
@MainActor
struct TerminalRunLoopTests {
    @Test("Keys are handled at once while a frame write is stalled; the newest frame follows")
    func keysWhileAWriteStalls() async throws {
        let output = StallingOutput()
        let pipe = TestPipe()
        let terminal = Terminal(
            output: output, inputFileDescriptor: pipe.readFD, environment: [:], handlesSignals: false)
        let screen = CountingScreen()
        let run = Task { await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: .none) }
        // Whatever happens, the stall ends and the loop is told to quit within 5 minutes (a
        // guard against hanging only: a loaded run may wait long for the main actor).
        let watchdog = Task.detached {
            try? await Task.sleep(for: .seconds(300))
            output.release()
            pipe.write("q")
        }
        defer { watchdog.cancel() }

        #expect(await output.state.until { $0.blocked })
        pipe.write("jjj")
        #expect(await screen.seen.until { $0.keys.count == 3 })
        // Still stalled: the three keys were handled without waiting for the terminal.
        #expect(output.isBlocked)
        #expect(screen.renders == 1)

        output.release()
        // The deferred frame is drawn once the stalled write ends: the newest state, drawn once.
        #expect(await screen.seen.until { $0.renders == 2 })
        #expect(await output.state.until { $0.writes >= 3 })
        pipe.write("q")
        let signal = await run.value
        #expect(signal == nil)
        #expect(screen.keys.count == 4)
        #expect(!terminal.isActive)
    }

    @Test("Quitting does not wait for the input thread")
    func quitIsPrompt() async throws {
        let output = CapturedOutput()
        let pipe = TestPipe()
        let terminal = Terminal(
            output: output, inputFileDescriptor: pipe.readFD, environment: [:], handlesSignals: false)
        let screen = CountingScreen()
        let run = Task { await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: .none) }
        #expect(await screen.seen.until { $0.renders == 1 })
        pipe.write("q")
        // The input thread stays blocked in its read of a pipe that stays open until the test
        // ends: the loop returning at all (the bound only guards against a hang) shows it
        // does not wait for that thread. How fast it returns is the terminal tests' measure. The
        // bound is generous: on a loaded machine the main actor may wait minutes for a turn.
        _ = try await withTimeout(.seconds(300)) { await run.value }
        #expect(output.text.hasSuffix(String(decoding: Terminal.restoreSequence, as: UTF8.self)))
    }

    @Test("A screen that changes by itself at a moment gets a frame then, with no key pressed")
    func redrawAtTheScreensDeadline() async throws {
        let output = CapturedOutput()
        let pipe = TestPipe()
        let terminal = Terminal(
            output: output, inputFileDescriptor: pipe.readFD, environment: [:], handlesSignals: false)
        let screen = DeadlineScreen()
        let run = Task { await TerminalRunLoop.run(screen: screen, terminal: terminal, capability: .none) }
        // Each frame drawn is rendered once: the second is the one the deadline asked for.
        #expect(await screen.rendered.until { $0 == 2 })
        pipe.write("q")
        _ = try await withTimeout(.seconds(300)) { await run.value }
        // Once nothing is due, no more frames come by themselves.
        #expect(screen.renders == 2)
    }
}
