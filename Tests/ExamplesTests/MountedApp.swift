import Foundation
import HierarchyDocuments
import HierarchySources
import HierarchyWeb
import Hummingbird

/// An application of its own that mounts two hierarchies on its router, each under a prefix,
/// behind its basic-authentication middleware: the bundled plant at `/plant/` and an
/// organisation chart at `/org/`. `/` lists both.
enum MountedExample {
    /// The organisation chart, as a JSON document.
    static let organisation = """
        {"id": "board", "title": "Board", "subtitle": "Organisation", "children": [
          {"id": "eng", "title": "Engineering", "subtitle": "Department", "children": [
            {"id": "web", "title": "Web team", "subtitle": "Team"},
            {"id": "data", "title": "Data team", "subtitle": "Team"}
          ]},
          {"id": "ops", "title": "Operations", "subtitle": "Department", "children": [
            {"id": "plants", "title": "Plant maintenance", "subtitle": "Team"}
          ]},
          {"id": "finance", "title": "Finance", "subtitle": "Department"}
        ]}
        """

    /// The router: the authentication first, then a page linking both hierarchies and the two
    /// sets of hierarchy routes. The routes are also services of the application (they drop
    /// idle browser sessions).
    ///
    /// - Parameter users: user names and their passwords.
    static func makeRouter(users: [String: String]) throws -> (
        router: Router<BasicRequestContext>, services: [HierarchyRoutes]
    ) {
        let router = Router()
        router.add(middleware: BasicAuthentication(realm: "Hierarchies", users: users))
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: """
                            <!doctype html><meta charset="utf-8"><title>Hierarchies</title>
                            <ul><li><a href="plant/">Plant</a></li><li><a href="org/">Organisation</a></li></ul>
                            """)))
        }
        let plant = try HierarchyRoutes(source: SampleHierarchy.load(), sourceName: "Plant")
        plant.addRoutes(to: router.group("plant"))
        let organisation = try HierarchyRoutes(
            source: DocumentSource.load(data: Data(organisation.utf8), format: .json, name: "organisation.json"),
            sourceName: "Organisation")
        organisation.addRoutes(to: router.group("org"))
        return (router, [plant, organisation])
    }

    /// The application on `host` and `port`.
    static func makeApplication(
        host: String = "127.0.0.1", port: Int, users: [String: String],
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let (router, services) = try makeRouter(users: users)
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "mounted-example"),
            services: services,
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
    }
}

/// HTTP basic authentication (RFC 7617): a request without a known user name and password
/// gets 401 and a challenge, so the browser asks for them.
struct BasicAuthentication<Context: RequestContext>: RouterMiddleware {
    let realm: String
    let users: [String: String]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let (user, password) = Self.credentials(in: request), let expected = users[user],
            Self.same(Array(password.utf8), Array(expected.utf8))
        else {
            return Response(
                status: .unauthorized,
                headers: [
                    .wwwAuthenticate: "Basic realm=\"\(realm)\", charset=\"UTF-8\"",
                    .contentType: "text/plain; charset=utf-8",
                ],
                body: .init(byteBuffer: ByteBuffer(string: "sign in to see the hierarchies\n")))
        }
        return try await next(request, context)
    }

    /// The user name and password of an `Authorization: Basic` header.
    static func credentials(in request: Request) -> (String, String)? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// Compares in time independent of where the two differ.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<a.count { difference |= a[i] ^ (i < b.count ? b[i] : 0) }
        return difference == 0
    }
}
