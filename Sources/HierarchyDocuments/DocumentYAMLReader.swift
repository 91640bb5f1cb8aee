internal import CLibYAML

/// Reads a YAML document as ``DocumentEvent``s straight from libyaml's event parser (the
/// system's libyaml, `libyaml-dev`), one chunk of the input at a time: nothing is composed, so memory
/// holds the parser's buffer, the open containers and the anchored nodes, never the file.
///
/// The document is composed here as a YAML composer does: a single document (a second one is an
/// error), or with `readsStream` one array whose elements are the stream's documents (see
/// ``YAMLStream``; anchors are each document's own), plain `~`, `null`, `Null`, `NULL` and the empty plain scalar are null and every
/// other scalar is text, a key is its scalar's text (a collection as a key is written in flow
/// style), a key given twice in one mapping is an error. Aliases are replayed from the events
/// recorded for their anchor, and bounded: more than 100,000 + 10 × the input's bytes nodes
/// walked (the "billion laughs" attack) is a `.limit` error, as is nesting deeper than
/// ``DocumentLimits/maximumNesting`` containers.
///
/// - Complexity: O(n) for n bytes plus the nodes aliases expand to (bounded as above); memory
///   linear in the nesting depth, the keys of the open mappings and the anchored nodes.
struct DocumentYAMLReader: DocumentEventSource {
    /// One parsed step, as recorded for an anchor (scalars keep their text, so a replay in a
    /// key's place gives the same key as the original would).
    private enum Step {
        case scalar(String, isNull: Bool)
        case begin(isMapping: Bool)
        case end(isMapping: Bool)
    }

    /// An open container.
    private struct Container {
        var isMapping: Bool
        var expectsKey: Bool
        var keys: Set<String> = []
    }

    /// A collection used as a key, written out in flow style as it is read.
    private struct KeyText {
        var text = ""
        /// Per open collection of the key: whether it is a mapping, and the items written.
        var open: [(isMapping: Bool, items: Int)] = []
    }

    /// An anchor being recorded: its name and the steps of its node so far.
    private struct Recording {
        var name: String
        var steps: [Step] = []
        /// Containers open inside the node; the recording ends when its own node ends.
        var depth = 0
    }

    private let parser: LibYAMLParser
    private var queue: [(DocumentEvent, Int?, Int?)] = []
    private var queueHead = 0
    private var containers: [Container] = []
    private var recordings: [Recording] = []
    private var anchors: [String: [Step]] = [:]
    private var keyText: KeyText?
    private var documents = 0
    private let readsStream: Bool
    private var finished = false
    private var walked = 0
    private(set) var eventLine: Int?
    private(set) var eventColumn: Int?
    var bytesRead: Int64 { parser.input.offset }

    /// - Parameters:
    ///   - input: The document's bytes.
    ///   - readsStream: Read the stream's documents as the elements of one array.
    init(input: ByteInput, readsStream: Bool = false) {
        parser = LibYAMLParser(input: input)
        self.readsStream = readsStream
    }

    /// The most nodes walked: 100,000 plus 10 per byte of input.
    var limit: Int {
        100_000 + 10 * Int(clamping: parser.input.expectedSize ?? parser.input.offset)
    }

