import Testing

@testable import HierarchySQLite

@Suite("ProgressThrottle")
struct ProgressThrottleTests {
    @Test("at most one update per interval")
    func throttles() {
        var throttle = ProgressThrottle(interval: .milliseconds(100))
        let start = ContinuousClock.now
        let offsets: [Duration] = [
            .zero, .milliseconds(50), .milliseconds(99), .milliseconds(100), .milliseconds(150), .seconds(1),
        ]
        let answers = offsets.map { throttle.shouldReport(at: start + $0) }
        #expect(answers == [true, false, false, true, false, true])
    }

    @Test("a thousand calls over a second give about ten updates")
    func rate() {
        var throttle = ProgressThrottle()
        let start = ContinuousClock.now
        let reported = (0..<1000).filter { throttle.shouldReport(at: start + .milliseconds($0)) }.count
        #expect(reported == 10)
    }
}
