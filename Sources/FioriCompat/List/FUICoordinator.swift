import Foundation

/// The object that handles navigation when the user acts on a list floorplan (chooses a row).
///
/// Set it as the floorplan's `coordinator`; the floorplan hands it the chosen entity and its
/// index path.
@MainActor
public protocol FUICoordinator: AnyObject {
    /// The user chose the row at `indexPath`, showing `entity`.
    func didSelect(_ entity: Any, at indexPath: IndexPath)
}
