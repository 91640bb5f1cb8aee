import Foundation
import HierarchySources
import Logging
import PostgresNIO
import Synchronization

/// Listens on the store's `hierarchy_changes` channel (one connection per source, however many
/// views subscribe) and turns the triggers' notifications into `HierarchySourceChange`s.
///
/// When the connection fails it publishes `.connection(available: false)`, retries every half
/// second, and once back publishes `.connection(available: true)` and `.reset` (changes made in
/// between were not heard).
final class PostgresChangeFeed: Sendable {
    let url: PostgresStoreURL
    let broadcaster: ChangeBroadcaster
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let stopped = Mutex(false)
    /// Whether the listener has issued `LISTEN`, and who waits for it.
    /// Whether the listener has issued `LISTEN`; ``untilListening()`` waits on it.
    private let listening = ObservedValue(false)
    /// How long the feed waits before connecting again.
    static let retryInterval = Duration.milliseconds(500)
    /// The clock the retries wait on (a test's `TestClock` drives them).
    private let clock: any Clock<Duration>

    init(url: PostgresStoreURL, clock: any Clock<Duration> = ContinuousClock()) {
        self.url = url
        self.clock = clock
        let box = WeakBox()
        self.broadcaster = ChangeBroadcaster { box.feed?.start() }
        box.feed = self
    }

    private final class WeakBox: @unchecked Sendable {
        // @unchecked: written once in `init` before any subscriber can call `start`.
        weak var feed: PostgresChangeFeed?
    }

    private func start() {
        task.withLock { task in
            guard task == nil, !stopped.withLock({ $0 }) else { return }
            task = Task { [weak self] in await self?.listen() }
        }
    }

    func stop() {
        stopped.withLock { $0 = true }
        let running = task.withLock { $0 }
        running?.cancel()
        broadcaster.finish()
    }

    private func listen() async {
        let logger = Logger(label: "HierarchyPostgres.listen", factory: { _ in SwiftLogNoOpLogHandler() })
        var wasConnected = false
        var reportedDown = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: PostgresSource.connectionConfiguration(url), id: 2, logger: logger)
                wasConnected = true
                // Back only once LISTEN is in place: a change made before it would be missed
                // by the `.reset` that tells views to read again.
                let outage = Outage(reportedDown)
                do {
                    try await connection.listen(on: PostgresSchema.channel) { notifications in
                        setListening(true)
                        if outage.end() {
                            broadcaster.publish(.connection(available: true))
                            broadcaster.publish(.reset)
                        }
                        for try await notification in notifications {
                            for change in Self.changes(fromPayload: notification.payload) {
                                broadcaster.publish(change)
                            }
                        }
                    }
                } catch {
                    setListening(false)
                }
                reportedDown = outage.isOngoing
                try? await connection.close()
            } catch {
                _ = wasConnected
            }
            if Task.isCancelled { break }
            if !reportedDown {
                broadcaster.publish(.connection(available: false))
                reportedDown = true
            }
            try? await clock.sleep(for: Self.retryInterval)
        }
    }

    /// Whether the listener has issued `LISTEN` (changes committed from now on are heard).
    var isListening: Bool { listening.value }

    private func setListening(_ value: Bool) {
        listening.withLock { $0 = value }
    }

    /// Returns once the listener has issued `LISTEN`, or when the task is cancelled.
    func untilListening() async {
        _ = await listening.until { $0 }
    }

    /// The changes one notification stands for.
    static func changes(fromPayload payload: String) -> [HierarchySourceChange] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
            let op = object["op"] as? String
        else { return [.reset] }
        let id = object["id"] as? String
        let parent = object["parent"] as? String
        let position = (object["position"] as? NSNumber)?.intValue
        switch op {
        case "insert":
            guard let id, let parent, let position else { return [.reset] }
            return [.inserted(id: id, parentID: parent, index: position)]
        case "delete":
            guard let id, let parent, let position else { return [.reset] }
            return [.removed(id: id, parentID: parent, index: position)]
        case "move":
            guard let id, let parent, let position, let oldParent = object["oldParent"] as? String,
                let oldPosition = (object["oldPosition"] as? NSNumber)?.intValue
            else { return [.reset] }
            return [
                .removed(id: id, parentID: oldParent, index: oldPosition),
                .inserted(id: id, parentID: parent, index: position),
            ]
        case "update":
            guard let id else { return [.reset] }
            return [.updated(id: id)]
        case "children":
            guard let parent else { return [.reset] }
            return [.childrenChanged(parentID: parent)]
        default:
            return [.reset]
        }
    }
}

/// Whether an outage the views were told about is still to be announced as over.
private final class Outage: Sendable {
    private let ongoing: Mutex<Bool>

    init(_ ongoing: Bool) { self.ongoing = Mutex(ongoing) }

    var isOngoing: Bool { ongoing.withLock { $0 } }

    /// Ends the outage; whether there was one to end.
    func end() -> Bool {
        ongoing.withLock { ongoing in
            defer { ongoing = false }
            return ongoing
        }
    }
}
