/// Writes any hierarchy as a plain text tree:
///
/// ```
/// Plant
/// ├── Area 1
/// │   └── Pump
/// └── Area 2
/// ```
///
/// Children are read in pages of ``pageSize`` and printed as they arrive, so a
/// huge hierarchy starts printing at once and memory stays proportional to the
/// depth. The walk uses an explicit stack (deep hierarchies are safe) and does
/// not descend into an item that is already on the current path (a cycle),
/// marking it with ``cycleMark``.
public struct TreePrinter: Sendable {
    /// The deepest level printed below the root (0: the root only); `nil` for no limit.
    public var depth: Int?
    /// How many children are read per request.
    public var pageSize: Int
    /// Whether to draw with ASCII (`|-- `, `` `-- ``, `|   `) instead of box-drawing characters.
    public var ascii: Bool
    /// Applied to every title before it is written (a terminal passes its sanitiser).
    public var escape: @Sendable (String) -> String
    /// Appended to an item that is its own ancestor.
    public var cycleMark = " (cycle)"
    /// Whether an item with a subtitle prints as `title: subtitle`: for a document shown as
    /// its structure, whose scalars are leaves with their value as subtitle (`name: Harbour`,
    /// `[0]: 3`), as jless and gron show them. A value longer than ``valueLimit`` is cut.
    public var showsValues = false
    /// Whether an item whose children cannot be read (a folder without permission, one removed
    /// meanwhile: `.permissionDenied`, `.notFound`) is printed without them and the walk goes on,
    /// as `find` and `tree` do; ``print(_:to:)`` returns those errors. Otherwise the first such
    /// error ends the print.
    public var continuesPastUnreadableItems = false

    /// The most characters of a value printed beside its key; a longer value is cut and
    /// ends in `…`.
    public static let valueLimit = 200

    /// Creates a printer.
    ///
    /// - Parameters:
    ///   - depth: The deepest level printed below the root; `nil` for no limit.
    ///   - pageSize: How many children are read per request (at least 1).
    ///   - ascii: Whether to draw with ASCII only.
    ///   - escape: Applied to every title.
    public init(
        depth: Int? = nil, pageSize: Int = 256, ascii: Bool = false,
        escape: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.depth = depth
        self.pageSize = max(1, pageSize)
        self.ascii = ascii
        self.escape = escape
    }

    /// One open level of the walk: its parent, child count, next child, a page read ahead.
    private struct Level {
        var id: String
        var count: Int
        var next: Int
        var page: [HierarchyNode]
        var pageStart: Int
        /// How many ancestor glyphs (``gaps``) precede this level's rows.
        var prefixDepth: Int
    }

    /// The drawing pieces: branch, last branch, continuing line, gap.
    var glyphs: (branch: String, last: String, line: String, gap: String) {
        ascii ? ("|-- ", "`-- ", "|   ", "    ") : ("├── ", "└── ", "│   ", "    ")
    }