    mutating func next() throws(DocumentReadError) -> DocumentEvent? {
        while queueHead >= queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
            guard !finished else { return nil }
            try parseOne()
        }
        let (event, line, column) = queue[queueHead]
        queueHead += 1
        (eventLine, eventColumn) = (line, column)
        return event
    }

    // MARK: - libyaml's events

    private mutating func parseOne() throws(DocumentReadError) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser.parser, &event) == 1 else { throw parser.error() }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if readsStream {
                anchors = [:]
                if documents == 1 { queue.append((.beginArray, line, column)) }
            } else if documents > 1 {
                throw DocumentReadError(
                    .malformed,
                    "but found another document (expected a single document in the stream at line 1; "
                        + "a stream of several is read whole from a file, or when its second starts in its first bytes)",
                    line: line, column: column)
            }
        case YAML_STREAM_END_EVENT:
            finished = true
            if readsStream {
                if documents == 0 { queue.append((.beginArray, nil, nil)) }
                queue.append((.endArray, nil, nil))
            } else if documents == 0 {
                // An empty stream reads as an empty list, as before.
                queue.append((.beginArray, nil, nil))
                queue.append((.endArray, nil, nil))
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let isNull = scalar.style == YAML_PLAIN_SCALAR_STYLE && Self.nullTexts.contains(text)
            try node(.scalar(text, isNull: isNull), anchor: Self.string(scalar.anchor), line: line, column: column)
        case YAML_SEQUENCE_START_EVENT:
            try node(
                .begin(isMapping: false), anchor: Self.string(event.data.sequence_start.anchor), line: line,
                column: column)
        case YAML_MAPPING_START_EVENT:
            try node(
                .begin(isMapping: true), anchor: Self.string(event.data.mapping_start.anchor), line: line,
                column: column)
        case YAML_SEQUENCE_END_EVENT:
            try node(.end(isMapping: false), anchor: nil, line: line, column: column)
        case YAML_MAPPING_END_EVENT:
            try node(.end(isMapping: true), anchor: nil, line: line, column: column)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let steps = anchors[name] else {
                throw DocumentReadError(.malformed, "found undefined alias", line: line, column: column)
            }
            for step in steps { try node(step, anchor: nil, line: line, column: column) }
        default:
            break
        }
    }

    private static let nullTexts: Set<String> = ["", "~", "null", "Null", "NULL"]

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    // MARK: - Steps to events

    /// Takes one step of the document (parsed or replayed): records it for open anchors, counts
    /// it against the limits, and queues its event.
    private mutating func node(_ step: Step, anchor: String?, line: Int, column: Int) throws(DocumentReadError) {
        for index in recordings.indices { recordings[index].steps.append(step) }
        if let anchor {
            recordings.append(Recording(name: anchor, steps: [step]))
        }
        switch step {
        case .scalar, .begin:
            if keyText == nil, containers.last.map({ !$0.isMapping || !$0.expectsKey }) ?? true {
                walked += 1
                guard walked <= limit else {
                    throw DocumentReadError(
                        .limit, "aliases expand to more than \(limit) nodes", line: line, column: column)
                }
            }
        case .end:
            break
        }
        if case .begin = step {
            for index in recordings.indices { recordings[index].depth += 1 }
        }
        try emit(step, line: line, column: column)
        if case .end = step {
            for index in recordings.indices { recordings[index].depth -= 1 }
        }
        // A recording ends with its node: a scalar at once, a collection at its end.
        while let last = recordings.last, last.depth == 0 {
            recordings.removeLast()
            anchors[last.name] = last.steps
        }
    }

    private mutating func emit(_ step: Step, line: Int, column: Int) throws(DocumentReadError) {
        if keyText != nil {
            try writeKey(step, line: line, column: column)
            return
        }
        if let index = containers.indices.last, containers[index].isMapping, containers[index].expectsKey {
            switch step {
            case .scalar(let text, _):
                try key(text, line: line, column: column)
            case .begin(let isMapping):
                keyText = KeyText(text: isMapping ? "{" : "[", open: [(isMapping, 0)])
            case .end:
                containers.removeLast()
                queue.append((.endObject, line, column))
                valueEnded()
            }
            return
        }
        switch step {
        case .scalar(let text, let isNull):
            queue.append((isNull ? .null : .string(text), line, column))
            valueEnded()
        case .begin(let isMapping):
            containers.append(Container(isMapping: isMapping, expectsKey: true))
            guard containers.count <= DocumentLimits.maximumNesting else {
                throw DocumentReadError(.limit, DocumentLimits.nestingMessage, line: line, column: column)
            }
            queue.append((isMapping ? .beginObject : .beginArray, line, column))
        case .end:
            containers.removeLast()
            queue.append((.endArray, line, column))
            valueEnded()
        }
    }

    /// A mapping's key: once per mapping.
    private mutating func key(_ text: String, line: Int, column: Int) throws(DocumentReadError) {
        let index = containers.count - 1
        guard containers[index].keys.insert(text).inserted else {
            throw DocumentReadError(
                .malformed, "found duplicated key \"\(text)\" in a mapping", line: line, column: column)
        }
        containers[index].expectsKey = false
        queue.append((.key(text), line, column))
    }

    /// After a value, the enclosing mapping expects its next key.
    private mutating func valueEnded() {
        if let index = containers.indices.last, containers[index].isMapping { containers[index].expectsKey = true }
    }

    /// Writes a collection used as a key in flow style; the whole text is the key.
    private mutating func writeKey(_ step: Step, line: Int, column: Int) throws(DocumentReadError) {
        guard var key = keyText, let last = key.open.indices.last else { return }
        func separate() {
            let items = key.open[last].items
            if items > 0 { key.text += key.open[last].isMapping && items % 2 == 1 ? ": " : ", " }
            key.open[last].items += 1
        }
        switch step {
        case .scalar(let text, _):
            separate()
            key.text += text
        case .begin(let isMapping):
            separate()
            key.text += isMapping ? "{" : "["
            key.open.append((isMapping, 0))
        case .end(let isMapping):
            key.text += isMapping ? "}" : "]"
            key.open.removeLast()
        }
        if key.open.isEmpty {
            keyText = nil
            try self.key(key.text, line: line, column: column)
        } else {
            keyText = key
        }
    }
}

/// libyaml's parser state, at a fixed address, reading from a ``ByteInput``.
final class LibYAMLParser {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    let input: ByteInput
    /// The input's error, kept when the read handler fails.
    var inputError: DocumentReadError?

    init(input: ByteInput) {
        self.input = input
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input(
            parser,
            { data, buffer, size, sizeRead in
                guard let data, let buffer, let sizeRead else { return 0 }
                let reader = Unmanaged<LibYAMLParser>.fromOpaque(data).takeUnretainedValue()
                do {
                    sizeRead.pointee = try reader.input.copyBytes(into: buffer, count: size)
                    return 1
                } catch let error as DocumentReadError {
                    reader.inputError = error
                    return 0
                } catch {
                    reader.inputError = DocumentReadError(.io, "\(error)")
                    return 0
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// The parser's error, worded `problem (context at line N)`.
    func error() -> DocumentReadError {
        if let inputError { return inputError }
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        if state.error == YAML_READER_ERROR {
            return DocumentReadError(.malformed, problem)
        }
        if problem.contains("Maximum nesting level") {
            return DocumentReadError(
                .limit, DocumentLimits.nestingMessage, line: Int(state.problem_mark.line) + 1,
                column: Int(state.problem_mark.column) + 1)
        }
        var message = problem
        if let context = state.context {
            message += " (\(String(cString: context)) at line \(Int(state.context_mark.line) + 1))"
        }
        return DocumentReadError(
            .malformed, message, line: Int(state.problem_mark.line) + 1, column: Int(state.problem_mark.column) + 1)
    }
}
