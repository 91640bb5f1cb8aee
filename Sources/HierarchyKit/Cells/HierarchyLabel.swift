/// A text slot of a cell (`title`, `subtitle`, `footnote`, `status`, the indicator's title).
///
/// A class, as in the seed API, so that `cell.title.text = "…"` configures the cell.
public final class HierarchyLabel {
    /// The text shown; `nil` or empty hides the slot.
    public var text: String?
    /// The maximum number of lines a renderer may use (0 = no limit).
    public var numberOfLines: Int

    /// Makes a label showing `text` on at most `numberOfLines` lines (0: as many as it needs).
    public init(text: String? = nil, numberOfLines: Int = 1) {
        self.text = text
        self.numberOfLines = numberOfLines
    }

    /// The text if it is not empty.
    public var visibleText: String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
