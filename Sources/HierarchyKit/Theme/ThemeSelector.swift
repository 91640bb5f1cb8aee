/// What a stylesheet rule applies to: an element in a state (`fdlFUIHierarchyCollectionItem:selected`).
public struct ThemeSelector: Hashable, Sendable, CustomStringConvertible {
    /// The element.
    public var element: ThemeElement
    /// The state.
    public var state: ThemeState

    /// Creates a selector.
    ///
    /// - Parameters:
    ///   - element: The element.
    ///   - state: The state, `.normal` by default.
    public init(_ element: ThemeElement, state: ThemeState = .normal) {
        self.element = element
        self.state = state
    }

    /// The stylesheet form: the class path, with `:selected` for the selected state.
    public var description: String {
        state == .normal ? element.rawValue : "\(element.rawValue):\(state.rawValue)"
    }
}
