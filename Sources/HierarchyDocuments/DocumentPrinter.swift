import Foundation
import HierarchySources

/// Prints a document file as a plain text tree while it is read (`hierarchy print FILE`).
///
/// The same lines as ``TreePrinter`` over the tree ``DocumentSource`` builds, byte for
/// byte, without building the tree: the records of the one reader and
/// ``DocumentRecordBuilder`` go to a ``DocumentPrintState``, which writes each line as soon
/// as it is decided and holds only the undecided part. A wide, shallow document streams in
/// memory that does not grow with it.
///
/// With ``DocumentShape/automatic`` a document may turn out to be no items document at its
/// last item (by ``DocumentRecordBuilder``'s rule: an item that does not fit, a value the
/// items would leave out, or no item in a document that holds a value), and then it prints
/// as its structure, each scalar beside its key (`name: Harbour`, see
/// ``TreePrinter/showsValues``). So the output of the items read is held
/// (up to ``holdLimit`` bytes) until the document ends; a document whose output is larger is
/// read to its end first (nothing printed) to learn its shape, then read again and streamed.
/// Read again as its structure, the first ``holdLimit`` bytes are held too, then streamed. So
/// a small document prints exactly as a whole read, errors included (nothing before them).
/// A document that cannot be opened twice (a FIFO, standard input) keeps its first 16 MiB
/// while it is read (``DocumentSource/replayLimit``): found to be no items document before
/// its held output was written and within those bytes, it is read again from them as its
/// structure; otherwise the misfit is reported as an error.
///
/// Errors come after the lines decided before them (with an explicit shape, or past the held
/// part): malformed input at byte 20 M prints what came before, then the one-line error.
public struct DocumentPrinter: Sendable {
    /// The deepest level printed below the root (0: the root only); `nil` for no limit.
    public var depth: Int?
    /// Whether to draw with ASCII only.
    public var ascii: Bool
    /// Applied to every title before it is written (a terminal passes its sanitiser).
    public var escape: @Sendable (String) -> String
    /// The most output bytes held while the shape of an automatic read is unknown.
    public var holdLimit = 4 << 20
    /// Output is handed to the writer in chunks of about this many bytes.
    public var chunkSize = 1 << 16

    /// Creates a printer.
    ///
    /// - Parameters:
    ///   - depth: The deepest level printed below the root; `nil` for no limit.
    ///   - ascii: Whether to draw with ASCII only.
    ///   - escape: Applied to every title.
    public init(depth: Int? = nil, ascii: Bool = false, escape: @escaping @Sendable (String) -> String = { $0 }) {
        self.depth = depth
        self.ascii = ascii
        self.escape = escape
    }

    /// Prints a document file.
    ///
    /// Runs on a thread of its own (see ``LargeStackThread``); the caller awaits the end.
    ///
    /// - Parameters:
    ///   - path: The document file (or a FIFO).
    ///   - format: The format, or `nil` to decide by extension or by the first bytes.
    ///   - shape: Items, structure, or whichever fits.
    ///   - write: Receives the output in chunks, on the reading thread.
    /// - Throws: ``HierarchySourceError`` as ``DocumentSource/load(contentsOf:format:shape:dynamicChildren:)``.
    /// - Complexity: O(n) for a document of n bytes (2n for an automatic read of an items
    ///   document whose output exceeds ``holdLimit``); memory linear in the undecided lines,
    ///   the nesting depth and the explicit identifiers.
    public func print(
        path: String, format: DocumentFormat? = nil, shape: DocumentShape,
        to write: @escaping @Sendable ([UInt8]) -> Void
    ) async throws(HierarchySourceError) {
        let printer = self
        do {
            try await LargeStackThread.run {
                try printer.printHere(path: path, format: format, shape: shape, write: write)
            }
        } catch let error as HierarchySourceError {
            throw error
        } catch {
            throw HierarchySourceError(.io, "\(error)", path: path)
        }
    }

    /// Chunks the output for the writer and holds it while asked to.
    private final class Output {
        let write: ([UInt8]) -> Void
        let chunkSize: Int
        var buffer: [UInt8] = []

        init(write: @escaping ([UInt8]) -> Void, chunkSize: Int) {
            self.write = write
            self.chunkSize = chunkSize
        }

        func append(_ bytes: [UInt8]) {
            buffer.append(contentsOf: bytes)
            if buffer.count >= chunkSize { flush() }
        }

