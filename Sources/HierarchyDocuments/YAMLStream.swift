#if canImport(Glibc)
    import Glibc
#endif

/// Whether a YAML stream holds several documents, found from its document markers alone: a
/// line that starts with `---` (a document begins) or `...` (one ends), then a space, a tab or
/// the line's end, as YAML 1.2 forbids such lines inside a document's content. Content after
/// a `...`, or a `---` after content, begins another document; blank lines, comments and
/// directives (`%YAML`) between documents begin none.
///
/// A stream of several documents (`kubectl`'s and Helm's manifests) is read as one array
/// whose elements are the documents, as JSON Lines are read (see ``DocumentYAMLReader``).
struct YAMLStream {
    private enum Stage {
        /// Reading the line's first 4 bytes.
        case head
        /// Outside a document, after blanks: looking for the line's first other byte.
        case content
        /// The line is decided: skipping to its end.
        case rest
    }

    private var documents = 0
    private var isOpen = false
    private var head: [UInt8] = []
    private var stage = Stage.head
    private var atStart = true

    /// Whether two documents were found so far.
    var hasSeveralDocuments: Bool { documents > 1 }

    /// Reads more of the stream.
    ///
    /// - Returns: Whether two documents were found so far (then nothing more is needed).
    /// - Complexity: O(n) for n bytes, the bytes after a line's first ones skipped with `memchr`.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return hasSeveralDocuments }
        var position = 0
        if atStart, !bytes.isEmpty {
            atStart = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }
        while position < bytes.count, !hasSeveralDocuments {
            switch stage {
            case .head:
                let byte = bytes[position]
                position += 1
                if byte == 0x0A {
                    endLine()
                } else {
                    head.append(byte)
                    if head.count == 4 { decideHead() }
                }
            case .content:
                let byte = bytes[position]
                position += 1
                if byte == 0x0A {
                    endLine()
                } else if byte != 0x20, byte != 0x09, byte != 0x0D {
                    if byte != UInt8(ascii: "#") { beginDocument() }
                    stage = .rest
                }
            case .rest:
                guard let newline = memchr(base + position, 0x0A, bytes.count - position) else {
                    return hasSeveralDocuments
                }
                position = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                endLine()
            }
        }
        return hasSeveralDocuments
    }

    /// Ends the stream: its last line counts even without a line feed.
    mutating func finish() -> Bool {
        if stage == .head, !head.isEmpty { decideHead() }
        return hasSeveralDocuments
    }

    private mutating func endLine() {
        if stage == .head { decideHead() }
        head.removeAll(keepingCapacity: true)
        stage = .head
    }

    private mutating func beginDocument() {
        documents += 1
        isOpen = true
    }

    /// Decides a line from its first bytes (4, or fewer at the line's end).
    private mutating func decideHead() {
        stage = .rest
        if isMarker(UInt8(ascii: "-")) {
            beginDocument()
        } else if isMarker(UInt8(ascii: ".")) {
            isOpen = false
        } else if !isOpen, head.first != UInt8(ascii: "%") {
            guard let byte = head.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else {
                stage = .content
                return
            }
            if byte != UInt8(ascii: "#") { beginDocument() }
        }
    }

    private func isMarker(_ byte: UInt8) -> Bool {
        head.count >= 3 && head[0] == byte && head[1] == byte && head[2] == byte
            && (head.count == 3 || head[3] == 0x20 || head[3] == 0x09 || head[3] == 0x0D)
    }

    /// Whether a regular file (or bytes held) holds several documents: the input is scanned
    /// until a second document is found, or to its end.
    static func hasSeveralDocuments(_ input: ByteInput) throws(DocumentReadError) -> Bool {
        var stream = YAMLStream()
        while true {
            let chunk = try input.available()
            if chunk.isEmpty { return stream.finish() }
            if stream.scan(chunk) { return true }
            input.index += chunk.count
        }
    }

    /// Whether the first bytes of a pipe hold several documents (a line they end inside is not
    /// looked at).
    static func hasSeveralDocuments(head: [UInt8]) -> Bool {
        var stream = YAMLStream()
        return head.withUnsafeBufferPointer { stream.scan($0) }
    }
}
