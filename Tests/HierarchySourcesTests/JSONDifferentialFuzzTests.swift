import Foundation
import HierarchyDocuments
import HierarchyTestSupport
import Testing

/// Random JSON documents, valid and byte-mutated, read by ``JSONEventReader`` and by Foundation's
/// `JSONSerialization`: the two must agree on which are valid and, for the valid ones, on every
/// value.
///
/// 10,000 cases by default; `HIERARCHY_FUZZ_CASES` asks for more (or fewer), and
/// `HIERARCHY_FUZZ_SEED` sets the first case's seed: a failure prints its case's seed, so
/// `HIERARCHY_FUZZ_SEED=<seed> HIERARCHY_FUZZ_CASES=1` replays exactly that document.
///
/// Where Foundation on Linux departs from RFC 8259 (the JSONTestSuite's verdicts), the case is
/// set aside by one of the ``quirks``, each with its reason; nothing else is.
@Suite struct JSONDifferentialFuzzTests {
    /// A value both readers can be compared on.
    indirect enum Value: Equatable {
        /// Members by name; of duplicate names the last one (as Foundation keeps).
        case object([String: Value])
        case array([Value])
        /// The Unicode scalars, compared one by one (not by canonical equivalence).
        case string([Unicode.Scalar])
        case number(Double)
        case bool(Bool)
        case null
    }

    // MARK: - Documents

    /// Writes random valid JSON.
    struct Generator {
        var random: SplitMix64
        var text = ""

        init(seed: UInt64) { random = SplitMix64(seed: seed) }

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

        mutating func space() {
            guard chance(15) else { return }
            for _ in 0...below(3) { text.append([" ", "\t", "\n", "\r\n"][below(4)]) }
        }

        mutating func document() -> String {
            text = ""
            space()
            value(depth: 0)
            space()
            return text
        }

        mutating func value(depth: Int) {
            let kind = depth >= 6 ? 2 + below(4) : below(depth == 0 ? 3 : 8)
            switch kind {
            case 0: object(depth: depth)
            case 1: array(depth: depth)
            case 2: string()
            case 3: number()
            case 4: text.append(["true", "false"][below(2)])
            case 5: text.append("null")
            default: [true, false][below(2)] ? object(depth: depth) : array(depth: depth)
            }
        }

        mutating func object(depth: Int) {
            text.append("{")
            space()
            for index in 0..<below(5) {
                if index > 0 { text.append(",") }
                space()
                // A few names, so that some repeat.
                if chance(70) {
                    text.append("\"" + ["name", "id", "children", "a", "é", "k\\u0041"][below(6)] + "\"")
                } else {
                    string()
                }
                space()
                text.append(":")
                space()
                value(depth: depth + 1)
                space()
            }
            text.append("}")
        }

        mutating func array(depth: Int) {
            text.append("[")
            space()
            for index in 0..<below(5) {
                if index > 0 { text.append(",") }
                space()
                value(depth: depth + 1)
                space()
            }
            text.append("]")
        }

        mutating func string() {
            text.append("\"")
            for _ in 0..<below(8) {
                switch below(20) {
                case 0: text.append(["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"][below(8)])
                case 1:
                    // Any scalar of the Basic Multilingual Plane but a surrogate, escaped.
                    var scalar = below(0xFFFF)
                    if (0xD800..<0xE000).contains(scalar) { scalar -= 0x800 }
                    text.append("\\u" + hex(scalar, uppercase: chance(50)))
                case 2:
                    // A pair of surrogates: a scalar beyond the plane.
                    let scalar = 0x10000 + below(0x100000)
                    let high = 0xD800 + ((scalar - 0x10000) >> 10)
                    let low = 0xDC00 + ((scalar - 0x10000) & 0x3FF)
                    text.append("\\u" + hex(high, uppercase: chance(50)) + "\\u" + hex(low, uppercase: chance(50)))
                case 3:
                    text.append(["é", "日本", "😀", "\u{7F}", "\u{80}", "\u{FFFD}", "e\u{301}", "\u{10FFFF}"][below(8)])
                default:
                    let byte = UInt8(0x20 + below(0x5F))
                    switch byte {
                    case UInt8(ascii: "\""): text.append("\\\"")
                    case UInt8(ascii: "\\"): text.append("\\\\")
                    default: text.append(Character(UnicodeScalar(byte)))
                    }
                }
            }
            text.append("\"")
        }

