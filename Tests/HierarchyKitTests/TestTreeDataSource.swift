import Foundation

@testable import HierarchyKit

/// A data source over an editable tree that records every call the view makes.
///
/// Children can be real (`children[parent]`) or virtual (`virtualCounts[parent]`, child uuids
/// `"parent/i"`), so a column of ten million children costs nothing. In async mode,
/// `numberOfChildren` answers 0 for unloaded parents and queues a load the test completes.
@MainActor
final class TestTreeDataSource: @MainActor HierarchyViewDataSource, @MainActor HierarchyViewDelegate {
    enum Call: Hashable, CustomStringConvertible {
        case root
        case count(String)
        case child(Int, String)
        case parent(String)
        case prefetch([String])
        case cell(String)
        case title(String)

        var description: String {
            switch self {
            case .root: "root"
            case .count(let u): "count(\(u))"
            case .child(let i, let p): "child(\(i) of \(p))"
            case .parent(let u): "parent(\(u))"
            case .prefetch(let us): "prefetch(\(us.count))"
            case .cell(let u): "cell(\(u))"
            case .title(let u): "title(\(u))"
            }
        }
    }

    var rootID: String?
    var children: [String: [String]] = [:]
    var parents: [String: String] = [:]
    var virtualCounts: [String: Int] = [:]
    var calls: [Call] = []
    /// Parents whose children (or items whose parent) are not loaded yet.
    var unloadedChildren: Set<String> = []
    var unloadedParents: Set<String> = []
    var pendingLoads: [() -> Void] = []
    /// Loads complete inside the data source call that starts them.
    var loadsSynchronously = false
    weak var view: HierarchyView?
    /// The delegate takes indicator taps over when set.
    var takesIndicatorTaps = false
    var indicatorTaps: [String] = []
    var selections: [String] = []

    init(root: String?, _ tree: [String: [String]] = [:]) {
        rootID = root
        children = tree
        for (parent, kids) in tree { for kid in kids { parents[kid] = parent } }
    }

    func count(of uuid: String) -> Int {
        if let n = virtualCounts[uuid] { return n }
        return children[uuid]?.count ?? 0
    }

    func rootUUID(in hierarchyView: HierarchyView) -> String? {
        calls.append(.root)
        return rootID
    }

    func hierarchyView(_ hierarchyView: HierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        calls.append(.count(uuid))
        if unloadedChildren.contains(uuid) {
            pendingLoads.append { [self] in
                unloadedChildren.remove(uuid)
                let n = count(of: uuid)
                if n > 0 { view?.insertChildren(of: uuid, at: IndexSet(integersIn: 0..<n)) }
            }
            if loadsSynchronously { completePendingLoads() }
            return 0
        }
        return count(of: uuid)
    }

    func hierarchyView(_ hierarchyView: HierarchyView, uuidForChildItemAt index: Int, with parentUUID: String) -> String
    {
        calls.append(.child(index, parentUUID))
        if virtualCounts[parentUUID] != nil { return "\(parentUUID)/\(index)" }
        return children[parentUUID]?[index] ?? "missing-\(index)"
    }

    func hierarchyView(_ hierarchyView: HierarchyView, parentForItemWith uuid: String) -> String? {
        calls.append(.parent(uuid))
        if unloadedParents.contains(uuid) {
            pendingLoads.append { [self] in
                unloadedParents.remove(uuid)
                view?.invalidateParent(of: uuid)
            }
            return nil
        }
        return parents[uuid]
    }

    func hierarchyView(_ hierarchyView: HierarchyView, prefetchDataForItemsWith uuids: [String]) {
        calls.append(.prefetch(uuids))
    }

    func hierarchyView(_ hierarchyView: HierarchyView, cellForItemWith uuid: String) -> HierarchyCollectionItem {
        calls.append(.cell(uuid))
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "HierarchyCollectionItem", with: uuid)
        cell.title.text = uuid
        let n = count(of: uuid)
        cell.isHierarchyButtonHidden = n == 0 && !unloadedChildren.contains(uuid)
        cell.hierarchyAttributeText = n > 0 ? String(n) : nil
        return cell
    }

    func hierarchyView(_ hierarchyView: HierarchyView, titleForItemWith uuid: String) -> String? {
        calls.append(.title(uuid))
        return uuid
    }

    func hierarchyView(_ hierarchyView: HierarchyView, hierarchyButtonTappedForItemWith uuid: String) {
        indicatorTaps.append(uuid)
        if !takesIndicatorTaps { hierarchyView.send(.expandItem(with: uuid)) }
    }

    func hierarchyView(_ hierarchyView: HierarchyView, didSelectItemWith uuid: String) {
        selections.append(uuid)
    }

    func completePendingLoads() {
        var rounds = 0
        while !pendingLoads.isEmpty, rounds < 100 {
            let work = pendingLoads
            pendingLoads.removeAll()
            for job in work { job() }
            rounds += 1
        }
    }

    /// The calls of the kinds that matter for loading order (no titles, no prefetches).
    var loadCalls: [String] {
        calls.compactMap { call in
            switch call {
            case .title, .prefetch: nil
            default: call.description
            }
        }
    }

    var childCallCount: Int { calls.filter { if case .child = $0 { true } else { false } }.count }
    var cellCallCount: Int { calls.filter { if case .cell = $0 { true } else { false } }.count }
}

/// Data sources are held weakly by views; tests that pass a temporary keep it alive here.
@MainActor var retainedSources: [TestTreeDataSource] = []

/// A view of the given size in terminal units (columns 30 wide, 3-line cells) with a data
/// source, loaded.
@MainActor
func makeView(
    _ source: TestTreeDataSource, width: Double = 120, height: Double = 12,
    direction: LayoutDirection = .leftToRight, delegate: Bool = true
) -> HierarchyView {
    let layout = HierarchyCollectionViewLayout(
        metrics: .terminal, size: Size(width: width, height: height), layoutDirection: direction)
    let view = HierarchyView(layout: layout)
    var errors: [HierarchyError] = []
    view.errorHandler = { errors.append($0) }
    view.dataSource = source
    if delegate { view.delegate = source }
    source.view = view
    retainedSources.append(source)
    view.layoutIfNeeded()
    return view
}

/// A small plant: Plant → Areas A1 (P1…P3), A2 (empty), A3 (M1, M2).
@MainActor
func plantSource() -> TestTreeDataSource {
    TestTreeDataSource(
        root: "Plant",
        [
            "Plant": ["A1", "A2", "A3"],
            "A1": ["P1", "P2", "P3"],
            "A3": ["M1", "M2"],
        ])
}
