import ListFloorplan

/// Creates data queries on demand for a ``FUIListViewModel``.
///
/// Subclass it and override ``query(forItemsIn:with:)``: run the query, then set ``results`` (or
/// ``error``), right away or later. Setting either answers every query still waiting, so a loader
/// that answers only its latest query stays correct: the view model drops answers to queries a newer
/// one replaced.
///
/// ```swift
/// class ProductDataLoader: FUIDataLoader<Product> {
///     override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
///         results = store.products(in: range, matching: searchString)
///     }
/// }
/// ```
@MainActor
open class FUIDataLoader<Entity: Identifiable> {
    /// The results of the last query; setting them answers the waiting queries.
    public var results: [Entity] = [] {
        didSet { answer(.success(results)) }
    }

    /// The error of the last query; setting a non-`nil` error fails the waiting queries.
    public var error: (any Error)? {
        didSet {
            if let error { answer(.failure(error)) }
        }
    }

    private var waiting: [(id: Int, continuation: CheckedContinuation<HandedResults, any Error>)] = []
    private var nextID = 0

    /// Creates a loader.
    public init() {}

    /// Starts a query; override it and set ``results`` or ``error`` when done.
    ///
    /// - Parameters:
    ///   - range: The positions of the requested items, or `nil` for all items.
    ///   - searchString: The search text, or `nil` for the unfiltered list.
    open func query(forItemsIn range: Range<Int>? = nil, with searchString: String? = nil) {}

    private func answer(_ outcome: Result<[Entity], any Error>) {
        let answered = waiting
        waiting.removeAll()
        for entry in answered { entry.continuation.resume(with: outcome.map { HandedResults(entities: $0) }) }
    }

    private func cancelQuery(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Runs a query and waits for the results or error it publishes.
    ///
    /// - Parameters:
    ///   - range: The positions asked for, or `nil` for all items.
    ///   - searchString: The search text, if any.
    /// - Returns: The published results.
    /// - Throws: The published error, or `CancellationError` if the waiting task is cancelled.
    func load(_ range: Range<Int>?, _ searchString: String?) async throws -> HandedResults {
        nextID += 1
        let id = nextID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.append((id, continuation))
                query(forItemsIn: range, with: searchString)
            }
        } onCancel: {
            Task { @MainActor in self.cancelQuery(id) }
        }
    }

    /// The results of a query on their way to the view model.
    ///
    /// `@unchecked Sendable`: entities need not be `Sendable` (a public struct, a generated
    /// proxy class); the loader publishes them once, on the main actor, and the view model
    /// only reads them there.
    struct HandedResults: @unchecked Sendable {
        let entities: [Entity]
    }
}

extension FUIDataLoader {
    /// The loader as a `DataLoader` for a `ListViewModel`.
    public var dataLoader: DataLoader<Entity> {
        DataLoader { range, searchString in
            try await self.load(range, searchString).entities
        }
    }
}
