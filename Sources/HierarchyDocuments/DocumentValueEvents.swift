import Foundation

/// The events of a value tree of arrays, dictionaries and scalars (a decoded
/// property list, or in-code items), walked with an explicit stack.
///
/// Dictionary members come in sorted key order (Foundation's dictionaries have none),
/// except `lastKey`, which comes last (the linear module puts `children` after an
/// entry's own fields, so an entry's errors are found before its children's).
public struct DocumentValueEvents: DocumentEventSource {
    private enum Step {
        case value(Any)
        case event(DocumentEvent)
    }

    private var stack: [Step]
    private let lastKey: String?
    public var eventLine: Int? { nil }
    public var eventColumn: Int? { nil }
    public var bytesRead: Int64 { 0 }

    /// - Parameters:
    ///   - value: The top-level value.
    ///   - lastKey: A member name walked after the others of its dictionary.
    public init(_ value: Any, lastKey: String? = nil) {
        stack = [.value(value)]
        self.lastKey = lastKey
    }

    public mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        guard let step = stack.popLast() else { return nil }
        switch step {
        case .event(let event):
            return event
        case .value(let value):
            switch value {
            case let dictionary as [String: Any]:
                stack.append(.event(.endObject))
                var keys = dictionary.keys.sorted()
                if let lastKey, let index = keys.firstIndex(of: lastKey) { keys.append(keys.remove(at: index)) }
                for key in keys.reversed() {
                    stack.append(.value(dictionary[key] as Any))
                    stack.append(.event(.key(key)))
                }
                return .beginObject
            case let array as [Any]:
                stack.append(.event(.endArray))
                for element in array.reversed() { stack.append(.value(element)) }
                return .beginArray
            case let string as String:
                return .string(string)
            case let number as NSNumber:
                return Self.event(number)
            case let date as Date:
                return .string(PropertyListDate.text(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate))
            case let data as Data:
                return .string(data.base64EncodedString())
            default:
                return .null
            }
        }
    }

    /// A number as people write it: `true`/`false`, `42`, `2.5`.
    public static func event(_ number: NSNumber) -> DocumentEvent {
        switch String(cString: number.objCType) {
        case "c", "B":
            return .bool(number.boolValue)
        case "d", "f":
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 1e15 { return .number(String(Int64(double))) }
            return .number(String(double))
        case "Q":
            return .number(String(number.uint64Value))
        default:
            return .number(String(number.int64Value))
        }
    }
}
