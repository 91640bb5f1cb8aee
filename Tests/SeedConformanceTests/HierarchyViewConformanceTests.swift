import FioriCompat
import Foundation
import TerminalUI
import Testing

@testable import HierarchyWeb

/// A controller over a fixed tree, written against the FUI names as the documents do.
@MainActor
private class TreeController: FUIHierarchyViewController {
    var root: String?
    var tree: [String: [String]]
    var parents: [String: String] = [:]
    var parentAsks: [String] = []

    init(
        root: String?, _ tree: [String: [String]],
        layout: FUIHierarchyCollectionViewLayout = FUIHierarchyCollectionViewLayout()
    ) {
        self.root = root
        self.tree = tree
        super.init(layout: layout)
    }

    override func rootUUID(in hierarchyView: FUIHierarchyView) -> String? { root }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        tree[uuid]?.count ?? 0
    }

    override func hierarchyView(
        _ hierarchyView: FUIHierarchyView, uuidForChildItemAt index: Int, with parentUUID: String
    ) -> String {
        tree[parentUUID]?[index] ?? ""
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, parentForItemWith uuid: String) -> String? {
        parentAsks.append(uuid)
        return parents[uuid]
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, titleForItemWith uuid: String) -> String? {
        uuid.uppercased()
    }
}

@MainActor
private func loaded(_ controller: FUIHierarchyViewController, size: Size = Size(width: 1024, height: 768))
    -> HierarchyViewSnapshot
{
    controller.hierarchyView.collectionViewLayout.size = size
    controller.loadViewIfNeeded()
    return controller.hierarchyView.snapshot()
}

@MainActor
private func item(_ uuid: String, in snapshot: HierarchyViewSnapshot) -> HierarchyViewSnapshot.Item? {
    snapshot.columns.lazy.flatMap(\.items).first { $0.uuid == uuid }
}

// MARK: - Open classes

private final class ThreeColumnLayout: FUIHierarchyCollectionViewLayout {
    override var visibleColumnCount: Int { 3 }
}

private final class ShoutingHeader: FUIHierarchyViewHeader {
    var updates = 0
    override var title: String? { super.title.map { "» " + $0 } }
    override func didUpdate() { updates += 1 }
}

private final class PlainTextItemView: FUIHierarchyItemView {
    override var textLines: [String] { [title.text ?? "", "(copied by a subclass)"] }
    override var accessibilityLabel: String { "Item " + (title.text ?? "") }
}

private final class PlainTextCell: FUIHierarchyCollectionItem {
    override class func makeItemView() -> FUIHierarchyItemView { PlainTextItemView() }
}

@MainActor
private final class SubclassingController: TreeController {
    override func viewDidLoad() {
        super.viewDidLoad()
        hierarchyView.register(PlainTextCell.self, forCellWithReuseIdentifier: "Plain")
    }

    override func hierarchyView(_ hierarchyView: FUIHierarchyView, cellForItemWith uuid: String)
        -> FUIHierarchyCollectionItem
    {
        let cell = hierarchyView.dequeueReusableCell(withReuseIdentifier: "Plain", with: uuid)
        cell.title.text = uuid
        return cell
    }
}

private final class SelectionRecordingCell: FUIHierarchyItemTableViewCell {
    var heard: [Bool] = []
    override func setSelected(_ selected: Bool, animated: Bool) {
        heard.append(selected)
        super.setSelected(selected, animated: animated)
    }
}

private final class WideMarginCell: FUIHierarchyItemTableViewCell {
    override var directionalLayoutMargins: EdgeInsets {
        get { EdgeInsets(top: 1, leading: 4, bottom: 1, trailing: 0) }
        set {}
    }
}

