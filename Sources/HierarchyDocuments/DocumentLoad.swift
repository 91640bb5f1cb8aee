import Foundation
import HierarchySources
import Synchronization

/// A document shown while it is read: the first screen appears before the last byte.
///
/// A thread with a large stack reads the document through the same reader and
/// ``DocumentRecordBuilder`` as ``DocumentSource`` into one ``InMemoryTree``, which this
/// source answers from while it grows. The builder announces each container as it opens
/// (a provisional record: its fields so far), so a parent is there before its children;
/// its final record replaces it when it closes. Child counts are the counts so far.
///
/// Views learn of the growth through ``changes()``, for the items they have asked about
/// only: `.appended(parentID:count:)` when an item has more children, `.updated(id:)` when
/// an item's final record replaces its provisional one, and `.progress(_:)` with "reading
/// 12.3 MB of 25.9 MB" (at most ten times a second), then `nil` when the read is done, or
/// the error that stopped it (what was read stays browsable).
///
/// Identifiers are those of every other command, with two exceptions a view cannot tell
/// apart: an item whose `id` comes after its `children` keeps the identifier it was first
/// shown with (`#` and its number) as an alias, and an array of items keeps its synthetic
/// root (`.`) even when it holds a single item.
///
/// - Complexity: Memory as ``InMemoryTree`` (20 bytes per item plus text); above
///   ``finishInPlaceLimit`` items 4 bytes per item more for a moment at the end (the child
///   starts are made on a copy views do not see); while reading, a page of children costs O(m) for the
///   m items read between the parent and the page's last child; once read, as ``InMemorySource``.
public final class DocumentLoad: HierarchySource {
    /// How long ``open(path:name:format:shape:clock:)`` waits for a read to end before it hands out
    /// a source that is still growing.
    static let grace: Duration = .milliseconds(250)

    /// How often views are told how far the read is.
    static let reportInterval: Duration = .milliseconds(100)

    /// The most items whose growth is reported to views.
    static let watchLimit = 100_000

    /// The most items whose children are grouped in place, holding the lock (about 20 ms of
    /// CPU per million items, measured): up to it the tree never holds a second copy of its
    /// child counts; above it, views keep reading while a copy is grouped.
    static let finishInPlaceLimit = 2_000_000

    /// What a read has come to, for ``open(path:name:format:shape:clock:)``.
    public enum Opened: Sendable {
        /// The read ended within the grace period: the finished document.
        case finished(InMemorySource)
        /// The read goes on; the source grows.
        case reading(DocumentLoad)
    }

    private struct State: Sendable {
        var tree = InMemoryTree()
        var isFinished = false
        var failure: HierarchySourceError?
        var bytesRead: Int64 = 0
        /// Set when the source was handed out while reading: the read keeps a synthetic root.
        var isHandedOut = false
        /// Set when the read decides on its root; the source is no longer handed out after it.
        var isClosing = false
        /// Identifiers a view was given before the item's final identifier was read.
        var aliases: [String: Int32] = [:]
        var shownIDs: [Int32: String] = [:]
        /// Items a view asked about, with the child count it was last told.
        var watched: [Int32: Int32] = [:]
        /// Watched items whose final record arrived since the last report.
        var completed: [Int32] = []
        /// Set by the last report.
        var hasEnded = false
        /// The ticks of the reports while the read goes on; cancelled when it ends.
        var reports: Task<Void, Never>?
        /// Told after each record the reader stores and when the read ends (tests wait on it).
        var readObserver: (@Sendable () -> Void)?

        /// The identifier views know a node by.
        func id(of index: Int32) -> String {
            shownIDs[index] ?? tree.id(of: index)
        }

        func index(of id: String) -> Int32? {
            aliases[id] ?? tree.index(ofID: id)
        }

        /// A node as views see it: its shown identifier; watched for growth while reading.
        mutating func node(at index: Int32) -> HierarchyNode {
            var node = tree.node(at: index)
            node.id = id(of: index)
            if !isFinished, watched[index] == nil, watched.count < DocumentLoad.watchLimit {
                watched[index] = Int32(node.childCount ?? 0)
            }
            return node
        }
    }

