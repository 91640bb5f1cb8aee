import Foundation
import HierarchyAdapters
import HierarchyKit
import HierarchySources

/// The engine state of one browser tab: a `HierarchyView` and its data source, driven by
/// the actions the page forwards, with a version number that grows whenever there is
/// something new to draw (an action, or a load that finished later).
///
/// A session has no actor of its own: it lives on the actor its ``WebSessionHandle`` names
/// (an actor per session over a source, the main actor for a controller's view, which the seed
/// API keeps there) and is only touched there. The handle keeps what the store reads from
/// any thread (last use, push connections).
final class WebSession {
    /// The session's id (random, unguessable).
    let id: String
    let view: HierarchyView
    /// The source adapter when the session shows a `HierarchySource`; nil for a controller's own data source.
    let dataSource: HierarchySourceDataSource?
    /// Kept alive with the session: the controller that is the view's (weakly held) data source.
    private let owner: AnyObject?
    /// Grows whenever the view asks to be drawn again.
    private(set) var version = 0
    /// The actor this session, its view and its data source are used on.
    let isolation: any Actor

    private let now: () -> ContinuousClock.Instant
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private var pendingMessage: String?
    /// Whether the pending message reports a failure (the page shows those in red).
    private var pendingMessageIsError = false
    /// The keyboard layer over the view (commands, type-select, status text).
    private let commands: HierarchyViewCommands
    private let bindings = HierarchyKeyBindings()
    private(set) var isClosed = false
    /// Whether the last action moved the focus with a key (the focused row is kept in view
    /// while rows load), not a scroll, pan or resize (`WebSession+FocusInView.swift`).
    var followsFocus = false
    /// Whether `add` and `delete` may change the store (the server allows edits); off: 403.
    var allowsEdits = false
    /// The writer answers are encoded with, kept so its storage is reused (`WebJSONWriter.swift`).
    var jsonWriter = WebJSONWriter()

    /// At most this many page requests wait for a change of one session at once.
    static let maximumWaiters = 8
    /// How long typed characters keep extending one type-select search.
    static let typeSelectTimeout: Duration = .seconds(1)
    /// Spacing around and between cards (CSS pixels).
    static let cardSpacing = 8.0

    /// A session over a source, not loaded yet (`start(at:)` loads it).
    ///
    /// - Parameters:
    ///   - size: the viewport in CSS pixels.
    ///   - now: the clock for expiry and type-select (injected for tests).
    ///   - isolation: the actor the session is used on (its source's answers are applied there).
    convenience init(
        id: String, source: any HierarchySource, size: Size, rightToLeft: Bool,
        isolation: any Actor = MainActor.shared, now: @escaping () -> ContinuousClock.Instant
    ) {
        let view = HierarchyView()
        view.isolation = isolation
        let dataSource = HierarchySourceDataSource(source: source)
        dataSource.attach(to: view)
        self.init(
            id: id, view: view, dataSource: dataSource, owner: nil, size: size, rightToLeft: rightToLeft, now: now)
    }

    /// A session over a controller's view, on the main actor (the controller's data source
    /// methods run there); the caller runs its `loadViewIfNeeded()` before `start(at:)`.
    ///
    /// - Parameters:
    ///   - controller: the controller (kept alive by the session: it is the view's data source).
    ///   - size: the viewport in CSS pixels.
    ///   - now: the clock for expiry and type-select (injected for tests).
    @MainActor
    convenience init(
        id: String, controller: HierarchyViewController, size: Size, rightToLeft: Bool,
        now: @escaping () -> ContinuousClock.Instant
    ) {
        self.init(
            id: id, view: controller.hierarchyView,
            dataSource: controller.hierarchyView.dataSource as? HierarchySourceDataSource,
            owner: controller, size: size, rightToLeft: rightToLeft, now: now)
    }

    /// A session over any view whose data source is set; the view's layout is set up for
    /// CSS pixels here.
    ///
    /// - Parameters:
    ///   - view: the view.
    ///   - dataSource: the source adapter behind the view, if there is one (loading notes, search, reveal).
    ///   - owner: an object kept alive with the session (a controller owning the data source).
    init(
        id: String, view: HierarchyView, dataSource: HierarchySourceDataSource?, owner: AnyObject?, size: Size,
        rightToLeft: Bool, now: @escaping () -> ContinuousClock.Instant
    ) {
        self.id = id
        self.now = now
        self.isolation = view.isolation
        self.view = view
        self.commands = HierarchyViewCommands(view: view, typeSelectTimeout: WebSession.typeSelectTimeout)
        self.dataSource = dataSource
        self.owner = owner
        let layout = view.collectionViewLayout
        layout.metrics = .points
        layout.sectionInset = EdgeInsets(
            top: Self.cardSpacing, leading: Self.cardSpacing, bottom: Self.cardSpacing, trailing: Self.cardSpacing)
        layout.interItemSpacing = Self.cardSpacing
        layout.showVerticalScrollIndicator = false
        layout.layoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        layout.size = size
        view.itemHeightProvider = { cell, _ in Self.cardHeight(of: cell) }
        view.allowsMultipleSelectionDuringEditing = true
        view.silenceDefaultErrorLog()
        view.setNeedsDisplayHandler = { [weak self] in self?.changed() }
        // The snapshot shows the loads in flight and the source's note: a change of either is a
        // change of the page (a note that comes while nothing else changes reaches it too).
        dataSource?.activityHandler = { [weak self] _ in self?.changed() }
    }

