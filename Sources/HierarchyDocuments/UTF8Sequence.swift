/// The well-formed UTF-8 sequences of RFC 3629, which the JSON reader and validator both check:
/// no overlong forms, no surrogates, nothing past U+10FFFF.
enum UTF8Sequence {
    /// What may follow a lead byte.
    ///
    /// - Parameter lead: A byte at or above 0x80.
    /// - Returns: How many continuation bytes follow, and the range the first of them must lie in
    ///   (the others lie in 0x80…0xBF); `nil` when `lead` starts no sequence.
    static func continuation(after lead: UInt8) -> (count: Int, low: UInt8, high: UInt8)? {
        switch lead {
        case 0xC2...0xDF: (1, 0x80, 0xBF)
        case 0xE0: (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80, 0xBF)
        case 0xED: (2, 0x80, 0x9F)
        case 0xF0: (3, 0x90, 0xBF)
        case 0xF1...0xF3: (3, 0x80, 0xBF)
        case 0xF4: (3, 0x80, 0x8F)
        default: nil
        }
    }
}
