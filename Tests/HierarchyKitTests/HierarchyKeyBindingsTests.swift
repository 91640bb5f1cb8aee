import Testing

@testable import HierarchyKit

@Suite struct HierarchyKeyBindingsTests {
    let bindings = HierarchyKeyBindings()

    @Test func keysMapToTheSharedCommands() {
        let expected: [(HierarchyKey, HierarchyCommand?)] = [
            (.up, .move(.up)), (.down, .move(.down)), (.pageUp, .move(.pageUp)), (.pageDown, .move(.pageDown)),
            (.home, .move(.home)), (.end, .move(.end)), (.right, .openNextLevel), (.left, .previousLevel),
            (.enter, .activate), (.backspace, .previousLevel), (.tab, .showNextLevel), (.backTab, .showPreviousLevel),
            (.escape, .cancelTypeSelect), (.character("j"), .move(.down)), (.character("k"), .move(.up)),
            (.character("l"), .openNextLevel), (.character("h"), .previousLevel), (.character("g"), .move(.home)),
            (.character("G"), .move(.end)), (.character("["), .showPreviousLevel), (.character("]"), .showNextLevel),
            (.character("?"), .help), (.character("/"), .search), (.character("e"), .toggleEditing),
            (.character(" "), .selectOrPageDown), (.character("y"), .copy), (.character("q"), .quit),
            (.character("P"), .typeSelect("P")), (.character("7"), .typeSelect("7")), (.character("\t"), nil),
        ]
        for (key, command) in expected {
            #expect(bindings.command(for: key) == command, "\(key)")
        }
    }

    @Test func rightToLeftMirrorsTheArrowsOnly() {
        #expect(bindings.command(for: .right, rightToLeft: true) == .previousLevel)
        #expect(bindings.command(for: .left, rightToLeft: true) == .openNextLevel)
        #expect(bindings.command(for: .character("l"), rightToLeft: true) == .openNextLevel)
        #expect(bindings.command(for: .enter, rightToLeft: true) == .activate)
    }

    @Test func controlKeys() {
        #expect(bindings.command(for: .character("c"), control: true) == .quit)
        #expect(bindings.command(for: .character("q"), control: true) == .quit)
        #expect(bindings.command(for: .character("f"), control: true) == .move(.pageDown))
        #expect(bindings.command(for: .character("b"), control: true) == .move(.pageUp))
        #expect(bindings.command(for: .character("n"), control: true) == .move(.down))
        #expect(bindings.command(for: .character("p"), control: true) == .move(.up))
        #expect(bindings.command(for: .character("x"), control: true) == nil)
        #expect(bindings.command(for: .up, control: true) == nil)
    }

    @Test func whileTypeSelectingEveryLetterExtendsTheSearch() {
        #expect(bindings.command(for: .character("j"), isTypeSelecting: true) == .typeSelect("j"))
        #expect(bindings.command(for: .character("q"), isTypeSelecting: true) == .typeSelect("q"))
        #expect(bindings.command(for: .character(" "), isTypeSelecting: true) == .typeSelect(" "))
        #expect(bindings.command(for: .character(" "), isTypeSelecting: false) == .selectOrPageDown)
        #expect(bindings.command(for: .down, isTypeSelecting: true) == .move(.down))
    }

    @Test func helpDescribesEveryGroupOfKeys() {
        #expect(HierarchyKeyBindings.help.count == 11)
        #expect(HierarchyKeyBindings.help.first?.keys == "↑ ↓  j k")
        #expect(HierarchyKeyBindings.help.last?.meaning == "quit")
    }
}

@Suite struct TypeSelectTests {
    let start = ContinuousClock.now

    @Test func lettersWithinTheTimeoutExtendOneSearch() {
        var typeSelect = TypeSelect(timeout: .seconds(1))
        #expect(!typeSelect.isActive(at: start))
        #expect(typeSelect.append("p", at: start) == "p")
        #expect(typeSelect.isActive(at: start + .milliseconds(999)))
        #expect(typeSelect.append("u", at: start + .milliseconds(999)) == "pu")
        #expect(typeSelect.append("m", at: start + .milliseconds(1_500)) == "pum")
    }

