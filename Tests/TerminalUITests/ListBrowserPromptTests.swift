import HierarchySources
import ListFloorplan
import Testing

@testable import TerminalUI

/// What the prompts answered, in order.
@MainActor
final class PromptAnswers<Answer> {
    var all: [Answer] = []
}

/// The key-line questions of the list: a title to type, a yes/no confirmation.
@MainActor
@Suite struct ListBrowserPromptTests {
    func loaded() async -> ListBrowser<HierarchyListItem, HierarchyListSection> {
        let (browser, _, _) = partsBrowser(count: 5)
        browser.start()
        await browser.finishPendingWork()
        return browser
    }

    @Test func aTextPromptTakesTheKeysUntilEnter() async throws {
        let browser = await loaded()
        let answers = PromptAnswers<String?>()
        browser.screen.addButtonDidTapHandler = { [weak browser] in
            browser?.ask("Title of the new item:") { answer in answers.all.append(answer) }
        }
        browser.type("+")
        #expect(browser.prompt?.question == "Title of the new item:")
        #expect(browser.frame.split(separator: "\n").last?.hasPrefix(" Title of the new item: ▏") == true)
        browser.type("Pump x")
        await browser.press(KeyEvent(.backspace))
        browser.type("9")
        // The search field got none of it.
        #expect(browser.viewModel.searchText == "")
        #expect(browser.frame.contains(" Title of the new item: Pump 9▏"))
        await browser.press(KeyEvent(.enter))
        #expect(answers.all == ["Pump 9"])
        #expect(browser.prompt == nil)
        browser.type("+")
        await browser.press(KeyEvent(.escape))
        #expect(answers.all == ["Pump 9", nil])
        browser.show(message: "added “Pump 9”")
        #expect(browser.frame.contains("added “Pump 9”"))
    }

    @Test func deleteAsksFirstAndOnlyYConfirms() async throws {
        let browser = await loaded()
        let answers = PromptAnswers<Bool>()
        browser.screen.deleteButtonDidTapHandler = { [weak browser] _, item in
            browser?.confirm("Delete “\(item.node.title)”? (y/n)") { yes in answers.all.append(yes) }
        }
        #expect(browser.frame.contains("Del delete"))
        await browser.press(KeyEvent(.down), KeyEvent(.delete))
        #expect(browser.frame.contains(" Delete “Pump P-002”? (y/n)"))
        browser.type("n")
        #expect(answers.all == [false])
        await browser.press(KeyEvent(.delete))
        browser.type("y")
        #expect(answers.all == [false, true])
        #expect(browser.prompt == nil)
        #expect(browser.viewModel.searchText == "")
    }
}
