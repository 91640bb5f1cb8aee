/// The children of one dynamic item, as a provider read them.
public struct LinearHierarchyChildren: Sendable {
    /// The items, in order.
    public var items: [LinearHierarchyItem]
    /// How many children there are (more than `items.count` when some were left out).
    public var totalCount: Int

    /// Children read by a provider.
    ///
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - totalCount: How many there are in all.
    public init(items: [LinearHierarchyItem], totalCount: Int) {
        self.items = items
        self.totalCount = totalCount
    }
}

/// Reads the children of a controller's dynamic items when the user expands them: what makes
/// a controller the linear face of a source (`LinearSourceAdapter` is one).
///
/// The provider has no actor of its own: it runs on its caller's, the controller's.
public protocol LinearHierarchyChildrenProvider: AnyObject {
    /// The children of an expanded dynamic item.
    ///
    /// - Parameter item: The item, as the hierarchy holds it (its `payload` is the host's key).
    /// - Returns: The children, and how many there are in all.
    /// - Throws: Why they cannot be read; the controller collapses the item and queues the error.
    nonisolated(nonsending) func children(of item: LinearHierarchyItem) async throws -> LinearHierarchyChildren
}

extension LinearHierarchyViewController {
    /// Whether the children of an expanded item are being read.
    public var isLoading: Bool { hierarchy.isLoading }

    /// Shows new top-level items (a source's root), starting again at the top level.
    ///
    /// - Parameter items: The items.
    /// - Throws: ``LinearHierarchyError`` when the items are malformed (nothing changes).
    public func showRootItems(_ items: [LinearHierarchyItem]) throws(LinearHierarchyError) {
        hierarchy = try LinearHierarchy(items: items)
        lastUpdate = nil
        selectedItem = nil
        collectionView.reloadData()
    }

    /// Returns the errors of the loads not shown yet, oldest first, and empties the queue.
    public func takeErrors() -> [HierarchyError] { errors.take() }

    /// Returns the notice of the last load and clears it.
    public func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }

    /// Waits until no children are being read.
    public func settle() async {
        while let (_, task) = loads.first {
            await task.value
        }
    }

    /// Stops the loads under way; their children are not shown.
    public func cancelLoads() {
        for task in loads.values { task.cancel() }
        loads = [:]
    }

    /// Asks the provider for the children a tap requested; they are shown when they arrive, if
    /// the item still waits for them.
    func loadChildren(_ request: LinearHierarchy.ChildrenRequest, of item: LinearHierarchyItem) {
        guard let provider = childrenProvider else { return }
        let ticket = nextLoad
        nextLoad += 1
        loads[ticket] = Task { [weak self] in
            let result: Result<LinearHierarchyChildren, any Error>
            do { result = .success(try await provider.children(of: item)) } catch { result = .failure(error) }
            self?.childrenArrived(result, for: request, title: item.name, ticket: ticket)
        }
    }

    private func childrenArrived(
        _ result: Result<LinearHierarchyChildren, any Error>, for request: LinearHierarchy.ChildrenRequest,
        title: String, ticket: Int
    ) {
        guard loads.removeValue(forKey: ticket) != nil else { return }
        defer { collectionView.reloadData() }
        switch result {
        case .success(let children):
            switch hierarchy.provideChildren(children.items, for: request) {
            case .childrenLoaded(_, let update):
                lastUpdate = update
                if children.totalCount > children.items.count {
                    notice =
                        "Showing the first \(CountText.grouped(children.items.count)) of \(CountText.grouped(children.totalCount)) items"
                }
            case .rejected(let error):
                errors.append(
                    HierarchyError(.invalidOperation, "Cannot show the children of \(title): \(error.message)"))
                if hierarchy.activeItemIDs.last == request.itemID { collapse(to: request.itemID) }
            default:
                break
            }
        case .failure(let error):
            guard case .awaitingChildren(let waiting) = hierarchy.state, waiting == request else { return }
            let reason = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
            errors.append(HierarchyError(.loadFailed, "Cannot list the children of \(title): \(reason)"))
            collapse(to: request.itemID)
        }
    }

    private func collapse(to id: LinearHierarchyItem.ID) {
        if let update = hierarchy.tap(itemID: id).update { lastUpdate = update }
    }
}
