import Foundation
import HierarchyTestSupport
import Testing

/// Documents that are no items documents (config objects, API envelopes, GeoJSON, package
/// manifests, OpenAPI, records under one key) show every value through the real program, in
/// every format: `print` prints each scalar beside its key, `import` stores as many items as
/// `print` shows lines (one line per item, as browse shows them), never none.
@Suite struct DocumentShapeTests {
    static func directory() throws -> URL { try ScratchDirectory.make("hierarchy-shapes") }

    /// The number in "imported N items into …".
    static func importedCount(_ output: String) -> Int? {
        guard let rest = output.components(separatedBy: "imported ").dropFirst().first else { return nil }
        return Int(rest.prefix { $0.isNumber })
    }

    @Test(arguments: DocumentValue.Format.allCases)
    func everyValueIsPrintedAndImported(format: DocumentValue.Format) async throws {
        let directory = try Self.directory()
        for (name, value) in DocumentFixtures.shapes {
            let file = directory.appendingPathComponent("\(name)-\(format.rawValue).\(format.pathExtension)")
            try value.data(format).write(to: file)
            let printed = try await ProgramRunner.run(["print", file.path])
            let label = "\(name) as \(format.rawValue)"
            #expect(printed.status == 0, "\(label): \(printed.error)")
            #expect(printed.error.isEmpty, "\(label)")
            let lines = Set(
                printed.output.split(separator: "\n").map {
                    String($0.drop { "│├└─ ".contains($0) })
                })
            for scalar in value.scalars(format) {
                #expect(
                    lines.contains("\(scalar.key): \(scalar.value)"),
                    "\(label): \(scalar.key): \(scalar.value) in\n\(printed.output)")
            }
            let store = directory.appendingPathComponent("\(name)-\(format.rawValue).db").path
            let imported = try await ProgramRunner.run(["import", file.path, "--into", store, "--no-search-index"])
            #expect(imported.status == 0, "\(label): \(imported.error)")
            let count = try #require(Self.importedCount(imported.output), "\(label): \(imported.output)")
            #expect(count > 0, "\(label)")
            #expect(count == printed.output.split(separator: "\n").count, "\(label): \(imported.output)")
            // The store prints the same tree as the document.
            let fromStore = try await ProgramRunner.run(["print", store])
            #expect(fromStore.status == 0, "\(label): \(fromStore.error)")
            #expect(fromStore.output.split(separator: "\n").count == count, "\(label)\n\(fromStore.output)")
        }
    }

    @Test func theIssuesExampleAndAnAPIEnvelopePrintTheirValues() async throws {
        let directory = try Self.directory()
        let x = directory.appendingPathComponent("x.json")
        try Data(#"{"x":[{"name":"a"}]}"#.utf8).write(to: x)
        let printed = try await ProgramRunner.run(["print", x.path])
        #expect(printed.status == 0)
        #expect(printed.output == "x.json\n└── x\n    └── [0]\n        └── name: a\n")
        let envelope = directory.appendingPathComponent("envelope.json")
        try Data(#"{"data":[{"id":"u1","attributes":{"title":"First"}}],"meta":{"total":2}}"#.utf8).write(to: envelope)
        let shown = try await ProgramRunner.run(["print", envelope.path, "--ascii"])
        #expect(
            shown.output == """
                envelope.json
                |-- data
                |   `-- [0]
                |       |-- id: u1
                |       `-- attributes
                |           `-- title: First
                `-- meta
                    `-- total: 2

                """)
        // Forced, the items reading still shows what it finds (nothing here).
        let forced = try await ProgramRunner.run(["print", envelope.path, "--as", "items"])
        #expect(forced.status == 0)
        #expect(forced.output.isEmpty)
    }

    @Test func anItemsDocumentStillPrintsAsItems() async throws {
        let directory = try Self.directory()
        let plant = DocumentValue.object([
            ("title", .string("Plant")), ("note", .null),
            (
                "children",
                .array([.object([("title", .string("Pump")), ("type", .string("Centrifugal"))]), .string("Spare")])
            ),
        ])
        for format in DocumentValue.Format.allCases {
            let file = directory.appendingPathComponent("plant-\(format.rawValue).\(format.pathExtension)")
            try plant.data(format).write(to: file)
            let printed = try await ProgramRunner.run(["print", file.path])
            #expect(printed.output == "Plant\n├── Pump\n└── Spare\n", "\(format)")
        }
    }

    @Test func valuesAreEscapedAndLongOnesCut() async throws {
        let directory = try Self.directory()
        let file = directory.appendingPathComponent("values.json")
        let long = String(repeating: "a", count: 300)
        try Data(#"{"x": {"bad": "one\u001b[2Jtwo\nthree", "long": "\#(long)"}}"#.utf8).write(to: file)
        let printed = try await ProgramRunner.run(["print", file.path, "--ascii"])
        #expect(printed.status == 0)
        #expect(
            printed.output == """
                values.json
                `-- x
                    |-- bad: one^[[2Jtwo\u{2424}three
                    `-- long: \(String(repeating: "a", count: 200))…

                """)
        #expect(!printed.output.contains("\u{1B}"))
        // From a start inside the document (the whole tree is read, then printed), the same lines.
        let started = try await ProgramRunner.run(["print", file.path, "--ascii", "--start", "#1"])
        #expect(started.status == 0, "\(started.error)")
        #expect(
            started.output
                == printed.output.split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst().map { $0.dropFirst(4) }.joined(separator: "\n"))
    }

    /// Two `children` arrays of one item: both hold its children (no value is lost), in JSON and
    /// property lists, in print and import alike; no phantom copy of the item. YAML refuses a
    /// key given twice in a mapping, as its specification says.
    @Test func duplicateChildrenArraysJoin() async throws {
        let directory = try Self.directory()
        let documents = [
            "dup.json": #"{"name": "a", "children": [{"name": "b"}], "children": [{"name": "c"}]}"#,
            "dup.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>name</key><string>a</string>\
            <key>children</key><array><dict><key>name</key><string>b</string></dict></array>\
            <key>children</key><array><dict><key>name</key><string>c</string></dict></array></dict></plist>
            """,
            "root.json": #"{"root": [{"name": "b"}], "root": [{"name": "c"}]}"#,
        ]
        for (name, text) in documents.sorted(by: { $0.key < $1.key }) {
            let file = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            let printed = try await ProgramRunner.run(["print", file.path])
            let expected = name == "root.json" ? "root.json\n├── b\n└── c\n" : "a\n├── b\n└── c\n"
            #expect(printed.output == expected, "\(name)")
            #expect(printed.status == 0, "\(name): \(printed.error)")
            let store = directory.appendingPathComponent(name + ".db").path
            let imported = try await ProgramRunner.run(["import", file.path, "--into", store, "--no-search-index"])
            #expect(Self.importedCount(imported.output) == 3, "\(name): \(imported.output) \(imported.error)")
            let fromStore = try await ProgramRunner.run(["print", store])
            #expect(fromStore.output == expected, "\(name)")
        }
        let yaml = directory.appendingPathComponent("dup.yaml")
        try Data("name: a\nchildren:\n  - name: b\nchildren:\n  - name: c\n".utf8).write(to: yaml)
        let refused = try await ProgramRunner.run(["print", yaml.path])
        #expect(refused.status == 65)
        #expect(
            refused.error
                == "hierarchy: \(yaml.path):4:1: invalid YAML: found duplicated key \"children\" in a mapping\n")
        #expect(refused.output.isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is not installed"))
    func serveShowsAnEnvelopesColumns() async throws {
        let directory = try Self.directory()
        let file = directory.appendingPathComponent("envelope.json")
        try Data(#"{"data":[{"id":"u1","attributes":{"title":"First"}}],"meta":{"total":2}}"#.utf8).write(to: file)
        let served = try await ServedProgram(["serve", file.path, "--port", "0"], deadline: .seconds(60))
        let address = try #require(served.address, "\(served.firstLine)")
        var snapshot = try await DocumentPagesWhileReadingTests.curl([
            "-s", "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"width": 1200, "height": 800}"#,
            address + "/api/sessions",
        ])
        // The root's children may still be loading in the first snapshot: the next ones (long
        // polls) follow until they are there, 60 s at most.
        struct Version: Decodable {
            var session: String
            var version: Int
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !(snapshot.contains("\"data\"") && snapshot.contains("\"meta\"")), ContinuousClock.now < deadline,
            let seen = try? JSONDecoder().decode(Version.self, from: Data(snapshot.utf8))
        {
            let next = try await DocumentPagesWhileReadingTests.curl([
                "-s", address + "/api/sessions/\(seen.session)?after=\(seen.version)",
            ])
            // A poll that curl gave up on (10 s without a change) is asked again.
            if !next.isEmpty { snapshot = next }
        }
        #expect(snapshot.contains("\"data\"") && snapshot.contains("\"meta\""), "\(snapshot)")
    }
}
