import Testing

@testable import KeyformCore

/// Each field kind's descriptor, as plain values: what the validator, the
/// formats, the store and `keyform test` ask it.
@Suite struct FieldKindTests {
    static let clock = WallClock(today: CivilDate(iso: "2026-11-21")!, minuteOfDay: 9 * 60 + 5)

    func field(_ type: Field.ValueType, multiple: Bool = false, states: Field.States? = nil) -> Field {
        Field(id: "x", type: type, multiple: multiple, states: states)
    }

    @Test func eachTypeHasItsKindAndEachValueNamesIt() {
        for type in Field.ValueType.allCases { #expect(type.kind.type == type) }
        let values: [(FieldValue, Field.ValueType)] = [
            (.text("a"), .text), (.list(["a"]), .text), (.integer(1), .integer), (.number(1.5), .number),
            (.date(CivilDate(iso: "2026-11-21")!), .date), (.boolean(true), .boolean),
        ]
        for (value, type) in values { #expect(value.kind.type == type, "\(value)") }
    }

    @Test func optionsNameTheKindsThatTakeThem() {
        #expect(FieldKinds.taking("pattern") == "text")
        #expect(FieldKinds.taking("multiple") == "text")
        #expect(FieldKinds.taking("min") == "integer and number")
        #expect(FieldKinds.taking("states") == "boolean")
        #expect(FieldKinds.synonyms["int"] == .integer)
        #expect(FieldKinds.synonyms["bool"] == .boolean)
        #expect(FieldKinds.synonyms["day"] == .date)
        #expect(IntegerKind().withArticle == "an integer")
        #expect(DateKind().withArticle == "a date")
    }

    @Test func jsonIsTypedAndEmptyTextIsAnEmptyString() {
        #expect(RecordFormat.jsonValue(nil, of: field(.text)) == "\"\"")
        #expect(RecordFormat.jsonValue(nil, of: field(.text, multiple: true)) == "null")
        #expect(RecordFormat.jsonValue(nil, of: field(.date)) == "null")
        #expect(RecordFormat.jsonValue(.integer(-4), of: field(.integer)) == "-4")
        #expect(RecordFormat.jsonValue(.number(400), of: field(.number)) == "400")
        #expect(RecordFormat.jsonValue(.boolean(false), of: field(.boolean)) == "false")
        #expect(RecordFormat.jsonValue(.list(["a", "b\""]), of: field(.text, multiple: true)) == "[\"a\",\"b\\\"\"]")
        // A stored value of another kind than its field's now writes as its own kind: valid JSON.
        #expect(RecordFormat.jsonValue(.text("abc"), of: field(.integer)) == "\"abc\"")
    }

    @Test func theStoreGetsJSONFromTheKind() {
        #expect(NumberKind().storedJSON(.number(400)) == "400.0")
        #expect(NumberKind().storedJSON(.number(1e21)) == "1e+21")
        #expect(NumberKind().storedJSON(.number(.infinity)) == nil)
        #expect(IntegerKind().storedJSON(.integer(7)) == "7")
        #expect(BooleanKind().storedJSON(.boolean(true)) == "true")
        #expect(TextKind().storedJSON(.list(["a", "b"])) == "[\"a\",\"b\"]")
    }

    @Test func storedValuesConvertWhenThatIsExact() {
        #expect(IntegerKind().fromStored(.number(3), field: field(.integer)) == .integer(3))
        #expect(IntegerKind().fromStored(.number(3.5), field: field(.integer)) == .number(3.5))
        #expect(NumberKind().fromStored(.integer(3), field: field(.number)) == .number(3))
        #expect(DateKind().fromStored(.text("2026-11-21"), field: field(.date)) == .date(CivilDate(iso: "2026-11-21")!))
        #expect(DateKind().fromStored(.text("soon"), field: field(.date)) == .text("soon"))
        #expect(BooleanKind().fromStored(.integer(1), field: field(.boolean)) == .boolean(true))
        #expect(BooleanKind().fromStored(.text("no"), field: field(.boolean)) == .boolean(false))
        #expect(TextKind().fromStored(.integer(3), field: field(.text)) == .text("3"))
        #expect(TextKind().fromStored(.list(["a", "b"]), field: field(.text)) == .text("a, b"))
        #expect(TextKind().fromStored(.text("a, b"), field: field(.text, multiple: true)) == .list(["a", "b"]))
    }

    @Test func whereValuesAreReadByTheKind() {
        #expect(IntegerKind().matchValue("12", clock: Self.clock) == .success(.integer(12)))
        #expect(
            IntegerKind().matchValue("1.5", clock: Self.clock)
                == .failure(FieldProblem(.quoted("1.5", .isNotWholeNumber))))
        #expect(NumberKind().matchValue("1.5", clock: Self.clock) == .success(.number(1.5)))
        #expect(
            DateKind().matchValue("2026-11-21", clock: Self.clock) == .success(.date(CivilDate(iso: "2026-11-21")!)))
        #expect(BooleanKind().matchValue("TRUE", clock: Self.clock) == .success(.boolean(true)))
        #expect(
            BooleanKind().matchValue("maybe", clock: Self.clock)
                == .failure(FieldProblem(.quoted("maybe", .isNotYesOrNo))))
        #expect(TextKind().matchValue("a b", clock: Self.clock) == .success(.text("a b")))
    }

    /// Issue 12: one date reader everywhere. `--where` takes what the form takes.
    @Test func whereReadsADateAsTheFormDoes() {
        #expect(DateKind().matchValue("tomorrow", clock: Self.clock) == .success(.date(CivilDate(iso: "2026-11-22")!)))
        #expect(DateKind().matchValue("Yesterday", clock: Self.clock) == .success(.date(CivilDate(iso: "2026-11-20")!)))
        #expect(DateKind().matchValue("2026/1/5", clock: Self.clock) == .success(.date(CivilDate(iso: "2026-01-05")!)))
        #expect(
            DateKind().matchValue("someday", clock: Self.clock)
                == .failure(FieldProblem(.quoted("someday", .notDate))))
        #expect(
            DateKind().matchValue("2026-02-30", clock: Self.clock)
                == .failure(FieldProblem(.quoted("2026-02-30", .notARealDate(year: 2026, month: 2)))))
    }

    /// Issue 12: the date error names every word a date field accepts.
    @Test func theDateErrorListsEveryAcceptedForm() throws {
        let problem = FieldProblem.notDate.reason
        #expect(problem == "must be a date: 2026-11-21, today, yesterday or tomorrow")
        for word in DateKind().clockWords { #expect(problem.contains(word), "\(word)") }
    }

    /// Issue 12: a date field holding `today` or `tomorrow` shows the day it
    /// stands for once focus leaves it; while typed in, the word as typed.
    @Test func aDateWordShowsTheDayItResolvesTo() throws {
        let form = Form(
            title: "Trip", name: "trip",
            pages: [
                Form.Page(fields: [
                    Field(id: "place", label: "Place"), Field(id: "leave", label: "Leave", type: .date),
                    Field(id: "back", label: "Back", type: .date), Field(id: "at", label: "At", type: .time),
                ])
            ])
        let context = try FormContext(form: form, layouts: [:], clock: Self.clock)
        let state = FormState.start(
            context, values: ["leave": "tomorrow", "back": " Today ", "at": "now", "place": "today"])
        let screen = FormView.render(state, context, width: 40, height: 10, color: false).text()
        #expect(screen.contains("Leave  2026-11-22"), "\(screen)")
        #expect(screen.contains("Back   2026-11-21"), "\(screen)")
        #expect(screen.contains("At     09:05"), "\(screen)")
        #expect(screen.contains("› Place  today"), "a text field shows what was typed: \(screen)")
        #expect(
            state.entries[1].text == "tomorrow", "the entry keeps the word: a draft resumed tomorrow means that day")
        #expect(context.shownText(ofField: 1, FormState.Entry("2026-1-5")) == "2026-1-5")
        #expect(context.shownText(ofField: 1, FormState.Entry("someday")) == "someday")
    }

    @Test func peopleSeeABooleansWords() {
        let status = field(.boolean, states: Field.States(no: "In progress", yes: "Complete"))
        #expect(BooleanKind().shown(.boolean(true), field: status) == "Complete")
        #expect(BooleanKind().listCell(.boolean(false), field: status) == "✗ In progress")
        #expect(BooleanKind().listCell(.boolean(true), field: field(.boolean)) == "✓")
        #expect(TextKind().listCell(.text("a\u{1B}b"), field: field(.text)) == TerminalSafe.escaped("a\u{1B}b"))
        #expect(IntegerKind().alignsRight && NumberKind().alignsRight && !DateKind().alignsRight)
        #expect(TextKind().shrinksInList && !DateKind().shrinksInList)
    }

    @Test func testFilesCompareAsTheKindSays() throws {
        let status = field(.boolean, states: Field.States(no: "In progress", yes: "Complete"))
        let validator = try FieldValidator(field: status, choices: nil)
        func mismatch(_ expected: String, _ actual: FieldValue?) -> String? {
            status.kind.testMismatch(
                expected: expected, actual: actual, field: status, validator: validator, clock: Self.clock)
        }
        #expect(mismatch("Complete", .boolean(true)) == nil)
        #expect(mismatch("yes", .boolean(true)) == nil)
        #expect(mismatch("no", .boolean(true)) == "Complete")
        #expect(mismatch("maybe", .boolean(true)) == "yes")
        let number = field(.number)
        let numbers = try FieldValidator(field: number, choices: nil)
        // Numbers compare as written: 400.0 is not what the record shows.
        #expect(
            number.kind.testMismatch(
                expected: "400.0", actual: .number(400), field: number, validator: numbers, clock: Self.clock) == "400")
    }
}
