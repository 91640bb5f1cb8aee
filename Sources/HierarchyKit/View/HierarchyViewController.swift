/// A view controller that manages a hierarchy view and is its data source and delegate.
///
/// Subclass it and override the data source methods (the seed sample `class MyController:
/// HierarchyViewController` works as written). `viewDidLoad()` runs once, when a renderer
/// attaches the controller (`loadViewIfNeeded()`); register custom cells there.
///
/// The controller stays on the main actor, as the seed API has it; it is its view's data source
/// and delegate through main-actor-isolated conformances, so its view is used on the main
/// actor only (a view over a `HierarchySource` may live on any actor instead).
@MainActor
open class HierarchyViewController: @MainActor HierarchyViewDataSource, @MainActor HierarchyViewDelegate {
    /// The managed view; its data source and delegate are this controller.
    public let hierarchyView: HierarchyView
    /// Whether `viewDidLoad()` has run.
    public private(set) var isViewLoaded = false

    /// Makes a controller whose view lays its columns out with `layout`; the view's header
    /// shows at its top in every width (`showsHeaderInRegularWidth`).
    public init(layout: HierarchyCollectionViewLayout = HierarchyCollectionViewLayout()) {
        layout.showsHeaderInRegularWidth = true
        hierarchyView = HierarchyView(layout: layout)
        hierarchyView.dataSource = self
        hierarchyView.delegate = self
    }

    /// Called once when the view is attached to a renderer, before the first load.
    open func viewDidLoad() {}

    /// Runs `viewDidLoad()` once and loads the hierarchy.
    public func loadViewIfNeeded() {
        guard !isViewLoaded else { return }
        isViewLoaded = true
        viewDidLoad()
        hierarchyView.layoutIfNeeded()
    }

    // MARK: Data source (override these)

    open func rootUUID(in hierarchyView: HierarchyView) -> String? { nil }

    open func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int { 0 }

    open func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String)
        -> String
    {
        ""
    }

    open func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String? { nil }

    open func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {}

    open func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: CellReuseQueue.defaultIdentifier, with: uuid)
        cell.title.text = self.hierarchyView(hierarchyView, titleForItemWith: uuid) ?? uuid
        // A leaf has no indicator: opening it would only show an empty column.
        let count = self.hierarchyView(hierarchyView, numberOfChildrenForItemWith: uuid)
        cell.isHierarchyButtonHidden = count <= 0
        cell.hierarchyAttributeText = count > 0 ? String(count) : nil
        return cell
    }

    open func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? { nil }

    open func hierarchyView(
        _ hierarchyView: HierarchyView, indexOfChildItemWith uuid: String, inParentWith parentUUID: String
    ) -> Int? {
        nil
    }

    // MARK: Delegate (override these)

    open func hierarchyView(_ hierarchyView: HierarchyView, hierarchyButtonTappedForItemWith uuid: String) {
        hierarchyView.send(.expandItem(with: uuid))
    }

    open func hierarchyView(_ hierarchyView: HierarchyView, didSelectItemWith uuid: String) {}
}
