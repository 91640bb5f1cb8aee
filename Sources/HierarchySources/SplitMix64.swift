/// A small, fast, seeded random generator (SplitMix64): the same numbers on every run for the
/// same seed, so generated stores and random test inputs reproduce exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed is the first state.
    public var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator starting at `state` (the same as `init(seed:)`).
    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}
