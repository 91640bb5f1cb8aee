import Foundation
import Logging

/// A view that manages a collection of items in a multi-column layout.
///
/// The view draws nothing itself: it keeps the state of the columns, asks its data source
/// only for what is on screen, and hands a renderer (the terminal or the web face) a
/// `HierarchyViewSnapshot` of what to draw. Input from the renderer (taps, swipes, pans,
/// scrolling, focus moves, resizing) goes back in as a ``HierarchyInput`` through ``send(_:)``.
///
/// Initial loading: the view asks for the root item and puts it in the first column, asks
/// for the root's children for the next column, then asks for the parent of the root and, if
/// there is one, inserts it as a preview column before the root. Further parents are asked
/// for as the user navigates back.
open class HierarchyView {
    /// The header shown above the columns in compact width; set a subclass to customise it.
    public var header = HierarchyViewHeader() {
        didSet { if oldValue !== header { setNeedsLayout() } }
    }

    /// The object that provides the items.
    public weak var dataSource: (any HierarchyViewDataSource)? {
        didSet {
            if oldValue !== dataSource {
                needsReload = true
                setNeedsDisplay()
            }
        }
    }

    /// The object told about taps.
    public weak var delegate: (any HierarchyViewDelegate)?

    /// The layout: insets, spacing, metrics, direction and the viewport size.
    public let collectionViewLayout: HierarchyCollectionViewLayout

    /// Editing mode: tapping an item's body selects it.
    public var isEditing = false {
        didSet {
            if !isEditing && oldValue { drain(core.handle(.input(.endEditing), coreGeometry)) }
            setNeedsDisplay()
        }
    }
    /// Whether items can be selected in editing mode.
    public var allowsSelectionDuringEditing = true
    /// Whether more than one item can be selected in editing mode.
    public var allowsMultipleSelectionDuringEditing = false {
        didSet {
            if !allowsMultipleSelectionDuringEditing { drain(core.handle(.input(.limitSelectionToOne), coreGeometry)) }
        }
    }
    /// The items selected in editing mode, in the order they were selected.
    public var selectedUUIDs: [String] { core.selection }

    /// Whether the content of cells may be copied (`copyContent(ofItemWith:)`).
    public var isContentCopyable = true

    /// When set, focusing an item also expands it, so the next column previews its children
    /// (as in Finder's column view and ranger). Off by default.
    public var expandsFocusedItem = false

    /// Measures a configured cell: returns its height for the given column content width.
    /// Without it every item has the estimated height of the metrics.
    public var itemHeightProvider: ((HierarchyCollectionItem, Double) -> Double)? {
        didSet { setNeedsLayout() }
    }

    /// Told about every `HierarchyError`; without one (the default), errors are logged.
    public var errorHandler: ((HierarchyError) -> Void)?

    /// Stops the default logging of errors, and keeps an ``errorHandler`` the host set.
    ///
    /// A face that shows the view's errors itself (drained with `takeErrors()`) calls this: a
    /// logger writing to the terminal would tear its frame, while a host's own handler still
    /// hears every error.
    public func silenceDefaultErrorLog() {
        if errorHandler == nil { errorHandler = { _ in } }
    }

    /// Called when something on screen changed outside a call from the renderer (a late data
    /// source answer): the renderer should draw a new snapshot soon.
    public var setNeedsDisplayHandler: (() -> Void)?

    /// The actor this view (with its layout, cells and data source) is used on; answers that
    /// arrive later (a type-select search over every child) come back here. The main actor
    /// unless the owner says otherwise (a web session over a source runs on an actor of its own).
    public var isolation: any Actor = MainActor.shared

    /// For each expanded item whose column is on screen, the rows of its children the last
    /// layout pass showed or prefetched (see `hierarchyView(_:didChangeRowWindows:)`).
    public var rowWindows: [String: Range<Int>] { core.rowWindows }

    /// The errors reported so far (the most recent last, at most 100): a history for tests
    /// and diagnostics. Faces take new errors from ``takeErrors()`` instead.
    public var recentErrors: [HierarchyError] { core.errors.recent }

    // MARK: State

    /// The state as a value (columns, focus, pan, selection, what is known); the view is its
    /// shell: it asks the data source and performs what the core returns.
    var core = HierarchyCore()
    /// The layout's values the core works with.
    var coreGeometry: HierarchyCore.Geometry { collectionViewLayout.coreGeometry }
    /// Cells on screen by uuid.
    var visibleCells: [String: HierarchyCollectionItem] = [:]
    /// Cells whose content must be asked again.
    var reuseQueue = CellReuseQueue()
    var needsReload = true
    var needsLayout = true
    /// Whether the view is performing actions (asking the data source, a layout pass): the
    /// data source's updates arriving meanwhile wait in ``updates``.
    var isPerformingActions = false
    /// The data source's updates not applied yet.
    var updates = HierarchyUpdateQueue()
    /// Whether the view is running a call from outside (an update, an input, a layout).
    var isRunning = false

    private static let logger = Logger(label: "HierarchyKit.HierarchyView")

    /// A view with the given layout (default: iOS-like point metrics).
    public init(layout: HierarchyCollectionViewLayout = HierarchyCollectionViewLayout()) {
        self.collectionViewLayout = layout
        layout.hierarchyView = self
    }

    // MARK: Cells

    /// Registers a cell class for a reuse identifier.
    public func register(_ cellClass: HierarchyCollectionItem.Type, forCellWithReuseIdentifier identifier: String) {
        reuseQueue.register(cellClass, for: identifier)
    }

