import Foundation
import HierarchyDocuments

extension LinearHierarchyItem {
    /// The deepest nesting accepted in a document (`DocumentLimits.maximumNesting`, the limit of
    /// every recursive document reader); deeper entries are reported as errors.
    public static let maximumDocumentDepth = DocumentLimits.maximumNesting

    /// Builds items from in-code arrays and dictionaries (the shape of a CBLinearHierarchy plist).
    ///
    /// Each entry is a dictionary with the keys `name` (string, required), `type` (`static` or
    /// `dynamic`, default `static`), `children` (an array of entries, default empty; dynamic
    /// entries must not list children), optionally `width` and `height` (non-negative numbers,
    /// both or neither) for a per-item size, and `payload` (a string handed back to the host).
    /// Unknown keys are ignored. Identifiers are assigned depth first, parents before children,
    /// counting up from `firstID`.
    ///
    /// - Parameters:
    ///   - entries: The root entries.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` naming the index path of the first malformed entry.
    /// - Complexity: O(n) in the number of entries.
    public static func items(
        from entries: [[String: Any]],
        firstID: Int = 0
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        try items(fromPropertyList: entries.map { $0 as Any }, firstID: firstID)
    }

    /// Builds items from a decoded property list or JSON value.
    ///
    /// The top level is either an array of entries (the plist form) or a dictionary whose `root`
    /// key holds that array (the JSON form `{"root": [...]}`). See ``items(from:firstID:)`` for the
    /// entry keys.
    ///
    /// - Parameters:
    ///   - value: The decoded document.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` naming the index path of the first malformed entry.
    /// - Complexity: O(n) in the number of entries.
    public static func items(
        fromPropertyList value: Any,
        firstID: Int = 0
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        var events = DocumentValueEvents(value, lastKey: "children")
        return try read(&events, firstID: firstID, childrenLast: true)
    }

    /// Reads entries from document events; maps a reader's error to ``LinearHierarchyError``.
    private static func read<Source: DocumentEventSource>(
        _ source: inout Source, firstID: Int, childrenLast: Bool = false, format: String = "valid JSON"
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        do {
            return try LinearEntryReader.items(of: &source, firstID: firstID, childrenLast: childrenLast)
        } catch let error as LinearHierarchyError {
            throw error
        } catch let error as DocumentReadError {
            throw unreadable(error, format: format)
        } catch {
            throw LinearHierarchyError(code: .unreadableDocument, indexPath: [], message: "\(error)")
        }
    }

    /// A reader's error as a linear hierarchy error: nesting past the limit is
    /// `invalidChildren` with the limit's message, anything else `unreadableDocument`.
    private static func unreadable(_ error: DocumentReadError, format: String) -> LinearHierarchyError {
        if error.message == DocumentLimits.nestingMessage {
            return LinearHierarchyError(code: .invalidChildren, indexPath: [], message: DocumentLimits.nestingMessage)
        }
        let place = error.line.map { " at line \($0), column \(error.column ?? 1)" } ?? ""
        return LinearHierarchyError(
            code: .unreadableDocument, indexPath: [], message: "not \(format) (\(error.message)\(place))")
    }

    /// Builds items from JSON text, `{"root": [...]}` or a bare array.
    ///
    /// The bytes are read by the strict RFC 8259 reader every command uses
    /// (`JSONEventReader`), so a document the linear module opens is one
    /// `hierarchy print` and `hierarchy import` open too; entries are built as the
    /// reader streams (`LinearEntryReader`), with no decoded value tree in between.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON handed in by the caller.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` (`unreadableDocument` with line and column when
    ///   the bytes are not JSON).
    public static func items(fromJSON data: Data, firstID: Int = 0) throws(LinearHierarchyError)
        -> [LinearHierarchyItem]
    {
        var reader = JSONEventReader(input: ByteInput(bytes: data))
        return try read(&reader, firstID: firstID)
    }

    /// Builds items from property list bytes (XML or binary) whose root is an array of entries.
    ///
    /// The bytes are read by the streaming property list readers every command uses
    /// (`PropertyListXMLReader`, `BinaryPropertyListReader`): entries are built as the
    /// reader walks the list, with no decoded object tree in between.
    ///
    /// - Parameters:
    ///   - data: The property list handed in by the caller.
    ///   - firstID: The raw value of the first identifier handed out.
    /// - Returns: The root items.
    /// - Throws: ``LinearHierarchyError`` (`unreadableDocument` with the reader's reason, and
    ///   line and column for XML, when the bytes are not a property list).
    /// - Complexity: O(n) in the bytes.
    public static func items(fromPropertyListData data: Data, firstID: Int = 0) throws(LinearHierarchyError)
        -> [LinearHierarchyItem]
    {
        if data.starts(with: Array("bplist".utf8)) {
            var reader: BinaryPropertyListReader
            do { reader = try BinaryPropertyListReader(bytes: [UInt8](data)) } catch {
                throw unreadable(error, format: "a valid property list")
            }
            return try read(&reader, firstID: firstID, format: "a valid property list")
        }
        var reader = PropertyListXMLReader(input: ByteInput(bytes: data))
        return try read(&reader, firstID: firstID, format: "a valid property list")
    }
}
