import Foundation
import HierarchySources

/// Opens what the user named: nothing (the bundled sample), a directory, a document, or a
/// database.
enum SourceResolver {
    struct Resolved: Sendable {
        var source: any HierarchySource
        var startID: String?
        var name: String
    }

    static func resolve(path: String?, start: String?) throws -> Resolved {
        guard let path else {
            let sample = try SampleHierarchy.load()
            return Resolved(source: sample, startID: start, name: "Sample plant")
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        let opened = try SourceOpener.openWithStart(path: path, start: start)
        return Resolved(source: opened.source, startID: opened.startID ?? start, name: name.isEmpty ? path : name)
    }
}
