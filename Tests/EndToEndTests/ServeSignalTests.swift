import Foundation
import HierarchyTestSupport
import Testing

/// `hierarchy serve` ends on a signal as README promises: exit status 128 + the signal's number.
@Suite struct ServeSignalTests {
    @Test("serve exits 128+N on signal N", arguments: [SIGINT, SIGTERM, SIGHUP])
    func exitStatus(signal number: Int32) async throws {
        let served = try await ServedProgram(["serve", "--port", "0"])
        let line = served.firstLine
        #expect(line.hasPrefix("Serving Sample plant at http://127.0.0.1:"), "\(line)")
        served.send(number)
        let status = await served.exitStatus()
        let process = served.process
        #expect(process.terminationReason == .exit)
        #expect(status == 128 + number)
    }

}