    /// Prints a hierarchy, one line per item (each line ends with a newline).
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - write: Receives each line.
    /// - Returns: With ``continuesPastUnreadableItems``, the errors of the items printed without
    ///   their children, in the order met; otherwise none.
    /// - Throws: Errors of the source, `CancellationError`.
    /// - Complexity: O(n) source requests in pages for n items printed; time linear in the output,
    ///   memory linear in the depth (one prefix of glyph bytes, not one prefix string per level).
    @discardableResult
    public func print(
        _ source: some HierarchySource, to write: (String) throws -> Void
    ) async throws -> [HierarchySourceError] {
        guard let root = try await source.root() else { return [] }
        try write(escape(text(of: root)) + "\n")
        var stack: [Level] = []
        var onPath: Set<String> = [root.id]
        var unreadable: [HierarchySourceError] = []
        /// Runs a read of an item's children; an error that only this item has gives `nil`.
        func reading<Value>(_ read: () async throws -> Value) async throws -> Value? {
            do {
                return try await read()
            } catch let error as HierarchySourceError
                where continuesPastUnreadableItems && (error.code == .permissionDenied || error.code == .notFound)
            {
                unreadable.append(error)
                return nil
            }
        }
        if depth.map({ $0 > 0 }) ?? true, let count = try await reading({ try await source.childCount(ofID: root.id) })
        {
            stack.append(Level(id: root.id, count: count, next: 0, page: [], pageStart: 0, prefixDepth: 0))
        }
        let glyphs = self.glyphs
        // The glyphs of the current path (a gap below a last child, else a line) as UTF-8 bytes,
        // with where each level's glyph ends: a row's prefix is a copy of the first bytes, so
        // memory stays linear in the depth and time linear in the output.
        var prefixBytes: [UInt8] = []
        var prefixEnds: [Int] = [0]
        func prefix(_ depth: Int) -> String {
            String(decoding: prefixBytes[0..<prefixEnds[min(depth, prefixEnds.count - 1)]], as: UTF8.self)
        }
        while var level = stack.popLast() {
            guard level.next < level.count else {
                onPath.remove(level.id)
                continue
            }
            try Task.checkCancellation()
            if level.next - level.pageStart >= level.page.count {
                let upper = min(level.count, level.next + pageSize)
                level.page =
                    try await reading({ try await source.children(ofID: level.id, in: level.next..<upper) }) ?? []
                level.pageStart = level.next
                if level.page.isEmpty {
                    // The source has fewer children than it counted: stop this level.
                    onPath.remove(level.id)
                    continue
                }
            }
            let child = level.page[level.next - level.pageStart]
            level.next += 1
            let isLast = level.next >= level.count
            let isCycle = onPath.contains(child.id)
            try write(
                prefix(level.prefixDepth) + (isLast ? glyphs.last : glyphs.branch) + escape(text(of: child))
                    + (isCycle ? cycleMark : "") + "\n")
            let childLevel = stack.count + 2
            stack.append(level)
            guard !isCycle, depth.map({ childLevel <= $0 }) ?? true else { continue }
            let count =
                child.isContainer || (child.childCount ?? 0) > 0
                ? try await reading({ try await source.childCount(ofID: child.id) }) ?? 0 : 0
            if count > 0 {
                onPath.insert(child.id)
                let kept = min(level.prefixDepth, prefixEnds.count - 1)
                prefixEnds.removeSubrange((kept + 1)...)
                prefixBytes.removeSubrange(prefixEnds[kept]...)
                prefixBytes.append(contentsOf: (isLast ? glyphs.gap : glyphs.line).utf8)
                prefixEnds.append(prefixBytes.count)
                stack.append(
                    Level(
                        id: child.id, count: count, next: 0, page: [], pageStart: 0, prefixDepth: level.prefixDepth + 1)
                )
            }
        }
        return unreadable
    }

    /// The text of an item's line: its title, with ``showsValues`` its value beside it.
    private func text(of node: HierarchyNode) -> String {
        showsValues ? Self.text(title: node.title, value: node.subtitle) : node.title
    }

    /// `title: value`, the value cut after ``valueLimit`` characters (then `…`); the title
    /// alone without a value.
    ///
    /// - Complexity: O(t + ``valueLimit``) for a title of t characters, whatever the value's length.
    public static func text(title: String, value: String?) -> String {
        guard let value else { return title }
        var end = value.startIndex
        var count = 0
        while end < value.endIndex, count < valueLimit {
            value.formIndex(after: &end)
            count += 1
        }
        return end == value.endIndex ? title + ": " + value : title + ": " + value[..<end] + "…"
    }

    /// Prints a hierarchy to a text stream.
    ///
    /// - Parameters:
    ///   - source: The hierarchy.
    ///   - output: Receives the lines.
    /// - Returns: As ``print(_:to:)-(_,(String)->Void)``.
    /// - Throws: Errors of the source, `CancellationError`.
    @discardableResult
    public func print<Output: TextOutputStream>(_ source: some HierarchySource, to output: inout Output) async throws
        -> [HierarchySourceError]
    {
        var text = output
        let unreadable = try await print(source) { text.write($0) }
        output = text
        return unreadable
    }

    /// The whole tree as one string.
    ///
    /// - Parameter source: The hierarchy.
    /// - Returns: The lines, each ending with a newline.
    public func string(_ source: some HierarchySource) async throws -> String {
        var text = ""
        try await print(source) { text += $0 }
        return text
    }
}
