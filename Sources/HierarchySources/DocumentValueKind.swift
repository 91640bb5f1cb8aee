/// What a value of a document read as its structure is: each item of a structure read is an
/// object, an array or a scalar of the document, and keeps which, so that its path and its
/// value can be written again as JSON (see `DocumentPath`).
public enum DocumentValueKind: UInt8, Sendable, Equatable {
    case object = 1
    case array
    case string
    case number
    case bool
    case null
}
