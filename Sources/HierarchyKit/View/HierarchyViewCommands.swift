import Foundation

/// The keyboard layer both faces share over a hierarchy view: it carries out commands (from
/// ``HierarchyKeyBindings``), keeps the type-select state, and words the status line and what
/// a screen reader says. The view itself stays the seed's view; this is the layer over it.
public final class HierarchyViewCommands {
    /// The view the commands act on.
    public let view: HierarchyView
    /// The type-select state: letters typed within its timeout extend one search.
    public var typeSelect: TypeSelect
    /// The search over every child of a column that a type-select started (see
    /// ``focusItem(startingWith:limit:)``); cancelled by the next.
    private var childSearch: Task<Void, Never>?

    /// Commands on `view`, with type-select runs of `typeSelectTimeout`.
    public init(view: HierarchyView, typeSelectTimeout: Duration = .seconds(1)) {
        self.view = view
        self.typeSelect = TypeSelect(timeout: typeSelectTimeout)
    }

    /// Carries out a command on the view, the same way on every face.
    ///
    /// - Parameters:
    ///   - command: The command (from ``HierarchyKeyBindings``).
    ///   - now: The time of the key (from the face's injected clock).
    /// - Returns: What the face must do besides drawing.
    @discardableResult
    public func perform(_ command: HierarchyCommand, at now: ContinuousClock.Instant)
        -> HierarchyCommandOutcome
    {
        switch command {
        case .move(let move): view.send(.moveFocus(move))
        case .openNextLevel: openFocusedItem(activate: false)
        case .activate: openFocusedItem(activate: true)
        case .previousLevel: view.send(.focusPreviousLevel)
        case .showPreviousLevel: view.send(.showPreviousLevel)
        case .showNextLevel: view.send(.showNextLevel)
        case .toggleEditing:
            view.isEditing.toggle()
            return HierarchyCommandOutcome(message: view.isEditing ? "Editing: Space selects, e ends" : "Editing ended")
        case .selectOrPageDown:
            if view.isEditing, let uuid = view.focusedUUID {
                view.send(.tapItem(with: uuid))
                return HierarchyCommandOutcome(message: "\(view.selectedUUIDs.count) selected")
            }
            view.send(.moveFocus(.pageDown))
        case .copy:
            guard let uuid = view.focusedUUID, let content = view.copyContent(ofItemWith: uuid) else {
                return HierarchyCommandOutcome(message: "Nothing to copy")
            }
            let title = content.split(separator: "\n").first.map(String.init) ?? ""
            return HierarchyCommandOutcome(message: "Copied “\(title)”", copied: content)
        case .search: return HierarchyCommandOutcome(search: true)
        case .help: return HierarchyCommandOutcome(help: true)
        case .quit: return HierarchyCommandOutcome(quit: true)
        case .typeSelect(let text):
            let prefix = typeSelect.append(text, at: now)
            if focusItem(startingWith: prefix) { return HierarchyCommandOutcome(message: "Find: \(prefix)") }
            return HierarchyCommandOutcome(message: "No item starts with “\(prefix)”")
        case .cancelTypeSelect:
            typeSelect.cancel()
        }
        return HierarchyCommandOutcome()
    }

    /// Opens the focused item's level. With a delegate, activating is a tap on the item
    /// (`didSelectItemWith`, then `hierarchyButtonTappedForItemWith`) and opening a tap on its
    /// indicator, so the delegate decides; the focus follows into the next level when the
    /// item ends up expanded. Without a delegate the view expands the item itself.
    private func openFocusedItem(activate: Bool) {
        guard view.delegate != nil, let uuid = view.focusedUUID else {
            view.send(.focusNextLevel)
            return
        }
        if activate { view.send(.tapItem(with: uuid)) } else { view.send(.tapIndicator(ofItemWith: uuid)) }
        if view.expandedPath.contains(uuid) { view.send(.focusNextLevel) }
    }

