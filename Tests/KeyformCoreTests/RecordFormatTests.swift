import KeyformTestSupport
import Testing

@testable import KeyformCore

@Suite struct RecordFormatTests {
    static let form = Form(
        name: "swim",
        pages: [
            Form.Page(fields: [Field(id: "text", required: true), Field(id: "due", type: .date)]),
            Form.Page(
                title: "More",
                fields: [
                    Field(id: "laps", type: .integer), Field(id: "distance", type: .number),
                    Field(id: "done", type: .boolean), Field(id: "note"),
                ]),
        ],
        template: "{{due}} {{text}} {{laps}}x {{distance}}m{{#done}} ✓{{/done}}{{^note}} (no note){{/note}}"
    )

    static let full = Record(
        form: form,
        values: [
            "text": .text("Freestyle"), "due": .date(CivilDate(iso: "2026-11-21")!), "laps": .integer(8),
            "distance": .number(400), "done": .boolean(true), "note": .text("Tom & Jerry <3"),
        ])

    static let empty = Record(form: form, values: [:])

    func record(_ values: [String: FieldValue]) -> Record { Record(form: Self.form, values: values) }

    // MARK: Record

    @Test func recordKeepsFieldOrderAndLooksUpById() {
        #expect(Self.full.values.map(\.id) == ["text", "due", "laps", "distance", "done", "note"])
        #expect(Self.full["laps"] == .integer(8))
        #expect(Self.full["nope"] == nil)
        #expect(Self.empty["text"] == nil)
        #expect(Self.empty.values.count == 6)
    }

