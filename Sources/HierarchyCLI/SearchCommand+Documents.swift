import Foundation
import HierarchyDocuments
import HierarchySources

extension SearchCommand {
    /// Whether `search` reads the path as a document: a name ending in `.json`, `.jsonl`,
    /// `.ndjson`, `.yaml`, `.yml` or `.plist` (found or not), or a file of another name that
    /// starts as JSON.
    static func isDocument(_ path: String) -> Bool {
        let pathExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        if DocumentFormat(pathExtension: pathExtension) != nil || pathExtension == "jsonl" || pathExtension == "ndjson"
        {
            return true
        }
        return isRegularFile(path) && SourceOpener.isJSONFile(path)
    }

    /// Whether the path names a regular file: only those are peeked at (a FIFO can be read once).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Prints the items of a document matching the query, each with its path, as they are found.
    ///
    /// A JSON file is scanned where it lies (``IndexedJSONSource``): the first results print
    /// before the rest of the file is read. Its syntax is checked meanwhile on a thread of its
    /// own (RFC 8259, ``IndexedJSONSource/checkSyntax()``; not the items reading of the
    /// browser's background pass, which would take ten times as long): when the scan reaches
    /// the end of the file with fewer results than asked for, that check ends the command, so a
    /// malformed file ends with its error (file:line:column) and exit 65. A file up to 4 MiB is
    /// checked whole, items reading included, before the scan. YAML and property lists are read
    /// whole first.
    func searchDocument() async throws {
        let range = offset..<(offset + limit)
        let source: any HierarchySource
        var indexed: IndexedJSONSource?
        do {
            if Self.isRegularFile(database), SourceOpener.isJSONFile(database) {
                let opened = try IndexedJSONSource(
                    path: database, validates: false, validatesAtOpen: IndexedJSONSource.validationAtOpenLimit)
                (source, indexed) = (opened, opened)
            } else {
                source = try await SourceOpener.open(path: database)
            }
        } catch {
            throw CommandLineError.report(error)
        }
        let syntax = indexed.map { indexed in Task { try await indexed.checkSyntax() } }
        defer { syntax?.cancel() }
        var printed = 0
        // A scalar of a document read as its structure is titled with its key: its value is
        // printed beside it, as the browser shows it.
        let showsValues = (source as? any DocumentHierarchySource)?.isDocumentStructure == true
        do {
            for try await batch in HierarchyListQuery(source: source).searchBatches(query, in: range) {
                for item in batch {
                    var title = SQLiteCommandOutput.sanitize(item.node.title)
                    if showsValues, let value = item.node.subtitle {
                        title += ": " + SQLiteCommandOutput.sanitize(value)
                    }
                    let trail = item.ancestors.map(SQLiteCommandOutput.sanitize).joined(separator: " / ")
                    print(trail.isEmpty ? title : "\(title)  (\(trail))")
                    printed += 1
                }
                fflush(nil)
            }
            if printed < limit { try await syntax?.value }
        } catch {
            // A scan that stopped at a malformed place reports the syntax check's error (with its line).
            if let syntax, !(error is CancellationError) {
                do { try await syntax.value } catch { throw CommandLineError.report(error) }
            }
            throw CommandLineError.report(error)
        }
        if printed == 0 { CommandLineError.printError("no matches") }
    }
}
