import FioriCompat
import Testing

// The sample model the seed's controller is written against: objects with lazily loaded
// children and parents whose loads complete when the test says so.
@MainActor
final class ModelObject {
    let uuid: String
    let name: String
    let type: String
    let location: String
    let numberOfChildren: Int
    var children: [ModelObject]?
    var parent: ModelObject?
    fileprivate let loader: HierarchyViewModel

    init(uuid: String, name: String, type: String, location: String, numberOfChildren: Int, loader: HierarchyViewModel)
    {
        self.uuid = uuid
        self.name = name
        self.type = type
        self.location = location
        self.numberOfChildren = numberOfChildren
        self.loader = loader
    }

    func asyncFetchChildren(_ completion: @escaping @MainActor ([ModelObject]) -> Void) {
        loader.pending.append { [self] in completion(loader.childrenOnServer[uuid] ?? []) }
    }

    func asyncFetchParent(_ completion: @escaping @MainActor (ModelObject?) -> Void) {
        loader.pending.append { [self] in completion(loader.parentOnServer[uuid]) }
    }
}

@MainActor
final class HierarchyViewModel {
    var rootObject: ModelObject?
    private var cache: [String: ModelObject] = [:]
    var childrenOnServer: [String: [ModelObject]] = [:]
    var parentOnServer: [String: ModelObject] = [:]
    var pending: [() -> Void] = []

    func getObject(for uuid: String) -> ModelObject? { cache[uuid] }

    func updateCache(objects: [ModelObject]) {
        for object in objects { cache[object.uuid] = object }
        // A fetched list of children completes its parent; fetched children know their parent.
        for (parent, children) in childrenOnServer
        where !objects.isEmpty && children.map(\.uuid) == objects.map(\.uuid) {
            cache[parent]?.children = children
            for child in children { child.parent = cache[parent] }
        }
        for (child, parent) in parentOnServer where objects.contains(where: { $0 === parent }) {
            cache[child]?.parent = parent
        }
    }

    func updateRootObject(newRootObject: ModelObject) { rootObject = newRootObject }

    /// Completes every outstanding load, including loads the completions start.
    func completePendingLoads() {
        var rounds = 0
        while !pending.isEmpty, rounds < 100 {
            let work = pending
            pending.removeAll()
            for job in work { job() }
            rounds += 1
        }
    }
}

// The seed document's name, kept as written.
// swift-format-ignore: AlwaysUseLowerCamelCase
let ReuseIdentifierForYourCustomCell = "ReuseIdentifierForYourCustomCell"

final class YourCustomCollectionViewCell: FUIHierarchyCollectionItem {}

// The seed's controller, verbatim apart from the `init` the test needs to hand in its model.
class MyController: FUIHierarchyViewController {
    var model = HierarchyViewModel()

    init(model: HierarchyViewModel) {
        self.model = model
        super.init(layout: FUIHierarchyCollectionViewLayout(metrics: .terminal, size: Size(width: 120, height: 40)))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        hierarchyView.register(
            YourCustomCollectionViewCell.self, forCellWithReuseIdentifier: "ReuseIdentifierForYourCustomCell")
        // do more setup here.
    }

    override func rootUUID(in hierarchyView: FUIHierarchyView) -> String? {
        return model.rootObject?.uuid
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        guard let object = model.getObject(for: uuid) else {
            preconditionFailure("Object with String: \(uuid) does not exsit in model")
        }

        if let children = object.children {
            return children.count
        }

        // Get children asynchronously if they haven't been loaded yet. When loading completes, cache those children for future access and insert children into hierarchy view by calling `insertChildren(of:at:)`.
        object.asyncFetchChildren { children in
            self.model.updateCache(objects: children)
            self.hierarchyView.insertChildren(of: uuid, at: IndexSet(integersIn: 0..<children.count))
        }

        // Return zero children before children is loaded.
        return 0
    }

