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
    }

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
        await run(screen: browser, terminal: terminal, capability: capability,
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
        let events = TerminalEventSource(terminal: terminal)
        events.start()
        let forward = Task {
            for await event in events.events { continuation.yield(.terminal(event)) }
            continuation.finish()
        }
        var renderer = FrameRenderer(capability: capability)
        let size = terminal.size()
        screen.resize(columns: size.columns, rows: size.rows)
        var endedBy: Int32?
        _ = terminal.write(renderer.render(screen.render()))

        loop: for await event in stream {
            switch event {
            case .redraw:
                redrawPending = false
            case .terminal(.input(var input)):
                // Raw mode delivers Ctrl-Z as a key: suspend as the shell's job control would.
                let suspendKey = InputEvent.key(KeyEvent(.character("z"), modifiers: .control))
                if let index = input.firstIndex(of: suspendKey) {
                    input.removeSubrange(index...)
                    _ = screen.handle(input)
                    terminal.suspend()
                    continue loop
                }
                for command in screen.handle(input) {
                    switch command {
                    case .quit: break loop
                    case .write(let bytes): _ = terminal.write(bytes)
                    case .search:
                        if let onSearch {
                            await onSearch()
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
            _ = terminal.write(renderer.render(screen.render()))
        }
        screen.setRedrawHandler(nil)
        _ = events.stop()
        forward.cancel()
        terminal.restore()
        return endedBy
    }
}
