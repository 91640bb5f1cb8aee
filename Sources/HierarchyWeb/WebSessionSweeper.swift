import Hummingbird
import ServiceLifecycle

/// The server's service that drops idle sessions on a timer, so their memory goes back even
/// when no request arrives to trigger the check.
struct WebSessionSweeper: Service {
    let store: WebSessionStore
    let interval: Duration

    func run() async throws {
        let store = store
        let interval = interval
        try await cancelWhenGracefulShutdown {
            await store.sweep(every: interval)
        }
    }
}
