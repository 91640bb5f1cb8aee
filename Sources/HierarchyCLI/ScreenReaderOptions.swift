import ArgumentParser
import TerminalUI

/// The screen-reader options of `browse` (the column and table forms).
struct ScreenReaderOptions: ParsableArguments {
    @Flag(
        name: .customLong("screen-reader"),
        help:
            "Screen-reader mode: the focused item's text on the status line, the cursor on its row (also when HIERARCHY_SCREEN_READER is set)."
    )
    var screenReader = false

    @Option(
        name: .customLong("announce"),
        help: ArgumentHelp(
            "In screen-reader mode, append each announcement as a line to FILE (a FIFO works).", valueName: "FILE"))
    var announceFile: String?

    @Option(
        name: .customLong("announce-command"),
        help: ArgumentHelp(
            "In screen-reader mode, run CMD (with /bin/sh) for each announcement, the text on its standard input (e.g. espeak-ng).",
            valueName: "CMD"))
    var announceCommand: String?

    /// Whether screen-reader mode is on: `--screen-reader`, an `--announce` option, or
    /// `HIERARCHY_SCREEN_READER` in the environment.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: Whether the mode is on.
    func screenReaderMode(environment: [String: String]) -> Bool {
        screenReader || announceFile != nil || announceCommand != nil
            || TerminalBrowser.Options.screenReaderRequested(in: environment)
    }

    /// The announcer of `--announce` / `--announce-command`, if one was given; a file that
    /// cannot be opened prints one line and throws exit code 73 (cannot create).
    ///
    /// - Returns: The announcer, or `nil`.
    func makeAnnouncer() throws -> ScreenReaderAnnouncer? {
        if let announceCommand { return .command(announceCommand) }
        guard let announceFile else { return nil }
        do {
            return try .file(announceFile)
        } catch let failure as ScreenReaderAnnouncer.Failure {
            CommandLineError.printError(failure.message)
            throw ExitCode(73)
        }
    }

    func validate() throws {
        if announceFile != nil, announceCommand != nil {
            throw ValidationError("--announce and --announce-command cannot be used together")
        }
    }
}
