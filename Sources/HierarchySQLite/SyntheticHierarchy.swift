import Foundation
import HierarchySources

/// A reproducible synthetic hierarchy for demos and benchmarks.
///
/// `levels` levels (the root is level 1) hold `nodes` items; level sizes grow
/// geometrically and the last level takes the remainder. Children are shared
/// out among the items of the previous level with heavy-tailed random weights
/// (a few very large parents, many small ones). Titles, subtitles, footnotes
/// and statuses come from a seeded generator: the same parameters always give
/// the same database. Every title ends with a unique six-character serial
/// (`Pump 0k3f9z`), and footnotes name one of 4,096 made-up sites, so searches
/// of any selectivity are easy to pick.
public struct SyntheticHierarchy: Sendable, Equatable {
    /// The number of items.
    public var nodes: Int
    /// The number of levels (1 = the root only).
    public var levels: Int
    /// The seed of the random generator.
    public var seed: UInt64

    public init(nodes: Int, levels: Int, seed: UInt64 = 1) {
        self.nodes = max(0, nodes)
        self.levels = max(1, levels)
        self.seed = seed
    }

    /// The most items a hierarchy may have: 1,000,000,000.
    ///
    /// The generator keeps the child counts of two levels at a time, 4 bytes per item, and
    /// while it shares a level's children out, 8 bytes more per parent: at most about 4 bytes
    /// per item of the hierarchy, 4 GB at this limit (a sixth of a 24 GB machine). It also stays
    /// below the 36^6 ≈ 2.18 billion unique title serials and 32-bit child counts.
    public static let maximumNodes = 1_000_000_000

    /// The most levels a hierarchy may have: 100,000, the deepest chain of parents the stores
    /// follow (`path(toID:)`). The level sizes take O(levels) memory and time.
    public static let maximumLevels = 100_000

    /// A hierarchy past `maximumNodes` or `maximumLevels`.
    public struct TooLarge: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Fails, before anything is allocated, when the hierarchy is past the limits.
    ///
    /// - Throws: `TooLarge` naming the limit.
    public func checkLimits() throws {
        if nodes > Self.maximumNodes {
            throw TooLarge(
                description: "--nodes \(nodes) is more than the generator can make (at most \(Self.maximumNodes))")
        }
        if levels > Self.maximumLevels {
            throw TooLarge(
                description: "--depth \(levels) is deeper than the generator makes (at most \(Self.maximumLevels))")
        }
    }

    /// The number of items on each level, root first.
    ///
    /// - Complexity: O(levels).
    public var levelSizes: [Int] {
        guard nodes > 0 else { return [] }
        let depth = min(levels, nodes)
        guard depth > 1 else { return [1] }
        // Find the growth ratio r with 1 + r + ... + r^(depth-1) ≈ nodes.
        func total(_ ratio: Double) -> Double {
            var sum = 0.0
            var term = 1.0
            for _ in 0..<depth {
                sum += term
                term *= ratio
            }
            return sum
        }
        var low = 1.0
        var high = Double(nodes)
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if total(middle) < Double(nodes) { low = middle } else { high = middle }
        }
        var sizes: [Int] = []
        var remaining = nodes
        var term = 1.0
        for level in 0..<depth {
            let levelsLeft = depth - level - 1
            var size = level == depth - 1 ? remaining : max(1, Int(term.rounded()))
            size = min(size, remaining - levelsLeft)
            sizes.append(size)
            remaining -= size
            term *= low
        }
        return sizes
    }

    /// Shares `children` items among `parents` with heavy-tailed weights.
    ///
    /// - Returns: `parents` counts summing to `children`.
    static func distribute(_ children: Int, among parents: Int, random: inout SplitMix64) -> [Int32] {
        guard parents > 0 else { return [] }
        var weights = [Double](repeating: 0, count: parents)
        var sum = 0.0
        for index in 0..<parents {
            // Pareto(alpha = 1.3): u^(-1/alpha).
            let u = max(random.nextUnit(), 1e-12)
            let weight = pow13(u)
            weights[index] = weight
            sum += weight
        }
        var counts = [Int32](repeating: 0, count: parents)
        var assigned = 0
        for index in 0..<parents {
            let share = Int(Double(children) * weights[index] / sum)
            counts[index] = Int32(share)
            assigned += share
        }
        var index = 0
        while assigned < children {
            counts[index % parents] += 1
            assigned += 1
            index += 1
        }
        return counts
    }

    /// u^(-1/1.3) without Foundation.
    private static func pow13(_ u: Double) -> Double {
        // exp(-ln(u) / 1.3)
        exp(-log(u) / 1.3)
    }

    static let kinds = [
        "Pump", "Valve", "Motor", "Sensor", "Compressor", "Conveyor", "Boiler", "Turbine", "Fan", "Heater",
        "Mixer", "Tank", "Filter", "Generator", "Gearbox", "Crane",
    ]
    static let categories = [
        "Rotating equipment", "Static equipment", "Instrument", "Electrical", "Structure", "Utility",
    ]
    static let statuses = [
        "Operational", "Operational", "Operational", "Operational", "Maintenance", "Error", "Offline",
    ]
    static let syllables = [
        "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ba", "de", "fo", "gu", "hi", "ja", "ko", "lu",
    ]

    /// The made-up site name `index` (0..<4096): three syllables.
    static func site(_ index: Int) -> String {
        let a = syllables[index & 15]
        let b = syllables[(index >> 4) & 15]
        let c = syllables[(index >> 8) & 15]
        return (a + b + c).prefix(1).uppercased() + (a + b + c).dropFirst()
    }

    /// A unique six-character base-36 serial for `key` (a bijection on 0..<36^6).
    static func serial(_ key: Int64) -> String {
        let modulus: Int64 = 2_176_782_336  // 36^6
        var value = (key &* 2_654_435_761 &+ 12_345) % modulus
        if value < 0 { value += modulus }
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        var out = [UInt8](repeating: 0, count: 6)
        for index in (0..<6).reversed() {
            out[index] = digits[Int(value % 36)]
            value /= 36
        }
        return String(decoding: out, as: UTF8.self)
    }
}
