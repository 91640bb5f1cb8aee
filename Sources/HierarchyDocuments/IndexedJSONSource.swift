import Foundation
import HierarchySources
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON document file browsed where it lies: a ``HierarchySource`` over a
/// ``JSONByteIndex``, never a tree in memory.
///
/// Items are the same as ``DocumentSource`` shows (the field mapping is
/// ``DocumentRecordBuilder``'s), decoded only for the rows asked for; a container's child
/// count is found by scanning its bytes once. Identifiers differ: an item without an `id`
/// field is named by its JSON Pointer (RFC 6901, `/children/3/children/0`, or `/a/b/3` in a
/// structure read), not by its number in document order; the root keeps its identifier
/// (`#0`, `.` for a synthetic root, or its `id`). `#N` still names the item numbered N in
/// document order, found by a scan, and so does the empty pointer the root.
///
/// The shape is decided as ``DocumentSource`` decides it: a document read as items (asked for,
/// or automatically) is read once through the strict reader and the record builder, which stop
/// at the first place the items reading does not fit; a document read as its structure needs
/// no such read and opens at once. A background pass then reads the rest of the file with the
/// strict reader (RFC 8259); its error, if any, is ``validationError``.
///
/// Memory is flat in the file's size: the block cache, a few checkpoints per large container
/// scanned, and the identifiers of the items handed out.
public final class IndexedJSONSource: HierarchySource {
    public let displayName: String
    let index: JSONByteIndex
    let path: String
    let top: JSONMember?
    private let mode: Mutex<Mode>
    private let located = Mutex<[String: Place]>([:])
    private let validation = Mutex(Validation())
    private let broadcaster = ChangeBroadcaster(onFirstSubscriber: {})

    /// Where an item lies: its value and its pointer, or the synthetic root.
    struct Place: Sendable {
        var member: JSONMember?
        var pointer: String
        /// The item's title when it is an array's element or an object's member of a structure read.
        var title: String?
    }

    /// A document whose top is a wrapper of items (an array of items, or `{"root": [...]}`):
    /// the arrays holding them.
    struct Wrapper: Sendable {
        var arrays: [(member: JSONMember, pointer: String)]
    }

    /// How the document is read: decided at open from its first 256 KiB when it is larger, and
    /// changed once to `.structure` when the background pass finds the rest is no items
    /// document (views are told to start again).
    private struct Mode: Sendable {
        var shape: DocumentShape
        var wrapper: Wrapper?
    }

    /// `.items` or `.structure`.
    public var shape: DocumentShape { mode.withLock { $0.shape } }

    var wrapper: Wrapper? { mode.withLock { $0.wrapper } }

    private struct Validation {
        var finished = false
        var error: HierarchySourceError?
        var bytes: Int64 = 0
        var seconds: Double = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var lastReport = ContinuousClock.now
        /// The containers counted in the background.
        var counting: Set<Int64> = []
        /// Set when the changes have ended: the pass and every count are done.
        var closed = false
    }

    /// A row's child count is shown at once when its container's scan ends within 256 KiB;
    /// a larger one is counted when asked for (``childCount(ofID:)``).
    static let countBudget: Int64 = 256 << 10
    /// The most bytes of a container read for its preview.
    static let previewBytes: Int64 = 16 << 10

    /// The identifier of a synthetic root.
    static let syntheticRootID = InMemorySource.syntheticRootID
    /// The identifier of the root when it has no `id`.
    static let rootID = ItemRecord.generatedID(key: 0)

    /// Opens a JSON document file.
    ///
    /// - Parameters:
    ///   - path: A regular file holding JSON.
    ///   - name: The name shown for the document; its file name by default.
    ///   - shape: Items, structure, or whichever fits (see ``DocumentRecordBuilder``).
    ///   - validates: Start the background pass that validates the whole file (and, read as
    ///     items, looks for repeated ids and a rest that is no items document); without it,
    ///     ``checkSyntax()`` checks the file when asked.
    ///   - validatesAtOpen: The size up to which the file is validated before this returns
    ///     instead (its error thrown), with or without `validates`; none by default.
    /// - Throws: ``HierarchySourceError``: `.notFound`, `.permissionDenied`, `.io`, `.malformed`
    ///   (the document is no JSON, or no items document when items were asked for),
    ///   `.duplicateID`.
    public init(
        path: String, name: String? = nil, shape: DocumentShape = .automatic, validates: Bool = true,
        validatesAtOpen: Int64 = -1
    ) throws {
        let file = try JSONByteFile(path: path)
        self.path = path
        displayName = name ?? URL(fileURLWithPath: path).lastPathComponent
        let readsLines = try Self.isJSONLines(file)
        index = JSONByteIndex(file: file, readsLines: readsLines)
        var resolved = readsLines && shape == .automatic ? .structure : shape
        var checked = false
        if resolved != .structure {
            // The first bytes decide (the whole file when it is small); the rest is checked in the background.
            let budget = file.size <= max(validatesAtOpen, Self.itemsCheckAtOpen) ? nil : Self.itemsCheckAtOpen
            let strict = shape == .automatic
            let name = displayName
            switch try Self.checkItemsAtOpen(path: path, name: name, strict: strict, budget: budget, index: index) {
            case .items(let whole):
                resolved = .items
                checked = whole
            case .structure: resolved = .structure
            }
        }
        do {
            top = try index.top()
        } catch {
            throw HierarchySourceError(error, path: path, format: .json)
        }
        guard top != nil else {
            throw HierarchySourceError(
                .malformed, "invalid JSON: the document is empty", path: path, line: 1, column: 1)
        }
        let wrapper = resolved == .items ? try Self.wrapper(index, top: top!, path: path) : nil
        mode = Mutex(Mode(shape: resolved, wrapper: wrapper))
        if checked && resolved == .items {
            validation.withLock {
                $0.finished = true
                $0.closed = true
            }
            broadcaster.finish()
        } else if resolved == .items {
            if validates {
                startPass(
                    items: JSONItemsCheck(
                        strict: shape == .automatic, idLimit: Self.backgroundIDLimit, readsLines: readsLines))
            }
        } else if file.size <= validatesAtOpen {
            let outcome = Self.validate(path: path, index: index)
            if let failure = outcome.failure { throw failure }
            finishValidation(outcome)
        } else if validates {
            startValidation()
        }
    }

