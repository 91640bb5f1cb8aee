import Foundation
import HierarchyKit

/// One browser tab's list floorplan or linear hierarchy: it draws as a ``WebScreenSnapshot`` and
/// takes the page's ``WebScreenAction``s. Sessions live on the main actor, where seed
/// controllers run.
@MainActor
protocol WebScreenSession: AnyObject, Sendable {
    /// Counts the session's changes and wakes the requests waiting for one.
    var changes: WebScreenChanges { get }
    /// The screen as the page draws it now.
    func snapshot() -> WebScreenSnapshot
    /// Applies one action of the page.
    ///
    /// - Throws: `WebError` 400 for an action this screen does not know, 409 for a row or cell
    ///   that is no longer where the page saw it.
    func apply(_ action: WebScreenAction) async throws(WebError)
    /// The session is dropped: stop its work.
    func close()
}

/// The version of a session's screen and the requests waiting for a newer one.
@MainActor
final class WebScreenChanges {
    /// Grows by one at every change.
    private(set) var version = 0
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// Records a change and wakes every waiting request.
    func changed() {
        version += 1
        let woken = waiters
        waiters.removeAll()
        for waiter in woken.values { waiter.resume() }
    }

    /// Waits until the version is newer than `version`, at most `timeout`.
    ///
    /// - Parameters:
    ///   - after: The version the page has.
    ///   - timeout: The longest wait.
    func wait(after: Int, timeout: Duration) async {
        guard self.version <= after else { return }
        nextWaiter += 1
        let id = nextWaiter
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiters[id] = continuation
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: timeout)
                self?.waiters.removeValue(forKey: id)?.resume()
            }
        }
    }

    /// Wakes every waiting request (the session closes).
    func wakeAll() {
        let woken = waiters
        waiters.removeAll()
        for waiter in woken.values { waiter.resume() }
    }
}

/// What the page draws for a screen session: the kind of screen and its state.
struct WebScreenSnapshot: Encodable, Sendable {
    /// The session's id.
    var session = ""
    /// `list` or `linear`.
    var kind: String
    /// Grows with every change.
    var version: Int
    /// The name in the page's title bar.
    var title: String
    /// The list floorplan, for `kind == "list"`.
    var list: WebListSnapshot?
    /// The linear hierarchy, for `kind == "linear"`.
    var linear: WebLinearSnapshot?
    /// A one-line message about the last action (a refused action, a handler's failure).
    var message: String?
}

/// One action of a screen page: `{"type": ..., "text"?, "section"?, "item"?, "key"?}`.
///
/// Lists take `search` (text), `more`, `refresh`, `retry`, `add`, `select` and `delete`
/// (section, item and the row's key); linear hierarchies take `select` (section and item).
struct WebScreenAction: Decodable, Sendable {
    var type: String
    var text: String?
    var section: Int?
    var item: Int?
    var key: String?

    /// The position an action names.
    ///
    /// - Throws: `WebError` 400 when `section` or `item` is missing or negative.
    func position() throws(WebError) -> (section: Int, item: Int) {
        guard let section, let item, section >= 0, item >= 0 else {
            throw WebError.badRequest("the action \(type) needs a section and an item (numbers from 0)")
        }
        return (section, item)
    }
}

/// Texts as screen snapshots send them.
enum WebScreenText {
    /// The longest text sent for one field (characters).
    static let maximumLength = 2_000

    /// A text cut to `length` characters (with "…"), so a huge field is never sent whole.
    static func cut(_ text: String?, to length: Int = maximumLength) -> String? {
        guard let text else { return nil }
        guard text.count > length else { return text }
        return String(text.prefix(length)) + "…"
    }
}
