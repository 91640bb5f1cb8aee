import Foundation
import HierarchyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The hostile corpus (Tests/HostileCorpus): every input there, run through the real program
/// as its manifest says, ends with the expected exit code, by itself (no signal), within its
/// memory bound (the child's maximum resident set), with one line on standard error when it
/// fails and no raw control character on standard output.
@Suite(.enabled(if: MeasuredRun.isAvailable, "/usr/bin/time or prlimit is not installed"))
struct HostileCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("HostileCorpus")

    /// One line of the manifest.
    struct Entry: Sendable, CustomTestStringConvertible {
        var input: String?
        var steps: [[String]]
        var exit: Int32
        var memoryMB: Int
        var checks: [String]
        var line: Int

        var testDescription: String {
            "\(input ?? "-"): \(steps.map { $0.joined(separator: " ") }.joined(separator: " && "))"
        }
    }

    static func entries() throws -> [Entry] {
        let text = try String(contentsOf: corpus.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        var entries: [Entry] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("input\t") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let exit = Int32(fields[2]), let memory = Int(fields[3]) else {
                throw ManifestError(line: number + 1, text: String(line))
            }
            let steps = fields[1].components(separatedBy: " && ").map { $0.split(separator: " ").map(String.init) }
            let checks = fields[4] == "-" ? [] : fields[4].components(separatedBy: ";")
            entries.append(
                Entry(
                    input: fields[0] == "-" ? nil : fields[0], steps: steps, exit: exit,
                    memoryMB: memory, checks: checks, line: number + 1))
        }
        return entries
    }

    struct ManifestError: Error, CustomStringConvertible {
        var line: Int
        var text: String
        var description: String {
            "manifest.tsv:\(line): not five fields (input, command, exit, memory_mb, checks): \(text)"
        }
    }

    /// The most output a run may write (a file-size limit stops it there).
    static let outputLimit: Int64 = 64 << 20

    /// The input of an entry: the corpus file, or the large file a `.gen` file describes.
    static func materialize(_ name: String, in directory: URL) throws -> String {
        let source = corpus.appendingPathComponent(name)
        guard name.hasSuffix(".gen") else { return source.path }
        let target = directory.appendingPathComponent(String(name.dropLast(4))).path
        guard FileManager.default.createFile(atPath: target, contents: nil),
            let handle = FileHandle(forWritingAtPath: target)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        for line in try String(contentsOf: source, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.first == "text" {
                try handle.write(contentsOf: Data(line.dropFirst(5).utf8))
            } else if parts.first == "repeat", parts.count == 3, let count = Int(parts[1]) {
                let unit = Array(parts[2].utf8)
                // Written a megabyte at a time: whole repeats of the unit, then the rest.
                let perBlock = max(1, (1 << 20) / max(1, unit.count))
                var block: [UInt8] = []
                block.reserveCapacity(perBlock * unit.count)
                for _ in 0..<min(count, perBlock) { block += unit }
                var left = count
                while left >= perBlock {
                    try handle.write(contentsOf: block)
                    left -= perBlock
                }
                if left > 0 { try handle.write(contentsOf: block.prefix(left * unit.count)) }
            } else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: source.path])
            }
        }
        return target
    }

    /// What is wrong with a run, if anything.
    static func problems(_ run: MeasuredRun.Result, expectedExit: Int32?, memoryMB: Int) -> [String] {
        var problems: [String] = []
        if run.timedOut { problems.append("did not end within its time and was killed") }
        if run.tooMuchOutput { problems.append("wrote \(outputLimit >> 20) MB, its bound, and was stopped") }
        if let signal = run.signal, !run.timedOut, !run.tooMuchOutput { problems.append("ended by signal \(signal)") }
        if let expectedExit, let status = run.status, status != expectedExit {
            problems.append("exited \(status), expected \(expectedExit)")
        }
        if run.maxRSS > memoryMB << 20 {
            problems.append("held \(run.maxRSS >> 20) MB, more than its bound of \(memoryMB) MB")
        }
        let error = String(decoding: run.error, as: UTF8.self)
        if run.status != 0 {
            let lines = error.split(separator: "\n", omittingEmptySubsequences: true)
            if lines.count != 1 || lines.first?.hasPrefix("hierarchy: ") != true {
                problems.append("standard error is not one `hierarchy: ` line: \(error.debugDescription.prefix(600))")
            }
        }
        if let byte = run.output.first(where: { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }) {
            problems.append("standard output holds the raw control character \\x\(String(byte, radix: 16))")
        }
        if run.error.contains(0x1B) { problems.append("standard error holds a raw escape character") }
        return problems
    }

    /// What is wrong with the output of the last step, by the entry's checks.
    static func failedChecks(_ checks: [String], output: String) -> [String] {
        checks.compactMap { check -> String? in
            let parts = check.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return "unknown check \(check)" }
            let text = parts[1].replacingOccurrences(of: "\\n", with: "\n")
            switch parts[0] {
            case "has": return output.contains(text) ? nil : "the output lacks \(text.debugDescription)"
            case "lacks": return output.contains(text) ? "the output holds \(text.debugDescription)" : nil
            case "once":
                let count = output.components(separatedBy: text).count - 1
                return count == 1 ? nil : "the output holds \(text.debugDescription) \(count) times, not once"
            case "maxline":
                let longest = output.split(separator: "\n").map(\.count).max() ?? 0
                return longest <= Int(text) ?? 0 ? nil : "an output line is \(longest) characters long"
            default: return "unknown check \(check)"
            }
        }
    }

    @Test(arguments: try entries())
    func hostileInput(_ entry: Entry) async throws {
        let directory = try ScratchDirectory.make("hostile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try entry.input.map { try Self.materialize($0, in: directory) }
        let copy = directory.appendingPathComponent("copy-" + (entry.input ?? "none")).path
        if let input, entry.steps.joined().contains(where: { $0.contains("{copy}") }) {
            try FileManager.default.copyItem(atPath: input, toPath: copy)
        }
        let store = directory.appendingPathComponent("store.db").path
        let before = try entry.input.map { try Data(contentsOf: Self.corpus.appendingPathComponent($0)) }
        for (index, step) in entry.steps.enumerated() {
            let arguments = step.map {
                $0.replacingOccurrences(of: "{input}", with: input ?? "")
                    .replacingOccurrences(of: "{copy}", with: copy)
                    .replacingOccurrences(of: "{store}", with: store)
            }
            let isLast = index == entry.steps.count - 1
            let run = try await MeasuredRun.run(arguments, keepingOutput: true, outputLimit: Self.outputLimit)
            var problems = Self.problems(run, expectedExit: isLast ? entry.exit : 0, memoryMB: entry.memoryMB)
            if isLast {
                let output = String(decoding: run.output, as: UTF8.self) + String(decoding: run.error, as: UTF8.self)
                problems += Self.failedChecks(entry.checks, output: output)
            }
            let command = "hierarchy " + step.joined(separator: " ")
            #expect(
                problems.isEmpty,
                """
                manifest.tsv:\(entry.line) \(command) (\(run.maxRSS >> 20) MB): \(problems.joined(separator: "; "))
                """)
            print(
                "hostile corpus: manifest.tsv:\(entry.line) \(command): exit \(run.status.map(String.init) ?? "-"), \(run.maxRSS >> 20) MB"
            )
        }
        // Nothing the program read was changed.
        if let name = entry.input, let before {
            #expect(try Data(contentsOf: Self.corpus.appendingPathComponent(name)) == before)
        }
    }

    /// Every file of the corpus is named by the manifest, and every input the manifest names is there.
    @Test func theManifestNamesEveryFile() throws {
        let named = Set(try Self.entries().compactMap(\.input))
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)).subtracting([
            "manifest.tsv"
        ])
        #expect(
            files.subtracting(named).isEmpty, "files the manifest does not name: \(files.subtracting(named).sorted())")
        #expect(named.subtracting(files).isEmpty, "inputs that are not there: \(named.subtracting(files).sorted())")
    }
}
