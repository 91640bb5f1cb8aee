import FioriCompat

/// The model the overview document's controller is written against: a cache of objects
/// whose children and parents are fetched lazily from a "server" (here a small plant, with
/// a short delay, as a network would answer).
@MainActor
final class HierarchyViewModel {
    /// The item shown in the first column.
    private(set) var rootObject: ModelObject?
    private var cache: [String: ModelObject] = [:]
    let server: PlantServer

    /// A model over the sample plant.
    ///
    /// - Parameter server: Where children come from (injected so tests choose the delay).
    init(server: PlantServer = PlantServer()) {
        self.server = server
        let root = server.object(for: PlantServer.rootUUID, model: self)
        rootObject = root
        cache[root.uuid] = root
    }

    /// The cached object with this uuid.
    func getObject(for uuid: String) -> ModelObject? { cache[uuid] }

    /// Caches fetched objects; children fetched together complete their parent's list.
    func updateCache(objects: [ModelObject]) {
        for object in objects { cache[object.uuid] = object }
        for object in objects {
            guard let parent = object.parent, parent.children == nil else { continue }
            let ids = server.childUUIDs(of: parent.uuid)
            let children = ids.compactMap { cache[$0] }
            if children.count == ids.count { parent.children = children }
        }
    }

    /// Makes another object the root (after its parent was fetched).
    func updateRootObject(newRootObject: ModelObject) {
        rootObject = newRootObject
    }
}

/// One business object of the model.
@MainActor
final class ModelObject: CustomStringConvertible {
    let uuid: String
    let name: String
    let type: String
    let location: String
    /// Known before the children are fetched (the server says how many there are).
    let numberOfChildren: Int
    /// The children, once fetched.
    var children: [ModelObject]?
    /// The parent, once known.
    var parent: ModelObject?
    private unowned let model: HierarchyViewModel
    private var isFetchingChildren = false

    init(uuid: String, name: String, type: String, location: String, numberOfChildren: Int, model: HierarchyViewModel) {
        self.uuid = uuid
        self.name = name
        self.type = type
        self.location = location
        self.numberOfChildren = numberOfChildren
        self.model = model
    }

    nonisolated var description: String { "ModelObject(\(uuid))" }

    /// Fetches the children in the background and hands them over on the main actor. A
    /// second call while a fetch runs is dropped (the first answer serves both).
    func asyncFetchChildren(_ completion: @escaping @MainActor ([ModelObject]) -> Void) {
        guard !isFetchingChildren else { return }
        isFetchingChildren = true
        let delay = model.server.delay
        Task { @MainActor in
            try? await Task.sleep(for: delay)
            let children = self.model.server.childUUIDs(of: self.uuid).map { uuid in
                let child = self.model.server.object(for: uuid, model: self.model)
                child.parent = self
                return child
            }
            self.isFetchingChildren = false
            completion(children)
        }
    }

    /// Fetches the parent; the sample plant's root has none.
    func asyncFetchParent(_ completion: @escaping @MainActor (ModelObject?) -> Void) {
        let delay = model.server.delay
        Task { @MainActor in
            try? await Task.sleep(for: delay)
            completion(nil)
        }
    }
}

/// The "server": a small plant-maintenance hierarchy, answered after a delay.
struct PlantServer: Sendable {
    struct Record: Sendable {
        var name: String
        var type: String
        var location: String
        var children: [String]
    }

    static let rootUUID = "plant"
    /// How long a fetch takes.
    var delay: Duration
    private var records: [String: Record] = [:]

    init(delay: Duration = .milliseconds(120)) {
        self.delay = delay
        let areas: [(String, String, [String])] = [
            ("Utilities", "Hall A", ["Steam boiler", "Compressed air", "Cooling tower", "Transformer station"]),
            ("Production line 1", "Hall B", ["Mixer", "Extruder", "Cutter", "Packaging robot", "Conveyor"]),
            ("Production line 2", "Hall C", ["Press", "Oven", "Conveyor", "Labeller"]),
            ("Tank farm", "Yard", ["Tank 1", "Tank 2", "Tank 3", "Pump house"]),
            ("Warehouse", "Hall D", []),
        ]
        var rootChildren: [String] = []
        for (a, area) in areas.enumerated() {
            let areaID = "area-\(a + 1)"
            rootChildren.append(areaID)
            var equipmentIDs: [String] = []
            for (e, equipment) in area.2.enumerated() {
                let equipmentID = "\(areaID)-eq-\(e + 1)"
                equipmentIDs.append(equipmentID)
                let parts = ["Motor", "Gearbox", "Sensor"].enumerated().map { p, part in
                    let partID = "\(equipmentID)-part-\(p + 1)"
                    records[partID] = Record(
                        name: "\(part) \(e + 1).\(p + 1)", type: "Part", location: area.1, children: [])
                    return partID
                }
                records[equipmentID] = Record(name: equipment, type: "Equipment", location: area.1, children: parts)
            }
            records[areaID] = Record(
                name: area.0, type: "Functional location", location: area.1, children: equipmentIDs)
        }
        records[Self.rootUUID] = Record(
            name: "Hamburg Plant", type: "Plant", location: "Hamburg", children: rootChildren)
    }

    /// The uuids of an item's children, in order.
    func childUUIDs(of uuid: String) -> [String] { records[uuid]?.children ?? [] }

    /// A new object for a record.
    @MainActor
    func object(for uuid: String, model: HierarchyViewModel) -> ModelObject {
        let record = records[uuid] ?? Record(name: uuid, type: "", location: "", children: [])
        return ModelObject(
            uuid: uuid, name: record.name, type: record.type, location: record.location,
            numberOfChildren: record.children.count, model: model)
    }
}
