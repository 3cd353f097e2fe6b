import KeyformTestSupport
import Testing

@testable import KeyformTerminal

/// Bytes of a string, for readable test input.
private func b(_ s: String) -> [UInt8] { Array(s.utf8) }

/// Feeds each chunk in turn and returns every key decoded.
private func keys(_ chunks: [UInt8]..., flush: Bool = false) -> [Key] {
    var decoder = KeyDecoder()
    var out: [Key] = []
    for chunk in chunks { out += decoder.feed(chunk).map(\.key) }
    if flush { out += decoder.flushPendingEscape().map(\.key) }
    return out
}

/// Every way of cutting `bytes` into two feeds gives `expected`.
private func expectSplitAnywhere(
    _ bytes: [UInt8], _ expected: [Key], flush: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    for cut in 0...bytes.count {
        let got = keys(Array(bytes[..<cut]), Array(bytes[cut...]), flush: flush)
        #expect(got == expected, "cut at \(cut)", sourceLocation: sourceLocation)
    }
    var decoder = KeyDecoder()
    var byteByByte: [Key] = []
    for byte in bytes { byteByByte += decoder.feed([byte]).map(\.key) }
    if flush { byteByByte += decoder.flushPendingEscape().map(\.key) }
    #expect(byteByByte == expected, "byte by byte", sourceLocation: sourceLocation)
}

