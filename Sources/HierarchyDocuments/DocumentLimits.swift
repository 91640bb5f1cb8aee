/// The limits every command applies to documents, whatever reads them.
public enum DocumentLimits {
    /// The deepest nesting of containers read by a recursive parser: YAML (libyaml composes
    /// recursively), property lists (Foundation's reader stops at this depth itself) and the
    /// linear module's entries. JSON has a limit of its own, ``maximumJSONNesting``.
    public static let maximumNesting = 512

    /// The message for a document nested deeper than ``maximumNesting``.
    public static var nestingMessage: String { "nested deeper than \(maximumNesting) levels" }

    /// The deepest nesting of JSON containers. No JSON reader recurses (the reader, the record
    /// builder and the tree keep explicit stacks), but every open level costs the builder and a
    /// printer about 150 bytes until it closes, and a tree printed that deep is quadratic in
    /// size: the limit bounds that memory to about 40 MB, so an endless `[[[…` from a pipe ends
    /// with an error, not with the machine's memory. 100,000 nested items (two levels each)
    /// are within it.
    public static let maximumJSONNesting = 250_000

    /// The message for a JSON document nested deeper than ``maximumJSONNesting``.
    public static var jsonNestingMessage: String { "nested deeper than \(maximumJSONNesting) levels" }

    /// The longest JSON string or number a reader decodes: a longer one is an error (exit 65 at
    /// the value's start), whether the streaming reader (print, import, standard input) or the
    /// indexed one (browse) meets it, so that a single 2 GB string costs 64 MiB, not gigabytes.
    public static let longestJSONValue = 64 << 20

    /// The message for a JSON value longer than ``longestJSONValue``.
    public static var longValueMessage: String { "a value longer than \(longestJSONValue >> 20) MiB" }
}