    /// The explicit ids the background pass keeps to find repeats: the first 262,144 (about
    /// 10 MB), so that memory stays flat; every later id is looked for among them, but a repeat
    /// of a later id is not reported (the first item with that id is the one found by it).
    static let backgroundIDLimit = 1 << 18

    /// The bytes of a larger file read as items before it opens, to decide its shape (256 KiB).
    static let itemsCheckAtOpen: Int64 = 256 << 10

    /// The size up to which the commands validate a file before it opens (a few milliseconds):
    /// its error is then the command's, as when the document is read whole (4 MiB).
    public static let validationAtOpenLimit: Int64 = 4 << 20

    /// Whether an identifier names an item: one handed out, the root, a pointer, `#N`, or an
    /// `id` found by a scan.
    public func contains(id: String) throws -> Bool {
        try place(ofID: id) != nil
    }

    // MARK: - Validation

    /// The error the background pass found, `nil` while it runs or when the file is valid.
    public var validationError: HierarchySourceError? { validation.withLock { $0.error } }

    /// Whether the background pass has ended.
    public var isValidated: Bool { validation.withLock { $0.finished } }

    /// The background pass's rate so far, in bytes per second (0 before it ended).
    public var validationRate: Double {
        validation.withLock { $0.seconds > 0 ? Double($0.bytes) / $0.seconds : 0 }
    }

