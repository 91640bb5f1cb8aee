/// Maps `items` through `body` with at most `width` calls running at once, and returns the
/// results in the order of `items`.
///
/// For tests that run many independent programs or reads one after another: run side by side,
/// they finish sooner without changing what each one checks.
///
/// - Complexity: `items.count` calls of `body`, `width` of them at a time.
public func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], width: Int, _ body: @escaping @Sendable (Item) async throws -> Result
) async throws -> [Result] {
    try await withThrowingTaskGroup(of: (Int, Result).self) { group in
        var results: [Result?] = Array(repeating: nil, count: items.count)
        var next = 0
        func start() {
            let index = next
            let item = items[index]
            group.addTask { (index, try await body(item)) }
            next += 1
        }
        while next < min(max(1, width), items.count) { start() }
        while let (index, result) = try await group.next() {
            results[index] = result
            if next < items.count { start() }
        }
        return results.map { $0! }
    }
}
