import Foundation
import HierarchyKit
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HierarchyWeb

@Suite("WebPageResources and the page at scale")
struct WebPageResourcesTests {
    @Test(
        "a built-in theme becomes the page's colour variables",
        arguments: [("light", "#F5F6F7", false), ("dark", "#12171C", true)])
    func themeVariables(name: String, background: String, dark: Bool) throws {
        let theme = try #require(Theme.named(name))
        let css = WebPageResources.styleSheet(for: theme)
        #expect(css.hasPrefix(":root { "))
        #expect(css.contains("--bg: \(background);"))
        #expect(css.contains("--accent: #0070F2;"))
        #expect(css.contains("color-scheme: dark;") == dark)
        #expect(!css.contains("nil"))
    }

    @Test("a translucent colour is written as rgba")
    func translucent() {
        #expect(WebPageResources.css(ThemeColor(red: 255, green: 0, blue: 10, alpha: 51)) == "rgba(255, 0, 10, 0.2)")
        #expect(WebPageResources.css(ThemeColor(red: 255, green: 0, blue: 10)) == "#FF000A")
    }

    @Test("serve --theme appends the theme to the stylesheet; without one the page keeps its own")
    func servedTheme() async throws {
        var configuration = HierarchyWebServer.Configuration()
        configuration.theme = Theme.dark
        let themed = try HierarchyWebServer(
            source: GeneratedSource(rootChildren: 2, fanout: 1, depth: 1), sourceName: "t", configuration: configuration
        )
        try await WebTest.withClient(themed) { client in
            let style = String(buffer: try await client.execute(uri: "/app.css", method: .get).body)
            #expect(style.contains("--bg: #12171C;"))
            #expect(style.contains("color-scheme: dark;"))
        }
        try await WebTest.withClient(try WebTest.server()) { client in
            let style = String(buffer: try await client.execute(uri: "/app.css", method: .get).body)
            #expect(!style.contains("/* theme"))
        }
    }

    @Test("a theme's name cannot close the stylesheet's comment")
    func commentSafe() {
        #expect(!WebPageResources.commentSafe("a */ b").contains("*/"))
    }

    @Test("the last rows of a 15,000,000-row column can be scrolled to (offsets past 1e9)")
    func tenMillionRows() async throws {
        let source = GeneratedSource(rootChildren: 15_000_000, fanout: 1, depth: 1)
        try await WebTest.withClient(try WebTest.server(source)) { client in
            var snapshot = try await WebTest.settle(client, try await WebTest.create(client, width: 1200, height: 800))
            let column = try #require(snapshot.column(withParent: "r"))
            #expect(column.itemCount == 15_000_000)
            let bottom = column.contentHeight - column.height
            #expect(bottom > 1e9)
            snapshot = try await WebTest.act(
                client, snapshot.session, "{\"type\": \"scroll\", \"column\": \(column.index), \"offset\": \(bottom)}")
            snapshot = try await WebTest.settle(client, snapshot)
            let scrolled = try #require(snapshot.column(withParent: "r"))
            // At the end of the content (the engine may refine its height once the last rows are read).
            #expect(
                abs(scrolled.offsetY + scrolled.height - scrolled.contentHeight) < 1,
                "offset \(scrolled.offsetY), content \(scrolled.contentHeight), asked \(bottom)")
            #expect(scrolled.items.contains { $0.row == 14_999_999 })
            #expect(scrolled.items.count <= 200)
        }
    }

    @Test("scroll offsets are bounded", arguments: ["1e14", "-1", "1e400"])
    func offsetBounds(offset: String) async throws {
        try await WebTest.withClient(try WebTest.server()) { client in
            let snapshot = try await WebTest.create(client)
            let response = try await client.execute(
                uri: "/api/sessions/\(snapshot.session)/actions", method: .post,
                body: WebTest.body("{\"type\": \"scroll\", \"column\": 0, \"offset\": \(offset)}"))
            // A negative offset is the top; too large or not a number is refused.
            #expect(offset == "-1" ? response.status == .ok : response.status == .badRequest)
        }
    }
}