    public let displayName: String
    let path: String
    let name: String
    let totalBytes: Int64?
    private let state = Mutex(State())
    private let broadcaster = ChangeBroadcaster(onFirstSubscriber: {})
    /// What ``open(path:name:format:shape:clock:)`` waits for: the root known, the read ended,
    /// the grace period over.
    private enum Event: Sendable {
        case rootKnown
        case ended
        case graceOver
    }
    private let events: AsyncStream<Event>
    private let eventSink: AsyncStream<Event>.Continuation
    private let rootSignal = OnceFlag()

    init(path: String, name: String, totalBytes: Int64?) {
        self.path = path
        self.name = name
        self.displayName = name
        self.totalBytes = totalBytes
        (events, eventSink) = AsyncStream.makeStream(of: Event.self)
    }

    // MARK: - Opening

    /// Starts reading a document file and returns when it is read or when its root is known
    /// after a short grace period (250 ms), whichever comes first. The read runs on a thread of
    /// its own; the caller awaits it without holding a thread.
    ///
    /// - Parameters:
    ///   - path: The document file (or a FIFO).
    ///   - name: Its name: the display name and a synthetic root's title.
    ///   - format: The format, or `nil` to decide by extension or by the first bytes.
    ///   - shape: Items, structure, or whichever fits.
    ///   - clock: The clock of the grace period and of the progress reports (ten a second).
    /// - Returns: The finished source, or this source still reading.
    /// - Throws: ``HierarchySourceError`` for a read that fails within the grace period, or
    ///   `.io` when the waiting task is cancelled (the read goes on to its end, unseen).
    public static func open(
        path: String, name: String, format: DocumentFormat? = nil, shape: DocumentShape = .automatic,
        clock: any Clock<Duration> = ContinuousClock()
    ) async throws(HierarchySourceError) -> Opened {
        var info = stat()
        let size: Int64? = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : nil
        let load = DocumentLoad(path: path, name: name, totalBytes: size)
        load.startReporting(on: clock)
        let grace = Task { [sink = load.eventSink] in
            if (try? await clock.sleep(for: Self.grace)) != nil { sink.yield(.graceOver) }
        }
        defer {
            grace.cancel()
            load.eventSink.finish()
        }
        LargeStackThread.start { load.read(format: format, shape: shape) }
        var events = load.events.makeAsyncIterator()
        func next() async throws(HierarchySourceError) -> Event {
            guard let event = await events.next() else {
                throw HierarchySourceError(.io, "opening the document was cancelled", path: path)
            }
            return event
        }
        var rootKnown = false
        waiting: while true {
            switch try await next() {
            case .rootKnown: rootKnown = true
            case .graceOver: break waiting
            case .ended:
                guard let done = try load.finishedSource() else {
                    throw HierarchySourceError(.io, "the document reader stopped without a result", path: path)
                }
                return .finished(done)
            }
        }
        let handedOut = load.state.withLock { state in
            guard !state.isClosing else { return false }
            state.isHandedOut = true
            return true
        }
        guard handedOut else {
            while try await next() != .ended {}
            guard let done = try load.finishedSource() else {
                throw HierarchySourceError(.io, "the document reader stopped without a result", path: path)
            }
            return .finished(done)
        }
        while !rootKnown {
            let event = try await next()
            rootKnown = event == .rootKnown || event == .ended
        }
        if let failure = load.failure, load.state.withLock({ !$0.tree.contains(0) }) { throw failure }
        return .reading(load)
    }

