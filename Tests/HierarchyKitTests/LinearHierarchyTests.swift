import Foundation
import HierarchyAdapters
import HierarchyDocuments
import HierarchyTestSupport
import Testing

@testable import HierarchyKit

/// The shape of the CBLinearHierarchy demo plist: a root array of entries with `name`, `type` and
/// `children`, where "Spacecraft" is dynamic and filled at run time.
/// Identifiers in preorder: Vehicles 0, Cars 1, Sedan 2, Coupe 3, Boats 4, Spacecraft 5,
/// Animals 6, Cats 7, Dogs 8, Plants 9.
private func demoEntries() -> [[String: Any]] {
    [
        [
            "name": "Vehicles", "type": "static",
            "children": [
                [
                    "name": "Cars", "type": "static",
                    "children": [
                        ["name": "Sedan", "type": "static", "children": [Any]()],
                        ["name": "Coupe", "type": "static", "children": [Any]()],
                    ],
                ],
                ["name": "Boats", "type": "static", "children": [Any]()],
                ["name": "Spacecraft", "type": "dynamic", "children": [Any]()],
            ],
        ],
        [
            "name": "Animals", "type": "static",
            "children": [
                ["name": "Cats", "type": "static"],
                ["name": "Dogs", "type": "static"],
            ],
        ],
        ["name": "Plants", "type": "static", "children": [Any]()],
    ]
}

private func id(_ raw: Int) -> LinearHierarchyItem.ID { LinearHierarchyItem.ID(raw) }

private func path(_ section: Int, _ item: Int) -> LinearIndexPath { LinearIndexPath(section: section, item: item) }

/// The sections as names; an active item is written `*Name`, a loading section as `…`.
private func shape(_ hierarchy: LinearHierarchy) -> [[String]] {
    hierarchy.sections.map { section in
        section.isLoading
            ? ["…"]
            : section.items.map { section.activeItemID == $0.id ? "*\($0.name)" : $0.name }
    }
}

private func demo() throws -> LinearHierarchy {
    try LinearHierarchy(entries: demoEntries())
}

private func leaf(_ raw: Int, _ name: String) -> LinearHierarchyItem {
    LinearHierarchyItem(id: id(raw), name: name)
}

@Suite("LinearHierarchy")
struct LinearHierarchyTests {
    // MARK: Building

    @Test func parsesTheDemoPlistShapeWithPreorderIdentifiers() throws {
        let items = try LinearHierarchyItem.items(from: demoEntries())
        #expect(items.map(\.name) == ["Vehicles", "Animals", "Plants"])
        #expect(items.map(\.id) == [id(0), id(6), id(9)])
        #expect(items[0].children.map(\.name) == ["Cars", "Boats", "Spacecraft"])
        #expect(items[0].children.map(\.id) == [id(1), id(4), id(5)])
        #expect(items[0].children[0].children.map(\.id) == [id(2), id(3)])
        #expect(items[0].children[2].kind == .dynamic)
        #expect(items[0].children[2].isExpandable)
        #expect(items[1].children[0].kind == .static)
        #expect(items[2].isLeaf)
        #expect(items.map(\.subtreeCount).reduce(0, +) == 10)
    }

