import Foundation
import Hummingbird

extension WebAPI {
    /// `GET /api/sessions/{id}/events`: a server-sent event stream of the session's snapshots.
    ///
    /// The first event is the current snapshot; every later change of the session (an action,
    /// a load that finished, a source change) sends the snapshot again, each as
    /// `event: snapshot` with its JSON in `data:` and its version as the event `id:`. A comment
    /// line every `heartbeat` keeps proxies from closing the stream and finds out when the
    /// client has gone. The stream ends when the session is dropped; while it is open the
    /// session is in use and never idle. EventSource reconnects a dropped stream by itself.
    ///
    /// - Throws: `WebError` 404 for an unknown session, 429 when the session has as many
    ///   streams open as it may.
    @MainActor
    func events(id: String) throws -> Response {
        let session = try store.session(id)
        guard session.openPush() else {
            throw WebError(429, "this session has \(WebSession.maximumPushConnections) event streams open already")
        }
        let store = self.store
        let heartbeat = self.heartbeat
        let body = ResponseBody { writer in
            var sent = -1
            do {
                while !Task.isCancelled {
                    let shown = sent
                    let next = await MainActor.run { () -> (event: ByteBuffer?, closed: Bool, version: Int) in
                        guard !session.isClosed else { return (nil, true, shown) }
                        guard session.version > shown else { return (nil, false, shown) }
                        let snapshot = session.snapshot(sourceName: store.sourceName)
                        return (Self.event(snapshot), false, snapshot.version)
                    }
                    if next.closed { break }
                    if let event = next.event {
                        sent = next.version
                        try await writer.write(event)
                        continue
                    }
                    let waited = await session.waitForChange(after: sent, timeout: heartbeat)
                    if !waited { try await Task.sleep(for: heartbeat) }
                    let waitedFor = sent
                    if await MainActor.run(body: { session.version <= waitedFor && !session.isClosed }) {
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                }
                await session.closePush()
                try await writer.finish(nil)
            } catch {
                // The client went away (or the server is stopping): the stream is over.
                await session.closePush()
                throw error
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: body)
    }

    /// One `snapshot` event: the JSON on one `data:` line (JSON escapes every line break), or
    /// an `error` event when the snapshot cannot be encoded.
    static func event(_ snapshot: WebSnapshot) -> ByteBuffer {
        guard let data = try? JSONEncoder().encode(snapshot) else {
            return ByteBuffer(string: "event: error\ndata: {\"error\": \"cannot encode the snapshot\"}\n\n")
        }
        var buffer = ByteBuffer(string: "id: \(snapshot.version)\nevent: snapshot\ndata: ")
        buffer.writeBytes(data)
        buffer.writeString("\n\n")
        return buffer
    }
}
