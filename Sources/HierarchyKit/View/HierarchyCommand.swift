/// What a key asks a hierarchy face to do, the same on every face (terminal columns,
/// terminal linear, web page). ``HierarchyKeyBindings`` maps keys to commands;
/// `HierarchyViewCommands.perform(_:at:)` carries them out on a view.
public enum HierarchyCommand: Hashable, Sendable {
    /// Move the focus within the level.
    case move(HierarchyFocusMove)
    /// Open the focused item's level (a tap on its indicator when there is a delegate).
    case openNextLevel
    /// Activate the focused item (a tap on the item: select it, then open it).
    case activate
    /// Back to the previous level.
    case previousLevel
    /// Show the previous or next level without moving the focus.
    case showPreviousLevel
    /// Show the next level without moving the focus.
    case showNextLevel
    /// Editing mode on or off.
    case toggleEditing
    /// In editing mode select the focused item; otherwise page down.
    case selectOrPageDown
    /// Copy the focused item's title, subtitle and footnote.
    case copy
    /// Open the search over the whole hierarchy.
    case search
    /// Show the help.
    case help
    /// Leave.
    case quit
    /// Extend (or start) the type-select search with this text.
    case typeSelect(String)
    /// End the type-select search.
    case cancelTypeSelect
}
