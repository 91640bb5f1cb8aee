/// What a face does after a command: show a message, copy text, quit, open the search or
/// the help. The view has already changed itself.
public struct HierarchyCommandOutcome: Hashable, Sendable {
    /// A one-line message for the status line.
    public var message: String?
    /// Whether the message reports a failure.
    public var isError = false
    /// Text to put on the clipboard.
    public var copied: String?
    /// The face should close.
    public var quit = false
    /// The face should open its search.
    public var search = false
    /// The face should show its help.
    public var help = false

    /// Makes an outcome; each parameter sets the property of the same name, and the default does nothing.
    public init(
        message: String? = nil, isError: Bool = false, copied: String? = nil,
        quit: Bool = false, search: Bool = false, help: Bool = false
    ) {
        self.message = message
        self.isError = isError
        self.copied = copied
        self.quit = quit
        self.search = search
        self.help = help
    }
}
