import Foundation
import Testing

@testable import HierarchyKit

@Suite("CountText")
struct CountTextTests {
    /// Values at every grouping boundary, the extremes and a spread in between.
    static let values: [Int] = {
        var values = [
            0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 99_999, 100_000, 999_999,
            1_000_000, 1_234_567, 10_000_000, 123_456_789, 1_000_000_000, Int(Int32.max), Int.max, Int.min,
        ]
        var power = 1
        while power <= Int.max / 10 {
            values += [power - 1, power, power + 1]
            power *= 10
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int(truncatingIfNeeded: state) >> Int(state % 60))
        }
        return values + values.map { $0 == Int.min ? $0 : -$0 }
    }()

    @Test("matches Foundation's formatted() for the process's locale")
    func matchesFormatted() {
        for value in Self.values {
            #expect(CountText.grouped(value) == value.formatted(), "value \(value)")
        }
    }

    @Test("matches the en_US and en_001 number formats", arguments: ["en_US", "en_001"])
    func matchesEnglishLocales(identifier: String) {
        let locale = Locale(identifier: identifier)
        for value in Self.values {
            #expect(CountText.grouped(value) == value.formatted(.number.locale(locale)), "value \(value)")
        }
    }

    @Test("groups other integer types")
    func otherTypes() {
        #expect(CountText.grouped(Int32.min) == "-2,147,483,648")
        #expect(CountText.grouped(UInt64.max) == "18,446,744,073,709,551,615")
        #expect(CountText.grouped(Int8(-128)) == "-128")
        #expect(CountText.grouped(UInt16(65_535)) == "65,535")
    }
}
