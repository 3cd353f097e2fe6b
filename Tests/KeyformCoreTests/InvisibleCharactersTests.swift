import KeyformCore
import Testing

/// Bidi controls, invisible characters and the line separators U+2028/U+2029 in
/// every text Keyform writes: each output writes them out in its own way, and
/// outputs that programs read back still give the exact value.
@Suite struct InvisibleCharactersTests {
    static let form = Form(
        name: "note", pages: [.init(fields: [Field(id: "text"), Field(id: "tags", multiple: true)])],
        template: "{{text}} [{{tags}}]")

    @Test func lineAndParagraphSeparatorsAreUnsafeLineBreaks() {
        #expect(TerminalSafe.escaped("a\u{2028}b\u{2029}c") == #"a\u{2028}b\u{2029}c"#)
        #expect(TerminalSafe.describe("\u{2028}") == "U+2028 (LINE SEPARATOR), a line break")
        #expect(TerminalSafe.describe("\u{2029}") == "U+2029 (PARAGRAPH SEPARATOR), a line break")
    }

    @Test func aValueIsOneLineWithoutSeparatorsEither() throws {
        let validator = try FieldValidator(field: Field(id: "text"), choices: nil)
        for separator in ["\u{2028}", "\u{2029}"] {
            guard
                case .failure(let problem) = validator.validate(
                    "a" + separator + "b", at: WallClock(today: CivilDate(iso: "2026-11-21")!))
            else {
                Issue.record("\(separator.unicodeScalars.first!.value) was taken")
                continue
            }
            #expect(problem == .oneLine)
        }
    }

    /// env is read by shells: the value comes back exactly, and what a terminal shows is written out.
    @Test func envWritesBidiAndInvisibleCharactersAsPrintfBytes() {
        #expect(RecordFormat.shellQuoted("a\u{202E}b") == #"'a'"$(printf '\342\200\256')"'b'"#)
        #expect(RecordFormat.shellQuoted("x\u{200B}\u{200F}'y") == #"'x'"$(printf '\342\200\213\342\200\217')"''\''y'"#)
        // An emoji's joiner is part of the emoji, and a line break stays quoted as it is.
        #expect(RecordFormat.shellQuoted("👨‍👩‍👧") == "'👨‍👩‍👧'")
        #expect(RecordFormat.shellQuoted("a\nb") == "'a\nb'")
        let env = RecordFormat.env(
            Record(form: Self.form, values: ["text": .text("\u{2066}abc\u{2069}")]), form: Self.form)
        #expect(!env.unicodeScalars.contains { TerminalSafe.isUnsafe($0) && $0 != "\n" }, "\(env.debugDescription)")
    }

    /// A template's line is for people: the values' bidi controls and invisible characters are written out.
    @Test func templateWritesOutBidiAndInvisibleCharactersOfValues() throws {
        let record = Record(
            form: Self.form, values: ["text": .text("evil\u{202E}txt.exe"), "tags": .list(["a\u{200B}", "b"])])
        let line = try RecordFormat.template(record, form: Self.form)
        #expect(line.hasPrefix(#"evil\u{202E}txt.exe ["#), "\(line)")
        #expect(line.contains(#"a\u{200B}"#), "\(line)")
        #expect(!line.unicodeScalars.contains { TerminalSafe.isUnsafe($0) && $0 != "\n" })
    }

    /// `fmt -` echoes comments: a bidi control in one would reorder the code around it (Trojan Source).
    @Test func formatterWritesOutInvisibleCharactersInComments() throws {
        let source = "title: X # \u{202E} }}nimda{{\nrows:\n  # zero\u{200B}width\n  - [A, B]\n"
        let formatted = try YAMLFormatter.format(source, as: .layout)
        #expect(
            formatted == "title: X # \\u{202E} }}nimda{{\nrows:\n  # zero\\u{200B}width\n  - [A, B]\n", "\(formatted)")
        #expect(try YAMLFormatter.format(formatted, as: .layout) == formatted, "formatting again changes nothing")
    }
}
