import Foundation
import HierarchyDocuments
import HierarchyFileSystem
import HierarchySources

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens whatever a path names as a hierarchy: a directory as a ``FileSystemSource``,
/// a document as an ``InMemorySource`` through ``DocumentSource``, or, for the faces that
/// show a document while it is read (`whileReading`), a JSON file as an ``IndexedJSONSource``.
///
/// Errors have distinct codes the command line can act on:
/// - `.notFound`: nothing at the path (or a start outside the hierarchy);
/// - `.permissionDenied`: the path cannot be read;
/// - `.unsupported`: an SQLite database (message starts with "SQLite database") or a
///   file that is not a JSON, property list or YAML document.
public enum SourceOpener {
    /// A source and where to start browsing it.
    public struct Opened: Sendable {
        /// The hierarchy.
        public var source: any HierarchySource
        /// The identifier of the item to start at, when a start was given.
        public var startID: String?
    }

    /// Opens a path.
    ///
    /// - Parameters:
    ///   - path: A directory or a document file.
    ///   - start: Where to start: a path inside the directory (relative to it or
    ///     absolute), or the identifier of an item of the document. It is checked
    ///     to exist; find its identifier with ``openWithStart(path:start:)``.
    /// - Returns: The source.
    /// - Throws: ``HierarchySourceError`` with `.notFound`, `.permissionDenied`,
    ///   `.unsupported`, `.malformed`, `.duplicateID` or `.io`.
    public static func open(path: String, start: String? = nil) async throws -> any HierarchySource {
        try await openWithStart(path: path, start: start).source
    }

    /// Opens a path and resolves the start to an identifier.
    ///
    /// - Parameters:
    ///   - path: A directory or a document file.
    ///   - start: Where to start, as for ``open(path:start:)``.
    ///   - shape: How a document becomes a hierarchy (items, structure, or whichever fits).
    ///   - whileReading: Return a JSON file at once, read where it lies and validated in the
    ///     background (an ``IndexedJSONSource``); return any other document that takes longer
    ///     than a moment to read while it is still read (a ``DocumentLoad``), as soon as its
    ///     root is known, without a start only.
    /// - Returns: The source and the start's identifier.
    /// - Throws: As ``open(path:start:)``.
    public static func openWithStart(
        path: String, start: String? = nil, shape: DocumentShape = .automatic, whileReading: Bool = false
    ) async throws -> Opened {
        if StandardInputDocument.isStandardInput(path) {
            return try await openStandardInput(start: start, shape: shape, whileReading: whileReading)
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw HierarchySourceError(.notFound, "no such file or directory", path: path)
            case EACCES, EPERM:
                throw HierarchySourceError(.permissionDenied, "permission denied", path: path)
            default:
                throw HierarchySourceError(.io, String(cString: strerror(code)), path: path)
            }
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard access(path, R_OK | X_OK) == 0 else {
                throw HierarchySourceError(.permissionDenied, "permission denied (cannot list the folder)", path: path)
            }
            let source = try FileSystemSource(root: path, startPath: start)
            if let startID = source.startID {
                var startInfo = stat()
                guard stat(FileNameCoding.systemPath(source.path(of: startID)), &startInfo) == 0 else {
                    throw HierarchySourceError(.notFound, "no such entry \(start ?? startID) in the folder", path: path)
                }
            }
            return Opened(source: source, startID: source.startID)
        }
        guard access(path, R_OK) == 0 else {
            throw HierarchySourceError(.permissionDenied, "permission denied", path: path)
        }
        // Only a regular file is peeked at: a FIFO can be read once, by the document reader.
        if info.st_mode & S_IFMT == S_IFREG, let head = readHead(path), head.starts(with: DocumentSource.sqliteHeader) {
            throw HierarchySourceError(
                .unsupported, "SQLite database: open it with the SQLite source, not as a document", path: path)
        }
        if whileReading, info.st_mode & S_IFMT == S_IFREG, isJSONFile(path) {
            let source = try IndexedJSONSource(
                path: path, shape: shape, validatesAtOpen: IndexedJSONSource.validationAtOpenLimit)
            if let start, try !source.contains(id: start) {
                throw HierarchySourceError(.notFound, "no item with id \"\(start)\" in the document", path: path)
            }
            return Opened(source: source, startID: start)
        }
        if whileReading, start == nil {
            switch try await DocumentLoad.open(
                path: path, name: URL(fileURLWithPath: path).lastPathComponent, shape: shape)
            {
            case .finished(let source): return Opened(source: source, startID: nil)
            case .reading(let load): return Opened(source: load, startID: nil)
            }
        }
        let source = try await DocumentSource.load(contentsOf: URL(fileURLWithPath: path), shape: shape)
        if let start, !source.contains(id: start) {
            throw HierarchySourceError(.notFound, "no item with id \"\(start)\" in the document", path: path)
        }
        return Opened(source: source, startID: start)
    }

    /// Opens the document on standard input (`-`), read once.
    static func openStandardInput(start: String?, shape: DocumentShape, whileReading: Bool) async throws -> Opened {
        let name = StandardInputDocument.name
        let path = StandardInputDocument.path
        if whileReading, start == nil {
            switch try await DocumentLoad.open(path: path, name: name, shape: shape) {
            case .finished(let source): return Opened(source: source, startID: nil)
            case .reading(let load): return Opened(source: load, startID: nil)
            }
        }
        let tree = try await LargeStackThread.run { () throws(HierarchySourceError) -> InMemoryTree in
            try DocumentSource.readTree(path: path, name: name, format: nil, shape: shape)
        }
        let source = InMemorySource(tree: tree, displayName: name, dynamicChildren: nil)
        if let start, !source.contains(id: start) {
            throw HierarchySourceError(.notFound, "no item with id \"\(start)\" in the document", path: path)
        }
        return Opened(source: source, startID: start)
    }

    /// The first bytes of a file (16 by default), if it can be read.
    static func readHead(_ path: String, count: Int = 16) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { Array($0) }
    }

    /// Whether a regular file is browsed where it lies as JSON (``IndexedJSONSource``): named
    /// `.json`, `.jsonl` or `.ndjson`, or of no known extension and starting as JSON, in UTF-8.
    /// Anything else (an empty file, UTF-16, YAML, property lists, CSV) is read whole, with the
    /// messages of every other command.
    static func isJSONFile(_ path: String) -> Bool {
        let pathExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        let isLines = JSONLines.isLinesExtension(pathExtension)
        guard isLines || pathExtension == "json" || DocumentFormat(pathExtension: pathExtension) == nil,
            pathExtension != "csv", let head = readHead(path, count: 512)
        else { return false }
        return DocumentFormat.sniff(head) == .json || (isLines && !head.isEmpty && !head.contains(0))
    }
}
