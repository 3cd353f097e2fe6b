import Foundation
import SnapshotTesting
import Testing

@testable import KeyformCore

/// `multiple: true`: a field whose value is a list of its grid's key texts.
@Suite(.snapshots(record: .missing))
struct MultipleChoiceTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// `Beach Food Sunset` over `abc Clear Done`.
    static let tags = Layout(
        title: "Tags", kind: .choice,
        pages: [
            Layout.Page(rows: [
                [
                    Layout.Key(label: "Beach", hotkey: "b"), Layout.Key(label: "Food", hotkey: "f"),
                    Layout.Key(label: "Sunset", hotkey: "s"),
                ],
                [
                    Layout.Key(label: "abc", action: .keyboard), Layout.Key(label: "Clear", action: .clear),
                    Layout.Key(label: "Done", hotkey: "d", action: .done),
                ],
            ])
        ])

    static let form = Form(
        name: "vacation",
        pages: [
            Form.Page(fields: [
                Field(id: "tags", label: "Tags", layout: "tags", input: .grid, strict: true, multiple: true),
                Field(id: "note", label: "Note"),
            ])
        ])

    static let context = try! FormContext(form: form, layouts: ["tags": tags], clock: WallClock(today: today))

    static func run(_ events: [FormEvent], from state: FormState? = nil) -> (FormState, [FormEffect]) {
        var state = state ?? FormState.start(context)
        var effects: [FormEffect] = []
        for event in events { effects = FormEngine.reduce(&state, event, context) }
        return (state, effects)
    }

    // MARK: Parser and checks

    @Test func parsesMultiple() throws {
        let form = try FormParserTests.form(
            """
            fields:
              - id: tags
                layout: priority
                multiple: true
                default: High, Low
            """)
        #expect(form.fields[0].multiple)
        #expect(form.fields[0].defaultValue == .value("High, Low"))
    }

    @Test(arguments: [
        ("multiple: true", "'multiple' needs a 'layout' (or 'choices'): its keys are what is picked"),
        (
            "multiple: true\n    layout: priority\n    type: integer",
            "'multiple' applies to text fields; 'tags' is an integer field"
        ),
        (
            "multiple: true\n    layout: keypad",
            "'multiple' needs a layout of choices (kind: choice); 'keypad' is a keypad"
        ),
        (
            "multiple: true\n    layout: priority\n    strict: true\n    default: High, Urgent",
            "default 'High, Urgent' fails the field's own rules: 'Urgent' must be one of: High, Medium, Low"
        ),
        ("multiple: maybe\n    layout: priority", "'multiple' must be true or false"),
    ])
    func reportsMisuse(options: String, message: String) {
        let parsed = FormParserTests.parse("fields:\n  - id: tags\n    \(options)\n")
        let messages = parsed.diagnostics.map(\.message)
        #expect(messages.contains { $0.hasPrefix(message) }, "\(messages)")
    }

    // MARK: Validator

    @Test func validatorSplitsTheEntry() throws {
        let field = Field(id: "tags", layout: "tags", strict: true, multiple: true)
        let validator = try FieldValidator(field: field, choices: ["Beach", "Food", "Sunset"])
        #expect(
            validator.validate("Beach, Food", at: WallClock(today: Self.today)) == .success(.list(["Beach", "Food"])))
        #expect(
            validator.validate(" Food ,Beach,, Food", at: WallClock(today: Self.today))
                == .success(.list(["Food", "Beach"])))
        #expect(validator.validate(" , ", at: WallClock(today: Self.today)) == .success(nil))
        #expect(
            validator.validate("Beach, Opera", at: WallClock(today: Self.today))
                == .failure(FieldProblem(.quoted("Opera", .notAChoice(["Beach", "Food", "Sunset"])), check: .strict)))
        let required = try FieldValidator(
            field: Field(id: "tags", required: true, maxLength: 5, multiple: true), choices: nil)
        #expect(required.validate("", at: WallClock(today: Self.today)) == .failure(.required))
        #expect(
            required.validate("Beach, Sunset", at: WallClock(today: Self.today))
                == .failure(FieldProblem(.quoted("Sunset", .tooLong(5)), check: .maxLength)))
    }

    /// `min_picks`/`max_picks` count the items (each once); an empty optional
    /// field passes (emptiness is `required`'s business).
    @Test func picksAreCountedAgainstTheirBounds() throws {
        let field = Field(id: "tags", layout: "tags", multiple: true, minPicks: 2, maxPicks: 3)
        let validator = try FieldValidator(field: field, choices: nil)
        let clock = WallClock(today: Self.today)
        #expect(validator.validate(.selection([]), at: clock) == .success(nil))
        #expect(validator.validate(.selection(["Beach", "Beach"]), at: clock) == .failure(.tooFewPicks(2)))
        #expect(validator.validate(.selection(["Beach", "Food"]), at: clock) == .success(.list(["Beach", "Food"])))
        #expect(
            validator.validate(.selection(["Beach", "Food", "Sunset", "Opera"]), at: clock)
                == .failure(.tooManyPicks(3)))
        let one = try FieldValidator(
            field: Field(id: "tags", layout: "tags", multiple: true, maxPicks: 1), choices: nil)
        #expect(one.validate(.selection(["Beach", "Food"]), at: clock) == .failure(.tooManyPicks(1)))
        #expect(FieldProblem.tooManyPicks(1).reason == "must have at most 1 pick")
        #expect(FieldProblem.tooFewPicks(2).reason == "must have at least 2 picks")
        // `messages:` words the picks' checks like any other.
        let worded = try FieldValidator(
            field: Field(
                id: "tags", layout: "tags", multiple: true,
                messages: [.maxPicks: "One tag at most"], maxPicks: 1), choices: nil)
        guard case .failure(let problem) = worded.validate(.selection(["Beach", "Food"]), at: clock) else {
            Issue.record("two picks pass max_picks: 1")
            return
        }
        #expect(problem.reason == "One tag at most")
    }

    // MARK: Engine

    @Test func aTextKeyTogglesWithoutCommitting() {
        // The selection is a list; the line (the item the keyboard would type) stays empty.
        var (state, effects) = Self.run([.gridHotkeyPressed("s")])
        #expect(state.entries[0] == FormState.Entry(selection: ["Sunset"]))
        #expect(effects == [.setLine(text: "", cursor: 0)])
        #expect(state.focus == 0 && state.grid != nil)
        (state, effects) = Self.run([.gridHotkeyPressed("b")], from: state)
        #expect(state.entries[0] == FormState.Entry(selection: ["Sunset", "Beach"]))
        (state, effects) = Self.run([.gridHotkeyPressed("s")], from: state)
        #expect(state.entries[0] == FormState.Entry(selection: ["Beach"]))
        #expect(effects == [.setLine(text: "", cursor: 0)])
        #expect(state.focus == 0)
    }

    @Test func enterOnTheHighlightTogglesToo() {
        // The first arrow shows the highlight; Enter then toggles the highlighted key.
        let (state, _) = Self.run([
            .gridMoved(.left), .gridKeyPressed, .gridMoved(.right), .gridKeyPressed, .gridKeyPressed,
        ])
        #expect(state.entries[0].input == .selection(["Beach"]))
        #expect(state.focus == 0)
    }

    @Test func doneCommitsTheSelection() {
        let (state, effects) = Self.run([.gridHotkeyPressed("f"), .gridHotkeyPressed("b"), .gridHotkeyPressed("d")])
        #expect(state.focus == 1)
        #expect(effects.first == .saveDraft(["tags": .selection(["Food", "Beach"]), "note": ""]))
        #expect(
            Self.context.evaluation(state.entries).record
                == .success(Record(form: Self.form, values: ["tags": .list(["Food", "Beach"])])))
    }

    @Test func strictRefusesATypedTagThatIsNoKey() {
        let (state, _) = Self.run([.swapViewPressed, .lineEdited(text: "Opera", cursor: 5), .commitPressed])
        #expect(state.focus == 0)
        #expect(
            state.problems[0]
                == FieldProblem(.quoted("Opera", .notAChoice(["Beach", "Food", "Sunset"])), check: .strict))
        // One item a line: Enter adds it, Enter on the empty line commits.
        let (typed, _) = Self.run([
            .swapViewPressed, .lineEdited(text: "Food", cursor: 4), .commitPressed,
            .lineEdited(text: "Sunset", cursor: 6), .commitPressed, .commitPressed,
        ])
        #expect(typed.focus == 1)
        #expect(
            Self.context.evaluation(typed.entries).record
                == .success(Record(form: Self.form, values: ["tags": .list(["Food", "Sunset"])])))
    }

    @Test func clearEmptiesTheSelection() {
        // A hotkey highlights nothing; the first arrow shows the highlight on Beach.
        let (state, _) = Self.run([
            .gridHotkeyPressed("f"), .gridMoved(.down), .gridMoved(.right), .gridMoved(.down), .gridKeyPressed,
        ])
        #expect(state.entries[0] == FormState.Entry(selection: []))
        #expect(state.focus == 0)
    }

    // MARK: View

    @Test func gridMarksSelectedKeys() {
        let (state, _) = Self.run([.gridHotkeyPressed("b"), .gridHotkeyPressed("s")])
        assertSnapshot(of: FormViewTests.picture(state, Self.context, width: 60, height: 14), as: .lines)
    }

    // MARK: Output

    @Test func outputsAList() throws {
        let form = Form(
            name: "vacation",
            pages: [
                Form.Page(fields: [
                    Field(id: "place"), Field(id: "tags", layout: "tags", multiple: true),
                ])
            ], template: "{{place}}{{#tags}} [{{tags}}]{{/tags}}")
        let record = Record(form: form, values: ["place": .text("Lisbon"), "tags": .list(["Sunset", "Fo\"od"])])
        #expect(RecordFormat.json(record, form: form) == #"{"place":"Lisbon","tags":["Sunset","Fo\"od"]}"# + "\n")
        #expect(RecordFormat.env(record, form: form) == "place='Lisbon'\ntags='Sunset, Fo\"od'\n")
        #expect(try RecordFormat.template(record, form: form) == "Lisbon [Sunset, Fo\"od]\n")
        let empty = Record(form: form, values: ["place": .text("Porto")])
        #expect(try RecordFormat.template(empty, form: form) == "Porto\n")
        // An empty optional list is null, as docs/form-format.md says (not the "" of an empty text).
        #expect(RecordFormat.json(empty, form: form) == #"{"place":"Porto","tags":null}"# + "\n")
        #expect(FieldValue.list(["a", "b"]).text == "a, b")
    }

    // MARK: Answers

    @Test func answersTakeAListOrAText() throws {
        let validators = ["tags": try FieldValidator(field: Self.form.fields[0], choices: Self.tags.choiceTexts)]
        let json = try Answers.fromJSON(Array(#"{"tags":["Beach","Sunset"]}"#.utf8), form: Self.form).get()
        #expect(json == ["tags": .selection(["Beach", "Sunset"])])
        let record = try HeadlessFill.fill(Self.context, answers: json).get()
        #expect(record["tags"] == .list(["Beach", "Sunset"]))
        let lines = try Answers.fromLines("Food, Beach\nhi\n", form: Self.form).get()
        #expect(try HeadlessFill.fill(Self.context, answers: lines).get()["tags"] == .list(["Food", "Beach"]))
        guard
            case .failure(let problems) = Answers.fromJSON(
                Array(#"{"tags":["Beach",1],"note":["x"]}"#.utf8), form: Self.form)
        else {
            Issue.record("a list of non-texts is refused"); return
        }
        #expect(
            problems.problems.map(\.description) == [
                "keyform: field 'tags': must be a list of texts", "keyform: field 'note': must be text, not a list",
            ])
    }
}
