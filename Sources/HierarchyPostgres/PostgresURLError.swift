/// A `postgres://` address that cannot be used as written (a usage error: exit status 64).
public struct PostgresURLError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