    @Test func parsesXMLPropertyListData() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
              <dict>
                <key>name</key><string>Vehicles</string>
                <key>type</key><string>static</string>
                <key>children</key>
                <array>
                  <dict><key>name</key><string>Spacecraft</string><key>type</key><string>dynamic</string>
                        <key>children</key><array/></dict>
                </array>
              </dict>
              <dict><key>name</key><string>Plants</string><key>type</key><string>static</string></dict>
            </array>
            </plist>
            """
        let items = try LinearHierarchyItem.items(fromPropertyListData: Data(xml.utf8))
        #expect(items.map(\.name) == ["Vehicles", "Plants"])
        #expect(items[0].children.map(\.name) == ["Spacecraft"])
        #expect(items[0].children[0].kind == .dynamic)
    }

    @Test func parsesTheJSONRootFormLikeThePlistForm() throws {
        let json = try JSONSerialization.data(withJSONObject: ["root": demoEntries()])
        let fromJSON = try LinearHierarchy(json: json)
        let fromPlist = try demo()
        #expect(fromJSON == fromPlist)
        #expect(shape(fromJSON) == [["Vehicles", "Animals", "Plants"]])

        let bare = try JSONSerialization.data(withJSONObject: demoEntries())
        #expect(try LinearHierarchyItem.items(fromJSON: bare) == fromPlist.roots)
    }

    @Test func parsesSizesAndPayloads() throws {
        let items = try LinearHierarchyItem.items(
            from: [["name": "Wide", "width": 180, "height": 40.5, "payload": "key-1"], ["name": "Plain"]],
            firstID: 100)
        #expect(items.map(\.id) == [id(100), id(101)])
        #expect(items[0].size == LinearSize(width: 180, height: 40.5))
        #expect(items[0].payload == "key-1")
        #expect(items[1].size == nil)
        #expect(items[1].payload == nil)
        #expect(items[1].kind == .static)

        let json = Data(#"{"root": [{"name": "Tall", "width": 3, "height": 7.25, "type": "DYNAMIC"}]}"#.utf8)
        let decoded = try LinearHierarchyItem.items(fromJSON: json)
        #expect(decoded.first?.size == LinearSize(width: 3, height: 7.25))
        #expect(decoded.first?.kind == .dynamic)
    }

    @Test(
        "Malformed entries are reported with their index path",
        arguments: [
            (
                #"[{"name": "A"}, {"type": "static"}]"#, LinearHierarchyError.Code.invalidName, [1],
                #"entry 1: missing "name""#
            ),
            (#"[{"name": 7}]"#, .invalidName, [0], #"entry 0: "name" is not a string"#),
            (
                #"{"root": [{"name": "A", "children": [{"name": "B"}, {"name": "C", "type": "weird"}]}]}"#,
                .invalidType, [0, 1], #"entry 0.1: "type" is "weird"; expected "static" or "dynamic""#
            ),
            (#"[{"name": "A", "type": 1}]"#, .invalidType, [0], #"entry 0: "type" is not a string"#),
            (#"[{"name": "A", "children": "B"}]"#, .invalidChildren, [0], #"entry 0: "children" is not an array"#),
            (
                #"[{"name": "A", "children": ["B"]}]"#, .entryNotDictionary, [0, 0],
                #"entry 0.0: expected a dictionary with "name", "type" and "children""#
            ),
            (
                #"[{"name": "A"}, {"name": "S", "type": "dynamic", "children": [{"name": "X"}]}]"#,
                .dynamicWithChildren, [1],
                #"entry 1: dynamic item "S" lists children; the host provides them at run time"#
            ),
            (
                #"[{"name": "A", "width": 10}]"#, .invalidSize, [0],
                #"entry 0: "width" and "height" must both be non-negative numbers"#
            ),
            (
                #"[{"name": "A", "width": -1, "height": 3}]"#, .invalidSize, [0],
                #"entry 0: "width" and "height" must both be non-negative numbers"#
            ),
            (#"{"root": {"name": "A"}}"#, .invalidRoot, [], #"entry root: "root" is not an array"#),
        ] as [(String, LinearHierarchyError.Code, [Int], String)])
    func malformedEntries(json: String, code: LinearHierarchyError.Code, indexPath: [Int], message: String) {
        do {
            _ = try LinearHierarchyItem.items(fromJSON: Data(json.utf8))
            Issue.record("malformed data was accepted")
        } catch {
            #expect(error.code == code)
            #expect(error.indexPath == indexPath)
            #expect(error.description == message)
        }
    }

    @Test func malformedDocumentsAreReportedAtTheRoot() {
        let cases: [(Any, LinearHierarchyError.Code)] = [
            ("just text", .invalidRoot),
            (["items": [Any]()], .invalidRoot),
            (["root": "not an array"], .invalidRoot),
        ]
        for (document, code) in cases {
            #expect(throws: LinearHierarchyError.self) { try LinearHierarchyItem.items(fromPropertyList: document) }
            do {
                _ = try LinearHierarchyItem.items(fromPropertyList: document)
            } catch {
                #expect(error.code == code)
                #expect(error.indexPath == [])
            }
        }
        do {
            _ = try LinearHierarchyItem.items(fromJSON: Data("{\"root\": [".utf8))
            Issue.record("broken JSON was accepted")
        } catch {
            #expect(error.code == .unreadableDocument)
        }
        do {
            _ = try LinearHierarchyItem.items(fromPropertyListData: Data("<plist><array>".utf8))
            Issue.record("broken plist was accepted")
        } catch {
            #expect(error.code == .unreadableDocument)
        }
    }

    @Test func duplicateIdentifiersAreRejectedWithTheirIndexPath() {
        let items = [
            LinearHierarchyItem(id: id(1), name: "A", children: [leaf(2, "B"), leaf(3, "C")]),
            LinearHierarchyItem(id: id(4), name: "D", children: [leaf(5, "E"), leaf(2, "F")]),
        ]
        do {
            _ = try LinearHierarchy(items: items)
            Issue.record("duplicate identifiers were accepted")
        } catch {
            #expect(error.code == .duplicateID)
            #expect(error.indexPath == [1, 1])
            #expect(error.description == "entry 1.1: identifier #2 of \"F\" is already in use")
        }
    }

    // MARK: Expand and collapse

    @Test func startsWithTheRootItems() throws {
        let hierarchy = try demo()
        #expect(shape(hierarchy) == [["Vehicles", "Animals", "Plants"]])
        #expect(hierarchy.level == 0)
        #expect(hierarchy.numberOfSections == 1)
        #expect(hierarchy.state == .browsing)
        #expect(hierarchy.nextFreeID == 10)
        #expect(hierarchy.invariantViolations() == [])
    }

    @Test func expandingRemovesSiblingsAndAddsTheChildrenSection() throws {
        var hierarchy = try demo()
        let action = hierarchy.tap(itemID: id(0))
        #expect(
            action
                == .expanded(
                    id(0),
                    LinearHierarchyUpdate(
                        insertedSections: [1], removedItems: [path(0, 1), path(0, 2)], reloadedItems: [path(0, 0)])))
        #expect(shape(hierarchy) == [["*Vehicles"], ["Cars", "Boats", "Spacecraft"]])
        #expect(hierarchy.level == 1)
        #expect(hierarchy.activeItemIDs == [id(0)])

        let deeper = hierarchy.tap(itemID: id(1))
        #expect(
            deeper
                == .expanded(
                    id(1),
                    LinearHierarchyUpdate(
                        insertedSections: [2], removedItems: [path(1, 1), path(1, 2)], reloadedItems: [path(1, 0)])))
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Cars"], ["Sedan", "Coupe"]])
        #expect(hierarchy.numberOfSections == 3)
        #expect(hierarchy.numberOfItems(inSection: 0) == 1)
        #expect(hierarchy.numberOfItems(inSection: 2) == 2)
        #expect(hierarchy.numberOfItems(inSection: 3) == 0)
        #expect(hierarchy.item(at: path(2, 1))?.name == "Coupe")
        #expect(hierarchy.item(at: path(1, 1)) == nil)
        #expect(hierarchy.indexPath(of: id(3)) == path(2, 1))
        #expect(hierarchy.indexPath(of: id(1)) == path(1, 0))
        #expect(hierarchy.indexPath(of: id(4)) == nil)
        #expect(hierarchy.invariantViolations() == [])
    }

    @Test func expandingAMiddleItemRemovesItemsOnBothSides() throws {
        var hierarchy = try demo()
        let action = hierarchy.tap(itemID: id(6))
        #expect(action.update?.removedItems == [path(0, 0), path(0, 2)])
        #expect(action.update?.reloadedItems == [path(0, 0)])
        #expect(shape(hierarchy) == [["*Animals"], ["Cats", "Dogs"]])
    }

    @Test func collapsingToTheParentRestoresSiblingsInOrder() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(6))
        let action = hierarchy.tap(itemID: id(6))
        #expect(
            action
                == .collapsed(
                    id(6),
                    LinearHierarchyUpdate(
                        removedSections: [1], insertedItems: [path(0, 0), path(0, 2)], reloadedItems: [path(0, 1)])))
        #expect(shape(hierarchy) == [["Vehicles", "Animals", "Plants"]])
        #expect(hierarchy == (try demo()))
    }

    @Test func collapsingToAnAncestorRemovesEveryDeeperSection() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        _ = hierarchy.tap(itemID: id(1))
        let toCars = hierarchy.tap(itemID: id(1))
        #expect(
            toCars
                == .collapsed(
                    id(1),
                    LinearHierarchyUpdate(
                        removedSections: [2], insertedItems: [path(1, 1), path(1, 2)], reloadedItems: [path(1, 0)])))
        #expect(shape(hierarchy) == [["*Vehicles"], ["Cars", "Boats", "Spacecraft"]])

        _ = hierarchy.tap(itemID: id(1))
        let toRoot = hierarchy.tap(itemID: id(0))
        #expect(
            toRoot
                == .collapsed(
                    id(0),
                    LinearHierarchyUpdate(
                        removedSections: [1, 2], insertedItems: [path(0, 1), path(0, 2)], reloadedItems: [path(0, 0)])))
        #expect(shape(hierarchy) == [["Vehicles", "Animals", "Plants"]])
        #expect(hierarchy.level == 0)
    }

    @Test func tappingALeafSelectsItWithoutChangingSections() throws {
        var hierarchy = try demo()
        #expect(hierarchy.tap(itemID: id(9)) == .selected(id(9)))
        #expect(hierarchy.selectedItemID == id(9))
        #expect(shape(hierarchy) == [["Vehicles", "Animals", "Plants"]])

        _ = hierarchy.tap(itemID: id(0))
        #expect(hierarchy.selectedItemID == nil)
        _ = hierarchy.tap(itemID: id(1))
        #expect(hierarchy.tap(itemID: id(2)) == .selected(id(2)))
        #expect(hierarchy.tap(itemID: id(3)) == .selected(id(3)))
        #expect(hierarchy.selectedItemID == id(3))
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Cars"], ["Sedan", "Coupe"]])
        #expect(hierarchy.invariantViolations() == [])

        _ = hierarchy.tap(itemID: id(1))
        #expect(hierarchy.selectedItemID == nil)
    }

    @Test func tapsOnUnknownOrHiddenItemsChangeNothing() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        let before = hierarchy
        #expect(hierarchy.tap(itemID: id(7)) == .none)  // Cats: under Animals, hidden
        #expect(hierarchy.tap(itemID: id(6)) == .none)  // Animals: a removed sibling
        #expect(hierarchy.tap(itemID: id(999)) == .none)
        #expect(hierarchy == before)
    }

    @Test func duplicateNamesAreToldApartByIdentity() throws {
        var hierarchy = try LinearHierarchy(entries: [
            ["name": "Folder", "children": [["name": "First child"]]],
            ["name": "Folder", "children": [["name": "Second child"]]],
            ["name": "Folder"],
        ])
        // Folder 0, First child 1, Folder 2, Second child 3, Folder 4.
        #expect(hierarchy.tap(itemID: id(2)).update?.removedItems == [path(0, 0), path(0, 2)])
        #expect(shape(hierarchy) == [["*Folder"], ["Second child"]])
        #expect(hierarchy.activeItemIDs == [id(2)])

        let collapse = hierarchy.tap(itemID: id(2))
        #expect(collapse.update?.insertedItems == [path(0, 0), path(0, 2)])
        #expect(hierarchy.sections[0].itemIDs == [id(0), id(2), id(4)])

        #expect(hierarchy.tap(itemID: id(0)).update?.removedItems == [path(0, 1), path(0, 2)])
        #expect(shape(hierarchy) == [["*Folder"], ["First child"]])
        _ = hierarchy.tap(itemID: id(0))
        #expect(hierarchy.tap(itemID: id(4)) == .selected(id(4)))
    }

    // MARK: Dynamic items

    @Test func expandingADynamicItemAsksTheHostAndShowsALoadingSection() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        let action = hierarchy.tap(itemID: id(5))
        guard case .needsChildren(let request, let update) = action else {
            Issue.record("expected a request for children, got \(action)")
            return
        }
        #expect(request.itemID == id(5))
        #expect(
            update
                == LinearHierarchyUpdate(
                    insertedSections: [2], removedItems: [path(1, 0), path(1, 1)], reloadedItems: [path(1, 0)]))
        #expect(hierarchy.state == .awaitingChildren(request))
        #expect(hierarchy.isLoading)
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["…"]])
        #expect(hierarchy.sections[2].items.isEmpty)
        #expect(hierarchy.invariantViolations() == [])

        let loaded = hierarchy.provideChildren(
            [leaf(hierarchy.nextFreeID, "Apollo"), leaf(hierarchy.nextFreeID + 1, "Soyuz")], for: request)
        #expect(loaded == .childrenLoaded(id(5), LinearHierarchyUpdate(insertedItems: [path(2, 0), path(2, 1)])))
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["Apollo", "Soyuz"]])
        #expect(hierarchy.state == .browsing)
        #expect(hierarchy.nextFreeID == 12)
        #expect(hierarchy.tap(itemID: id(11)) == .selected(id(11)))
        #expect(hierarchy.invariantViolations() == [])
    }

    @Test func aDynamicItemIsAskedAgainOnEveryExpansion() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        guard case .needsChildren(let first, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no request")
            return
        }
        _ = hierarchy.provideChildren([leaf(10, "Apollo")], for: first)
        let collapse = hierarchy.tap(itemID: id(5))
        #expect(collapse.update?.removedSections == [2])
        #expect(shape(hierarchy) == [["*Vehicles"], ["Cars", "Boats", "Spacecraft"]])
        guard case .needsChildren(let second, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no second request")
            return
        }
        #expect(second.itemID == first.itemID)
        #expect(second.ticket != first.ticket)
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["…"]])
    }

    @Test func aLateAnswerAfterCollapsingIsIgnored() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        guard case .needsChildren(let request, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no request")
            return
        }
        _ = hierarchy.tap(itemID: id(0))
        _ = hierarchy.tap(itemID: id(6))
        let before = hierarchy
        #expect(hierarchy.provideChildren([leaf(10, "Apollo")], for: request) == .ignored)
        #expect(hierarchy.provideChildren([leaf(10, "Apollo")], for: id(5)) == .ignored)
        #expect(hierarchy == before)
        #expect(shape(hierarchy) == [["*Animals"], ["Cats", "Dogs"]])
    }

    @Test func anAnswerToAnOlderRequestOfTheSameItemIsIgnored() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        guard case .needsChildren(let old, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no request")
            return
        }
        _ = hierarchy.tap(itemID: id(5))  // collapse
        guard case .needsChildren(let new, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no second request")
            return
        }
        let before = hierarchy
        #expect(hierarchy.provideChildren([leaf(10, "Stale")], for: old) == .ignored)
        #expect(hierarchy == before)
        #expect(hierarchy.provideChildren([leaf(10, "Fresh")], for: id(5)).update?.insertedItems == [path(2, 0)])
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["Fresh"]])
        // A second answer once loaded is late too.
        let loaded = hierarchy
        #expect(hierarchy.provideChildren([leaf(11, "Again")], for: new) == .ignored)
        #expect(hierarchy == loaded)
    }

    @Test func childrenWithIdentifiersInUseAreRejectedAndTheRequestStaysOpen() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        guard case .needsChildren(let request, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no request")
            return
        }
        let before = hierarchy
        guard case .rejected(let clash) = hierarchy.provideChildren([leaf(10, "Ok"), leaf(3, "Clash")], for: request)
        else {
            Issue.record("identifier clash accepted")
            return
        }
        #expect(clash.code == .duplicateID)
        #expect(clash.indexPath == [1])
        guard case .rejected(let twice) = hierarchy.provideChildren([leaf(10, "A"), leaf(10, "B")], for: request)
        else {
            Issue.record("repeated identifier accepted")
            return
        }
        #expect(twice.indexPath == [1])
        #expect(hierarchy == before)
        #expect(hierarchy.provideChildren([leaf(10, "Ok")], for: request).update != nil)
    }

    @Test func childrenFromEntriesAreNumberedFromTheNextFreeIdentifier() throws {
        var hierarchy = try demo()
        _ = hierarchy.tap(itemID: id(0))
        guard case .needsChildren(let request, _) = hierarchy.tap(itemID: id(5)) else {
            Issue.record("no request")
            return
        }
        #expect(throws: LinearHierarchyError.self) {
            _ = try hierarchy.provideChildren(entries: [["name": "Ok"], ["nome": "typo"]], for: request)
        }
        #expect(hierarchy.isLoading)
        let action = try hierarchy.provideChildren(
            entries: [["name": "Station", "type": "dynamic"], ["name": "Probe"]], for: request)
        #expect(action.update?.insertedItems == [path(2, 0), path(2, 1)])
        #expect(hierarchy.currentItems.map(\.id) == [id(10), id(11)])
        #expect(hierarchy.nextFreeID == 12)

        // A dynamic item among the host's children asks again, one level deeper.
        guard case .needsChildren(let nested, let update) = hierarchy.tap(itemID: id(10)) else {
            Issue.record("nested dynamic item did not ask")
            return
        }
        #expect(nested.itemID == id(10))
        #expect(update.insertedSections == [3])
        #expect(update.removedItems == [path(2, 1)])
        let empty = hierarchy.provideChildren([], for: nested)
        #expect(empty == .childrenLoaded(id(10), LinearHierarchyUpdate()))
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["*Station"], []])
        #expect(!hierarchy.isLoading)
        #expect(hierarchy.invariantViolations() == [])

        // Collapsing to Spacecraft brings back the host's children, not the static ones.
        let collapse = hierarchy.tap(itemID: id(10))
        #expect(collapse.update?.insertedItems == [path(2, 1)])
        #expect(shape(hierarchy) == [["*Vehicles"], ["*Spacecraft"], ["Station", "Probe"]])
    }

    // MARK: Edge sizes

    @Test func anEmptyHierarchyHasOneEmptySection() throws {
        var hierarchy = try LinearHierarchy(items: [])
        #expect(shape(hierarchy) == [[]])
        #expect(hierarchy.numberOfSections == 1)
        #expect(hierarchy.tap(itemID: id(0)) == .none)
        #expect(hierarchy.nextFreeID == 0)
    }

    @Test func aSingleRootWithOneChildExpandsWithoutRemovals() throws {
        var hierarchy = try LinearHierarchy(items: [
            LinearHierarchyItem(id: id(0), name: "Only", children: [leaf(1, "Child")])
        ])
        #expect(
            hierarchy.tap(itemID: id(0))
                == .expanded(id(0), LinearHierarchyUpdate(insertedSections: [1], reloadedItems: [path(0, 0)])))
        #expect(shape(hierarchy) == [["*Only"], ["Child"]])
        #expect(
            hierarchy.tap(itemID: id(0))
                == .collapsed(id(0), LinearHierarchyUpdate(removedSections: [1], reloadedItems: [path(0, 0)])))
    }

    @Test func manyRootsExpandAndCollapseAroundTheChosenOne() throws {
        let count = 1000
        let roots = (0..<count).map {
            LinearHierarchyItem(id: id($0), name: "Item", children: [leaf(count + $0, "Child")])
        }
        var hierarchy = try LinearHierarchy(items: roots)
        let expand = hierarchy.tap(itemID: id(500))
        #expect(expand.update?.removedItems.count == count - 1)
        #expect(expand.update?.removedItems.first == path(0, 0))
        #expect(expand.update?.removedItems.last == path(0, count - 1))
        #expect(expand.update?.removedItems.contains(path(0, 500)) == false)
        #expect(hierarchy.sections.map(\.items.count) == [1, 1])
        let collapse = hierarchy.tap(itemID: id(500))
        #expect(collapse.update?.insertedItems.count == count - 1)
        #expect(collapse.update?.reloadedItems == [path(0, 500)])
        #expect(hierarchy.sections[0].itemIDs == roots.map(\.id))
    }

    @Test func aDeepPathKeepsOneSectionPerLevel() throws {
        var item = LinearHierarchyItem(id: id(200), name: "Bottom")
        for level in stride(from: 199, through: 0, by: -1) {
            item = LinearHierarchyItem(id: id(level), name: "Level \(level)", children: [item])
        }
        var hierarchy = try LinearHierarchy(items: [item])
        for level in 0..<200 { _ = hierarchy.tap(itemID: id(level)) }
        #expect(hierarchy.numberOfSections == 201)
        #expect(hierarchy.sections.last?.itemIDs == [id(200)])
        #expect(hierarchy.tap(itemID: id(100)).update?.removedSections == IndexSet(integersIn: 101...200))
        #expect(hierarchy.numberOfSections == 101)
    }

    // MARK: Updates replay

    /// Applies an update to the old sections' identifiers the way a collection view does.
    private func replay(
        _ update: LinearHierarchyUpdate,
        on old: [[LinearHierarchyItem.ID]],
        to new: LinearHierarchy
    ) -> [[LinearHierarchyItem.ID]] {
        var sections = old
        var itemsBySection: [Int: [Int]] = [:]
        for removed in update.removedItems { itemsBySection[removed.section, default: []].append(removed.item) }
        for (section, items) in itemsBySection {
            for item in items.sorted(by: >) { sections[section].remove(at: item) }
        }
        for section in update.removedSections.reversed() { sections.remove(at: section) }
        for section in update.insertedSections { sections.insert(new.sections[section].itemIDs, at: section) }
        for inserted in update.insertedItems {
            sections[inserted.section].insert(new.sections[inserted.section].itemIDs[inserted.item], at: inserted.item)
        }
        return sections
    }

    @Test func replayingEveryUpdateReproducesTheNewSections() throws {
        // A random tree with some dynamic items, driven by seeded random taps.
        var generator = SplitMix64(seed: 0x5EED)
        var nextID = 0
        func makeItems(depth: Int) -> [LinearHierarchyItem] {
            let count = depth == 0 ? 6 : depth > 4 ? 0 : Int(generator.next() % 5)
            return (0..<count).map { _ in
                let itemID = nextID
                nextID += 1
                if generator.next() % 7 == 0 {
                    return LinearHierarchyItem(id: id(itemID), name: "dynamic", kind: .dynamic)
                }
                return LinearHierarchyItem(id: id(itemID), name: "same name", children: makeItems(depth: depth + 1))
            }
        }
        var hierarchy = try LinearHierarchy(items: makeItems(depth: 0))
        #expect(hierarchy.roots.map(\.subtreeCount).reduce(0, +) >= 30)
        var loads = 0
        var expansions = 0
        var collapses = 0
        for _ in 0..<2000 {
            let visible = hierarchy.sections.flatMap(\.itemIDs)
            let old = hierarchy.sections.map(\.itemIDs)
            let action: LinearHierarchy.Action
            if case .awaitingChildren(let request) = hierarchy.state, generator.next() % 2 == 0 {
                let count = Int(generator.next() % 4)
                let children = (0..<count).map { leaf(hierarchy.nextFreeID + $0, "loaded") }
                action = hierarchy.provideChildren(children, for: request)
                loads += 1
            } else if visible.isEmpty {
                break
            } else {
                action = hierarchy.tap(itemID: visible[Int(generator.next() % UInt64(visible.count))])
            }
            switch action {
            case .expanded, .needsChildren: expansions += 1
            case .collapsed: collapses += 1
            default: break
            }
            if let update = action.update {
                #expect(replay(update, on: old, to: hierarchy) == hierarchy.sections.map(\.itemIDs))
            } else {
                #expect(old == hierarchy.sections.map(\.itemIDs))
            }
            #expect(hierarchy.invariantViolations() == [])
            #expect(hierarchy.numberOfSections == hierarchy.level + 1)
        }
        #expect(loads > 0)
        #expect(expansions > 100)
        #expect(collapses > 100)
    }
}
