import Foundation
import HierarchySources

/// Reads hierarchy documents (JSON, property lists, YAML) into an ``InMemorySource``.
///
/// Every format goes one way: a reader that produces ``DocumentEvent``s (a
/// strict streaming JSON reader, libyaml's event parser, the XML and binary property
/// list readers) → the one ``DocumentRecordBuilder`` that owns the field mapping →
/// the in-memory tree. `hierarchy import` uses the same readers and builder, so
/// an item has the same identifier whichever command reads it.
///
/// The format comes from the file name extension (`.json`, `.plist`, `.yaml`,
/// `.yml`) or, failing that, from the first bytes (see ``DocumentFormat/sniff(_:)``).
/// With ``DocumentShape/automatic`` a document that follows the items schema
/// browses as items, any other as its structure.
///
/// Malformed documents throw ``HierarchySourceError/Code/malformed`` with the line
/// and column. No reader recurses; JSON nests at most
/// ``DocumentLimits/maximumJSONNesting`` levels, YAML and property lists 512.
public enum DocumentSource {
    /// The first bytes of an SQLite database file.
    package static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// The most bytes read from a file that has no size (a FIFO, a device): 4 GiB.
    static let unsizedInputLimit: Int64 = 1 << 32

    /// Reads a document file.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - format: The format, or `nil` to decide by extension or by the first bytes.
    ///   - shape: Items, structure, or whichever fits.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Returns: The hierarchy, named after the file.
    /// - Throws: ``HierarchySourceError`` with code `.notFound`, `.permissionDenied`, `.io`,
    ///   `.unsupported` (not a document, an SQLite database), `.malformed` or `.duplicateID`.
    /// - Complexity: O(n) for a document of n bytes, on a thread of its own (see ``LargeStackThread``).
    public static func load(
        contentsOf url: URL, format: DocumentFormat? = nil, shape: DocumentShape = .automatic,
        dynamicChildren: InMemorySource.DynamicChildren? = nil
    ) async throws -> InMemorySource {
        let path = url.path
        let name = url.lastPathComponent
        let tree = try await LargeStackThread.run { () throws(HierarchySourceError) -> InMemoryTree in
            try readTree(
                path: path, name: name, format: format ?? DocumentFormat(pathExtension: url.pathExtension),
                shape: shape)
        }
        return InMemorySource(tree: tree, displayName: name, dynamicChildren: dynamicChildren)
    }

    /// Reads a document from memory, on the calling thread.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - format: The format, or `nil` to decide by the first bytes.
    ///   - shape: Items, structure, or whichever fits.
    ///   - name: The document's name: the source's display name, a synthetic root's title,
    ///     and the path in error messages.
    ///   - dynamicChildren: Supplies the children of `type: dynamic` items.
    /// - Returns: The hierarchy.
    /// - Throws: As ``load(contentsOf:format:shape:dynamicChildren:)``.
    /// - Complexity: O(n) for a document of n bytes, on the calling thread (no reader recurses):
    ///   from async code, read a large document with ``load(contentsOf:format:shape:dynamicChildren:)``.
    public static func load(
        data: Data, format: DocumentFormat? = nil, shape: DocumentShape = .automatic, name: String = "Document",
        dynamicChildren: InMemorySource.DynamicChildren? = nil
    ) throws -> InMemorySource {
        let parsed = try events(openingWith: { ByteInput(bytes: data) }, path: name, format: format)
        let tree = try buildTree(parsed, shape: shape, name: name, path: name)
        return InMemorySource(tree: tree, displayName: name, dynamicChildren: dynamicChildren)
    }

    package static func readTree(path: String, name: String, format: DocumentFormat?, shape: DocumentShape)
        throws(HierarchySourceError) -> InMemoryTree
    {
        if format == nil, URL(fileURLWithPath: path).pathExtension.lowercased() == "csv" {
            throw HierarchySourceError(
                .unsupported, "CSV is not a document to browse; import it: hierarchy import FILE --into DB", path: path)
        }
        let parsed = try events(
            openingWith: { () throws(HierarchySourceError) in try openInput(path) },
            path: path, format: format)
        return try buildTree(parsed, shape: shape, name: name, path: path)
    }

    /// The most bytes of a pipe kept while it is read (16 MiB), so that a document found to be no
    /// items document within them is read again as its structure; past them, it is an error
    /// that names `--as structure`.
    static let replayLimit = 16 << 20

    /// Bytes read from a document file at a time: 256 KiB (the reader's one buffer; a larger one
    /// read no faster and stayed resident while a document is browsed, see docs/performance.md).
    static let readChunkSize = 256 << 10

