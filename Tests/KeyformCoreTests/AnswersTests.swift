import KeyformCore
import Testing

@Suite struct AnswersTests {
    static let today = CivilDate(iso: "2026-11-21")!

    static let form = Form(
        name: "todo",
        pages: [
            Form.Page(fields: [
                Field(id: "text", required: true),
                Field(id: "priority", layout: "priority", strict: true, defaultValue: .value("Medium")),
            ]),
            Form.Page(
                title: "When",
                fields: [
                    Field(id: "due", type: .date, defaultValue: .value("today")),
                    Field(id: "laps", type: .integer, min: 1, max: 100),
                    Field(id: "distance", type: .number),
                    Field(id: "done", type: .boolean),
                    Field(id: "note", defaultValue: .last, pattern: "^[^@]*$", maxLength: 140),
                ]),
        ]
    )

    static let priority = Layout(
        title: "Priority", kind: .choice,
        pages: [
            Layout.Page(rows: [
                ["High", "Medium", "Low"].map { Layout.Key(label: $0) }
            ])
        ])
    /// The form prepared as every run prepares it: answers fill the same context.
    static let context = try! FormContext(form: form, layouts: ["priority": priority], clock: WallClock(today: today))

    func json(_ text: String) -> Result<[String: FieldInput], AnswerProblems> {
        Answers.fromJSON(Array(text.utf8), form: Self.form)
    }

    func problems<T>(_ result: Result<T, AnswerProblems>) -> [String] {
        guard case .failure(let problems) = result else { return [] }
        return problems.map(\.description)
    }

    func fill(_ answers: [String: FieldInput]) -> Result<Record, AnswerProblems> {
        HeadlessFill.fill(Self.context, answers: answers)
    }

    // MARK: AnswerProblem

