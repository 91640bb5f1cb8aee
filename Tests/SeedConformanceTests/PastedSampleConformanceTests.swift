import FioriCompat
import Foundation
import Testing

@testable import HierarchyKit
@testable import HierarchyWeb
@testable import TerminalUI

// What a sample pasted from the seed documents trips over: each test compiles the document's
// spelling and checks what it does, on both faces where it draws.

/// A part, as a public entity struct.
public struct PastedPart: Hashable, Identifiable, Sendable {
    public var id: Int
    public var name: String
}

enum PastedSections: CaseIterable {
    case `default`
}

/// Twelve parts; answers at once, or (while `isHeld`) once `answer()` lets the queries go.
@MainActor
final class PastedPartLoader: FUIDataLoader<PastedPart> {
    var isHeld = false
    private var pending: [PastedPart]?

    override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
        let all = (0..<12).map { PastedPart(id: $0, name: "Part \($0)") }
        let lower = min(range?.lowerBound ?? 0, all.count)
        let page = Array(all[lower..<min(range?.upperBound ?? all.count, all.count)])
        if isHeld { pending = page } else { results = page }
    }

    /// Answers the query waiting, if any, and every later one at once.
    func answer() {
        isHeld = false
        if let pending { results = pending }
        pending = nil
    }
}

@MainActor
private func makeModel(_ loader: PastedPartLoader) -> FUIListViewModel<PastedPart, PastedSections> {
    var queries: [PastedSections: FUIDataLoader<PastedPart>] = [:]
    queries[.default] = loader
    let model = FUIListViewModel<PastedPart, PastedSections>(
        queries: queries, isListPagingEnabled: true, isSearchEnabled: true)
    model.loadTimeout = nil
    return model
}

/// A generated OData proxy class: a public class, not `Sendable`.
public final class ProductProxy: Hashable, Identifiable {
    public let id: String
    public var name: String

    init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public static func == (lhs: ProductProxy, rhs: ProductProxy) -> Bool { lhs.id == rhs.id && lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The document's section type, public and not `Sendable`.
public enum ProductListReportSections: CaseIterable, Hashable {
    case `default`
}

/// Answers at once from five proxies, filtered by the search text.
@MainActor
final class ProductProxyLoader: FUIDataLoader<ProductProxy> {
    override func query(forItemsIn range: Range<Int>?, with searchString: String?) {
        let all = ["Pump", "Valve", "Pump housing", "Gasket", "Motor"].enumerated().map {
            ProductProxy(id: "P\($0.offset)", name: $0.element)
        }
        let text = searchString ?? ""
        let matching = all.filter { text.isEmpty || $0.name.contains(text) }
        let lower = min(range?.lowerBound ?? 0, matching.count)
        results = Array(matching[lower..<min(range?.upperBound ?? matching.count, matching.count)])
    }
}

/// A plant of three levels behind the FUI controller, as the overview document's sample.
@MainActor
private final class PlantController: FUIHierarchyViewController {
    let tree = ["plant": ["hall-a", "hall-b"], "hall-a": ["pump", "valve"], "pump": ["motor"]]

    override func rootUUID(in hierarchyView: FUIHierarchyView) -> String? { "plant" }
    override func hierarchyView(_ hierarchyView: FUIHierarchyView, numberOfChildrenForItemWith uuid: String) -> Int {
        tree[uuid]?.count ?? 0
    }
    override func hierarchyView(
        _ hierarchyView: FUIHierarchyView, uuidForChildItemAt index: Int, with parentUUID: String
    ) -> String {
        tree[parentUUID]?[index] ?? ""
    }
    override func hierarchyView(_ hierarchyView: FUIHierarchyView, titleForItemWith uuid: String) -> String? {
        uuid.capitalized
    }
}

/// A floorplan subclass overriding `viewDidLoad()` as UIKit code does.
@MainActor
private final class PartListController: FUIListFloorplan<PastedPart, PastedSections> {
    var didLoadCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        didLoadCount += 1
        searchBar?.placeholderText = "Find a part"
    }
}

/// A cell class the host registers itself.
@MainActor
private final class StarCell: CBLinearHierarchyCell {
    override var displayText: String { "★" + (title ?? "") }
}

/// A host written as the original library expects: `registerClassForCBLinearHierarchyCell`
/// returns nothing and registers the host's cell class on the collection view.
@MainActor
private final class RegisteringHost: CBLinearHierarchyCellManagerProtocol {
    var lhLayout: CBLinearHierarchyFlowLayout!
    var lhVC: CBLinearHierarchyViewController!