    /// Opens a file for streaming, mapping failures to source errors.
    public static func openInput(_ path: String) throws(HierarchySourceError) -> ByteInput {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw HierarchySourceError(.unsupported, "is a directory, not a document", path: path)
        }
        if StandardInputDocument.isStandardInput(path) {
            return ByteInput(
                descriptor: try StandardInputDocument.openDescriptor(), chunkSize: readChunkSize,
                unsizedLimit: unsizedInputLimit)
        }
        do {
            // Opened once: a FIFO's writer writes to this open, and a second one would wait for another writer.
            return try ByteInput(path: path, chunkSize: readChunkSize, unsizedLimit: unsizedInputLimit)
        } catch {
            switch error.systemError {
            case ENOENT?, ENOTDIR?: throw HierarchySourceError(.notFound, "no such file", path: path)
            case EACCES?, EPERM?: throw HierarchySourceError(.permissionDenied, "permission denied", path: path)
            default: throw HierarchySourceError(.io, "cannot read the file: \(error.message)", path: path)
            }
        }
    }

    /// A document's events, ready to be read once or more (to read it again in another shape).
    public struct Events {
        /// Makes a fresh reader at the document's start, or `nil` when the input cannot be read twice.
        public let makeReader: () throws(HierarchySourceError) -> (any DocumentEventSource)?
        /// The first reader.
        public var first: any DocumentEventSource
        /// The format read.
        public let format: DocumentFormat
        /// Whether the document is JSON Lines (see ``JSONLines``) or a YAML stream of several
        /// documents: its readers give one array whose elements are the lines or documents.
        public var readsLines = false

        /// The shape a document is read in: JSON Lines are read as their structure unless
        /// items are asked for.
        public func shape(_ requested: DocumentShape) -> DocumentShape {
            readsLines && requested == .automatic ? .structure : requested
        }
    }

    /// Opens a document file and returns its event reader, for readers outside this
    /// module (the importer) that feed the same ``DocumentRecordBuilder``.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - format: The format, or `nil` to decide by extension or by the first bytes.
    /// - Throws: As ``load(contentsOf:format:shape:dynamicChildren:)``.
    public static func events(path: String, format: DocumentFormat?) throws(HierarchySourceError) -> Events {
        let pathExtension = URL(fileURLWithPath: path).pathExtension
        let format =
            format ?? DocumentFormat(pathExtension: pathExtension)
            ?? (JSONLines.isLinesExtension(pathExtension) ? .json : nil)
        return try events(
            openingWith: { () throws(HierarchySourceError) in try openInput(path) }, path: path,
            format: format)
    }

    /// Opens a document and picks its reader.
    ///
    /// JSON, YAML (through libyaml's event parser) and XML property lists stream from the
    /// input; a binary property list is held as bytes and walked through its offset table.
    static func events(
        openingWith open: @escaping () throws(HierarchySourceError) -> ByteInput, path: String,
        format: DocumentFormat?
    ) throws(HierarchySourceError) -> Events {
        let input = try open()
        let head: [UInt8]
        do { head = try input.head(512) } catch { throw HierarchySourceError(error, path: path, format: .json) }
        if head.starts(with: sqliteHeader) {
            throw HierarchySourceError(
                .unsupported, "this is an SQLite database, not a JSON, property list or YAML document", path: path)
        }
        if head.isEmpty {
            throw HierarchySourceError(.malformed, "the document is empty", path: path, line: 1, column: 1)
        }
        let format = format ?? DocumentFormat.sniff(head) ?? (Self.looksLikeUTF16(head) ? .json : nil)
        guard let format else {
            throw HierarchySourceError(
                .unsupported, "not a JSON, property list or YAML document (binary data)", path: path)
        }
        // Only a regular file is opened again: opening a FIFO whose writer is gone would wait forever.
        // A pipe's first bytes are kept instead, so it can be read again once from its start.
        let rereadable = input.expectedSize != nil
        if !rereadable, format != .propertyList { input.startRecording(limit: replayLimit) }
        switch format {
        case .json:
            let lines: Bool
            do { lines = JSONLines.isLines(path: path, head: try input.head(Int.max)) } catch {
                throw HierarchySourceError(error, path: path, format: .json)
            }
            return Events(
                makeReader: { () throws(HierarchySourceError) in
                    guard rereadable else {
                        return input.replay().map { JSONEventReader(input: $0, readsLines: lines) }
                    }
                    let again = try open()
                    return again.expectedSize == nil ? nil : JSONEventReader(input: again, readsLines: lines)
                },
                first: JSONEventReader(input: input, readsLines: lines), format: .json, readsLines: lines)
        case .propertyList:
            if head.starts(with: Array("bplist".utf8)) {
                // The binary form is read by offset: its bytes are held, never an object tree.
                let bytes: [UInt8]
                do { bytes = try input.readAllBytes() } catch {
                    throw HierarchySourceError(error, path: path, format: .propertyList)
                }
                let reader: BinaryPropertyListReader
                do { reader = try BinaryPropertyListReader(bytes: bytes) } catch {
                    throw HierarchySourceError(error, path: path, format: .propertyList)
                }
                return Events(makeReader: { reader }, first: reader, format: .propertyList)
            }
            if rereadable {
                return Events(
                    makeReader: { () throws(HierarchySourceError) in
                        let again = try open()
                        return again.expectedSize == nil ? nil : PropertyListXMLReader(input: again)
                    },
                    first: PropertyListXMLReader(input: input), format: .propertyList)
            }
            // A pipe cannot be read twice: its bytes are kept (not a decoded tree), so a property
            // list that is no items document can still be read again as its structure.
            let data = try readAll(input, path: path)
            return Events(
                makeReader: { PropertyListXMLReader(input: ByteInput(bytes: data)) },
                first: PropertyListXMLReader(input: ByteInput(bytes: data)), format: .propertyList)
        case .yaml:
            // A stream of several documents is one array of them: a file is scanned for its
            // document markers, a pipe's first bytes are.
            let stream: Bool
            let scanned = rereadable ? try open() : nil
            do {
                if let scanned {
                    stream = try YAMLStream.hasSeveralDocuments(scanned)
                } else {
                    stream = YAMLStream.hasSeveralDocuments(head: try input.head(Int.max))
                }
            } catch {
                throw HierarchySourceError(error, path: path, format: .yaml)
            }
            return Events(
                makeReader: { () throws(HierarchySourceError) in
                    guard rereadable else {
                        return input.replay().map { DocumentYAMLReader(input: $0, readsStream: stream) }
                    }
                    return DocumentYAMLReader(input: try open(), readsStream: stream)
                },
                first: DocumentYAMLReader(input: input, readsStream: stream), format: .yaml, readsLines: stream)
        }
    }

    /// Whether the first bytes look like UTF-16 or UTF-32 text (NUL bytes between ASCII).
    static func looksLikeUTF16(_ head: [UInt8]) -> Bool {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return true }
        guard head.count >= 4 else { return false }
        func isText(_ byte: UInt8) -> Bool { byte >= 0x09 && byte < 0x7F }
        return (head[0] == 0 && isText(head[1]) && head[2] == 0 && isText(head[3]))
            || (isText(head[0]) && head[1] == 0 && isText(head[2]) && head[3] == 0)
    }

    /// The rest of an input in memory (YAML and property lists are parsed whole).
    static func readAll(_ input: ByteInput, path: String) throws(HierarchySourceError) -> Data {
        do {
            return try input.readAll()
        } catch {
            throw HierarchySourceError(error, path: path, format: .json)
        }
    }

    /// Reads the events into a tree; with `.automatic`, a document that is not an
    /// items document, or whose items would leave a value out or are none, is read again
    /// as its structure (the rule is ``DocumentRecordBuilder``'s).
    static func buildTree(_ events: Events, shape: DocumentShape, name: String, path: String)
        throws(HierarchySourceError) -> InMemoryTree
    {
        var reader = events.first
        let shape = events.shape(shape)
        do {
            return try InMemoryTree.build(from: &reader, shape: shape, name: name)
        } catch let error as DocumentReadError where error.kind == .shape && shape == .automatic {
            guard var again = try events.makeReader() else {
                throw HierarchySourceError(error, path: path, format: events.format)
            }
            do {
                return try InMemoryTree.build(from: &again, shape: .structure, name: name)
            } catch {
                throw HierarchySourceError.mapping(error, path: path, format: events.format)
            }
        } catch {
            throw HierarchySourceError.mapping(error, path: path, format: events.format)
        }
    }
}

