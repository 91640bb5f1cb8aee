import Foundation

/// A document value written out in every format the program reads (JSON, YAML, XML and
/// binary property lists), with the scalars a reader must show.
public indirect enum DocumentValue: Sendable {
    case object([(String, DocumentValue)])
    case array([DocumentValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// The formats a fixture is written in.
    public enum Format: String, CaseIterable, Sendable {
        case json
        case yaml
        case xmlPlist = "plist"
        case binaryPlist = "bplist"

        /// The file name extension.
        public var pathExtension: String {
            switch self {
            case .json: "json"
            case .yaml: "yaml"
            case .xmlPlist, .binaryPlist: "plist"
            }
        }
    }

    /// One scalar of a document: the title of its line (its key, or `[index]`) and its value as
    /// shown.
    public struct Scalar: Hashable, Sendable {
        public var key: String
        public var value: String
    }

    /// The document's bytes in a format. Property lists have no null: null members and
    /// elements are left out there (see ``withoutNulls``).
    public func data(_ format: Format) throws -> Data {
        switch format {
        case .json: Data(json.utf8)
        case .yaml: Data(yaml.utf8)
        case .xmlPlist:
            try PropertyListSerialization.data(fromPropertyList: withoutNulls.foundation, format: .xml, options: 0)
        case .binaryPlist:
            try PropertyListSerialization.data(fromPropertyList: withoutNulls.foundation, format: .binary, options: 0)
        }
    }

    /// The scalars (below the root) a reader of `format` must show.
    public func scalars(_ format: Format) -> [Scalar] {
        var found: [Scalar] = []
        (format == .json || format == .yaml ? self : withoutNulls).collect(key: nil, into: &found)
        return found
    }

    /// The document without null members or elements.
    public var withoutNulls: DocumentValue {
        switch self {
        case .object(let members):
            .object(
                members.compactMap { key, value in
                    if case .null = value { return nil }
                    return (key, value.withoutNulls)
                })
        case .array(let elements):
            .array(
                elements.compactMap { value in
                    if case .null = value { return nil }
                    return value.withoutNulls
                })
        default: self
        }
    }

    private func collect(key: String?, into found: inout [Scalar]) {
        switch self {
        case .object(let members):
            for (name, value) in members { value.collect(key: name, into: &found) }
        case .array(let elements):
            for (index, value) in elements.enumerated() { value.collect(key: "[\(index)]", into: &found) }
        default:
            if let key, let text = scalarText { found.append(Scalar(key: key, value: text)) }
        }
    }

    /// A scalar as the program shows it.
    public var scalarText: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .object, .array: nil
        }
    }

    /// RFC 8259 text.
    public var json: String {
        switch self {
        case .object(let members):
            "{" + members.map { Self.quoted($0.0) + ": " + $0.1.json }.joined(separator: ", ") + "}"
        case .array(let elements):
            "[" + elements.map(\.json).joined(separator: ", ") + "]"
        case .string(let text): Self.quoted(text)
        default: scalarText ?? "null"
        }
    }

    /// Block-style YAML, strings double-quoted.
    public var yaml: String {
        var lines: [String] = []
        emitYAML(indent: "", into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    private func emitYAML(indent: String, into lines: inout [String]) {
        switch self {
        case .object(let members) where !members.isEmpty:
            for (key, value) in members {
                if value.isNonEmptyContainer {
                    lines.append(indent + Self.quoted(key) + ":")
                    value.emitYAML(indent: indent + "  ", into: &lines)
                } else {
                    lines.append(indent + Self.quoted(key) + ": " + value.inlineYAML)
                }
            }
        case .array(let elements) where !elements.isEmpty:
            for value in elements {
                if value.isNonEmptyContainer {
                    lines.append(indent + "-")
                    value.emitYAML(indent: indent + "  ", into: &lines)
                } else {
                    lines.append(indent + "- " + value.inlineYAML)
                }
            }
        default:
            lines.append(indent + inlineYAML)
        }
    }

    private var isNonEmptyContainer: Bool {
        switch self {
        case .object(let members): !members.isEmpty
        case .array(let elements): !elements.isEmpty
        default: false
        }
    }

    private var inlineYAML: String {
        switch self {
        case .object: "{}"
        case .array: "[]"
        default: json
        }
    }

    /// Foundation's objects, for property lists (a null is the empty string).
    private var foundation: Any {
        switch self {
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, value) in members { dictionary[key] = value.foundation }
            return dictionary
        case .array(let elements): return elements.map(\.foundation)
        case .string(let text): return text
        case .int(let number): return NSNumber(value: number)
        case .double(let number): return NSNumber(value: number)
        case .bool(let value): return NSNumber(value: value)
        case .null: return ""
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// The shapes people's documents have, none of them an items document: each must show every
/// scalar, in every command.
public enum DocumentFixtures {
    public static let shapes: [(name: String, value: DocumentValue)] = [
        (
            "config",
            .object([
                (
                    "config",
                    .object([
                        ("name", .string("Harbour")), ("port", .int(8080)), ("debug", .bool(true)),
                        ("paths", .array([.string("/srv/a"), .string("/srv/b")])),
                    ])
                )
            ])
        ),
        (
            "data-envelope",
            .object([
                (
                    "data",
                    .array([
                        .object([
                            ("id", .string("u1")), ("type", .string("articles")),
                            ("attributes", .object([("title", .string("First"))])),
                        ]),
                        .object([
                            ("id", .string("u2")), ("type", .string("articles")),
                            ("attributes", .object([("title", .string("Second"))])),
                        ]),
                    ])
                ),
                ("meta", .object([("total", .int(2))])),
            ])
        ),
        (
            "results-envelope",
            .object([
                ("count", .int(2)), ("next", .null),
                (
                    "results",
                    .array([
                        .object([("name", .string("Luke")), ("height", .string("172"))]),
                        .object([("name", .string("Leia")), ("height", .string("150"))]),
                    ])
                ),
            ])
        ),
        (
            "items-envelope",
            .object([
                (
                    "items",
                    .array([
                        .object([("title", .string("Walk")), ("done", .bool(false))]),
                        .object([("title", .string("Swim")), ("done", .bool(true))]),
                    ])
                )
            ])
        ),
        (
            "value-envelope",
            .object([
                ("@odata.context", .string("https://example.org/$metadata#People")),
                ("value", .array([.object([("UserName", .string("russell")), ("Age", .int(30))])])),
            ])
        ),
        (
            "feature-collection",
            .object([
                ("type", .string("FeatureCollection")),
                (
                    "features",
                    .array([
                        .object([
                            ("type", .string("Feature")),
                            ("properties", .object([("name", .string("Harbour")), ("depth", .int(16))])),
                            (
                                "geometry",
                                .object([
                                    ("type", .string("Point")), ("coordinates", .array([.double(9.5), .double(53.5)])),
                                ])
                            ),
                        ])
                    ])
                ),
            ])
        ),
        (
            "package-manifest",
            .object([
                ("name", .string("harbour-app")), ("version", .string("1.2.0")),
                ("scripts", .object([("build", .string("tsc -p ."))])),
                ("dependencies", .object([("left-pad", .string("^1.3.0"))])),
                ("keywords", .array([.string("maps"), .string("ports")])),
            ])
        ),
        (
            "openapi",
            .object([
                ("openapi", .string("3.0.3")),
                ("info", .object([("title", .string("Harbour API")), ("version", .string("1.0"))])),
                (
                    "paths",
                    .object([
                        (
                            "/ships",
                            .object([
                                (
                                    "get",
                                    .object([
                                        ("summary", .string("List ships")),
                                        (
                                            "responses",
                                            .object([("200", .object([("description", .string("A list"))]))])
                                        ),
                                    ])
                                )
                            ])
                        )
                    ])
                ),
            ])
        ),
        (
            "records-under-one-key",
            .object([
                (
                    "countries",
                    .array([
                        .object([("name", .string("Germany")), ("capital", .string("Berlin"))]),
                        .object([("name", .string("France")), ("capital", .string("Paris"))]),
                    ])
                )
            ])
        ),
        (
            "root-with-meta",
            .object([
                ("root", .array([.object([("title", .string("Pump"))])])),
                ("meta", .object([("version", .string("3"))])),
            ])
        ),
        (
            "item-with-nested-field",
            .object([
                ("title", .string("Plant")),
                ("owner", .object([("name", .string("Ann"))])),
                ("children", .array([.object([("title", .string("Pump"))])])),
            ])
        ),
    ]
}
