import Foundation
import HierarchyDocuments

extension DocumentSource {
    /// A property list parse failure with the line Foundation names ("on line N").
    static func propertyListError(_ error: any Error, data: Data, path: String) -> HierarchySourceError {
        let detail = debugDescription(of: error) ?? "not a valid property list"
        let line = number(after: "line ", in: detail)
        if detail.contains("Too many nested") {
            // Foundation's reader stops at the same depth as every recursive reader here.
            return HierarchySourceError(
                .malformed, "invalid property list: \(DocumentLimits.nestingMessage)", path: path, line: line)
        }
        return HierarchySourceError(.malformed, "invalid property list: " + strippingLocation(detail), path: path, line: line)
    }

    // MARK: - Locations

    /// The 1-based line and column (in bytes) of a 0-based byte offset.
    static func lineAndColumn(ofByteOffset offset: Int, in data: Data) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), data.count)
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for index in 0..<end where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, end - lineStart + 1)
    }

    private static func debugDescription(of error: any Error) -> String? {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    }

    /// The integer following `marker` in `text`, if any.
    private static func number(after marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker, options: .backwards) else { return nil }
        let digits = text[range.upperBound...].prefix(while: \.isNumber)
        return Int(digits)
    }

    /// A parser message without its trailing location and period.
    private static func strippingLocation(_ message: String) -> String {
        var text = message
        for marker in [" around character ", " around line ", " on line ", " at line "] {
            if let range = text.range(of: marker, options: .backwards) { text = String(text[..<range.lowerBound]) }
        }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
