import Foundation

/// Reads hierarchy documents (JSON, property lists, YAML) into an ``InMemorySource``.
///
/// The format comes from the file name extension (`.json`, `.plist`, `.yaml`,
/// `.yml`) or, failing that, from the first bytes (see ``DocumentFormat/sniff(_:)``).
/// The shapes and the field mapping are those of in-code items (see
/// ``InMemorySource/init(hierarchyItems:displayName:dynamicChildren:)``):
/// nested objects with `children`, the CBLinearHierarchy `{"root": [...]}` and
/// root-array property lists, and top-level arrays.
///
/// Malformed documents throw ``HierarchySourceError/Code/malformed`` with the line
/// and column wherever the parser gives one. Nesting is bounded: Foundation's
/// JSON and property list readers stop at 512 levels of arrays and objects
/// (about 255 item levels, since each level is an object plus a `children` array),
/// libyaml at 1,000; the error names the place where the limit was crossed.
public enum DocumentSource {
    /// The first bytes of an SQLite database file.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// The nesting Foundation's JSON and property list readers accept.
    static let foundationNestingLimit = 512

    /// Reads a document file.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: The format, or `nil` to decide by extension or by the first bytes.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Returns: The hierarchy, named after the file.
    /// - Throws: ``HierarchySourceError`` with code `.notFound`, `.permissionDenied`, `.io`,
    ///   `.unsupported` (not a document, an SQLite database), `.malformed` or `.duplicateID`.
    /// - Complexity: O(n) for a document of n bytes.
    public static func load(
        contentsOf url: URL, format: DocumentFormat? = nil,
        dynamicChildren: InMemorySource.DynamicChildren? = nil
    ) throws -> InMemorySource {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw readError(error, path: url.path)
        }
        let format = format ?? DocumentFormat(pathExtension: url.pathExtension)
        return try load(data: data, format: format, name: url.lastPathComponent, path: url.path,
                        dynamicChildren: dynamicChildren)
    }

    /// Reads a document from memory.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - format: The format, or `nil` to decide by the first bytes.
    ///   - name: The document's name: the source's display name, a synthetic root's title,
    ///     and the path in error messages.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Returns: The hierarchy.
    /// - Throws: As ``load(contentsOf:format:dynamicChildren:)``.
    public static func load(
        data: Data, format: DocumentFormat? = nil, name: String = "Document",
        dynamicChildren: InMemorySource.DynamicChildren? = nil
    ) throws -> InMemorySource {
        try load(data: data, format: format, name: name, path: name, dynamicChildren: dynamicChildren)
    }

    static func load(
        data: Data, format: DocumentFormat?, name: String, path: String,
        dynamicChildren: InMemorySource.DynamicChildren?
    ) throws -> InMemorySource {
        if data.starts(with: sqliteHeader) {
            throw HierarchySourceError(
                .unsupported, "this is an SQLite database, not a JSON, property list or YAML document", path: path)
        }
        guard let format = format ?? DocumentFormat.sniff(data.prefix(512)) else {
            throw HierarchySourceError(
                .unsupported, "not a JSON, property list or YAML document (binary data)", path: path)
        }
        // Parsing, reading and freeing the parsed values all happen on a thread with a large stack.
        let tree = try LargeStackThread.run { () throws(HierarchySourceError) -> InMemoryTree in
            let object = try parse(data, as: format, path: path)
            do throws(HierarchySourceError) {
                return try DocumentTreeReader(name: name).read(object)
            } catch {
                var error = error
                error.path = path
                throw error
            }
        }
        return InMemorySource(tree: tree, displayName: name, dynamicChildren: dynamicChildren)
    }

    /// Parses a document into arrays, dictionaries and scalars.
    ///
    /// - Throws: ``HierarchySourceError/Code/malformed`` with line and column where known.
    static func parse(_ data: Data, as format: DocumentFormat, path: String) throws(HierarchySourceError) -> Any {
        switch format {
        case .json:
            do {
                return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw jsonError(error, data: data, path: path)
            }
        case .propertyList:
            do {
                return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                throw propertyListError(error, data: data, path: path)
            }
        case .yaml:
            return try parseYAML(data, path: path)
        }
    }

    /// Maps a file read failure to a source error.
    static func readError(_ error: any Error, path: String) -> HierarchySourceError {
        let cocoa = error as? CocoaError
        switch cocoa?.code {
        case .fileReadNoSuchFile?, .fileNoSuchFile?:
            return HierarchySourceError(.notFound, "no such file", path: path, cause: cocoa)
        case .fileReadNoPermission?:
            return HierarchySourceError(.permissionDenied, "permission denied", path: path, cause: cocoa)
        default:
            let reason = (error as NSError).localizedDescription
            return HierarchySourceError(.io, "cannot read the file: \(reason)", path: path, cause: cocoa)
        }
    }
}