extension InMemorySource {
    /// Whether the source is a document read as its structure: its leaves are the document's
    /// scalars, with their values as subtitles (see ``TreePrinter/showsValues``).
    public var isDocumentStructure: Bool { tree.isStructure }
}

extension HierarchySourceError {
    /// A document reader's error as a source error: `path:line:column: message`.
    ///
    /// - Parameters:
    ///   - error: The reader's or builder's error.
    ///   - path: The document's path.
    ///   - format: The document's format, named in syntax errors.
    public init(_ error: DocumentReadError, path: String, format: DocumentFormat) {
        switch error.kind {
        case .malformed:
            let prefix =
                switch format {
                case .json: "invalid JSON: "
                case .yaml: "invalid YAML: "
                case .propertyList: "invalid property list: "
                }
            self.init(.malformed, prefix + error.message, path: path, line: error.line, column: error.column)
        case .shape, .limit:
            self.init(.malformed, error.message, path: path, line: error.line, column: error.column)
        case .io:
            self.init(.io, error.message, path: path)
        }
    }

    /// A second item with the `id` of an earlier one: `duplicate id "ID" (at line N)`.
    static func duplicateID(_ id: String, line: Int?, path: String? = nil) -> HierarchySourceError {
        HierarchySourceError(
            .duplicateID, "duplicate id \"\(id)\"" + (line.map { " (at line \($0))" } ?? ""), path: path)
    }

    /// Any error of a document read as a source error.
    static func mapping(_ error: any Error, path: String, format: DocumentFormat) -> HierarchySourceError {
        switch error {
        case let error as DocumentReadError: return HierarchySourceError(error, path: path, format: format)
        case var error as HierarchySourceError:
            if error.path == nil { error.path = path }
            return error
        default: return HierarchySourceError(.io, "\(error)", path: path)
        }
    }
}
