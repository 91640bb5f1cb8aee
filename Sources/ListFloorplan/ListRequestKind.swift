/// The kind of a load request.
public enum ListRequestKind: Equatable, Hashable, Sendable {
    /// The first page; replaces what was loaded.
    case initialPage
    /// The page after the loaded items; appends.
    case nextPage
    /// Pull to refresh: every loaded item again; replaces what was loaded.
    case refresh

    /// The loading state while a request of this kind runs.
    var loadingState: ListLoadingState {
        switch self {
        case .initialPage: .loadingInitialPage
        case .nextPage: .loadingNextPage
        case .refresh: .refreshFullResults
        }
    }
}
