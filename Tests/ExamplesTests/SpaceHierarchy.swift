import FioriCompat

// The linear hierarchy document's usage sample ("Horizontal Implementation", "Vertical
// Implementation" and the runtime "Spacecraft" content), its Objective-C written line for line
// in Swift: the host is the cell manager, the collection's data source and its delegate.

/// The cell class the host registers.
final class SpaceCell: CBLinearHierarchyCell {}

/// The host view controller of the document's demo.
@MainActor
final class SpaceViewController: CBLinearHierarchyCellManagerProtocol, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout
{
    var lhLayout: CBLinearHierarchyFlowLayout!
    var lhVC: CBLinearHierarchyViewController!
    /// The name of the item expanded last ("Spacecraft" shows the runtime data).
    var selectedItemName: String?
    /// The "Spacecraft" entries, known only at runtime.
    let dataAtRuntime = ["Voyager 1", "Voyager 2", "Cassini", "New Horizons", "James Webb"]
    /// The size of every cell (character cells in the terminal; the page scales them up).
    let preferredCellSize = CGSize(width: 16, height: 1)
    /// The size the host's view has.
    let viewSize: CGSize

    /// The hosts of the controllers made by ``makeController(_:)``, kept alive with them (a
    /// controller holds its host weakly, as in UIKit).
    private static var hosts: [SpaceViewController] = []

    /// A new host's controller, the host kept alive for the program's life.
    static func makeController(_ scrollDirection: LinearHierarchyLayout.ScrollDirection)
        -> CBLinearHierarchyViewController
    {
        let host = SpaceViewController(scrollDirection: scrollDirection)
        hosts.append(host)
        return host.lhVC
    }

    init(scrollDirection: LinearHierarchyLayout.ScrollDirection, viewSize: CGSize = CGSize(width: 80, height: 22)) {
        self.viewSize = viewSize
        if scrollDirection == .horizontal { horizontalImplementation() } else { verticalImplementation() }
    }

    private func horizontalImplementation() {
        self.lhLayout = CBLinearHierarchyFlowLayout()
        self.lhLayout.scrollDirection = .horizontal
        self.lhLayout.minimumInteritemSpacing = 1
        self.lhLayout.itemSize = preferredCellSize
        self.lhVC = CBLinearHierarchyViewController(collectionViewLayout: self.lhLayout)
        self.lhVC.lhCellManagerDelegate = self
        self.lhVC.normalLHCellColor = UIColor.darkGray
        self.lhVC.activeLHCellColor = UIColor.purple
        self.lhVC.collectionView.frame = CGRect(x: 0, y: 0, width: viewSize.width, height: preferredCellSize.height)
        self.lhVC.hierarchyItems = self.getHierarchyFromPList()
        self.lhVC.collectionView.dataSource = self
        self.lhVC.collectionView.delegate = self
    }

    private func verticalImplementation() {
        self.lhLayout = CBLinearHierarchyFlowLayout()
        self.lhLayout.scrollDirection = .vertical
        self.lhLayout.minimumInteritemSpacing = 0
        self.lhLayout.itemSize = preferredCellSize
        self.lhVC = CBLinearHierarchyViewController(collectionViewLayout: self.lhLayout)
        self.lhVC.lhCellManagerDelegate = self
        self.lhVC.normalLHCellColor = UIColor.darkGray
        self.lhVC.activeLHCellColor = UIColor.purple
        self.lhVC.collectionView.frame = CGRect(x: 0, y: 0, width: preferredCellSize.width, height: viewSize.height)
        self.lhVC.hierarchyItems = self.getHierarchyFromPList()
        self.lhVC.collectionView.dataSource = self
        self.lhVC.collectionView.delegate = self
    }

    /// The demo's plist: "Spacecraft" is left empty and filled at runtime.
    func getHierarchyFromPList() -> Any {
        [
            [
                "name": "Planets",
                "children": [
                    ["name": "Mercury"], ["name": "Venus"],
                    ["name": "Earth", "children": [["name": "Moon"]]],
                    ["name": "Mars", "children": [["name": "Phobos"], ["name": "Deimos"]]],
                    [
                        "name": "Jupiter",
                        "children": [["name": "Io"], ["name": "Europa"], ["name": "Ganymede"], ["name": "Callisto"]],
                    ],
                ],
            ],
            ["name": "Spacecraft", "type": "dynamic"],
            ["name": "Stars", "children": [["name": "Sun"], ["name": "Sirius"], ["name": "Betelgeuse"]]],
        ]
    }

    // MARK: CBLinearHierarchyCellManagerProtocol

    func cellReuseIdentifierForHierarchyNavigator() -> String { "SpaceCell" }

    func registerClassForCBLinearHierarchyCell() {
        self.lhVC.collectionView.register(
            SpaceCell.self, forCellWithReuseIdentifier: cellReuseIdentifierForHierarchyNavigator())
    }

    // MARK: UICollectionViewDataSource

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        if self.selectedItemName == "Spacecraft" && section == 1 {
            return self.dataAtRuntime.count
        } else {
            return self.lhVC.collectionView(collectionView, numberOfItemsInSection: section)
        }
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        if self.selectedItemName == "Spacecraft" && indexPath.section == 1 {
            let cell = collectionView.dequeueReusableCell(
                withReuseIdentifier: cellReuseIdentifierForHierarchyNavigator(), for: indexPath)
            cell.title = self.dataAtRuntime[indexPath.item]
            cell.isActive = false
            cell.backgroundColor = self.lhVC.normalLHCellColor
            return cell
        }
        return self.lhVC.collectionView(collectionView, cellForItemAt: indexPath)
    }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        // A runtime entry is a leaf: nothing opens.
        guard self.selectedItemName != "Spacecraft" || indexPath.section != 1 else { return }
        self.lhVC.collectionView(collectionView, didSelectItemAt: indexPath)
        let level = self.lhVC.hierarchyLevel
        self.selectedItemName = level > 0 ? self.lhVC.item(at: IndexPath(item: 0, section: level - 1))?.name : nil
    }
}
