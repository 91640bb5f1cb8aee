import Foundation
import HierarchyDocuments
import Yams

extension DocumentSource {
    /// Composes a YAML document with Yams; marks become line and column.
    ///
    /// Aliases stay shared nodes here; ``DocumentYAMLEvents`` bounds their expansion.
    /// - Returns: The document's root node, `nil` for an empty document.
    static func composeYAML(_ data: Data, path: String) throws(HierarchySourceError) -> Node? {
        guard let text = String(data: data, encoding: .utf8) else {
            throw HierarchySourceError(.malformed, "invalid YAML: the document is not UTF-8 text", path: path)
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, path: path)
        } catch {
            throw HierarchySourceError(.malformed, "invalid YAML: \(error)", path: path)
        }
    }

    /// A Yams error as a source error.
    static func yamlError(_ error: YamlError, path: String) -> HierarchySourceError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            if problem.contains("Maximum nesting level") {
                // libyaml stops at 1,000 levels while composing; the walk stops at 512 (the one limit).
                return HierarchySourceError(
                    .malformed, "invalid YAML: \(DocumentLimits.nestingMessage)", path: path, line: mark.line,
                    column: mark.column)
            }
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return HierarchySourceError(.malformed, message, path: path, line: mark.line, column: mark.column)
        case .reader(let problem, let offset, _, let yaml):
            var line: Int?
            var column: Int?
            if let offset { (line, column) = lineAndColumn(ofByteOffset: offset, in: Data(yaml.utf8)) }
            return HierarchySourceError(.malformed, "invalid YAML: \(problem)", path: path, line: line, column: column)
        default:
            return HierarchySourceError(.malformed, "invalid YAML: \(error)", path: path)
        }
    }
}
