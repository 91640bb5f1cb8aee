import HierarchyFileSystem
import HierarchyKit
import HierarchySources

extension HierarchyBrowser {
    /// Enter or `o` on a file of a folder's source: the program that opens it gets the
    /// terminal (``BrowserCommand/run(_:)``); the browser comes back where it was. `o` on a
    /// folder opens its level, as → does.
    ///
    /// - Parameter event: The key.
    /// - Returns: The commands, or `nil` when the key means what it means elsewhere.
    func openFocusedFile(for event: KeyEvent) -> [BrowserCommand]? {
        guard opensFiles, event.modifiers.isEmpty, event.key == .enter || event.key == .character("o"),
            !commands.typeSelect.isActive(at: now()),
            let source = dataSource?.source as? FileSystemSource,
            let uuid = view.focusedUUID, let node = dataSource?.node(for: uuid)
        else { return nil }
        if node.isContainer {
            return event.key == .enter ? nil : perform(.openNextLevel)
        }
        let opened = fileOpener.program(forFileAt: source.systemPath(ofID: uuid), name: node.title) {
            [weak self] failure in
            self?.message = failure.map { ($0, true) }
        }
        switch opened {
        case .success(let program):
            return [.run(program)]
        case .failure(let failure):
            message = (failure.message, true)
            return []
        }
    }

    /// The folder keys of nnn and lf: `.` shows or hides names starting with a dot, Ctrl-R
    /// reads the folders again. The view keeps its path where the items still are.
    ///
    /// - Parameter event: The key.
    /// - Returns: The commands, or `nil` when the key means what it means elsewhere (`.` while
    ///   a type-select runs is part of the name typed).
    func folderKey(_ event: KeyEvent) -> [BrowserCommand]? {
        guard let source = dataSource?.source as? FileSystemSource else { return nil }
        if event.key == .character("."), event.modifiers.isEmpty, !commands.typeSelect.isActive(at: now()) {
            let shows = !source.includesHiddenFiles
            source.setIncludesHiddenFiles(shows)
            message = (shows ? "Hidden files shown (. hides them)" : "Hidden files hidden (. shows them)", false)
            return []
        }
        if event.key == .character("r"), event.modifiers == .control {
            source.invalidate()
            message = ("Read again", false)
            return []
        }
        return nil
    }
}
