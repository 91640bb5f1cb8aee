import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Documents from pipes: a named FIFO is opened once, `-` and piped standard input are the
/// document, and a browser reading its document from standard input takes its keys from the
/// terminal.
@Suite struct PipeInputTests {
    static let document = #"{"title": "Piped root", "children": [{"title": "First"}, {"title": "Second"}]}"#
    static let printed = "Piped root\n├── First\n└── Second\n"

    /// A writer that opens the FIFO as a shell's `>` does (blocking until a reader opens it) and
    /// writes the document at once, then closes it.
    final class ImmediateWriter: Sendable {
        let path: String
        let done = DispatchSemaphore(value: 0)

        init(path: String, text: String) {
            self.path = path
            let done = done
            Thread.detachNewThread {
                let descriptor = open(path, O_WRONLY)
                if descriptor >= 0 {
                    _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
                    close(descriptor)
                }
                done.signal()
            }
        }

        /// Waits for the writer; a writer whose reader never came is let go by a reader of our own.
        func finish() async {
            let (path, done) = (path, done)
            #expect(await offPool { releaseFIFOWriter(path: path, done: done) }, "the writer of \(path) never ended")
        }
    }

    @Test("200 runs of print FIFO with a writer that writes at once all print the document")
    func fifoIsOpenedOnce() async throws {
        let dir = try ScratchDirectory.make("hierarchy-fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        signal(SIGPIPE, SIG_IGN)
        // Two runs at a time, each with a FIFO and a writer of its own.
        let failures = try await concurrentMap(Array(0..<200), width: 2) { run -> String? in
            let path = dir.appendingPathComponent("doc-\(run).json").path
            guard mkfifo(path, 0o600) == 0 else { return "run \(run): mkfifo failed" }
            let writer = ImmediateWriter(path: path, text: Self.document)
            let result: ProgramRunner.Result
            do {
                result = try await ProgramRunner.run(["print", path], timeout: .seconds(30))
            } catch {
                await writer.finish()
                return "run \(run): \(error)"
            }
            await writer.finish()
            guard result.status == 0 else { return "run \(run): exit \(result.status) \(result.error)" }
            guard result.output == Self.printed else { return "run \(run) printed \(result.output)" }
            return nil
        }
        #expect(failures.compactMap { $0 } == [])
    }

    @Test("- and piped standard input are the document for print")
    func printReadsStandardInput() async throws {
        let piped = try await PipedRun.run(["print", "-"], input: Data(Self.document.utf8))
        #expect(piped.status == 0, "\(piped.error)")
        #expect(piped.output == Self.printed)
        let implicit = try await PipedRun.run(["print"], input: Data(Self.document.utf8))
        #expect(implicit.status == 0, "\(implicit.error)")
        #expect(implicit.output == Self.printed)
        // YAML, decided by its first bytes.
        let yaml = try await PipedRun.run(["print", "-"], input: Data("title: Y\nchildren: [p, q]\n".utf8))
        #expect(yaml.output == "Y\n├── p\n└── q\n", "\(yaml.error)")
        // A malformed document on standard input: one line, exit 65.
        let bad = try await PipedRun.run(["print", "-"], input: Data("[1,".utf8))
        #expect(bad.status == 65)
        #expect(bad.error.hasPrefix("hierarchy: -:"), "\(bad.error)")
        // Standard input from /dev/null is no document: the bundled sample prints.
        let sample = try await ProgramRunner.run(["print", "--depth", "0"])
        #expect(sample.status == 0)
        #expect(sample.output == "Hamburg Plant\n")
    }

    @Test("standard input redirected from a file prints, read twice for the structure when needed")
    func printReadsARedirectedFile() async throws {
        let dir = try ScratchDirectory.make("hierarchy-stdin-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: file)
        let items = try await PipedRun.run(["print", "-"], inputFile: file.path)
        #expect(items.status == 0, "\(items.error)")
        #expect(items.output == Self.printed)
        try Data(#"{"x": [{"name": "a"}]}"#.utf8).write(to: file)
        // No items document: read again from the start, as its structure.
        let structure = try await PipedRun.run(["print"], inputFile: file.path)
        #expect(structure.status == 0, "\(structure.error)")
        #expect(structure.output.hasPrefix("stdin\n└── x\n    └── [0]\n"), "\(structure.output)")
    }

    @Test("import - and piped standard input into a store, JSON by its first bytes and CSV by --format")
    func importReadsStandardInput() async throws {
        let dir = try ScratchDirectory.make("hierarchy-stdin-import")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("piped.db").path
        let imported = try await PipedRun.run(["import", "-", "--into", store], input: Data(Self.document.utf8))
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.hasPrefix("imported 3 items"), "\(imported.output)")
        let printed = try await ProgramRunner.run(["print", store])
        #expect(printed.output == Self.printed)
        let csvStore = dir.appendingPathComponent("csv.db").path
        let csv = try await PipedRun.run(
            ["import", "-", "--format", "csv", "--into", csvStore],
            input: Data("id,parent_id,title\n1,,A\n2,1,B\n".utf8))
        #expect(csv.status == 0, "\(csv.error)")
        let csvPrinted = try await ProgramRunner.run(["print", csvStore])
        #expect(csvPrinted.output == "A\n└── B\n", "\(csvPrinted.error)")
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed"))
    func browseReadsThePipeAndKeysFromTheTerminal() async throws {
        let dir = try ScratchDirectory.make("hierarchy-stdin-browse")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("doc.json")
        try Data(Self.document.utf8).write(to: file)
        let script = dir.appendingPathComponent("browse.sh")
        try """
        cat '\(file.path)' | \(ProgramRunner.executable.path)
        echo EXIT=$?
        exec sleep 60
        """.write(to: script, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: "sh \(script.path)", columns: 100, rows: 12)
        _ = try await tmux.waitFor("the piped document's items") { $0.contains("First") && $0.contains("Second") }
        // Keys come from the terminal: the browser quits on q.
        try tmux.send("q")
        let screen = try await tmux.waitFor("the browser to exit") { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
    }
}

/// Runs the program with standard input from a pipe the test writes (then closes) or from a
/// file, bounded in time.
enum PipedRun {
    struct TimedOut: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "timed out: hierarchy \(arguments.joined(separator: " "))" }
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    static func run(_ arguments: [String], input: Data) async throws -> Result {
        let pipe = Pipe()
        return try await run(arguments, standardInput: pipe) {
            let handle = pipe.fileHandleForWriting
            Thread.detachNewThread {
                try? handle.write(contentsOf: input)
                try? handle.close()
            }
        }
    }

    static func run(_ arguments: [String], inputFile: String) async throws -> Result {
        guard let handle = FileHandle(forReadingAtPath: inputFile) else { throw CocoaError(.fileNoSuchFile) }
        defer { try? handle.close() }
        return try await run(arguments, standardInput: handle) {}
    }

    private static func run(
        _ arguments: [String], standardInput: Any, started: () -> Void
    ) async throws -> Result {
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = standardInput
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        started()
        let deadline = Task {
            try await Task.sleep(for: .seconds(60))
            process.terminate()
        }
        defer { deadline.cancel() }
        async let outputData = offPool { out.fileHandleForReading.readDataToEndOfFile() }
        async let errorData = offPool { err.fileHandleForReading.readDataToEndOfFile() }
        let (output, error) = await (outputData, errorData)
        await offPool { process.waitUntilExit() }
        if process.terminationReason == .uncaughtSignal {
            throw TimedOut(arguments: arguments)
        }
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }
}
