import Foundation
import HierarchyDocuments
import HierarchySources

extension SQLiteImporter {
    /// Imports a JSON, YAML or property-list document through the same readers and
    /// record builder as `browse` and `print`, so every item gets the same identifier.
    ///
    /// JSON streams (memory does not grow with the file) on a reader thread while
    /// this thread inserts. With ``DocumentShape/automatic`` a document that is not an
    /// items document (or whose items would leave a value out, or are none; see
    /// ``DocumentRecordBuilder``) is imported as its structure (the first attempt,
    /// abandoned where it stops, leaves nothing behind).
    ///
    /// - Parameters:
    ///   - url: The document.
    ///   - format: The document's format, or `nil` to decide by its first bytes.
    ///   - shape: Items, structure, or whichever fits.
    /// - Returns: What was imported.
    /// - Throws: `HierarchySourceError` (`path:line:column: message`), `SQLiteImportError`.
    func importDocument(at url: URL, format: DocumentFormat?, shape: DocumentShape) async throws -> Summary {
        let path = url.path
        let events = try DocumentSource.events(path: path, format: format)
        let format = events.format
        let shape = events.shape(shape)
        do {
            return try await importEvents(
                UncheckedReader(events.first), shape: shape, url: url, format: format)
        } catch let error as DocumentReadError where error.kind == .shape && shape == .automatic {
            guard let again = try events.makeReader() else {
                throw HierarchySourceError(error, path: path, format: format)
            }
            do {
                return try await importEvents(UncheckedReader(again), shape: .structure, url: url, format: format)
            } catch let error as DocumentReadError {
                throw HierarchySourceError(error, path: path, format: format)
            }
        } catch let error as DocumentReadError {
            throw HierarchySourceError(error, path: path, format: format)
        }
    }

    /// A reader handed to the reader thread.
    ///
    /// `@unchecked Sendable`: the reader is created on the calling thread and then
    /// used only by the one reader thread of a ``RowPipeline``, never at the same time.
    final class UncheckedReader: @unchecked Sendable {
        var reader: any DocumentEventSource
        init(_ reader: any DocumentEventSource) { self.reader = reader }
    }

    private func importEvents(
        _ box: UncheckedReader, shape: DocumentShape, url: URL, format: DocumentFormat
    ) async throws -> Summary {
        let path = url.path
        let title = url.lastPathComponent
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value
        let plan = Plan(staging: true, resolveParents: false, rootTitle: title)
        return try await build(plan: plan, inputPath: path) { queue in
            // Byte progress: every reader's position follows the document (JSON and YAML: bytes
            // consumed, YAML a chunk at a time; XML property lists: bytes consumed; binary ones:
            // the furthest object walked).
            return try await bulkWrite(queue, staging: true, totalBytes: size) { inserter, reporter in
                let pipeline = RowPipeline { emit in
                    var batch: [ItemRecord] = []
                    batch.reserveCapacity(Self.batchSize)
                    var stopped = false
                    let outcome = try DocumentReading.read(&box.reader, shape: shape, name: title) { record, bytes in
                        guard !stopped else { return }
                        batch.append(record)
                        if batch.count == Self.batchSize {
                            stopped = !emit(batch, bytes)
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    // The reader has passed the end of the document (a property list's closing tag too).
                    _ = emit(batch, box.reader.bytesRead)
                    return Inserted(count: 0, nextKey: outcome.keyCount, wrapperCount: Self.wrapperCount(outcome.top))
                }
                defer { pipeline.stop() }
                let count = try Self.insertAll(from: pipeline, into: inserter, reporter: &reporter) {
                    try $0.insert($1)
                }
                var inserted = try pipeline.result()
                inserted.count = count
                return inserted
            }
        }
    }

    static func wrapperCount(_ top: DocumentRecordBuilder.Top) -> Int64? {
        if case .wrapper(let count) = top { return count }
        return nil
    }
}
