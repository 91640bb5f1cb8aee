import HierarchySources

/// The lines of a document's tree as its records arrive, each written as soon as it is
/// decided (the state machine behind ``DocumentPrinter``).
///
/// A line is `prefix + glyph + title`: the glyph says whether the item is the last of its
/// siblings (known once the next sibling starts or the parent ends), the prefix holds a bar
/// for each ancestor that has a next sibling (decided before the ancestor's own line was
/// written, which comes first), and the title is known when the item's `title` came or its
/// record ended. Lines wait in document order until the first of them is decided, so what
/// is held is the undecided part only: for a wide, shallow document one line; for a document
/// whose top-level title or single top-level item is not yet known, everything so far.
///
/// The output is the same, byte for byte, as ``TreePrinter`` over the tree that
/// ``DocumentSource`` builds from the same document (a structure read's scalars beside their
/// keys, as with ``TreePrinter/showsValues``), errors included: the same duplicate
/// identifiers are refused (explicit identifiers are remembered, 1 per item with an `id`).
///
/// - Complexity: O(log h) per record for h held lines; memory linear in the held lines and
///   the nesting depth, plus the explicit identifiers.
struct DocumentPrintState {
    /// What the document's top level is, once known.
    enum Root: Equatable {
        /// Not known yet: nothing is written.
        case undecided
        /// The top level is an item: its title is the first line.
        case item
        /// A synthetic root titled with the document's name above several items.
        case wrapper
        /// A wrapper around one item, which is the root (everything is one level higher).
        case single
        /// A wrapper around nothing: no line at all.
        case empty
    }

    /// One line waiting to be written.
    struct Line {
        var key: Int64
        /// The depth in the document (the top level is 0).
        var depth: Int
        var title: String?
        var isLast: Bool?
    }

    /// An open container: its key and its last child so far.
    private struct Open {
        var key: Int64
        var lastChild: Int64?
    }

    let shape: DocumentShape
    let name: String
    /// The deepest printed level (0: the root only); `nil` for all.
    let maxDepth: Int?
    let glyphs: (branch: String, last: String, line: String, gap: String)
    let escape: @Sendable (String) -> String
    /// Receives each decided line's bytes.
    let emit: ([UInt8]) -> Void

    private(set) var root = Root.undecided
    /// Whether the document starts with an array (a wrapper for certain, in the items shape).
    var topIsArray = false
    private var lines: [Line] = []
    private var head = 0
    private var open: [Open] = []
    private var rootChildren: Int64 = 0
    private var explicitIDs: Set<String> = []
    private var explicitKeys: Set<Int64> = []
    /// Explicit identifiers that look generated (`#n`), checked at the end as the tree does.
    private var lookalikes: [(id: String, key: Int64)] = []
    private var prefixBytes: [UInt8] = []
    private var prefixEnds: [Int] = [0]
    private var lineBytes: [UInt8] = []

    /// The most lines held at once (for tests and measurements).
    private(set) var mostHeld = 0

    init(
        shape: DocumentShape, name: String, maxDepth: Int?, ascii: Bool,
        escape: @escaping @Sendable (String) -> String, emit: @escaping ([UInt8]) -> Void
    ) {
        self.shape = shape == .structure ? .structure : .items
        self.name = name
        self.maxDepth = maxDepth
        glyphs = ascii ? ("|-- ", "`-- ", "|   ", "    ") : ("├── ", "└── ", "│   ", "    ")
        self.escape = escape
        self.emit = emit
    }

    /// A container opened (the builder's provisional record).
    ///
    /// - Parameters:
    ///   - record: The provisional record.
    ///   - titleIsFinal: Whether its title is final (see ``DocumentRecordBuilder/openedTitleIsFinal``).
    mutating func opened(_ record: ItemRecord, titleIsFinal: Bool) {
        if record.key == 0, open.isEmpty {
            open.append(Open(key: 0))
            if shape == .structure {
                root = .item
                append(Line(key: 0, depth: 0, title: record.title))
            } else if topIsArray {
                append(Line(key: 0, depth: 0, title: name))
            } else {
                if titleIsFinal { root = .item }
                append(Line(key: 0, depth: 0, title: titleIsFinal ? record.title : nil))
            }
            drain()
            return
        }
        child(record.key, title: titleIsFinal ? record.title : nil)
        open.append(Open(key: record.key))
        drain()
    }

