import Foundation
import HierarchyKit
import HierarchyTestSupport
import Testing

@testable import TerminalUI

/// The chrome every face shares: one too-small screen, help on every face, notices that leave
/// by themselves on an injected clock.
@Suite("ScreenChrome")
@MainActor
struct ScreenChromeTests {
    /// A linear controller's face with three cells in one row.
    static func collectionScreen(columns: Int, rows: Int, clock: ManualClock = ManualClock()) -> (
        LinearCollectionScreen, LinearHierarchyViewController
    ) {
        let layout = LinearHierarchyFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = Size(width: 10, height: 1)
        let controller = LinearHierarchyViewController(collectionViewLayout: layout)
        controller.hierarchyItems = [
            ["name": "Planets", "children": [["name": "Earth"], ["name": "Mars"]]], ["name": "Stars"],
        ]
        let screen = LinearCollectionScreen(
            controller: controller, title: "Space", palette: .monochrome, columns: columns, rows: rows,
            now: { clock.now })
        return (screen, controller)
    }

    /// Every face over the sample (or a controller), as the run loop sees them.
    static func everyFace(columns: Int, rows: Int, clock: ManualClock = ManualClock()) async throws -> [(
        name: String, screen: any TerminalScreen, keepAlive: AnyObject?
    )] {
        let browser = try await sampleBrowser(columns: columns, rows: rows, clock: clock)
        let table = try await sampleTableBrowser(columns: columns, rows: rows)
        let linear = try await sampleLinearBrowser(axis: .vertical, columns: columns, rows: rows)
        let chips = try await sampleLinearBrowser(axis: .horizontal, columns: columns, rows: rows)
        let (list, _, _) = partsBrowser(count: 5, columns: columns, rows: rows)
        list.start()
        await list.finishPendingWork()
        let (collection, controller) = collectionScreen(columns: columns, rows: rows, clock: clock)
        return [
            ("columns", browser, nil), ("table", table, nil), ("linear rows", linear, nil),
            ("linear chips", chips, nil), ("list", list, nil), ("linear controller", collection, controller),
        ]
    }

    @Test("Every face says the same thing in a terminal too small for it")
    func oneTooSmallScreen() async throws {
        for face in try await Self.everyFace(columns: 80, rows: 24) {
            face.screen.resize(columns: 30, rows: 2)
            let frame = trimmedFrame(face.screen.render().plainText)
            #expect(frame == "\n  Terminal too small (30×2)", "\(face.name): \(frame)")
            face.screen.resize(columns: 8, rows: 2)
            #expect(trimmedFrame(face.screen.render().plainText) == "\nToo sma…", "\(face.name)")
        }
    }

    @Test("? shows the keys on every face; the next key closes them, q quits from them")
    func helpOnEveryFace() async throws {
        for face in try await Self.everyFace(columns: 80, rows: 24) {
            let before = face.screen.render().plainText
            #expect(!before.contains(" Keys "), "\(face.name)")
            #expect(face.screen.handle([.key(KeyEvent(.character("?")))]).isEmpty, "\(face.name)")
            let help = face.screen.render().plainText
            #expect(help.contains(" Keys "), "\(face.name)")
            #expect(help.contains("quit") || help.contains("close"), "\(face.name)")
            // Any key closes the help and does nothing else.
            #expect(face.screen.handle([.key(KeyEvent(.escape))]).isEmpty, "\(face.name)")
            #expect(face.screen.render().plainText == before, "\(face.name)")
            _ = face.screen.handle([.key(KeyEvent(.character("?")))])
            #expect(face.screen.handle([.key(KeyEvent(.character("q")))]) == [.quit], "\(face.name)")
        }
    }

