import Foundation
import HierarchyKit

/// Runs a screen full-screen: sets the terminal up, feeds it input bursts, resizes and
/// data arrivals, draws at most one frame per burst with one write, and restores the
/// terminal on every way out.
@MainActor
public enum TerminalRunLoop {
    private enum LoopEvent: Sendable {
        case terminal(TerminalEvent)
        case redraw
        case frameWritten
        /// A tick of an animated screen (``AnimatedTerminalScreen``).
        case tick
        /// The moment a screen asked to be drawn at (``TerminalScreen/redrawDeadline``).
        case wake(ContinuousClock.Instant)
        /// The input of this event source ended.
        case inputEnded(ObjectIdentifier)
    }

    /// The longest wait at exit (or suspension) for the frame in flight and the input thread.
    static let exitDrainTimeout: Duration = .milliseconds(100)

    /// Runs the Miller-column browser until the user quits or a termination signal arrives.
    ///
    /// - Parameters:
    ///   - browser: the screen to run.
    ///   - terminal: the terminal (entered here, restored before returning).
    ///   - capability: the colour capability frames are written for.
    ///   - onSearch: called for `/`; may run another screen and return.
    /// - Returns: the signal that ended the run, if any (the caller exits with 128 + signal).
    public static func run(
        _ browser: HierarchyBrowser, terminal: Terminal, capability: ColorCapability,
        onSearch: ((HierarchyBrowser) async -> Void)? = nil
    ) async -> Int32? {
        await run(
            screen: browser, terminal: terminal, capability: capability,
            onSearch: onSearch.map { search in { await search(browser) } })
    }

    /// Runs any screen until the user quits or a termination signal arrives.
    ///
    /// - Parameters:
    ///   - screen: the screen to run.
    ///   - terminal: the terminal (entered here, restored before returning).
    ///   - capability: the colour capability frames are written for.
    ///   - onSearch: called for ``BrowserCommand/search``; may run another screen and return.
    /// - Returns: the signal that ended the run, if any (the caller exits with 128 + signal).
    public static func run(
        screen: any TerminalScreen, terminal: Terminal, capability: ColorCapability,
        onSearch: (() async -> Void)? = nil
    ) async -> Int32? {
        let (stream, continuation) = AsyncStream.makeStream(of: LoopEvent.self, bufferingPolicy: .unbounded)
        var redrawPending = false
        screen.setRedrawHandler {
            guard !redrawPending else { return }
            redrawPending = true
            continuation.yield(.redraw)
        }
        terminal.enter()
        // Reads keys until the user quits, or until another program gets the terminal (a new
        // source reads them afterwards).
        func startReading() -> (TerminalEventSource, Task<Void, Never>) {
            let events = TerminalEventSource(inputFileDescriptor: terminal.inputFileDescriptor, terminal: terminal)
            events.start()
            let forward = Task {
                for await event in events.events { continuation.yield(.terminal(event)) }
                continuation.yield(.inputEnded(ObjectIdentifier(events)))
            }
            return (events, forward)
        }
        var (events, forward) = startReading()
        var renderer = FrameRenderer(capability: capability)
        let writer = FrameWriter(terminal: terminal)
        // Set while the screen changed but a frame was still being written; drawn when it ends.
        var frameDeferred = false
        func drawFrame() {
            guard !writer.isBusy else {
                frameDeferred = true
                return
            }
            frameDeferred = false
            let frame = screen.render()
            writer.submit(renderer.render(frame, cursor: screen.cursorPosition)) { continuation.yield(.frameWritten) }
        }
        // An animated screen gets one tick per interval while it animates, none otherwise.
        var tickScheduled = false
        func scheduleTick() {
            guard !tickScheduled, let animated = screen as? AnimatedTerminalScreen, animated.isAnimating else { return }
            tickScheduled = true
            Task {
                try? await Task.sleep(for: animationTickInterval)
                continuation.yield(.tick)
            }
        }
        // A screen that changes by itself at a moment (a notice leaving) gets a frame then.
        var wakeScheduled: ContinuousClock.Instant?
        func scheduleWake() {
            guard let deadline = screen.redrawDeadline, deadline != wakeScheduled else { return }
            wakeScheduled = deadline
            Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                continuation.yield(.wake(deadline))
            }
        }
        let size = terminal.size()
        screen.resize(columns: size.columns, rows: size.rows)
        var endedBy: Int32?
        drawFrame()
        scheduleTick()
        scheduleWake()

        loop: for await event in stream {
            switch event {
            case .redraw:
                redrawPending = false
            case .frameWritten:
                guard frameDeferred else { continue loop }
            case .wake(let deadline):
                if deadline == wakeScheduled { wakeScheduled = nil }
            case .tick:
                tickScheduled = false
                guard let animated = screen as? AnimatedTerminalScreen, animated.isAnimating else { continue loop }
                animated.advanceAnimation()
            case .inputEnded(let source):
                guard source == ObjectIdentifier(events) else { continue loop }
                break loop
            case .terminal(.input(var input)):
                // Raw mode delivers Ctrl-Z as a key: suspend as the shell's job control would.
                let suspendKey = InputEvent.key(KeyEvent(.character("z"), modifiers: .control))
                if let index = input.firstIndex(of: suspendKey) {
                    input.removeSubrange(index...)
                    _ = screen.handle(input)
                    await writer.drain(timeout: Self.exitDrainTimeout)
                    terminal.suspend()
                    continue loop
                }
                // One event at a time: a command that hands the keys elsewhere (the search list,
                // a program) takes effect before the keys typed after it in the same burst
                // (`/pump` typed or pasted at once searches for "pump").
                for event in input {
                    for command in screen.handle([event]) {
                        switch command {
                        case .quit: break loop
                        case .interrupt:
                            endedBy = SIGINT
                            break loop
                        case .write(let bytes): writer.enqueue(bytes)
                        case .search:
                            if let onSearch {
                                await onSearch()
                                renderer.invalidate()
                            }
                        case .run(let program):
                            // The program gets the terminal and every key until it ends.
                            await writer.drain(timeout: Self.exitDrainTimeout)
                            _ = await events.stop(timeout: Self.exitDrainTimeout)
                            forward.cancel()
                            terminal.handOver()
                            let output = (terminal.output as? StandardOutput)?.fileDescriptor ?? STDOUT_FILENO
                            let failure = await program.run(input: terminal.inputFileDescriptor, output: output)
                            terminal.takeBack()
                            (events, forward) = startReading()
                            program.finished(failure)
                            let size = terminal.size()
                            screen.resize(columns: size.columns, rows: size.rows)
                            renderer.invalidate()
                        }
                    }
                }
            case .terminal(.resize(let columns, let rows)):
                screen.resize(columns: columns, rows: rows)
                renderer.invalidate()
            case .terminal(.suspend):
                continue loop
            case .terminal(.resume):
                let size = terminal.size()
                screen.resize(columns: size.columns, rows: size.rows)
                renderer.invalidate()
            case .terminal(.terminate(let signal)):
                endedBy = signal
                break loop
            }
            drawFrame()
            scheduleTick()
            scheduleWake()
        }
        // A frame still being written to a terminal that stopped reading must not hold the exit long.
        await writer.drain(timeout: Self.exitDrainTimeout)
        screen.setRedrawHandler(nil)
        // The input thread ends as soon as its wake pipe closes; never wait long for it.
        _ = await events.stop(timeout: Self.exitDrainTimeout)
        forward.cancel()
        terminal.restore()
        return endedBy
    }
}
