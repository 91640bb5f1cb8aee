import HierarchySources

extension IndexedJSONSource: DocumentHierarchySource {
    public var isDocumentStructure: Bool { shape == .structure }

    /// Where an item of a structure read sits: the keys and indexes its pointer names, each
    /// checked against the container it steps into (a repeated key's `~2N` token is that
    /// member's key).
    ///
    /// - Complexity: A scan of each container on the way, up to the member it names.
    public func documentPath(ofID id: String) -> DocumentPath? {
        guard shape == .structure, let top, let place = try? place(ofID: id), place.member != nil else { return nil }
        var components: [DocumentPath.Component] = []
        var member = top
        do throws(DocumentReadError) {
            for raw in place.pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                if member.isObject {
                    if raw.hasPrefix(Self.repeatedKeyMark), let number = Int(raw.dropFirst(2)),
                        let found = try index.member(of: member, at: number)
                    {
                        components.append(.key(try index.key(of: found)))
                        member = found
                        continue
                    }
                    let key = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                    guard let found = try index.member(of: member, key: key) else { return nil }
                    components.append(.key(key))
                    member = found.member
                } else if member.first == UInt8(ascii: "["), let number = Int(raw),
                    let found = try index.member(of: member, at: number)
                {
                    components.append(.index(number))
                    member = found
                } else {
                    return nil
                }
            }
        } catch {
            return nil
        }
        return DocumentPath(components)
    }

    /// A value of a structure read as compact JSON, written from its bytes by the strict
    /// reader; `nil` when its bytes cannot be read as JSON (the status line shows why).
    ///
    /// - Complexity: O(the value's bytes); a value of more than 16 times `limit` bytes is
    ///   refused without reading it.
    public func documentJSON(ofID id: String, limit: Int) throws(DocumentJSONTooLarge) -> String? {
        guard shape == .structure, let place = try? place(ofID: id), let member = place.member else { return nil }
        let bytes: [UInt8]
        do {
            let end = try index.end(of: member)
            guard end - member.value <= Int64(limit) * 16 else { throw DocumentJSONTooLarge(limit: limit) }
            bytes = try index.file.read(at: member.value, count: Int(end - member.value))
        } catch let error as DocumentJSONTooLarge {
            throw error
        } catch {
            return nil
        }
        var reader = JSONEventReader(input: ByteInput(bytes: bytes))
        var out = ""
        // Whether the next value in each open container is its first; objects' members come as keys.
        var first: [Bool] = []
        do {
            while let event = try reader.next() {
                switch event {
                case .endObject, .endArray:
                    first.removeLast()
                    out += event == .endObject ? "}" : "]"
                    continue
                default: break
                }
                if let isFirst = first.last, !isFirst {
                    if case .key = event { out += "," } else if !out.hasSuffix(":") { out += "," }
                }
                if !first.isEmpty { first[first.count - 1] = false }
                switch event {
                case .beginObject:
                    out += "{"
                    first.append(true)
                case .beginArray:
                    out += "["
                    first.append(true)
                case .key(let key): out += DocumentJSON.quoted(key) + ":"
                case .string(let text): out += DocumentJSON.quoted(text)
                case .number(let text): out += text
                case .bool(let flag): out += flag ? "true" : "false"
                case .null: out += "null"
                case .endObject, .endArray: break
                }
                guard out.utf8.count <= limit else { throw DocumentJSONTooLarge(limit: limit) }
            }
        } catch let error as DocumentJSONTooLarge {
            throw error
        } catch {
            return nil
        }
        return out
    }
}
