import Foundation
import HierarchyTestSupport
import Testing

/// `print`, `search` and `import` read a YAML stream of several documents, from a file and
/// from a pipe, as one root whose children are the documents.
@Suite struct YAMLStreamCommandTests {
    static let manifests = """
        apiVersion: v1
        kind: Service
        metadata:
          name: web
        ---
        apiVersion: apps/v1
        kind: Deployment
        spec:
          replicas: 3
        """

    static let printed = """
        app.yaml
        ├── [0]
        │   ├── apiVersion: v1
        │   ├── kind: Service
        │   └── metadata
        │       └── name: web
        └── [1]
            ├── apiVersion: apps/v1
            ├── kind: Deployment
            └── spec
                └── replicas: 3

        """

    @Test func printReadsEveryDocumentFromAFileAndFromAPipe() async throws {
        let directory = try ScratchDirectory.make("yaml-stream")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.yaml")
        try Data(Self.manifests.utf8).write(to: file)
        let direct = try await ProgramRunner.run(["print", file.path])
        #expect(direct.status == 0, "\(direct.error)")
        #expect(direct.output == Self.printed)
        let piped = try await ProgramRunner.run(
            program: URL(fileURLWithPath: "/bin/sh"),
            ["-c", "cat \"$0\" | \"$1\" print -", file.path, ProgramRunner.executable.path])
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.output == Self.printed.replacingOccurrences(of: "app.yaml\n", with: "stdin\n"))
    }

    @Test func searchAndImportFindTheSecondDocument() async throws {
        let directory = try ScratchDirectory.make("yaml-stream")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.yaml")
        try Data(Self.manifests.utf8).write(to: file)
        let found = try await ProgramRunner.run(["search", file.path, "Deployment"])
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output == "kind: Deployment  (app.yaml / [1])\n")
        let store = directory.appendingPathComponent("app.db").path
        let imported = try await ProgramRunner.run(["import", file.path, "--into", store])
        #expect(imported.status == 0, "\(imported.error)")
        let printed = try await ProgramRunner.run(["print", store])
        #expect(printed.status == 0, "\(printed.error)")
        #expect(printed.output.contains("└── [1]\n    ├── apiVersion"), "\(printed.output)")
    }
}
