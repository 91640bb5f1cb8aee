/// Where an import is, for a progress display.
public struct ImportProgress: Sendable, Equatable {
    /// The steps of an import, in order.
    public enum Phase: String, Sendable, Equatable {
        case reading = "reading"
        case indexing = "indexing"
        case checking = "checking"
        case fullTextIndexing = "full-text indexing"
        case finishing = "finishing"
        /// After the store is in place: the short-prefix part of its search index
        /// (`SQLiteSearchPrefixes`).
        case prefixIndexing = "indexing short prefixes"
    }

    public var phase: Phase
    /// Items read so far.
    public var items: Int
    /// Bytes of the input read so far, when there is a file.
    public var bytesRead: Int64?
    /// The size of the input, when known.
    public var totalBytes: Int64?
    /// The time since the import started.
    public var elapsed: Duration?

    public init(
        phase: Phase, items: Int, bytesRead: Int64? = nil, totalBytes: Int64? = nil, elapsed: Duration? = nil
    ) {
        self.phase = phase
        self.items = items
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.elapsed = elapsed
    }

    /// One line for a terminal of `width` columns, with a bar while reading an input of known size:
    /// `reading [#####.....] 42% 12.3 MB of 25.9 MB · 1,234,567 items · 410,000 items/s · ETA 0:03`.
    ///
    /// Without a known size the bar and the ETA are left out; after reading, the phase and the
    /// item count. Cut to `width` (ASCII only, so one character is one column).
    public func line(width: Int) -> String {
        guard phase == .reading else { return String(description.prefix(max(0, width))) }
        let seconds = elapsed.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 0
        var parts: [String] = []
        var head = "reading "
        if let bytesRead, let totalBytes, totalBytes > 0 {
            let fraction = min(1, max(0, Double(bytesRead) / Double(totalBytes)))
            let bar = min(30, max(10, width / 5))
            let filled = Int((fraction * Double(bar)).rounded(.down))
            head += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: bar - filled) + "] "
            head +=
                "\(Int((fraction * 100).rounded(.down)))% \(Self.megabytes(bytesRead)) of \(Self.megabytes(totalBytes))"
        } else if let bytesRead {
            head += Self.megabytes(bytesRead)
        }
        parts.append(head.trimmingCharacters(in: .whitespaces))
        parts.append("\(Self.grouped(items)) items")
        if seconds > 0.05 { parts.append("\(Self.grouped(Int(Double(items) / seconds))) items/s") }
        if let bytesRead, let totalBytes, totalBytes > 0, bytesRead > 0, seconds > 0.05 {
            let remaining = Double(max(0, totalBytes - bytesRead)) / (Double(bytesRead) / seconds)
            parts.append("ETA " + Self.clock(remaining))
        }
        return String(parts.joined(separator: " · ").prefix(max(0, width)))
    }

    /// "12.3 MB" (one decimal, 10^6 bytes).
    static func megabytes(_ count: Int64) -> String {
        let tenths = (count + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// "1,234,567".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// "0:03", "12:34", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// One short line: `reading 1,234,567 items (42%)`.
    public var description: String {
        var text = "\(phase.rawValue) \(items) items"
        if let bytesRead, let totalBytes, totalBytes > 0, phase == .reading {
            text += " (\(min(100, bytesRead * 100 / totalBytes))%)"
        }
        return text
    }
}
