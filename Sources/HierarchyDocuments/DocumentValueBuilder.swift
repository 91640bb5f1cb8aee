/// Turns document events into in-memory values (`[String: Any]`, `[Any]`,
/// `String`, `Int`, `Double`, `Bool`, `nil` as `Optional<Any>.none`), for
/// callers with a small schema of their own (the linear module's entries).
///
/// Integers that fit in `Int` become `Int`, other numbers `Double`; for a name
/// given twice the first member wins, as in ``DocumentRecordBuilder``. The walk
/// keeps an explicit stack, so nesting costs no call stack.
public enum DocumentValueBuilder {
    private struct Frame {
        var isObject: Bool
        var array: [Any] = []
        var object: [String: Any] = [:]
        var pendingKey: String?
    }

    /// Reads a whole document into values.
    ///
    /// - Parameter source: The document's events.
    /// - Returns: The top-level value (`NSNull`-free: `null` is `Optional<Any>.none as Any`).
    /// - Throws: The reader's ``DocumentReadError``.
    /// - Complexity: O(n) for n events.
    public static func value<Source: DocumentEventSource>(
        of source: inout Source, maximumDepth: Int = .max
    ) throws(DocumentReadError) -> Any {
        var stack: [Frame] = []
        var result: Any?
        while let event = try source.next() {
            let value: Any
            switch event {
            case .beginObject, .beginArray:
                // Nested values are freed recursively: a bound keeps that off the stack's limit.
                guard stack.count < maximumDepth else {
                    throw DocumentReadError(
                        .limit, DocumentLimits.nestingMessage, line: source.eventLine, column: source.eventColumn)
                }
                stack.append(Frame(isObject: event == .beginObject))
                continue
            case .key(let key):
                stack[stack.count - 1].pendingKey = key
                continue
            case .endObject:
                value = stack.removeLast().object
            case .endArray:
                value = stack.removeLast().array
            case .string(let text):
                value = text
            case .number(let text):
                value = Int(text).map { $0 as Any } ?? Double(text) ?? 0
            case .bool(let flag):
                value = flag
            case .null:
                value = Optional<Any>.none as Any
            }
            guard !stack.isEmpty else {
                result = value
                continue
            }
            let top = stack.count - 1
            if stack[top].isObject, let key = stack[top].pendingKey {
                if stack[top].object[key] == nil { stack[top].object[key] = value }
                stack[top].pendingKey = nil
            } else {
                stack[top].array.append(value)
            }
        }
        return result ?? (Optional<Any>.none as Any)
    }
}
