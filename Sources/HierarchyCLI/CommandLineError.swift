import ArgumentParser
import Foundation
import HierarchyPostgres
import HierarchySQLite
import HierarchySources
import TerminalUI

/// Prints one readable line on standard error and gives the exit code for an error.
enum CommandLineError {
    /// Exit codes (sysexits.h): 64 usage, 65 bad data, 66 no input, 69 unavailable, 73 cannot create
    /// output, 74 I/O, 77 permission.
    /// Every subcommand maps its errors here: a bad row of an import is bad data (65),
    /// a cancelled command ends like an interrupt (130), anything unknown is an I/O error (74).
    static func exitCode(for error: Error) -> Int32 {
        if error is PostgresURLError || error is TableUsageError { return 64 }
        if error is SQLiteImportError { return 65 }
        if error is OutputFileError { return 73 }
        if error is CancellationError { return 130 }
        guard let error = error as? HierarchySourceError else { return 74 }
        switch error.code {
        case .notFound: return 66
        case .permissionDenied: return 77
        case .malformed, .cycle, .duplicateID, .unknownParent: return 65
        case .unsupported: return 69
        case .io: return 74
        }
    }

    /// Writes `hierarchy: <message>` (control characters escaped) and returns the exit code.
    static func report(_ error: Error) -> ExitCode {
        let text: String
        if let error = error as? HierarchySourceError {
            text = error.description
        } else {
            text = String(describing: error)
        }
        printError(text)
        return ExitCode(exitCode(for: error))
    }

    static func printError(_ text: String) {
        let line = "hierarchy: " + TerminalText.sanitize(text.replacingOccurrences(of: "\n", with: " ")) + "\n"
        // Never a trap: standard error that takes nothing (/dev/full) leaves only the exit code.
        _ = StandardOutput.writeAll(Array(line.utf8), to: STDERR_FILENO)
    }
}
