import HierarchyDocuments
import Yams

/// The events of a composed YAML document, walked with an explicit stack.
///
/// Aliases are expanded as they are walked, so the number of nodes walked is
/// bounded: a document whose aliases expand to more than ``limit`` nodes (the
/// "billion laughs" attack) is refused with a `.limit` error, as SnakeYAML's
/// `maxAliasesForCollections` does.
struct DocumentYAMLEvents: DocumentEventSource {
    private enum Step {
        case node(Node)
        case event(DocumentEvent, Int?, Int?)
    }

    private var stack: [Step]
    private var walked = 0
    /// The containers open now (the one nesting limit applies: ``DocumentLimits/maximumNesting``).
    private var depth = 0
    /// The most nodes walked: 100,000 plus 10 per byte of input.
    let limit: Int
    private(set) var eventLine: Int?
    private(set) var eventColumn: Int?
    var bytesRead: Int64 { 0 }

    /// - Parameters:
    ///   - root: The composed document.
    ///   - inputSize: The document's size in bytes.
    init(_ root: Node, inputSize: Int) {
        stack = [.node(root)]
        limit = 100_000 + 10 * inputSize
    }

    mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        guard let step = stack.popLast() else { return nil }
        switch step {
        case .event(let event, let line, let column):
            (eventLine, eventColumn) = (line, column)
            if event == .endArray || event == .endObject { depth -= 1 }
            return event
        case .node(let node):
            walked += 1
            (eventLine, eventColumn) = (node.mark?.line, node.mark?.column)
            guard walked <= limit else {
                throw DocumentReadError(
                    .limit, "aliases expand to more than \(limit) nodes", line: eventLine, column: eventColumn)
            }
            if node.sequence != nil || node.mapping != nil {
                depth += 1
                guard depth <= DocumentLimits.maximumNesting else {
                    throw DocumentReadError(.limit, DocumentLimits.nestingMessage, line: eventLine, column: eventColumn)
                }
            }
            switch node {
            case .scalar(let scalar):
                if node.null != nil, scalar.style == .plain { return .null }
                return .string(scalar.string)
            case .sequence(let sequence):
                stack.append(.event(.endArray, eventLine, eventColumn))
                for element in sequence.reversed() { stack.append(.node(element)) }
                return .beginArray
            case .mapping(let mapping):
                stack.append(.event(.endObject, eventLine, eventColumn))
                for (key, value) in mapping.reversed() {
                    stack.append(.node(value))
                    stack.append(.event(.key(key.string ?? "\(key)"), key.mark?.line, key.mark?.column))
                }
                return .beginObject
            case .alias:
                return .null
            }
        }
    }
}
