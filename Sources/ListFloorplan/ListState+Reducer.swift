extension ListState {
    /// Applies an action and returns the effects the owner must perform, in order.
    ///
    /// Pure: no I/O, no clocks. Loader answers come back as `.response` actions carrying the ticket
    /// of their request; an answer whose ticket is not the request in flight (because a refresh, a
    /// new search or a cancelled search replaced it) changes nothing.
    ///
    /// - Parameter action: What happened.
    /// - Returns: The effects to perform.
    /// - Complexity: O(*s*) for *s* sections, plus O(*k*) to store a page of *k* items.
    public mutating func send(_ action: ListAction<Entity, Section>) -> [ListEffect<Section>] {
        let effects: [ListEffect<Section>]
        switch action {
        case .fetch:
            effects = start(.initialPage, in: mode, for: sections)
        case .refresh:
            effects = start(.refresh, in: mode, for: sections)
        case .reachedEnd:
            effects = reachedEnd()
        case .beginSearch:
            if configuration.isSearchEnabled { isSearchActive = true }
            effects = []
        case .searchTextChanged(let text):
            effects = searchTextChanged(text)
        case .searchDebounceElapsed(let ticket):
            effects = searchDebounceElapsed(ticket)
        case .cancelSearch:
            effects = cancelSearch()
        case .retry:
            effects = retry()
        case .searchAll:
            effects = searchAll()
        case .partial(let ticket, let section, let items):
            receivePartial(ticket: ticket, section: section, items: items)
            effects = []
        case .response(let ticket, let section, let result):
            receive(ticket: ticket, section: section, result: result)
            effects = []
        }
        assert(_checkInvariants() == nil, _checkInvariants() ?? "")
        return effects
    }

    // MARK: - Requests

    /// Replaces the request in flight (if any) by a new one and asks for the loader calls.
    private mutating func start(
        _ kind: ListRequestKind,
        in mode: ListMode,
        for requested: [Section],
        all: Bool = false
    ) -> [ListEffect<Section>] {
        var effects = dropRequest()
        failure = nil
        guard !requested.isEmpty else { return effects }
        let ticket = nextTicket
        nextTicket += 1
        let pages = pages(in: mode)
        let paging = configuration.isPagingEnabled(in: mode)
        var ranges: [Section: Range<Int>?] = [:]
        for section in requested {
            let loaded = pages.items[section]?.count ?? 0
            let range: Range<Int>?
            switch kind {
            case _ where all:
                range = nil
            case .initialPage:
                range = paging ? 0..<configuration.initialPageSize(in: mode) : nil
            case .nextPage:
                range = loaded..<(loaded + configuration.nextPageSize(in: mode))
            case .refresh:
                range = paging ? 0..<max(loaded, configuration.initialPageSize(in: mode)) : nil
            }
            ranges[section] = range
            effects.append(
                .load(
                    ListLoadRequest(
                        ticket: ticket, section: section, range: range, searchString: mode.searchString
                    )))
        }
        request = ListRequest(
            ticket: ticket, kind: kind, mode: mode, ranges: ranges, pending: Set(requested),
            failed: [], failureMessage: nil, succeeded: false, newResultsCount: 0
        )
        loadingState = kind.loadingState
        return effects
    }

    /// Forgets the request in flight; its answers will be dropped.
    private mutating func dropRequest() -> [ListEffect<Section>] {
        guard let request else { return [] }
        self.request = nil
        loadingState = .finished
        return [.cancelLoads(ticket: request.ticket)]
    }

    /// Forgets the request in flight if it loads search results.
    private mutating func dropSearchRequest() -> [ListEffect<Section>] {
        guard case .search = request?.mode else { return [] }
        return dropRequest()
    }

    private mutating func reachedEnd() -> [ListEffect<Section>] {
        guard request == nil else { return [] }
        let mode = mode
        let pages = pages(in: mode)
        guard configuration.isPagingEnabled(in: mode), pages.pageCount > 0 else { return [] }
        let open = sections.filter { !pages.endReached.contains($0) }
        return start(.nextPage, in: mode, for: open)
    }

    private mutating func retry() -> [ListEffect<Section>] {
        guard let failure else { return [] }
        guard failure.mode == mode else {
            self.failure = nil
            return []
        }
        return start(failure.kind, in: failure.mode, for: failure.sections)
    }

    // MARK: - Search

    private mutating func searchTextChanged(_ text: String) -> [ListEffect<Section>] {
        guard configuration.isSearchEnabled else { return [] }
        isSearchActive = true
        searchText = text
        let query = Self.trimmed(text)
        if query.isEmpty {
            var effects = cancelDebounce()
            effects += dropSearchRequest()
            if case .search = failure?.mode { failure = nil }
            searchQuery = nil
            search = ListPages()
            return effects
        }
        if query == searchQuery {
            return cancelDebounce()
        }
        var effects = dropSearchRequest()
        let ticket = nextTicket
        nextTicket += 1
        debounceTicket = ticket
        effects.append(.startDebounce(ticket: ticket))
        return effects
    }

    private mutating func searchDebounceElapsed(_ ticket: Int) -> [ListEffect<Section>] {
        guard ticket == debounceTicket else { return [] }
        debounceTicket = nil
        let query = Self.trimmed(searchText)
        guard !query.isEmpty else { return [] }
        searchQuery = query
        search = ListPages()
        return start(.initialPage, in: .search(query), for: sections)
    }

    /// Runs the typed search at once (without waiting for the debounce) for every result.
    private mutating func searchAll() -> [ListEffect<Section>] {
        guard configuration.isSearchEnabled else { return [] }
        let query = Self.trimmed(searchText)
        guard !query.isEmpty else { return [] }
        var effects = cancelDebounce()
        if searchQuery == query, request == nil, search.pageCount > 0,
            sections.allSatisfy(search.endReached.contains)
        {
            // Every result is shown already.
            return effects
        }
        if searchQuery != query {
            searchQuery = query
            search = ListPages()
        }
        effects += start(.initialPage, in: .search(query), for: sections, all: true)
        return effects
    }

    private mutating func cancelSearch() -> [ListEffect<Section>] {
        var effects = cancelDebounce()
        effects += dropSearchRequest()
        if case .search = failure?.mode { failure = nil }
        isSearchActive = false
        searchText = ""
        searchQuery = nil
        search = ListPages()
        return effects
    }

    private mutating func cancelDebounce() -> [ListEffect<Section>] {
        guard debounceTicket != nil else { return [] }
        debounceTicket = nil
        return [.cancelDebounce]
    }

    /// The text without leading and trailing white space.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    // MARK: - Answers

    /// Shows a batch of a streaming loader at once; the request stays in flight. A refresh keeps
    /// the rows it replaces until its whole answer arrives.
    private mutating func receivePartial(ticket: Int, section: Section, items: [Entity]) {
        guard var request, request.ticket == ticket, request.pending.contains(section),
            request.kind != .refresh, !items.isEmpty
        else { return }
        let range = request.ranges[section] ?? nil
        let streamed = request.streamed[section, default: 0]
        let room = range.map { max(0, $0.count - streamed) } ?? items.count
        guard room > 0 else { return }
        var pages = pages(in: request.mode)
        var current = pages.items[section] ?? []
        if streamed == 0 {
            // The first batch replaces what the request reloads.
            current = Array(current.prefix(range?.lowerBound ?? 0))
        }
        let accepted = items.prefix(room)
        current += accepted
        pages.items[section] = current
        request.streamed[section] = streamed + accepted.count
        self.request = request
        switch request.mode {
        case .list: list = pages
        case .search: search = pages
        }
    }

    private mutating func receive(ticket: Int, section: Section, result: Result<[Entity], ListLoadError>) {
        guard var request, request.ticket == ticket, request.pending.contains(section) else { return }
        request.pending.remove(section)
        let range = request.ranges[section] ?? nil
        var pages = pages(in: request.mode)
        switch result {
        case .success(let found):
            let accepted = range.map { Array(found.prefix($0.count)) } ?? found
            switch request.kind {
            case .initialPage, .refresh:
                pages.items[section] = accepted
            case .nextPage:
                // Drop what batches of this request showed; the answer holds them all.
                let kept = (pages.items[section] ?? []).prefix(range?.lowerBound ?? 0)
                pages.items[section] = Array(kept) + accepted
            }
            if let range, found.count >= range.count {
                pages.endReached.remove(section)
            } else {
                pages.endReached.insert(section)
            }
            request.succeeded = true
            request.newResultsCount += accepted.count
        case .failure(let error):
            request.failed.append(section)
            if request.failureMessage == nil { request.failureMessage = error.message }
        }
        if request.pending.isEmpty {
            if request.succeeded {
                switch request.kind {
                case .initialPage: pages.pageCount = 1
                case .nextPage: pages.pageCount += 1
                case .refresh: pages.pageCount = max(pages.pageCount, 1)
                }
                pages.newResultsCount = request.newResultsCount
            }
            if !request.failed.isEmpty {
                let failed = Set(request.failed)
                failure = ListFailure(
                    kind: request.kind, mode: request.mode,
                    sections: sections.filter(failed.contains),
                    message: request.failureMessage ?? "The list could not be loaded."
                )
            }
            self.request = nil
            loadingState = .finished
        } else {
            self.request = request
        }
        switch request.mode {
        case .list: list = pages
        case .search: search = pages
        }
    }
}
