import ListFloorplan

extension FUIListFloorplan: ListFloorplanController {
    public var listScreen: ListScreen<Entity, Section> { screen }

    /// Runs `viewDidLoad()`: the search bar is set (when the view model allows search) and the
    /// first page loads.
    public func loadForFace() -> ListTask { loadView() }

    public var headerColumns: [ListHeaderColumn] { gridRowHeaderItems }
}
