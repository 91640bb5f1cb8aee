import Dispatch
import Foundation
import Synchronization

/// Catches termination signals for a server: remembers the first one received (so the
/// program can exit with 128 + its number) and calls `stop` once.
final class WebSignalStopper: @unchecked Sendable {
    /// The first signal received (shared with the handlers).
    private final class First: Sendable {
        let value = Mutex<Int32?>(nil)

        /// Records `number` if it is the first; true then.
        func record(_ number: Int32) -> Bool {
            value.withLock { received in
                guard received == nil else { return false }
                received = number
                return true
            }
        }
    }

    /// Set once here and only cancelled afterwards (so `@unchecked Sendable` holds).
    private let sources: [any DispatchSourceSignal]
    private let numbers: [Int32]
    private let first = First()

    /// Starts catching `signals` (their default action is replaced until `cancel()`).
    init(signals: [Int32], stop: @escaping @Sendable () -> Void) {
        let first = self.first
        numbers = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if first.record(number) { stop() }
            }
            source.resume()
            return source
        }
    }

    /// The first signal received, nil while none was.
    var received: Int32? { first.value.withLock { $0 } }

    /// Stops catching the signals (their default action is back).
    func cancel() {
        for source in sources { source.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
    }
}
