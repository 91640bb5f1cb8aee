import Foundation
import HierarchyTestSupport
import Testing

/// The shell completions and the man page come from the commands' own definitions: each shell's
/// script names every subcommand, bash's completes them, and the checked-in man page
/// (docs/man/hierarchy.1, written by scripts/man-page.sh) names every command and option with
/// its help text as the program defines them today.
@Suite struct CompletionAndManPageTests {
    static let manPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/man/hierarchy.1")

    /// A command of `--experimental-dump-help`: its name, help, options and subcommands.
    struct Command: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var abstract: String?
            var shouldDisplay: Bool
        }
        var commandName: String
        var abstract: String?
        var shouldDisplay: Bool
        var arguments: [Argument]?
        var subcommands: [Command]?

        var displayedSubcommands: [Command] { (subcommands ?? []).filter(\.shouldDisplay) }
        var displayedArguments: [Argument] { (arguments ?? []).filter(\.shouldDisplay) }
    }

    struct ToolInfo: Decodable {
        var command: Command
    }

    func definitions() async throws -> Command {
        let result = try await ProgramRunner.run(["--experimental-dump-help"])
        #expect(result.status == 0)
        return try JSONDecoder().decode(ToolInfo.self, from: Data(result.output.utf8)).command
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func eachShellsScriptNamesEverySubcommand(shell: String) async throws {
        let root = try await definitions()
        let names = root.displayedSubcommands.map(\.commandName).filter { $0 != "help" }
        #expect(names.contains("browse") && names.contains("serve"))
        let result = try await ProgramRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        for name in names {
            #expect(result.output.contains(name), "\(shell) script lacks \(name)")
        }
        #expect(result.output.contains(shell == "fish" ? "-l 'port'" : "--port"))
    }

    @Test func bashCompletesSubcommandsAndOptions() async throws {
        let result = try await ProgramRunner.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0)
        let dir = try ScratchDirectory.make("hierarchy-completion")
        let script = dir.appendingPathComponent("hierarchy.bash")
        try result.output.write(to: script, atomically: true, encoding: .utf8)
        let check = dir.appendingPathComponent("check.bash")
        try """
        source '\(script.path)'
        complete -p hierarchy
        complete_line() {
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<<"$1"
            [[ "$1" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
            _hierarchy hierarchy "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            echo "$1=${COMPREPLY[*]}"
        }
        complete_line "hierarchy se"
        complete_line "hierarchy serve --po"
        complete_line "hierarchy browse --lay"
        """.write(to: check, atomically: true, encoding: .utf8)
        let bash = try await runBash(check)
        #expect(bash.status == 0, "\(bash.error)")
        let lines = bash.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("-F _hierarchy hierarchy") == true)
        #expect(Set(words(after: "hierarchy se=", in: lines)) == ["serve", "search"])
        #expect(words(after: "hierarchy serve --po=", in: lines) == ["--port"])
        #expect(words(after: "hierarchy browse --lay=", in: lines) == ["--layout"])
    }

    @Test func theManPageNamesEveryCommandAndOptionWithItsHelp() async throws {
        let page = try String(contentsOf: Self.manPage, encoding: .utf8)
        let lines = Set(page.split(separator: "\n").map(String.init))
        // `.It Fl -port Ar port`, `.It Fl o , -output Ar output`
        let pageOptions = Set(page.matches(of: /Fl (?:\w , )?-([\w-]+)/).map { String($0.output.1) })
        let root = try await definitions()
        #expect(page.contains(".Dt HIERARCHY 1"))
        var missing: [String] = []
        var commands: Set<String> = []
        var options: Set<String> = []
        func visit(_ command: Command, isRoot: Bool) {
            if !isRoot {
                commands.insert(command.commandName)
                if !lines.contains(".It Em \(command.commandName)") { missing.append("command \(command.commandName)") }
            }
            if let abstract = command.abstract, !abstract.isEmpty, !page.contains(abstract) {
                missing.append("abstract of \(command.commandName)")
            }
            for argument in command.displayedArguments {
                for name in argument.names ?? [] where name.kind == "long" {
                    options.insert(name.name)
                    if !pageOptions.contains(name.name) {
                        missing.append("option --\(name.name) of \(command.commandName)")
                    }
                }
                if let abstract = argument.abstract, !abstract.isEmpty, !abstract.contains("\n"),
                    !lines.contains(abstract)
                {
                    missing.append("help of \(argument.names?.first?.name ?? "an argument") of \(command.commandName)")
                }
            }
            for sub in command.displayedSubcommands { visit(sub, isRoot: false) }
        }
        visit(root, isRoot: true)
        #expect(missing.isEmpty, "docs/man/hierarchy.1 is out of date (run sh scripts/man-page.sh): \(missing)")
        let pageCommands = Set(lines.filter { $0.hasPrefix(".It Em ") }.map { String($0.dropFirst(7)) })
        #expect(pageCommands == commands, "the page has commands the program does not")
        #expect(pageOptions == options, "the page has options the program does not")
    }

    func words(after prefix: String, in lines: [String]) -> [String] {
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return [] }
        return line.dropFirst(prefix.count).split(separator: " ").map(String.init)
    }

    /// Runs `script` with bash, bounded by 60 s so that it cannot hang the run.
    func runBash(_ script: URL) async throws -> ProgramRunner.Result {
        try await ProgramRunner.run(
            program: URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-O", "extglob", script.path])
    }
}
