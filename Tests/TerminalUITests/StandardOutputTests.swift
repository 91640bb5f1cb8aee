import Foundation
import HierarchyTestSupport
import Testing

@testable import TerminalUI

@Suite("StandardOutput")
struct StandardOutputTests {
    @Test("Writes everything to the descriptor, also more than a pipe buffer holds", arguments: [0, 1, 100, 300_000])
    func writesAll(count: Int) async throws {
        let pipe = TestPipe()
        _ = fcntl(pipe.writeFD, F_SETFL, fcntl(pipe.writeFD, F_GETFL) | O_NONBLOCK)
        let output = StandardOutput(fileDescriptor: pipe.writeFD)
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let readFD = pipe.readFD
        // The reader blocks in read(2): it gets a thread of its own, never one of the
        // cooperative pool that the other tests share.
        let received = try await withTimeout {
            await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8], Never>) in
                Thread.detachNewThread {
                    var received: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    while received.count < count {
                        let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                        if n <= 0 { break }
                        received += buffer[0..<n]
                    }
                    continuation.resume(returning: received)
                }
                output.write(bytes)
                // End of file for the reader, whatever was written.
                pipe.closeWriteEnd()
            }
        }
        #expect(received == bytes)
        #expect(output.failedWrites == 0)
    }

    @Test("A closed descriptor fails without trapping")
    func closedDescriptor() {
        let output = StandardOutput(fileDescriptor: -1)
        output.write([1, 2, 3])
        #expect(output.failedWrites == 1)
    }

    @Test("A reader that never reads stalls the write only up to the timeout")
    func stall() async {
        let pipe = TestPipe()
        _ = fcntl(pipe.writeFD, F_SETFL, fcntl(pipe.writeFD, F_GETFL) | O_NONBLOCK)
        let output = StandardOutput(fileDescriptor: pipe.writeFD, stallTimeoutMilliseconds: 20)
        // The write blocks in poll(2): on a thread of its own, not one of the cooperative pool.
        await offPool { output.write([UInt8](repeating: 0x41, count: 1 << 20)) }
        #expect(output.failedWrites == 1)
    }
}
