/// The semantic colours of item status texts and icons.
public struct ThemeStatusColors: Hashable, Sendable {
    /// Good, done, available.
    public var positive: ThemeColor
    /// Warning, attention needed.
    public var critical: ThemeColor
    /// Error, failed, unavailable.
    public var negative: ThemeColor
    /// No particular meaning.
    public var neutral: ThemeColor
    /// Information.
    public var informative: ThemeColor

    /// Creates a set of status colours.
    ///
    /// - Parameters:
    ///   - positive: Good, done, available.
    ///   - critical: Warning.
    ///   - negative: Error.
    ///   - neutral: No particular meaning.
    ///   - informative: Information.
    public init(
        positive: ThemeColor, critical: ThemeColor, negative: ThemeColor, neutral: ThemeColor, informative: ThemeColor
    ) {
        self.positive = positive
        self.critical = critical
        self.negative = negative
        self.neutral = neutral
        self.informative = informative
    }
}
