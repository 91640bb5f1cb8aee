import NIOCore

/// A JSON writer for the answers sent on every action: appends to a byte array that a session
/// keeps and reuses, so a snapshot is written without the intermediate values, dictionaries and
/// string copies `JSONEncoder` makes.
///
/// Keys are written in the order the calls come; `nil` values are left out (as
/// `JSONEncoder` leaves out `nil` optionals). Strings escape `"`, `\` and every control
/// character, so the output never holds a raw line break (an event stream's `data:` line
/// relies on that).
struct WebJSONWriter {
    /// The JSON written since the last ``reset()``.
    private(set) var bytes: [UInt8] = []
    /// Whether a value was written in the current object or array (the next one needs a comma).
    private var needsComma = false
    /// Whether a number that JSON cannot hold (infinite, NaN) was written (as 0).
    private(set) var hasInvalidNumber = false

    /// Empties the writer, keeping its storage for the next answer.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
        hasInvalidNumber = false
    }

    // MARK: Structure

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":`; the value written next belongs to it.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: Values

    mutating func value(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "\r"): append("\\r")
            case UInt8(ascii: "\t"): append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    mutating func value(_ number: Int) {
        separate()
        appendDigits(number)
        needsComma = true
    }

    /// A number as `JSONEncoder` writes it: whole numbers without a fraction ("64", not "64.0").
    mutating func value(_ number: Double) {
        separate()
        if !number.isFinite {
            hasInvalidNumber = true
            bytes.append(UInt8(ascii: "0"))
        } else if number == number.rounded(.towardZero), abs(number) < 1e15 {
            appendDigits(Int(number))
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
        needsComma = true
    }

    mutating func value(_ flag: Bool) {
        separate()
        append(flag ? "true" : "false")
        needsComma = true
    }

    // MARK: Fields

    mutating func field(_ name: StaticString, _ text: String) {
        key(name)
        value(text)
    }

    /// Writes the field only when `text` is not nil.
    mutating func field(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        value(text)
    }

    mutating func field(_ name: StaticString, _ number: Int) {
        key(name)
        value(number)
    }

    /// Writes the field only when `number` is not nil.
    mutating func field(_ name: StaticString, _ number: Int?) {
        guard let number else { return }
        key(name)
        value(number)
    }

    mutating func field(_ name: StaticString, _ number: Double) {
        key(name)
        value(number)
    }

    mutating func field(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    // MARK: Bytes

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendDigits(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

extension WebSnapshot {
    /// Writes the snapshot as the JSON object the page reads (the same keys and values as its
    /// `Encodable` form).
    func write(to writer: inout WebJSONWriter) {
        writer.beginObject()
        writer.field("session", session)
        writer.field("version", version)
        writer.field("status", status)
        writer.field("name", name)
        writer.key("path")
        writer.beginArray()
        for entry in path { writer.value(entry) }
        writer.endArray()
        writer.field("width", width)
        writer.field("height", height)
        writer.field("compact", compact)
        writer.field("rtl", rtl)
        writer.field("editing", editing)
        writer.field("selectedCount", selectedCount)
        writer.field("loading", loading)
        writer.field("levelCount", levelCount)
        writer.field("leadingLevel", leadingLevel)
        writer.field("focused", focused)
        if let header {
            writer.key("header")
            writer.beginObject()
            writer.field("title", header.title)
            writer.field("height", header.height)
            writer.field("previousEnabled", header.previousEnabled)
            writer.field("nextEnabled", header.nextEnabled)
            writer.endObject()
        }
        writer.key("columns")
        writer.beginArray()
        for column in columns { column.write(to: &writer) }
        writer.endArray()
        writer.field("message", message)
        writer.field("messageIsError", messageIsError)
        writer.field("editable", editable)
        writer.field("copied", copied)
        writer.endObject()
    }
}

extension WebSnapshot.Column {
    func write(to writer: inout WebJSONWriter) {
        writer.beginObject()
        writer.field("index", index)
        writer.field("parent", parent)
        writer.field("x", x)
        writer.field("y", y)
        writer.field("width", width)
        writer.field("height", height)
        writer.field("itemCount", itemCount)
        writer.field("offsetY", offsetY)
        writer.field("contentHeight", contentHeight)
        writer.field("loadingSiblings", loadingSiblings)
        writer.key("items")
        writer.beginArray()
        for item in items { item.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}

extension WebSnapshot.Item {
    func write(to writer: inout WebJSONWriter) {
        writer.beginObject()
        writer.field("uuid", uuid)
        writer.field("row", row)
        writer.field("x", x)
        writer.field("y", y)
        writer.field("width", width)
        writer.field("height", height)
        writer.field("title", title)
        writer.field("titleLength", titleLength)
        writer.field("subtitle", subtitle)
        writer.field("footnote", footnote)
        writer.field("status", status)
        writer.field("indicator", indicator)
        writer.field("accessory", accessory)
        writer.field("accessoryType", accessoryType)
        writer.field("accessoryTint", accessoryTint)
        if let accessoryImage {
            writer.key("accessoryImage")
            accessoryImage.write(to: &writer)
        }
        writer.field("accessoryLabel", accessoryLabel)
        writer.field("multiline", multiline)
        if let detailImage {
            writer.key("detailImage")
            detailImage.write(to: &writer)
        }
        if let statusImage {
            writer.key("statusImage")
            statusImage.write(to: &writer)
        }
        if let iconImages {
            writer.key("iconImages")
            writer.beginArray()
            for image in iconImages { image.write(to: &writer) }
            writer.endArray()
        }
        if let margins {
            writer.key("margins")
            writer.beginObject()
            writer.field("top", margins.top)
            writer.field("leading", margins.leading)
            writer.field("bottom", margins.bottom)
            writer.endObject()
        }
        writer.field("expanded", expanded)
        writer.field("selected", selected)
        writer.field("focused", focused)
        writer.field("placeholder", placeholder)
        writer.field("error", error)
        writer.field("label", label)
        writer.field("value", value)
        writer.field("hint", hint)
        writer.endObject()
    }
}

extension WebSnapshot.DetailImage {
    func write(to writer: inout WebJSONWriter) {
        writer.beginObject()
        writer.field("name", name)
        writer.field("glyph", glyph)
        writer.field("label", label)
        writer.endObject()
    }
}

extension WebSession {
    /// The snapshot as JSON bytes, written into the session's reused writer (on the session's
    /// actor, in the same turn as the action that made it).
    ///
    /// - Throws: `WebError` 500 when the snapshot holds a number JSON cannot hold.
    func encoded(_ snapshot: WebSnapshot) throws(WebError) -> ByteBuffer {
        jsonWriter.reset()
        snapshot.write(to: &jsonWriter)
        guard !jsonWriter.hasInvalidNumber else {
            throw WebError(500, "cannot encode the answer: a number in the snapshot is not finite")
        }
        return ByteBuffer(bytes: jsonWriter.bytes)
    }
}