        func hex(_ value: Int, uppercase: Bool) -> String {
            let digits = String(value, radix: 16, uppercase: uppercase)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        mutating func number() {
            switch below(12) {
            case 0: text.append(["0", "-0", "-0.0", "0e0", "-0E-0"][below(5)])
            case 1:
                text.append(
                    [
                        "9007199254740993", "-9223372036854775808", "18446744073709551615",
                        "123456789012345678901234567890",
                    ][below(4)])
            case 2:
                text.append(
                    ["1e308", "1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1E+2", "1e-2"][below(6)])
            default:
                if chance(30) { text.append("-") }
                text.append(below(10) == 0 ? "0" : String(1 + below(9)) + String(below(1_000_000)).prefix(below(7)))
                if chance(30) { text.append("." + String(below(1_000_000))) }
                if chance(20) {
                    text.append(["e", "E"][below(2)] + ["", "+", "-"][below(3)] + String(below(40)))
                }
            }
        }
    }

    /// Bytes that make mutations interesting: the grammar's own, and a few invalid ones.
    static let mutationBytes: [UInt8] =
        Array("{}[],:\"\\0123456789eE.-+tfnul \t\n/".utf8)
        + [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF5, 0xFF]

    /// Flips, inserts or deletes one to three bytes.
    static func mutate(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
        var bytes = bytes
        for _ in 0...generator.below(3) {
            let position = generator.below(bytes.count + 1)
            switch generator.below(4) {
            case 0 where position < bytes.count: bytes[position] ^= UInt8(1 << generator.below(8))
            case 1 where position < bytes.count: bytes.remove(at: position)
            case 2 where position < bytes.count: bytes[position] = mutationBytes[generator.below(mutationBytes.count)]
            default: bytes.insert(mutationBytes[generator.below(mutationBytes.count)], at: position)
            }
        }
        return bytes
    }

    // MARK: - The two readers

    /// The value our reader reads, or its error.
    static func ours(_ bytes: [UInt8]) -> Result<Value, DocumentReadError> {
        /// An open container, with the name it has in its parent object.
        enum Open {
            case object([String: Value], key: String?)
            case array([Value], key: String?)
        }
        var reader = JSONEventReader(input: ByteInput(bytes: bytes))
        var stack: [Open] = []
        var pendingKey: String?
        var top: Value?
        func add(_ value: Value, to stack: inout [Open], key: inout String?, top: inout Value?) {
            switch stack.popLast() {
            case .object(var members, let name)?:
                members[key ?? ""] = value
                key = nil
                stack.append(.object(members, key: name))
            case .array(var elements, let name)?:
                elements.append(value)
                stack.append(.array(elements, key: name))
            case nil:
                top = value
            }
        }
        do {
            while let event = try reader.next() {
                switch event {
                case .beginObject:
                    stack.append(.object([:], key: pendingKey))
                    pendingKey = nil
                case .beginArray:
                    stack.append(.array([], key: pendingKey))
                    pendingKey = nil
                case .key(let key):
                    pendingKey = key
                case .endObject, .endArray:
                    let closed = stack.popLast()
                    let value: Value
                    switch closed {
                    case .object(let members, let key)?:
                        value = .object(members)
                        pendingKey = key
                    case .array(let elements, let key)?:
                        value = .array(elements)
                        pendingKey = key
                    case nil:
                        Issue.record("an end without a beginning")
                        return .failure(DocumentReadError(.malformed, "unbalanced"))
                    }
                    add(value, to: &stack, key: &pendingKey, top: &top)
                case .string(let text):
                    add(.string(Array(text.unicodeScalars)), to: &stack, key: &pendingKey, top: &top)
                case .number(let text):
                    guard let number = Double(text) else {
                        Issue.record("the number \(text) is not a number")
                        return .failure(DocumentReadError(.malformed, "number"))
                    }
                    add(.number(number), to: &stack, key: &pendingKey, top: &top)
                case .bool(let flag): add(.bool(flag), to: &stack, key: &pendingKey, top: &top)
                case .null: add(.null, to: &stack, key: &pendingKey, top: &top)
                }
            }
        } catch {
            return .failure(error)
        }
        guard stack.isEmpty, let top else {
            Issue.record("the reader ended inside a container")
            return .failure(DocumentReadError(.malformed, "unbalanced"))
        }
        return .success(top)
    }