    init() {
        lhLayout = CBLinearHierarchyFlowLayout()
        lhLayout.scrollDirection = .horizontal
        lhLayout.itemSize = Size(width: 12, height: 1)
        lhVC = CBLinearHierarchyViewController(collectionViewLayout: lhLayout)
        lhVC.lhCellManagerDelegate = self
        lhVC.hierarchyItems = [
            ["name": "Planets", "children": [["name": "Mercury"], ["name": "Venus"]]],
            ["name": "Stars", "children": [["name": "Sun"]]],
            ["name": "Moons"], ["name": "Comets"], ["name": "Asteroids"], ["name": "Nebulae"], ["name": "Galaxies"],
        ]
    }

    func cellReuseIdentifierForHierarchyNavigator() -> String { "StarCell" }

    func registerClassForCBLinearHierarchyCell() {
        lhVC.collectionView.register(
            StarCell.self, forCellWithReuseIdentifier: cellReuseIdentifierForHierarchyNavigator())
    }
}

private func text(of buffer: ScreenBuffer) -> String {
    (0..<buffer.height).map { buffer.text(row: $0) }.joined(separator: "\n")
}

/// A generic use of the Fiori state protocols.
private func defaultAndDisabled<State: Defaultable & Enableable & Equatable>(_: State.Type) -> (State, State) {
    (State.default, State.disabled)
}

extension SeedConformance {
    @MainActor
    @Suite("What a pasted sample trips over", .timeLimit(.minutes(5)))
    struct PastedSamples {
        typealias S = ThemingSupport

        private static func webItem(_ cell: HierarchyCollectionItem, expanded: Bool = false) throws -> WebSnapshot.Item
        {
            try ThemingCells.webItem(S.item(cell, expanded: expanded))
        }

        private static func pageScript() throws -> String {
            String(decoding: try WebPageResources.load().script, as: UTF8.self)
        }
        private static func pageStyle() throws -> String {
            String(decoding: try WebPageResources.load().style, as: UTF8.self)
        }

        private static func tableCell() -> FUIHierarchyItemTableViewCell {
            let cell = FUIHierarchyItemTableViewCell()
            cell.title.text = "Pump"
            cell.subtitle.text = "Rotary"
            cell.hierarchyAttributeText = "12"
            cell.accessoryType = .checkmark
            return cell
        }

        @Test(
            """
            FUIHierarchyItemTableViewCell: "directionalLayoutMargins: NSDirectionalEdgeInsets" moves the drawn row in the \
            table form, terminal and page; "Set directionalLayoutMargins.trailing has no effect"
            """)
        func directionalLayoutMargins() throws {
            let cell = Self.tableCell()
            #expect(cell.directionalLayoutMargins == NSDirectionalEdgeInsets.zero)
            let plain = S.tableRow(.light, S.item(cell))
            let title = try #require(S.find("Pump", in: plain, row: 0))
            let subtitle = try #require(S.find("Rotary", in: plain, row: 1))
            let check = try #require(S.find("✓", in: plain, row: 0))

            cell.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 1, leading: 3, bottom: 0, trailing: 9)
            #expect(cell.directionalLayoutMargins.trailing == 0)
            let moved = S.tableRow(.light, S.item(cell))
            #expect(S.find("Pump", in: moved, row: 0) == nil, "\(text(of: moved))")
            #expect(try #require(S.find("Pump", in: moved, row: 1)).x == title.x + 3)
            #expect(try #require(S.find("Rotary", in: moved, row: 2)).x == subtitle.x + 3)
            // The trailing edge stays where the cell manages it: the accessory does not move.
            #expect(try #require(S.find("✓", in: moved, row: 1)).x == check.x)

            // The page gets top, leading and bottom, and pads the row's content by them.
            #expect(try Self.webItem(cell).margins == WebSnapshot.Margins(top: 1, leading: 3, bottom: 0))
            #expect(
                try Self.pageScript().contains("text.style.paddingInlineStart = m ? (12 + m.leading) + \"px\" : \"\";"))
            cell.directionalLayoutMargins = .zero
            #expect(try Self.webItem(cell).margins == nil)
            #expect(try #require(S.find("Pump", in: S.tableRow(.light, S.item(cell)), row: 0)).x == title.x)
        }

