import ArgumentParser
import Foundation
import HierarchySQLite
import HierarchySources

/// Shared output of the SQLite subcommands: sanitised text, one-line errors,
/// progress on a terminal.
enum SQLiteCommandOutput {
    /// Escapes control characters (C0, DEL, C1, and bidirectional overrides) so
    /// that text from a database cannot move the cursor or change colours.
    static func sanitize(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Writes `text` and a newline to standard error.
    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints `error` as `hierarchy: <message>` lines on standard error and
    /// returns the exit code to throw.
    static func fail(_ error: any Error) -> ExitCode {
        switch error {
        case let error as SQLiteImportError:
            for problem in error.problems { printError("hierarchy: \(sanitize(problem.description))") }
            let more = error.totalCount - error.problems.count
            if more > 0 { printError("hierarchy: ... and \(more) more") }
            printError(
                "hierarchy: import failed (\(error.totalCount) bad row\(error.totalCount == 1 ? "" : "s")), nothing written"
            )
        case let error as HierarchySourceError:
            printError("hierarchy: \(sanitize(error.description))")
        case is CancellationError:
            printError("hierarchy: cancelled")
        default:
            printError("hierarchy: \(sanitize(String(describing: error)))")
        }
        return ExitCode(CommandLineError.exitCode(for: error))
    }

    /// A progress callback drawing one updating line on standard error (a bar with the bytes
    /// read of the total, items/s and the time left), or `nil` when standard error is not a
    /// terminal: piped or redirected, an import prints only its summary.
    static func progressLine() -> (@Sendable (ImportProgress) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { progress in
            var size = winsize()
            let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
            FileHandle.standardError.write(Data("\r\u{1B}[K\(progress.line(width: columns - 1))".utf8))
        }
    }

    /// Clears the progress line if one was drawn.
    static func endProgress(_ progress: (@Sendable (ImportProgress) -> Void)?) {
        guard progress != nil else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// Builds the short-prefix part of the search index of a store imported without it, after
    /// the store is in place and its summary printed (the store is searchable meanwhile, short
    /// prefixes slower): progress on the line, then one line saying how long it took. Another
    /// program already building it, or a failure (the store stays searchable), is said on one
    /// line and is not an error of the import.
    static func finishSearchPrefixes(
        into path: String, progress: (@Sendable (ImportProgress) -> Void)?,
        announce: String = "searchable now; indexing short prefixes (Ctrl-C leaves that to `hierarchy index`)"
    ) {
        guard (try? SQLiteSearchPrefixes.isPending(path: path)) == true else { return }
        print(announce)
        fflush(nil)
        let started = ContinuousClock.now
        do {
            let outcome = try SQLiteSearchPrefixes.build(
                path: path,
                progress: { indexed, total in
                    progress?(
                        ImportProgress(
                            phase: .prefixIndexing, items: Int(indexed), totalBytes: nil,
                            elapsed: ContinuousClock.now - started))
                })
            endProgress(progress)
            let (whole, fraction) = (ContinuousClock.now - started).components
            let seconds = Double(whole) + Double(fraction) / 1e18
            switch outcome {
            case .built: print("short prefixes indexed in " + String(format: "%.2f s", seconds))
            case .busy: print("short prefixes are being indexed by another program")
            case .notNeeded, .stopped: break
            }
        } catch {
            endProgress(progress)
            printError("hierarchy: short prefixes not indexed: \(sanitize(String(describing: error)))")
        }
    }

    /// A one-line summary of an import.
    static func summary(_ summary: SQLiteImporter.Summary, into path: String) -> String {
        let rate = Int(summary.insertRate.rounded())
        let perItem = summary.items > 0 ? Double(summary.bytes) / Double(summary.items) : 0
        // Integers are interpolated, not formatted with `%d` (32 bits): a store over 2 GiB
        // printed a negative size.
        return "\(summary.items) items into \(sanitize(path)) in "
            + String(format: "%.2f s (insert %.2f s, ", summary.seconds, summary.insertSeconds)
            + "\(rate) items/s), \(summary.bytes) bytes ("
            + String(format: "%.0f bytes/item)", perItem)
    }
}
