import Foundation
import HTTPTypes
import HierarchyKit
import HierarchySources
import Hummingbird

/// The JSON endpoints: decode and bound the request, run it on the session's actor (its own
/// for a session over a source, the main actor for a controller's), encode the answer off it,
/// and answer with a snapshot or `{"error": "..."}`.
struct WebAPI: Sendable {
    let store: WebSessionStore
    /// The longest a snapshot request with `after` waits for a change.
    let pollTimeout: Duration
    /// How often an idle event stream sends a comment line.
    let heartbeat: Duration
    /// Receives one line per change made through the page (see `WebEdit`).
    var editLog: @Sendable (String) -> Void = { _ in }

    /// The longest a search may take before the request gets a 504.
    static let searchTimeout: Duration = .seconds(10)

    private struct CreateRequest: Decodable {
        /// Where a page whose session was dropped was: the focused item's id.
        struct Restore: Decodable {
            var focus: String?
        }
        var width: Double
        var height: Double
        var rtl: Bool?
        var restore: Restore?
    }

    private struct SearchResult: Encodable {
        var id: String
        var title: String
        var subtitle: String?
        var footnote: String?
    }

    private struct SearchPage: Encodable {
        var query: String
        var offset: Int
        var results: [SearchResult]
        var hasMore: Bool
    }

    // MARK: Endpoints

    func createSession(_ request: Request) async throws -> Response {
        let body = try await Self.decodeBody(request, as: CreateRequest.self)
        guard body.width.isFinite, body.height.isFinite else {
            throw WebError.badRequest("width and height must be finite numbers")
        }
        let focus = body.restore?.focus
        if let focus, focus.utf8.count > WebAction.maximumStringLength {
            throw WebError.badRequest("the field restore.focus is longer than \(WebAction.maximumStringLength) bytes")
        }
        return try await createSession(width: body.width, height: body.height, rtl: body.rtl, focus: focus)
    }

    private func createSession(width: Double, height: Double, rtl: Bool?, focus: String?) async throws -> Response {
        let handle = try await store.create(width: width, height: height, rightToLeft: rtl, restoring: focus)
        let sourceName = store.sourceName
        let snapshot = await handle.run { _, session in session.snapshot(sourceName: sourceName) }
        return try Self.json(snapshot, status: .created)
    }

    /// The current snapshot; with `after`, waits (at most `pollTimeout`) until the snapshot is
    /// newer than that version (for clients without event streams: scripts, tests).
    func snapshot(id: String, after: String?) async throws -> Response {
        let handle = try store.session(id)
        if let after {
            guard let version = Int(after) else { throw WebError.badRequest("after must be a version number") }
            let timeout = pollTimeout
            _ = await handle.run { _, session in await session.waitForChange(after: version, timeout: timeout) }
        }
        let current = try store.session(id)
        let sourceName = store.sourceName
        return try Self.json(await current.run { _, session in session.snapshot(sourceName: sourceName) })
    }

    func delete(id: String) throws -> Response {
        _ = try store.session(id)
        store.remove(id)
        return Response(status: .noContent)
    }

    func act(id: String, _ request: Request, client: String = "-") async throws -> Response {
        let action = try await Self.decodeBody(request, as: WebAction.self)
        return try await act(id: id, action, client: client)
    }

    /// Applies one action; an `add` or `delete` that changed the store is logged with `client`
    /// (`editLog`).
    ///
    /// The answer's `Server-Timing: app;dur=MS` header says how long the server took from the
    /// decoded action to the encoded snapshot (load generators read it).
    func act(id: String, _ action: WebAction, client: String = "-") async throws -> Response {
        let started = ContinuousClock.now
        let handle = try store.session(id)
        let sourceName = store.sourceName
        // The action, the snapshot and its JSON in one turn of the session's actor.
        let (body, edit) = try await handle.run { _, session -> (ByteBuffer, WebEdit?) in
            var copied: String?
            var edit: WebEdit?
            switch action {
            case .add, .delete: edit = try await session.applyEdit(action)
            default: copied = try await session.apply(action)
            }
            var snapshot = session.snapshot(sourceName: sourceName)
            snapshot.copied = copied
            return (try session.encoded(snapshot), edit)
        }
        if let edit { editLog(edit.line(client: client)) }
        var response = Self.json(body: body)
        response.headers[Self.serverTiming] = Self.serverTimingValue(ContinuousClock.now - started)
        return response
    }

