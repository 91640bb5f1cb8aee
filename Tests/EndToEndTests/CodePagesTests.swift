import Foundation
import HierarchyTestSupport
import Testing

/// The program maps its code one page at a time as it runs it (CodePages): its read-only file
/// mappings are registered with a userfaultfd in asynchronous write-protect mode, which turns
/// the kernel's 64 kB fault-around off for them, on Linux 6.7 and later.
@Suite struct CodePagesTests {
    /// The resident kilobytes of the program's executable code mappings, and whether the kernel
    /// marks them as registered (`uw` in VmFlags).
    struct Code {
        var residentKB = 0
        var registered = false
    }

    /// Starts `print` on a FIFO that stays open (the program waits, having started), reads the
    /// smaps of its code, and ends it.
    func codeOfWaitingProgram(environment: [String: String]) async throws -> Code? {
        let dir = try ScratchDirectory.make("hierarchy-code-pages")
        defer { try? FileManager.default.removeItem(at: dir) }
        let feeder = try FIFOFeeder(path: dir.appendingPathComponent("doc.json").path)
        defer { feeder.close() }
        feeder.write("{\"title\": \"Root\", \"children\": [\"first\",\n")
        let process = Process()
        process.executableURL = ProgramRunner.executable
        process.arguments = ["print", feeder.path]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        let reading = await eventually {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == feeder.path }
        }
        guard reading else { return nil }
        let executable = ProgramRunner.executable.resolvingSymlinksInPath().path
        var code = Code()
        var inCode = false
        for line in try String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":"), fields.count >= 5 {
                inCode = fields.count >= 6 && fields[1] == "r-xp" && String(fields[5]) == executable
            } else if inCode, fields.first == "Rss:", fields.count > 1, let kb = Int(fields[1]) {
                code.residentKB += kb
            } else if inCode, fields.first == "VmFlags:" {
                code.registered = code.registered || fields.contains("uw")
            }
        }
        return code
    }

    /// Linux 6.7 or later, and no seccomp filter that could forbid `userfaultfd`.
    static var kernelOffersIt: Bool {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard numbers.count == 2, (numbers[0], numbers[1]) >= (6, 7) else { return false }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").contains { $0.hasPrefix("Seccomp:") && $0.hasSuffix("0") }
    }

    @Test func codeIsMappedPageByPage() async throws {
        let onDemand = try #require(await codeOfWaitingProgram(environment: [:]))
        let faultAround = try #require(await codeOfWaitingProgram(environment: ["HIERARCHY_FAULT_AROUND": "1"]))
        #expect(!faultAround.registered)
        #expect(faultAround.residentKB > 0)
        guard Self.kernelOffersIt else {
            // Older kernels: nothing is registered and the program runs as before.
            #expect(!onDemand.registered)
            return
        }
        #expect(onDemand.registered)
        // The same work touches the same pages; without the 64 kB around each, far fewer are resident.
        #expect(onDemand.residentKB * 2 < faultAround.residentKB,
                "\(onDemand.residentKB) kB of code resident, \(faultAround.residentKB) kB with fault-around")
    }
}
