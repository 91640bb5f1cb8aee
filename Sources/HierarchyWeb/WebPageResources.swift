import Foundation
import Hummingbird

/// The page's files (HTML, JavaScript, CSS), read once from the module's bundle.
struct WebPageResources: Sendable {
    enum File: Sendable {
        case html, transport, script, style
    }

    let html: Data
    let transport: Data
    let script: Data
    let style: Data

    /// Reads the files.
    ///
    /// - Throws: `WebError` 500 when a file is missing from the bundle.
    static func load() throws -> WebPageResources {
        func read(_ name: String, _ ext: String) throws -> Data {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "page"),
                  let data = try? Data(contentsOf: url) else {
                throw WebError(500, "the page file \(name).\(ext) is missing from the program's resources")
            }
            return data
        }
        return WebPageResources(html: try read("index", "html"), transport: try read("transport", "js"), script: try read("app", "js"), style: try read("app", "css"))
    }

    func response(for file: File) -> Response {
        let (data, type): (Data, String) = switch file {
        case .html: (html, "text/html; charset=utf-8")
        case .transport: (transport, "text/javascript; charset=utf-8")
        case .script: (script, "text/javascript; charset=utf-8")
        case .style: (style, "text/css; charset=utf-8")
        }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