        func flush() {
            guard !buffer.isEmpty else { return }
            write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Output held back while an automatic read may still fail as a whole read would (with
    /// nothing printed). Past the limit it is dropped, or with a `spill`, handed on and every
    /// later line with it.
    private final class Held {
        /// The lines held; `nil` once the limit was passed.
        var bytes: [UInt8]? = []
        let limit: Int
        let spill: Output?

        init(limit: Int, spill: Output? = nil) {
            self.limit = limit
            self.spill = spill
        }

        func append(_ line: [UInt8]) {
            guard bytes != nil else {
                spill?.append(line)
                return
            }
            if bytes!.count + line.count <= limit {
                bytes!.append(contentsOf: line)
                return
            }
            if let spill {
                spill.append(bytes!)
                spill.append(line)
            }
            bytes = nil
        }

        /// Hands what is still held to the spill (the read succeeded).
        func release(to output: Output) {
            if let bytes { output.append(bytes) }
            self.bytes = nil
        }
    }

    func printHere(path: String, format: DocumentFormat?, shape: DocumentShape, write: @escaping ([UInt8]) -> Void)
        throws(HierarchySourceError)
    {
        if format == nil, URL(fileURLWithPath: path).pathExtension.lowercased() == "csv" {
            throw HierarchySourceError(
                .unsupported, "CSV is not a document to browse; import it: hierarchy import FILE --into DB", path: path)
        }
        let events = try DocumentSource.events(path: path, format: format)
        let shape = events.shape(shape)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let output = Output(write: write, chunkSize: chunkSize)
        defer { output.flush() }
        do {
            switch shape {
            case .items, .structure:
                try pass(events.first, shape: shape, name: name, emit: output.append)
            case .automatic:
                // A property list from a pipe, or a binary one, is held as bytes; other documents
                // are read again from a regular file only.
                var info = stat()
                let rereadable =
                    events.format == .propertyList
                    || (stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
                guard rereadable else {
                    // A pipe streams once its first item is read: found to be no items document
                    // before (an envelope, a config object), it is read again from its kept first
                    // bytes as its structure; after, the misfit is an error.
                    let held = Held(limit: holdLimit, spill: output)
                    do {
                        try pass(events.first, shape: .automatic, name: name, emit: held.append) {
                            held.release(to: output)
                        }
                        held.release(to: output)
                    } catch let error as DocumentReadError where error.kind == .shape && held.bytes != nil {
                        guard let again = try events.makeReader() else { throw error }
                        let heldStructure = Held(limit: holdLimit, spill: output)
                        try pass(again, shape: .structure, name: name, emit: heldStructure.append)
                        heldStructure.release(to: output)
                    }
                    return
                }
                let held = Held(limit: holdLimit)
                do {
                    try pass(events.first, shape: .automatic, name: name, emit: held.append)
                    if held.bytes != nil {
                        held.release(to: output)
                    } else if let again = try events.makeReader() {
                        try pass(again, shape: .automatic, name: name, emit: output.append)
                    }
                } catch let error as DocumentReadError where error.kind == .shape {
                    guard let again = try events.makeReader() else { throw error }
                    // As a whole read: a small document's error comes with no lines before it.
                    let heldStructure = Held(limit: holdLimit, spill: output)
                    try pass(again, shape: .structure, name: name, emit: heldStructure.append)
                    heldStructure.release(to: output)
                }
            }
        } catch {
            throw HierarchySourceError.mapping(error, path: path, format: events.format)
        }
    }

    /// Reads a document once, handing its lines to `emit` as they are decided, and telling
    /// `itemRead` when the first item's record is read.
    private func pass(
        _ reader: any DocumentEventSource, shape: DocumentShape, name: String, emit: @escaping ([UInt8]) -> Void,
        itemRead: (() -> Void)? = nil
    ) throws {
        var source = reader
        var builder = DocumentRecordBuilder(shape: shape, name: name)
        builder.announcesOpenedItems = true
        var state = DocumentPrintState(
            shape: shape, name: name, maxDepth: depth, ascii: ascii, escape: escape, emit: emit)
        var first = true
        var itemRead = itemRead
        while let event = try source.next() {
            if first {
                state.topIsArray = event == .beginArray
                first = false
            }
            let record = try builder.consume(event, line: source.eventLine, column: source.eventColumn)
            if let opened = builder.openedRecord { state.opened(opened, titleIsFinal: builder.openedTitleIsFinal) }
            if let record {
                try state.closed(record)
                itemRead?()
                itemRead = nil
            }
        }
        try state.end(top: builder.top, keyCount: builder.nextKey)
    }
}
