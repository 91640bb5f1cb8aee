/// A request the web face refuses: an HTTP status and a one-line message for the page.
struct WebError: Error, Equatable, CustomStringConvertible {
    /// The HTTP status code (4xx for the client's mistakes, 5xx for the source's failures).
    var status: Int
    /// What went wrong, one line.
    var message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "\(status) \(message)" }

    static func badRequest(_ message: String) -> WebError { WebError(400, message) }
    static func notFound(_ message: String) -> WebError { WebError(404, message) }
}
