/// Polls `condition` until it holds or `limit` passes, and says whether it held.
///
/// The condition runs in the caller's isolation (the function is `nonisolated(nonsending)`), so
/// a test on the main actor may read main-actor state in it. Between polls the task sleeps
/// `poll` on the continuous clock, which lets the work being waited for run; a failing test
/// ends at `limit`, never hangs.
///
/// - Parameters:
///   - limit: The longest wait; generous, since only a failing test waits that long.
///   - poll: The pause between two looks.
///   - condition: What the test waits for.
nonisolated(nonsending) public func eventually(
    _ limit: Duration = .seconds(120), poll: Duration = .milliseconds(5), _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: poll)
    }
    return try await condition()
}
