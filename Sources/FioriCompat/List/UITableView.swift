import Foundation

/// A minimal table for code written against UIKit: it hands out cells by reuse identifier.
///
/// `FUIObjectTableViewCell.reuseIdentifier` is registered from the start; an unknown identifier gives
/// a plain ``UITableViewCell``.
@MainActor
open class UITableView {
    private var cellTypes: [String: UITableViewCell.Type] = [
        FUIObjectTableViewCell.reuseIdentifier: FUIObjectTableViewCell.self
    ]

    /// Creates a table.
    public init() {}

    /// Registers the cell class to create for an identifier.
    ///
    /// - Parameters:
    ///   - cellClass: The class, or `nil` to forget the identifier.
    ///   - identifier: The reuse identifier.
    open func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        cellTypes[identifier] = cellClass
    }

    /// A cell of the class registered for an identifier.
    ///
    /// - Parameters:
    ///   - identifier: The reuse identifier.
    ///   - indexPath: The row the cell is for.
    /// - Returns: A new cell (a plain one if the identifier is unknown).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cell = (cellTypes[identifier] ?? UITableViewCell.self).init()
        cell.reuseIdentifier = identifier
        return cell
    }
}
