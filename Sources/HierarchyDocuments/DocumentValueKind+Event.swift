import HierarchySources

extension DocumentValueKind {
    /// The kind of a scalar event, or `nil` for other events.
    static func ofScalar(_ event: DocumentEvent) -> DocumentValueKind? {
        switch event {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .null: .null
        default: nil
        }
    }
}
