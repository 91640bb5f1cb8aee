/// The text of a property-list date: ISO 8601 in UTC, `YYYY-MM-DDTHH:MM:SSZ`, made without a
/// date formatter.
///
/// It is the text Foundation's `Date.formatted(.iso8601)` gives, which every reader used
/// before, so a document shows and imports the same as it did: fractions of a second are cut
/// (towards the past), days before 1582-10-15 are in the Julian calendar (Foundation's
/// Gregorian calendar starts there), years before 1 count 0, -1, -2 (`-0001-…`), years after
/// 9999 have more digits, and instants outside -4712-01-01T12:00:00Z…506713-02-07T00:00:00Z
/// (and NaN, which counts as the earliest) show as that range's nearest end.
public enum PropertyListDate {
    /// The earliest instant shown, in seconds since 2001-01-01T00:00:00Z: noon of Julian day 0.
    static let earliest: Double = -211_845_067_200
    /// The latest instant shown, in seconds since 2001-01-01T00:00:00Z.
    static let latest: Double = 15_927_175_497_600
    /// The Julian day number of 2001-01-01.
    private static let referenceDay: Int64 = 2_451_911
    /// The Julian day number of 1582-10-15, the first day of the Gregorian calendar.
    private static let gregorianStart: Int64 = 2_299_161

    /// The text of the instant `seconds` after 2001-01-01T00:00:00Z (a property list's time).
    ///
    /// - Complexity: O(1).
    public static func text(secondsSinceReferenceDate seconds: Double) -> String {
        let clamped = seconds.isNaN ? earliest : min(max(seconds, earliest), latest)
        let whole = Int64(clamped.rounded(.down))
        var days = whole / 86_400
        var secondOfDay = whole % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = civilDate(julianDay: days + referenceDay)
        // At most 26 bytes ("-4712-…" or a six-digit year): written in place, one string made.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var at = 0
            func put(_ value: Int64, width: Int) {
                var digits = 1
                var rest = value / 10
                while rest > 0 {
                    digits += 1
                    rest /= 10
                }
                let count = max(width, digits)
                var remaining = value
                for index in stride(from: at + count - 1, through: at, by: -1) {
                    buffer[index] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
                    remaining /= 10
                }
                at += count
            }
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            if year < 0 { put(UInt8(ascii: "-")) }
            put(Int64(year.magnitude), width: 4)
            put(UInt8(ascii: "-"))
            put(month, width: 2)
            put(UInt8(ascii: "-"))
            put(day, width: 2)
            put(UInt8(ascii: "T"))
            put(secondOfDay / 3_600, width: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, width: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay % 60, width: 2)
            put(UInt8(ascii: "Z"))
            return at
        }
    }

    /// Year (astronomical: 0 is 1 BC), month and day of a Julian day number ≥ 0: the Julian
    /// calendar before ``gregorianStart``, the Gregorian from it (Richards' algorithm).
    private static func civilDate(julianDay: Int64) -> (year: Int64, month: Int64, day: Int64) {
        var f = julianDay + 1_401
        if julianDay >= gregorianStart { f += (4 * julianDay + 274_277) / 146_097 * 3 / 4 - 38 }
        let e = 4 * f + 3
        let h = 5 * (e % 1_461 / 4) + 2
        let day = h % 153 / 5 + 1
        let month = (h / 153 + 2) % 12 + 1
        let year = e / 1_461 - 4_716 + (14 - month) / 12
        return (year, month, day)
    }
}
