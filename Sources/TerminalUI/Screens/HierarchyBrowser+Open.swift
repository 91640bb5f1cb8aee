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
            !typeSelect.isActive(at: now()),
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
}