    /// Waits for the background pass and throws its error.
    public func waitForValidation() async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = validation.withLock { state in
                if !state.finished { state.waiting.append(continuation) }
                return state.finished
            }
            if finished { continuation.resume() }
        }
        if let error = validationError { throw error }
    }

    /// Checks the whole file as RFC 8259 (each line of JSON Lines) with the validator, on a
    /// thread of its own, and throws its error (`file:line:column`); the background pass's
    /// outcome instead once it has ended. Unlike that pass, it does not read the document as
    /// items: it finds no repeated ids, and a document read as items from its first 256 KiB
    /// stays so.
    ///
    /// - Complexity: O(n) for a file of n bytes, at the validator's speed (about 450 MB/s).
    public func checkSyntax() async throws {
        if isValidated {
            if let error = validationError { throw error }
            return
        }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            LargeStackThread.start { continuation.resume(returning: Self.validate(path: self.path, index: self.index)) }
        }
        if let failure = outcome.failure { throw failure }
    }

    private func startValidation() { startPass(items: nil) }

    /// The background pass, on a thread of its own: the validator over the whole file, and,
    /// read as items, the items reading checked on the same pass (``JSONItemsCheck``: repeated
    /// ids, a rest that is no items document). A document read automatically that turns out to
    /// be no items document is read as its structure from then on (views start again); a
    /// finding that needs the builder's message (a misfit read as items, an id too long to
    /// keep) is read again through the strict reader and the builder. The pass ends when the
    /// source is gone.
    private func startPass(items: JSONItemsCheck?) {
        let (path, name, index) = (self.path, displayName, self.index)
        LargeStackThread.start { [weak self] in
            let outcome = Self.validate(path: path, index: index, items: items) { [weak self] bytes in
                guard let self else { return false }
                self.report(checked: bytes)
                return true
            }
            guard let finding = outcome.finding, let items else {
                self?.finishValidation(outcome)
                return
            }
            switch finding {
            case .misfit where items.isStrict:
                guard let self else { return }
                self.mode.withLock { $0 = Mode(shape: .structure, wrapper: nil) }
                self.located.withLock { $0.removeAll() }
                self.broadcaster.publish(.reset)
                self.finishValidation(outcome)
            case .repeatedID(let id, let offset):
                let failure = HierarchySourceError.duplicateID(id, line: try? index.position(of: offset).0, path: path)
                self?.finishValidation(Outcome(failure: failure, bytes: outcome.bytes, seconds: outcome.seconds))
            case .misfit, .unknown:
                let failure: HierarchySourceError?
                do throws(HierarchySourceError) {
                    _ = try Self.checkItems(
                        path: path, name: name, strict: items.isStrict, budget: nil, idLimit: Self.backgroundIDLimit,
                        progress: { [weak self] _ in self != nil })
                    failure = nil
                } catch {
                    failure = error
                }
                self?.finishValidation(Outcome(failure: failure, bytes: outcome.bytes, seconds: outcome.seconds))
            }
        }
    }

    /// What the validation pass found.
    private struct Outcome {
        var failure: HierarchySourceError?
        var bytes: Int64
        var seconds: Double
        /// What the items check found.
        var finding: JSONItemsCheck.Finding?
        /// Whether the validator read to the end of the file (or to its error), not stopped before.
        var isComplete = true
    }

    /// Validates the whole file as RFC 8259 (or each line of JSON Lines), on this thread, and
    /// checks the items reading on the same pass when `items` is given.
    ///
    /// - Parameters:
    ///   - capacity: The validator's buffer, and so the most it reads before `progress` is asked.
    ///   - progress: Told the bytes read at each refill; the pass stops when it returns false.
    private static func validate(
        path: String, index: JSONByteIndex, items: JSONItemsCheck? = nil, capacity: Int = 1 << 20,
        progress: ((Int64) -> Bool)? = nil
    ) -> Outcome {
        let started = ContinuousClock.now
        var failure: HierarchySourceError?
        var finding: JSONItemsCheck.Finding?
        var isComplete = true
        var bytes: Int64 = 0
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            failure = HierarchySourceError(.io, String(cString: strerror(errno)), path: path)
        } else {
            var validator = JSONValidator(descriptor: descriptor, capacity: capacity)
            validator.readsLines = index.readsLines
            validator.progress = progress
            validator.items = items
            let outcome = validator.validate()
            bytes = validator.bytesRead
            finding = validator.items?.finding
            if case .stopped = outcome { isComplete = false }
            if validator.readError != 0 {
                failure = HierarchySourceError(
                    .io, "cannot read the file: \(String(cString: strerror(validator.readError)))", path: path)
            } else if case .invalid = outcome {
                failure = index.readsLines ? lineError(at: validator.bytesRead, index: index) : readerError(path: path)
            }
            validator.close()
            _ = close(descriptor)
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Outcome(failure: failure, bytes: bytes, seconds: seconds, finding: finding, isComplete: isComplete)
    }

    private func finishValidation(_ outcome: Outcome) {
        let waiting = validation.withLock { state in
            state.finished = true
            state.error = outcome.failure
            state.bytes = outcome.bytes
            state.seconds = outcome.seconds
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
        broadcaster.publish(.progress(outcome.failure.map { "⚠ \($0.description)" }))
        let closes = validation.withLock { state in
            guard state.counting.isEmpty, !state.closed else { return false }
            state.closed = true
            return true
        }
        if closes { broadcaster.finish() }
    }

    /// "checking 12.3 MB of 25.9 MB", at most ten times a second.
    private func report(checked bytes: Int64) {
        let due = validation.withLock { state in
            let now = ContinuousClock.now
            guard now - state.lastReport >= .milliseconds(100) else { return false }
            state.lastReport = now
            state.bytes = bytes
            return true
        }
        if due { broadcaster.publish(.progress(progressText(bytes))) }
    }

    private func progressText(_ bytes: Int64) -> String {
        DocumentLoad.progressText(bytes: bytes, of: index.file.size).replacingOccurrences(
            of: "reading", with: "checking")
    }

    /// The background pass from now on: how far it is ("checking 12.3 MB of 25.9 MB"), then
    /// `nil` when the file is valid or the error it found ("⚠ path:line:column: message"),
    /// which leaves what was shown browsable.
    public func changes() -> AsyncStream<HierarchySourceChange> {
        let stream = broadcaster.subscribe()
        let (finished, bytes, error) = validation.withLock { ($0.finished, $0.bytes, $0.error) }
        if !finished {
            broadcaster.publish(.progress(progressText(bytes)))
            return stream
        }
        guard let error else { return stream }
        return AsyncStream { continuation in
            continuation.yield(.progress("⚠ \(error.description)"))
            continuation.finish()
        }
    }

    /// Whether a file is JSON Lines (see ``JSONLines``), judged by its name or its first MiB.
    static func isJSONLines(_ file: JSONByteFile) throws(HierarchySourceError) -> Bool {
        if JSONLines.hasLinesExtension(file.path) { return true }
        do { return JSONLines.startsAsLines(try file.read(at: 0, count: 1 << 20)) } catch {
            throw HierarchySourceError(error, path: file.path, format: .json)
        }
    }

    /// The strict reader's error for a JSON Lines file the validator refused at `offset`: the
    /// reader reads from the start of the line before that place (the validator stops at or
    /// just past the byte it refused), and its line and column are the file's.
    private static func lineError(at offset: Int64, index: JSONByteIndex) -> HierarchySourceError {
        let place = max(0, min(offset, index.file.size) - 1)
        do {
            var start = place
            while start > 0 {
                let from = max(0, start - 4096)
                let before = try index.file.read(at: from, count: Int(start - from))
                if let newline = before.lastIndex(of: 0x0A) {
                    start = from + Int64(newline) + 1
                    break
                }
                start = from
            }
            let bytes = try index.file.read(at: start, count: Int(min(index.file.size, place + 4096) - start))
            let (line, _) = try index.position(of: start)
            var reader = JSONEventReader(input: ByteInput(bytes: bytes), readsLines: true)
            do {
                while try reader.next() != nil {}
            } catch  where error.kind == .malformed || error.kind == .limit {
                var mapped = HierarchySourceError(error, path: index.file.path, format: .json)
                mapped.line = error.line.map { $0 + line - 1 }
                return mapped
            }
            return HierarchySourceError(
                .malformed, "invalid JSON: a line is not one JSON value", path: index.file.path, line: line, column: 1)
        } catch {
            return HierarchySourceError(error, path: index.file.path, format: .json)
        }
    }

    /// The strict reader's error for a file the validator refused: its message and place.
    private static func readerError(path: String) -> HierarchySourceError? {
        do {
            var reader = JSONEventReader(input: try DocumentSource.openInput(path))
            do throws(DocumentReadError) {
                while try reader.next() != nil {}
                return nil
            } catch {
                return HierarchySourceError(error, path: path, format: .json)
            }
        } catch {
            return error
        }
    }

    enum CheckedShape: Equatable {
        /// An items document, or (`whole` false) one so far.
        case items(whole: Bool)
        case structure
    }

    /// Stops a read at its budget.
    private struct BudgetReached: Error {}

    /// ``checkItems(path:name:strict:budget:idLimit:progress:)``'s answer from the validator's
    /// pass with the items check, which reads the first part of a file about ten times as fast;
    /// the builder is read only for an error's message (a finding other than a misfit read
    /// automatically, or no valid JSON) and gives the same answer.
    private static func checkItemsAtOpen(
        path: String, name: String, strict: Bool, budget: Int64?, index: JSONByteIndex
    ) throws(HierarchySourceError) -> CheckedShape {
        let outcome = validate(
            path: path, index: index, items: JSONItemsCheck(strict: strict, readsLines: index.readsLines),
            capacity: budget.map { Int($0) } ?? 1 << 20, progress: budget.map { budget in { $0 < budget } })
        switch outcome.finding {
        case .misfit? where strict: return .structure
        case nil where outcome.failure == nil: return .items(whole: outcome.isComplete)
        default: return try checkItems(path: path, name: name, strict: strict, budget: budget)
        }
    }

    /// Reads the document as items through the strict reader and the builder: `.items` when it
    /// is an items document, `.structure` when read automatically and it is not.
    ///
    /// - Parameters:
    ///   - budget: Stop after this many bytes (`.items(whole: false)` when all was well up to
    ///     there).
    ///   - idLimit: Keep this many explicit ids, the first ones, to find repeats of (all by
    ///     default).
    ///   - progress: Told the bytes read with each record; the read stops when it returns false
    ///     (the source is gone).
    static func checkItems(
        path: String, name: String, strict: Bool, budget: Int64?, idLimit: Int = .max,
        progress: ((Int64) -> Bool)? = nil
    ) throws(HierarchySourceError) -> CheckedShape {
        let events = try DocumentSource.events(path: path, format: .json)
        var reader = events.first
        var ids: Set<String> = []
        do {
            _ = try DocumentReading.read(&reader, shape: strict ? .automatic : .items, name: name) { record, bytes in
                if let budget, bytes > budget { throw BudgetReached() }
                if let progress, !progress(bytes) { throw BudgetReached() }
                guard record.id != ItemRecord.generatedID(key: record.key) else { return }
                let repeated = ids.count < idLimit ? !ids.insert(record.id).inserted : ids.contains(record.id)
                guard !repeated else {
                    throw HierarchySourceError.duplicateID(record.id, line: record.line, path: path)
                }
            }
            return .items(whole: true)
        } catch is BudgetReached {
            return .items(whole: false)
        } catch let error as DocumentReadError where error.kind == .shape && strict {
            return .structure
        } catch {
            throw HierarchySourceError.mapping(error, path: path, format: .json)
        }
    }

    /// The wrapper of an items document, `nil` when its top is an item.
    private static func wrapper(_ index: JSONByteIndex, top: JSONMember, path: String) throws -> Wrapper? {
        do {
            if top.first == UInt8(ascii: "[") { return Wrapper(arrays: [(top, "")]) }
            var arrays: [(JSONMember, String)] = []
            var isItem = false
            var seen: Set<String> = []
            try index.forEachMember(of: top, from: 0) { (position, member) throws(DocumentReadError) -> Bool in
                let key = try index.key(of: member)
                if key == "root" || key == "children", member.first == UInt8(ascii: "[") {
                    let token = seen.insert(key).inserted ? key : Self.repeatedKeyMark + String(position)
                    arrays.append((member, "/" + token))
                } else if let scalar = try index.scalar(member), scalar != .null {
                    isItem = true
                    return false
                }
                return true
            }
            return isItem ? nil : Wrapper(arrays: arrays)
        } catch {
            throw HierarchySourceError(error, path: path, format: .json)
        }
    }

    // MARK: - HierarchySource

    public func root() async throws -> HierarchyNode? {
        guard let place = try rootPlace() else { return nil }
        return try node(at: place)
    }

    public func node(withID id: String) async throws -> HierarchyNode? {
        guard let place = try self.place(ofID: id) else { return nil }
        return try node(at: place)
    }

    public func parent(ofID id: String) async throws -> HierarchyNode? {
        guard let place = try self.place(ofID: id), let parent = try parentPlace(of: place) else { return nil }
        return try node(at: parent)
    }

    public func childCount(ofID id: String) async throws -> Int {
        guard let place = try self.place(ofID: id) else { return 0 }
        return try childCount(of: place)
    }

    public func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard let place = try self.place(ofID: id) else { return [] }
        let places = try childPlaces(of: place, in: range)
        var nodes: [HierarchyNode] = []
        nodes.reserveCapacity(places.count)
        for child in places {
            try Task.checkCancellation()
            nodes.append(try node(at: child))
        }
        return nodes
    }

    public func index(ofChildID childID: String, inParentID parentID: String) async throws -> Int? {
        guard let place = try self.place(ofID: childID), let parent = try parentPlace(of: place),
            try nodeID(of: parent) == parentID
        else { return nil }
        return Self.lastIndex(of: place.pointer)
    }

    // MARK: - Places

    func mapping<Value>(_ body: () throws(DocumentReadError) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw HierarchySourceError(error, path: path, format: .json)
        }
    }

    func rootPlace() throws -> Place? {
        guard let top else { return nil }
        guard wrapper != nil else { return Place(member: top, pointer: "") }
        // No item, one (the root), or several under a root of their own: two are looked for.
        let first = try childPlaces(of: Place(member: nil, pointer: ""), in: 0..<2)
        return first.count == 1 ? first[0] : first.isEmpty ? nil : Place(member: nil, pointer: "")
    }

    /// The item with an identifier: one handed out, the root, a pointer, `#N`, or an `id`
    /// found by a scan.
    func place(ofID id: String) throws -> Place? {
        if let known = located.withLock({ $0[id] }) { return known }
        let root = try rootPlace()
        if let root, id == (try nodeID(of: root)) || id.isEmpty { return root }
        var found: Place?
        if id.hasPrefix("/") {
            found = try resolve(pointer: id)
        } else if id.hasPrefix("#"), let number = Int(id.dropFirst()), number >= 0 {
            found = try place(numbered: number)
        }
        // An `id` is looked for by a scan, unless it has the form of the pointers this source makes.
        if found == nil, shape == .items, !Self.hasItemPointerForm(id) { found = try scanForID(id) }
        if let found, try nodeID(of: found) == id || id.hasPrefix("#") {
            remember(id, found)
            return found
        }
        return nil
    }

    private func remember(_ id: String, _ place: Place) {
        located.withLock { located in
            if located.count >= 1 << 18 { located.removeAll(keepingCapacity: true) }
            located[id] = place
        }
    }

    /// The value a JSON Pointer names, as an item of this source; `nil` when it names none.
    private func resolve(pointer: String) throws -> Place? {
        guard let top else { return nil }
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var member = top
        var title: String?
        // Items: keys of `children` arrays (`root` at the top) and indexes alternate, from the
        // top item, or from the wrapper (an array's index first); each index reaches an item.
        let items = shape == .items
        var expectsKey = !(wrapper != nil && top.first == UInt8(ascii: "["))
        var depth = 0
        for raw in tokens {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if items {
                if expectsKey {
                    guard member.isObject,
                        token == "children" || (token == "root" && depth == 0)
                            || raw.hasPrefix(Self.repeatedKeyMark)
                    else { return nil }
                } else {
                    guard member.first == UInt8(ascii: "[") else { return nil }
                }
                expectsKey.toggle()
                depth += 1
            }
            if member.isObject, raw.hasPrefix(Self.repeatedKeyMark), let number = Int(raw.dropFirst(2)) {
                guard
                    let found = try mapping({ () throws(DocumentReadError) in try index.member(of: member, at: number) }
                    )
                else { return nil }
                member = found
                let key = try mapping { () throws(DocumentReadError) in try index.key(of: found) }
                if shape == .items, key != "children", key != "root" { return nil }
                title = key
            } else if member.isObject {
                guard
                    let found = try mapping({ () throws(DocumentReadError) in try index.member(of: member, key: token) }
                    )
                else { return nil }
                member = found.member
                title = token
            } else if member.first == UInt8(ascii: "["), let number = Int(token), number >= 0,
                String(number) == token
            {
                guard
                    let found = try mapping({ () throws(DocumentReadError) in try index.member(of: member, at: number) }
                    )
                else { return nil }
                member = found
                title = "[\(number)]"
            } else {
                return nil
            }
            if items, expectsKey, !member.isObject, depth < tokens.count { return nil }
        }
        let place = Place(member: member, pointer: pointer, title: title)
        guard items else { return place }
        // An item's pointer ends in the index of an element of a `children` (or a wrapper) array.
        guard expectsKey, !tokens.isEmpty || wrapper == nil else { return nil }
        return isItemValue(member) ? place : nil
    }

    private func isItemValue(_ member: JSONMember) -> Bool {
        switch member.first {
        case UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    /// The pointer of an item's parent; `""` for the top, `nil` for the top itself.
    static func parentPointer(of pointer: String, items: Bool, wrapper: Bool) -> String? {
        guard let slash = pointer.lastIndex(of: "/") else { return nil }
        let container = String(pointer[..<slash])
        guard items else { return container }
        if container.isEmpty { return wrapper ? "" : nil }
        guard let second = container.lastIndex(of: "/") else { return nil }
        let key = container[container.index(after: second)...]
        let parent = String(container[..<second])
        guard key == "children" || (key == "root" && parent.isEmpty) || key.hasPrefix(repeatedKeyMark) else {
            return nil
        }
        return parent
    }

    /// Whether a text has the form of an item's pointer: `children` (or `root`, or a repeated
    /// key's `~2N`) and an index, alternating, after an optional leading index.
    static func hasItemPointerForm(_ text: String) -> Bool {
        guard text.hasPrefix("/") else { return false }
        var tokens = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if let first = tokens.first, Int(first) != nil { tokens = tokens.dropFirst() }
        guard tokens.count % 2 == 0 else { return false }
        var expectsKey = true
        for token in tokens {
            if expectsKey {
                guard token == "children" || token == "root" || token.hasPrefix(repeatedKeyMark) else { return false }
            } else {
                guard let number = Int(token), number >= 0 else { return false }
            }
            expectsKey.toggle()
        }
        return true
    }

    static func lastIndex(of pointer: String) -> Int? {
        guard let slash = pointer.lastIndex(of: "/") else { return nil }
        return Int(pointer[pointer.index(after: slash)...])
    }

    /// The pointer token of an object's member whose key an earlier member has too: `~2` and its
    /// position (RFC 6901 names only the first; `~2` is no escape of a pointer, so it names no
    /// other member).
    static let repeatedKeyMark = "~2"

    /// Objects of up to this many members are checked for repeated keys (larger ones are not).
    static let repeatedKeyCheckLimit = 4096

    /// The pointer token of each member in `range` of an object, by its key and the keys before.
    func tokens(of object: JSONMember, keys: [String], from lower: Int) throws(DocumentReadError) -> [String] {
        var seen: Set<String> = []
        if try index.count(of: object) <= Self.repeatedKeyCheckLimit, lower > 0 {
            for member in try index.members(of: object, in: 0..<lower) { seen.insert(try index.key(of: member)) }
        }
        return keys.enumerated().map { offset, key in
            seen.insert(key).inserted ? Self.escaped(key) : Self.repeatedKeyMark + String(lower + offset)
        }
    }

    static func escaped(_ key: String) -> String {
        guard key.contains("~") || key.contains("/") else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private func parentPlace(of place: Place) throws -> Place? {
        guard let member = place.member, member != top || wrapper != nil else { return nil }
        guard let parent = Self.parentPointer(of: place.pointer, items: shape == .items, wrapper: wrapper != nil)
        else { return nil }
        if parent.isEmpty {
            guard let root = try rootPlace() else { return nil }
            return root.member == member ? nil : root
        }
        return try resolve(pointer: parent)
    }

    /// The arrays that hold an item's children, with their pointers (items read).
    func childArrays(of place: Place) throws(DocumentReadError) -> [(member: JSONMember, pointer: String)] {
        guard let member = place.member else { return wrapper?.arrays ?? [] }
        guard member.isObject else { return [] }
        var arrays: [(JSONMember, String)] = []
        var isDynamic = false
        var seen: Set<String> = []
        try index.forEachMember(of: member, from: 0) { (position, field) throws(DocumentReadError) -> Bool in
            guard field.first == UInt8(ascii: "[") || field.first == UInt8(ascii: "\"") else { return true }
            let key = try index.key(of: field)
            if key == "children" || (key == "root" && member == top), field.first == UInt8(ascii: "[") {
                let token = seen.insert(key).inserted ? key : Self.repeatedKeyMark + String(position)
                arrays.append((field, place.pointer + "/" + token))
            } else if key == "type", !isDynamic, case .string(let type)? = try index.scalar(field),
                type.lowercased() == "dynamic"
            {
                isDynamic = true
            }
            return true
        }
        return isDynamic ? [] : arrays
    }

    /// An item's child count: at once when the scan of its container ends within
    /// ``countAtOnce`` bytes (or ended before); else the children found so far, the rest
    /// counted in the background and views told the whole count when it is known
    /// (`.appended`), as a column grows while a document is read.
    private func childCount(of place: Place) throws -> Int {
        let containers: [JSONMember]
        if shape == .items {
            containers = try mapping { () throws(DocumentReadError) in try childArrays(of: place).map(\.member) }
        } else {
            containers = place.member.map { [$0] } ?? []
        }
        guard containers.count == 1 else {
            var count = 0
            for container in containers {
                count += try mapping { () throws(DocumentReadError) in try index.count(of: container) }
            }
            return count
        }
        let container = containers[0]
        let soFar = try mapping { () throws(DocumentReadError) in
            try index.count(of: container, soFarWithin: Self.countAtOnce)
        }
        if soFar.isComplete { return soFar.count }
        guard startCounting(container, id: try nodeID(of: place)) else {
            return try mapping { () throws(DocumentReadError) in try index.count(of: container) }
        }
        return soFar.count
    }

    /// Counts a container's members on a thread of its own and tells views the count at the
    /// end (once: each count told makes a view read the column's first page again); false when
    /// views can no longer be told (the changes have ended), or it is counted already.
    private func startCounting(_ container: JSONMember, id: String) -> Bool {
        let started = validation.withLock { state in
            guard !state.closed, !state.counting.contains(container.value) else { return false }
            state.counting.insert(container.value)
            return true
        }
        guard started else { return validation.withLock { $0.counting.contains(container.value) } }
        Thread.detachNewThread { [weak self] in
            // A member longer than the budget leaves no checkpoint to go on from: each scan
            // reaches twice as far as the one before.
            var budget = Self.countAtOnce
            while let self {
                let soFar: (count: Int, isComplete: Bool)
                do {
                    soFar = try self.index.count(of: container, soFarWithin: budget)
                    budget = budget.multipliedReportingOverflow(by: 2).overflow ? .max : budget * 2
                } catch {
                    // The scan cannot go on (the file changed, or its bytes are no JSON): the
                    // count stays where it was; the validation pass says why.
                    break
                }
                if soFar.isComplete {
                    self.broadcaster.publish(.appended(parentID: id, count: soFar.count))
                    break
                }
            }
            self?.endCounting(container)
        }
        return true
    }

    private func endCounting(_ container: JSONMember) {
        let closes = validation.withLock { state in
            state.counting.remove(container.value)
            guard state.finished, state.counting.isEmpty, !state.closed else { return false }
            state.closed = true
            return true
        }
        if closes { broadcaster.finish() }
    }

    /// The bytes scanned for a count before it is given (16 MiB, a few milliseconds).
    static let countAtOnce: Int64 = 16 << 20

    private func childPlaces(of place: Place, in range: Range<Int>) throws -> [Place] {
        try mapping { () throws(DocumentReadError) -> [Place] in
            guard !range.isEmpty else { return [] }
            if shape == .structure {
                guard let member = place.member, member.isContainer else { return [] }
                let members = try index.members(of: member, in: range)
                guard member.isObject else {
                    return members.enumerated().map { offset, child in
                        let position = range.lowerBound + offset
                        return Place(
                            member: child, pointer: place.pointer + "/" + String(position), title: "[\(position)]")
                    }
                }
                var keys: [String] = []
                for child in members { keys.append(try index.key(of: child)) }
                let tokens = try tokens(of: member, keys: keys, from: range.lowerBound)
                return members.indices.map { offset in
                    Place(member: members[offset], pointer: place.pointer + "/" + tokens[offset], title: keys[offset])
                }
            }
            var places: [Place] = []
            var start = 0
            let arrays = try childArrays(of: place)
            for (number, array) in arrays.enumerated() {
                // The last array's members are not counted: the range is clamped to those there are.
                let count = number == arrays.count - 1 ? Int.max : try index.count(of: array.member)
                let lower = max(range.lowerBound - start, 0)
                let upper = min(range.upperBound - start, count)
                if lower < upper {
                    for (offset, child) in try index.members(of: array.member, in: lower..<upper).enumerated() {
                        places.append(Place(member: child, pointer: array.pointer + "/" + String(lower + offset)))
                    }
                }
                if number == arrays.count - 1 { break }
                start += count
                if start >= range.upperBound { break }
            }
            return places
        }
    }

    // MARK: - Nodes

    /// The identifier an item is named by.
    func nodeID(of place: Place) throws -> String {
        guard let member = place.member else { return Self.syntheticRootID }
        if shape == .items, member.isObject,
            let id = try mapping({ () throws(DocumentReadError) in try explicitID(member) })
        {
            return id
        }
        return place.pointer.isEmpty ? Self.rootID : place.pointer
    }

    func explicitID(_ member: JSONMember) throws(DocumentReadError) -> String? {
        guard let field = try index.member(of: member, key: "id")?.member, let value = try index.scalar(field) else {
            return nil
        }
        switch value {
        case .string(let text), .number(let text): return text.isEmpty ? nil : text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    func node(at place: Place) throws -> HierarchyNode {
        let node = try mapping { () throws(DocumentReadError) -> HierarchyNode in
            guard let member = place.member else {
                let arrays = wrapper?.arrays ?? []
                var count: Int? = 0
                for array in arrays {
                    guard let known = count, let more = try index.count(of: array.member, within: Self.countBudget)
                    else {
                        count = nil
                        break
                    }
                    count = known + more
                }
                return HierarchyNode(
                    id: Self.syntheticRootID, title: displayName, childCount: count,
                    isContainer: count.map { $0 > 0 } ?? true)
            }
            if shape == .structure {
                let title = place.pointer.isEmpty ? displayName : place.title ?? ""
                let id = place.pointer.isEmpty ? Self.rootID : place.pointer
                if member.isContainer {
                    let count = try index.count(of: member, within: Self.countBudget)
                    return HierarchyNode(
                        id: id, title: title, childCount: count, isContainer: count.map { $0 > 0 } ?? true,
                        preview: try preview(of: member))
                }
                let scalar = try index.scalar(member)
                return HierarchyNode(
                    id: id, title: title, subtitle: scalar.flatMap(DocumentRecordBuilder.scalarText), childCount: 0)
            }
            return try itemNode(place, member)
        }
        remember(node.id, place)
        return node
    }

    /// A container's first members as one line (see ``StructurePreview``), read from at most
    /// ``previewBytes`` of its bytes.
    private func preview(of container: JSONMember) throws(DocumentReadError) -> String {
        var preview = StructurePreview(isObject: container.isObject)
        var more = false
        var shown = 0
        try index.forEachMember(of: container, from: 0, limit: container.value + Self.previewBytes) {
            (_, member) throws(DocumentReadError) -> Bool in
            guard !preview.isFull else {
                more = true
                return false
            }
            shown += 1
            let key = container.isObject ? try index.key(of: member) : nil
            let value: StructurePreview.Value =
                if member.isContainer {
                    member.isObject ? .object : .array
                } else {
                    .scalar((try index.scalar(member)).flatMap(DocumentRecordBuilder.scalarText) ?? "")
                }
            preview.append(key: key, value)
            return true
        }
        if !more { more = index.entry(container.value)?.count.map { $0 > shown } ?? true }
        return preview.text(more: more)
    }

    private func itemNode(_ place: Place, _ member: JSONMember) throws(DocumentReadError) -> HierarchyNode {
        let generated = place.pointer.isEmpty ? Self.rootID : place.pointer
        guard member.isObject else {
            let text: String
            switch try index.scalar(member) {
            case .string(let value)?, .number(let value)?: text = value
            case .bool(let value)?: text = value ? "true" : "false"
            default: throw index.malformed("an item must be an object", at: member.value)
            }
            return HierarchyNode(id: generated, title: text, childCount: 0)
        }
        var fields: [ItemRecord.Attribute] = []
        try index.forEachMember(of: member, from: 0) { (_, field) throws(DocumentReadError) -> Bool in
            guard !field.isContainer, let scalar = try index.scalar(field) else { return true }
            let value: String
            switch scalar {
            case .string(let text), .number(let text): value = text
            case .bool(let flag): value = flag ? "true" : "false"
            default: return true
            }
            fields.append(ItemRecord.Attribute(try index.key(of: field), value))
            return true
        }
        let isDynamic = fields.first { $0.name == "type" }?.value.lowercased() == "dynamic"
        var count: Int? = 0
        if !isDynamic {
            for array in try childArrays(of: place) {
                guard let known = count, let more = try index.count(of: array.member, within: Self.countBudget) else {
                    count = nil
                    break
                }
                count = known + more
            }
        }
        guard
            var record = DocumentRecordBuilder.record(
                key: 0, parent: nil, position: 0, childCount: Int64(count ?? 0), fields: fields, isDynamic: isDynamic,
                line: nil, column: nil)
        else {
            throw index.malformed("item \(generated) has no title or name", at: member.value)
        }
        let explicit = fields.first { $0.name == "id" }.map { !$0.value.isEmpty } ?? false
        if !explicit { record.id = generated }
        var attributes: [String: String] = [:]
        for attribute in record.attributes where attributes[attribute.name] == nil {
            attributes[attribute.name] = attribute.value
        }
        var node = HierarchyNode(
            id: record.id, title: record.title, subtitle: record.subtitle, footnote: record.footnote,
            status: record.status, childCount: count, isContainer: count.map { $0 > 0 } ?? true, attributes: attributes)
        if isDynamic {
            node.childCount = nil
            node.isContainer = true
        }
        return node
    }

    // MARK: - Scans

    /// The item numbered `number` in document order (`#N`: keys as ``DocumentRecordBuilder``
    /// hands them out), by a preorder walk.
    private func place(numbered number: Int) throws -> Place? {
        var found: Place?
        var key = 0
        try walk { place in
            if key == number {
                found = place
                return false
            }
            key += 1
            return true
        }
        return found
    }

    /// The item whose `id` is `id`: by a scan of the bytes for its quoted text, else by a preorder
    /// walk (items read).
    private func scanForID(_ id: String) throws -> Place? {
        if let place = try scanBytesForID(id) { return place }
        var found: Place?
        try walk { place in
            guard let member = place.member, member.isObject,
                try mapping({ () throws(DocumentReadError) in try explicitID(member) }) == id
            else { return true }
            found = place
            return false
        }
        return found
    }

    /// Visits every item in document order (the wrapper's place first, numbered 0 as the
    /// builder numbers it), until `visit` returns false.
    private func walk(_ visit: (Place) throws -> Bool) throws {
        guard let top else { return }
        struct Frame {
            var place: Place
            var buffer: [Place] = []
            var next = 0
            var lower = 0
        }
        let page = 1024
        let first = wrapper != nil ? Place(member: nil, pointer: "") : Place(member: top, pointer: "")
        guard try visit(first) else { return }
        var stack = [Frame(place: first)]
        while !stack.isEmpty {
            try Task.checkCancellation()
            let last = stack.count - 1
            if stack[last].next == stack[last].buffer.count {
                let lower = stack[last].lower
                if stack[last].buffer.count < page, lower > 0 || !stack[last].buffer.isEmpty {
                    stack.removeLast()
                    continue
                }
                let batch = try childPlaces(of: stack[last].place, in: lower..<lower + page)
                if batch.isEmpty {
                    stack.removeLast()
                    continue
                }
                stack[last].buffer = batch
                stack[last].next = 0
                stack[last].lower = lower + batch.count
            }
            let child = stack[last].buffer[stack[last].next]
            stack[last].next += 1
            guard try visit(child) else { return }
            stack.append(Frame(place: child))
        }
    }
}
