import KeyformCore
import Testing

struct TerminalSafeTests {
    @Test(arguments: [
        ("\u{1B}[31mred", #"\u{1B}[31mred"#),
        ("a\u{202E}b", #"a\u{202E}b"#),
        ("x\u{200D}y", #"x\u{200D}y"#),
        ("a\tb", #"a\tb"#),
        ("one\ntwo\r", #"one\ntwo\r"#),
        ("\u{7F}\u{9B}\u{0}", #"\u{7F}\u{9B}\u{0}"#),
        ("\u{2066}\u{200E}\u{061C}\u{2060}\u{FEFF}", #"\u{2066}\u{200E}\u{61C}\u{2060}\u{FEFF}"#),
    ])
    func unsafeScalarsAreWrittenOut(input: String, expected: String) {
        #expect(TerminalSafe.escaped(input) == expected)
    }

    @Test func safeTextIsUnchanged() {
        for text in ["High", "優先度", "e\u{301}", "⌫", #"C:\path"#, "👍🏽", ""] {
            #expect(TerminalSafe.escaped(text) == text)
            #expect(TerminalSafe.unsafeScalars(in: text).isEmpty)
        }
    }

    @Test func unsafeScalarsAreListedInOrder() {
        #expect(TerminalSafe.unsafeScalars(in: "\u{1B}a\u{202E}\u{1B}") == ["\u{1B}", "\u{202E}", "\u{1B}"])
    }

    @Test func boundariesOfTheRanges() {
        let unsafe: [UInt32] = [
            0x00, 0x1F, 0x7F, 0x80, 0x9F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069, 0x200B, 0x200D,
        ]
        let safe: [UInt32] = [0x20, 0x7E, 0xA0, 0x2027, 0x202F, 0x2065, 0x206A, 0x200A, 0x2061]
        #expect(unsafe.allSatisfy { TerminalSafe.isUnsafe(Unicode.Scalar($0)!) })
        #expect(!safe.contains { TerminalSafe.isUnsafe(Unicode.Scalar($0)!) })
    }
}
