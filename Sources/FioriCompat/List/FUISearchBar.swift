import ListFloorplan

/// The Fiori search bar of a list floorplan: typing into it (setting `text`) searches through
/// the view model, debounced by the floorplan's `searchDebounceTiming`.
///
/// The floorplan creates it in `viewDidLoad()` when the view model allows search.
@MainActor
open class FUISearchBar: UIView {
    private let search: @MainActor (String) -> ListTask
    private let current: @MainActor () -> String

    /// The placeholder shown while the text is empty.
    open var placeholderText: String?
    /// The work the last change of `text` started (a debounced search); tests await it.
    public private(set) var lastSearch: ListTask?

    init(
        placeholder: String, search: @escaping @MainActor (String) -> ListTask,
        current: @escaping @MainActor () -> String
    ) {
        self.search = search
        self.current = current
        self.placeholderText = placeholder
        super.init()
    }

    /// The search text; setting it starts a search.
    open var text: String? {
        get { current() }
        set { lastSearch = search(newValue ?? "") }
    }

    open override func textLines() -> [String] {
        guard !isHidden else { return [] }
        let text = current()
        return [text.isEmpty ? (placeholderText ?? "") : text]
    }
}