    /// `app;dur=MS` with three decimals (microseconds).
    static func serverTimingValue(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let fraction = String(microseconds % 1000)
        return "app;dur=\(microseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The `Server-Timing` header field.
    static let serverTiming = HTTPField.Name("Server-Timing")!

    func search(id: String, query: String, offset: String?) async throws -> Response {
        _ = try store.session(id)
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query.count <= HierarchyWebServer.maximumQueryLength else {
            throw WebError.badRequest("the query is longer than \(HierarchyWebServer.maximumQueryLength) characters")
        }
        let start = offset.map { Int($0) } ?? 0
        guard let start, start >= 0, start <= 1_000_000 else {
            throw WebError.badRequest("offset must be a number from 0 to 1000000")
        }
        guard !query.isEmpty else {
            return try Self.json(SearchPage(query: query, offset: start, results: [], hasMore: false))
        }
        guard let source = store.source else {
            throw WebError.notFound("this hierarchy has no search")
        }
        let size = HierarchyWebServer.searchPageSize
        let nodes = try await Self.withTimeout(Self.searchTimeout) {
            try await source.search(query, in: start..<(start + size + 1))
        }
        // Texts are cut as in snapshots: a 100 MB title is never sent whole.
        let results = nodes.prefix(size).map {
            SearchResult(
                id: $0.id, title: WebSnapshot.shown($0.title) ?? "",
                subtitle: WebSnapshot.shown($0.subtitle ?? $0.preview), footnote: WebSnapshot.shown($0.footnote))
        }
        return try Self.json(
            SearchPage(query: query, offset: start, results: Array(results), hasMore: nodes.count > size))
    }

    // MARK: Helpers

    /// Runs a request body; turns any error into a JSON error answer.
    static func answer(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let error as WebError {
            return errorResponse(error)
        } catch {
            return errorResponse(WebError(500, WebSession.describe(error)))
        }
    }

    /// `{"error": message}` with the error's status.
    static func errorResponse(_ error: WebError) -> Response {
        let data = (try? JSONEncoder().encode(["error": error.message])) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if error.status == 503 { headers[.retryAfter] = "5" }
        return Response(
            status: .init(code: error.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A JSON answer of bytes already encoded.
    static func json(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: body))
    }

    /// Encodes a snapshot as JSON (with ``WebJSONWriter``, as every snapshot is sent).
    static func json(_ snapshot: WebSnapshot, status: HTTPResponse.Status = .ok) throws -> Response {
        var writer = WebJSONWriter()
        snapshot.write(to: &writer)
        guard !writer.hasInvalidNumber else {
            throw WebError(500, "cannot encode the answer: a number in the snapshot is not finite")
        }
        return json(body: ByteBuffer(bytes: writer.bytes), status: status)
    }

    /// Encodes an answer as JSON.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw WebError(500, "cannot encode the answer: \(error)")
        }
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Reads at most `maximumBodySize` bytes and decodes them as JSON.
    ///
    /// - Throws: `WebError` 413 for a larger body, 400 for malformed JSON.
    static func decodeBody<T: Decodable>(_ request: Request, as type: T.Type) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: HierarchyWebServer.maximumBodySize)
        } catch {
            throw WebError(413, "the request body is larger than \(HierarchyWebServer.maximumBodySize) bytes")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as WebError {
            throw error
        } catch DecodingError.keyNotFound(let key, _) {
            throw WebError.badRequest("the field \(key.stringValue) is missing")
        } catch DecodingError.typeMismatch(_, let context) {
            throw WebError.badRequest(
                "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch {
            throw WebError.badRequest("the request body is not valid JSON")
        }
    }

    /// Runs `body`, or throws `WebError` 504 at the deadline (``HierarchySources/withTimeout(_:operation:)``
    /// returns then, whether or not the source notices the cancellation).
    static func withTimeout<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        do {
            return try await HierarchySources.withTimeout(timeout, operation: body)
        } catch is TimeoutError {
            throw WebError(504, "the source took longer than \(timeout) to answer")
        }
    }
}