    /// A cell to configure for an item: a recycled one, or a new one of the registered class
    /// (`HierarchyCollectionItem` when nothing is registered under the identifier).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, with uuid: String)
        -> HierarchyCollectionItem
    {
        if !reuseQueue.isRegistered(identifier) {
            reportError(.unregisteredCell(identifier, uuid: uuid))
        }
        let cell = reuseQueue.dequeue(identifier)
        cell.uuid = uuid
        return cell
    }

    /// The cell on screen for an item, or `nil` if the item is not visible.
    public func cellForItem(with uuid: String) -> HierarchyCollectionItem? {
        visibleCells[uuid]
    }

    /// The number of cells created so far (not reused).
    public var createdCellCount: Int { reuseQueue.createdCount }

    // MARK: Updates from the data source

    /// Forgets everything and loads again, starting with `rootUUID(in:)`. Expensive.
    public func reloadData() {
        post(.reload)
    }

    /// Inserts children of an expanded item at the given indexes (positions after the insert).
    ///
    /// - Parameters:
    ///   - parent: the uuid of an expanded item.
    ///   - indexes: the new children's indexes among all the children after the insert.
    /// - Complexity: O(k log n) for k inserted ranges in a column of n items.
    public func insertChildren(of parent: String, at indexes: IndexSet) {
        post(.insert(parent, indexes))
    }

    /// Removes children of an expanded item at the given indexes (positions before the removal).
    ///
    /// - Complexity: O(k log n) for k removed ranges in a column of n items.
    public func removeChildren(of parent: String, at indexes: IndexSet) {
        post(.remove(parent, indexes))
    }

    /// The parent of a shown item was added, removed or replaced: ask for it again.
    ///
    /// The item's siblings are removed; the new parent's children arrive through
    /// `insertChildren(of:at:)`.
    public func invalidateParent(of child: String) {
        post(.invalidateParent(child))
    }

    /// The children of an expanded item changed: ask for their number and uuids again.
    public func invalidateChildren(of parent: String) {
        post(.invalidateChildren(parent))
    }

    /// Some children's uuids may have changed (a placeholder became a real item): forget the
    /// cached uuids and cells of those rows only, so they are asked for again when shown.
    ///
    /// An addition to the seed API for data sources that load children in pages.
    ///
    /// - Complexity: O(min(k, u) log r) for k rows in r ranges and u cached rows of the column.
    public func invalidateChildren(of parent: String, at indexes: IndexSet) {
        post(.invalidateRows(parent, indexes))
    }

    /// The content of these items changed: ask for their cells again (nothing else).
    public func invalidateItems(with uuids: [String]) {
        post(.invalidateItems(uuids))
    }

    // MARK: Content copying

    /// The copyable content of an item's cell (title, subtitle, footnote joined by newlines),
    /// or `nil` when copying is off or the item is not on screen.
    public func copyContent(ofItemWith uuid: String) -> String? {
        guard isContentCopyable, let cell = visibleCells[uuid] else { return nil }
        return cell.copyableContent
    }

    // MARK: Errors

    /// Returns the errors reported since the last call, oldest first: the one stream of errors
    /// a face drains to show them (the view's own, and the data source's failed loads).
    ///
    /// - Complexity: O(e) for e pending errors (at most ``HierarchyErrorQueue/capacity``).
    public func takeErrors() -> [HierarchyError] {
        core.errors.take()
    }

    /// Whether errors wait in ``takeErrors()``.
    public var hasPendingErrors: Bool { !core.errors.isEmpty }

    /// Reports an error (the view's own, or a data source's load that failed): it goes to the
    /// error handler and to the stream faces drain, and the face redraws.
    public func reportError(_ error: HierarchyError) {
        core.errors.append(error)
        if let errorHandler { errorHandler(error) } else { Self.logger.warning("\(error.description)") }
        setNeedsDisplay()
    }

    // MARK: Redraw requests

    func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    func setNeedsDisplay() {
        if !isRunning { setNeedsDisplayHandler?() }
    }

    // MARK: The data source's updates

    /// Takes an update: applied now, or, when it comes from inside the data source's answer to
    /// a question of the view, queued and applied as soon as that question returns.
    func post(_ update: HierarchyUpdateQueue.Update) {
        updates.append(update, fromAnswer: isPerformingActions)
        guard !isPerformingActions else { return }
        run(requestsDisplay: true) { drain([.applyUpdates]) }
    }

    /// Runs a call from outside the view (an update, an input, a layout). Calls made from
    /// inside it are part of it; requests for a frame meanwhile wait until the outermost ends,
    /// which asks for one when `requestsDisplay` is set (a layout is asked by a face drawing).
    func run(requestsDisplay: Bool, _ body: () -> Void) {
        guard !isRunning else {
            body()
            return
        }
        isRunning = true
        body()
        isRunning = false
        updates.becameIdle()
        if requestsDisplay { setNeedsDisplay() }
    }

    /// Asks the data source (or performs other actions): updates it makes meanwhile are queued.
    func performingActions<T>(_ body: () -> T) -> T {
        let wasPerforming = isPerformingActions
        isPerformingActions = true
        defer { isPerformingActions = wasPerforming }
        return body()
    }

    /// Calls the data source; updates it makes from inside its answer are queued.
    func ask<T>(_ body: (any HierarchyViewDataSource) -> T) -> T? {
        guard let dataSource else { return nil }
        return performingActions { body(dataSource) }
    }
}
