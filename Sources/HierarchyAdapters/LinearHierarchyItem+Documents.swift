import Foundation
import HierarchyDocuments
import HierarchyKit

/// Linear hierarchies read from document bytes, by the readers every command uses: the engine
/// builds them from decoded values only (``LinearHierarchyItem/items(fromPropertyList:firstID:)``)
/// and parses nothing itself.
extension LinearHierarchyItem {
    /// Reads entries from document events; maps a reader's error to ``LinearHierarchyError``.
    private static func read<Source: DocumentEventSource>(
        _ source: inout Source, firstID: Int, format: String = "valid JSON"
    ) throws(LinearHierarchyError) -> [LinearHierarchyItem] {
        do {
            return try LinearEntryReader.items(of: &source, firstID: firstID)
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

extension LinearHierarchy {
    /// Creates a hierarchy from JSON text of the form `{"root": [...]}`.
    ///
    /// - Parameter json: The JSON bytes handed in by the caller.
    /// - Throws: ``LinearHierarchyError`` naming the first malformed entry.
    public init(json: Data) throws(LinearHierarchyError) {
        try self.init(items: LinearHierarchyItem.items(fromJSON: json))
    }
}