    @Test func aPauseStartsANewSearch() {
        var typeSelect = TypeSelect(timeout: .seconds(1))
        _ = typeSelect.append("p", at: start)
        #expect(!typeSelect.isActive(at: start + .seconds(1)))
        #expect(typeSelect.append("t", at: start + .seconds(1)) == "t")
    }

    @Test func cancelEndsTheSearch() {
        var typeSelect = TypeSelect()
        _ = typeSelect.append("p", at: start)
        typeSelect.cancel()
        #expect(!typeSelect.isActive(at: start))
        #expect(typeSelect.text == "")
    }

    @Test(arguments: [1, 3, 100])
    func theSearchIsBounded(maximum: Int) {
        var typeSelect = TypeSelect(maximumLength: maximum)
        var text = ""
        for i in 0..<(maximum + 5) { text = typeSelect.append(String(i % 10), at: start) }
        #expect(text.count == maximum)
    }
}

@MainActor
@Suite struct HierarchyViewCommandsTests {
    let now = ContinuousClock.now

    @Test func activateTapsTheItemAndOpenIndicatorTapsTheIndicator() {
        let source = plantSource()
        let view = makeView(source, width: 120)
        let commands = HierarchyViewCommands(view: view)
        let focused = view.focusedUUID
        #expect(focused == "A1")
        commands.perform(.activate, at: now)
        #expect(source.selections == ["A1"])
        #expect(source.indicatorTaps == ["A1"])
        #expect(view.focusedUUID == "P1")
        commands.perform(.previousLevel, at: now)
        commands.perform(.move(.end), at: now)
        commands.perform(.openNextLevel, at: now)
        #expect(source.selections == ["A1"])
        #expect(source.indicatorTaps == ["A1", "A3"])
        #expect(view.focusedUUID == "M1")
    }

    @Test func aDelegateThatKeepsTheItemClosedKeepsTheFocus() {
        let source = plantSource()
        source.takesIndicatorTaps = true
        let view = makeView(source, width: 120)
        let commands = HierarchyViewCommands(view: view)
        commands.perform(.openNextLevel, at: now)
        #expect(source.indicatorTaps == ["A1"])
        #expect(view.focusedUUID == "A1")
    }

    @Test func outcomesCarryMessagesCopiesAndFaceRequests() {
        let view = makeView(plantSource(), width: 120)
        let commands = HierarchyViewCommands(view: view)
        #expect(commands.perform(.quit, at: now) == HierarchyCommandOutcome(quit: true))
        #expect(commands.perform(.search, at: now) == HierarchyCommandOutcome(search: true))
        #expect(commands.perform(.help, at: now) == HierarchyCommandOutcome(help: true))
        #expect(
            commands.perform(.toggleEditing, at: now).message == "Editing: Space selects, e ends")
        #expect(commands.perform(.selectOrPageDown, at: now).message == "1 selected")
        #expect(commands.statusText(isLoading: true) == "1 of 3 · editing, 1 selected · loading…")
        #expect(commands.perform(.toggleEditing, at: now).message == "Editing ended")
        #expect(commands.statusText(isLoading: false) == "1 of 3")
        let copy = commands.perform(.copy, at: now)
        #expect(copy.copied == view.copyContent(ofItemWith: "A1"))
        #expect(copy.message == "Copied “\(view.copyContent(ofItemWith: "A1")?.split(separator: "\n").first ?? "")”")
    }

    @Test func typeSelectUsesTheInjectedTime() {
        let view = makeView(plantSource(), width: 120)
        let commands = HierarchyViewCommands(view: view, typeSelectTimeout: .seconds(1))
        #expect(commands.perform(.typeSelect("A"), at: now).message == "Find: A")
        #expect(
            commands.perform(.typeSelect("3"), at: now + .milliseconds(500)).message == "Find: A3")
        #expect(view.focusedUUID == "A3")
        #expect(
            commands.perform(.typeSelect("Z"), at: now + .seconds(3)).message
                == "No item starts with “Z”")
        commands.perform(.cancelTypeSelect, at: now + .seconds(3))
        #expect(commands.typeSelect.text == "")
    }
}
