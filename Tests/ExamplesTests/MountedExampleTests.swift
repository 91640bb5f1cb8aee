import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The Examples package's mounted application (its router file linked here): two hierarchies
/// under two prefixes behind basic authentication.
@Suite("Mounted example")
struct MountedExampleTests {
    static let users = ["demo": "pump-101"]

    static func authorization(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    static func application() throws -> some ApplicationProtocol {
        let (router, services) = try MountedExample.makeRouter(users: users)
        return Application(router: router, services: services)
    }

    @Test("a request without the right user name and password gets 401 and a challenge, on every prefix")
    func unauthenticated() async throws {
        try await Self.application().test(.router) { client in
            for uri in ["/", "/plant/", "/org/", "/plant/app.js", "/org/api/sessions"] {
                let method: HTTPRequest.Method = uri.hasSuffix("sessions") ? .post : .get
                let anonymous = try await client.execute(
                    uri: uri, method: method, body: ByteBuffer(string: #"{"width": 800, "height": 600}"#))
                #expect(anonymous.status == .unauthorized, "\(uri)")
                #expect(anonymous.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true, "\(uri)")
                let wrong = try await client.execute(
                    uri: uri, method: method, headers: [.authorization: Self.authorization("demo", "pump-102")],
                    body: ByteBuffer(string: #"{"width": 800, "height": 600}"#))
                #expect(wrong.status == .unauthorized, "\(uri)")
            }
        }
    }

    @Test("signed in, each prefix serves its own hierarchy and its page")
    func eachPrefixItsOwnHierarchy() async throws {
        let signedIn: HTTPFields = [.authorization: Self.authorization("demo", "pump-101")]
        try await Self.application().test(.router) { client in
            let index = try await client.execute(uri: "/", method: .get, headers: signedIn)
            #expect(String(buffer: index.body).contains("href=\"plant/\""))
            var names: [String] = []
            for prefix in ["/plant", "/org"] {
                let page = try await client.execute(uri: prefix + "/", method: .get, headers: signedIn)
                #expect(page.status == .ok)
                #expect(String(buffer: page.body).contains("src=\"app.js\""))
                let created = try await client.execute(
                    uri: prefix + "/api/sessions", method: .post, headers: signedIn,
                    body: ByteBuffer(string: #"{"width": 1200, "height": 800}"#))
                #expect(created.status == .created, "\(prefix): \(String(buffer: created.body))")
                let snapshot =
                    try JSONSerialization.jsonObject(with: Data(created.body.readableBytesView)) as? [String: Any]
                names.append(snapshot?["name"] as? String ?? "")
                #expect(snapshot?["editable"] as? Bool == false)
                let session = try #require(snapshot?["session"] as? String)
                // Its search finds what only its own hierarchy holds.
                let search = try await client.execute(
                    uri: "\(prefix)/api/sessions/\(session)/search?q=Engineering", method: .get, headers: signedIn)
                #expect(search.status == .ok)
                let results =
                    try JSONSerialization.jsonObject(with: Data(search.body.readableBytesView)) as? [String: Any]
                let titles = (results?["results"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
                #expect(titles.contains("Engineering") == (prefix == "/org"), "\(prefix): \(titles)")
            }
            #expect(names == ["Plant", "Organisation"])
        }
    }
}
