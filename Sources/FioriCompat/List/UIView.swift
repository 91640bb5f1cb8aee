/// A minimal view for code written against UIKit: something a text renderer can draw as lines.
///
/// Subclass it and override `textLines()`, or compose it from subviews (`addSubview(_:)`):
/// by default a view draws its visible subviews' lines, in order.
@MainActor
open class UIView {
    /// A hidden view draws nothing.
    open var isHidden = false
    /// What a screen reader says for the view (its lines when `nil`).
    open var accessibilityLabel: String?
    /// The views inside this one, drawn in order.
    public private(set) var subviews: [UIView] = []

    /// Creates an empty view.
    public init() {}

    /// Adds a view after the existing subviews.
    open func addSubview(_ view: UIView) {
        subviews.append(view)
    }

    /// The lines a text renderer draws for the view (none when hidden).
    ///
    /// - Returns: By default, the lines of the visible subviews.
    open func textLines() -> [String] {
        guard !isHidden else { return [] }
        return subviews.flatMap { $0.textLines() }
    }
}

/// A minimal label: one text, drawn as its lines.
@MainActor
open class UILabel: UIView {
    /// The text shown.
    open var text: String?

    /// Creates a label.
    public init(text: String? = nil) {
        self.text = text
        super.init()
    }

    open override func textLines() -> [String] {
        guard !isHidden, let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