        @Test(
            """
            CBLinearHierarchy: "- (void) registerClassForCBLinearHierarchyCell" returns nothing, the host registers its \
            cell class on the collection view, and that class is the one used
            """)
        func registerClassReturningNothing() throws {
            let host = RegisteringHost()
            let sections = host.lhVC.collectionView.sections()
            #expect(!sections.isEmpty && sections.allSatisfy { $0.cells.allSatisfy { $0 is StarCell } })
            let screen = LinearCollectionScreen(controller: host.lhVC, palette: .monochrome, columns: 60, rows: 5)
            screen.resize(columns: 60, rows: 5)
            #expect(text(of: screen.render()).contains("★Planets"))
            // A cell manager that names its class (returning the type) still conforms.
            #expect(host.lhVC.collectionView.hasRegisteredClass(forCellWithReuseIdentifier: "StarCell"))
        }

        @Test(
            """
            FUIListFloorplan: "override func viewDidLoad()" in a subclass compiles, "super.viewDidLoad()" sets the \
            search bar and loads the first page; the floorplan takes public entity structs
            """)
        func overridableViewDidLoad() async throws {
            let floorplan = PartListController(viewModel: makeModel(PastedPartLoader()))
            #expect(floorplan.searchBar == nil)
            await floorplan.loadView().finish()
            #expect(floorplan.didLoadCount == 1)
            #expect(floorplan.searchBar?.placeholderText == "Find a part")
            #expect(floorplan.viewModel.results(in: .default).map(\.name).prefix(2) == ["Part 0", "Part 1"])
            let browser = ListBrowser(screen: floorplan.screen, columns: 60, rows: 12)
            #expect(text(of: browser.render()).contains("Part 0"))
        }

