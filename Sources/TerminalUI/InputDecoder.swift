/// Decodes the bytes a terminal sends into key, mouse, paste and focus events.
///
/// A state machine over a small buffer of pending bytes. ``feed(_:)`` decodes
/// everything complete and keeps an unfinished tail (a lone ESC, half a CSI
/// sequence, the first bytes of a UTF-8 character split across reads) for the
/// next call. A lone ESC is ambiguous (Escape key or the start of a sequence),
/// so the caller measures a short timeout (~25 ms) with no new input and then
/// calls ``flushPending()``, which turns whatever is pending into events.
///
/// Understood encodings:
/// - Control bytes: CR/LF → enter, HT → tab, BS/DEL → backspace, NUL → Ctrl-Space,
///   0x01–0x1A → Ctrl-letter, 0x1C–0x1F → Ctrl-`\ ] ^ _`.
/// - UTF-8 text, as one event per grapheme cluster of each read.
/// - Alt+key as an ESC prefix (`ESC a`, `ESC ESC [ A`).
/// - CSI keys of xterm, VTE, rxvt and the Linux console: `ESC[A`, `ESC[1;5A`,
///   `ESC[1~`…`ESC[34~`, `ESC[2$`/`^`/`@` (rxvt), `ESC[a` (rxvt shift-arrows),
///   `ESC[[A`…`ESC[[E` (Linux F1–F5), `ESC[Z`, `ESC[27;m;c~` and `ESC[c;mu`.
/// - SS3 keys: `ESC OA`, `ESC OH`, `ESC OP`, keypad `ESC Oj`…`ESC Oy`, `ESC OM`.
/// - Mouse: SGR 1006 (`ESC[<b;x;yM` / `m`) and legacy X10 (`ESC[M` + 3 bytes).
/// - Focus reports `ESC[I` / `ESC[O`; bracketed paste `ESC[200~` … `ESC[201~`.
///
/// Anything else (invalid UTF-8, unknown or malformed sequences, stray
/// continuation bytes) becomes ``InputEvent/unknown(_:)``; the decoder never
/// traps and never keeps more than ``maximumSequenceLength`` bytes pending
/// outside a paste.
///
/// Pasted text is collected up to ``maximumPasteBytes`` (the rest is dropped)
/// and delivered cleaned (``TerminalText/cleanPaste(_:)``) when the end marker
/// arrives, or by ``flushPending()``.
public struct InputDecoder: Sendable {
    /// What the decoder is in the middle of.
    enum State: Sendable, Equatable {
        /// Decoding keys, mouse reports and text.
        case ground
        /// Inside a bracketed paste: `matched` bytes of the end marker seen so far.
        case paste(matched: Int)
    }

    /// The longest escape sequence kept pending; longer ones become ``InputEvent/unknown(_:)``.
    public static let maximumSequenceLength = 64

    /// The most pasted bytes kept per paste.
    public let maximumPasteBytes: Int

    private(set) var state: State = .ground
    /// Bytes received but not decoded yet (ground state only).
    private var pending: [UInt8] = []
    /// The paste collected so far.
    private var pasteBytes: [UInt8] = []

    /// The end marker of a bracketed paste, `ESC [ 2 0 1 ~`.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Creates a decoder.
    ///
    /// - Parameter maximumPasteBytes: The most bytes of one paste to keep, 1 MiB by default.
    public init(maximumPasteBytes: Int = 1 << 20) {
        self.maximumPasteBytes = max(0, maximumPasteBytes)
    }

    /// Whether bytes are waiting for more input (or for ``flushPending()``).
    public var hasPending: Bool {
        !pending.isEmpty || isInPaste
    }

    /// Whether a bracketed paste has started and not ended.
    public var isInPaste: Bool {
        if case .paste = state { return true }
        return false
    }

