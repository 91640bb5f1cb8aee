/// The compact storage behind ``InMemorySource``: a structure of arrays.
///
/// Each node is an `Int32` index. Per node the tree keeps its parent, where its
/// children start in one shared child list (its child count is the difference to
/// the next node's start) and its place in that list (`Int32` each), where its
/// text starts in one byte arena (`Int64`), the title's length and the
/// subtitle's length with three flags (`UInt32` each): 28 bytes per node
/// plus the title and subtitle bytes. Identifiers cost nothing when generated
/// (`#` and the node's index, as the document reader numbers items); explicit
/// identifiers, footnotes, statuses and attributes sit in side tables holding
/// only the nodes that have them.
///
/// Built once (by ``add(_:parentID:isDynamic:location:)`` in order, or by
/// ``place(_:at:parent:)`` in any order), closed by ``finish()``, then read only.
/// While it is built, each node's child count so far is kept (the array ``finish()`` turns
/// into the child starts), so a tree being read in document order can already be shown:
/// the `partial…` lookups answer from it (see ``DocumentLoad``).
///
/// - Complexity: Memory 28 bytes per node plus text and the side tables; lookups
///   by index O(1), by explicit identifier one hash lookup, the position of a
///   child among its siblings O(log k) for k siblings.
struct InMemoryTree: Sendable {
    /// What few nodes carry beyond a title and a short subtitle.
    struct Extra: Sendable {
        var subtitle: String?
        var footnote: String?
        var status: String?
        var attributes: [String: String] = [:]
    }

    private static let hasSubtitle: UInt32 = 1 << 31
    private static let dynamicFlag: UInt32 = 1 << 30
    private static let present: UInt32 = 1 << 29
    private static let explicitFlag: UInt32 = 1 << 28
    private static let lengthMask: UInt32 = (1 << 28) - 1

    private var parents: [Int32] = []
    /// Where each node's children start in `childList`, with one entry more at the end:
    /// a node's child count is the difference of two neighbours (built by ``finish()``).
    private var childStarts: [Int32] = [0]
    private var childList: [Int32] = []
    /// Each node's number of children placed so far, while building (empty once finished).
    private var childCounts: [Int32] = []
    private var textStarts: [Int64] = []
    private var titleLengths: [UInt32] = []
    private var meta: [UInt32] = []
    private var text: [UInt8] = []
    private var explicitIndex: [String: Int32] = [:]
    private var explicitIDs: [Int32: String] = [:]
    private var extras: [Int32: Extra] = [:]
    /// The root's index, or `nil` for an empty tree.
    private(set) var rootIndex: Int32?
    /// The number of nodes.
    private(set) var count = 0
    /// Whether ``finish()`` ran: children are grouped and looked up in O(1).
    private(set) var isFinished = false

