/// Where an import is, for a progress display.
public struct ImportProgress: Sendable, Equatable {
    /// The steps of an import, in order.
    public enum Phase: String, Sendable, Equatable {
        case reading = "reading"
        case indexing = "indexing"
        case checking = "checking"
        case fullTextIndexing = "full-text indexing"
        case finishing = "finishing"
    }

    public var phase: Phase
    /// Items read so far.
    public var items: Int
    /// Bytes of the input read so far, when there is a file.
    public var bytesRead: Int64?
    /// The size of the input, when known.
    public var totalBytes: Int64?

    public init(phase: Phase, items: Int, bytesRead: Int64? = nil, totalBytes: Int64? = nil) {
        self.phase = phase
        self.items = items
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
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