    /// Decodes bytes, keeping an unfinished tail for the next call.
    ///
    /// - Parameter bytes: Bytes read from the terminal.
    /// - Returns: The events completed by these bytes, in order.
    /// - Complexity: O(n) in the number of bytes plus the pending tail.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Decodes everything pending as if no more input will follow.
    ///
    /// A lone ESC becomes ``Key/escape``, `ESC [` and `ESC O` become Alt+`[` and
    /// Alt+`O`, an unfinished sequence or UTF-8 character becomes
    /// ``InputEvent/unknown(_:)``, and an unfinished paste is delivered as it is.
    ///
    /// - Returns: The events.
    public mutating func flushPending() -> [InputEvent] {
        var events = drain(final: true)
        if case .paste = state {
            events.append(finishPaste(keepingPartialMarker: true))
        }
        return events
    }

    // MARK: - Driving

    /// Decodes the pending bytes.
    private mutating func drain(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        let bytes = pending
        loop: while index < bytes.count {
            if case .paste = state {
                while index < bytes.count, isInPaste {
                    consumePasteByte(bytes[index], into: &events)
                    index += 1
                }
                continue
            }
            switch Self.parse(bytes, at: index, final: final) {
            case .events(let decoded, let length):
                events.append(contentsOf: decoded)
                index += length
            case .pasteStart(let length):
                state = .paste(matched: 0)
                pasteBytes.removeAll(keepingCapacity: true)
                index += length
            case .incomplete:
                break loop
            }
        }
        pending.removeFirst(index)
        return events
    }

    /// Takes one byte of a bracketed paste.
    private mutating func consumePasteByte(_ byte: UInt8, into events: inout [InputEvent]) {
        guard case .paste(var matched) = state else { return }
        if byte == Self.pasteEnd[matched] {
            matched += 1
            if matched == Self.pasteEnd.count {
                events.append(finishPaste(keepingPartialMarker: false))
                return
            }
            state = .paste(matched: matched)
            return
        }
        if matched > 0 {
            appendPaste(Self.pasteEnd[0..<matched])
            matched = 0
            if byte == Self.pasteEnd[0] {
                state = .paste(matched: 1)
                return
            }
        }
        appendPaste(CollectionOfOne(byte))
        state = .paste(matched: 0)
    }