    /// Type-to-select: focuses the first item at or after the focus whose title starts with
    /// `prefix` (case- and diacritic-insensitive), wrapping to the first.
    ///
    /// With a data source that is a ``HierarchyViewChildFinder`` every child is looked at:
    /// the loaded rows from the focus on first (at most `limit`), and from the first row not
    /// loaded the data source searches (asynchronously; the focus moves when it answers,
    /// unless another type-select came first). Otherwise no more than `limit` rows are
    /// looked at.
    ///
    /// - Returns: whether an item was found, or the search goes on in the data source.
    @discardableResult
    public func focusItem(startingWith prefix: String, limit: Int = 10_000) -> Bool {
        childSearch?.cancel()
        childSearch = nil
        let finder = view.dataSource as? HierarchyViewChildFinder
        guard let plan = view.core.planTypeSelect(prefix, limit: limit, canSearch: finder != nil) else { return false }
        let needle = HierarchyCore.typeSelectKey(prefix)
        for row in plan.rows {
            let uuid = view.ensureUUID(column: plan.column, row: row)
            // Past the rows loaded, the data source searches (it reads what is not loaded).
            let loaded =
                uuid.map { id in view.ask({ $0.hierarchyView(view, stateOfItemWith: id) }) ?? .loaded } == .loaded
            if let finder, let parent = plan.parent, !loaded {
                childSearch = searchChildren(of: parent, prefix: prefix, from: row, finder: finder)
                return true
            }
            guard let uuid, let title = view.ask({ $0.hierarchyView(view, titleForItemWith: uuid) }) ?? nil else {
                continue
            }
            if HierarchyCore.typeSelectKey(title).hasPrefix(needle) {
                view.send(.focusRow(row, inColumn: plan.column))
                return true
            }
        }
        guard let finder, let parent = plan.parent, let row = plan.searchFrom else { return false }
        childSearch = searchChildren(of: parent, prefix: prefix, from: row, finder: finder)
        return true
    }

    /// Asks the data source for the first child of `parent` from `row` whose title starts
    /// with `prefix`, and focuses it if the column is still shown when the answer comes.
    private func searchChildren(of parent: String, prefix: String, from row: Int, finder: HierarchyViewChildFinder)
        -> Task<Void, Never>
    {
        // The data source is held for the search's length (a weak capture of the existential
        // in this task corrupted the task's frame under load with Swift 6.3).
        let reference = IsolatedReference(view)
        let heldFinder = IsolatedValue(finder)
        let isolation = view.isolation
        return Task {
            await HierarchyIsolation.run(on: isolation) { _ in
                guard let view = reference.object else { return }
                let finder = heldFinder.value
                let found = await finder.hierarchyView(
                    view, indexOfChildWithTitlePrefix: prefix, inParentWith: parent, from: row)
                guard !Task.isCancelled, let found, let column = view.core.columnIndex(ofParent: parent),
                    found < view.core.columns[column].count
                else { return }
                view.send(.focusRow(found, inColumn: column))
            }
        }
    }

    /// What a screen reader says for the focused item: the cell's accessibility label, value
    /// ("3 children", "Is showing children") and hint, joined by ", "; `nil` when nothing is
    /// focused or the focused row is not on screen.
    public var focusedItemScreenReaderText: String? {
        guard let uuid = view.focusedUUID, let cell = view.cellForItem(with: uuid) else { return nil }
        let text = cell.screenReaderText
        return text.isEmpty ? nil : text
    }

    /// The status text every face shows: the focused row, editing and loading, then the data
    /// source's note, if any.
    ///
    /// - Parameters:
    ///   - isLoading: Whether the data source is loading something.
    ///   - note: What the source says of itself ("reading 2.6 MB of 25.9 MB", a table check's
    ///     finding), shown after the rest.
    /// - Returns: For example "3 of 1,024 · editing, 2 selected · loading…".
    public func statusText(isLoading: Bool, note: String? = nil) -> String {
        var text = ""
        if let f = view.focusedPosition {
            let count = view.itemCount(ofColumn: f.column)
            text = count > 0 ? "\(CountText.grouped(f.row + 1)) of \(CountText.grouped(count))" : "empty"
        }
        if view.isEditing { text += (text.isEmpty ? "" : " · ") + "editing, \(view.selectedUUIDs.count) selected" }
        if isLoading { text += (text.isEmpty ? "" : " · ") + "loading…" }
        if let note, !note.isEmpty { text += (text.isEmpty ? "" : "  ") + note }
        return text
    }
}
