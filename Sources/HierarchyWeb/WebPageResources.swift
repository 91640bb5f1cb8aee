import Foundation
import HierarchyKit
import Hummingbird

/// The page's files (HTML, JavaScript, CSS), read once from the module's bundle.
struct WebPageResources: Sendable {
    enum File: Sendable {
        case html, transport, script, style, editing
    }

    let html: Data
    let transport: Data
    let script: Data
    let style: Data
    /// `edit.js`: the add and delete buttons of an editable store.
    var editing = Data()

    /// Reads the files; a theme's colours are appended to the stylesheet.
    ///
    /// - Parameter theme: the colours of `serve --theme`, or nil for the page's own.
    /// - Throws: `WebError` 500 when a file is missing from the bundle.
    static func load(theme: Theme? = nil) throws -> WebPageResources {
        let read = Self.readFile
        var style = try read("app", "css")
        if let theme {
            style.append(
                Data(("\n/* theme " + Self.commentSafe(theme.name) + " */\n" + Self.styleSheet(for: theme)).utf8))
        }
        var page = WebPageResources(
            html: try read("index", "html"), transport: try read("transport", "js"), script: try read("app", "js"),
            style: style)
        page.editing = try read("edit", "js")
        return page
    }

    /// Reads one file of the page from the module's bundle.
    ///
    /// - Parameters:
    ///   - name: The file's name without its extension.
    ///   - ext: The file's extension.
    /// - Throws: `WebError` 500 when the file is missing from the bundle.
    static func readFile(_ name: String, _ ext: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "page"),
            let data = try? Data(contentsOf: url)
        else {
            throw WebError(500, "the page file \(name).\(ext) is missing from the program's resources")
        }
        return data
    }

    /// A page file's response: 200 with its content type, revalidated on every load.
    static func response(_ data: Data, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A name that cannot end a CSS comment.
    static func commentSafe(_ name: String) -> String {
        String(name.prefix(80)).replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "\n", with: " ")
    }

    func response(for file: File) -> Response {
        let (data, type): (Data, String) =
            switch file {
            case .html: (html, "text/html; charset=utf-8")
            case .transport: (transport, "text/javascript; charset=utf-8")
            case .script: (script, "text/javascript; charset=utf-8")
            case .style: (style, "text/css; charset=utf-8")
            case .editing: (editing, "text/javascript; charset=utf-8")
            }
        return Self.response(data, type: type)
    }
}
