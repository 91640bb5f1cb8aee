import Foundation
import HierarchyKit
import Testing

@testable import TerminalUI

/// Finding, reading and checking themes.
@Suite struct ThemeLoaderTests {
    /// A loader over an in-memory set of files.
    func loader(_ files: [String: String]) -> ThemeLoader {
        ThemeLoader(readFile: { files[$0] })
    }

    @Test(arguments: ["light", "dark", "DARK"])
    func builtInNames(name: String) throws {
        let loaded = try loader([:]).load(argument: name, environment: [:])
        #expect(loaded.theme == Theme.named(name))
        #expect(loaded.warnings.isEmpty)
    }

    @Test func aStylesheetAppliesOnTheLightTheme() throws {
        let files = ["/t/x.nss": "fdlFUIHierarchyItemView_title { font-color: #123456; }"]
        let loaded = try loader(files).load(argument: "/t/x.nss", environment: [:])
        let theme = try #require(loaded.theme)
        #expect(theme.style(for: .itemTitle).fontColor == ThemeColor(hex: "#123456"))
        #expect(theme.style(for: .itemSubtitle) == Theme.light.style(for: .itemSubtitle))
        #expect(loaded.path == "/t/x.nss")
    }

    @Test func aBrokenStylesheetGivesTheDiagnostic() throws {
        let files = [
            "bad.nss":
                "fdlFUIHierarchyItemView_title {\n    font-color #123456;\n}\nfdlFUIHierarchyView { font-color: #12; }\n"
        ]
        #expect {
            try loader(files).load(argument: "bad.nss", environment: [:])
        } throws: { error in
            guard let error = error as? ThemeLoader.LoadError else { return false }
            return error.diagnostics.count == 2 && error.message.hasPrefix("bad.nss:2:")
                && error.message.contains("error:") && error.message.hasSuffix("(and 1 more error)")
                && !error.message.contains("\n")
        }
    }

    @Test func warningsDoNotStopTheLoad() throws {
        let files = [
            "w.nss": "fdlUnknownThing { font-color: #123456; }\nfdlFUIHierarchyView { glow: 3; font-color: #ABCDEF; }"
        ]
        let loaded = try loader(files).load(argument: "w.nss", environment: [:])
        #expect(loaded.warnings.count == 2)
        #expect(loaded.warnings.allSatisfy { $0.severity == .warning && $0.sourceName == "w.nss" })
        #expect(loaded.theme?.style(for: .hierarchyView).fontColor == ThemeColor(hex: "#ABCDEF"))
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: ThemeLoader.LoadError.self) {
            try loader([:]).load(argument: "/nowhere/theme.nss", environment: [:])
        }
    }

    @Test func theFirstExistingDefaultFileIsUsed() throws {
        let environment = ["XDG_CONFIG_HOME": "/home/u/.config", "XDG_CONFIG_DIRS": "/etc/a:/etc/b"]
        let files = [
            "/etc/a/hierarchy/theme.nss": "fdlFUIHierarchyView { font-color: #111111; }",
            "/etc/b/hierarchy/theme.nss": "fdlFUIHierarchyView { font-color: #222222; }",
        ]
        let loaded = try loader(files).load(argument: nil, environment: environment)
        #expect(loaded.path == "/etc/a/hierarchy/theme.nss")
        #expect(loaded.theme?.style(for: .hierarchyView).fontColor == ThemeColor(hex: "#111111"))
        var withHome = files
        withHome["/home/u/.config/hierarchy/theme.nss"] = "fdlFUIHierarchyView { font-color: #333333; }"
        #expect(
            try loader(withHome).load(argument: nil, environment: environment).path
                == "/home/u/.config/hierarchy/theme.nss")
    }

    @Test func noDefaultFileMeansNoTheme() throws {
        let loaded = try loader([:]).load(argument: nil, environment: ["HOME": "/home/u"])
        #expect(loaded.theme == nil)
        #expect(loaded.path == nil)
    }

    @Test func anUnreadableFileIsAnError() {
        let failing = ThemeLoader(readFile: { _ in throw CocoaError(.fileReadNoPermission) })
        #expect(throws: ThemeLoader.LoadError.self) {
            try failing.load(argument: "x.nss", environment: [:])
        }
    }

    @Test func readsFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.nss").path
        try "fdlFUIHierarchyView { font-color: #0A0B0C; }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            try ThemeLoader().load(argument: path, environment: [:]).theme?.style(for: .hierarchyView).fontColor
                == ThemeColor(hex: "#0A0B0C"))
        #expect(try ThemeLoader.readFromDisk(directory.path) == nil)
    }
}
