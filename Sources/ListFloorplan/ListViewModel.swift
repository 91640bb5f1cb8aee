/// The view model of a paginated, searchable list: owns a ``ListState`` and performs its effects.
///
/// Each section has a ``DataLoader``. The view model sends actions to its state, runs the loader
/// calls the state asks for as tasks (each tagged with its request's ticket, so that answers to a
/// replaced request are dropped), and sleeps on an injected clock for the search debounce. Observers
/// registered with ``addObserver(_:)`` hear of every change with the old and new state; use
/// ``ListSnapshot/diff(to:)`` to turn that into row updates.
///
/// ```swift
/// let model = ListViewModel(queries: [.all: DataLoader.inMemory(products) { $0.name.contains($1) }],
///                           isSearchEnabled: true)
/// await model.fetchListData().finish()
/// model.results(in: .all)       // the first `initListPageSize` products
/// ```
@MainActor
public final class ListViewModel<
    Entity: Identifiable & Equatable,
    Section: Hashable & CaseIterable
> {
    /// The whole state.
    public internal(set) var listState: ListState<Entity, Section>

    /// The delay between the last search text change and the search request (default 0.5 s).
    public var searchDebounceTiming: Duration = .milliseconds(500)

    /// How long a loader may take before its call counts as failed (default 30 s; `nil`: no limit).
    ///
    /// A late answer after the timeout is dropped; retry asks again.
    public var loadTimeout: Duration? = .seconds(30)

    /// The clock the debounce and the load timeout sleep on; inject a manual clock in tests.
    public var clock: any Clock<Duration>

    private let loaders: [Section: DataLoader<Entity>]
    private var loadTasks: [Int: [Task<Void, Never>]] = [:]
    private var debounceTask: Task<Void, Never>?
    private var observers: [Int: @MainActor (ListState<Entity, Section>, ListState<Entity, Section>) -> Void] = [:]
    private var nextObserverID = 0

    /// Creates a view model.
    ///
    /// Sections appear in `Section.allCases` order; sections without a loader are left out.
    ///
    /// - Parameters:
    ///   - queries: The loader of each section.
    ///   - isListPagingEnabled: Page the unfiltered list (default `true`).
    ///   - isSearchPagingEnabled: Page search results (default `true`).
    ///   - isSearchEnabled: Allow searching (default `false`).
    ///   - clock: The clock of the search debounce and the load timeout.
    public init(
        queries: [Section: DataLoader<Entity>],
        isListPagingEnabled: Bool = true,
        isSearchPagingEnabled: Bool = true,
        isSearchEnabled: Bool = false,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.loaders = queries
        self.clock = clock
        self.listState = ListState(
            sections: Section.allCases.filter { queries[$0] != nil },
            configuration: ListConfiguration(
                isListPagingEnabled: isListPagingEnabled,
                isSearchPagingEnabled: isSearchPagingEnabled,
                isSearchEnabled: isSearchEnabled
            )
        )
    }

    // MARK: - Actions

    /// Applies an action and starts the work it asks for.
    ///
    /// - Parameter action: What happened.
    /// - Returns: The started work; await ``ListTask/finish()`` to see its results applied.
    @discardableResult
    public func send(_ action: ListAction<Entity, Section>) -> ListTask {
        let old = listState
        let effects = listState.send(action)
        var started: [Task<Void, Never>] = []
        for effect in effects {
            if let task = perform(effect) { started.append(task) }
        }
        if let ticket = listState.request?.ticket {
            loadTasks = loadTasks.filter { $0.key == ticket }
        } else {
            loadTasks.removeAll()
        }
        if old != listState {
            for observer in observers.sorted(by: { $0.key < $1.key }) { observer.value(old, listState) }
        }
        return ListTask(started)
    }

    private func perform(_ effect: ListEffect<Section>) -> Task<Void, Never>? {
        switch effect {
        case .load(let request):
            guard let loader = loaders[request.section] else { return nil }
            let timeout = loadTimeout.map { (sleep: Self.sleeper(on: clock, for: $0), duration: $0) }
            let ticket = request.ticket
            let section = ListHandOver(request.section)
            let relay = ListBatchRelay<Entity> { [weak self] items in
                self?.send(.partial(ticket: ticket, section: section.value, items: items))
            }
            let query = (range: request.range, searchString: request.searchString)
            let task = Task { [weak self] in
                let result = await ListLoadRace.run(loader, query, timeout: timeout, onBatch: relay.add)
                guard let self else { return }
                await self.send(.response(ticket: ticket, section: section.value, result: result.value)).finish()
            }
            loadTasks[request.ticket, default: []].append(task)
            return task
        case .cancelLoads(let ticket):
            for task in loadTasks.removeValue(forKey: ticket) ?? [] { task.cancel() }
            return nil
        case .startDebounce(let ticket):
            debounceTask?.cancel()
            let sleep = Self.sleeper(on: clock, for: searchDebounceTiming)
            let task = Task { [weak self] in
                do { try await sleep() } catch { return }
                guard let self else { return }
                await self.send(.searchDebounceElapsed(ticket: ticket)).finish()
            }
            debounceTask = task
            return task
        case .cancelDebounce:
            debounceTask?.cancel()
            debounceTask = nil
            return nil
        }
    }

    /// A sleep whose deadline is fixed now, so that a clock advanced before the sleep starts still counts.
    private nonisolated static func sleeper<C: Clock<Duration>>(
        on clock: C,
        for duration: Duration
    ) -> @Sendable () async throws -> Void {
        let deadline = clock.now.advanced(by: max(duration, .zero))
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// Loads the first page of what is shown.
    @discardableResult public func fetchListData() -> ListTask { send(.fetch) }
    /// Pull to refresh: loads every loaded item of what is shown again.
    @discardableResult public func refresh() -> ListTask { send(.refresh) }
    /// Loads the next page (the user reached the end of the list).
    @discardableResult public func loadNextPage() -> ListTask { send(.reachedEnd) }
    /// Activates the search field.
    @discardableResult public func beginSearch() -> ListTask { send(.beginSearch) }
    /// Changes the search text; the search runs after ``searchDebounceTiming``.
    @discardableResult public func updateSearchText(_ text: String) -> ListTask { send(.searchTextChanged(text)) }
    /// Closes the search and shows the list again.
    @discardableResult public func cancelSearch() -> ListTask { send(.cancelSearch) }
    /// Searches exhaustively: every result of the typed text, streamed in batches by a streaming
    /// loader, at once (no debounce).
    @discardableResult public func searchAllResults() -> ListTask { send(.searchAll) }
    /// Runs the failed request again.
    @discardableResult public func retry() -> ListTask { send(.retry) }

    // MARK: - Observation

    /// Registers a closure called after every change with the old and the new state.
    ///
    /// - Parameter observer: The closure.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(
        _ observer: @escaping @MainActor (ListState<Entity, Section>, ListState<Entity, Section>) -> Void
    ) -> Int {
        nextObserverID += 1
        observers[nextObserverID] = observer
        return nextObserverID
    }

    /// Removes an observer.
    ///
    /// - Parameter token: The token ``addObserver(_:)`` returned.
    public func removeObserver(_ token: Int) {
        observers[token] = nil
    }
}
