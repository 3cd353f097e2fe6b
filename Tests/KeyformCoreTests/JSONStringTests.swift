import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `JSONString` copies runs of UTF-8 bytes that need no escape; it must write exactly
/// what escaping one scalar at a time writes (`RecordFormat.jsonStringScalarwise`, the
/// issue-14 rules). The explicit escapes are in `RecordFormatTests.jsonStringEscaping`.
@Suite struct JSONStringTests {
    /// Both paths, and `append` after bytes already in the buffer.
    func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let reference = RecordFormat.jsonStringScalarwise(text)
        #expect(
            JSONString.literal(text) == reference, "\(Array(text.unicodeScalars.map(\.value)))",
            sourceLocation: sourceLocation)
        var bytes = Array("x".utf8)
        JSONString.append(text, to: &bytes)
        #expect(bytes == Array(("x" + reference).utf8), sourceLocation: sourceLocation)
    }

    @Test func everyScalarNearTheLeadBytesOfEscapedOnes() {
        // The four leads the fast path looks at (C2, D8, E2, EF) and their neighbours
        // (C1–C3, D7–D9, E1–E3, EE–EF), each scalar alone and between ASCII letters.
        let ranges: [ClosedRange<UInt32>] = [0...0x1FF, 0x5C0...0x67F, 0x1000...0x3FFF, 0xE000...0xFFFF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = String(String.UnicodeScalarView([scalar]))
                expectSame(text)
                expectSame("a" + text + "b")
            }
        }
    }

    @Test func randomStringsOfEdgeCases() {
        let pool: [Unicode.Scalar] = [
            "a", "Z", " ", "/", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}", "\u{1F}",
            "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "é", "ß", "\u{061B}", "\u{061C}", "\u{061D}",
            "日", "本", "語", "の", "メ", "「", "」", "\u{200A}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}",
            "\u{200F}", "\u{2010}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{2060}",
            "\u{2066}", "\u{2069}", "\u{206A}", "─", "€", "\u{FEFE}", "\u{FEFF}", "\u{FF01}", "\u{FFFD}",
            "👍", "🏽", "👨", "👩", "👧", "\u{FE0F}", "\u{1F1EF}", "\u{10FFFF}",
        ]
        var random = SplitMix64(seed: 15)
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &random)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(pool.randomElement(using: &random)!) }
            expectSame(String(scalars))
        }
    }

    @Test func longRunsAndEscapesAtEitherEnd() {
        let run = String(repeating: "日本語 note ", count: 500)
        for text in [
            run, "\u{202E}" + run, run + "\u{202E}", "\u{85}" + run + "\u{85}", "\"" + run + "\u{2028}" + run + "\\",
        ] {
            expectSame(text)
        }
        #expect(JSONString.literal("a\u{202E}b") == #""a\u202eb""#)
        #expect(JSONString.literal("\u{85}\u{2028}") == #""\u0085\u2028""#)
    }

    /// `RecordFormat.appendJSONValue` (what `records list` writes) writes what
    /// `jsonValue` returns, for every kind, empty values and dates of any year.
    @Test func appendedValuesAreTheJSONValues() {
        let fields = [
            Field(id: "t"), Field(id: "m", multiple: true), Field(id: "i", type: .integer),
            Field(id: "n", type: .number), Field(id: "b", type: .boolean), Field(id: "d", type: .date),
            Field(id: "c", type: .time),
        ]
        let dates = [(2026, 11, 24), (5, 1, 2), (999, 12, 31), (9999, 12, 31), (10000, 1, 1), (-1, 6, 15), (0, 1, 1)]
            .compactMap { CivilDate(year: $0.0, month: $0.1, day: $0.2) }
        var values: [FieldValue?] = [
            nil, .text(""), .text("a\"b\u{202E}日本"), .list([]), .list(["x", "y\u{85}"]),
            .integer(-42), .number(1.5), .number(1e21), .boolean(true), .boolean(false),
            ClockTime(hour: 7, minute: 5).map(FieldValue.time),
        ]
        values += dates.map(FieldValue.date)
        #expect(dates.count == 7)
        for field in fields {
            for value in values {
                var out = Array("x".utf8)
                RecordFormat.appendJSONValue(value, of: field, to: &out)
                #expect(
                    String(decoding: out, as: UTF8.self) == "x" + RecordFormat.jsonValue(value, of: field),
                    "\(field.id): \(String(describing: value))")
            }
        }
    }

    /// `JSONReader` (answers, imports) reads runs of plain ASCII at once: every
    /// string `JSONString` writes reads back as itself, and escapes, `\/`, raw
    /// UTF-8 and combining marks after ASCII come out as one scalar at a time did.
    @Test func stringsReadBackAsWritten() throws {
        let pool: [Unicode.Scalar] = [
            "a", "Z", " ", "~", "\u{7F}", "/", "\"", "\\", "\n", "\t", "\u{1B}", "\u{85}", "é",
            "\u{301}", "日", "\u{202E}", "\u{2028}", "👍", "\u{200D}", "\u{FEFF}",
        ]
        var random = SplitMix64(seed: 1415)
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...20, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
            let text = String(scalars)
            var reader = JSONReader(Array(("{\"k\":" + JSONString.literal(text) + "}").utf8))
            let members = try reader.readObjectMembers()
            #expect(members.first?.value == .string(text), "\(Array(text.unicodeScalars.map(\.value)))")
        }
        var reader = JSONReader(Array(#"{"k":"a\/b e\u0301 x日本\"q\\ \u00e9"}"#.utf8))
        #expect(try reader.readObjectMembers().first?.value == .string("a/b e\u{301} x日本\"q\\ é"))
        for bad in [#"{"k":"ab"#, "{\"k\":\"a\u{01}b\"}", #"{"k":"a\qb"}"#] {
            var reader = JSONReader(Array(bad.utf8))
            #expect(throws: JSONSyntaxError.self) { try reader.readObjectMembers() }
        }
    }
}
