import Synchronization
import Testing

@testable import ListFloorplan

/// A small entity: identity is `id`, equality also compares `name`.
struct Item: Identifiable, Equatable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var name: String

    init(_ id: Int, _ name: String? = nil) {
        self.id = id
        self.name = name ?? "item \(id)"
    }

    var description: String { name }
}

/// Items with ids in a range.
func items(_ range: Range<Int>, prefix: String = "item") -> [Item] {
    range.map { Item($0, "\(prefix) \($0)") }
}

enum Part: Hashable, CaseIterable, Sendable {
    case first, second
}

enum Only: Hashable, CaseIterable, Sendable {
    case all
}

struct LoaderFailure: Error, CustomStringConvertible {
    var description: String { "server unavailable" }
}

/// Drives a `ListState` like TCA's TestStore: every `send` states the expected effects and the
/// expected change, and the whole state is compared.
struct StateDriver<Entity: Identifiable & Equatable & Sendable, Section: Hashable & Sendable> {
    var state: ListState<Entity, Section>

    mutating func send(
        _ action: ListAction<Entity, Section>,
        effects expectedEffects: [ListEffect<Section>] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout ListState<Entity, Section>) -> Void = { _ in }
    ) {
        var expected = state
        update(&expected)
        let effects = state.send(action)
        #expect(effects == expectedEffects, sourceLocation: sourceLocation)
        #expect(state == expected, sourceLocation: sourceLocation)
        #expect(state._checkInvariants() == nil, sourceLocation: sourceLocation)
    }
}

/// A call a `ControlledLoader` received and holds until the test answers it.
struct LoaderCall: Sendable {
    var range: Range<Int>?
    var searchString: String?
    var continuation: CheckedContinuation<[Item], any Error>

    func answer(_ items: [Item]) { continuation.resume(returning: items) }
    func fail() { continuation.resume(throwing: LoaderFailure()) }
}

/// A loader whose calls wait until the test answers them, in any order.
final class ControlledLoader: Sendable {
    let calls: AsyncStream<LoaderCall>
    private let sink: AsyncStream<LoaderCall>.Continuation

    init() {
        (calls, sink) = AsyncStream.makeStream(of: LoaderCall.self)
    }

    var loader: DataLoader<Item> {
        DataLoader { [sink] range, searchString in
            try await withCheckedThrowingContinuation { continuation in
                sink.yield(LoaderCall(range: range, searchString: searchString, continuation: continuation))
            }
        }
    }
}

/// Records the calls made to an in-memory loader.
final class CallLog: Sendable {
    private let calls = Mutex<[String]>([])

    var entries: [String] { calls.withLock { $0 } }

    func record(_ range: Range<Int>?, _ searchString: String?) {
        let text = "\(range.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "all") \(searchString ?? "-")"
        calls.withLock { $0.append(text) }
    }

    /// An in-memory loader over `items` that logs each call and matches names containing the search.
    func loader(_ items: [Item], failing: Bool = false) -> DataLoader<Item> {
        let inner = DataLoader.inMemory(items) { $0.name.contains($1) }
        return DataLoader { range, searchString in
            self.record(range, searchString)
            if failing { throw LoaderFailure() }
            return try await inner.query(forItemsIn: range, with: searchString)
        }
    }
}
