import Foundation
import HierarchyKit

/// Runs a browser full-screen: sets the terminal up, feeds it input bursts, resizes and
/// data arrivals, draws at most one frame per burst with one write, and restores the
/// terminal on every way out.
@MainActor
public enum TerminalRunLoop {
    private enum LoopEvent: Sendable {
        case terminal(TerminalEvent)
        case redraw
    }

    /// Runs until the user quits or a termination signal arrives.
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
        let (stream, continuation) = AsyncStream.makeStream(of: LoopEvent.self, bufferingPolicy: .unbounded)
        var redrawPending = false
        browser.view.setNeedsDisplayHandler = {
            guard !redrawPending else { return }
            redrawPending = true
            continuation.yield(.redraw)
        }
        let previousActivity = browser.dataSource.activityHandler
        browser.dataSource.activityHandler = { count in
            previousActivity?(count)
            if !redrawPending {
                redrawPending = true
                continuation.yield(.redraw)
            }
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
        browser.resize(columns: size.columns, rows: size.rows)
        var endedBy: Int32?
        _ = terminal.write(renderer.render(browser.render()))

        loop: for await event in stream {
            switch event {
            case .redraw:
                redrawPending = false
            case .terminal(.input(let input)):
                for command in browser.handle(input) {
                    switch command {
                    case .quit: break loop
                    case .write(let bytes): _ = terminal.write(bytes)
                    case .search:
                        if let onSearch {
                            await onSearch(browser)
                            renderer.invalidate()
                        }
                    }
                }
            case .terminal(.resize(let columns, let rows)):
                browser.resize(columns: columns, rows: rows)
                renderer.invalidate()
            case .terminal(.suspend):
                continue loop
            case .terminal(.resume):
                let size = terminal.size()
                browser.resize(columns: size.columns, rows: size.rows)
                renderer.invalidate()
            case .terminal(.terminate(let signal)):
                endedBy = signal
                break loop
            }
            _ = terminal.write(renderer.render(browser.render()))
        }
        browser.view.setNeedsDisplayHandler = nil
        browser.dataSource.activityHandler = previousActivity
        _ = events.stop()
        forward.cancel()
        terminal.restore()
        return endedBy
    }
}
