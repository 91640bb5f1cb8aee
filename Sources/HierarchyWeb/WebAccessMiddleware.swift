import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// Who may talk to the server: the names the `Host` header may carry, the port, and the
/// access token a server bound to a non-loopback address requires.
final class WebAccessPolicy: Sendable {
    /// The cookie that carries the token after the first page.
    static let cookieName = "hierarchy-token"
    /// The query parameter of the printed address that carries the token.
    static let queryName = "token"
    /// The header a browser marks a request's site relation with.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// Host names (lowercased, IPv6 without brackets) a request may name.
    let hostNames: Set<String>
    /// Whether any IP literal is accepted as host (a wildcard bind: every interface's address).
    let acceptsAnyAddress: Bool
    /// A server with a token accepts any host name (a reverse proxy, a DNS name): a page of
    /// another site that had its name resolve here has no token, so it gets nothing.
    /// The token every request must carry, nil on loopback.
    let token: String?
    private let boundPort: Mutex<Int?>

    /// - Parameters:
    ///   - host: the bound address.
    ///   - port: the configured port (0 until bound).
    ///   - token: the access token, nil for none.
    init(host: String, port: Int, token: String?) {
        let bound = Self.bare(host.lowercased())
        hostNames = ["localhost", "127.0.0.1", "::1", bound]
        acceptsAnyAddress = bound == "0.0.0.0" || bound == "::" || bound.isEmpty
        self.token = token
        boundPort = Mutex(port == 0 ? nil : port)
    }

    /// Records the port the server was bound to.
    func bound(port: Int) { boundPort.withLock { $0 = port } }

    /// Whether `address` is a loopback address or `localhost`.
    static func isLoopback(_ address: String) -> Bool {
        let host = bare(address.lowercased())
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// A new random token: 32 bytes as 64 hexadecimal digits.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Whether the `Host` header (`name` or `name:port`, IPv6 in brackets) names this server.
    /// A name without a port means port 80, so it names this server only when it listens there.
    func acceptsHost(_ authority: String) -> Bool {
        let authority = authority.lowercased()
        let name: String
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            name = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return false }
                port = number
            }
        } else if let colon = authority.lastIndex(of: ":") {
            name = String(authority[..<colon])
            guard let number = Int(authority[authority.index(after: colon)...]) else { return false }
            port = number
        } else {
            name = authority
        }
        if token != nil { return !name.isEmpty }
        if let bound = boundPort.withLock({ $0 }), (port ?? 80) != bound { return false }
        if hostNames.contains(name) { return true }
        return acceptsAnyAddress && Self.isAddressLiteral(name)
    }

    /// Compares a presented token with the server's in time independent of where they differ.
    func acceptsToken(_ presented: String?) -> Bool {
        guard let token else { return true }
        guard let presented else { return false }
        let a = Array(token.utf8)
        let b = Array(presented.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<a.count { difference |= a[i] ^ (i < b.count ? b[i] : 0) }
        return difference == 0
    }

    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        if name.contains(":") { return name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// Checks every request against the access policy before it reaches a route:
/// - the `Host` header names this server (a page of another site that had its name resolve to
///   this address — DNS rebinding — gets 421);
/// - state-changing requests and event streams from a browser come from the server's own page
///   (`Origin`, `Sec-Fetch-Site`), so another site's form or script cannot create sessions;
/// - with a token, the request carries it (the printed address's `?token=`, then the cookie the
///   page answer sets, or `Authorization: Bearer`).
struct WebAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: WebAccessPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority, policy.acceptsHost(authority) else {
            return WebAPI.errorResponse(WebError(421, "this server does not answer for the host named in the request"))
        }
        if let refusal = Self.crossSite(request, authority: authority) {
            return WebAPI.errorResponse(refusal)
        }
        guard policy.token != nil else { return try await next(request, context) }
        let fromQuery = request.uri.queryParameters[Substring(WebAccessPolicy.queryName)].map(String.init)
        let presented = fromQuery ?? Self.cookie(WebAccessPolicy.cookieName, in: request) ?? Self.bearer(in: request)
        guard policy.acceptsToken(presented) else {
            return WebAPI.errorResponse(
                WebError(401, "this server needs its access token: open the address it printed, with ?token="))
        }
        var response = try await next(request, context)
        if fromQuery != nil, let token = policy.token {
            response.headers[.setCookie] = "\(WebAccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }

    /// Why a request from another site is refused, nil when it is not one: a state-changing
    /// method or an event stream whose `Origin` is not this server (over HTTP, or HTTPS in front
    /// of a mounting application or a proxy), or that a browser marks
    /// `Sec-Fetch-Site: cross-site`. Requests without those headers (not from a browser) pass.
    static func crossSite(_ request: Request, authority: String) -> WebError? {
        let method = request.method
        let changesState = method != .get && method != .head && method != .options
        let isStream = request.uri.path.hasSuffix("/events")
        guard changesState || isStream else { return nil }
        if let site = request.headers[WebAccessPolicy.secFetchSite], site == "cross-site" || site == "same-site" {
            return WebError(403, "requests from other sites are refused")
        }
        guard let origin = request.headers[.origin] else { return nil }
        let own = authority.lowercased()
        guard origin.lowercased() == "http://" + own || origin.lowercased() == "https://" + own else {
            return WebError(403, "requests from other sites are refused (Origin \(String(origin.prefix(100))))")
        }
        return nil
    }

    static func cookie(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    static func bearer(in request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst(7))
    }
}

/// Refuses state-changing requests and event streams a browser sends from another site (see
/// `WebAccessMiddleware.crossSite`), for routes mounted in an application that checks who
/// connects itself: its authentication (a cookie, basic credentials the browser remembers)
/// would otherwise let another site's page act on the user's behalf.
struct WebSameSiteMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let refusal = WebAccessMiddleware<Context>.crossSite(request, authority: request.head.authority ?? "") {
            return WebAPI.errorResponse(refusal)
        }
        return try await next(request, context)
    }
}
