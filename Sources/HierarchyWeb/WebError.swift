import Foundation

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

    /// Writes `hierarchy serve: LINE` on standard error, control characters shown as `\u{…}`
    /// and the line cut at 1,000 characters: the detail of a failure the client only hears of
    /// in general terms.
    static func log(_ line: String) {
        var shown = ""
        for scalar in line.unicodeScalars.prefix(1_000) {
            if scalar.properties.generalCategory == .control {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        FileHandle.standardError.write(Data("hierarchy serve: \(shown)\n".utf8))
    }
}
