import Foundation
import HierarchySources

extension IndexedJSONSource: HierarchyResultStreaming {
    /// Items whose title, subtitle or footnote contains `query` (ignoring case and diacritics),
    /// in document order: a scan of the file's bytes (see ``scanSearch(_:found:)``).
    public func search(_ query: String, in range: Range<Int>) async throws -> [HierarchyNode] {
        guard !range.isEmpty else { return [] }
        var found: [HierarchyNode] = []
        let scanned = try await scanSearch(query) { node in
            found.append(node)
            return found.count < range.upperBound
        }
        guard scanned else { return try await HierarchySearchScan(source: self).matches(query, in: range) }
        guard range.lowerBound < found.count else { return [] }
        return Array(found[range.lowerBound..<min(found.count, range.upperBound)])
    }

    /// The results handed on with their ancestors as the scan finds them.
    package func streamSearch(
        _ text: String, in range: Range<Int>?, limit: Int,
        into continuation: AsyncThrowingStream<[HierarchyListItem], Error>.Continuation
    ) async throws {
        let wanted = range ?? 0..<limit
        guard !wanted.isEmpty else { return }
        var matched = 0
        var batch: [HierarchyNode] = []
        let scanned = try await scanSearch(text) { node in
            if matched >= wanted.lowerBound { batch.append(node) }
            matched += 1
            if batch.count >= 10 {
                try await HierarchyListQuery.streamItems(batch, of: self, into: continuation)
                batch = []
            }
            return matched < wanted.upperBound
        }
        guard scanned else {
            let nodes = try await HierarchySearchScan(source: self).matches(text, in: wanted)
            try await HierarchyListQuery.streamItems(nodes, of: self, into: continuation)
            return
        }
        try await HierarchyListQuery.streamItems(batch, of: self, into: continuation)
    }

    /// Scans the file's bytes for an ASCII text: each place where it occurs (ignoring ASCII case),
    /// or where a byte above ASCII or an escape may spell it once decoded, is mapped to the item
    /// that holds it, which is decoded and compared as every source compares (case- and
    /// diacritic-insensitively, in its title, subtitle and footnote). Each item is handed to
    /// `found` once, in document order, until `found` returns false.
    ///
    /// - Returns: false when the text is not ASCII (the caller walks the items instead).
    /// - Complexity: O(n) for a file of n bytes, plus a descent to each candidate's item.
    func scanSearch(_ query: String, found: (HierarchyNode) async throws -> Bool) async throws -> Bool {
        let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !needle.isEmpty else { return true }
        guard var scan = JSONByteSearch(file: index.file, needle: needle, includesNonASCII: true) else {
            return false
        }
        var reported: Set<String> = []
        var offset: Int64 = 0
        if let root = try await root(), Self.matches(root, needle) {
            reported.insert(root.id)
            guard try await found(root) else { return true }
        }
        while let candidate = try scan.next(from: offset) {
            try Task.checkCancellation()
            guard let hit = try mapping({ () throws(DocumentReadError) in try self.hit(at: candidate) }) else {
                offset = candidate + 1
                continue
            }
            offset = max(hit.textEnd, candidate + 1)
            guard let place = hit.place else { continue }
            let node = try node(at: place)
            guard Self.matches(node, needle), reported.insert(node.id).inserted else { continue }
            guard try await found(node) else { return true }
        }
        return true
    }

    /// The item whose `id` is the string `id`, found by a scan of the file's bytes for the quoted
    /// text (`"id"`, ignoring ASCII case): each place is mapped to the item that holds it, whose
    /// `id` is then compared. `nil` when no item's `id` is spelled so: a numeric `id`, one with
    /// escapes or one that is not ASCII is looked for by the walk instead.
    ///
    /// - Complexity: O(n) for a file of n bytes at the speed of the byte search, plus a descent
    ///   to each place the text occurs.
    func scanBytesForID(_ id: String) throws -> Place? {
        guard shape == .items, var scan = JSONByteSearch(file: index.file, needle: "\"" + id + "\"") else {
            return nil
        }
        var offset: Int64 = 0
        while let candidate = try scan.next(from: offset) {
            try Task.checkCancellation()
            offset = candidate + 1
            guard let hit = try mapping({ () throws(DocumentReadError) in try self.hit(at: candidate) }),
                let place = hit.place, let member = place.member, member.isObject,
                try mapping({ () throws(DocumentReadError) in try explicitID(member) }) == id
            else { continue }
            return place
        }
        return nil
    }

    static func matches(_ node: HierarchyNode, _ needle: String) -> Bool {
        for text in [node.title, node.subtitle, node.footnote] {
            if let text, text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
                return true
            }
        }
        return false
    }

    /// The item whose text holds the byte at `offset`, and where that text ends; no place when
    /// the byte is in no item's text (a field that is not shown, the document's name).
    func hit(at offset: Int64) throws(DocumentReadError) -> (place: Place?, textEnd: Int64)? {
        guard let top, offset >= top.value else { return nil }
        if shape == .structure {
            var current = Place(member: top, pointer: "")
            while let container = current.member, container.isContainer {
                guard let (position, child, end) = try member(of: container, containing: offset) else { return nil }
                var token = String(position)
                var title = "[\(position)]"
                if container.isObject {
                    let key = try index.key(of: child)
                    token = try tokens(of: container, keys: [key], from: position)[0]
                    title = key
                }
                let place = Place(member: child, pointer: current.pointer + "/" + token, title: title)
                if child.key >= 0, offset < child.value { return (place, child.value) }
                if !child.isContainer { return (place, end) }
                current = place
            }
            return (current, try index.end(of: top))
        }
        // Items: from the top item, or from the wrapper's arrays, down through `children` arrays.
        var item: Place? = wrapper == nil ? Place(member: top, pointer: "") : nil
        while true {
            var array: (member: JSONMember, pointer: String)?
            if let current = item, let object = current.member {
                guard object.isObject else { return (current, try index.end(of: object)) }
                let arrays = try childArrays(of: current)
                guard let (_, field, end) = try member(of: object, containing: offset) else { return nil }
                guard let found = arrays.first(where: { $0.member == field }) else {
                    // A field: its text is shown when it is a scalar (a title, a subtitle...).
                    return (field.isContainer ? nil : current, end)
                }
                guard offset >= field.value else { return (nil, field.value) }
                array = found
            } else {
                for candidate in wrapper?.arrays ?? [] where offset >= candidate.member.value {
                    if offset < (try index.end(of: candidate.member)) { array = candidate }
                }
            }
            guard let array, let (position, element, end) = try member(of: array.member, containing: offset) else {
                return nil
            }
            let place = Place(member: element, pointer: array.pointer + "/" + String(position))
            guard element.isObject else { return (place, end) }
            item = place
        }
    }

    /// The member of a container whose bytes (key and value) hold `offset`, its position and
    /// where its value ends; starts at the checkpoint before the offset.
    private func member(of container: JSONMember, containing offset: Int64) throws(DocumentReadError)
        -> (Int, JSONMember, Int64)?
    {
        let from = index.entry(container.value)?.checkpoints.last(where: { $0.offset <= offset })?.index ?? 0
        var found: (Int, JSONMember, Int64)?
        try index.forEachMember(of: container, from: from) { (position, member) throws(DocumentReadError) -> Bool in
            let start = member.key >= 0 ? member.key : member.value
            if offset < start { return false }
            let end = try index.end(of: member)
            if offset < end {
                found = (position, member, end)
                return false
            }
            return true
        }
        return found
    }
}
