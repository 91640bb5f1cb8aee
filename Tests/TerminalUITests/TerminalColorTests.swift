import Testing

@testable import TerminalUI

@Suite("TerminalColor")
struct TerminalColorTests {
    @Test("True colour keeps everything")
    func trueColor() {
        for color in [TerminalColor.default, .ansi(3), .indexed(200), .rgb(1, 2, 3)] {
            #expect(color.downgraded(to: .trueColor) == color)
        }
    }

    @Test("RGB becomes the nearest cube or grey entry in 256 colours")
    func to256() {
        #expect(TerminalColor.rgb(255, 0, 0).downgraded(to: .indexed256) == .indexed(196))
        #expect(TerminalColor.rgb(0, 0, 0).downgraded(to: .indexed256) == .indexed(16))
        #expect(TerminalColor.rgb(255, 255, 255).downgraded(to: .indexed256) == .indexed(231))
        #expect(TerminalColor.rgb(128, 128, 128).downgraded(to: .indexed256) == .indexed(244))
        #expect(TerminalColor.rgb(95, 135, 175).downgraded(to: .indexed256) == .indexed(67))
        #expect(TerminalColor.indexed(42).downgraded(to: .indexed256) == .indexed(42))
    }

    @Test("Everything becomes one of 16 colours in ansi16")
    func to16() {
        #expect(TerminalColor.rgb(255, 0, 0).downgraded(to: .ansi16) == .ansi(9))
        #expect(TerminalColor.rgb(0, 0, 0).downgraded(to: .ansi16) == .ansi(0))
        #expect(TerminalColor.rgb(250, 250, 250).downgraded(to: .ansi16) == .ansi(15))
        #expect(TerminalColor.indexed(196).downgraded(to: .ansi16) == .ansi(9))
        #expect(TerminalColor.indexed(4).downgraded(to: .ansi16) == .ansi(4))
        #expect(TerminalColor.ansi(21).downgraded(to: .ansi16) == .ansi(5))
        for index in 0...255 {
            guard case .ansi(let n) = TerminalColor.indexed(UInt8(index)).downgraded(to: .ansi16) else {
                Issue.record("indexed(\(index)) did not become ansi")
                continue
            }
            #expect(n < 16)
        }
    }

    @Test("No colour capability drops colours")
    func none() {
        #expect(TerminalColor.rgb(9, 9, 9).downgraded(to: .none) == .default)
        #expect(TerminalColor.ansi(1).downgraded(to: .none) == .default)
    }
}
