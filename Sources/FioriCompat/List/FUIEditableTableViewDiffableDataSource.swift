import Foundation

/// The sections and items a diffable data source shows, in order (UIKit's
/// `NSDiffableDataSourceSnapshot`).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: Equatable {
    /// The sections, in display order.
    public private(set) var sectionIdentifiers: [SectionIdentifierType] = []
    private var itemsBySection: [[ItemIdentifierType]] = []

    /// An empty snapshot.
    public init() {}

    /// Every item, section after section.
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }
    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// The number of items over all sections.
    public var numberOfItems: Int { itemsBySection.reduce(0) { $0 + $1.count } }

    /// Appends sections (a section already present is left where it is).
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where !sectionIdentifiers.contains(identifier) {
            sectionIdentifiers.append(identifier)
            itemsBySection.append([])
        }
    }

    /// Appends items to a section (the last one when `nil`); without sections it does nothing.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
    ) {
        guard
            let index = section.flatMap({ sectionIdentifiers.firstIndex(of: $0) })
                ?? (sectionIdentifiers.isEmpty ? nil : sectionIdentifiers.count - 1)
        else { return }
        itemsBySection[index] += identifiers
    }

    /// Removes items wherever they are.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for index in itemsBySection.indices { itemsBySection[index].removeAll { gone.contains($0) } }
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard let index = sectionIdentifiers.firstIndex(of: identifier) else { continue }
            sectionIdentifiers.remove(at: index)
            itemsBySection.remove(at: index)
        }
    }

    /// Removes every section and item.
    public mutating func deleteAllItems() {
        sectionIdentifiers = []
        itemsBySection = []
    }

    /// The items of a section (empty for a section not in the snapshot).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sectionIdentifiers.firstIndex(of: identifier).map { itemsBySection[$0] } ?? []
    }

    /// The number of items in a section.
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        itemIdentifiers(inSection: identifier).count
    }

    /// The section holding an item, if any.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemsBySection.firstIndex { $0.contains(identifier) }.map { sectionIdentifiers[$0] }
    }

    /// The position of an item within its section, if it is in the snapshot.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        for items in itemsBySection { if let index = items.firstIndex(of: identifier) { return index } }
        return nil
    }

    /// The position of a section, if it is in the snapshot.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionIdentifiers.firstIndex(of: identifier)
    }

    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard itemsBySection.indices.contains(indexPath.section),
            itemsBySection[indexPath.section].indices.contains(indexPath.row)
        else { return nil }
        return itemsBySection[indexPath.section][indexPath.row]
    }
}

/// The editing styles of a table row (UIKit's `UITableViewCell.EditingStyle`).
public enum UITableViewCellEditingStyle: Hashable, Sendable {
    /// The row cannot be edited.
    case none
    /// The row can be deleted.
    case delete
    /// A row can be inserted here.
    case insert
}

extension UITableViewCell {
    /// The editing styles under UIKit's nested name, `UITableViewCell.EditingStyle`.
    public typealias EditingStyle = UITableViewCellEditingStyle
}

/// A table's data source driven by snapshots (UIKit's `UITableViewDiffableDataSource`): a
/// snapshot says which rows there are, the cell provider makes each row's cell.
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// Makes the cell of a row for its item.
    public typealias CellProvider = @MainActor (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    /// The table the cells are dequeued from.
    public let tableView: UITableView
    /// The cell provider.
    public let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for a table.
    ///
    /// - Parameters:
    ///   - tableView: The table cells are dequeued from.
    ///   - cellProvider: Makes a row's cell.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
    }

    /// Shows a snapshot; the table's rows become its items.
    ///
    /// - Parameters:
    ///   - snapshot: The new rows.
    ///   - animatingDifferences: Whether a face animates the change (text faces redraw at once).
    ///   - completion: Called once the snapshot is shown.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        current = snapshot
        completion?()
    }

    /// The snapshot shown.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The item of a row, if the row exists.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The row of an item, if it is shown.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
            let sectionIndex = current.indexOfSection(section),
            let row = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier)
        else { return nil }
        return IndexPath(row: row, section: sectionIndex)
    }

    /// The section at a position, if any.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// The number of sections of the current snapshot.
    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    /// The number of rows of a section of the current snapshot (0 for a section it does not have).
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    /// The cell of a row: the cell provider's for the row's item (a plain cell outside the
    /// snapshot or when the provider makes none).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath) else { return UITableViewCell() }
        return cellProvider(tableView, indexPath, item) ?? UITableViewCell()
    }
}

/// The list floorplan's data source: a diffable data source whose rows can be deleted.
///
/// `canEditRowAt` says whether a delete handler is set; committing `.delete` on a row calls
/// the handler with the row's section and item (the floorplan's `deleteButtonDidTapHandler`),
/// which removes it from the store and loads the list again.
@MainActor
open class FUIEditableTableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>:
    UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>
{
    /// Called when the user deletes a row, with its section and item; `nil` makes rows not editable.
    open var deleteHandler: ((SectionIdentifierType, ItemIdentifierType) -> Void)?

    /// Whether a row can be edited (deleted): a delete handler is set and the row exists.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        deleteHandler != nil && itemIdentifier(for: indexPath) != nil
    }

    /// Commits an edit: `.delete` calls the delete handler with the row's section and item.
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete, let deleteHandler, let item = itemIdentifier(for: indexPath),
            let section = sectionIdentifier(for: indexPath.section)
        else { return }
        deleteHandler(section, item)
    }
}
