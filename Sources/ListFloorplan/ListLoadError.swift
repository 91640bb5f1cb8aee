/// A failed load, reduced to a message so that list states stay comparable.
public struct ListLoadError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A one-line description of what went wrong.
    public var message: String

    /// Creates an error with a message.
    ///
    /// - Parameter message: A one-line description.
    public init(message: String) {
        self.message = message
    }

    /// Creates an error describing another error.
    ///
    /// - Parameter error: The error a loader threw.
    public init(_ error: any Error) {
        if let error = error as? ListLoadError {
            self = error
        } else {
            self.message = String(describing: error)
        }
    }

    public var description: String { message }
}