    /// The value Foundation reads, or its error.
    static func foundation(_ bytes: [UInt8]) -> Result<Value, any Error> {
        do {
            return .success(
                value(of: try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])))
        } catch {
            return .failure(error)
        }
    }

    static func value(of object: Any) -> Value {
        switch object {
        case let dictionary as [String: Any]: return .object(dictionary.mapValues(value(of:)))
        case let array as [Any]: return .array(array.map(value(of:)))
        case let string as String: return .string(Array(string.unicodeScalars))
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            default: return .number(number.doubleValue)
            }
        case is NSNull: return .null
        default: return .string(Array("unexpected \(type(of: object))".unicodeScalars))
        }
    }

    /// The first difference between two values, as a path and what each side holds.
    static func difference(_ ours: Value, _ theirs: Value, at path: String = "$") -> String? {
        switch (ours, theirs) {
        case (.object(let a), .object(let b)):
            guard a.keys.sorted() == b.keys.sorted() else {
                return "\(path): keys \(a.keys.sorted()) vs \(b.keys.sorted())"
            }
            for key in a.keys.sorted() {
                if let found = difference(a[key]!, b[key]!, at: path + "." + key) { return found }
            }
            return nil
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return "\(path): \(a.count) elements vs \(b.count)" }
            for (index, pair) in zip(a, b).enumerated() {
                if let found = difference(pair.0, pair.1, at: path + "[\(index)]") { return found }
            }
            return nil
        case (.number(let a), .number(let b)):
            // Foundation keeps integers beyond 2^64 as decimals: their doubles may differ in the last place.
            return a == b || abs(a - b) <= abs(a) * 1e-15 ? nil : "\(path): \(a) vs \(b)"
        default:
            return ours == theirs ? nil : "\(path): \(ours) vs \(theirs)"
        }
    }

    // MARK: - Known departures of Foundation on Linux

    /// A departure of Foundation from RFC 8259, with the documents it concerns.
    struct Quirk: Sendable {
        let reason: String
        let applies: @Sendable ([UInt8]) -> Bool
    }

    /// The scalars of the `\\u` escapes in a document's strings, in order, each with whether
    /// another `\\u` escape follows it at once.
    static func unicodeEscapes(_ bytes: [UInt8]) -> [(scalar: UInt32, followedByEscape: Bool)] {
        var escapes: [(scalar: UInt32, followedByEscape: Bool)] = []
        var index = 0
        func hex(at start: Int) -> UInt32? {
            guard start + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[start..<(start + 4)], as: UTF8.self), radix: 16)
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "u"), let scalar = hex(at: index + 2) {
                let next = index + 6
                let followed =
                    next + 1 < bytes.count && bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u")
                escapes.append((scalar, followed))
                index = next
            } else {
                index += 2
            }
        }
        return escapes
    }

    /// Whether a document has a `\\u` escape of a surrogate that is not half of a pair.
    static func hasLoneSurrogate(_ bytes: [UInt8]) -> Bool {
        let escapes = unicodeEscapes(bytes)
        var index = 0
        while index < escapes.count {
            let scalar = escapes[index].scalar
            if (0xD800..<0xDC00).contains(scalar) {
                guard escapes[index].followedByEscape, index + 1 < escapes.count,
                    (0xDC00..<0xE000).contains(escapes[index + 1].scalar)
                else { return true }
                index += 2
                continue
            }
            if (0xDC00..<0xE000).contains(scalar) { return true }
            index += 1
        }
        return false
    }

    /// The bytes of a document outside its strings, white space left out.
    static func structuralBytes(_ bytes: [UInt8]) -> [UInt8] {
        var found: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                found.append(byte)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                found.append(byte)
            }
        }
        return found
    }

    /// Whether a document has a comma right before a `]` or `}`.
    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let structure = structuralBytes(bytes)
        return zip(structure, structure.dropFirst()).contains {
            $0 == UInt8(ascii: ",") && ($1 == UInt8(ascii: "]") || $1 == UInt8(ascii: "}"))
        }
    }

    /// Whether a document has a number beyond the range of a `Double`.
    static func hasHugeNumber(_ bytes: [UInt8]) -> Bool {
        let numberBytes = Set("-+.0123456789eE".utf8)
        return structuralBytes(bytes).split { !numberBytes.contains($0) }.contains { token in
            Double(String(decoding: token, as: UTF8.self))?.isInfinite == true
        }
    }

    static let quirks: [Quirk] = [
        Quirk(
            reason: """
                Foundation accepts a comma before ']' or '}'; RFC 8259 forbids it (JSONTestSuite's \
                n_array_extra_comma, n_array_number_and_comma, n_object_trailing_comma) and so does our reader
                """
        ) { bytes in hasTrailingComma(bytes) },
        Quirk(
            reason: """
                Foundation refuses a number beyond the range of a Double ("not representable"); RFC 8259 §6 \
                allows any (JSONTestSuite's i_number_huge_exp, i_number_real_pos_overflow: either answer is \
                right); ours keeps its text
                """
        ) { bytes in hasHugeNumber(bytes) },
        Quirk(
            reason: """
                Foundation refuses a \\u escape of a lone surrogate; RFC 8259 §8.2 allows it in the \
                grammar and leaves its meaning to the reader (JSONTestSuite's i_string_1st_surrogate_but_2nd_missing, \
                i_string_incomplete_surrogate_pair and others: either answer is right); ours reads U+FFFD
                """
        ) { bytes in hasLoneSurrogate(bytes) },
        Quirk(
            reason: """
                Foundation guesses UTF-16 or UTF-32 from a NUL or a UTF-16 byte order mark in the first \
                bytes and decodes the document; RFC 8259 §8.1 requires UTF-8 and our reader refuses it \
                with a message naming the encoding
                """
        ) { bytes in
            bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
        },
    ]

    // MARK: - The test

    static var caseCount: Int {
        ProcessInfo.processInfo.environment["HIERARCHY_FUZZ_CASES"].flatMap { Int($0) } ?? 10_000
    }

    static var firstSeed: UInt64 {
        ProcessInfo.processInfo.environment["HIERARCHY_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x4A53_4F4E_0026
    }

    /// A document as a Swift string literal, every byte outside printable ASCII escaped.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = "\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0x20..<0x7F: text.append(Character(UnicodeScalar(byte)))
            default: text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text + "\""
    }

    /// What went wrong with one document, or `nil` when the readers agree (or a quirk applies).
    static func check(_ bytes: [UInt8], quirked: inout [String: Int]) -> String? {
        let problem: String
        switch (ours(bytes), foundation(bytes)) {
        case (.success(let a), .success(let b)):
            guard let difference = difference(a, b) else { return nil }
            problem = "the values differ at \(difference)"
        case (.failure, .failure):
            return nil
        case (.success, .failure(let error)):
            problem = "our reader accepts it; Foundation refuses it: \(error)"
        case (.failure(let error), .success):
            problem =
                "Foundation accepts it; our reader refuses it: \(error.message) (line \(error.line ?? 0), column \(error.column ?? 0))"
        }
        // A disagreement is set aside only when a known departure of Foundation explains it.
        if let quirk = quirks.first(where: { $0.applies(bytes) }) {
            quirked[quirk.reason, default: 0] += 1
            return nil
        }
        return problem
    }

    @Test func ourReaderAndFoundationAgreeOnRandomDocuments() async {
        let cases = Self.caseCount
        let first = Self.firstSeed
        let started = ContinuousClock.now
        // Seconds of CPU: on a thread of its own, not one of the cooperative pool.
        let (problems, quirked, valid) = await offPool { () -> ([String], [String: Int], Int) in
            var problems: [String] = []
            var quirked: [String: Int] = [:]
            var valid = 0
            for index in 0..<cases {
                let seed = first &+ UInt64(index)
                var generator = Generator(seed: seed)
                var bytes = Array(generator.document().utf8)
                // Two cases in three are mutated.
                if generator.below(3) != 0 { bytes = Self.mutate(bytes, &generator) }
                guard let problem = Self.check(bytes, quirked: &quirked) else {
                    if case .success = Self.ours(bytes) { valid += 1 }
                    continue
                }
                problems.append(
                    """
                    \(problem)
                    document: \(Self.escaped(bytes))
                    replay: HIERARCHY_FUZZ_SEED=\(seed) HIERARCHY_FUZZ_CASES=1
                    """)
                if problems.count >= 20 { break }
            }
            return (problems, quirked, valid)
        }
        for problem in problems { Issue.record("\(problem)") }
        print(
            "JSON differential fuzz: \(cases) cases from seed \(first), \(valid) valid, in \(ContinuousClock.now - started)"
        )
        for (reason, count) in quirked { print("  \(count) set aside: \(reason)") }
    }

    /// Lone surrogates (set aside above: Foundation refuses them) read as U+FFFD each, and never
    /// cost the scalar that follows: a high surrogate after a lone one still pairs.
    @Test(
        arguments: [
            (#""\uD83D\uDE00""#, [0x1F600]),
            (#""\uD800\uD83D\uDE00""#, [0xFFFD, 0x1F600]),
            (#""\uD800\uD800\uD800""#, [0xFFFD, 0xFFFD, 0xFFFD]),
            (#""\uDC00\uD83D\uDE00""#, [0xFFFD, 0x1F600]),
            (#""\uD800\u0041""#, [0xFFFD, 0x41]),
            (#""\uD800\n""#, [0xFFFD, 0x0A]),
            (#""\uD800x""#, [0xFFFD, 0x78]),
            (#""\uDE00\uD83D""#, [0xFFFD, 0xFFFD]),
        ] as [(String, [UInt32])])
    func loneSurrogatesReadAsReplacementCharacters(_ document: String, _ scalars: [UInt32]) throws {
        let value = try Self.ours(Array(document.utf8)).get()
        #expect(value == .string(scalars.map { Unicode.Scalar($0)! }))
    }

    /// The generator writes valid JSON: every unmutated document is read by both.
    @Test func unmutatedDocumentsAreValid() {
        for seed: UInt64 in 0..<300 {
            var generator = Generator(seed: seed)
            let bytes = Array(generator.document().utf8)
            guard case .success = Self.ours(bytes) else {
                Issue.record("seed \(seed): \(Self.escaped(bytes))")
                continue
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
