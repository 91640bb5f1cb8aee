/// The limits every command applies to documents, whatever reads them.
public enum DocumentLimits {
    /// The deepest nesting of containers read by a recursive parser: YAML (libyaml composes
    /// recursively), property lists (Foundation's reader stops at this depth itself) and the
    /// linear module's entries. JSON has no limit: its reader, the record builder and the tree
    /// keep explicit stacks, so 100,000 levels cost memory, not stack.
    public static let maximumNesting = 512

    /// The message for a document nested deeper than ``maximumNesting``.
    public static var nestingMessage: String { "nested deeper than \(maximumNesting) levels" }
}