    /// Adds bytes to the paste, up to the limit.
    private mutating func appendPaste<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        let room = maximumPasteBytes - pasteBytes.count
        guard room > 0 else { return }
        pasteBytes.append(contentsOf: bytes.prefix(room))
    }

    /// Ends the paste and returns its event.
    ///
    /// - Parameter keepingPartialMarker: Whether bytes that began an end marker belong to the text
    ///   (the paste is cut off) rather than to the marker (the paste is complete).
    private mutating func finishPaste(keepingPartialMarker: Bool) -> InputEvent {
        if keepingPartialMarker, case .paste(let matched) = state, matched > 0 {
            appendPaste(Self.pasteEnd[0..<matched])
        }
        let text = TerminalText.cleanPaste(String(decoding: pasteBytes, as: UTF8.self))
        pasteBytes.removeAll()
        state = .ground
        return .paste(text)
    }

    // MARK: - Parsing

    /// The outcome of parsing at one position.
    enum Parsed: Equatable {
        /// Events decoded from `length` bytes (possibly none, for sequences that are ignored).
        case events([InputEvent], length: Int)
        /// A bracketed paste starts after `length` bytes.
        case pasteStart(length: Int)
        /// More bytes are needed.
        case incomplete
    }

    /// Parses the input at `index`.
    static func parse(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            return parseEscape(bytes, at: index, final: final)
        case 0x20...0x7E, 0xC2...0xF4:
            return parseText(bytes, at: index, final: final)
        default:
            return parseSingle(bytes, at: index, final: final)
        }
    }

    /// Parses one key that is not an escape sequence: a control byte or one UTF-8 character.
    static func parseSingle(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        let byte = bytes[index]
        func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Parsed {
            .events([.key(KeyEvent(key, modifiers: modifiers))], length: 1)
        }
        switch byte {
        case 0x0D, 0x0A: return key(.enter)
        case 0x09: return key(.tab)
        case 0x08, 0x7F: return key(.backspace)
        case 0x00: return key(.character(" "), .control)
        case 0x01...0x1A: return key(.character(Character(Unicode.Scalar(byte + 0x60))), .control)
        case 0x1B: return key(.escape)
        case 0x1C...0x1F: return key(.character(Character(Unicode.Scalar(byte + 0x40))), .control)
        case 0x20...0x7E: return key(.character(Character(Unicode.Scalar(byte))))
        default:
            switch decodeScalar(bytes, at: index) {
            case .scalar(let scalar, let length):
                return .events([.key(KeyEvent(.character(Character(scalar))))], length: length)
            case .incomplete:
                return final ? .events([.unknown(Array(bytes[index...]))], length: bytes.count - index) : .incomplete
            case .invalid(let length):
                return .events([.unknown(Array(bytes[index..<(index + length)]))], length: length)
            }
        }
    }

    /// Parses a run of printable text into one key event per grapheme cluster.
    static func parseText(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        var scalars = String.UnicodeScalarView()
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= 0x20 && byte < 0x7F {
                scalars.append(Unicode.Scalar(byte))
                position += 1
                continue
            }
            guard byte >= 0xC2 && byte <= 0xF4 else { break }
            guard case .scalar(let scalar, let length) = decodeScalar(bytes, at: position),
                scalar.value >= 0xA0
            else { break }
            scalars.append(scalar)
            position += length
        }
        if position == index {
            return parseSingle(bytes, at: index, final: final)
        }
        let events = String(scalars).map { InputEvent.key(KeyEvent(.character($0))) }
        return .events(events, length: position - index)
    }

    /// The result of decoding one UTF-8 scalar.
    enum ScalarResult {
        case scalar(Unicode.Scalar, length: Int)
        case incomplete
        case invalid(length: Int)
    }

    /// Decodes one UTF-8 scalar, rejecting overlong forms, surrogates and values above U+10FFFF.
    static func decodeScalar(_ bytes: [UInt8], at index: Int) -> ScalarResult {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return .invalid(length: 1)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return .incomplete }
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return .invalid(length: offset) }
            // Reject overlong and out-of-range forms as early as the second byte.
            if offset == 1 {
                if lead == 0xE0 && continuation < 0xA0 { return .invalid(length: 1) }
                if lead == 0xED && continuation >= 0xA0 { return .invalid(length: 1) }
                if lead == 0xF0 && continuation < 0x90 { return .invalid(length: 1) }
                if lead == 0xF4 && continuation >= 0x90 { return .invalid(length: 1) }
            }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
        return .scalar(scalar, length: length)
    }

    /// Parses input starting with ESC: a sequence, Alt+key, or the Escape key.
    static func parseEscape(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        guard index + 1 < bytes.count else {
            return final ? .events([.key(KeyEvent(.escape))], length: 1) : .incomplete
        }
        let next = bytes[index + 1]
        switch next {
        case 0x5B:  // [
            return parseCSI(bytes, at: index, final: final)
        case 0x4F:  // O
            return parseSS3(bytes, at: index, final: final)
        case 0x1B:
            guard index + 2 < bytes.count else {
                return final ? .events([.key(KeyEvent(.escape)), .key(KeyEvent(.escape))], length: 2) : .incomplete
            }
            let third = bytes[index + 2]
            if third == 0x5B || third == 0x4F {
                let inner = parseEscape(bytes, at: index + 1, final: final)
                if case .events(let events, let length) = inner, events.count == 1,
                    case .key(var key) = events[0]
                {
                    key.modifiers.insert(.alt)
                    return .events([.key(key)], length: length + 1)
                }
                if inner == .incomplete { return .incomplete }
            }
            return .events([.key(KeyEvent(.escape))], length: 1)
        default:
            let inner = parseSingle(bytes, at: index + 1, final: final)
            switch inner {
            case .incomplete:
                return .incomplete
            case .events(let events, let length):
                if events.count == 1, case .key(var key) = events[0] {
                    key.modifiers.insert(.alt)
                    return .events([.key(key)], length: length + 1)
                }
                return .events([.key(KeyEvent(.escape))], length: 1)
            case .pasteStart:
                return .events([.key(KeyEvent(.escape))], length: 1)
            }
        }
    }

    /// Parses `ESC O …` (SS3).
    static func parseSS3(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        var position = index + 2
        guard position < bytes.count else {
            return final ? .events([.key(KeyEvent(.character("O"), modifiers: .alt))], length: 2) : .incomplete
        }
        var modifierParameter = 0
        while position < bytes.count, (0x30...0x39).contains(bytes[position]), position - index < 6 {
            modifierParameter = modifierParameter * 10 + Int(bytes[position] - 0x30)
            position += 1
        }
        guard position < bytes.count else {
            return final ? unknown(bytes, index, bytes.count) : .incomplete
        }
        let finalByte = bytes[position]
        guard (0x40...0x7E).contains(finalByte) else {
            return unknown(bytes, index, position)
        }
        let length = position - index + 1
        var modifiers = KeyModifiers(xtermParameter: modifierParameter)
        let key: Key
        switch finalByte {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x50...0x53: key = .function(Int(finalByte - 0x50) + 1)
        case 0x4D: key = .enter
        case 0x61...0x64:  // rxvt Ctrl+arrows
            key = [Key.up, .down, .right, .left][Int(finalByte - 0x61)]
            modifiers.insert(.control)
        case 0x6A...0x79:  // keypad * + , - . / 0-9
            let characters: [Character] = [
                "*", "+", ",", "-", ".", "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
            ]
            key = .character(characters[Int(finalByte - 0x6A)])
        case 0x58: key = .character("=")
        default:
            return unknown(bytes, index, index + length)
        }
        return .events([.key(KeyEvent(key, modifiers: modifiers))], length: length)
    }

    /// An unknown event of `bytes[start..<end]`.
    static func unknown(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Parsed {
        .events([.unknown(Array(bytes[start..<end]))], length: end - start)
    }

    /// Parses `ESC [ …` (CSI).
    static func parseCSI(_ bytes: [UInt8], at index: Int, final: Bool) -> Parsed {
        var position = index + 2
        guard position < bytes.count else {
            return final ? .events([.key(KeyEvent(.character("["), modifiers: .alt))], length: 2) : .incomplete
        }
        let first = bytes[position]
        if first == 0x5B {  // Linux console F1-F5: ESC [ [ A…E
            guard position + 1 < bytes.count else {
                return final ? unknown(bytes, index, bytes.count) : .incomplete
            }
            let letter = bytes[position + 1]
            if (0x41...0x45).contains(letter) {
                return .events([.key(KeyEvent(.function(Int(letter - 0x41) + 1)))], length: 4)
            }
            return unknown(bytes, index, position + 1)
        }
        if first == 0x4D {  // Legacy X10 mouse: ESC [ M cb cx cy
            guard position + 3 < bytes.count else {
                return final ? unknown(bytes, index, bytes.count) : .incomplete
            }
            let event = x10Mouse(bytes[position + 1], bytes[position + 2], bytes[position + 3])
            return .events(event.map { [$0] } ?? [], length: 6)
        }
        let parameterStart = position
        var onlyDigits = true
        while position < bytes.count {
            let byte = bytes[position]
            if position - index >= maximumSequenceLength {
                return unknown(bytes, index, position)
            }
            if byte == 0x24 && onlyDigits && position > parameterStart {
                break  // rxvt: ESC [ 2 $ (Shift+Insert)
            }
            if (0x40...0x7E).contains(byte) { break }
            if (0x20...0x3F).contains(byte) {
                if !(0x30...0x39).contains(byte) { onlyDigits = false }
                position += 1
                continue
            }
            // A byte that cannot be part of a control sequence ends it here.
            return unknown(bytes, index, position)
        }
        guard position < bytes.count else {
            return final ? unknown(bytes, index, bytes.count) : .incomplete
        }
        let length = position - index + 1
        let parameters = Array(bytes[parameterStart..<position])
        return decodeCSI(parameters: parameters, final: bytes[position], raw: Array(bytes[index..<(index + length)]))
    }

    /// Splits CSI parameter bytes on `;`, taking the first `:` sub-parameter; empty or absurd values are `nil`.
    static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        var result: [Int?] = []
        var current: Int?
        var inSubParameter = false
        for byte in parameters {
            switch byte {
            case 0x30...0x39:
                if inSubParameter { continue }
                let digit = Int(byte - 0x30)
                let value = (current ?? 0) * 10 + digit
                current = value > 1_000_000 ? 1_000_000 : value
            case 0x3B:
                result.append(current)
                current = nil
                inSubParameter = false
            case 0x3A:
                inSubParameter = true
            default:
                return []
            }
        }
        result.append(current)
        return result
    }

    /// Decodes a complete CSI sequence.
    static func decodeCSI(parameters: [UInt8], final: UInt8, raw: [UInt8]) -> Parsed {
        let length = raw.count
        let unknownEvent = Parsed.events([.unknown(raw)], length: length)
        func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Parsed {
            .events([.key(KeyEvent(key, modifiers: modifiers))], length: length)
        }
        if parameters.first == 0x3C {  // <: SGR mouse
            guard final == 0x4D || final == 0x6D else { return unknownEvent }
            let values = numbers(parameters.dropFirst())
            guard values.count == 3, let b = values[0], let x = values[1], let y = values[2] else {
                return unknownEvent
            }
            let event = sgrMouse(button: b, x: x, y: y, pressed: final == 0x4D)
            return .events(event.map { [.mouse($0)] } ?? [], length: length)
        }
        if let marker = parameters.first, (0x3C...0x3F).contains(marker) {
            return unknownEvent  // private responses (DA, DECRPM, …) are not input
        }
        let values = numbers(parameters[...])
        guard !values.isEmpty else { return unknownEvent }
        let p0 = values[0]
        let modifierParameter = values.count > 1 ? (values[1] ?? 1) : 1
        let modifiers = KeyModifiers(xtermParameter: modifierParameter)
        switch final {
        case 0x41: return key(.up, modifiers)
        case 0x42: return key(.down, modifiers)
        case 0x43: return key(.right, modifiers)
        case 0x44: return key(.left, modifiers)
        case 0x48: return key(.home, modifiers)
        case 0x46: return key(.end, modifiers)
        case 0x50...0x53: return key(.function(Int(final - 0x50) + 1), modifiers)
        case 0x5A: return key(.backTab, modifiers.subtracting(.shift))
        case 0x61...0x64:  // rxvt Shift+arrows
            return key([Key.up, .down, .right, .left][Int(final - 0x61)], .shift)
        case 0x49 where parameters.isEmpty: return .events([.focus(true)], length: length)
        case 0x4F where parameters.isEmpty: return .events([.focus(false)], length: length)
        case 0x7E, 0x24, 0x5E, 0x40:  // ~, and rxvt $ (shift) ^ (control) @ (control+shift)
            guard let code = p0 else { return unknownEvent }
            if final == 0x7E && code == 200 { return .pasteStart(length: length) }
            if final == 0x7E && code == 201 { return .events([], length: length) }
            if final == 0x7E && code == 27 {  // xterm modifyOtherKeys: ESC [ 27 ; m ; c ~
                guard values.count == 3, let codepoint = values[2] else { return unknownEvent }
                return codepointKey(codepoint, modifiers: modifiers, length: length) ?? unknownEvent
            }
            var keyModifiers = final == 0x7E ? modifiers : []
            if final == 0x24 || final == 0x40 { keyModifiers.insert(.shift) }
            if final == 0x5E || final == 0x40 { keyModifiers.insert(.control) }
            guard let tilde = tildeKey(code) else { return unknownEvent }
            return key(tilde, keyModifiers)
        case 0x75:  // CSI codepoint ; modifiers u (fixterms / kitty)
            guard let codepoint = p0 else { return unknownEvent }
            return codepointKey(codepoint, modifiers: modifiers, length: length) ?? unknownEvent
        default:
            return unknownEvent
        }
    }

    /// The key of `ESC [ code ~`.
    static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23...26: return .function(code - 12)
        case 28, 29: return .function(code - 13)
        case 31...34: return .function(code - 14)
        default: return nil
        }
    }

    /// The key for a Unicode code point reported with modifiers.
    static func codepointKey(_ codepoint: Int, modifiers: KeyModifiers, length: Int) -> Parsed? {
        let key: Key
        switch codepoint {
        case 13: key = .enter
        case 9: key = modifiers.contains(.shift) ? .backTab : .tab
        case 27: key = .escape
        case 8, 127: key = .backspace
        default:
            guard codepoint >= 0x20, let scalar = Unicode.Scalar(UInt32(codepoint)),
                !(0x7F..<0xA0).contains(codepoint)
            else { return nil }
            key = .character(Character(scalar))
        }
        var keyModifiers = modifiers
        if key == .backTab { keyModifiers.remove(.shift) }
        return .events([.key(KeyEvent(key, modifiers: keyModifiers))], length: length)
    }

    /// Decodes the button byte and position of an SGR mouse report; `nil` for reports that carry nothing.
    static func sgrMouse(button b: Int, x: Int, y: Int, pressed: Bool) -> MouseEvent? {
        var modifiers: KeyModifiers = []
        if b & 4 != 0 { modifiers.insert(.shift) }
        if b & 8 != 0 { modifiers.insert(.alt) }
        if b & 16 != 0 { modifiers.insert(.control) }
        let column = max(0, x - 1)
        let row = max(0, y - 1)
        let low = b & 3
        let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none]
        if b & 64 != 0 {
            guard pressed, b & 128 == 0 else { return nil }
            let kinds: [MouseEvent.Kind] = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight]
            return MouseEvent(kind: kinds[low], button: .none, x: column, y: row, modifiers: modifiers)
        }
        if b & 128 != 0 {
            return MouseEvent(kind: pressed ? .press : .release, button: .none, x: column, y: row, modifiers: modifiers)
        }
        if b & 32 != 0 {
            if low == 3 {
                return MouseEvent(kind: .move, button: .none, x: column, y: row, modifiers: modifiers)
            }
            return MouseEvent(kind: .drag, button: buttons[low], x: column, y: row, modifiers: modifiers)
        }
        return MouseEvent(
            kind: pressed ? .press : .release, button: buttons[low], x: column, y: row, modifiers: modifiers)
    }

    /// Decodes a legacy X10 mouse report (`ESC [ M` followed by three bytes, each offset by 32).
    static func x10Mouse(_ cb: UInt8, _ cx: UInt8, _ cy: UInt8) -> InputEvent? {
        guard cb >= 32, cx >= 33, cy >= 33 else { return .unknown([0x1B, 0x5B, 0x4D, cb, cx, cy]) }
        let b = Int(cb) - 32
        let x = Int(cx) - 32
        let y = Int(cy) - 32
        if b & 3 == 3 && b & (32 | 64) == 0 {
            var event = sgrMouse(button: b, x: x, y: y, pressed: false)
            event?.kind = .release
            event?.button = .none
            return event.map { .mouse($0) }
        }
        return sgrMouse(button: b, x: x, y: y, pressed: true).map { .mouse($0) }
    }
}
