import HierarchyTestSupport
import Testing

@testable import TerminalUI

@Suite("InputDecoder")
struct InputDecoderTests {
    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(key, modifiers: modifiers))
    }

    static func char(_ c: Character, _ modifiers: KeyModifiers = []) -> InputEvent {
        .key(KeyEvent(.character(c), modifiers: modifiers))
    }

    static func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        var events = decoder.feed(Array(text.utf8))
        events += decoder.flushPending()
        #expect(!decoder.hasPending)
        return events
    }

    @Test(
        "Control bytes",
        arguments: [
            ("\r", key(.enter)), ("\n", key(.enter)), ("\t", key(.tab)), ("\u{7F}", key(.backspace)),
            ("\u{8}", key(.backspace)), ("\u{3}", char("c", .control)), ("\u{1}", char("a", .control)),
            ("\u{1A}", char("z", .control)), ("\u{0}", char(" ", .control)), ("\u{1C}", char("\\", .control)),
            ("\u{1F}", char("_", .control)),
        ])
    func controls(input: String, expected: InputEvent) {
        #expect(Self.decode(input) == [expected])
    }

    @Test(
        "xterm and VTE keys",
        arguments: [
            ("\u{1B}[A", key(.up)), ("\u{1B}[B", key(.down)), ("\u{1B}[C", key(.right)), ("\u{1B}[D", key(.left)),
            ("\u{1B}[H", key(.home)), ("\u{1B}[F", key(.end)), ("\u{1B}OA", key(.up)), ("\u{1B}OH", key(.home)),
            ("\u{1B}OF", key(.end)), ("\u{1B}OP", key(.function(1))), ("\u{1B}OS", key(.function(4))),
            ("\u{1B}[15~", key(.function(5))), ("\u{1B}[24~", key(.function(12))), ("\u{1B}[2~", key(.insert)),
            ("\u{1B}[3~", key(.delete)), ("\u{1B}[5~", key(.pageUp)), ("\u{1B}[6~", key(.pageDown)),
            ("\u{1B}[Z", key(.backTab)), ("\u{1B}[1;5A", key(.up, .control)), ("\u{1B}[1;2B", key(.down, .shift)),
            ("\u{1B}[1;3C", key(.right, .alt)), ("\u{1B}[1;8D", key(.left, [.shift, .alt, .control])),
            ("\u{1B}[3;5~", key(.delete, .control)), ("\u{1B}[1;5P", key(.function(1), .control)),
            ("\u{1B}[1;2H", key(.home, .shift)), ("\u{1B}OM", key(.enter)), ("\u{1B}[27;5;13~", key(.enter, .control)),
            ("\u{1B}[97;5u", char("a", .control)), ("\u{1B}[9;2u", key(.backTab)),
        ])
    func xterm(input: String, expected: InputEvent) {
        #expect(Self.decode(input) == [expected])
    }

    @Test(
        "rxvt and Linux console keys",
        arguments: [
            ("\u{1B}[1~", key(.home)), ("\u{1B}[4~", key(.end)), ("\u{1B}[7~", key(.home)), ("\u{1B}[8~", key(.end)),
            ("\u{1B}[11~", key(.function(1))), ("\u{1B}[14~", key(.function(4))), ("\u{1B}[[A", key(.function(1))),
            ("\u{1B}[[E", key(.function(5))), ("\u{1B}[a", key(.up, .shift)), ("\u{1B}[d", key(.left, .shift)),
            ("\u{1B}Oa", key(.up, .control)), ("\u{1B}Oc", key(.right, .control)), ("\u{1B}[2$", key(.insert, .shift)),
            ("\u{1B}[5^", key(.pageUp, .control)), ("\u{1B}[3@", key(.delete, [.shift, .control])),
            ("\u{1B}Op", char("0")), ("\u{1B}Ok", char("+")),
        ])
    func rxvt(input: String, expected: InputEvent) {
        #expect(Self.decode(input) == [expected])
    }

    @Test(
        "Alt+key as an ESC prefix",
        arguments: [
            ("\u{1B}a", char("a", .alt)), ("\u{1B}X", char("X", .alt)), ("\u{1B}\r", key(.enter, .alt)),
            ("\u{1B}\u{7F}", key(.backspace, .alt)), ("\u{1B}\u{3}", char("c", [.alt, .control])),
            ("\u{1B}é", char("é", .alt)), ("\u{1B}\u{1B}[A", key(.up, .alt)), ("\u{1B}[", char("[", .alt)),
            ("\u{1B}O", char("O", .alt)),
        ])
    func alt(input: String, expected: InputEvent) {
        #expect(Self.decode(input) == [expected])
    }

    @Test("A lone ESC waits for flushPending")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [Self.key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0x1B, 0x1B]).isEmpty)
        #expect(decoder.flushPending() == [Self.key(.escape), Self.key(.escape)])
    }

    @Test("Sequences split across feeds are reassembled at every split point")
    func splitSequences() {
        let input = Array("a\u{1B}[1;5A\u{1B}[<0;3;4M日\u{1B}OPé😀".utf8)
        let expected = Self.decode(String(decoding: input, as: UTF8.self))
        #expect(expected.count == 7)
        for split in 0...input.count {
            var decoder = InputDecoder()
            var events = decoder.feed(input[..<split])
            events += decoder.feed(input[split...])
            #expect(events == expected, "split at \(split)")
            #expect(!decoder.hasPending)
        }
        var byteByByte = InputDecoder()
        var events: [InputEvent] = []
        for byte in input { events += byteByByte.feed([byte]) }
        #expect(events == expected)
    }

    @Test("Text becomes one key per grapheme cluster")
    func text() {
        #expect(
            Self.decode("hi 日本") == [Self.char("h"), Self.char("i"), Self.char(" "), Self.char("日"), Self.char("本")])
        #expect(Self.decode("e\u{301}") == [Self.char("e\u{301}")])
        #expect(Self.decode("👨‍👩‍👧") == [Self.char("👨‍👩‍👧")])
    }

    @Test(
        "SGR mouse reports",
        arguments: [
            ("\u{1B}[<0;1;1M", MouseEvent(kind: .press, button: .left, x: 0, y: 0)),
            ("\u{1B}[<0;10;5m", MouseEvent(kind: .release, button: .left, x: 9, y: 4)),
            ("\u{1B}[<1;3;4M", MouseEvent(kind: .press, button: .middle, x: 2, y: 3)),
            ("\u{1B}[<2;3;4M", MouseEvent(kind: .press, button: .right, x: 2, y: 3)),
            ("\u{1B}[<32;20;7M", MouseEvent(kind: .drag, button: .left, x: 19, y: 6)),
            ("\u{1B}[<35;20;7M", MouseEvent(kind: .move, button: .none, x: 19, y: 6)),
            ("\u{1B}[<64;5;5M", MouseEvent(kind: .wheelUp, button: .none, x: 4, y: 4)),
            ("\u{1B}[<65;5;5M", MouseEvent(kind: .wheelDown, button: .none, x: 4, y: 4)),
            ("\u{1B}[<66;5;5M", MouseEvent(kind: .wheelLeft, button: .none, x: 4, y: 4)),
            ("\u{1B}[<67;5;5M", MouseEvent(kind: .wheelRight, button: .none, x: 4, y: 4)),
            ("\u{1B}[<16;300;200M", MouseEvent(kind: .press, button: .left, x: 299, y: 199, modifiers: .control)),
            ("\u{1B}[<12;2;2M", MouseEvent(kind: .press, button: .left, x: 1, y: 1, modifiers: [.shift, .alt])),
            ("\u{1B}[<0;0;0M", MouseEvent(kind: .press, button: .left, x: 0, y: 0)),
        ])
    func sgrMouse(input: String, expected: MouseEvent) {
        #expect(Self.decode(input) == [.mouse(expected)])
    }

    @Test("Legacy X10 mouse reports")
    func x10Mouse() {
        #expect(Self.decode("\u{1B}[M !!") == [.mouse(MouseEvent(kind: .press, button: .left, x: 0, y: 0))])
        #expect(Self.decode("\u{1B}[M#+%") == [.mouse(MouseEvent(kind: .release, button: .none, x: 10, y: 4))])
        #expect(Self.decode("\u{1B}[M`!!") == [.mouse(MouseEvent(kind: .wheelUp, button: .none, x: 0, y: 0))])
    }

    @Test("Focus reports")
    func focus() {
        #expect(Self.decode("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test("Bracketed paste is one cleaned event, even split at every point")
    func paste() {
        let input = Array("x\u{1B}[200~line 1\r\nline\u{1B}[31m 2\u{1B}[201~y".utf8)
        let expected: [InputEvent] = [Self.char("x"), .paste("line 1\nline[31m 2"), Self.char("y")]
        for split in 0...input.count {
            var decoder = InputDecoder()
            var events = decoder.feed(input[..<split])
            events += decoder.feed(input[split...])
            #expect(events == expected, "split at \(split)")
            #expect(!decoder.hasPending)
        }
    }

    @Test("Paste is bounded and an unfinished paste is delivered by flushPending")
    func pasteLimits() {
        var decoder = InputDecoder(maximumPasteBytes: 4)
        #expect(decoder.feed(Array("\u{1B}[200~abcdefgh\u{1B}[201~".utf8)) == [.paste("abcd")])
        decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~ab\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.flushPending() == [.paste("ab[20")])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("\u{1B}[201~q".utf8)) == [Self.char("q")])
    }

    @Test(
        "Garbage becomes unknown events and never blocks later input",
        arguments: [
            ([0x80], [InputEvent.unknown([0x80])]),
            ([0xFF, 0x61], [.unknown([0xFF]), char("a")]),
            ([0xC3, 0x28], [.unknown([0xC3]), char("(")]),
            ([0xE0, 0x80, 0x80], [.unknown([0xE0]), .unknown([0x80]), .unknown([0x80])]),
            ([0xED, 0xA0, 0x80], [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])]),
            ([0xF4, 0x90, 0x80, 0x80], [.unknown([0xF4]), .unknown([0x90]), .unknown([0x80]), .unknown([0x80])]),
            ([0x1B, 0x5B, 0x39, 0x39, 0x7A], [.unknown([0x1B, 0x5B, 0x39, 0x39, 0x7A])]),
            ([0x1B, 0x5B, 0x31, 0x0A], [.unknown([0x1B, 0x5B, 0x31]), key(.enter)]),
            ([0x1B, 0x5B, 0x3F, 0x31, 0x63], [.unknown([0x1B, 0x5B, 0x3F, 0x31, 0x63])]),
            ([0x1B, 0x5B, 0x3C, 0x31, 0x4D], [.unknown([0x1B, 0x5B, 0x3C, 0x31, 0x4D])]),
            ([0x1B, 0x5B, 0x39, 0x39, 0x7E], [.unknown([0x1B, 0x5B, 0x39, 0x39, 0x7E])]),
            ([0x1B, 0x4F, 0x7A], [.unknown([0x1B, 0x4F, 0x7A])]),
            ([0x1B, 0x80], [key(.escape), .unknown([0x80])]),
            ([0xE6, 0x97], [.unknown([0xE6, 0x97])]),
        ] as [([UInt8], [InputEvent])])
    func garbage(bytes: [UInt8], expected: [InputEvent]) {
        var decoder = InputDecoder()
        var events = decoder.feed(bytes)
        events += decoder.flushPending()
        #expect(events == expected)
        #expect(decoder.feed(Array("ok".utf8)) == [Self.char("o"), Self.char("k")])
    }

    @Test("An endless control sequence is cut at the length limit")
    func endlessSequence() {
        var decoder = InputDecoder()
        var events = decoder.feed([0x1B, 0x5B] + Array(repeating: 0x31, count: 500))
        events += decoder.feed(Array("z".utf8))
        events += decoder.flushPending()
        #expect(
            events.first
                == .unknown([0x1B, 0x5B] + Array(repeating: 0x31, count: InputDecoder.maximumSequenceLength - 2)))
        #expect(events.last == Self.char("z"))
        #expect(!decoder.hasPending)
    }

    @Test("Random bytes never trap and leave nothing pending after a flush", arguments: 0..<20)
    func fuzz(seed: Int) {
        var generator = SplitMix64(state: UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15)
        var decoder = InputDecoder(maximumPasteBytes: 64)
        for _ in 0..<200 {
            let length = Int(generator.next() % 16)
            var chunk: [UInt8] = []
            for _ in 0..<length {
                let r = generator.next()
                // Bias towards bytes that start or continue sequences.
                let byte: UInt8 =
                    r % 4 == 0
                    ? [0x1B, 0x5B, 0x3C, 0x3B, 0x4F, 0x7E, 0x32, 0x30][Int((r >> 8) % 8)]
                    : UInt8(truncatingIfNeeded: r >> 16)
                chunk.append(byte)
            }
            _ = decoder.feed(chunk)
        }
        _ = decoder.flushPending()
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("k".utf8)) == [Self.char("k")])
    }
}