    /// The finished tree as an ``InMemorySource`` once the read ended and nobody was shown it growing.
    private func finishedSource() throws(HierarchySourceError) -> InMemorySource? {
        let outcome: Result<InMemoryTree, HierarchySourceError>? = state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            return state.isFinished && !state.isHandedOut ? .success(state.tree) : nil
        }
        switch outcome {
        case .success(let tree)?: return InMemorySource(tree: tree, displayName: name, dynamicChildren: nil)
        case .failure(let error)?: throw error
        case nil: return nil
        }
    }

    // MARK: - Reading (on the reader's thread)

    private func read(format: DocumentFormat?, shape: DocumentShape) {
        defer {
            let (reports, observer) = state.withLock { ($0.reports, $0.readObserver) }
            reports?.cancel()
            signalRoot()
            eventSink.yield(.ended)
            observer?()
        }
        do {
            if format == nil, URL(fileURLWithPath: path).pathExtension.lowercased() == "csv" {
                throw HierarchySourceError(
                    .unsupported, "CSV is not a document to browse; import it: hierarchy import FILE --into DB",
                    path: path)
            }
            let events = try DocumentSource.events(path: path, format: format)
            let shape = events.shape(shape)
            var reader = events.first
            do {
                try read(&reader, shape: shape)
            } catch let error as DocumentReadError where error.kind == .shape && shape == .automatic {
                guard var again = try events.makeReader() else {
                    throw HierarchySourceError(error, path: path, format: events.format)
                }
                restart()
                do {
                    try read(&again, shape: .structure)
                } catch {
                    throw HierarchySourceError.mapping(error, path: path, format: events.format)
                }
            } catch {
                throw HierarchySourceError.mapping(error, path: path, format: events.format)
            }
            report(ending: true)
        } catch {
            let failure = HierarchySourceError.mapping(error, path: path, format: .json)
            state.withLock { $0.failure = failure }
            report(ending: true)
        }
        broadcaster.finish()
    }

    /// Reads one shape into the tree, reporting growth as it goes, then finishes the tree.
    private func read<Source: DocumentEventSource>(_ reader: inout Source, shape: DocumentShape) throws {
        let outcome = try DocumentReading.read(
            &reader, shape: shape, name: name,
            opened: { record, bytes in
                let observer = try state.withLock { (state: inout State) throws(HierarchySourceError) in
                    try state.tree.place(record, sharesTitle: shape == .structure)
                    state.bytesRead = bytes
                    return state.readObserver
                }
                if record.key == 0 { signalRoot() }
                observer?()
            },
            sink: { record, bytes in
                let observer = try state.withLock { (state: inout State) throws(HierarchySourceError) in
                    let key = Int32(record.key)
                    if state.tree.contains(key) {
                        // The final record of an item shown provisionally.
                        let shown = state.shownIDs[key] ?? state.tree.id(of: key)
                        if shown != record.id, state.aliases[shown] == nil {
                            state.aliases[shown] = key
                            state.shownIDs[key] = shown
                        }
                        if state.watched[key] != nil { state.completed.append(key) }
                    }
                    try state.tree.place(record, sharesTitle: shape == .structure)
                    state.bytesRead = bytes
                    return state.readObserver
                }
                if record.key == 0 { signalRoot() }
                observer?()
            })
        // Decide the root, then group the children: a tree of up to `finishInPlaceLimit` items in
        // place under the lock (views wait a few milliseconds), a larger one on a copy of its child
        // counts outside the lock (views read meanwhile; 4 bytes per item more for a moment).
        let tree = try state.withLock { (state: inout State) throws(HierarchySourceError) -> InMemoryTree? in
            state.isClosing = true
            try state.tree.close(outcome, name: name, keepsWrapper: state.isHandedOut)
            guard state.tree.count <= Self.finishInPlaceLimit else { return state.tree }
            try state.tree.finish()
            state.isFinished = true
            if state.watched.keys.contains(0) { state.completed.append(0) }
            return nil
        }
        guard var tree else { return }
        try tree.finish()
        state.withLock { state in
            state.tree = tree
            state.isFinished = true
            if state.watched.keys.contains(0) { state.completed.append(0) }
        }
    }

    /// Drops what an items read stored before it found the document is no items document.
    private func restart() {
        state.withLock { state in
            let rootID = state.tree.contains(0) ? (state.shownIDs[0] ?? state.tree.id(of: 0)) : nil
            state.tree = InMemoryTree()
            state.watched = [:]
            state.completed = []
            state.aliases = [:]
            state.shownIDs = [:]
            if let rootID, rootID != ItemRecord.generatedID(key: 0) {
                state.aliases[rootID] = 0
                state.shownIDs[0] = rootID
            }
        }
        broadcaster.publish(.reset)
    }

    private func signalRoot() {
        if rootSignal.claim() { eventSink.yield(.rootKnown) }
    }

    /// Reports every tick (``reportInterval`` on `clock`) while the read goes on, whether records
    /// come or the input stalls; the read's end cancels the ticks.
    private func startReporting(on clock: any Clock<Duration>) {
        let reports = Task { [self] in
            while (try? await clock.sleep(for: Self.reportInterval)) != nil { report(ending: false) }
        }
        state.withLock { $0.reports = reports }
    }

    /// Tells views what grew since the last report and how far the read is; at the end, that
    /// it is done (`.progress(nil)`) or why it stopped. Published under the lock, so no late
    /// tick can follow the end.
    private func report(ending: Bool) {
        state.withLock { state in
            guard !state.hasEnded else { return }
            if ending { state.hasEnded = true }
            var changes: [HierarchySourceChange] = []
            var counts: [(Int32, Int32)] = []
            for (index, told) in state.watched {
                let now = Int32(state.tree.childCount(of: index))
                if now != told { counts.append((index, now)) }
            }
            for (index, now) in counts {
                state.watched[index] = now
                changes.append(.appended(parentID: state.id(of: index), count: Int(now)))
            }
            for index in state.completed { changes.append(.updated(id: state.id(of: index))) }
            state.completed.removeAll()
            if !ending {
                changes.append(.progress(Self.progressText(bytes: state.bytesRead, of: totalBytes)))
            } else if let failure = state.failure {
                changes.append(.progress("⚠ \(failure.description)"))
            } else {
                changes.append(.progress(nil))
            }
            for change in changes { broadcaster.publish(change) }
        }
    }

    /// "reading 12.3 MB of 25.9 MB" (or without the total for a FIFO).
    static func progressText(bytes: Int64, of total: Int64?) -> String {
        func megabytes(_ count: Int64) -> String {
            let tenths = (count + 50_000) / 100_000
            return "\(tenths / 10).\(tenths % 10) MB"
        }
        guard let total else { return "reading \(megabytes(bytes))" }
        return "reading \(megabytes(bytes)) of \(megabytes(total))"
    }

    // MARK: - Lookups

    /// Calls `observer` after each record the reader stores and once when the read ends
    /// (`nil` stops it): tests wait on the read's progress with it instead of polling.
    func observeRead(_ observer: (@Sendable () -> Void)?) {
        state.withLock { $0.readObserver = observer }
    }

    /// Whether the read has ended (finished or stopped by an error).
    public var isReading: Bool { state.withLock { !$0.isFinished && $0.failure == nil } }

    /// The error that stopped the read, if any.
    public var failure: HierarchySourceError? { state.withLock { $0.failure } }

    // MARK: - HierarchySource

    public func root() async throws -> HierarchyNode? {
        state.withLock { state in
            let index = state.tree.rootIndex ?? (state.tree.contains(0) ? 0 : nil)
            return index.map { state.node(at: $0) }
        }
    }

    public func node(withID id: String) async throws -> HierarchyNode? {
        state.withLock { state in
            state.index(of: id).map { state.node(at: $0) }
        }
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        state.withLock { state in
            guard let index = state.index(of: id), let parent = state.tree.parent(of: index),
                state.tree.contains(parent)
            else { return nil }
            return state.node(at: parent)
        }
    }

    public func childCount(ofID id: String) async throws -> Int {
        try state.withLock { (state: inout State) throws(HierarchySourceError) -> Int in
            guard let index = state.index(of: id) else {
                throw HierarchySourceError(.notFound, "no item with id \"\(id)\"")
            }
            let count = state.tree.childCount(of: index)
            if !state.isFinished, state.watched.count < Self.watchLimit || state.watched[index] != nil {
                state.watched[index] = Int32(count)
            }
            return count
        }
    }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try state.withLock { (state: inout State) throws(HierarchySourceError) -> [HierarchyNode] in
            guard let index = state.index(of: id) else {
                throw HierarchySourceError(.notFound, "no item with id \"\(id)\"")
            }
            let indexes =
                state.tree.isFinished
                ? Array(state.tree.children(of: index, in: range))
                : state.tree.partialChildren(of: index, in: range)
            var nodes: [HierarchyNode] = []
            nodes.reserveCapacity(indexes.count)
            for child in indexes { nodes.append(state.node(at: child)) }
            return nodes
        }
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        state.withLock { state in
            guard let child = state.index(of: childID), let parent = state.index(of: parentID),
                state.tree.parent(of: child) == parent
            else { return nil }
            return state.tree.isFinished ? state.tree.position(of: child) : state.tree.partialPosition(of: child)
        }
    }

    /// Type-select over every child, the titles compared where the tree keeps them: once the
    /// read is done, outside the lock (the finished tree no longer changes; the copy shares
    /// its storage); while reading, in one pass over what was read, under the lock (the
    /// reader waits meanwhile).
    ///
    /// - Complexity: O(n) titles for n children at worst (while reading, O(m) for the m
    ///   items read after the parent).
    public func indexOfChild(ofID parentID: String, titlePrefix prefix: String, from start: Int) async throws -> Int? {
        enum Plan {
            case finished(InMemoryTree, Int32)
            case answered(Int?)
        }
        let plan = try state.withLock { (state: inout State) throws -> Plan in
            guard let parent = state.index(of: parentID) else {
                throw HierarchySourceError(.notFound, "no item with id \"\(parentID)\"")
            }
            if state.tree.isFinished { return .finished(state.tree, parent) }
            return .answered(try state.tree.partialIndexOfChild(of: parent, titlePrefix: prefix, from: start))
        }
        switch plan {
        case .finished(let tree, let parent): return try tree.indexOfChild(of: parent, titlePrefix: prefix, from: start)
        case .answered(let index): return index
        }
    }

    /// Items whose title, subtitle or footnote contains the query, ignoring case and diacritics,
    /// in document order: while the document is read, the results found so far keep their
    /// places and later ones come after them, so a search can follow the read (see
    /// ``HierarchyListQuery/searchBatches(_:in:)``). While reading, the scan runs under the lock
    /// (the reader waits meanwhile); once read, outside it.
    ///
    /// - Complexity: O(n) items' text for the n items read.
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        let matcher = NameMatcher(query)
        guard !matcher.isEmpty, !range.isEmpty else { return [] }
        let skip = max(0, range.lowerBound)
        let limit = range.upperBound - skip
        enum Plan {
            case finished(InMemoryTree, [Int32: String])
            case answered([HierarchyNode])
        }
        let plan = try state.withLock { (state: inout State) throws -> Plan in
            if state.isFinished { return .finished(state.tree, state.shownIDs) }
            let found = try state.tree.indexes(matching: matcher, skipping: skip, limit: limit).found
            return .answered(found.map { state.node(at: $0) })
        }
        switch plan {
        case .answered(let nodes):
            return nodes
        case .finished(let tree, let shownIDs):
            return try tree.indexes(matching: matcher, skipping: skip, limit: limit).found.map { index in
                var node = tree.node(at: index)
                node.id = shownIDs[index] ?? node.id
                return node
            }
        }
    }

    /// The items read from the item numbered `start` on (in document order) whose title,
    /// subtitle or footnote contains the query, at most `limit`, with the number where the next
    /// look goes on: a search that follows the read looks only at what was read since its last look.
    ///
    /// - Complexity: O(m) items' text for the m items from `start`, under the lock.
    public func search(_ query: String, from start: Int, limit: Int) throws -> (nodes: [HierarchyNode], next: Int) {
        let matcher = NameMatcher(query)
        guard !matcher.isEmpty, limit > 0 else { return ([], start) }
        return try state.withLock { (state: inout State) throws -> ([HierarchyNode], Int) in
            let (found, next) = try state.tree.indexes(matching: matcher, from: start, limit: limit)
            return (found.map { state.node(at: $0) }, next)
        }
    }

    /// The growth from now on, starting with how far the read is.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        let stream = broadcaster.subscribe()
        state.withLock { state in
            guard !state.hasEnded else { return }
            broadcaster.publish(.progress(Self.progressText(bytes: state.bytesRead, of: totalBytes)))
        }
        return stream
    }
}

extension DocumentLoad {
    /// Whether the document is read as its structure; known once its root is read.
    public var isDocumentStructure: Bool {
        state.withLock { $0.tree.contains(0) && $0.tree.valueKind(of: 0) != nil }
    }

    /// Where an item of a document read as its structure sits in the document (see
    /// ``InMemorySource/documentPath(ofID:)``); known as soon as the item is read.
    public func documentPath(ofID id: String) -> DocumentPath? {
        state.withLock { state in state.index(of: id).flatMap { state.tree.documentPath(of: $0) } }
    }

    /// An item of a document read as its structure as compact JSON (see
    /// ``InMemorySource/documentJSON(ofID:limit:)``); `nil` until the read has ended.
    public func documentJSON(ofID id: String, limit: Int) throws(DocumentJSONTooLarge) -> String? {
        try state.withLock { (state: inout State) throws(DocumentJSONTooLarge) -> String? in
            guard state.isFinished, let index = state.index(of: id) else { return nil }
            return try state.tree.documentJSON(of: index, limit: limit)
        }
    }
}
