/// One event of a parsed document: the shared language of every format reader.
///
/// JSON, YAML and property lists are all read into this one stream, which the
/// ``DocumentRecordBuilder`` turns into items.
public enum DocumentEvent: Equatable, Sendable {
    case beginObject
    case endObject
    case beginArray
    case endArray
    /// An object member's name; the member's value follows.
    case key(String)
    case string(String)
    /// A number, exactly as written.
    case number(String)
    case bool(Bool)
    case null
}

/// A reader that produces the events of one document, in order.
public protocol DocumentEventSource {
    /// The next event, or `nil` after the end of the document.
    ///
    /// - Throws: ``DocumentReadError`` for malformed input or a failed read.
    mutating func next() throws(DocumentReadError) -> DocumentEvent?

    /// The 1-based line where the last event returned starts, if the format has lines.
    var eventLine: Int? { get }
    /// The 1-based column (in bytes) where the last event returned starts.
    var eventColumn: Int? { get }
    /// Bytes of the input consumed so far.
    var bytesRead: Int64 { get }
}