@Suite struct KeyDecoderTests {
    @Test func printableTextIsOneCharacterPerScalar() {
        #expect(
            keys(b("ab 1~")) == [.character("a"), .character("b"), .character(" "), .character("1"), .character("~")])
    }

    @Test func utf8IsHeldUntilComplete() {
        expectSplitAnywhere(b("é日🙂"), [.character("é"), .character("日"), .character("🙂")])
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xE6, 0x97]).isEmpty)
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape().isEmpty, "a half character is not an Esc")
        #expect(decoder.feed([0xA5]) == [KeyPress(.character("日"), bytes: [0xE6, 0x97, 0xA5])])
    }

    @Test func combiningSequencesArriveAsTheirScalars() {
        #expect(keys(b("e\u{301}")) == [.character("e"), .character("\u{301}")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(keys([0xFF, 0x41]) == [.character("\u{FFFD}"), .character("A")])
        #expect(keys([0xC3, 0x41]) == [.character("\u{FFFD}"), .character("A")])  // lead without continuation
        #expect(keys([0xE0, 0x80, 0x80]) == [.character("\u{FFFD}")])  // overlong
        #expect(keys([0xED, 0xA0, 0x80]) == [.character("\u{FFFD}")])  // surrogate
        #expect(keys([0x80]) == [.character("\u{FFFD}")])  // stray continuation
    }

    @Test func c1ControlsAreNotKeys() {
        #expect(keys([0xC2, 0x9B, 0x41]) == [.character("A")])
    }

    @Test func enterTabAndBackspace() {
        #expect(keys([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
    }

    @Test func controlLetters() {
        #expect(keys([0x01, 0x03, 0x15, 0x1A]) == [.control("a"), .control("c"), .control("u"), .control("z")])
        #expect(keys([0x00, 0x1C, 0x1D, 0x1F]) == [.control("@"), .control("\\"), .control("]"), .control("_")])
    }

    @Test func arrowsInBothModes() {
        expectSplitAnywhere(b("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [.up, .down, .right, .left])
        expectSplitAnywhere(b("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"), [.up, .down, .right, .left])
    }

    @Test func modifiedKeys() {
        #expect(keys(b("\u{1B}[1;5C")) == [.modified(.right, .control)])
        #expect(keys(b("\u{1B}[1;2D")) == [.modified(.left, .shift)])
        #expect(keys(b("\u{1B}[1;3A")) == [.modified(.up, .alt)])
        #expect(keys(b("\u{1B}[1;6B")) == [.modified(.down, [.shift, .control])])
        #expect(keys(b("\u{1B}[3;5~")) == [.modified(.delete, .control)])
        #expect(keys(b("\u{1B}[1;2P")) == [.modified(.function(1), .shift)])
        #expect(keys(b("\u{1B}O5C")) == [.modified(.right, .control)])
        // rxvt and older xterm: Alt as a leading ESC.
        #expect(keys(b("\u{1B}\u{1B}[A")) == [.modified(.up, .alt)])
        #expect(keys(b("\u{1B}\u{1B}[1;5C")) == [.modified(.right, [.alt, .control])])
    }

    @Test func rxvtModifiedKeys() {
        // "$" ends the sequence: the key after it is not swallowed.
        expectSplitAnywhere(b("\u{1B}[2$a"), [.modified(.insert, .shift), .character("a")])
        #expect(
            keys(b("\u{1B}[3^\u{1B}[5@")) == [.modified(.delete, .control), .modified(.pageUp, [.control, .shift])])
        #expect(
            keys(b("\u{1B}[a\u{1B}[d\u{1B}Oc")) == [
                .modified(.up, .shift), .modified(.left, .shift), .modified(.right, .control),
            ])
    }

    @Test func navigationKeys() {
        #expect(keys(b("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF")) == [.home, .end, .home, .end])
        #expect(keys(b("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~")) == [.home, .end, .home, .end])
        #expect(keys(b("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~")) == [.insert, .delete, .pageUp, .pageDown])
    }

    @Test func functionKeys() {
        #expect(keys(b("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS")) == (1...4).map { .function($0) })
        #expect(
            keys(b("\u{1B}[11~\u{1B}[12~\u{1B}[15~\u{1B}[17~\u{1B}[21~\u{1B}[23~\u{1B}[24~"))
                == [1, 2, 5, 6, 10, 11, 12].map { .function($0) })
        #expect(keys(b("\u{1B}[[A\u{1B}[[E")) == [.function(1), .function(5)])  // Linux console
    }

    @Test func shiftTab() {
        expectSplitAnywhere(b("\u{1B}[Z"), [.shiftTab])
    }

    @Test func loneEscapeWaitsForTheTimeout() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape() == [KeyPress(.escape, bytes: [0x1B])])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape().isEmpty, "flushing twice gives nothing more")
        // An ESC followed in time by the rest of a sequence is that key, not Esc.
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(b("[A")).map(\.key) == [.up])
    }

    @Test func escapeThenTextAfterTheTimeout() {
        #expect(keys([0x1B], flush: true) == [.escape])
        var decoder = KeyDecoder()
        _ = decoder.feed([0x1B])
        var out = decoder.flushPendingEscape().map(\.key)
        out += decoder.feed(b("x")).map(\.key)
        #expect(out == [.escape, .character("x")])
    }

    @Test func doubleEscape() {
        #expect(keys([0x1B, 0x1B], flush: true) == [.escape, .escape])
        #expect(keys([0x1B, 0x1B, 0x1B], flush: true) == [.escape, .escape, .escape])
    }

    @Test func incompleteSequencesOnTimeout() {
        #expect(keys(b("\u{1B}["), flush: true) == [.alt("[")])
        #expect(keys(b("\u{1B}O"), flush: true) == [.alt("O")])
        #expect(keys(b("\u{1B}[1;5"), flush: true) == [], "a cut-off sequence leaks nothing")
        #expect(keys(b("\u{1B}[1;5"), flush: false) == [])
    }

    @Test func altKeys() {
        #expect(keys(b("\u{1B}x\u{1B}X\u{1B}.")) == [.alt("x"), .alt("X"), .alt(".")])
        #expect(
            keys([0x1B, 0x0D, 0x1B, 0x7F, 0x1B, 0x02]) == [
                .modified(.enter, .alt), .modified(.backspace, .alt), .modified(.control("b"), .alt),
            ])
        expectSplitAnywhere(b("\u{1B}é"), [.alt("é")])
        #expect(Key.alt("x") == .modified(.character("x"), .alt))
    }

    @Test func escapeBeforeAnIncompleteCharacterOnTimeout() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0xC3]).isEmpty)
        #expect(decoder.flushPendingEscape().map(\.key) == [.escape])
        #expect(decoder.feed([0xA9]).map(\.key) == [.character("é")])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        // Focus reports, private replies, unknown finals, intermediates, kitty keys.
        let unknown = [
            "\u{1B}[I", "\u{1B}[O", "\u{1B}[?1;2c", "\u{1B}[99~",
            "\u{1B}[1;5E", "\u{1B}[2 q", "\u{1B}[97;5u", "\u{1B}Ox", "\u{1B}[201~", "\u{1B}[1;99A",
        ]
        for sequence in unknown {
            expectSplitAnywhere(b(sequence + "z"), [.character("z")])
        }
    }

    @Test func sgrMouseReportsAreEvents() {
        // A left click at column 12, row 5 (1-based on the wire), its release, the wheel both ways,
        // Ctrl with the right button, a drag with the left.
        expectSplitAnywhere(
            b("\u{1B}[<0;12;5M\u{1B}[<0;12;5m\u{1B}[<64;1;1M\u{1B}[<65;80;24M\u{1B}[<18;3;4M\u{1B}[<32;7;2Mz"),
            [
                .mouse(MouseEvent(.left, column: 11, row: 4)),
                .mouse(MouseEvent(.left, .release, column: 11, row: 4)),
                .mouse(MouseEvent(.wheelUp, column: 0, row: 0)),
                .mouse(MouseEvent(.wheelDown, column: 79, row: 23)),
                .mouse(MouseEvent(.right, column: 2, row: 3, modifiers: .control)),
                .mouse(MouseEvent(.left, .drag, column: 6, row: 1)),
                .character("z"),
            ])
        // Columns past 223 (where the old one-byte reports end) come through.
        #expect(keys(b("\u{1B}[<0;300;1M")) == [.mouse(MouseEvent(.left, column: 299, row: 0))])
    }

    @Test func malformedMouseReportsLeakNothing() {
        // Too few or too many numbers, a 0 coordinate, no numbers, a letter inside: no event, no text.
        for sequence in [
            "\u{1B}[<0;12M", "\u{1B}[<0;1;2;3M", "\u{1B}[<0;0;5M", "\u{1B}[<M", "\u{1B}[<0;1:2;3M", "\u{1B}[<;;m",
        ] {
            expectSplitAnywhere(b(sequence + "z"), [.character("z")])
        }
        // Cut off and never finished: dropped after the timeout, nothing typed.
        #expect(keys(b("\u{1B}[<0;12;"), flush: true) == [])
        // Broken off by another key: that key still arrives.
        #expect(keys(b("\u{1B}[<0;12\u{1B}[A")) == [.up])
    }

    @Test func olderMouseReportsAreEventsToo() {
        // ESC [ M b x y, each + 32: a press at column 12 row 5, then the release (button 3).
        expectSplitAnywhere(
            b("\u{1B}[M" + "\u{20}\u{2C}\u{25}" + "\u{1B}[M" + "\u{23}\u{2C}\u{25}" + "z"),
            [
                .mouse(MouseEvent(.left, column: 11, row: 4)),
                .mouse(MouseEvent(.left, .release, column: 11, row: 4)),
                .character("z"),
            ])
        #expect(keys(b("\u{1B}[M\u{20}"), flush: true) == [])
    }

    @Test func aBrokenSequenceDropsOnlyItself() {
        #expect(keys(b("\u{1B}[12\u{1B}[A")) == [.up])
        #expect(keys(b("\u{1B}[12\u{01}")) == [.control("a")])
        #expect(keys(b("\u{1B}O\u{01}")) == [.alt("O"), .control("a")])
    }

    @Test func anOverlongSequenceIsDroppedToItsEnd() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 200) + "5Cz"
        expectSplitAnywhere(b(long), [.character("z")])
        #expect(
            keys(b("\u{1B}[" + String(repeating: "9", count: 100)), b("\u{01}q")) == [.control("a"), .character("q")])
    }

    @Test func bracketedPasteIsOneEvent() {
        let bytes = b("a\u{1B}[200~hello\r\nworld\t\u{1B}[A\u{3}\u{1B}[201~b")
        expectSplitAnywhere(bytes, [.character("a"), .paste("hello\r\nworld\t\u{1B}[A\u{3}"), .character("b")])
    }

    @Test func pasteMarkerSplitAcrossManyFeeds() {
        var decoder = KeyDecoder()
        var out: [KeyPress] = []
        for piece in ["\u{1B}[2", "00~日", "本\u{1B}", "[20", "1", "~", "\u{1B}"] { out += decoder.feed(b(piece)) }
        out += decoder.flushPendingEscape()
        #expect(out.map(\.key) == [.paste("日本"), .escape])
        #expect(out[0].bytes == b("\u{1B}[200~日本\u{1B}[201~"))
    }

    @Test func aPasteInProgressIsNotFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(b("\u{1B}[200~abc\u{1B}")).isEmpty)
        #expect(decoder.isInPaste)
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flushPendingEscape().isEmpty)
        #expect(decoder.feed(b("[201~")).map(\.key) == [.paste("abc")], "the ESC began the end marker")
        #expect(!decoder.isInPaste)
    }

    @Test func emptyAndLargePastes() {
        #expect(keys(b("\u{1B}[200~\u{1B}[201~")) == [.paste("")])
        let text = String(repeating: "line of text\n", count: 5000)
        var decoder = KeyDecoder()
        var out: [Key] = decoder.feed(b("\u{1B}[200~")).map(\.key)
        for chunk in b(text).chunked(1000) { out += decoder.feed(chunk).map(\.key) }
        out += decoder.feed(b("\u{1B}[201~")).map(\.key)
        #expect(out == [.paste(text)])
    }

    @Test func eachKeyCarriesItsRawBytes() {
        var decoder = KeyDecoder()
        let presses = decoder.feed(b("a\u{1B}[1;5Cé\u{7F}\u{1B}x\u{1B}[Iq"))
        #expect(
            presses == [
                KeyPress(.character("a"), bytes: b("a")),
                KeyPress(.modified(.right, .control), bytes: b("\u{1B}[1;5C")),
                KeyPress(.character("é"), bytes: [0xC3, 0xA9]),
                KeyPress(.backspace, bytes: [0x7F]),
                KeyPress(.alt("x"), bytes: b("\u{1B}x")),
                KeyPress(.character("q"), bytes: b("q")),  // the focus report in between is swallowed
            ])
    }

    /// No byte string makes the decoder crash, and what it emits as text never
    /// contains a byte of an escape sequence it swallowed.
    @Test func randomBytesNeverCrashOrLeakEscapes() {
        var generator = SplitMix64(seed: 42)
        let alphabet: [UInt8] = b("\u{1B}[O;0125~AZaz\u{7}\r\u{7F}") + [0x9B, 0xC3, 0xA9, 0xE6, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            var decoder = KeyDecoder()
            var presses: [KeyPress] = []
            var rest = bytes[...]
            while !rest.isEmpty {
                let n = Int.random(in: 1...rest.count, using: &generator)
                presses += decoder.feed(Array(rest.prefix(n)))
                rest = rest.dropFirst(n)
            }
            presses += decoder.flushPendingEscape()
            for press in presses {
                #expect(!press.bytes.isEmpty)
                if case .character(let c) = press.key {
                    #expect(!c.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(bytes)")
                }
            }
            // The bytes handed on are always a subsequence of the input, in order.
            let handed = presses.flatMap(\.bytes)
            #expect(isSubsequence(handed, of: bytes), "\(bytes)")
        }
    }
}

private func isSubsequence(_ small: [UInt8], of big: [UInt8]) -> Bool {
    var i = small.startIndex
    for byte in big where i < small.endIndex && small[i] == byte { i += 1 }
    return i == small.endIndex
}

extension Array {
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
