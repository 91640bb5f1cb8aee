import Foundation

// What both benchmark programs here measure with: a monotonic clock in milliseconds and the
// process's anonymous memory (smaps_rollup) in kB.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
}

func anonymousKB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("Anonymous:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
    return -1
}