    @Test func recordEquality() {
        #expect(
            Self.full
                == Record(
                    form: Self.form,
                    values: [
                        "note": .text("Tom & Jerry <3"), "done": .boolean(true), "distance": .number(400),
                        "laps": .integer(8),
                        "due": .date(CivilDate(iso: "2026-11-21")!), "text": .text("Freestyle"),
                    ]))
        #expect(Self.full != Self.empty)
        #expect(Record(values: [("a", nil), ("b", .integer(1))]) != Record(values: [("b", .integer(1)), ("a", nil)]))
        #expect(Record(values: [("a", nil)]) != Record(values: [("a", .text(""))]))
        #expect(Record(values: [("a", nil)]) != Record(values: [("a", nil), ("b", nil)]))
        #expect(Record(values: []) == Record(values: []))
    }

    // MARK: JSON

    @Test func jsonOfAFullRecord() {
        #expect(
            RecordFormat.json(Self.full, form: Self.form)
                == #"{"text":"Freestyle","due":"2026-11-21","laps":8,"distance":400,"done":true,"note":"Tom & Jerry <3"}"#
                + "\n")
    }

    @Test func jsonOfAnEmptyRecord() {
        // An empty text field is "", an empty field of any other type is null.
        #expect(
            RecordFormat.json(Self.empty, form: Self.form)
                == #"{"text":"","due":null,"laps":null,"distance":null,"done":null,"note":""}"# + "\n")
    }

    @Test func jsonNumbersAndBooleans() {
        let json = RecordFormat.json(
            record(["laps": .integer(-3), "distance": .number(1.5), "done": .boolean(false)]),
            form: Self.form)
        #expect(json == #"{"text":"","due":null,"laps":-3,"distance":1.5,"done":false,"note":""}"# + "\n")
        let big = RecordFormat.json(record(["distance": .number(1e21)]), form: Self.form)
        #expect(big.contains(#""distance":1e+21,"#))
        let small = RecordFormat.json(record(["distance": .number(0.1 + 0.2)]), form: Self.form)
        #expect(small.contains(#""distance":0.30000000000000004,"#))
    }

    @Test func jsonStringEscaping() {
        #expect(RecordFormat.jsonString(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(RecordFormat.jsonString("a/b</script>") == #""a/b</script>""#)
        #expect(RecordFormat.jsonString("日本語のメモ") == "\"日本語のメモ\"")
        #expect(RecordFormat.jsonString("é👍🏽") == "\"é👍🏽\"")
        #expect(RecordFormat.jsonString("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(RecordFormat.jsonString("\u{00}\u{01}\u{1B}\u{1F}") == #""\u0000\u0001\u001b\u001f""#)
        // DEL, C1 controls, bidi overrides and invisible characters too: printed JSON never acts on a terminal.
        #expect(RecordFormat.jsonString("\u{7F}\u{85}\u{9B}") == #""\u007f\u0085\u009b""#)
        #expect(RecordFormat.jsonString("a\u{202E}b\u{200B}c\u{FEFF}") == #""a\u202eb\u200bc\ufeff""#)
        #expect(RecordFormat.jsonString("👨\u{200D}👩") == "\"👨\u{200D}👩\"", "emoji keep their joiner")
        #expect(RecordFormat.jsonString("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        #expect(RecordFormat.jsonString("") == #""""#)
    }

    @Test func jsonKeysAreEscapedToo() {
        let form = Form(name: "x", pages: [Form.Page(fields: [Field(id: "a\"b")])])
        #expect(
            RecordFormat.json(Record(form: form, values: ["a\"b": .text("v")]), form: form) == "{\"a\\\"b\":\"v\"}\n")
    }

    /// Keys in the form's order; a field the record does not hold (one its `when` hid)
    /// is left out, an empty one it holds is `null`.
    @Test func jsonFollowsTheFormNotTheRecord() {
        let reordered = Record(values: [
            ("note", .text("n")), ("text", .text("t")), ("stray", .text("s")), ("due", nil),
        ])
        #expect(RecordFormat.json(reordered, form: Self.form) == #"{"text":"t","due":null,"note":"n"}"# + "\n")
    }

    @Test func jsonWithJapaneseQuotesAndBackslashes() {
        let json = RecordFormat.json(
            record([
                "text": .text(#"「泳ぐ」 "fast" C:\swim\log"#), "note": .text("tab\there\nline"),
            ]), form: Self.form)
        #expect(
            json
                == #"{"text":"「泳ぐ」 \"fast\" C:\\swim\\log","due":null,"laps":null,"distance":null,"done":null,"note":"tab\there\nline"}"#
                + "\n")
    }

    // MARK: env

    @Test func envOfAFullRecord() {
        #expect(
            RecordFormat.env(Self.full, form: Self.form) == """
                text='Freestyle'
                due='2026-11-21'
                laps='8'
                distance='400'
                done='yes'
                note='Tom & Jerry <3'

                """)
    }

    @Test func envOfAnEmptyRecord() {
        #expect(
            RecordFormat.env(Self.empty, form: Self.form) == "text=''\ndue=''\nlaps=''\ndistance=''\ndone=''\nnote=''\n"
        )
    }

    @Test func envQuotesShellMetacharacters() {
        let env = RecordFormat.env(
            record([
                "text": .text("it's $HOME `rm -rf /` $(id) \"q\" \\ ; | & * ? ~ # !"),
                "note": .text("''"),
            ]), form: Self.form)
        #expect(
            env == #"""
                text='it'\''s $HOME `rm -rf /` $(id) "q" \ ; | & * ? ~ # !'
                due=''
                laps=''
                distance=''
                done=''
                note=''\'''\'''

                """#)
        #expect(RecordFormat.shellQuoted("日本語 の メモ") == "'日本語 の メモ'")
        #expect(RecordFormat.shellQuoted("") == "''")
        #expect(RecordFormat.shellQuoted("'") == #"''\'''"#)
    }

    // MARK: template

    @Test func aBooleanWithStatesShowsItsWordInTemplates() throws {
        let form = Form(
            name: "todo",
            pages: [
                .init(fields: [
                    Field(id: "text"),
                    Field(id: "done", type: .boolean, states: Field.States(no: "In progress", yes: "Complete")),
                ])
            ], template: "{{text}}: {{done}}{{#done}} ✓{{/done}}")
        let complete = Record(values: [("text", .text("Buy milk")), ("done", .boolean(true))])
        let open = Record(values: [("text", .text("Call Tom")), ("done", .boolean(false))])
        #expect(try RecordFormat.template(complete, form: form) == "Buy milk: Complete ✓\n")
        #expect(try RecordFormat.template(open, form: form) == "Call Tom: In progress\n")
        // JSON and env keep the value itself.
        #expect(RecordFormat.json(complete, form: form) == #"{"text":"Buy milk","done":true}"# + "\n")
    }

    @Test func templateRendersPlainText() throws {
        #expect(try RecordFormat.template(Self.full, form: Self.form) == "2026-11-21 Freestyle 8x 400m ✓\n")
        var form = Self.form
        form.template = "{{note}}|{{{note}}}|{{&note}}|{{text}}"
        let record = record(["text": .text(#"<b>"quoted"</b> & 'single' = \back/"#), "note": .text("Tom & Jerry")])
        #expect(
            try RecordFormat.template(record, form: form)
                == #"Tom & Jerry|Tom & Jerry|Tom & Jerry|<b>"quoted"</b> & 'single' = \back/"# + "\n")
    }

    @Test func templateWithEmptyValues() throws {
        #expect(try RecordFormat.template(Self.empty, form: Self.form) == "  x m (no note)\n")
    }

    @Test func templateBooleans() throws {
        var form = Self.form
        form.template = "[{{done}}]{{#done}} done{{/done}}{{^done}} todo{{/done}}"
        #expect(try RecordFormat.template(record(["done": .boolean(true)]), form: form) == "[yes] done\n")
        #expect(try RecordFormat.template(record(["done": .boolean(false)]), form: form) == "[no] todo\n")
        #expect(try RecordFormat.template(record([:]), form: form) == "[] todo\n")
        // Inside a section, names still resolve against the record.
        form.template = "{{#done}}{{text}} is done{{/done}}"
        #expect(
            try RecordFormat.template(record(["done": .boolean(true), "text": .text("Swim")]), form: form)
                == "Swim is done\n")
    }

    @Test func templateSectionsOnValues() throws {
        var form = Self.form
        form.template = "{{text}}{{#note}} ({{note}}){{/note}}{{#laps}}, {{.}} laps{{/laps}}"
        #expect(
            try RecordFormat.template(record(["text": .text("Swim"), "note": .text("slow")]), form: form)
                == "Swim (slow)\n")
        #expect(
            try RecordFormat.template(record(["text": .text("Swim"), "laps": .integer(0)]), form: form)
                == "Swim, 0 laps\n")
        #expect(try RecordFormat.template(record(["text": .text("Swim"), "note": .text("")]), form: form) == "Swim\n")
    }

    @Test func templateValuesShowAsText() throws {
        var form = Self.form
        form.template = "{{distance}} {{laps}} {{due}} {{text}}"
        let record = record([
            "distance": .number(0.5), "laps": .integer(-2),
            "due": .date(CivilDate(iso: "2024-02-29")!), "text": .text("日本語 “quotes” \\"),
        ])
        #expect(try RecordFormat.template(record, form: form) == "0.5 -2 2024-02-29 日本語 “quotes” \\\n")
    }

    @Test func templateEndsWithExactlyOneNewline() throws {
        var form = Self.form
        form.template = "{{text}}\n"
        #expect(try RecordFormat.template(record(["text": .text("a")]), form: form) == "a\n")
        form.template = "{{text}}\n{{note}}"
        #expect(try RecordFormat.template(record(["text": .text("a"), "note": .text("b")]), form: form) == "a\nb\n")
    }

    @Test func templateStandaloneTagsOnTheFirstLine() throws {
        var form = Self.form
        form.template = "{{#done}}\nDONE {{text}}\n{{/done}}"
        #expect(
            try RecordFormat.template(record(["done": .boolean(true), "text": .text("a")]), form: form) == "DONE a\n")
    }

    @Test func unknownNamesRenderEmpty() throws {
        var form = Self.form
        form.template = "[{{nope}}]"
        #expect(try RecordFormat.template(Self.full, form: form) == "[]\n")
    }

    @Test func formWithoutTemplate() {
        var form = Self.form
        form.template = nil
        #expect(throws: TemplateError.missing(form: "swim")) { try RecordFormat.template(Self.full, form: form) }
        #expect(
            TemplateError.missing(form: "swim").description
                == "form 'swim' has no template; add 'template:' to the form or use --format json or env")
    }

    @Test func templatesThatDoNotParse() {
        let cases: [(String, TemplateError)] = [
            ("{{#a}}x{{/b}}", .invalid(line: 1, column: 11, reason: .templateCloseTagMismatch)),
            ("{{#a}}x", .invalid(line: 1, column: 8, reason: .templateSectionNotClosed)),
            ("ok\n{{text", .invalid(line: 2, column: 7, reason: .templateEndsInTag)),
            ("{{a b}}", .invalid(line: 1, column: 5, reason: .templateTagNotClosed)),
            ("{{%FOO:BAR}}", .invalid(line: 1, column: 13, reason: .templateUnknownPragma)),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try RecordTemplate(text) }
        }
        var form = Self.form
        form.template = "{{#a}}x{{/b}}"
        #expect(throws: TemplateError.self) { try RecordFormat.template(Self.full, form: form) }
        #expect(
            TemplateError.invalid(line: 1, column: 10, reason: .templateSectionNotClosed).description
                == "template: line 1, column 10: a section is not closed")
        #expect(
            Language.japanese.describe(TemplateError.invalid(line: 1, column: 10, reason: .templateSectionNotClosed))
                == "テンプレート: 1 行 10 列: セクションが閉じていません")
    }

    /// The form's check skips Mustache's parse for a template of text and plain
    /// `{{name}}` tags (DECISIONS 104): such a template must parse, and every
    /// template must get from the check exactly what parsing it gives.
    @Test func aTemplateOfPlainVariablesIsCheckedAsParsingItWould() throws {
        let plain = [
            "{{name}}", "", "no tags at all }} }", "Receipt for {{name}}: {{total}}\n", "{{a.b}} {{x-y_z}}\r\n{{Z9}}",
            "  {{name}}\n\t{{name}}}", "日本語 {{name}}", "é{{a}}é",
        ]
        for text in plain {
            #expect(RecordTemplate.holdsOnlyPlainVariables(text), "\(text.debugDescription)")
            _ = try RecordTemplate(text)
        }
        let other = [
            "{{ name }}", "{", "a{b", "x{", "{{a}", "{{a}}\u{301}", "{\u{301}{a}}", "{{}}", "{{{a}}}", "{{&a}}",
            "{{#a}}x{{/a}}", "{{a(b)}}", "{{!c}}", "{{=<% %>=}}", "{{%CONTENT_TYPE:TEXT}}", "{{a?}}", "{{é}}",
        ]
        for text in other {
            #expect(!RecordTemplate.holdsOnlyPlainVariables(text), "\(text.debugDescription)")
        }
        let pieces = [
            "{", "}", "{{", "}}", "a", "b.c", "-", "_", " ", "\t", "\n", "\r\n", "\r", "#", "/", "^", "!", "&", "=",
            "%", "(", ")", "é", "\u{301}", "日", "\u{600}", "?", "*", "<", ">", "$",
        ]
        var random = SplitMix64(seed: 102)
        var plainSeen = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...12, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            let parsed = Result { () throws(TemplateError) in _ = try RecordTemplate(text) }
            let checked = Result { () throws(TemplateError) in try RecordTemplate.check(text) }
            if RecordTemplate.holdsOnlyPlainVariables(text) {
                plainSeen += 1
                #expect((try? parsed.get()) != nil, "said plain but does not parse: \(text.debugDescription)")
            }
            switch (parsed, checked) {
            case (.success, .success): break
            case (.failure(let a), .failure(let b)): #expect(a == b, "\(text.debugDescription)")
            default: Issue.record("the check and the parse differ for \(text.debugDescription)")
            }
        }
        #expect(plainSeen > 300, "the random templates reach the plain case")
    }

    /// 3,000 nested sections (a 36 KB form) overflowed the stack in Mustache's
    /// parser (SIGSEGV in every command that loads the form); past 100 levels the
    /// template is refused at the tag that opens the 101st.
    @Test func sectionsNestedTooDeeplyAreRefusedWhereTheyGoTooDeep() throws {
        for opening in ["{{#a}}", "{{^a}}", "{{$a}}"] {
            let closing = "{{/a}}"
            let deep = String(repeating: opening, count: 3_000) + "x" + String(repeating: closing, count: 3_000)
            #expect(
                throws: TemplateError.invalid(
                    line: 1, column: 601, reason: .templateTooDeep(100))
            ) {
                try RecordTemplate(deep)
            }
        }
        // On a later line, and after a set-delimiter tag: still counted.
        let later =
            "top\n{{=<% %>=}}" + String(repeating: "<%#a%>", count: 101) + String(repeating: "<%/a%>", count: 101)
        #expect(
            throws: TemplateError.invalid(
                line: 2, column: 11 + 600 + 1,
                reason: .templateTooDeep(100))
        ) {
            try RecordTemplate(later)
        }
        // 100 levels, and any number of sections one after another, are fine.
        let hundred = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        #expect(try RecordTemplate(hundred).render(Record(values: [("a", .text("y"))])) == "x\n")
        _ = try RecordTemplate(String(repeating: "{{#a}}x{{/a}}", count: 5_000))
    }

    @Test func renderDispatchesOnFormat() throws {
        #expect(
            try RecordFormat.json.render(Self.full, form: Self.form) == RecordFormat.json(Self.full, form: Self.form))
        #expect(try RecordFormat.env.render(Self.full, form: Self.form) == RecordFormat.env(Self.full, form: Self.form))
        #expect(try RecordFormat.template.render(Self.full, form: Self.form) == "2026-11-21 Freestyle 8x 400m ✓\n")
        #expect(RecordFormat.allCases.map(\.rawValue) == ["json", "template", "env"])
    }

    // MARK: template variables

    @Test func templateVariablesInOrderOfFirstUse() {
        #expect(
            RecordFormat.templateVariables(Self.form.template!) == ["due", "text", "laps", "distance", "done", "note"])
        #expect(
            RecordFormat.templateVariables("{{a}} {{{b}}} {{&c}} {{#d}}{{/d}} {{^e}}{{/e}} {{ f }} {{a}}")
                == ["a", "b", "c", "d", "e", "f"])
    }

    @Test func templateVariablesSkipCommentsPartialsAndDots() {
        #expect(
            RecordFormat.templateVariables(
                "{{! a comment {{x}} }}{{> part}}{{<parent}}{{$block}}{{/block}}{{/parent}}{{%CONTENT_TYPE:TEXT}}{{.}}{{y}}"
            )
                == ["y"])
        #expect(RecordFormat.templateVariables("{{#list}}{{.}}{{/list}}") == ["list"])
    }

    @Test func templateVariablesOfDottedNamesAndTransforms() {
        #expect(
            RecordFormat.templateVariables("{{a.b}} {{uppercased(c)}} {{reversed(lowercased(d))}} {{.e}}")
                == ["a", "c", "d", "e"])
    }

    @Test func templateVariablesWithOtherDelimiters() {
        #expect(
            RecordFormat.templateVariables("{{a}}{{=<% %>=}}<%b%> {{c}} <%#d%><%/d%><%={{ }}=%>{{e}}")
                == ["a", "b", "d", "e"])
    }

    @Test func templateVariablesOfBrokenTemplates() {
        #expect(RecordFormat.templateVariables("{{a}} {{b") == ["a"])
        #expect(RecordFormat.templateVariables("no tags") == [])
        #expect(RecordFormat.templateVariables("") == [])
        #expect(RecordFormat.templateVariables("{{}}") == [])
    }
}