    /// An item's final record.
    ///
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` for an explicit identifier used twice.
    mutating func closed(_ record: ItemRecord) throws(HierarchySourceError) {
        // A structure read's scalar prints beside its key, as the tree printer shows values.
        let title = shape == .structure ? TreePrinter.text(title: record.title, value: record.subtitle) : record.title
        if shape == .items, record.id != ItemRecord.generatedID(key: record.key) {
            guard explicitIDs.insert(record.id).inserted else {
                throw HierarchySourceError.duplicateID(record.id, line: record.line)
            }
            explicitKeys.insert(record.key)
            if record.id.hasPrefix("#") { lookalikes.append((record.id, record.key)) }
        }
        if let last = open.last, last.key == record.key {
            if let child = last.lastChild { setLast(child, true) }
            open.removeLast()
            setTitle(record.key, title)
            if record.key == 0 { root = .item }
        } else if record.key == 0, open.isEmpty {
            root = .item
            append(Line(key: 0, depth: 0, title: title))
        } else {
            child(record.key, title: title)
        }
        drain()
    }

    /// The document ended.
    ///
    /// - Parameter top: How its top level ended.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` for an explicit `#n` that is another
    ///   item's generated identifier.
    mutating func end(top: DocumentRecordBuilder.Top, keyCount: Int64) throws(HierarchySourceError) {
        while let last = open.popLast() {
            if let child = last.lastChild { setLast(child, true) }
        }
        switch top {
        case .item, .pending: root = .item
        case .wrapper(let count):
            root = count > 1 ? .wrapper : count == 1 ? .single : .empty
        }
        for (id, key) in lookalikes.sorted(by: { $0.key < $1.key }) {
            guard let other = Int32(id.dropFirst()), Int64(other) != key else { continue }
            let present = other > 0 ? Int64(other) < keyCount : other == 0 && root == .item
            if present, !explicitKeys.contains(Int64(other)) {
                throw HierarchySourceError(.duplicateID, "duplicate id \"\(id)\"")
            }
        }
        drain()
    }

    /// Lines still held (none after ``end(top:keyCount:)``).
    var heldCount: Int { lines.count - head }

    // MARK: - Lines

    private mutating func child(_ key: Int64, title: String?) {
        guard let parent = open.indices.last else { return }
        if let previous = open[parent].lastChild { setLast(previous, false) }
        open[parent].lastChild = key
        if parent == 0 {
            rootChildren += 1
            if shape == .items, topIsArray, rootChildren > 1 { root = .wrapper }
        }
        let depth = open.count
        // A wrapper around one item lifts everything one level: keep one level more while that
        // may still be so (an items read whose top level is not known yet).
        let lift = shape == .items && (root == .undecided || root == .single) ? 1 : 0
        if maxDepth.map({ depth <= $0 + lift }) ?? true {
            append(Line(key: key, depth: depth, title: title))
        }
    }

    private mutating func append(_ line: Line) {
        // Written lines go once they are at least half of the array (amortized O(1)).
        if head >= 4_096, head * 2 >= lines.count {
            lines.removeFirst(head)
            head = 0
        }
        lines.append(line)
        mostHeld = max(mostHeld, lines.count - head)
    }

    /// The index of a held line, by binary search (held lines are in key order).
    private func index(of key: Int64) -> Int? {
        var low = head
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low].key == key ? low : nil
    }

    private mutating func setLast(_ key: Int64, _ isLast: Bool) {
        if let index = index(of: key) { lines[index].isLast = isLast }
    }

    private mutating func setTitle(_ key: Int64, _ title: String) {
        if let index = index(of: key), lines[index].title == nil { lines[index].title = title }
    }

    /// Writes every decided line at the front.
    private mutating func drain() {
        while head < lines.count {
            let line = lines[head]
            if line.key == 0, line.depth == 0 {
                switch root {
                case .undecided: return
                case .item:
                    guard let title = line.title else { return }
                    write(depth: 0, title: title, isLast: false)
                case .wrapper: write(depth: 0, title: name, isLast: false)
                case .single, .empty: break
                }
                head += 1
                continue
            }
            guard root != .undecided else { return }
            let depth = line.depth - (root == .single ? 1 : 0)
            guard let title = line.title else { return }
            if depth > 0 {
                guard let isLast = line.isLast else { return }
                if maxDepth.map({ depth <= $0 }) ?? true { write(depth: depth, title: title, isLast: isLast) }
            } else {
                write(depth: 0, title: title, isLast: false)
            }
            head += 1
        }
    }

    /// Writes one line and keeps its bar for the lines below it.
    private mutating func write(depth: Int, title: String, isLast: Bool) {
        lineBytes.removeAll(keepingCapacity: true)
        if depth == 0 {
            prefixBytes.removeAll(keepingCapacity: true)
            prefixEnds = [0]
        } else {
            let kept = min(depth - 1, prefixEnds.count - 1)
            prefixEnds.removeSubrange((kept + 1)...)
            prefixBytes.removeSubrange(prefixEnds[kept]...)
            lineBytes.append(contentsOf: prefixBytes)
            lineBytes.append(contentsOf: (isLast ? glyphs.last : glyphs.branch).utf8)
            prefixBytes.append(contentsOf: (isLast ? glyphs.gap : glyphs.line).utf8)
            prefixEnds.append(prefixBytes.count)
        }
        lineBytes.append(contentsOf: escape(title).utf8)
        lineBytes.append(UInt8(ascii: "\n"))
        emit(lineBytes)
    }
}
