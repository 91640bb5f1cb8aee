// As the documents' samples: FioriCompat only (it brings Foundation); its CoreGraphics names
// shadow Foundation's in a file that does not import Foundation by name.
import FioriCompat
import TerminalUI
import Testing

/// The linear document's sizing sample, written in Swift with the CoreGraphics names it uses:
/// `sizeForItemAt` returns `CGSize`, spacing is a `CGFloat`, the frame a `CGRect`.
@MainActor
private final class SizedViewController: CBLinearHierarchyCellManagerProtocol, UICollectionViewDelegateFlowLayout {
    var lhLayout: CBLinearHierarchyFlowLayout!
    var lhVC: CBLinearHierarchyViewController!
    let preferredCellSize = CGSize(width: 14, height: 1)
    let spacing: CGFloat = 1.0

    init(plist: Any) {
        lhLayout = CBLinearHierarchyFlowLayout()
        lhLayout.scrollDirection = .horizontal
        lhLayout.minimumInteritemSpacing = spacing
        lhLayout.itemSize = preferredCellSize
        lhVC = CBLinearHierarchyViewController(collectionViewLayout: lhLayout)
        lhVC.lhCellManagerDelegate = self
        lhVC.collectionView.frame = CGRect(x: 0, y: 0, width: 40, height: preferredCellSize.height)
        lhVC.hierarchyItems = plist
        lhVC.collectionView.delegate = self
    }

    func cellReuseIdentifierForHierarchyNavigator() -> String { "LHCell" }
    func registerClassForCBLinearHierarchyCell() -> CBLinearHierarchyCell.Type { CBLinearHierarchyCell.self }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        if lhVC.item(at: indexPath)?.name == "Stars" { return CGSize(width: 16, height: preferredCellSize.height) }
        return collectionViewLayout.itemSize
    }
}

extension SeedConformance {
    @MainActor
    @Suite("CBLinearHierarchy: CoreGraphics names")
    struct CoreGraphicsNames {
        @Test(
            "\"- (CGSize)collectionView:layout:sizeForItemAtIndexPath:\" in Swift returns CGSize, with CGFloat and CGRect, and sizes the cells"
        )
        func sizeForItemReturnsCGSize() {
            let host = SizedViewController(plist: [["name": "Planets"], ["name": "Stars"], ["name": "Comets"]])
            #expect(
                host.lhVC.collectionView.frame
                    == CGRect(origin: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 1)))
            let screen = LinearCollectionScreen(controller: host.lhVC, title: "Space", columns: 60, rows: 5)
            let row = screen.render().text(row: 1)
            // Planets 14 wide, 1 apart; Stars 16 wide from sizeForItemAt; Comets after it.
            #expect(String(row.dropFirst(15)).hasPrefix(" Stars"), "\(row)")
            #expect(String(row.dropFirst(32)).hasPrefix(" Comets"), "\(row)")
            let size: CGSize = host.collectionView(
                host.lhVC.collectionView, layout: host.lhLayout, sizeForItemAt: IndexPath(item: 1, section: 0))
            #expect(size.width == 16)
        }
    }
}