    /// The height of a card: padding, a title line, and a line for each of subtitle and
    /// footnote that has text (the page's stylesheet uses the same numbers).
    static func cardHeight(of cell: HierarchyCollectionItem) -> Double {
        var height = 24.0 + 20.0
        if cell.subtitle.visibleText != nil { height += 18 }
        if cell.footnote.visibleText != nil { height += 17 }
        return max(64, height)
    }

    /// Reads the root (or the start item) and lays the view out.
    ///
    /// - Throws: `WebError` 502 when the source cannot read the item.
    nonisolated(nonsending) func start(at startID: String?) async throws(WebError) {
        guard let dataSource else {
            view.layoutIfNeeded()
            return
        }
        do {
            try await dataSource.load(startingAt: startID)
        } catch {
            throw WebError(502, "cannot open the hierarchy: \(Self.describe(error))")
        }
    }

    /// Reveals and focuses an item (a page bringing back a dropped session); an item the
    /// source cannot show leaves the session where it is, with a message.
    nonisolated(nonsending) func restore(focus id: String) async {
        guard let dataSource else { return }
        do {
            try await dataSource.reveal(id: id)
        } catch {
            pendingMessage = "cannot return to the item you had open: \(Self.describe(error))"
            pendingMessageIsError = true
        }
    }

    private func changed() {
        version += 1
        let resumed = waiters
        waiters.removeAll()
        for waiter in resumed.values { waiter.resume() }
    }

    /// Returns when the version is past `after`, after `timeout` (`nil`: only on the change; a
    /// test's time limit is its guard), or at once when too many requests wait already.
    ///
    /// - Returns: false when it returned at once because too many requests wait already.
    @discardableResult
    nonisolated(nonsending) func waitForChange(after: Int, timeout: Duration?) async -> Bool {
        guard !isClosed, version <= after else { return true }
        guard waiters.count < Self.maximumWaiters else { return false }
        let key = nextWaiter
        nextWaiter += 1
        let reference = IsolatedReference(self)
        let isolation = self.isolation
        let timer = timeout.map { timeout in
            Task {
                try? await Task.sleep(for: timeout)
                await HierarchyIsolation.run(on: isolation) { _ in
                    reference.object?.waiters.removeValue(forKey: key)?.resume()
                }
            }
        }
        await withCheckedContinuation { waiters[key] = $0 }
        timer?.cancel()
        return true
    }

    /// Wakes every waiting request and cancels the loads in flight (the session is going away).
    func close() {
        isClosed = true
        dataSource?.cancelLoads()
        let resumed = waiters
        waiters.removeAll()
        for waiter in resumed.values { waiter.resume() }
    }

    /// What to draw now, as JSON values.
    func snapshot(sourceName: String) -> WebSnapshot {
        var engineSnapshot = view.snapshot()
        if let scrolled = keepFocusInView(engineSnapshot) { engineSnapshot = scrolled }
        // The view's one error stream: its own errors and the source's failed loads.
        if let error = view.takeErrors().last {
            pendingMessage = error.message
            pendingMessageIsError = true
        }
        let message = pendingMessage
        let messageIsError = pendingMessageIsError
        pendingMessage = nil
        pendingMessageIsError = false
        var result = WebSnapshot(
            engineSnapshot, session: id, version: version, selectedCount: view.selectedUUIDs.count,
            loading: (dataSource?.activeLoads ?? 0) > 0, message: message)
        result.messageIsError = message != nil && messageIsError
        result.editable = isEditable
        result.name = WebSnapshot.shown(sourceName) ?? ""
        // The source's note (a document's reading progress, a table check's finding) too.
        result.status = commands.statusText(isLoading: result.loading, note: dataSource?.progressNote)
        result.path = view.expandedPath.map { WebSnapshot.shown(title(of: $0)) ?? "" }
        return result
    }

    // MARK: Actions

