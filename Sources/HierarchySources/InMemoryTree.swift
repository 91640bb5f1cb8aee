/// The compact storage behind ``InMemorySource``: a structure of arrays.
///
/// Each node is an `Int32` index. Per node the tree keeps its parent, where its
/// children start in one shared child list (its child count is the difference to
/// the next node's start) and its place in that list (`Int32` each), and one
/// `UInt64` holding seven flags and the reference of its entry in one byte arena
/// (``TextArena``): 20 bytes per node, or 16 plus 8 per run of consecutive sibling
/// indexes when the child list is stored as runs (``ChildList``; a document whose
/// items are mostly leaves: about 16 bytes per node). The entry holds the node's strings, each
/// once, as a length byte (more for 128 bytes and up) and the UTF-8 bytes: an
/// explicit identifier, the title, then only the fields the node has (subtitle,
/// footnote, status, attributes, whose names are stored once for the whole tree).
/// Generated identifiers cost nothing (`#` and the node's index, as the document
/// reader numbers items); explicit ones are indexed by a hash table of node
/// numbers (``IdentifierTable``, 8–16 bytes per explicit identifier). No node has
/// an object, a `String` or a dictionary of its own; every array grows in chunks,
/// so growth never holds two copies.
///
/// Built once (by ``add(_:parentID:isDynamic:location:)`` in order, or by
/// ``place(_:at:parent:isDynamic:explicitID:location:)`` in any order), closed by
/// ``finish()``, then read only. While it is built, the child-start column holds each
/// node's child count so far (``finish()`` turns the counts into the starts in place),
/// so a tree being read in document order can already be shown: the `partial…` lookups
/// answer from it (see ``DocumentLoad``).
///
/// - Complexity: Memory at most 20 bytes per node plus its entry (its text and one byte
///   per string) and 8–16 bytes per explicit identifier; lookups by index O(1), by explicit
///   identifier one hash lookup, the position of a child among its siblings O(log k)
///   for k siblings (O(log k · log r) with r runs).
package struct InMemoryTree: Sendable {
    package init() {}

    private static let present: UInt64 = 1 << 63
    private static let dynamicFlag: UInt64 = 1 << 62
    private static let explicitFlag: UInt64 = 1 << 61
    private static let subtitleFlag: UInt64 = 1 << 60
    private static let footnoteFlag: UInt64 = 1 << 59
    private static let statusFlag: UInt64 = 1 << 58
    private static let attributesFlag: UInt64 = 1 << 57
    /// The title is an array index, `[n]`, stored as the number n.
    private static let indexTitleFlag: UInt64 = 1 << 56
    /// The title is one of the names kept once for the tree, stored as its number.
    private static let sharedTitleFlag: UInt64 = 1 << 55
    /// Three bits holding a structure read's ``DocumentValueKind`` (0: none), below the flags
    /// and above the arena reference.
    private static let valueKindShift: UInt64 = 52
    private static let valueKindMask: UInt64 = 0b111 << 52
    /// The most attribute names kept once for the whole tree; others are stored with each value.
    private static let sharedNameLimit = 4_096

    private var parents = Column<Int32>(filler: -1)
    /// While building: each node's child count so far. After ``finish()``: where each node's
    /// children start in `childList`, with one entry more at the end (a node's child count is
    /// the difference of two neighbours).
    private var childStarts = Column<Int32>(filler: 0)
    private var childList = ChildList()
    /// Flags and the arena reference of each node's entry.
    private var entries = Column<UInt64>(filler: 0)
    private var arena = TextArena()
    private var identifiers = IdentifierTable()
    private var names: [String] = []
    private var nameNumbers: [String: Int] = [:]
    /// The entry being made (reused).
    private var staging: [UInt8] = []
    /// The root's index, or `nil` for an empty tree.
    package private(set) var rootIndex: Int32?
    /// The number of nodes.
    package private(set) var count = 0
    /// Whether ``finish()`` ran: children are grouped and looked up in O(1).
    package private(set) var isFinished = false
    /// Whether the tree is a document read as its structure (leaves' subtitles are values).
    package var isStructure = false

    /// The most nodes a tree holds (indexes are `Int32`).
    package static let capacity = Int(Int32.max) - 1

    /// Bytes of text stored (entries included), for measurements.
    package var textByteCount: Int { arena.byteCount }

    /// Bytes of the structure (the three columns in whole chunks, the child list and the
    /// identifier table), for measurements; the text is ``textByteCount``.
    package var structureByteCount: Int {
        parents.allocatedByteCount + childStarts.allocatedByteCount + entries.allocatedByteCount
            + childList.allocatedByteCount + identifiers.allocatedByteCount
    }

    // MARK: - Building

    /// Adds a node below `parentID` (or as the root when `parentID` is `nil`).
    ///
    /// - Parameters:
    ///   - node: The node; its `childCount` is recomputed by ``finish()``.
    ///   - parentID: The parent, already added.
    ///   - isDynamic: Whether the host supplies the node's children.
    ///   - location: Where the node came from, for the duplicate error message.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when the identifier is taken.
    /// - Complexity: O(1) amortized.
    package mutating func add(_ node: HierarchyNode, parentID: String?, isDynamic: Bool, location: String? = nil)
        throws(HierarchySourceError)
    {
        let parent = parentID.flatMap { index(ofID: $0) } ?? -1
        let position = parents.count
        try place(node, at: position, parent: parent, isDynamic: isDynamic, explicitID: true, location: location)
        if parentID == nil { rootIndex = Int32(position) }
    }

    /// Stores a node at an index (the arrays grow as needed; gaps stay absent nodes).
    ///
    /// - Parameters:
    ///   - node: The node.
    ///   - index: Its index.
    ///   - parent: The parent's index, or -1.
    ///   - isDynamic: Whether the host supplies the node's children.
    ///   - explicitID: Whether `node.id` was given (otherwise it is `#` and the index).
    ///   - location: Where the node came from, for the duplicate error message.
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` when an explicit identifier is taken.
    /// - Complexity: O(1) amortized plus the text's length.
    package mutating func place(
        _ node: HierarchyNode, at index: Int, parent: Int32, isDynamic: Bool, explicitID: Bool, location: String? = nil
    ) throws(HierarchySourceError) {
        try store(
            at: index, parent: parent, isDynamic: isDynamic, id: explicitID ? node.id : nil, title: node.title,
            subtitle: node.subtitle, footnote: node.footnote, status: node.status,
            attributes: node.attributes.sorted { $0.key < $1.key }, name: \.key, value: \.value,
            location: location)
    }

    /// Stores a node's entry and links it (the one writer behind every `place`).
    ///
    /// `sharesTitle` keeps the title once for the whole tree, like an attribute name (the
    /// titles of a structure read are mostly the document's keys, which repeat).
    ///
    /// - Complexity: O(1) amortized plus the text's length.
    package mutating func store<Attributes: Collection>(
        at index: Int, parent: Int32, isDynamic: Bool, id: String?, title: String, subtitle: String?,
        footnote: String?, status: String?, attributes: Attributes, name: (Attributes.Element) -> String,
        value: (Attributes.Element) -> String, location: String?, sharesTitle: Bool = false,
        valueKind: DocumentValueKind? = nil
    ) throws(HierarchySourceError) {
        guard index < Self.capacity, Int(parent) < Self.capacity else {
            throw HierarchySourceError(.unsupported, "more than \(Self.capacity) items")
        }
        let length = max(index, Int(parent)) + 1
        if length > parents.count {
            parents.grow(to: length)
            childStarts.grow(to: length)
            entries.grow(to: length)
        }
        let key = Int32(index)
        // A node placed again replaces its provisional self (placed when its children began).
        let replacing = entries[index] & Self.present != 0
        if replacing, entries[index] & Self.explicitFlag != 0 {
            let hash = explicitIDHash(of: key)
            identifiers.remove(key, hash: hash)
        }
        var flags = Self.present | (isDynamic ? Self.dynamicFlag : 0)
        if let valueKind { flags |= UInt64(valueKind.rawValue) << Self.valueKindShift }
        staging.removeAll(keepingCapacity: true)
        var idHash = 0
        if let id {
            var id = id
            let taken = id.withUTF8 { bytes -> Int32? in
                idHash = IdentifierTable.hash(bytes)
                return identifiers.lookup(hash: idHash) { other in explicitID(of: other, equals: bytes) }
            }
            guard taken == nil else {
                let place = location.map { " (at \($0))" } ?? ""
                throw HierarchySourceError(.duplicateID, "duplicate id \"\(id)\"\(place)")
            }
            TextArena.appendString(id, to: &staging)
            flags |= Self.explicitFlag
        }
        if let number = Self.indexTitle(title) {
            TextArena.appendLength(number, to: &staging)
            flags |= Self.indexTitleFlag
        } else if sharesTitle, let number = sharedName(title) {
            TextArena.appendLength(number, to: &staging)
            flags |= Self.sharedTitleFlag
        } else {
            TextArena.appendString(title, to: &staging)
        }
        if let subtitle {
            TextArena.appendString(subtitle, to: &staging)
            flags |= Self.subtitleFlag
        }
        if let footnote {
            TextArena.appendString(footnote, to: &staging)
            flags |= Self.footnoteFlag
        }
        if let status {
            TextArena.appendString(status, to: &staging)
            flags |= Self.statusFlag
        }
        if !attributes.isEmpty {
            flags |= Self.attributesFlag
            TextArena.appendLength(attributes.count, to: &staging)
            for attribute in attributes {
                let attributeName = name(attribute)
                if let number = sharedName(attributeName) {
                    TextArena.appendLength(number + 1, to: &staging)
                } else {
                    TextArena.appendLength(0, to: &staging)
                    TextArena.appendString(attributeName, to: &staging)
                }
                TextArena.appendString(value(attribute), to: &staging)
            }
        }
        let reference = try arena.append(staging)
        parents[index] = parent
        entries[index] = flags | reference
        if id != nil {
            if identifiers.isFull { identifiers = identifiers.grown { explicitIDHash(of: $0) } }
            identifiers.insert(key, hash: idHash)
        }
        guard !replacing else { return }
        if parent >= 0, !isFinished { childStarts[Int(parent)] += 1 }
        count += 1
    }

    /// The number of an attribute name kept once for the tree, or `nil` past the limit.
    private mutating func sharedName(_ name: String) -> Int? {
        if let number = nameNumbers[name] { return number }
        guard names.count < Self.sharedNameLimit else { return nil }
        names.append(name)
        nameNumbers[name] = names.count - 1
        return names.count - 1
    }

    /// The number n of a title `[n]` (digits without a leading zero), or `nil`.
    private static func indexTitle(_ title: String) -> Int? {
        let bytes = title.utf8
        guard bytes.count >= 3, bytes.count <= 20, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]")
        else { return nil }
        let digits = bytes.dropFirst().dropLast()
        guard digits.first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var number = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }

    /// The hash of a stored node's explicit identifier.
    private func explicitIDHash(of index: Int32) -> Int {
        arena.read(entries[Int(index)] & TextArena.referenceMask) { IdentifierTable.hash($0.stringBytes()) }
    }

    /// Whether a stored node's explicit identifier has these bytes.
    private func explicitID(of index: Int32, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        arena.read(entries[Int(index)] & TextArena.referenceMask) { $0.stringBytes().elementsEqual(bytes) }
    }

    /// Makes a node the root (used when a document's single top-level item is the root).
    package mutating func setRoot(_ index: Int32?) {
        rootIndex = index
        if let index {
            let parent = Int(parents[Int(index)])
            if parent >= 0, isPresent(index), !isFinished { childStarts[parent] -= 1 }
            parents[Int(index)] = -1
        }
    }

    /// Removes a node with no children (a provisional synthetic root that was not needed).
    package mutating func remove(_ index: Int32) {
        guard isPresent(index), childCount(of: index) == 0 else { return }
        if hasExplicitID(index) { identifiers.remove(index, hash: explicitIDHash(of: index)) }
        let parent = Int(parents[Int(index)])
        if parent >= 0, !isFinished { childStarts[parent] -= 1 }
        entries[Int(index)] = 0
        parents[Int(index)] = -1
        count -= 1
    }

    /// The indexes of the present nodes whose parent is `parent`, in index order.
    package func indexes(withParent parent: Int32) -> [Int32] {
        var found: [Int32] = []
        for index in 0..<parents.count where parents[index] == parent && entries[index] & Self.present != 0 {
            found.append(Int32(index))
        }
        return found
    }

    /// Groups the children of every node (in index order) and checks that no explicit
    /// identifier names a generated one.
    ///
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` for an explicit `#n` that is
    ///   another node's generated identifier.
    /// - Complexity: O(n) for n nodes (O(n + r log r) with r runs); the child list is the
    ///   only new memory: 4 bytes per node, or 8 bytes per run of consecutive siblings when
    ///   runs are fewer than half the nodes (see ``ChildList``).
    package mutating func finish() throws(HierarchySourceError) {
        // A counting sort in place. The counts kept while building become each parent's start
        // (an exclusive prefix sum); each child is placed at its parent's cursor, which then
        // ends at the next parent's start; shifting the column one slot restores the starts.
        let nodes = parents.count
        childStarts.grow(to: nodes + 1)
        var running: Int32 = 0
        for index in 0..<nodes {
            let count = childStarts[index]
            childStarts[index] = running
            running += count
        }
        childStarts[nodes] = running
        // A child whose index follows a sibling's continues that sibling's run of the list.
        var runCount = 0
        var previousParent: Int32 = -1
        for index in 0..<nodes {
            let parent = entries[index] & Self.present != 0 ? parents[index] : -1
            if parent >= 0, parent != previousParent { runCount += 1 }
            previousParent = parent
        }
        if runCount * 2 <= Int(running) {
            var runs: [ChildRun] = []
            runs.reserveCapacity(runCount)
            previousParent = -1
            for index in 0..<nodes {
                let parent = entries[index] & Self.present != 0 ? parents[index] : -1
                if parent >= 0 {
                    if parent != previousParent {
                        runs.append(ChildRun(position: childStarts[Int(parent)], first: Int32(index)))
                    }
                    childStarts[Int(parent)] += 1
                }
                previousParent = parent
            }
            runs.sort { $0.position < $1.position }
            childList = ChildList(runs: runs)
        } else {
            var list = [Int32](repeating: 0, count: Int(running))
            for index in 0..<nodes where entries[index] & Self.present != 0 && parents[index] >= 0 {
                let parent = Int(parents[index])
                list[Int(childStarts[parent])] = Int32(index)
                childStarts[parent] += 1
            }
            childList = ChildList(list: list)
        }
        var index = nodes
        while index > 0 {
            childStarts[index] = childStarts[index - 1]
            index -= 1
        }
        childStarts[0] = 0
        staging = []
        isFinished = true
        guard identifiers.count > 0 else { return }
        for index in 0..<nodes
        where entries[index] & (Self.present | Self.explicitFlag) == Self.present | Self.explicitFlag {
            let id = arena.read(entries[index] & TextArena.referenceMask) { reader -> String? in
                let bytes = reader.stringBytes()
                return bytes.first == UInt8(ascii: "#") ? String(decoding: bytes, as: UTF8.self) : nil
            }
            if let id, let other = Self.generatedIndex(id), other != index, isPresent(other), !hasExplicitID(other) {
                throw HierarchySourceError(.duplicateID, "duplicate id \"\(id)\"")
            }
        }
    }

    // MARK: - Reading

    private func isPresent(_ index: Int32) -> Bool {
        index >= 0 && Int(index) < entries.count && entries[Int(index)] & Self.present != 0
    }

    private func hasExplicitID(_ index: Int32) -> Bool { entries[Int(index)] & Self.explicitFlag != 0 }

    private static func generatedIndex(_ id: String) -> Int32? {
        guard id.hasPrefix("#") else { return nil }
        return Int32(id.dropFirst())
    }

    /// The index of a node.
    ///
    /// - Complexity: One hash lookup, or the parse of a generated `#n`.
    package func index(ofID id: String) -> Int32? {
        if identifiers.count > 0 {
            var id = id
            let found = id.withUTF8 { bytes in
                identifiers.lookup(hash: IdentifierTable.hash(bytes)) { explicitID(of: $0, equals: bytes) }
            }
            if let found { return found }
        }
        guard let index = Self.generatedIndex(id), "#\(index)" == id, isPresent(index),
            !hasExplicitID(index)
        else { return nil }
        return index
    }

    /// A node's identifier.
    package func id(of index: Int32) -> String {
        guard hasExplicitID(index) else { return "#\(index)" }
        return arena.read(entries[Int(index)] & TextArena.referenceMask) { $0.string() }
    }

    /// A node's parent, or `nil` for the root.
    package func parent(of index: Int32) -> Int32? {
        let parent = parents[Int(index)]
        return parent >= 0 ? parent : nil
    }

    /// Whether the host supplies a node's children.
    package func isDynamic(_ index: Int32) -> Bool { entries[Int(index)] & Self.dynamicFlag != 0 }

    /// What a node of a structure read is (an object, an array, a scalar); `nil` for others.
    package func valueKind(of index: Int32) -> DocumentValueKind? {
        DocumentValueKind(rawValue: UInt8((entries[Int(index)] & Self.valueKindMask) >> Self.valueKindShift))
    }

    /// A node's subtitle (a structure read's scalar value), read in place.
    package func subtitle(of index: Int32) -> String? {
        let flags = entries[Int(index)]
        guard flags & Self.subtitleFlag != 0 else { return nil }
        return arena.read(flags & TextArena.referenceMask) { reader -> String in
            if flags & Self.explicitFlag != 0 { reader.skipString() }
            if flags & (Self.indexTitleFlag | Self.sharedTitleFlag) != 0 {
                _ = reader.length()
            } else {
                reader.skipString()
            }
            return reader.string()
        }
    }

    /// The number of static children (so far, while building).
    package func childCount(of index: Int32) -> Int {
        let position = Int(index)
        if !isFinished { return position < childStarts.count ? Int(childStarts[position]) : 0 }
        guard position + 1 < childStarts.count else { return 0 }
        return Int(childStarts[position + 1] - childStarts[position])
    }

    /// The indexes of a node's children in a range of positions (clamped).
    ///
    /// - Complexity: O(1); the collection shares the tree's storage (an element O(1), or
    ///   O(log r) when the child list is r runs).
    package func children(of index: Int32, in range: Range<Int>) -> Children {
        let count = childCount(of: index)
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        guard lower < upper else { return Children(list: childList, startIndex: 0, endIndex: 0) }
        let start = Int(childStarts[Int(index)])
        return Children(list: childList, startIndex: start + lower, endIndex: start + upper)
    }

    /// The indexes of a node's children in a range of positions, while the tree is built in
    /// document order (every node's placed children are a prefix of its children, in index
    /// order, after the node's own index).
    ///
    /// A range nearer the last child than the first (End in a column still being read) is
    /// found walking back from the last node placed.
    ///
    /// - Complexity: O(m) for the m nodes between the node and its last child returned, or
    ///   between the first child returned and the last node placed.
    package func partialChildren(of index: Int32, in range: Range<Int>) -> [Int32] {
        let count = childCount(of: index)
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        guard lower < upper else { return [] }
        var found: [Int32] = []
        found.reserveCapacity(upper - lower)
        if count - upper < lower {
            // `remaining` children lie before the position walked back to.
            var remaining = count
            var position = parents.count - 1
            while position > Int(index), remaining > lower {
                if parents[position] == index, entries[position] & Self.present != 0 {
                    remaining -= 1
                    if remaining < upper { found.append(Int32(position)) }
                }
                position -= 1
            }
            return found.reversed()
        }
        var seen = 0
        var position = Int(index) + 1
        while position < parents.count, seen < upper {
            if parents[position] == index, entries[position] & Self.present != 0 {
                if seen >= lower { found.append(Int32(position)) }
                seen += 1
            }
            position += 1
        }
        return found
    }

    /// Calls `body` with each child of a node in sibling order, while the tree is built in
    /// document order, until it returns false.
    ///
    /// - Complexity: O(m) for the m nodes between the node and the last child passed to `body`.
    package func forEachPartialChild(of index: Int32, _ body: (Int32) throws -> Bool) rethrows {
        let count = childCount(of: index)
        var seen = 0
        var position = Int(index) + 1
        while position < parents.count, seen < count {
            if parents[position] == index, entries[position] & Self.present != 0 {
                guard try body(Int32(position)) else { return }
                seen += 1
            }
            position += 1
        }
    }

    /// A child's position among its siblings, while the tree is built in document order.
    ///
    /// - Complexity: O(m) for the m nodes between the parent and the child.
    package func partialPosition(of index: Int32) -> Int? {
        guard isPresent(index), let parent = parent(of: index) else { return nil }
        var seen = 0
        for position in (Int(parent) + 1)..<Int(index)
        where parents[position] == parent && entries[position] & Self.present != 0 {
            seen += 1
        }
        return seen
    }

    /// Whether a node is stored (placed, provisionally or finally).
    package func contains(_ index: Int32) -> Bool { isPresent(index) }

    /// A child's position among its siblings.
    ///
    /// - Complexity: O(log k) for k siblings (children are stored in index order), times
    ///   O(log r) when the child list is r runs.
    package func position(of index: Int32) -> Int? {
        guard let parent = parent(of: index) else { return nil }
        let siblings = children(of: parent, in: 0..<childCount(of: parent))
        var low = siblings.startIndex
        var high = siblings.endIndex
        while low < high {
            let middle = (low + high) / 2
            if siblings[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < siblings.endIndex && siblings[low] == index ? low - siblings.startIndex : nil
    }

    /// Reads a node's title in place, as UTF-8 bytes, without making the node.
    ///
    /// - Complexity: O(1), or O(the title) for a title kept as a number or a shared name.
    package func withTitle<Result>(of index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let flags = entries[Int(index)]
        return arena.read(flags & TextArena.referenceMask) { reader -> Result in
            if flags & Self.explicitFlag != 0 { reader.skipString() }
            if flags & Self.indexTitleFlag != 0 {
                var title = "[\(reader.length())]"
                return title.withUTF8(body)
            }
            if flags & Self.sharedTitleFlag != 0 {
                var title = names[reader.length()]
                return title.withUTF8(body)
            }
            return body(reader.stringBytes())
        }
    }

    /// Whether a node's title, subtitle or footnote contains the matcher's text, read in place.
    ///
    /// - Complexity: O(the node's text); no string is made for ASCII text.
    package func textContains(_ matcher: NameMatcher, at index: Int32) -> Bool {
        if withTitle(of: index, { matcher.matches($0) }) { return true }
        let flags = entries[Int(index)]
        guard flags & (Self.subtitleFlag | Self.footnoteFlag) != 0 else { return false }
        return arena.read(flags & TextArena.referenceMask) { reader -> Bool in
            if flags & Self.explicitFlag != 0 { reader.skipString() }
            if flags & (Self.indexTitleFlag | Self.sharedTitleFlag) != 0 {
                _ = reader.length()
            } else {
                reader.skipString()
            }
            if flags & Self.subtitleFlag != 0, matcher.matches(reader.stringBytes()) { return true }
            return flags & Self.footnoteFlag != 0 && matcher.matches(reader.stringBytes())
        }
    }

    /// The present nodes whose title, subtitle or footnote contains the matcher's text, in index
    /// order (the order a document is read in, so a tree being read only adds matches after the
    /// last one), from the node `start` on, leaving out the first `skip` matches and stopping
    /// after `limit`; with the index where a later look goes on.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (checked every
    ///   ``titleSearchStride`` nodes).
    /// - Complexity: O(n) nodes' text for the n nodes from `start` at worst.
    package func indexes(matching matcher: NameMatcher, from start: Int = 0, skipping skip: Int = 0, limit: Int) throws
        -> (found: [Int32], next: Int)
    {
        var found: [Int32] = []
        var skipped = 0
        var index = max(0, start)
        while index < parents.count, found.count < limit {
            if index % Self.titleSearchStride == 0 { try Task.checkCancellation() }
            if entries[index] & Self.present != 0, textContains(matcher, at: Int32(index)) {
                if skipped < skip { skipped += 1 } else { found.append(Int32(index)) }
            }
            index += 1
        }
        return (found, index)
    }

    /// The most nodes walked for a preview while the tree is built.
    static let previewWalk = 4096

    /// The node at an index, with its child count and container flag.
    ///
    /// - Complexity: O(the node's text).
    package func node(at index: Int32) -> HierarchyNode {
        let flags = entries[Int(index)]
        var node = arena.read(flags & TextArena.referenceMask) { reader -> HierarchyNode in
            let id = flags & Self.explicitFlag != 0 ? reader.string() : "#\(index)"
            let title =
                if flags & Self.indexTitleFlag != 0 {
                    "[\(reader.length())]"
                } else if flags & Self.sharedTitleFlag != 0 {
                    names[reader.length()]
                } else {
                    reader.string()
                }
            let subtitle = flags & Self.subtitleFlag != 0 ? reader.string() : nil
            let footnote = flags & Self.footnoteFlag != 0 ? reader.string() : nil
            let status = flags & Self.statusFlag != 0 ? reader.string() : nil
            var attributes: [String: String] = [:]
            if flags & Self.attributesFlag != 0 {
                let count = reader.length()
                attributes.reserveCapacity(count)
                for _ in 0..<count {
                    let number = reader.length()
                    let name = number == 0 ? reader.string() : names[number - 1]
                    attributes[name] = reader.string()
                }
            }
            return HierarchyNode(
                id: id, title: title, subtitle: subtitle, footnote: footnote, status: status, attributes: attributes)
        }
        if isDynamic(index) {
            node.childCount = nil
            node.isContainer = true
        } else {
            node.childCount = childCount(of: index)
            node.isContainer = childCount(of: index) > 0
        }
        if let kind = valueKind(of: index), kind == .object || kind == .array {
            node.preview = preview(of: index, isObject: kind == .object)
        }
        return node
    }

    /// A structure read's object or array as one line of its first members (see
    /// ``StructurePreview``); while building, of the members placed so far among the next
    /// ``previewWalk`` nodes (a first member with a large subtree ends the line with `…`).
    ///
    /// - Complexity: O(``StructurePreview/memberLimit``) members' text; while building, plus
    ///   O(``previewWalk``).
    private func preview(of index: Int32, isObject: Bool) -> String {
        var preview = StructurePreview(isObject: isObject)
        let count = childCount(of: index)
        var members: [Int32] = []
        if isFinished {
            members = Array(children(of: index, in: 0..<StructurePreview.memberLimit))
        } else {
            var position = Int(index) + 1
            let end = min(parents.count, position + Self.previewWalk)
            while position < end, members.count < min(count, StructurePreview.memberLimit) {
                if parents[position] == index, entries[position] & Self.present != 0 {
                    members.append(Int32(position))
                }
                position += 1
            }
        }
        for member in members {
            let key = isObject ? withTitle(of: member) { String(decoding: $0, as: UTF8.self) } : nil
            let value: StructurePreview.Value =
                switch valueKind(of: member) {
                case .object: .object
                case .array: .array
                default: .scalar(subtitle(of: member) ?? "")
                }
            guard preview.append(key: key, value) else { break }
        }
        return preview.text(more: count > members.count)
    }
}
