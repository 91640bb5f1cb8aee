import HierarchySources

/// A source computed on the fly for the web tests: the root `r` has `rootChildren`
/// children `r.0`, `r.1`, …; every other item `x` has `fanout` children `x.0`, … down to
/// `depth` levels. One child of the root has a title with markup, and reading the
/// children of `failing` fails.
struct GeneratedSource: HierarchySource {
    var rootChildren: Int
    var fanout: Int
    var depth: Int
    var failing: String?

    static let markupTitle = "<img src=x onerror=alert(1)>"

    var displayName: String { "generated" }

    func level(of id: String) -> Int { id.split(separator: ".").count - 1 }

    func exists(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.first == "r", parts.count - 1 <= depth else { return false }
        for (k, part) in parts.dropFirst().enumerated() {
            guard let n = Int(part), n >= 0, n < (k == 0 ? rootChildren : fanout) else { return false }
        }
        return true
    }

    func childCountOf(_ id: String) -> Int {
        let l = level(of: id)
        if l >= depth { return 0 }
        return l == 0 ? rootChildren : fanout
    }

    func makeNode(_ id: String) -> HierarchyNode {
        let title = id == "r.1" ? Self.markupTitle : "Item \(id)"
        let count = childCountOf(id)
        return HierarchyNode(
            id: id, title: title, subtitle: "level \(level(of: id))", childCount: count, isContainer: count > 0)
    }

    func root() async throws -> HierarchyNode? { makeNode("r") }

    func node(withID id: String) async throws -> HierarchyNode? { exists(id) ? makeNode(id) : nil }

    func parent(ofID id: String) async throws -> HierarchyNode? {
        guard exists(id), let dot = id.lastIndex(of: ".") else { return nil }
        return makeNode(String(id[..<dot]))
    }

    func childCount(ofID id: String) async throws -> Int {
        if id == failing { throw HierarchySourceError(.io, "simulated failure reading \(id)") }
        guard exists(id) else { throw HierarchySourceError(.notFound, "no item \(id)") }
        return childCountOf(id)
    }

    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        if id == failing { throw HierarchySourceError(.io, "simulated failure reading \(id)") }
        let count = childCountOf(id)
        let clamped = range.clamped(to: 0..<count)
        return clamped.map { makeNode("\(id).\($0)") }
    }

    func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        // Matches "Item r.2.…" items on the first two levels only: enough for paging tests.
        var ids: [String] = []
        for a in 0..<min(rootChildren, 50) {
            ids.append("r.\(a)")
            for b in 0..<min(fanout, 200) { ids.append("r.\(a).\(b)") }
        }
        let matches = ids.map(makeNode).filter { $0.title.contains(query) }
        return Array(matches[min(range.lowerBound, matches.count)..<min(range.upperBound, matches.count)])
    }
}

/// A source made over ``GeneratedSource`` that changes only some of its answers: every call
/// it does not implement is the generated source's.
protocol GeneratedSourceWrapper: HierarchySource {
    var base: GeneratedSource { get }
}

extension GeneratedSourceWrapper {
    var displayName: String { base.displayName }
    func root() async throws -> HierarchyNode? { try await base.root() }
    func node(withID id: String) async throws -> HierarchyNode? { try await base.node(withID: id) }
    func parent(ofID id: String) async throws -> HierarchyNode? { try await base.parent(ofID: id) }
    func childCount(ofID id: String) async throws -> Int { try await base.childCount(ofID: id) }
    func children(ofID id: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        try await base.children(ofID: id, in: range)
    }
    func changes() -> AsyncStream<HierarchySourceChange> { base.changes() }
}