    /// The most nodes a tree holds (indexes are `Int32`).
    static let capacity = Int(Int32.max) - 1

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
    mutating func add(_ node: HierarchyNode, parentID: String?, isDynamic: Bool, location: String? = nil)
        throws(HierarchySourceError)
    {
        let parent = parentID.flatMap { index(ofID: $0) } ?? -1
        try place(node, at: parents.count, parent: parent, isDynamic: isDynamic, explicitID: true, location: location)
        if parentID == nil { rootIndex = Int32(parents.count - 1) }
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
    mutating func place(
        _ node: HierarchyNode, at index: Int, parent: Int32, isDynamic: Bool, explicitID: Bool, location: String? = nil
    ) throws(HierarchySourceError) {
        guard index < Self.capacity else {
            throw HierarchySourceError(.unsupported, "more than \(Self.capacity) items")
        }
        if max(index, Int(parent)) >= parents.count {
            let grow = max(index, Int(parent)) + 1 - parents.count
            parents.append(contentsOf: repeatElement(-1, count: grow))
            textStarts.append(contentsOf: repeatElement(0, count: grow))
            titleLengths.append(contentsOf: repeatElement(0, count: grow))
            meta.append(contentsOf: repeatElement(0, count: grow))
            childCounts.append(contentsOf: repeatElement(0, count: grow))
        }
        let key = Int32(index)
        // A node placed again replaces its provisional self (placed when its children began).
        let replacing = meta[index] & Self.present != 0
        if replacing, meta[index] & Self.explicitFlag != 0, let old = explicitIDs.removeValue(forKey: key) {
            explicitIndex[old] = nil
        }
        var flags = Self.present | (isDynamic ? Self.dynamicFlag : 0)
        if explicitID {
            guard explicitIndex.updateValue(key, forKey: node.id) == nil else {
                let place = location.map { " (at \($0))" } ?? ""
                throw HierarchySourceError(.duplicateID, "duplicate id \"\(node.id)\"\(place)")
            }
            explicitIDs[key] = node.id
            flags |= Self.explicitFlag
        }
        parents[index] = parent
        textStarts[index] = Int64(text.count)
        var title = node.title
        title.withUTF8 { text.append(contentsOf: $0) }
        titleLengths[index] = UInt32(clamping: title.utf8.count)
        var extra = Extra(footnote: node.footnote, status: node.status, attributes: node.attributes)
        if var subtitle = node.subtitle {
            if subtitle.utf8.count <= Int(Self.lengthMask) {
                subtitle.withUTF8 { text.append(contentsOf: $0) }
                flags |= Self.hasSubtitle | UInt32(subtitle.utf8.count)
            } else {
                extra.subtitle = subtitle
            }
        }
        meta[index] = flags
        if extra.subtitle != nil || extra.footnote != nil || extra.status != nil || !extra.attributes.isEmpty {
            extras[key] = extra
        } else if replacing {
            extras[key] = nil
        }
        guard !replacing else { return }
        if parent >= 0, Int(parent) < childCounts.count { childCounts[Int(parent)] += 1 }
        count += 1
    }

    /// Makes a node the root (used when a document's single top-level item is the root).
    mutating func setRoot(_ index: Int32?) {
        rootIndex = index
        if let index {
            let parent = Int(parents[Int(index)])
            if parent >= 0, meta[Int(index)] & Self.present != 0 { childCounts[parent] -= 1 }
            parents[Int(index)] = -1
        }
    }

    /// Removes a node with no children (a provisional synthetic root that was not needed).
    mutating func remove(_ index: Int32) {
        guard isPresent(index), childCount(of: index) == 0 else { return }
        if hasExplicitID(index), let id = explicitIDs.removeValue(forKey: index) { explicitIndex[id] = nil }
        let parent = Int(parents[Int(index)])
        if parent >= 0, !isFinished { childCounts[parent] -= 1 }
        meta[Int(index)] = 0
        parents[Int(index)] = -1
        extras[index] = nil
        count -= 1
    }

    /// The indexes of the present nodes whose parent is `parent`, in index order.
    func indexes(withParent parent: Int32) -> [Int32] {
        var found: [Int32] = []
        for index in parents.indices where parents[index] == parent && meta[index] & Self.present != 0 {
            found.append(Int32(index))
        }
        return found
    }

    /// Groups the children of every node (in index order) and checks that no explicit
    /// identifier names a generated one.
    ///
    /// - Throws: ``HierarchySourceError/Code/duplicateID`` for an explicit `#n` that is
    ///   another node's generated identifier.
    /// - Complexity: O(n) for n nodes.
    mutating func finish() throws(HierarchySourceError) {
        // A counting sort in place: count into the slot after each parent, sum, place each
        // child at its parent's cursor (which then ends at the next parent's start), shift back.
        // The counts kept while building are the first step: shift them one slot and sum.
        var starts = childCounts
        childCounts = []
        starts.insert(0, at: 0)
        for index in starts.indices.dropFirst() { starts[index] += starts[index - 1] }
        var list = [Int32](repeating: 0, count: Int(starts[parents.count]))
        for index in parents.indices where meta[index] & Self.present != 0 && parents[index] >= 0 {
            let parent = Int(parents[index])
            list[Int(starts[parent])] = Int32(index)
            starts[parent] += 1
        }
        for index in starts.indices.reversed().dropLast() { starts[index] = starts[index - 1] }
        starts[0] = 0
        childStarts = starts
        childList = list
        isFinished = true
        for (id, index) in explicitIndex where id.hasPrefix("#") {
            if let other = Self.generatedIndex(id), other != index, isPresent(other), !hasExplicitID(other) {
                throw HierarchySourceError(.duplicateID, "duplicate id \"\(id)\"")
            }
        }
    }

    // MARK: - Reading

    private func isPresent(_ index: Int32) -> Bool {
        Int(index) < meta.count && index >= 0 && meta[Int(index)] & Self.present != 0
    }

    private func hasExplicitID(_ index: Int32) -> Bool { meta[Int(index)] & Self.explicitFlag != 0 }

    private static func generatedIndex(_ id: String) -> Int32? {
        guard id.hasPrefix("#") else { return nil }
        return Int32(id.dropFirst())
    }

    /// The index of a node.
    ///
    /// - Complexity: One hash lookup, or the parse of a generated `#n`.
    func index(ofID id: String) -> Int32? {
        if let index = explicitIndex[id] { return index }
        guard let index = Self.generatedIndex(id), "#\(index)" == id, isPresent(index),
            !hasExplicitID(index)
        else { return nil }
        return index
    }

    /// A node's identifier.
    func id(of index: Int32) -> String {
        hasExplicitID(index) ? explicitIDs[index] ?? "" : "#\(index)"
    }

    /// A node's parent, or `nil` for the root.
    func parent(of index: Int32) -> Int32? {
        let parent = parents[Int(index)]
        return parent >= 0 ? parent : nil
    }

    /// Whether the host supplies a node's children.
    func isDynamic(_ index: Int32) -> Bool { meta[Int(index)] & Self.dynamicFlag != 0 }

    /// The number of static children (so far, while building).
    func childCount(of index: Int32) -> Int {
        let position = Int(index)
        if !isFinished { return position < childCounts.count ? Int(childCounts[position]) : 0 }
        guard position + 1 < childStarts.count else { return 0 }
        return Int(childStarts[position + 1] - childStarts[position])
    }

    /// The indexes of a node's children in a range of positions (clamped).
    ///
    /// - Complexity: O(1); the slice shares the tree's storage.
    func children(of index: Int32, in range: Range<Int>) -> ArraySlice<Int32> {
        let count = childCount(of: index)
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let start = Int(childStarts[Int(index)])
        return childList[(start + lower)..<(start + upper)]
    }

    /// The indexes of a node's children in a range of positions, while the tree is built in
    /// document order (every node's placed children are a prefix of its children, in index
    /// order, after the node's own index).
    ///
    /// - Complexity: O(m) for the m nodes between the node and its last child returned.
    func partialChildren(of index: Int32, in range: Range<Int>) -> [Int32] {
        let count = childCount(of: index)
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        guard lower < upper else { return [] }
        var found: [Int32] = []
        found.reserveCapacity(upper - lower)
        var seen = 0
        var position = Int(index) + 1
        while position < parents.count, seen < upper {
            if parents[position] == index, meta[position] & Self.present != 0 {
                if seen >= lower { found.append(Int32(position)) }
                seen += 1
            }
            position += 1
        }
        return found
    }

    /// A child's position among its siblings, while the tree is built in document order.
    ///
    /// - Complexity: O(m) for the m nodes between the parent and the child.
    func partialPosition(of index: Int32) -> Int? {
        guard isPresent(index), let parent = parent(of: index) else { return nil }
        var seen = 0
        for position in (Int(parent) + 1)..<Int(index)
        where parents[position] == parent && meta[position] & Self.present != 0 {
            seen += 1
        }
        return seen
    }

    /// Whether a node is stored (placed, provisionally or finally).
    func contains(_ index: Int32) -> Bool { isPresent(index) }

    /// A child's position among its siblings.
    ///
    /// - Complexity: O(log k) for k siblings (children are stored in index order).
    func position(of index: Int32) -> Int? {
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

    /// The node at an index, with its child count and container flag.
    func node(at index: Int32) -> HierarchyNode {
        let position = Int(index)
        let start = Int(textStarts[position])
        let titleEnd = start + Int(titleLengths[position])
        let flags = meta[position]
        let title = String(decoding: text[start..<titleEnd], as: UTF8.self)
        let extra = extras[index]
        var subtitle = extra?.subtitle
        if flags & Self.hasSubtitle != 0 {
            subtitle = String(decoding: text[titleEnd..<(titleEnd + Int(flags & Self.lengthMask))], as: UTF8.self)
        }
        var node = HierarchyNode(
            id: id(of: index), title: title, subtitle: subtitle, footnote: extra?.footnote, status: extra?.status,
            attributes: extra?.attributes ?? [:])
        if isDynamic(index) {
            node.childCount = nil
            node.isContainer = true
        } else {
            node.childCount = childCount(of: index)
            node.isContainer = childCount(of: index) > 0
        }
        return node
    }
}
