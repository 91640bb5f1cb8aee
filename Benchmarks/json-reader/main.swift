// Built by run.sh with the reader of Sources/HierarchyDocuments (not part of the package).
#if canImport(Glibc)
import Glibc
#endif

// Reads a JSON document with the event reader and counts its events; prints the thread's CPU
// time (one core, whatever else runs on the machine), the event count and the throughput.
let arguments = CommandLine.arguments
let path = arguments[1]
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1

func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

var best = Double.infinity
var events = 0
var bytes: Int64 = 0
for _ in 0..<rounds {
    let start = cpuSeconds()
    var reader = JSONEventReader(input: try ByteInput(path: path))
    events = 0
    while try reader.next() != nil { events += 1 }
    bytes = reader.bytesRead
    best = min(best, cpuSeconds() - start)
}
let rate = Double(bytes) / best / 1e6
print("\(path): \(events) events, \(bytes) bytes, best of \(rounds): \(Int(best * 1000)) ms CPU, \(Int(rate)) MB/s")