    @Test func problemsRenderAsStderrLines() {
        #expect(
            AnswerProblem(field: "due", "must be a date like 2026-11-21, today or yesterday").description
                == "keyform: field 'due': must be a date like 2026-11-21, today or yesterday")
        #expect(
            AnswerProblem(field: nil, "line 1, column 2: expected a value").description
                == "keyform: answers: line 1, column 2: expected a value")
        let all: AnswerProblems = [AnswerProblem(field: "a", "required"), AnswerProblem(field: nil, "x")]
        #expect(all.description == "keyform: field 'a': required\nkeyform: answers: x\n")
        #expect(all.count == 2)
        #expect(all.first?.fieldID == "a")
    }

    // MARK: JSON answers

    @Test func jsonStringsForAnyField() throws {
        let answers = try json(
            #"""
            {"text": "Buy milk", "priority": "High", "due": "2026/11/21", "laps": "8", "distance": "1.5", "done": "yes", "note": ""}
            """#
        ).get()
        #expect(
            answers == [
                "text": "Buy milk", "priority": "High", "due": "2026/11/21", "laps": "8",
                "distance": "1.5", "done": "yes", "note": "",
            ])
    }

    @Test func jsonNumbersAreKeptAsWritten() throws {
        #expect(
            try json(#"{"laps": 400, "distance": 1.5, "text": 12}"#).get()
                == ["laps": "400", "distance": "1.5", "text": "12"])
        #expect(
            try json(#"{"distance": 1e3, "laps": -0, "text": 1.50}"#).get()
                == ["distance": "1e3", "laps": "-0", "text": "1.50"])
        #expect(try json(#"{"distance": 0.30000000000000004}"#).get() == ["distance": "0.30000000000000004"])
        #expect(
            try json(#"{"laps": 123456789012345678901234567890}"#).get() == ["laps": "123456789012345678901234567890"])
    }

    @Test func jsonBooleansForBooleanFields() throws {
        #expect(try json(#"{"done": true}"#).get() == ["done": "true"])
        #expect(try json(#"{"done": false}"#).get() == ["done": "false"])
    }

    @Test func jsonNullIsNoAnswer() throws {
        #expect(try json(#"{"text": null, "done": null, "laps": null}"#).get() == [:])
        #expect(try json("{}").get() == [:])
    }

    @Test func jsonValuesOfTheWrongKind() {
        #expect(
            problems(json(#"{"note": ["a"], "text": {"b": 1}, "laps": [], "done": {}}"#)) == [
                "keyform: field 'note': must be text, not a list",
                "keyform: field 'text': must be text, not an object",
                "keyform: field 'laps': must be a number, not a list",
                "keyform: field 'done': must be true or false, not an object",
            ])
        #expect(
            problems(json(#"{"due": 20261121, "done": 1, "text": true, "laps": false, "distance": true}"#)) == [
                "keyform: field 'due': must be text, not a number",
                "keyform: field 'done': must be true or false, not a number",
                "keyform: field 'text': must be text, not true",
                "keyform: field 'laps': must be a number, not false",
                "keyform: field 'distance': must be a number, not true",
            ])
    }

    @Test func jsonUnknownAndRepeatedFields() {
        #expect(
            problems(json(#"{"txt": "a", "colour": "red", "priority": "High", "priority": "Low"}"#)) == [
                "keyform: answers: unknown field 'txt'; did you mean 'text'?",
                "keyform: answers: unknown field 'colour'",
                "keyform: field 'priority': is given more than once",
            ])
        #expect(problems(json(#"{"Due": "today"}"#)) == ["keyform: answers: unknown field 'Due'; did you mean 'due'?"])
    }

    @Test func jsonValuesMustBeOneLine() {
        #expect(
            problems(json(#"{"text": "a\nb", "note": "c\r\nd", "priority": "x\u2028y"}"#)) == [
                "keyform: field 'text': must be one line",
                "keyform: field 'note': must be one line",
                "keyform: field 'priority': must be one line",
            ])
    }

    @Test func jsonStringEscapesAndUnicode() throws {
        let answers = try json(
            #"{"text": "\"q\" \\ \/ \t \u00e9 \u65e5\u672c \ud83d\udc4d\ud83c\udffd", "note": "日本語のメモ é"}"#
        ).get()
        #expect(answers["text"] == "\"q\" \\ / \t é 日本 👍🏽")
        #expect(answers["note"] == "日本語のメモ e\u{301}")
    }

    @Test func jsonByteOrderMarkAndWhitespace() throws {
        #expect(
            try Answers.fromJSON([0xEF, 0xBB, 0xBF] + Array(" \n\t{ \"text\" :\r\n \"a\" } \n".utf8), form: Self.form)
                .get()
                == ["text": "a"])
    }

    @Test(
        arguments: [
            ("", "keyform: answers: line 1, column 1: expected a JSON object of field id to value, found nothing"),
            (
                "   \n ",
                "keyform: answers: line 2, column 2: expected a JSON object of field id to value, found nothing"
            ),
            ("[1, 2]", "keyform: answers: line 1, column 1: expected a JSON object of field id to value"),
            ("\"text\"", "keyform: answers: line 1, column 1: expected a JSON object of field id to value"),
            ("{\"text\": \"a\",}", "keyform: answers: line 1, column 14: expected a field id in double quotes"),
            (
                "{\"text\": \"a\"\n \"due\": \"today\"}",
                "keyform: answers: line 2, column 2: expected ',' or '}' after a value"
            ),
            ("{\"text\" \"a\"}", "keyform: answers: line 1, column 9: expected ':' after the field id"),
            ("{text: \"a\"}", "keyform: answers: line 1, column 2: expected a field id in double quotes"),
            ("{'text': 'a'}", "keyform: answers: line 1, column 2: expected a field id in double quotes"),
            ("{\"text\": \"a\"", "keyform: answers: line 1, column 13: expected ',' or '}' after a value"),
            ("{\"text\": \"a", "keyform: answers: line 1, column 12: a string is not closed"),
            (
                "{\"text\": \"日本\n\"}",
                "keyform: answers: line 1, column 13: a control character must be escaped in a string (a line break is \\n)"
            ),
            (
                "{\"text\": \"\\x41\"}",
                "keyform: answers: line 1, column 11: unknown escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
            ),
            ("{\"text\": \"\\u12\"}", "keyform: answers: line 1, column 15: expected four hex digits after \\u"),
            (
                "{\"text\": \"\\ud83d\"}",
                "keyform: answers: line 1, column 11: a \\u escape is half of a surrogate pair"
            ),
            (
                "{\"text\": \"\\udc4d\"}",
                "keyform: answers: line 1, column 11: a \\u escape is half of a surrogate pair"
            ),
            ("{\"laps\": 01}", "keyform: answers: line 1, column 11: a number may not have leading zeros"),
            (
                "{\"laps\": +1}",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            ("{\"laps\": 1.}", "keyform: answers: line 1, column 12: expected a digit after '.' in a number"),
            (
                "{\"laps\": .5}",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            ("{\"laps\": 1e}", "keyform: answers: line 1, column 12: expected a digit in a number's exponent"),
            ("{\"laps\": -}", "keyform: answers: line 1, column 11: expected a digit in a number"),
            (
                "{\"laps\": NaN}",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            (
                "{\"done\": True}",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            (
                "{\"done\": tru}",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            ("{\"text\": \"a\"} {}", "keyform: answers: line 1, column 15: unexpected text after the object"),
            (
                "{\"note\": [1, 2,]}",
                "keyform: answers: line 1, column 16: expected a value (a string, number, true, false or null)"
            ),
            ("{\"note\": [1 2]}", "keyform: answers: line 1, column 13: expected ',' or ']' in a list"),
            ("{\"note\": {\"a\" 1}}", "keyform: answers: line 1, column 15: expected ':' after the key"),
            (
                "{\"text\": }",
                "keyform: answers: line 1, column 10: expected a value (a string, number, true, false or null)"
            ),
            ("{\"text\":", "keyform: answers: line 1, column 9: expected a value, found the end"),
        ] as [(String, String)])
    func malformedJSONIsOneProblemWithAPlace(_ text: String, _ expected: String) {
        #expect(problems(json(text)) == [expected])
    }

    @Test func invalidUTF8() {
        let bytes = Array("{\"text\": \"a".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(
            problems(Answers.fromJSON(bytes, form: Self.form)) == [
                "keyform: answers: line 1, column 12: not valid UTF-8"
            ])
        let overlong = Array("{\"text\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)
        #expect(problems(Answers.fromJSON(overlong, form: Self.form)).count == 1)
        let surrogate = Array("{\"text\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8)
        #expect(problems(Answers.fromJSON(surrogate, form: Self.form)).count == 1)
        let truncated = Array("{\"text\": \"".utf8) + [0xE6, 0x97]
        #expect(problems(Answers.fromJSON(truncated, form: Self.form)).count == 1)
    }

    @Test func deepNestingIsAProblemNotACrash() {
        let deep = "{\"note\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(problems(json(deep)) == ["keyform: answers: line 1, column 73: nested too deeply"])
        let fine =
            "{\"note\": " + String(repeating: "[", count: 20) + "{\"a\": [1, true, null, \"s\"]}"
            + String(repeating: "]", count: 20) + "}"
        #expect(problems(json(fine)) == ["keyform: field 'note': must be text, not a list"])
    }

    // MARK: Line answers

    @Test func linesInFieldOrderAcrossPages() throws {
        let answers = try Answers.fromLines("Buy milk\nHigh\n2026-11-21\n8\n1.5\nyes\na note\n", form: Self.form).get()
        #expect(
            answers == [
                "text": "Buy milk", "priority": "High", "due": "2026-11-21", "laps": "8",
                "distance": "1.5", "done": "yes", "note": "a note",
            ])
    }

    @Test func emptyAndMissingLinesAreNoAnswer() throws {
        #expect(try Answers.fromLines("Buy milk\n\n\n8", form: Self.form).get() == ["text": "Buy milk", "laps": "8"])
        #expect(try Answers.fromLines("", form: Self.form).get() == [:])
        #expect(try Answers.fromLines("\n", form: Self.form).get() == [:])
        #expect(try Answers.fromLines("a", form: Self.form).get() == ["text": "a"])
    }

    @Test func linesKeepSpacesAndDropCR() throws {
        #expect(
            try Answers.fromLines("  Buy milk \r\nHigh\r\n", form: Self.form).get() == [
                "text": "  Buy milk ", "priority": "High",
            ])
        #expect(try Answers.fromLines("日本語\r\n", form: Self.form).get() == ["text": "日本語"])
        #expect(try Answers.fromLines("a\r\n\r\nb", form: Self.form).get() == ["text": "a", "due": "b"])
        // A lone CR is not a line break: the value is rejected by validation ("must be one line").
        #expect(try Answers.fromLines("a\rb", form: Self.form).get() == ["text": "a\rb"])
        #expect(problems(fill(["text": "a\rb"])) == ["keyform: field 'text': must be one line"])
    }

    @Test func linesFromBytesDropAByteOrderMarkAndRefuseWhatIsNotUTF8() throws {
        #expect(
            try Answers.fromLines(Array("\u{FEFF}Buy milk\r\nHigh\n".utf8), form: Self.form).get() == [
                "text": "Buy milk", "priority": "High",
            ])
        #expect(try Answers.fromLines(Array("日本語\n".utf8), form: Self.form).get() == ["text": "日本語"])
        #expect(
            problems(Answers.fromLines(Array("ok\n".utf8) + [0xFF, 0xFE, 0x0A], form: Self.form))
                == ["keyform: answers: line 2: not valid UTF-8; give the answers as UTF-8"])
        // A character cut in half at the end is not UTF-8 either.
        #expect(
            problems(Answers.fromLines(Array(Array("日".utf8).dropLast()), form: Self.form))
                == ["keyform: answers: line 1: not valid UTF-8; give the answers as UTF-8"])
    }

    @Test func extraLinesAreAProblem() throws {
        let eight = "a\nHigh\ntoday\n1\n2\nyes\nnote\nextra\n"
        #expect(
            problems(Answers.fromLines(eight, form: Self.form))
                == ["keyform: answers: line 8: more lines than the form has fields (7 fields)"])
        // Blank lines after the last field are harmless.
        #expect(try Answers.fromLines("a\nHigh\ntoday\n1\n2\nyes\nnote\n\n  \n", form: Self.form).get().count == 7)
        let one = Form(name: "one", pages: [Form.Page(fields: [Field(id: "a")])])
        #expect(
            problems(Answers.fromLines("x\ny", form: one)) == [
                "keyform: answers: line 2: more lines than the form has fields (1 field)"
            ])
    }

    // MARK: Headless fill

    @Test func fillWithAnswersAndDefaults() throws {
        let record = try fill(["text": "Buy milk", "laps": "8"]).get()
        #expect(
            record
                == Record(values: [
                    ("text", .text("Buy milk")), ("priority", .text("Medium")), ("due", .date(Self.today)),
                    ("laps", .integer(8)), ("distance", nil), ("done", nil), ("note", nil),
                ]))
    }

    @Test func answersWinOverDefaultsAndEmptyAnswersTakeThem() throws {
        let record = try fill(["text": "a", "priority": "High", "due": "yesterday"]).get()
        #expect(record["priority"] == .text("High"))
        #expect(record["due"] == .date(CivilDate(iso: "2026-11-20")!))
        let empty = try fill(["text": "a", "priority": "", "due": ""]).get()
        #expect(empty["priority"] == .text("Medium"))
        #expect(empty["due"] == .date(Self.today))
    }

    @Test func lastDefaultIsResolvedByTheCaller() throws {
        #expect(try fill(["text": "a"]).get()["note"] == nil)
        #expect(try fill(["text": "a", "note": "from the last record"]).get()["note"] == .text("from the last record"))
    }

    @Test func everyProblemInFieldOrder() {
        let result = fill([
            "done": "maybe", "priority": "Urgent", "laps": "0", "due": "2026-02-30",
            "distance": "1,5", "note": "me@example.com",
        ])
        #expect(
            problems(result) == [
                "keyform: field 'text': required",
                "keyform: field 'priority': must be one of: High, Medium, Low",
                "keyform: field 'due': must be a real date; February 2026 has 28 days",
                "keyform: field 'laps': must be at least 1",
                "keyform: field 'distance': must be a number",
                "keyform: field 'done': must be yes or no",
                "keyform: field 'note': must match the pattern ^[^@]*$",
            ])
    }

    @Test func invalidDefaultsAreProblemsToo() {
        let form = Form(
            name: "x", pages: [Form.Page(fields: [Field(id: "n", type: .integer, defaultValue: .value("many"))])])
        #expect(
            problems(
                HeadlessFill.fill(
                    try! FormContext(form: form, layouts: [:], clock: WallClock(today: Self.today)), answers: [:]))
                == ["keyform: field 'n': must be a whole number"])
    }

    @Test func aFieldWhoseLayoutDidNotResolveIsNotStrict() throws {
        let context = try FormContext(form: Self.form, layouts: [:], clock: WallClock(today: Self.today))
        let record = try HeadlessFill.fill(context, answers: ["text": "a", "priority": "Anything", "laps": "3"]).get()
        #expect(record["laps"] == .integer(3))
        #expect(record["priority"] == .text("Anything"))  // no choices known, so not strict
        let bad = Form(name: "x", pages: [Form.Page(fields: [Field(id: "t", pattern: "(")])])
        #expect(throws: FieldValidator.PatternError.self) {
            try FormContext(form: bad, layouts: [:], clock: WallClock(today: Self.today))
        }
    }

    @Test func unknownAnswersAreProblemsAfterTheFields() {
        #expect(
            problems(fill(["text": "a", "zzz": "1", "lap": "2"])) == [
                "keyform: answers: unknown field 'lap'; did you mean 'laps'?",
                "keyform: answers: unknown field 'zzz'",
            ])
    }

    @Test func fillFromJSONEndToEnd() throws {
        let answers = try json(#"{"text": "Freestyle 400m", "laps": 8, "distance": 400, "done": true, "note": "日本語"}"#)
            .get()
        let record = try fill(answers).get()
        #expect(
            RecordFormat.json(record, form: Self.form)
                == #"{"text":"Freestyle 400m","priority":"Medium","due":"2026-11-21","laps":8,"distance":400,"done":true,"note":"日本語"}"#
                + "\n")
    }

    @Test func fillFromLinesEndToEnd() throws {
        let answers = try Answers.fromLines("it's here\nLow\n2024/2/29\n\n2.50\nNo\n", form: Self.form).get()
        let record = try fill(answers).get()
        #expect(
            RecordFormat.env(record, form: Self.form) == """
                text='it'\\''s here'
                priority='Low'
                due='2024-02-29'
                laps=''
                distance='2.5'
                done='no'
                note=''

                """)
    }

    /// The form's rules apply to answers as to the terminal: every broken rule is
    /// one problem (`keyform: rule 'NAME': MESSAGE`) after the fields' own; a rule
    /// comparing an empty field, or one in error, waits.
    @Test func aBrokenRuleIsAProblemNamedByTheRule() throws {
        let form = Form(
            name: "shift",
            pages: [
                Form.Page(fields: [
                    Field(id: "start", type: .time), Field(id: "end", type: .time), Field(id: "email"),
                    Field(id: "phone"),
                ])
            ],
            rules: [
                FormRule(
                    name: "end-after-start", test: .check(try RuleParser.parse("end >= start").get()),
                    message: "The end comes after the start"),
                FormRule(name: "contact", test: .oneOf(["email", "phone"]), message: "Fill in Email or Phone"),
            ])
        let clock = WallClock(today: Self.today, minuteOfDay: 600)
        func fill(_ answers: [String: FieldInput]) -> String {
            switch HeadlessFill.fill(try! FormContext(form: form, layouts: [:], clock: clock), answers: answers) {
            case .success: "ok"
            case .failure(let problems): problems.description
            }
        }
        #expect(
            fill(["start": "10:00", "end": "9:00"]) == """
                keyform: rule 'end-after-start': The end comes after the start
                keyform: rule 'contact': Fill in Email or Phone

                """)
        #expect(fill(["start": "10:00", "phone": "555"]) == "ok")
        #expect(
            fill(["start": "10:00", "end": "25:00", "phone": "555"])
                == "keyform: field 'end': must be a real time; hours go from 0 to 23, minutes from 0 to 59\n")
        #expect(fill(["start": "10:00", "end": "10:30", "email": "a@b.c"]) == "ok")
    }
}
