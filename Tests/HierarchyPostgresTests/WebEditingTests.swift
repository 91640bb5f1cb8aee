import Foundation
import HierarchyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ServeProcess {
    /// Posts an action to a session as the page does; returns the HTTP status and body.
    func act(_ session: String, _ json: String) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: address + "api/sessions/\(session)/actions")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// A file of the page, as text.
    func page(_ path: String) async throws -> String {
        var request = URLRequest(url: URL(string: address + path)!)
        request.timeoutInterval = 10
        let (data, _) = try await URLSession.shared.data(for: request)
        return String(decoding: data, as: UTF8.self)
    }
}

/// The page's add and delete actions on an editable store (`serve --allow-edits`), seen by
/// another server's session.
@Suite(
    "Adding and deleting from the web page", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: postgresAvailable, "\(TestCluster.missingReason ?? "")"))
struct WebEditingTests {
    @Test func addThroughOneServerDeleteThroughTheOther() async throws {
        let cluster = try await sharedCluster()
        let (store, database) = try await makePostgresStore()
        await store.close()
        let url = cluster.url(database)
        let first = try await ServeProcess([url, "--allow-edits"])
        let second = try await ServeProcess([url, "--allow-edits"])
        #expect(try await first.page("").contains("src=\"edit.js\""))
        #expect(try await first.page("edit.js").contains("\"delete\""))
        let one = try await first.openSession()
        let two = try await second.openSession()
        #expect(await second.snapshot(two) { $0.contains("Area North") })
        let listening =
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen %'"
        #expect(await eventually { (try? await cluster.psqlValue(database, listening)) == "2" })

        let added = try await first.act(one, #"{"type": "add", "parent": "plant", "title": "Added on the web"}"#)
        #expect(added.status == 200, "\(added.body)")
        #expect(await second.snapshot(two) { $0.contains("Added on the web") })
        let id = try await cluster.psqlValue(database, "SELECT id FROM hierarchy_item WHERE title = 'Added on the web'")
        let deleted = try await second.act(two, #"{"type": "delete", "id": "\#(id)"}"#)
        #expect(deleted.status == 200, "\(deleted.body)")
        #expect(await first.snapshot(one) { !$0.contains("Added on the web") })

        let unknown = try await first.act(one, #"{"type": "delete", "id": "no-such-item"}"#)
        #expect(unknown.status == 404, "\(unknown.body)")
        let top = try await first.act(one, #"{"type": "delete", "id": "plant"}"#)
        #expect(top.status == 409, "\(top.body)")
        let empty = try await first.act(one, #"{"type": "add", "parent": "plant", "title": "  "}"#)
        #expect(empty.status == 400, "\(empty.body)")
    }

    @Test func aDocumentCannotBeEdited() async throws {
        let file = try scratchDirectory().appendingPathComponent("plant.json")
        try Data(plantDocument.utf8).write(to: file)
        let server = try await ServeProcess([file.path, "--allow-edits"])
        let session = try await server.openSession()
        let refused = try await server.act(session, #"{"type": "delete", "id": "a1"}"#)
        #expect(refused.status == 405)
        #expect(refused.body.contains("cannot be edited"))
    }
}