    @Test("Every face's status line offers the help")
    func statusLineOffersHelp() async throws {
        for face in try await Self.everyFace(columns: 100, rows: 24) {
            let last = face.screen.render().plainText.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains("? help"), "\(face.name): \(last)")
        }
    }

    @Test("A notice leaves its time after the first frame shows it (injected clock); the run loop is told when")
    func noticeExpires() async throws {
        let clock = ManualClock()
        let browser = try await sampleBrowser(columns: 80, rows: 24, clock: clock)
        #expect(browser.redrawDeadline == nil)
        let commands = await browser.press(KeyEvent(.character("y")))
        #expect(commands.count == 1)
        let notice = try #require(browser.message)
        #expect(!notice.isError)
        // Its time starts with the first frame that shows it.
        #expect(browser.redrawDeadline == nil)
        clock.advance(by: .seconds(60))
        #expect(browser.message?.text == notice.text)
        #expect(browser.frame.contains(notice.text))
        #expect(browser.redrawDeadline == clock.now.advanced(by: ScreenChrome.noticeLifetime))
        clock.advance(by: ScreenChrome.noticeLifetime - .milliseconds(1))
        #expect(browser.message?.text == notice.text)
        #expect(browser.frame.contains(notice.text))
        clock.advance(by: .milliseconds(1))
        #expect(browser.message == nil)
        #expect(browser.redrawDeadline == nil)
        #expect(!browser.frame.contains(notice.text))
    }

    @Test("An error stays until the next key, however long no key comes")
    func errorStaysUntilAKey() async throws {
        let clock = ManualClock()
        let browser = try await sampleBrowser(columns: 80, rows: 24, clock: clock)
        browser.message = ("cannot read the disk", true)
        #expect(browser.redrawDeadline == nil)
        clock.advance(by: .seconds(3600))
        #expect(browser.message?.text == "cannot read the disk")
        #expect(browser.frame.contains("cannot read the disk"))
        await browser.press(KeyEvent(.down))
        #expect(browser.message == nil)
    }

    @Test("Notices expire the same way on the list, the linear faces and the linear controller")
    func noticesExpireOnEveryFace() async throws {
        let clock = ManualClock()
        let (list, _, _) = partsBrowser(count: 5)
        list.chrome.now = { clock.now }
        list.start()
        await list.finishPendingWork()
        list.show(message: "Added P-006")
        #expect(list.frame.contains("Added P-006"))
        clock.advance(by: ScreenChrome.noticeLifetime)
        #expect(list.message == nil)
        #expect(!list.frame.contains("Added P-006"))

        let linear = try await sampleLinearBrowser(axis: .vertical, columns: 80, rows: 24)
        linear.chrome.now = { clock.now }
        await linear.press(KeyEvent(.character("y")))
        let copied = try #require(linear.message?.text)
        #expect(linear.frame.contains(copied))
        clock.advance(by: ScreenChrome.noticeLifetime)
        #expect(linear.message == nil)
        #expect(!linear.frame.contains(copied))

        let (collection, controller) = Self.collectionScreen(columns: 100, rows: 6, clock: clock)
        _ = collection.handle([.key(KeyEvent(.enter))])
        #expect(controller.hierarchyLevel == 1)
        let note = try #require(collection.changeNote)
        #expect(collection.render().plainText.contains(note))
        clock.advance(by: ScreenChrome.noticeLifetime)
        #expect(collection.changeNote == nil)
        #expect(!collection.render().plainText.contains(note))
    }

    @Test("The status line leaves out the last keys first, then all, to show the message; without one it keeps a key")
    func statusLineFits() {
        func line(_ status: StatusLine, columns: Int) -> String {
            var buffer = ScreenBuffer(width: columns, height: 1)
            status.draw(into: &buffer, palette: .monochrome)
            return buffer.plainText
        }
        let status = StatusLine(
            text: "2 of 8", message: ("Copied “a long name”", false), keys: ["? help", "q quit"])
        #expect(
            line(status, columns: 50) == " 2 of 8  Copied “a long name”" + String(repeating: " ", count: 6)
                + "? help  q quit ")
        #expect(line(status, columns: 38) == " 2 of 8  Copied “a long name”  ? help ")
        #expect(line(status, columns: 30) == " 2 of 8  Copied “a long name” ")
        #expect(line(status, columns: 20) == " 2 of 8  Copied “a …")
        var plain = status
        plain.message = nil
        #expect(line(plain, columns: 20) == " 2 of 8      ? help ")
        #expect(line(plain, columns: 12) == " 2 of 8     ")
        // Control characters in a message never reach the terminal.
        let hostile = StatusLine(text: "", message: ("\u{1B}]0;pwned\u{07}", true), keys: [])
        #expect(!line(hostile, columns: 30).contains("\u{1B}"))
    }
}
