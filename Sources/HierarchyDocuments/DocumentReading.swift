import HierarchySources

/// Drives a format reader through the ``DocumentRecordBuilder``: the loop every
/// command shares.
public enum DocumentReading {
    /// What a finished read found.
    public struct Outcome: Sendable, Equatable {
        /// How the top level ended.
        public var top: DocumentRecordBuilder.Top
        /// The number of keys handed out (the largest key plus one).
        public var keyCount: Int64
        /// The shape read.
        public var shape: DocumentShape
    }

    /// Reads every event of `source` and hands each record to `sink`.
    ///
    /// - Parameters:
    ///   - source: The format reader, at the start of its document.
    ///   - shape: `.items` or `.structure`.
    ///   - name: The document's name.
    ///   - sink: Receives the records, children before their parent, with the bytes read so far.
    /// - Returns: The top level and key count.
    /// - Throws: ``DocumentReadError`` from the reader or the builder; the sink's errors.
    /// - Complexity: O(n) for n events.
    public static func read<Source: DocumentEventSource>(
        _ source: inout Source, shape: DocumentShape, name: String,
        sink: (_ record: ItemRecord, _ bytesRead: Int64) throws -> Void
    ) throws -> Outcome {
        var builder = DocumentRecordBuilder(shape: shape, name: name)
        while let event = try source.next() {
            if let record = try builder.consume(event, line: source.eventLine, column: source.eventColumn) {
                try sink(record, source.bytesRead)
            }
        }
        return Outcome(top: builder.top, keyCount: builder.nextKey, shape: builder.shape)
    }

    /// Reads every event of `source`, announcing containers as they open (a reader that shows
    /// the document while it is read), and hands each record to `sink`.
    ///
    /// - Parameters:
    ///   - source: The format reader, at the start of its document.
    ///   - shape: `.items` or `.structure`.
    ///   - name: The document's name.
    ///   - opened: Receives a provisional record of each container as it opens (see
    ///     ``DocumentRecordBuilder/openedRecord``), before any of its children.
    ///   - sink: Receives the final records, children before their parent, with the bytes read so far.
    /// - Returns: The top level and key count.
    /// - Throws: ``DocumentReadError`` from the reader or the builder; the sinks' errors.
    /// - Complexity: O(n) for n events.
    public static func read<Source: DocumentEventSource>(
        _ source: inout Source, shape: DocumentShape, name: String,
        opened: (_ record: ItemRecord, _ bytesRead: Int64) throws -> Void,
        sink: (_ record: ItemRecord, _ bytesRead: Int64) throws -> Void
    ) throws -> Outcome {
        var builder = DocumentRecordBuilder(shape: shape, name: name)
        builder.announcesOpenedItems = true
        while let event = try source.next() {
            let record = try builder.consume(event, line: source.eventLine, column: source.eventColumn)
            if let provisional = builder.openedRecord { try opened(provisional, source.bytesRead) }
            if let record { try sink(record, source.bytesRead) }
        }
        return Outcome(top: builder.top, keyCount: builder.nextKey, shape: builder.shape)
    }
}
