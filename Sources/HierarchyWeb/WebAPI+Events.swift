import Foundation
import Hummingbird
import ServiceLifecycle

extension WebAPI {
    /// `GET /api/sessions/{id}/events`: a server-sent event stream of the session's snapshots.
    ///
    /// The first event is the current snapshot; every later change of the session (an action,
    /// a load that finished, a source change) sends the snapshot again, each as
    /// `event: snapshot` with its JSON in `data:` and its version as the event `id:`. A comment
    /// line every `heartbeat` keeps proxies from closing the stream and finds out when the
    /// client has gone. The stream ends when the session is dropped; while it is open the
    /// session is in use and never idle. EventSource reconnects a dropped stream by itself.
    /// When the application shuts down gracefully the session is dropped, so the stream ends
    /// and does not hold the server up (the page makes a new one where it was).
    ///
    /// - Throws: `WebError` 404 for an unknown session, 429 when the session has as many
    ///   streams open as it may.
    func events(id: String) throws -> Response {
        let handle = try store.session(id)
        guard handle.openPush() else {
            throw WebError(
                429, "this session has \(WebSessionHandle.maximumPushConnections) event streams open already")
        }
        let sourceName = store.sourceName
        let heartbeat = self.heartbeat
        let store = self.store
        let body = ResponseBody { writer in
            var sent = -1
            do {
                try await withGracefulShutdownHandler {
                    while !Task.isCancelled {
                        let shown = sent
                        // The snapshot is made on the session's actor and encoded here, off it.
                        let next = await handle.run { _, session -> (snapshot: WebSnapshot?, closed: Bool) in
                            guard !session.isClosed else { return (nil, true) }
                            guard session.version > shown else { return (nil, false) }
                            return (session.snapshot(sourceName: sourceName), false)
                        }
                        if next.closed || handle.isClosed { break }
                        if let snapshot = next.snapshot {
                            sent = snapshot.version
                            try await writer.write(Self.event(snapshot))
                            continue
                        }
                        let waitedFor = sent
                        let (waited, unchanged) = await handle.run { _, session in
                            let waited = await session.waitForChange(after: waitedFor, timeout: heartbeat)
                            return (waited, session.version <= waitedFor && !session.isClosed)
                        }
                        if !waited { try await Task.sleep(for: heartbeat) }
                        if unchanged {
                            try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                        }
                    }
                } onGracefulShutdown: {
                    store.remove(handle.id)
                }
                handle.closePush()
                try await writer.finish(nil)
            } catch {
                // The client went away (or the server is stopping): the stream is over.
                handle.closePush()
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
        var writer = WebJSONWriter()
        snapshot.write(to: &writer)
        guard !writer.hasInvalidNumber else {
            return ByteBuffer(string: "event: error\ndata: {\"error\": \"cannot encode the snapshot\"}\n\n")
        }
        var buffer = ByteBuffer(string: "id: \(snapshot.version)\nevent: snapshot\ndata: ")
        buffer.writeBytes(writer.bytes)
        buffer.writeString("\n\n")
        return buffer
    }
}