extension SeedConformance {
    @MainActor
    @Suite("Hierarchy view and cells")
    struct HierarchyViewAndCells {
        @Test(
            "\"open class FUIHierarchyCollectionViewLayout\": a subclass's override of the column count lays out the columns"
        )
        func layoutSubclassIsUsed() {
            let controller = TreeController(root: "r", ["r": ["a", "b"], "a": ["a1"]], layout: ThreeColumnLayout())
            let snapshot = loaded(controller, size: Size(width: 900, height: 600))
            #expect(controller.hierarchyView.collectionViewLayout.columnWidth == 300)
            #expect(snapshot.columns.map(\.frame.width) == [300, 300])
            #expect(snapshot.columns.map(\.frame.minX) == [0, 300])
        }

        @Test(
            "\"open class FUIHierarchyViewHeader\": a subclass set as the view's header draws its title and hears updates"
        )
        func headerSubclassIsUsed() {
            let controller = TreeController(root: "r", ["r": ["a", "b"]])
            let header = ShoutingHeader()
            controller.hierarchyView.header = header
            let snapshot = loaded(controller, size: Size(width: 320, height: 600))
            #expect(snapshot.isCompact)
            #expect(snapshot.header?.title == "» R")
            #expect(header.updates > 0)
        }

        @Test(
            "\"open class FUIHierarchyItemView\": a cell's item view subclass copies and speaks through its overrides")
        func itemViewSubclassIsUsed() {
            let controller = SubclassingController(root: "r", ["r": ["a"]])
            let snapshot = loaded(controller)
            let cell = try? #require(item("a", in: snapshot)?.cell)
            #expect(cell?.itemView is PlainTextItemView)
            #expect(controller.hierarchyView.copyContent(ofItemWith: "a") == "a\n(copied by a subclass)")
            #expect(cell?.accessibilityLabel == "Item a")
        }

        @Test(
            "\"Otherwise hierarchy view will use FUIHierarchyCollectionItem by default\": the default cell hides the indicator of an item without children"
        )
        func defaultCellHidesLeafIndicator() throws {
            let controller = TreeController(root: "r", ["r": ["folder", "leaf"], "folder": ["x", "y", "z"]])
            let snapshot = loaded(controller)
            let folder = try #require(item("folder", in: snapshot)?.cell)
            let leaf = try #require(item("leaf", in: snapshot)?.cell)
            #expect(!folder.isHierarchyButtonHidden && folder.hierarchyAttributeText == "3")
            #expect(leaf.isHierarchyButtonHidden && leaf.hierarchyAttributeText == nil)
        }

        @Test(
            "Initial Loading Process, rule 3: \"asks data source for the parent of root item\" during the initial load in compact width too"
        )
        func compactWidthAsksRootParentOnInitialLoad() {
            let controller = TreeController(root: "r", ["top": ["r", "s"], "r": ["a", "b"]])
            controller.parents = ["r": "top"]
            let snapshot = loaded(controller, size: Size(width: 320, height: 600))
            #expect(snapshot.isCompact)
            #expect(controller.parentAsks == ["r"])
            // The parent is the preview column before the root; the children stay on screen.
            #expect(controller.hierarchyView.expandedPath == ["top", "r"])
            #expect(snapshot.columns.count == 1 && snapshot.columns[0].parentUUID == "r")
            #expect(snapshot.header?.title == "R")
        }

        @Test(
            "\"If that parent exists, insert it into preview column before the root\": children inserted in batches (0..<50, 50..<100, the root at row 70)"
        )
        func previewColumnTakesBatchInserts() throws {
            let siblings = (0..<100).map { $0 == 70 ? "r" : "s\($0)" }
            let controller = TreeController(root: "r", ["r": ["a"]])
            controller.loadViewIfNeeded()
            _ = loaded(controller)
            // The parent arrives late, and its children in two batches.
            controller.parents = ["r": "top"]
            controller.tree["top"] = []
            let view = controller.hierarchyView
            view.invalidateParent(of: "r")
            #expect(view.expandedPath == ["top", "r"])
            controller.tree["top"] = Array(siblings[0..<50])
            view.insertChildren(of: "top", at: IndexSet(integersIn: 0..<50))
            controller.tree["top"] = siblings
            view.insertChildren(of: "top", at: IndexSet(integersIn: 50..<100))
            let snapshot = view.snapshot()
            #expect(view.itemCount(ofColumn: 1) == 100)
            #expect(view.expandedPath == ["top", "r"])
            #expect(view.recentErrors.isEmpty, "\(view.recentErrors)")
            #expect(
                snapshot.columns.first { $0.parentUUID == "top" }?.items.contains { $0.uuid == "r" && $0.row == 70 }
                    == true)
        }

