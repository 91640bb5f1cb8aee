/// One gesture or key the page forwards to its session, decoded from
/// `{"type": "...", ...}`.
enum WebAction: Sendable, Equatable {
    /// The viewport changed size (CSS pixels).
    case resize(width: Double, height: Double)
    /// The hierarchy indicator of an item was tapped.
    case tapIndicator(uuid: String)
    /// The body of an item was tapped (selects in editing mode, expands otherwise).
    case tapItem(uuid: String)
    /// An item was clicked once: it gets the keyboard focus.
    case focus(uuid: String)
    /// A swipe: `left` shows the next level, `right` the previous one (screen directions).
    case swipe(left: Bool)
    case beginPan
    /// The horizontal translation of the pan so far (CSS pixels, screen direction).
    case pan(translation: Double)
    /// The pan ended with this horizontal velocity (CSS pixels per second).
    case endPan(velocity: Double)
    /// A column was scrolled to this content offset.
    case scroll(column: Int, offset: Double)
    /// The header's previous and next buttons.
    case previous
    case next
    /// A key, named as in `KeyboardEvent.key` (with `shift` for Shift-Tab).
    case key(String, shift: Bool)
    /// Editing mode on or off.
    case editing(Bool)
    /// The content of an item to put on the clipboard.
    case copy(uuid: String)
    /// Show the item with this source id first (from a search result).
    case reveal(id: String)
    /// Add an item titled `title` under `parentID` / delete an item with its subtree (an editable store; `WebSession+Editing`).
    case add(parentID: String, title: String)
    case delete(id: String)

    /// The largest scroll offset (CSS pixels): 10,000,000 rows of about 100 px are 1e9 px, so
    /// a column's offsets go well past the 1e9 allowed for other numbers.
    static let maximumOffset = 1e13

    /// The longest string any field may carry.
    static let maximumStringLength = 4_096
}

extension WebAction: Decodable {
    private enum CodingKeys: String, CodingKey {
        case type, width, height, uuid, direction, translation, velocity, column, offset, key, shift, on, id, parent,
            title
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        func string(_ key: CodingKeys) throws -> String {
            let value = try c.decode(String.self, forKey: key)
            guard value.utf8.count <= Self.maximumStringLength else {
                throw WebError.badRequest(
                    "the field \(key.stringValue) is longer than \(Self.maximumStringLength) bytes")
            }
            return value
        }
        func number(_ key: CodingKeys, limit: Double = 1e9, limitText: String = "1e9") throws -> Double {
            let value = try c.decode(Double.self, forKey: key)
            guard value.isFinite, abs(value) <= limit else {
                throw WebError.badRequest("the field \(key.stringValue) must be a finite number below \(limitText)")
            }
            return value
        }
        switch type {
        case "resize": self = .resize(width: max(0, try number(.width)), height: max(0, try number(.height)))
        case "tapIndicator": self = .tapIndicator(uuid: try string(.uuid))
        case "tapItem": self = .tapItem(uuid: try string(.uuid))
        case "focus": self = .focus(uuid: try string(.uuid))
        case "swipe":
            let direction = try string(.direction)
            guard direction == "left" || direction == "right" else {
                throw WebError.badRequest("swipe direction must be left or right")
            }
            self = .swipe(left: direction == "left")
        case "beginPan": self = .beginPan
        case "pan": self = .pan(translation: try number(.translation))
        case "endPan": self = .endPan(velocity: try number(.velocity))
        case "scroll":
            let column = try c.decode(Int.self, forKey: .column)
            guard column >= 0 else { throw WebError.badRequest("column must not be negative") }
            self = .scroll(
                column: column, offset: max(0, try number(.offset, limit: Self.maximumOffset, limitText: "1e13")))
        case "previous": self = .previous
        case "next": self = .next
        case "key": self = .key(try string(.key), shift: try c.decodeIfPresent(Bool.self, forKey: .shift) ?? false)
        case "editing": self = .editing(try c.decode(Bool.self, forKey: .on))
        case "add": self = .add(parentID: try string(.parent), title: try string(.title))
        case "delete": self = .delete(id: try string(.id))
        case "copy": self = .copy(uuid: try string(.uuid))
        case "reveal": self = .reveal(id: try string(.id))
        default:
            throw WebError.badRequest("unknown action type \"\(String(type.prefix(40)))\"")
        }
    }
}