        @Test(
            """
            FUIListFloorplan<Entity, Section> "where Entity : Hashable, Entity : Identifiable, Section : CaseIterable, \
            Section : Hashable": a generated proxy class and a public section enum, neither Sendable, page and search
            """)
        func nonSendableEntities() async throws {
            var queries: [ProductListReportSections: FUIDataLoader<ProductProxy>] = [:]
            queries[.default] = ProductProxyLoader()
            let model = FUIListViewModel<ProductProxy, ProductListReportSections>(
                queries: queries, isListPagingEnabled: true, isSearchEnabled: true)
            model.loadTimeout = nil
            let floorplan = FUIListFloorplan<ProductProxy, ProductListReportSections>(viewModel: model)
            floorplan.searchDebounceTiming = 0
            floorplan.cellBinding = { tableView, indexPath, entity in
                let cell =
                    tableView.dequeueReusableCell(
                        withIdentifier: FUIObjectTableViewCell.reuseIdentifier, for: indexPath)
                    as! FUIObjectTableViewCell
                cell.headlineText = entity.name
                cell.subheadlineText = entity.id
                return cell
            }
            let browser = ListBrowser(screen: floorplan.screen, columns: 60, rows: 14)
            await floorplan.loadView().finish()
            #expect(
                floorplan.viewModel.results(in: .default).map(\.name) == [
                    "Pump", "Valve", "Pump housing", "Gasket", "Motor",
                ])
            #expect(text(of: browser.render()).contains("Gasket"))
            let searchBar = try #require(floorplan.searchBar)
            searchBar.text = "Pump"
            await searchBar.lastSearch?.finish()
            #expect(floorplan.viewModel.results(in: .default).map(\.id) == ["P0", "P2"])
            #expect(floorplan.dataSource.snapshot().itemIdentifiers.map(\.name) == ["Pump", "Pump housing"])
        }

        @Test(
            """
            FUIListFloorplan: "a standard table view is implemented using FUIEditableTableViewDiffableDataSource": its \
            snapshot is the rows loaded, its cells come from cellBinding, deleting a row calls deleteButtonDidTapHandler
            """)
        func editableDiffableDataSource() async throws {
            let floorplan = FUIListFloorplan<PastedPart, PastedSections>(viewModel: makeModel(PastedPartLoader()))
            floorplan.cellBinding = { tableView, indexPath, entity in
                let cell =
                    tableView.dequeueReusableCell(
                        withIdentifier: FUIObjectTableViewCell.reuseIdentifier, for: indexPath)
                    as! FUIObjectTableViewCell
                cell.headlineText = entity.name
                return cell
            }
            await floorplan.loadView().finish()
            let dataSource: FUIEditableTableViewDiffableDataSource<PastedSections, PastedPart> = floorplan.dataSource
            let snapshot = dataSource.snapshot()
            #expect(snapshot.sectionIdentifiers == [.default])
            #expect(
                snapshot.numberOfItems == floorplan.viewModel.results(in: .default).count && snapshot.numberOfItems > 0)
            let path = IndexPath(row: 2, section: 0)
            #expect(dataSource.itemIdentifier(for: path)?.name == "Part 2")
            #expect(dataSource.indexPath(for: PastedPart(id: 2, name: "Part 2")) == path)
            let cell = try #require(
                dataSource.tableView(floorplan.tableView, cellForRowAt: path) as? FUIObjectTableViewCell)
            #expect(cell.headlineText == "Part 2")
            // Rows are editable once a delete handler is set; committing .delete reaches it.
            #expect(!dataSource.tableView(floorplan.tableView, canEditRowAt: path))
            var deleted: [(PastedSections, String)] = []
            floorplan.deleteButtonDidTapHandler = { section, entity in deleted.append((section, entity.name)) }
            #expect(dataSource.tableView(floorplan.tableView, canEditRowAt: path))
            dataSource.tableView(floorplan.tableView, commit: .delete, forRowAt: path)
            #expect(deleted.map(\.1) == ["Part 2"] && deleted.first?.0 == .default)
            // A snapshot built by hand, as UIKit code does.
            var own = NSDiffableDataSourceSnapshot<PastedSections, PastedPart>()
            own.appendSections([.default])
            own.appendItems([PastedPart(id: 99, name: "Spare")])
            dataSource.apply(own, animatingDifferences: false)
            #expect(dataSource.tableView(floorplan.tableView, numberOfRowsInSection: 0) == 1)
        }

        @Test(
            """
            FUIHierarchyCollectionItem / FUIHierarchyItemView: "statusImage", "statusImageView.image" and "isHidden", \
            "iconImages" are drawn: FUIIconLibrary names as their glyphs in the terminal, images or glyphs in the page
            """)
        func statusAndIconImages() throws {
            let cell = S.cell()
            cell.statusImage = FUIIconLibrary.indicator.veryHighPriority
            cell.iconImages = ["1", FUIIconLibrary.indicator.veryHighPriority.withRenderingMode(.alwaysTemplate)]
            for frame in [S.columnCell(.light, S.item(cell)), S.tableRow(.light, S.item(cell))] {
                #expect(S.find("‼ 1‼ Pump", in: frame, row: 0) != nil, "\(frame.text(row: 0))")
            }
            // Named images map to real glyphs, not a placeholder.
            #expect(UIImage(named: "indicator.warning")?.glyph == "⚠")
            #expect(UIImage(named: "exclamationmark.triangle")?.glyph == "⚠")
            #expect(UIImage(named: "checkmark.circle.fill")?.glyph == "✓")
            #expect(UIImage(named: "company-logo")?.glyph == "▪")
            let item = try Self.webItem(cell)
            #expect(
                item.statusImage
                    == WebSnapshot.DetailImage(
                        name: "indicator.veryHighPriority", glyph: "‼", label: "indicator.veryHighPriority"))
            #expect(item.iconImages?.map(\.glyph) == ["1", "‼"])
            let script = try Self.pageScript()
            #expect(script.contains("fillDetailImage(card.querySelector(\".status-image\"), item.statusImage);"))
            #expect(script.contains("fillIcons(card.querySelector(\".icons\"), item.iconImages || []);"))
            // A hidden status image view draws nothing, on either face.
            cell.statusImageView.image = UIImage(named: "indicator.error")
            #expect(S.find("✗", in: S.columnCell(.light, S.item(cell)), row: 0) != nil)
            cell.statusImageView.isHidden = true
            #expect(S.find("✗", in: S.columnCell(.light, S.item(cell)), row: 0) == nil)
            #expect(S.find("✗", in: S.tableRow(.light, S.item(cell)), row: 0) == nil)
            #expect(try Self.webItem(cell).statusImage == nil)
        }

        @Test(
            """
            FUIHierarchyCollectionItem: "Depending on the selection state, … the font size of the title text … will be \
            updated automatically": the selected title is larger in the page
            """)
        func selectedTitleSizeInThePage() throws {
            let style = try Self.pageStyle()
            #expect(style.contains(".title { flex: 1; font-weight: 600; font-size: 15px;"))
            #expect(style.contains(".card.expanded .title, .card.selected .title { font-size: 16px; }"))
            #expect(try Self.webItem(S.cell(), expanded: true).expanded)
        }

        @Test(
            """
            FUIHierarchyCollectionItem: "cell.accessoryType = .disclosureIndicator" is drawn beside the hierarchy \
            indicator of an item with children, in both terminal forms and the page
            """)
        func disclosureIndicatorWithChildren() throws {
            let cell = S.cell()
            cell.accessoryType = .disclosureIndicator
            #expect(!cell.isHierarchyButtonHidden)
            // The multi-line indicator puts its count on the first line and its chevron under it:
            // a chevron on the first line is the disclosure indicator.
            for frame in [S.columnCell(.light, S.item(cell)), S.tableRow(.light, S.item(cell))] {
                #expect(S.find("›", in: frame, row: 0) != nil, "\(frame.text(row: 0))")
                #expect(S.find("12", in: frame, row: 0) != nil)
            }
            let item = try Self.webItem(cell)
            #expect(item.accessory == "›" && item.indicator == "12")
        }

        @Test(
            """
            FUIListFloorplan: "During the data fetching period, a loading indicator will be animating in the footer area": \
            the terminal's spinner turns with the run loop's ticks, the page's with a CSS animation
            """)
        func animatedLoadingFooter() async throws {
            let loader = PastedPartLoader()
            loader.isHeld = true
            let floorplan = FUIListFloorplan<PastedPart, PastedSections>(viewModel: makeModel(loader))
            let browser = ListBrowser(screen: floorplan.screen, columns: 40, rows: 10)
            let load = floorplan.loadView()
            #expect(browser.isAnimating)
            func footer() -> String { browser.render().text(row: 8) }
            let first = footer()
            #expect(first.contains("⠋"), "\(first)")
            browser.advanceAnimation()
            let second = footer()
            #expect(second.contains("⠙") && second != first)
            loader.answer()
            await load.finish()
            #expect(!browser.isAnimating)
            #expect(!footer().contains("⠙"))
            // The page: a row still loading turns a spinner (CSS animation).
            let style = try Self.pageStyle()
            #expect(style.contains("@keyframes card-spin { to { transform: rotate(360deg); } }"))
            #expect(
                style.contains(".card.placeholder .title::before {")
                    && style.contains("animation: card-spin .8s linear infinite;"))
        }

        @Test(
            "CBLinearHierarchy: \"self.lhVC.collectionView.frame = CGRectMake(...)\" is honoured by the face, not overwritten"
        )
        func collectionViewFrameHonoured() throws {
            let host = RegisteringHost()
            let frame = Rect(x: 2, y: 1, width: 30, height: 1)
            host.lhVC.collectionView.frame = frame
            let screen = LinearCollectionScreen(controller: host.lhVC, palette: .monochrome, columns: 80, rows: 8)
            screen.resize(columns: 80, rows: 8)
            #expect(host.lhVC.collectionView.frame == frame)
            let buffer = screen.render()
            // The body starts under the title line: the frame's row 1 is the screen's row 2,
            // its first column the screen's third.
            #expect(buffer.text(row: 1).trimmingCharacters(in: .whitespaces).isEmpty)
            let row = buffer.text(row: 2)
            #expect(S.find("★Planets", in: buffer, row: 2)?.x == 3, "\(row)")
            // Nothing is drawn past the frame's 30 columns.
            #expect(String(row.dropFirst(32)).trimmingCharacters(in: .whitespaces).isEmpty, "\(row)")
            // Without a frame the collection takes the whole body.
            host.lhVC.collectionView.frame = .zero
            #expect(screen.render().text(row: 1).contains("★Asteroids"))
        }

        @Test(
            """
            FUIHierarchyViewHeader: "A header view sits at top of hierarchy view. Header label displays the title of the \
            selected parent item in previous section. You can use left/right button to navigate back or forth": in regular \
            width too, in the terminal and the page
            """)
        func headerInEveryWidth() throws {
            let controller = PlantController()
            let view = controller.hierarchyView
            // Two columns side by side: regular width.
            view.collectionViewLayout.size = Size(width: 620, height: 768)
            controller.loadViewIfNeeded()
            #expect(!view.collectionViewLayout.isCompact)
            view.send(.expandItem(with: "hall-a"))
            view.layoutIfNeeded()
            view.send(.expandItem(with: "pump"))
            view.layoutIfNeeded()
            let snapshot = view.snapshot()
            let header = try #require(snapshot.header)
            #expect(header.frame.minY == 0 && header.frame.height > 0)
            #expect(snapshot.columns.allSatisfy { $0.frame.minY >= header.frame.maxY })
            // The title of the parent of the leading column; the previous button goes back.
            let leading = snapshot.leadingLevel
            #expect(leading > 0, "\(snapshot.columns.map(\.parentUUID))")
            #expect(header.title == view.header.title && header.title != nil)
            #expect(header.isPreviousEnabled)
            view.send(.showPreviousLevel)
            view.layoutIfNeeded()
            #expect(view.snapshot().leadingLevel == leading - 1)
            // The page draws the snapshot's header; the terminal draws it above the columns.
            let web = WebSnapshot(
                view.snapshot(), session: "s", version: 1, selectedCount: 0, loading: false, message: nil)
            #expect(web.header != nil && !web.compact)
            let screen = TerminalBrowser.makeScreen(
                controller: PlantController(), palette: .monochrome, columns: 120, rows: 20)
            let frame = screen.render()
            #expect(
                (0..<3).contains { frame.text(row: $0).contains("‹ Prev") && frame.text(row: $0).contains("Next ›") },
                "\(text(of: frame))")
            // A view used without the controller keeps its regular-width look.
            let plain = FUIHierarchyView()
            plain.collectionViewLayout.size = Size(width: 1024, height: 768)
            #expect(plain.snapshot().header == nil)
        }

        @Test(
            "FUIHierarchyState: \"extension FUIHierarchyState: Enableable\" and \"extension FUIHierarchyState: Defaultable\""
        )
        func hierarchyStateConformances() {
            let (standard, disabled) = defaultAndDisabled(FUIHierarchyState.self)
            #expect(standard == .normal && standard.isEnabled)
            #expect(!disabled.isEnabled && !disabled.isSelected && disabled != .normal)
            #expect(FUIHierarchyState.selected.isEnabled)
        }

        @Test(
            """
            The declared conformances: FUIHierarchyView: FUIContentCopyable, FUIHierarchyViewHeader: FUIViewBorderDrawing, \
            FUIHierarchyCollectionItem: InnerViewContainerEventHandling & FUIContentCopyable, FUIHierarchyItemView: \
            FUIObjectViewBase & FUIHierarchyItemComponent, FUIHierarchyCollectionViewLayout: UIScrollViewDelegate
            """)
        func declaredConformances() throws {
            let view: any FUIContentCopyable = FUIHierarchyView()
            view.isContentCopyable = false
            #expect(!(view as! FUIHierarchyView).isContentCopyable)
            let header: any FUIViewBorderDrawing = FUIHierarchyViewHeader()
            #expect(header.borderEdges == .bottom)
            let item = FUIHierarchyCollectionItem()
            item.title.text = "Pump"
            let container: any InnerViewContainerEventHandling & FUIContentCopyable = item
            #expect(container.innerView === item.itemView)
            #expect(item.copyableContent == "Pump")
            container.isContentCopyable = false
            #expect(item.copyableContent == nil)
            let component: any FUIHierarchyItemComponent = FUIHierarchyItemView()
            component.iconImages = ["1"]
            component.statusImageView.image = FUIIconLibrary.indicator.veryHighPriority
            #expect(component.iconImages.map(\.glyph) == ["1"])
            let base: FUIObjectViewBase = FUIHierarchyItemView()
            #expect(base.textLines.isEmpty)
            let _: any UIScrollViewDelegate = FUIHierarchyCollectionViewLayout()
            let tableCell: FUIObjectBaseTableViewCell<FUIHierarchyItemView> = FUIHierarchyItemTableViewCell()
            let collectionCell: FUITableViewAccessoryDrawingCollectionViewCell<FUIHierarchyItemView> = item
            #expect(tableCell is FUIHierarchyItemTableViewCell && !(collectionCell is FUIHierarchyItemTableViewCell))
        }
    }
}