        @Test("insertChildren(of:at:) from a source whose child count lags one call behind its insert is not reverted")
        func laggingCountIsNotReverted() {
            let controller = TreeController(root: "r", ["r": ["a", "b"]])
            _ = loaded(controller)
            let view = controller.hierarchyView
            // The source announces the insert before it updates its own count.
            view.insertChildren(of: "r", at: IndexSet(integer: 2))
            controller.tree["r"] = ["a", "b", "c"]
            let snapshot = view.snapshot()
            #expect(view.itemCount(ofColumn: 1) == 3)
            #expect(snapshot.columns.last?.items.map(\.uuid) == ["a", "b", "c"])
            #expect(view.recentErrors.isEmpty, "\(view.recentErrors)")
        }

        @Test("A count that still disagrees at the next layout pass is reported and the source's count taken")
        func persistentCountMismatchIsReconciled() {
            let controller = TreeController(root: "r", ["r": ["a", "b"]])
            _ = loaded(controller)
            let view = controller.hierarchyView
            view.insertChildren(of: "r", at: IndexSet(integer: 2))
            _ = view.snapshot()
            #expect(view.itemCount(ofColumn: 1) == 2)
            #expect(view.recentErrors.map(\.code) == [.inconsistentCount])
        }

        @Test(
            "\"Set directionalLayoutMargins.trailing has no effect\" while top, leading and bottom do; the property is open"
        )
        func trailingMarginHasNoEffect() {
            let metrics = HierarchyLayoutMetrics.points
            let cell = FUIHierarchyItemTableViewCell()
            let frame = Rect(x: 0, y: 0, width: 300, height: 60)
            cell.directionalLayoutMargins = EdgeInsets(top: 5, leading: 16, bottom: 7, trailing: 100)
            #expect(cell.directionalLayoutMargins == EdgeInsets(top: 5, leading: 16, bottom: 7, trailing: 0))
            let reserved = metrics.indicatorWidthMultiline
            #expect(
                cell.contentFrame(in: frame, metrics: metrics, layoutDirection: .leftToRight)
                    == Rect(x: 16, y: 5, width: 300 - 16 - reserved, height: 48))
            #expect(
                cell.contentFrame(in: frame, metrics: metrics, layoutDirection: .rightToLeft)
                    == Rect(x: reserved, y: 5, width: 300 - 16 - reserved, height: 48))
            let subclass = WideMarginCell()
            subclass.isHierarchyButtonHidden = true
            #expect(
                subclass.contentFrame(in: frame, metrics: metrics, layoutDirection: .leftToRight)
                    == Rect(x: 4, y: 1, width: 296, height: 58))
        }

        @Test(
            "\"override open func setSelected(_ selected: Bool, animated: Bool)\": the view calls it when an item is expanded and collapsed"
        )
        func viewCallsSetSelected() throws {
            let controller = TreeController(root: "r", ["r": ["a", "b"], "a": ["a1"], "b": ["b1"]])
            controller.hierarchyView.register(
                SelectionRecordingCell.self, forCellWithReuseIdentifier: "HierarchyCollectionItem")
            let view = controller.hierarchyView
            var snapshot = loaded(controller)
            let a = try #require(item("a", in: snapshot)?.cell as? SelectionRecordingCell)
            view.send(.expandItem(with: "a"))
            snapshot = view.snapshot()
            #expect(a.heard == [true])
            #expect(item("a", in: snapshot)?.isExpanded == true)
            view.send(.expandItem(with: "b"))
            _ = view.snapshot()
            #expect(a.heard == [true, false])
        }

        @Test(
            "\"Standard UITableViewCell properties like accessoryView, accessoryType, and editingAccessoryView are supported\"; accessibilityElements lists the parts"
        )
        func accessoryViewsAndAccessibilityElements() {
            let cell = FUIHierarchyItemTableViewCell()
            cell.accessoryType = .disclosureIndicator
            #expect(cell.accessoryGlyph(isEditing: false) == "›")
            cell.accessoryView = HierarchyAccessoryView(glyph: "★", accessibilityLabel: "Favourite")
            cell.editingAccessoryView = HierarchyAccessoryView(glyph: "≡", accessibilityLabel: "Reorder")
            #expect(cell.accessoryGlyph(isEditing: false) == "★")
            #expect(cell.accessoryGlyph(isEditing: true) == "≡")
            let elements = cell.accessibilityElements ?? []
            #expect(elements.count == 3)
            #expect(elements.first as? FUIHierarchyItemView === cell.itemView)
            #expect(elements.last as? HierarchyAccessoryView === cell.accessoryView)
            cell.accessibilityElements = [cell.itemView]
            #expect(cell.accessibilityElements?.count == 1)
            cell.prepareForReuse()
            #expect(cell.accessoryView == nil && cell.editingAccessoryView == nil)
            #expect(cell.accessibilityElements?.count == 2)
        }

        @Test(
            "Accessibility label, value (\"3 children\" / \"Is showing children\") and hint in the terminal's screen-reader text"
        )
        func accessibilityInTerminal() throws {
            let controller = TreeController(root: "r", ["r": ["pumps", "valves"], "pumps": ["p1", "p2", "p3"]])
            HierarchyBrowser.configureForTerminal(controller.hierarchyView, rightToLeft: false)
            let browser = HierarchyBrowser(view: controller.hierarchyView, sourceName: "plant", columns: 80, rows: 24)
            controller.loadViewIfNeeded()
            _ = browser.render()
            // The terminal previews the focused item's children from the first frame on.
            #expect(browser.screenReaderText == "PUMPS, Is showing children")
            controller.hierarchyView.send(.moveFocus(.down))
            _ = browser.render()
            let cell = try #require(controller.hierarchyView.cellForItem(with: "pumps"))
            #expect(cell.screenReaderText == "PUMPS, 3 children, Double tap to show children")
        }

        @Test("Accessibility label, value and hint in the web page's ARIA attributes")
        func accessibilityInWebPage() throws {
            let controller = TreeController(root: "r", ["r": ["pumps", "valves"], "pumps": ["p1", "p2", "p3"]])
            let snapshot = loaded(controller)
            let json = try JSONEncoder().encode(
                WebSnapshot(snapshot, session: "s", version: 1, selectedCount: 0, loading: false, message: nil))
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let items = (object["columns"] as? [[String: Any]] ?? []).flatMap { $0["items"] as? [[String: Any]] ?? [] }
            let pumps = try #require(items.first { $0["uuid"] as? String == "pumps" })
            #expect(pumps["label"] as? String == "PUMPS")
            #expect(pumps["value"] as? String == "3 children")
            #expect(pumps["hint"] as? String == "Double tap to show children")
            let valves = try #require(items.first { $0["uuid"] as? String == "valves" })
            #expect(valves["value"] == nil && valves["hint"] == nil)
            // The page puts them on the card (aria-label, aria-describedby) and the indicator.
            let script = String(decoding: try WebPageResources.load().script, as: UTF8.self)
            #expect(script.contains("card.setAttribute(\"aria-label\", item.label)"))
            #expect(script.contains("aria-describedby\", hintId(item.hint)"))
            #expect(script.contains("button.setAttribute(\"aria-label\", item.value"))
        }
    }
}
