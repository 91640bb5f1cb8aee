import Foundation
import Yams

extension DocumentSource {
    /// Parses YAML with Yams and converts the node tree; marks become line and column.
    static func parseYAML(_ data: Data, path: String) throws(HierarchySourceError) -> Any {
        guard let text = String(data: data, encoding: .utf8) else {
            throw HierarchySourceError(.malformed, "YAML must be UTF-8 text", path: path)
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, path: path)
        } catch {
            throw HierarchySourceError(.malformed, "not valid YAML: \(error)", path: path)
        }
        guard let node else { return [Any]() }
        return yamlValue(node, depth: 0)
    }

    /// A Yams error as a source error.
    static func yamlError(_ error: YamlError, path: String) -> HierarchySourceError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return HierarchySourceError(.malformed, message, path: path, line: mark.line, column: mark.column)
        case .reader(let problem, let offset, _, let yaml):
            var line: Int?
            var column: Int?
            if let offset { (line, column) = lineAndColumn(ofByteOffset: offset, in: Data(yaml.utf8)) }
            return HierarchySourceError(.malformed, "invalid YAML: \(problem)", path: path, line: line, column: column)
        default:
            return HierarchySourceError(.malformed, "not valid YAML: \(error)", path: path)
        }
    }

    /// A Yams node as arrays, dictionaries, strings and `NSNull`.
    ///
    /// libyaml refuses documents nested deeper than 1,000 levels, so this recursion is bounded.
    static func yamlValue(_ node: Node, depth: Int) -> Any {
        switch node {
        case .scalar(let scalar):
            if node.null != nil, scalar.style == .plain { return NSNull() }
            return scalar.string
        case .sequence(let sequence):
            return sequence.map { yamlValue($0, depth: depth + 1) }
        case .mapping(let mapping):
            var dictionary: [String: Any] = [:]
            for (key, value) in mapping {
                guard let key = key.string else { continue }
                dictionary[key] = yamlValue(value, depth: depth + 1)
            }
            return dictionary
        case .alias:
            return NSNull()
        }
    }
}
