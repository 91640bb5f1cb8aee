import Foundation
import HierarchyTestSupport
import Testing

/// Open and pick in a folder, and the copies after `y`, in a real terminal (tmux): an editor
/// gets the terminal and gives it back, `--choose` and `--print-last-dir` print for the shell
/// while the browser draws on the terminal, and `yp`, `yq`, `yv` reach the clipboard (tmux's
/// buffer) through OSC 52.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed"))
struct OpenAndChooseTests {
    /// A folder `d` holding `sub/c.txt`, `a.txt` (text) and `b.bin` (binary), and a `bin` folder
    /// for stand-in programs, in a scratch directory.
    static func fixture() throws -> URL {
        let root = try ScratchDirectory.make("hierarchy-open")
        let folder = root.appendingPathComponent("d")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try "hello\n".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        try Data([0x00, 0x01, 0x02]).write(to: folder.appendingPathComponent("b.bin"))
        try "c\n".write(to: folder.appendingPathComponent("sub/c.txt"), atomically: true, encoding: .utf8)
        return root
    }

    /// A stand-in program: a shell script in the fixture's `bin`.
    static func program(_ name: String, in root: URL, _ body: String) throws -> String {
        let url = root.appendingPathComponent("bin/\(name)")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// Runs shell text in a pane (the program is `$H`), then prints `EXIT=` and its status, the
    /// terminal's `icanon`/`echo` modes, and `DONE`.
    static func session(_ shell: String, in root: URL) throws -> Tmux {
        let script = root.appendingPathComponent("session-\(UUID().uuidString).sh")
        try """
        H='\(ProgramRunner.executable.path)'
        cd '\(root.path)'
        \(shell)
        echo EXIT=$?
        stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '
        echo
        echo DONE
        exec sleep 60
        """.write(to: script, atomically: true, encoding: .utf8)
        return try Tmux(command: "sh \(script.path)", columns: 100, rows: 30)
    }

    static func contents(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    func expectSane(_ tmux: Tmux, exit: String = "0") async throws -> String {
        let screen = try await tmux.waitFor("the program to exit") { $0.contains("DONE") }
        #expect(screen.contains("EXIT=\(exit)"))
        #expect(screen.contains("icanon echo"))
        #expect(try tmux.format("alternate_on") == "0")
        return screen
    }

    /// The editor gets the terminal in line mode with every key, and the browser comes back
    /// where it was: the stand-in editor reads a line typed in the pane.
    @Test func enterOpensATextFileInTheEditorAndTheBrowserComesBack() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let marker = root.appendingPathComponent("marker")
        let editor = try Self.program(
            "editor", in: root,
            """
            printf 'EDITING %s\\n' "$1"
            read answer
            printf '%s %s\\n' "$1" "$answer" > '\(marker.path)'
            """)
        let tmux = try Self.session("EDITOR='\(editor)' VISUAL= \"$H\" d", in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on a.txt") { $0.contains("2 of 3") }
        try tmux.send("Enter")
        let editing = try await tmux.waitFor("the editor") { $0.contains("EDITING ") }
        #expect(editing.contains("d/a.txt"))
        #expect(try tmux.format("alternate_on") == "0")
        try tmux.send("written", "Enter")
        try await tmux.waitFor("the browser back on a.txt") { $0.contains("2 of 3") && $0.contains("? help") }
        // The editor wrote the marker before it ended, and the browser came back only after.
        #expect(Self.contents(marker) == root.path + "/d/a.txt written\n")
        #expect(try tmux.format("alternate_on") == "1")
        // Keys reach the browser again.
        try tmux.send("j")
        try await tmux.waitFor("the focus on b.bin") { $0.contains("3 of 3") }
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// Ctrl-C while the editor has the terminal interrupts the editor (the terminal's
    /// foreground group), not the browser, which comes back and says so.
    @Test func ctrlCInTheEditorEndsTheEditorNotTheBrowser() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Self.program("editor", in: root, "printf 'EDITING %s\\n' \"$1\"\nread answer")
        // The session's own shell, in the same group, lives on to report (a shell at a prompt would).
        let tmux = try Self.session("trap : INT; EDITOR='\(editor)' VISUAL= \"$H\" d", in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on a.txt") { $0.contains("2 of 3") }
        try tmux.send("Enter")
        try await tmux.waitFor("the editor") { $0.contains("EDITING ") }
        try tmux.send("C-c")
        try await tmux.waitFor("the browser back") { $0.contains("editor ended by signal 2") && $0.contains("2 of 3") }
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// A file that is not text goes to xdg-open (a stand-in on PATH); `o` opens as Enter does.
    @Test func oOpensABinaryFileWithTheOpener() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let marker = root.appendingPathComponent("marker")
        _ = try Self.program("xdg-open", in: root, "printf 'opened %s\\n' \"$1\" > '\(marker.path)'")
        let tmux = try Self.session("PATH='\(root.path)/bin':\"$PATH\" \"$H\" d", in: root)
        try await tmux.waitFor("the folder") { $0.contains("b.bin") && $0.contains("1 of 3") }
        try tmux.send("G")
        try await tmux.waitFor("the focus on b.bin") { $0.contains("3 of 3") }
        try tmux.send("o")
        try await tmux.waitFor("the browser back") { $0.contains("3 of 3") && $0.contains("? help") }
        #expect(Self.contents(marker) == "opened \(root.path)/d/b.bin\n")
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// An editor that is not installed, or one that fails, is a line on the status line; the
    /// browser goes on.
    @Test func aMissingOrFailingEditorIsAStatusLine() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let failing = try Self.program("failing", in: root, "exit 3")
        let tmux = try Self.session(
            "EDITOR=no-such-editor-here VISUAL= \"$H\" d; EDITOR='\(failing)' VISUAL= \"$H\" d", in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("j", "Enter")
        try await tmux.waitFor("the message") { $0.contains("$EDITOR names “no-such-editor-here”, which is not found") }
        try tmux.send("q")
        try await tmux.waitFor("the second run") {
            $0.contains("a.txt") && $0.contains("1 of 3") && !$0.contains("not found")
        }
        try tmux.send("j", "Enter")
        try await tmux.waitFor("the failure") { $0.contains("failing exited with status 3") && $0.contains("2 of 3") }
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// `--choose` inside `$(…)`: the browser draws on the terminal, the focused path goes to the
    /// shell.
    @Test func chooseGivesTheFocusedPathToTheShell() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try Self.session(
            #"out=$("$H" --choose d); status=$?; printf 'OUT=[%s]\n' "$out"; (exit $status)"#, in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on a.txt") { $0.contains("2 of 3") }
        try tmux.send("q")
        let screen = try await expectSane(tmux)
        #expect(screen.contains("OUT=[\(root.path)/d/a.txt]"))
    }

    /// Ctrl-C in a picker chooses nothing: no output, exit 130; q still chooses the focus.
    @Test func ctrlCInAPickerChoosesNothing() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("chosen")
        try "stale".write(to: output, atomically: true, encoding: .utf8)
        let tmux = try Self.session(#"trap : INT; "$H" --choose d > chosen"#, in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on a.txt") { $0.contains("2 of 3") }
        try tmux.send("C-c")
        _ = try await expectSane(tmux, exit: "130")
        #expect(Self.contents(output).isEmpty)
    }

    /// The selected paths, NUL-separated with `-0`, in the order they were selected.
    @Test func chooseWithNulPrintsEverySelectedPath() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("chosen")
        let tmux = try Self.session(#""$H" --choose -0 d > chosen"#, in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("e")
        try await tmux.waitFor("editing") { $0.contains("editing, 0 selected") }
        try tmux.send("G", "Space")
        try await tmux.waitFor("b.bin selected") { $0.contains("editing, 1 selected") }
        try tmux.send("k", "Space")
        try await tmux.waitFor("a.txt selected") { $0.contains("editing, 2 selected") }
        try tmux.send("q")
        _ = try await expectSane(tmux)
        let folder = root.path + "/d/"
        #expect(Self.contents(output) == folder + "b.bin\0" + folder + "a.txt\0")
    }

    /// `--print-selection FILE` writes the choice to the file and `--print-last-dir` prints
    /// the folder the focus is in, so `cd "$(hierarchy --print-last-dir)"` follows the browser.
    @Test func printSelectionAndPrintLastDir() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let selection = root.appendingPathComponent("selection")
        let tmux = try Self.session(
            #"cd "$("$H" --print-selection selection --print-last-dir d)" && echo "PWD=[$PWD]""#, in: root)
        try await tmux.waitFor("the folder") { $0.contains("a.txt") && $0.contains("1 of 3") }
        try tmux.send("l")
        try await tmux.waitFor("inside sub") { $0.contains("d › sub › c.txt") }
        try tmux.send("q")
        let screen = try await expectSane(tmux)
        #expect(screen.contains("PWD=[\(root.path)/d/sub]"))
        #expect(Self.contents(selection) == root.path + "/d/sub/c.txt\n")
    }

    /// Flags that cannot go together, or a last folder of no folder, are usage errors.
    @Test func misusedFlagsAreUsageErrors() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = root.appendingPathComponent("doc.json")
        try #"{"a": 1}"#.write(to: document, atomically: true, encoding: .utf8)
        for arguments in [
            ["-0", root.path], ["--choose", "--print-last-dir", root.path], ["--print-last-dir", document.path],
        ] {
            let result = try await ProgramRunner.run(arguments, timeout: .seconds(60))
            #expect(result.status == 64, "\(arguments): \(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    /// The clipboard as tmux received it through OSC 52.
    static func clipboard(_ tmux: Tmux) throws -> String {
        try tmux.tmux(["show-buffer"])
    }

    /// Waits until the clipboard holds `expected`. The status line's "Copied …" notice leaves a
    /// few seconds after it is drawn, so a loaded machine may never see it; the clipboard stays.
    static func waitForClipboard(_ tmux: Tmux, _ expected: String) async throws {
        _ = try await tmux.waitFor("the clipboard to hold \(expected)") { _ in (try? clipboard(tmux)) == expected }
    }

    /// `yp`, `yq` and `yv` in a document; `y` then another key keeps that key's meaning.
    @Test func copiesReachTheClipboardThroughOSC52() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        try #"{"a": {"b/c": [10, {"d e": "x~"}]}, "n": "12"}"#
            .write(to: root.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        let tmux = try Self.session(#""$H" doc.json"#, in: root)
        try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try await tmux.waitFor("the document") { $0.contains("b/c") && $0.contains("? help") }
        try tmux.send("l")
        try await tmux.waitFor("the focus in b/c") { $0.contains("doc.json › a › b/c") }
        try tmux.send("l")
        try await tmux.waitFor("the focus on [0]") { $0.contains("b/c › [0]") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on [1]") { $0.contains("b/c › [1]") }
        try tmux.send("y")
        try await tmux.waitFor("the pending y") { $0.contains("y… p pointer") }
        try tmux.send("p")
        try await Self.waitForClipboard(tmux, "/a/b~1c/1")
        try tmux.send("y", "q")
        try await Self.waitForClipboard(tmux, #".a."b/c"[1]"#)
        try tmux.send("y", "v")
        try await Self.waitForClipboard(tmux, #"{"d e":"x~"}"#)
        // y copies the item as its cell shows it (the key, the value's preview); k after it
        // moves the focus as ever.
        try tmux.send("y", "k")
        try await tmux.waitFor("the focus back on [0]") { $0.contains("b/c › [0]") }
        #expect(try Self.clipboard(tmux) == "[1]\n{d e: x~}")
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// In a store, `yp` copies the id path.
    @Test func ypInAStoreCopiesTheIdPath() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let items = root.appendingPathComponent("items.json")
        try #"{"id": "plant", "title": "Plant", "children": [{"id": "pumps/1", "title": "Pump"}]}"#
            .write(to: items, atomically: true, encoding: .utf8)
        let store = root.appendingPathComponent("store.db")
        let imported = try await ProgramRunner.run(["import", items.path, "--into", store.path], timeout: .seconds(60))
        #expect(imported.status == 0, "\(imported.error)")
        let tmux = try Self.session(#""$H" store.db"#, in: root)
        try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try await tmux.waitFor("the focus on Pump") { $0.contains("Plant › Pump") && $0.contains("? help") }
        try tmux.send("y", "p")
        try await Self.waitForClipboard(tmux, "/plant/pumps~11")
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }

    /// Above several top-level items the store shows a root of its own (`.`): no id path has it.
    @Test func theStoresOwnRootIsNoPartOfAnIdPath() async throws {
        let root = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: root) }
        let items = root.appendingPathComponent("two.json")
        try #"[{"id": "p1", "title": "Plant"}, {"id": "p2", "title": "Other"}]"#
            .write(to: items, atomically: true, encoding: .utf8)
        let store = root.appendingPathComponent("two.db")
        let imported = try await ProgramRunner.run(["import", items.path, "--into", store.path], timeout: .seconds(60))
        #expect(imported.status == 0, "\(imported.error)")
        let tmux = try Self.session(#""$H" two.db"#, in: root)
        try tmux.tmux(["set-option", "-s", "set-clipboard", "on"])
        try await tmux.waitFor("the focus on Plant") { $0.contains("two.json › Plant") && $0.contains("? help") }
        try tmux.send("j")
        try await tmux.waitFor("the focus on Other") { $0.contains("two.json › Other") }
        try tmux.send("y", "p")
        try await Self.waitForClipboard(tmux, "/p2")
        try tmux.send("q")
        _ = try await expectSane(tmux)
    }
}