    /// Applies one action.
    ///
    /// - Returns: the copied text for a `copy` action (or `y`), nil otherwise.
    /// - Throws: `WebError` 404 for an item not on screen, 502 when a reveal cannot read the item.
    nonisolated(nonsending) func apply(_ action: WebAction) async throws(WebError) -> String? {
        // Loads that finished since the last snapshot are laid out first, so the items
        // they brought can be tapped.
        view.layoutIfNeeded()
        if case .key = action { followsFocus = true } else { followsFocus = false }
        switch action {
        case .resize(let width, let height):
            view.send(.setSize(Size(width: min(width, 100_000), height: min(height, 100_000))))
        case .tapIndicator(let uuid):
            try requireVisible(uuid)
            view.send(.tapIndicator(ofItemWith: uuid))
        case .tapItem(let uuid), .focus(let uuid):
            if let slot = WebSnapshot.pendingRow(fromKey: uuid) {
                // A row still loading (or failed) takes the focus; its item follows when it comes.
                try requirePendingRow(slot)
                view.send(.focusRow(slot.row, inColumn: slot.column))
            } else if case .tapItem = action {
                try requireVisible(uuid)
                view.send(.tapItem(with: uuid))
            } else {
                try requireVisible(uuid)
                focus(uuid)
            }
        case .swipe(let left):
            view.send(.swipe(left ? .left : .right))
        case .beginPan:
            view.send(.beginPan)
        case .pan(let translation):
            if !view.isPanInProgress { view.send(.beginPan) }
            view.send(.pan(translation: translation))
        case .endPan(let velocity):
            if view.isPanInProgress { view.send(.endPan(velocity: velocity)) }
        case .scroll(let column, let offset):
            guard column < view.expandedPath.count + 1 else {
                throw WebError.notFound("no column \(column) in this session")
            }
            view.send(.scroll(column: column, by: offset - view.contentOffsetY(ofColumn: column)))
        case .previous:
            view.send(.showPreviousLevel)
        case .next:
            view.send(.showNextLevel)
        case .key(let key, let shift):
            return handleKey(key, shift: shift)
        case .editing(let on):
            view.isEditing = on
        case .copy(let uuid):
            try requireVisible(uuid)
            return view.copyContent(ofItemWith: uuid)
        case .add, .delete:
            _ = try await applyEdit(action)
        case .reveal(let id):
            guard let dataSource else { throw WebError.notFound("this hierarchy cannot be searched") }
            do {
                try await dataSource.load(startingAt: id)
            } catch {
                throw WebError(404, "cannot show the item: \(Self.describe(error))")
            }
        }
        return nil
    }

    /// The title of an item for the path bar: from the source, else the data source's
    /// `titleForItemWith`, else the cell on screen.
    func title(of uuid: String) -> String {
        if let dataSource { return dataSource.node(for: uuid)?.title ?? "" }
        return view.dataSource?.hierarchyView(view, titleForItemWith: uuid) ?? view.cellForItem(with: uuid)?.title
            .visibleText ?? ""
    }

    private func requireVisible(_ uuid: String) throws(WebError) {
        guard view.cellForItem(with: uuid) != nil else {
            throw WebError.notFound("no item \"\(String(uuid.prefix(80)))\" is on screen in this session")
        }
    }

    private func requirePendingRow(_ slot: (column: Int, row: Int)) throws(WebError) {
        let snapshot = view.snapshot()
        guard
            snapshot.columns.contains(where: { column in
                column.index == slot.column && column.items.contains { $0.row == slot.row && $0.state != .loaded }
            })
        else {
            throw WebError.notFound("no row \(slot.row) still loading is on screen in column \(slot.column)")
        }
    }

    private func focus(_ uuid: String) {
        let snapshot = view.snapshot()
        for column in snapshot.columns {
            if let item = column.items.first(where: { $0.uuid == uuid }) {
                view.send(.focusRow(item.row, inColumn: column.index))
                return
            }
        }
    }

    private func handleKey(_ key: String, shift: Bool) -> String? {
        guard let key = Self.hierarchyKey(key, shift: shift),
            let command = bindings.command(
                for: key, rightToLeft: view.collectionViewLayout.layoutDirection == .rightToLeft,
                isTypeSelecting: commands.typeSelect.isActive(at: now()))
        else { return nil }
        switch command {
        case .quit, .search, .help:
            return nil  // the page has its own search box and help; it never closes
        default:
            let outcome = commands.perform(command, at: now())
            if let message = outcome.message {
                pendingMessage = message
                pendingMessageIsError = outcome.isError
            }
            return outcome.copied
        }
    }

    /// The shared key of a DOM `KeyboardEvent.key` (nil for keys without a binding).
    static func hierarchyKey(_ key: String, shift: Bool) -> HierarchyKey? {
        switch key {
        case "ArrowUp": .up
        case "ArrowDown": .down
        case "ArrowLeft": .left
        case "ArrowRight": .right
        case "PageUp": .pageUp
        case "PageDown": .pageDown
        case "Home": .home
        case "End": .end
        case "Enter": .enter
        case "Backspace": .backspace
        case "Tab": shift ? .backTab : .tab
        case "Escape": .escape
        default: key.count == 1 ? key.first.map(HierarchyKey.character) : nil
        }
    }

    /// One line for an error from a source.
    static func describe(_ error: any Error) -> String {
        if let error = error as? HierarchySourceError { return error.description }
        return String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }
}
