/// A small seeded random generator (SplitMix64), so random test inputs are the same on every
/// run and a failing seed reproduces exactly. Shared by the test targets (one copy).
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
}
