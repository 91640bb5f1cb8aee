import Foundation
import HierarchySources
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import HierarchyWeb

/// The parts of a snapshot the tests read.
struct SnapshotJSON: Decodable {
    struct Header: Decodable {
        var title: String?
        var previousEnabled: Bool
        var nextEnabled: Bool
    }
    struct Item: Decodable {
        var uuid: String
        var row: Int
        var y: Double
        var height: Double
        var title: String?
        var indicator: String?
        var expanded: Bool
        var selected: Bool
        var focused: Bool
        var placeholder: Bool
        var label: String
        var value: String?
    }
    struct Column: Decodable {
        var index: Int
        var parent: String?
        var x: Double
        var width: Double
        var height: Double
        var itemCount: Int
        var offsetY: Double
        var contentHeight: Double
        var items: [Item]
    }
    var session: String
    var version: Int
    var compact: Bool
    var rtl: Bool
    var editing: Bool
    var selectedCount: Int
    var loading: Bool
    var levelCount: Int
    var leadingLevel: Int
    var focused: String?
    var header: Header?
    var columns: [Column]
    var message: String?
    var copied: String?
    var path: [String]

    /// The column showing the children of `parent`.
    func column(withParent parent: String) -> Column? { columns.first { $0.parent == parent } }
    var allUUIDs: [String] { columns.flatMap { $0.items.map(\.uuid) } }
}

struct ErrorJSON: Decodable {
    var error: String
}

/// A clock the tests move by hand.
final class ManualClock: Sendable {
    private let base = ContinuousClock.now
    private let offset = Mutex<Duration>(.zero)

    func now() -> ContinuousClock.Instant { base + offset.withLock { $0 } }
    func advance(by duration: Duration) { offset.withLock { $0 += duration } }
}

enum WebTest {
    static func body(_ json: String) -> ByteBuffer { ByteBuffer(string: json) }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(response.body.readableBytesView))
    }

    /// A test server over `source`. Its read timeout is `readTimeout`: by default long enough that
    /// the gap a loaded machine leaves between a test's connect and its request never closes the
    /// connection (the test of the read timeout gives its own).
    static func server(
        _ source: GeneratedSource = GeneratedSource(rootChildren: 5, fanout: 4, depth: 4),
        configuration: HierarchyWebServer.Configuration = .init(pollTimeout: .seconds(5)),
        readTimeout: Duration = .seconds(600),
        clock: ManualClock = ManualClock()
    ) throws -> HierarchyWebServer {
        var configuration = configuration
        configuration.readTimeout = readTimeout
        return try HierarchyWebServer(
            source: source, sourceName: "Test <source>", configuration: configuration, now: { clock.now() })
    }

    /// Runs `body` with a router test client for the server. The client names `localhost`
    /// without a port; its requests name the server's port, as a browser's do.
    static func withClient<T: Sendable>(
        _ server: HierarchyWebServer, _ body: @Sendable (any TestClientProtocol) async throws -> T
    ) async throws -> T {
        let responder = NamingPort(inner: server.makeRouter().buildResponder(), port: server.configuration.port)
        let app = Application(responder: responder)
        return try await app.test(.router) { client in try await body(client) }
    }

    /// Adds the port to a request that names `localhost` without one.
    struct NamingPort<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
        let inner: Inner
        let port: Int

        func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
            var head = request.head
            if head.authority == "localhost" { head.authority = "localhost:\(port)" }
            return try await inner.respond(to: Request(head: head, body: request.body), context: context)
        }
    }

    static func create(_ client: some TestClientProtocol, width: Double = 1200, height: Double = 800, rtl: Bool? = nil)
        async throws -> SnapshotJSON
    {
        let rtlField = rtl.map { ", \"rtl\": \($0)" } ?? ""
        let response = try await client.execute(
            uri: "/api/sessions", method: .post, body: body("{\"width\": \(width), \"height\": \(height)\(rtlField)}"))
        #expect(response.status == .created)
        return try decode(SnapshotJSON.self, response)
    }

    static func act(_ client: some TestClientProtocol, _ session: String, _ json: String) async throws -> SnapshotJSON {
        let response = try await client.execute(
            uri: "/api/sessions/\(session)/actions", method: .post, body: body(json))
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try decode(SnapshotJSON.self, response)
    }

    /// Follows the snapshot endpoint (waiting with `after`) until nothing is loading and no placeholder is shown
    /// (at most 50 changes).
    static func settle(_ client: some TestClientProtocol, _ snapshot: SnapshotJSON) async throws -> SnapshotJSON {
        var current = snapshot
        for _ in 0..<50 {
            let settled = !current.loading && !current.columns.contains { $0.items.contains(where: \.placeholder) }
            if settled {
                // One more plain read: laying out may have started a load.
                let response = try await client.execute(uri: "/api/sessions/\(current.session)", method: .get)
                let fresh = try decode(SnapshotJSON.self, response)
                if !fresh.loading && fresh.version == current.version { return fresh }
                current = fresh
                continue
            }
            let response = try await client.execute(
                uri: "/api/sessions/\(current.session)?after=\(current.version)", method: .get)
            #expect(response.status == .ok)
            current = try decode(SnapshotJSON.self, response)
        }
        Issue.record("the session did not settle")
        return current
    }
}