    override func hierarchyView(
        _ hierarchyView: FUIHierarchyView, uuidForChildItemAt index: Int, with parentUUID: String
    ) -> String {
        guard let parent = model.getObject(for: parentUUID) else {
            preconditionFailure("Parent object with String: \(parentUUID) does not exsit")
        }

        guard let children = parent.children else {
            preconditionFailure("Children of parent: \(parent) is not loaded yet")
        }

        return children[index].uuid
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, parentForItemWith uuid: String) -> String? {
        guard let object = model.getObject(for: uuid) else {
            preconditionFailure("Object with String: \(uuid) does not exsit in model")
        }

        if let parent = object.parent {
            return parent.uuid
        }

        // Get parent asynchronously if they haven't been loaded yet. When loading completes, cache the parent for future access and insert it into hierarchy view by calling `invalidateParent(of:)`.
        object.asyncFetchParent { parent in
            guard let parent = parent else {
                return
            }

            self.model.updateCache(objects: [parent])
            self.model.updateRootObject(newRootObject: parent)
            self.hierarchyView.invalidateParent(of: uuid)
        }

        // Return nil before parent is loaded.
        return nil
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, cellForItemWith uuid: String)
        -> FUIHierarchyCollectionItem
    {
        let cell =
            hierarchyView.dequeueReusableCell(withReuseIdentifier: ReuseIdentifierForYourCustomCell, with: uuid)
            as! YourCustomCollectionViewCell
        guard let object = model.getObject(for: uuid) else {
            return cell
        }

        cell.title.text = object.name
        cell.subtitle.text = object.type
        cell.body.text = object.location
        cell.accessoryType = .disclosureIndicator
        if object.numberOfChildren > 0 {
            cell.isHierarchyButtonHidden = false
            cell.hierarchyAttributeText = String(object.numberOfChildren)
        } else {
            cell.isHierarchyButtonHidden = true
        }

        return cell
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, titleForItemWith uuid: String) -> String? {
        return model.getObject(for: uuid)?.name
    }
}

@MainActor
@Suite struct HierarchyViewSeedSampleTests {
    /// Plant P has areas A1 (pumps P1…P3) and A2; the view starts at A1.
    func makeModel() -> HierarchyViewModel {
        let model = HierarchyViewModel()
        func object(_ id: String, _ name: String, children: Int) -> ModelObject {
            ModelObject(
                uuid: id, name: name, type: "Type of \(name)", location: "Hall 1", numberOfChildren: children,
                loader: model)
        }
        let plant = object("P", "Plant", children: 2)
        let a1 = object("A1", "Area 1", children: 3)
        let a2 = object("A2", "Area 2", children: 0)
        let pumps = (1...3).map { object("P\($0)", "Pump \($0)", children: 0) }
        model.childrenOnServer = ["P": [a1, a2], "A1": pumps, "A2": []]
        model.parentOnServer = ["A1": plant, "A2": plant, "P1": a1, "P2": a1, "P3": a1]
        model.updateCache(objects: [a1])
        model.rootObject = a1
        return model
    }

    @Test func lazyChildrenArriveThroughInsertChildren() {
        let model = makeModel()
        let controller = MyController(model: model)
        controller.loadViewIfNeeded()
        var snapshot = controller.hierarchyView.snapshot()
        #expect(snapshot.columns.map(\.items.count) == [1, 0])
        #expect(snapshot.columns[0].items[0].cell.title.text == "Area 1")
        #expect(snapshot.columns[0].items[0].cell is YourCustomCollectionViewCell)

        model.completePendingLoads()
        snapshot = controller.hierarchyView.snapshot()
        let titles = snapshot.columns.map { $0.items.map { $0.cell.title.text ?? "" } }
        #expect(titles.last == ["Pump 1", "Pump 2", "Pump 3"])
        let pump = snapshot.columns.last!.items[0].cell
        #expect(pump.subtitle.text == "Type of Pump 1")
        #expect(pump.footnote.text == "Hall 1")
        #expect(pump.isHierarchyButtonHidden)
        #expect(pump.accessoryType == .disclosureIndicator)
    }

    @Test func parentArrivesThroughInvalidateParentThenItsChildren() {
        let model = makeModel()
        let controller = MyController(model: model)
        controller.loadViewIfNeeded()
        model.completePendingLoads()
        let view = controller.hierarchyView
        // Plant arrived as a preview column; A1 alone until Plant's children load, then all.
        model.completePendingLoads()
        let snapshot = view.snapshot()
        #expect(view.numberOfColumns == 3)
        #expect(snapshot.levelCount == 3)
        #expect(model.rootObject?.uuid == "P")
        view.send(.showPreviousLevel)
        let back = view.snapshot()
        let titles = back.columns.map { $0.items.map { $0.cell.title.text ?? "" } }
        #expect(titles.first == ["Plant"])
        #expect(titles.dropFirst().first == ["Area 1", "Area 2"])
        #expect(back.columns[1].items[0].isExpanded)
        #expect(view.recentErrors.isEmpty)
    }
}
