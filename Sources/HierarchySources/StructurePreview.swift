/// A one-line view of an object's or an array's first values, as jless shows a collapsed
/// value: `{alpha_2: AW, name: Aruba, …}`, `[1, 2, 3]`, `{}`. Nested containers show as `{…}`
/// and `[…]`; long values are cut. A document source gives it to a container of a structure
/// read as ``HierarchyNode/preview``.
public struct StructurePreview: Sendable {
    /// A member's value as the preview shows it.
    public enum Value: Sendable, Equatable {
        /// A scalar, as its cell shows it (strings unquoted, numbers as written).
        case scalar(String)
        case object
        case array
    }

    /// The most members shown.
    public static let memberLimit = 8
    /// The longest preview, in characters, before it is cut with `…`.
    public static let characterLimit = 120
    /// The longest scalar shown, in characters.
    static let scalarLimit = 40

    private let isObject: Bool
    private var body = ""
    private var members = 0
    private var isCut = false

    /// An empty preview of an object (`{…}`) or an array (`[…]`).
    public init(isObject: Bool) {
        self.isObject = isObject
    }

    /// Whether more members would not show (the preview is full).
    public var isFull: Bool { isCut || members >= Self.memberLimit || body.count >= Self.characterLimit }

    /// Adds the next member.
    ///
    /// - Parameters:
    ///   - key: The member's key in an object; `nil` in an array.
    ///   - value: Its value.
    /// - Returns: Whether another member may follow (`false` once the preview is full).
    @discardableResult
    public mutating func append(key: String?, _ value: Value) -> Bool {
        guard !isFull else {
            isCut = true
            return false
        }
        if members > 0 { body += ", " }
        if let key { body += Self.cut(key, to: Self.scalarLimit) + ": " }
        switch value {
        case .scalar(let text): body += Self.cut(text, to: Self.scalarLimit)
        case .object: body += "{…}"
        case .array: body += "[…]"
        }
        members += 1
        return !isFull
    }

    /// The preview: `more` says whether members follow that were not appended.
    public func text(more: Bool) -> String {
        var shown = body
        if shown.count > Self.characterLimit { shown = String(shown.prefix(Self.characterLimit - 1)) + "…" }
        if more || isCut { shown += shown.isEmpty ? "…" : ", …" }
        return isObject ? "{\(shown)}" : "[\(shown)]"
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        let line =
            text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }
}
