import Foundation

extension HierarchyView {
    /// Carries out a command on the view, the same way on every face.
    ///
    /// - Parameters:
    ///   - command: The command (from ``HierarchyKeyBindings``).
    ///   - typeSelect: The face's type-select state.
    ///   - now: The time of the key (from the face's injected clock).
    /// - Returns: What the face must do besides drawing.
    @discardableResult
    public func perform(
        _ command: HierarchyCommand, typeSelect: inout TypeSelect,
        at now: ContinuousClock.Instant
    ) -> HierarchyCommandOutcome {
        switch command {
        case .move(let move): moveFocus(move)
        case .openNextLevel: openFocusedItem(activate: false)
        case .activate: openFocusedItem(activate: true)
        case .previousLevel: focusPreviousLevel()
        case .showPreviousLevel: showPreviousLevel()
        case .showNextLevel: showNextLevel()
        case .toggleEditing:
            isEditing.toggle()
            return HierarchyCommandOutcome(message: isEditing ? "Editing: Space selects, e ends" : "Editing ended")
        case .selectOrPageDown:
            if isEditing, let uuid = focusedUUID {
                tapItem(with: uuid)
                return HierarchyCommandOutcome(message: "\(selectedUUIDs.count) selected")
            }
            moveFocus(.pageDown)
        case .copy:
            guard let uuid = focusedUUID, let content = copyContent(ofItemWith: uuid) else {
                return HierarchyCommandOutcome(message: "Nothing to copy")
            }
            let title = content.split(separator: "\n").first.map(String.init) ?? ""
            return HierarchyCommandOutcome(message: "Copied “\(title)”", copied: content)
        case .search: return HierarchyCommandOutcome(search: true)
        case .help: return HierarchyCommandOutcome(help: true)
        case .quit: return HierarchyCommandOutcome(quit: true)
        case .typeSelect(let text):
            let prefix = typeSelect.append(text, at: now)
            if self.typeSelect(prefix) { return HierarchyCommandOutcome(message: "Find: \(prefix)") }
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
    ///
    /// - Parameter activate: Tap the item rather than its indicator.
    public func openFocusedItem(activate: Bool) {
        guard delegate != nil, let uuid = focusedUUID else {
            focusNextLevel()
            return
        }
        if activate { tapItem(with: uuid) } else { tapIndicator(ofItemWith: uuid) }
        if expandedPath.contains(uuid) { focusNextLevel() }
    }

    /// What a screen reader says for the focused item: the cell's accessibility label, value
    /// ("3 children", "Is showing children") and hint, joined by ", "; `nil` when nothing is
    /// focused or the focused row is not on screen.
    public var focusedItemScreenReaderText: String? {
        guard let uuid = focusedUUID, let cell = cellForItem(with: uuid) else { return nil }
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
        if let f = focusedPosition {
            let count = itemCount(ofColumn: f.column)
            text = count > 0 ? "\(CountText.grouped(f.row + 1)) of \(CountText.grouped(count))" : "empty"
        }
        if isEditing { text += (text.isEmpty ? "" : " · ") + "editing, \(selectedUUIDs.count) selected" }
        if isLoading { text += (text.isEmpty ? "" : " · ") + "loading…" }
        if let note, !note.isEmpty { text += (text.isEmpty ? "" : "  ") + note }
        return text
    }
}
