import Foundation
import HierarchyTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `hierarchy serve` of an SQLite store is read-only unless `--allow-edits` is given; with it,
/// each change is logged on standard error.
@Suite struct ServeEditsTests {
    static let document = """
        {"id": "plant", "title": "Plant", "children": [
          {"id": "a1", "title": "Area North", "children": [{"id": "p1", "title": "Pump 101"}]},
          {"id": "a2", "title": "Area South", "children": [{"id": "p2", "title": "Pump 202"}, {"id": "p3", "title": "Pump 303"}]}
        ]}
        """

    /// A store imported from `document` in a fresh directory.
    static func store() async throws -> (directory: URL, store: String) {
        let directory = try ScratchDirectory.make("ServeEditsTests")
        let file = directory.appendingPathComponent("plant.json")
        try Data(document.utf8).write(to: file)
        let store = directory.appendingPathComponent("plant.db").path
        let imported = try await ProgramRunner.run(["import", file.path, "--into", store])
        #expect(imported.status == 0, "\(imported.error)")
        return (directory, store)
    }

    /// Sends a request to the served address; the status and the body.
    static func request(_ address: String, _ path: String, method: String = "GET", json: String? = nil) async throws
        -> (status: Int, body: String)
    {
        var request = URLRequest(url: URL(string: address + path)!)
        request.httpMethod = method
        request.timeoutInterval = 20
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// A new session's id and whether its snapshot says the page may edit.
    static func session(_ address: String) async throws -> (id: String, editable: Bool?) {
        let created = try await request(
            address, "api/sessions", method: "POST", json: #"{"width": 1200, "height": 800}"#)
        #expect(created.status == 201, "\(created.body)")
        let object = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any]
        return (try #require(object?["session"] as? String), object?["editable"] as? Bool)
    }

    @Test("without --allow-edits, add and delete answer 403 and the store is unchanged")
    func readOnlyByDefault() async throws {
        let (directory, store) = try await Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let served = try await ServedProgram(["serve", store, "--port", "0"])
        let address = try #require(served.address, "serve printed no address: \(served.firstLine)")
        let session = try await Self.session(address)
        #expect(session.editable == false)
        let deleted = try await Self.request(
            address, "api/sessions/\(session.id)/actions", method: "POST", json: #"{"type": "delete", "id": "a2"}"#)
        #expect(deleted.status == 403, "\(deleted.body)")
        #expect(deleted.body.contains("read-only"), "\(deleted.body)")
        let added = try await Self.request(
            address, "api/sessions/\(session.id)/actions", method: "POST",
            json: #"{"type": "add", "parent": "plant", "title": "Intruder"}"#)
        #expect(added.status == 403, "\(added.body)")
        let printed = try await ProgramRunner.run(["print", store, "--ascii"])
        #expect(printed.output.contains("Area South") && printed.output.contains("Pump 303"), "\(printed.output)")
        #expect(!printed.output.contains("Intruder"), "\(printed.output)")
    }

    @Test("with --allow-edits, each change is one line on standard error: time, client, action, ids")
    func editsLogged() async throws {
        let (directory, store) = try await Self.store()
        defer { try? FileManager.default.removeItem(at: directory) }
        let errPath = directory.appendingPathComponent("err").path
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let served = try await ServedProgram(["serve", store, "--port", "0", "--allow-edits"], errorPath: errPath)
        let address = try #require(served.address, "serve printed no address: \(served.firstLine)")
        let session = try await Self.session(address)
        #expect(session.editable == true)
        let added = try await Self.request(
            address, "api/sessions/\(session.id)/actions", method: "POST",
            json: #"{"type": "add", "parent": "a1", "title": "Boiler 7"}"#)
        #expect(added.status == 200, "\(added.body)")
        let deleted = try await Self.request(
            address, "api/sessions/\(session.id)/actions", method: "POST", json: #"{"type": "delete", "id": "a2"}"#)
        #expect(deleted.status == 200, "\(deleted.body)")
        // A refused edit changes nothing and is not logged as a change.
        let unknown = try await Self.request(
            address, "api/sessions/\(session.id)/actions", method: "POST", json: #"{"type": "delete", "id": "nothing"}"#
        )
        #expect(unknown.status == 404, "\(unknown.body)")

        // The line is written before the answer is sent.
        let lines = ((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
        #expect(lines.count == 2, "\(lines)")
        let time = #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"#
        let client = #"127\.0\.0\.1:\d+"#
        let add = try Regex("^\(time) \(client) add id=\"[^\"]+\" parent=\"a1\"$")
        let delete = try Regex("^\(time) \(client) delete id=\"a2\" items=3$")
        #expect(lines.first.map { $0.wholeMatch(of: add) != nil } == true, "\(lines)")
        #expect(lines.last.map { $0.wholeMatch(of: delete) != nil } == true, "\(lines)")
        let printed = try await ProgramRunner.run(["print", store, "--ascii"])
        #expect(printed.output.contains("Boiler 7") && !printed.output.contains("Area South"), "\(printed.output)")
    }
}
