import ArgumentParser
import HierarchySources

extension SourceOptions {
    /// Opens the source these options name; a large document is returned as soon as its root
    /// is known and grows while it is read.
    ///
    /// - Returns: The opened source, its name and the `--start` item's id.
    /// - Throws: The exit code after a one-line message (66 for a missing source).
    func resolveWhileReading() async throws -> SourceResolver.Resolved {
        do {
            return try await SourceResolver.resolve(
                path: path, start: start, shape: shape, table: table.mapping, whileReading: true)
        } catch {
            throw CommandLineError.report(error)
        }
    }
}
