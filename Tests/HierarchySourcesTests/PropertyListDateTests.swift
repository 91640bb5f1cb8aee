import Foundation
import HierarchyDocuments
import Testing

/// Property-list dates are written without a date formatter, as the same text Foundation's
/// `Date.formatted(.iso8601)` gave before.
@Suite struct PropertyListDateTests {
    func text(_ seconds: Double) -> String { PropertyListDate.text(secondsSinceReferenceDate: seconds) }
    func foundation(_ seconds: Double) -> String { Date(timeIntervalSinceReferenceDate: seconds).formatted(.iso8601) }

    @Test(arguments: [
        (0, "2001-01-01T00:00:00Z"),
        (0.999, "2001-01-01T00:00:00Z"),
        (-0.001, "2000-12-31T23:59:59Z"),
        (-978_307_200, "1970-01-01T00:00:00Z"),
        (-978_307_200.5, "1969-12-31T23:59:59Z"),
        (1_000_000_000, "2032-09-09T01:46:40Z"),
        (-13_197_600_000, "1582-10-15T00:00:00Z"),
        (-13_197_600_001, "1582-10-04T23:59:59Z"),
        (-63_114_076_800, "0001-01-01T00:00:00Z"),
        (-63_145_612_800, "0000-01-02T00:00:00Z"),
        (-63_177_148_800, "-0001-01-02T00:00:00Z"),
        (260_000_000_000, "10240-01-28T06:13:20Z"),
        (1e20, "506713-02-07T00:00:00Z"),
        (-1e20, "-4712-01-01T12:00:00Z"),
        (Double.nan, "-4712-01-01T12:00:00Z"),
    ])
    func knownTexts(seconds: Double, expected: String) {
        #expect(text(seconds) == expected)
        #expect(text(seconds) == foundation(seconds))
    }

    /// Fractions, the calendar change of 1582, year 0 and the ends of the range, against
    /// Foundation's formatter.
    @Test func sameAsFoundationsFormatter() {
        var values: [Double] = [.infinity, -.infinity, PropertyListDateTests.earliest, PropertyListDateTests.latest]
        for day in stride(from: -152_800, to: -152_700, by: 1) {
            values += [Double(day) * 86_400, Double(day) * 86_400 - 0.25]
        }
        for day in stride(from: -730_600, to: -730_400, by: 1) { values.append(Double(day) * 86_400 + 1) }
        for end in [PropertyListDateTests.earliest, PropertyListDateTests.latest] {
            values += [end - 1, end - 0.5, end + 0.5, end + 1, end - 86_400, end + 86_400]
        }
        // A fixed spread over the whole range (a linear congruential sequence: the same each run).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            values.append(
                PropertyListDateTests.earliest - 1_000 + unit
                    * (PropertyListDateTests.latest - PropertyListDateTests.earliest + 2_000))
            values.append(-70_000_000_000 + unit * 330_000_000_000)
        }
        let different = values.filter { text($0) != foundation($0) }
        #expect(different.isEmpty, "first: \(different.prefix(3).map { "\($0): \(text($0)) vs \(foundation($0))" })")
    }

    static let earliest: Double = -211_845_067_200
    static let latest: Double = 15_927_175_497_600

    @Test func readersWriteDatesThisWay() throws {
        let date = Date(timeIntervalSinceReferenceDate: -978_307_200.75)
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: ["when": date], format: format, options: 0)
            var events: [DocumentEvent] = []
            if format == .binary {
                var reader = try BinaryPropertyListReader(bytes: Array(data))
                while let event = try reader.next() { events.append(event) }
            } else {
                var reader = PropertyListXMLReader(input: ByteInput(bytes: Array(data)))
                while let event = try reader.next() { events.append(event) }
            }
            // XML keeps whole seconds; binary the fraction, cut.
            #expect(events == [.beginObject, .key("when"), .string("1969-12-31T23:59:59Z"), .endObject])
        }
    }
}
