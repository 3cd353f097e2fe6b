import Foundation
import Testing

@testable import KeyformCore

/// Typed entries: a `multiple` field holds the key texts chosen, as a list, from
/// the grid to the record, the draft, answers and test files; nothing splits
/// them at commas again, so a key text may hold one ("Salt, pepper").
struct TypedEntryTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// `Lettuce Tomatoes Salt, pepper` over `Done`.
    static let toppings = Layout(
        title: "Toppings", kind: .choice,
        pages: [
            Layout.Page(rows: [
                [
                    Layout.Key(label: "Lettuce", hotkey: "l"), Layout.Key(label: "Tomatoes", hotkey: "t"),
                    Layout.Key(label: "Salt, pepper", hotkey: "s"),
                ],
                [Layout.Key(label: "Done", hotkey: "d", action: .done)],
            ])
        ])

    static let form = Form(
        name: "salad",
        pages: [
            Form.Page(fields: [
                Field(
                    id: "toppings", label: "Toppings", layout: "toppings", input: .grid, strict: true, multiple: true),
                Field(id: "note", label: "Note"),
            ])
        ])

    static let context = try! FormContext(form: form, layouts: ["toppings": toppings], clock: WallClock(today: today))

    static func run(_ events: [FormEvent], from state: FormState? = nil) -> (FormState, [FormEffect]) {
        var state = state ?? FormState.start(context)
        var effects: [FormEffect] = []
        for event in events { effects = FormEngine.reduce(&state, event, context) }
        return (state, effects)
    }

    @Test func aKeyTextWithACommaIsOneItemFromGridToRecord() {
        let (state, effects) = Self.run([.gridHotkeyPressed("s"), .gridHotkeyPressed("l"), .gridHotkeyPressed("d")])
        #expect(state.focus == 1)
        #expect(state.entries[0] == FormState.Entry(selection: ["Salt, pepper", "Lettuce"]))
        #expect(effects.first == .saveDraft(["toppings": .selection(["Salt, pepper", "Lettuce"]), "note": ""]))
        #expect(
            Self.context.evaluation(state.entries).record
                == .success(Record(form: Self.form, values: ["toppings": .list(["Salt, pepper", "Lettuce"])])))
    }

    @Test func aSelectionTogglesOffTheItemWithAComma() {
        let (state, _) = Self.run([.gridHotkeyPressed("s"), .gridHotkeyPressed("t"), .gridHotkeyPressed("s")])
        #expect(state.entries[0].input == .selection(["Tomatoes"]))
    }

    @Test func aDraftsSelectionStartsTheFormAsChosen() {
        let state = FormState.start(Self.context, values: ["toppings": .selection(["Salt, pepper"])])
        #expect(state.entries[0] == FormState.Entry(selection: ["Salt, pepper"]))
        #expect(state.draft(Self.context)["toppings"] == .selection(["Salt, pepper"]))
    }

    @Test func aDraftWrittenAsTextByAnOlderVersionReadsAsItsItems() {
        let state = FormState.start(Self.context, values: ["toppings": "Lettuce, Tomatoes"])
        #expect(state.entries[0].input == .selection(["Lettuce", "Tomatoes"]))
    }

    @Test func theKeyboardTypesOneMoreItemAsTyped() throws {
        let field = Field(id: "toppings", label: "Toppings", layout: "toppings", input: .grid, multiple: true)
        let form = Form(name: "salad", pages: [Form.Page(fields: [field, Field(id: "note")])])
        let context = try FormContext(
            form: form, layouts: ["toppings": Self.toppings], clock: WallClock(today: Self.today))
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .gridHotkeyPressed("l"), context)
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        _ = FormEngine.reduce(&state, .lineEdited(text: "Oil, vinegar", cursor: 12), context)
        #expect(state.entries[0].input == .selection(["Lettuce", "Oil, vinegar"]))
        // Enter adds the typed item and stays for the next; Enter on the empty line commits.
        let effects = FormEngine.reduce(&state, .commitPressed, context)
        #expect(
            effects == [
                .setLine(text: "", cursor: 0),
                .saveDraft(["toppings": .selection(["Lettuce", "Oil, vinegar"]), "note": ""]),
            ])
        #expect(state.entries[0] == FormState.Entry(selection: ["Lettuce", "Oil, vinegar"]))
        #expect(state.focus == 0)
        _ = FormEngine.reduce(&state, .commitPressed, context)
        #expect(state.focus == 1)
    }

    @Test func theValidatorTakesASelectionItemForItem() throws {
        let validator = try FieldValidator(field: Self.form.fields[0], choices: Self.toppings.choiceTexts)
        let clock = WallClock(today: Self.today)
        #expect(validator.validate(.selection(["Salt, pepper"]), at: clock) == .success(.list(["Salt, pepper"])))
        #expect(
            validator.validate(.selection(["Salt, pepper", "Salt, pepper", ""]), at: clock)
                == .success(.list(["Salt, pepper"])))
        #expect(validator.validate(.selection([]), at: clock) == .success(nil))
        #expect(
            validator.validate(.selection(["Salt"]), at: clock)
                == .failure(
                    FieldProblem(.quoted("Salt", .notAChoice(["Lettuce", "Tomatoes", "Salt, pepper"])), check: .strict))
        )
        #expect(validator.validate(.selection(["a\u{1B}"]), at: clock) == .failure(.controlCharacter("\u{1B}")))
    }

    @Test func jsonAnswersKeepAnItemWithAComma() throws {
        let validators = [
            "toppings": try FieldValidator(field: Self.form.fields[0], choices: Self.toppings.choiceTexts)
        ]
        let answers = try Answers.fromJSON(Array(#"{"toppings":["Salt, pepper","Lettuce"]}"#.utf8), form: Self.form)
            .get()
        #expect(answers == ["toppings": .selection(["Salt, pepper", "Lettuce"])])
        let record = try HeadlessFill.fill(Self.context, answers: answers).get()
        #expect(record["toppings"] == .list(["Salt, pepper", "Lettuce"]))
    }

    @Test func aFormFilesDefaultMayBeAList() throws {
        let form = try FormParserTests.form(
            """
            fields:
              - id: toppings
                layout: priority
                multiple: true
                default: [High, "Low, later"]
            """)
        #expect(form.fields[0].defaultValue == .value(.selection(["High", "Low, later"])))
        let parsed = FormParserTests.parse("fields:\n  - id: note\n    default: [a, b]\n")
        #expect(parsed.diagnostics.map(\.message).contains("a list default needs 'multiple: true'; give one value"))
    }

    @Test func aTestFileExpectsAList() throws {
        let file = try #require(
            FormTestFile.parse(
                """
                form: salad.yaml
                tests:
                  - keys: "sd"
                    expect: {toppings: ["Salt, pepper"]}
                """
            ).value)
        let expect = try #require(file.tests[0].expect)
        #expect(expect == ["toppings": .selection(["Salt, pepper"])])
        let (state, _) = Self.run([.gridHotkeyPressed("s"), .gridHotkeyPressed("d")])
        let values = FormTestFile.Case.values(of: state, context: Self.context)
        #expect(FormTestFile.Case.mismatches(expect, in: values, context: Self.context) == [])
        #expect(
            FormTestFile.Case.mismatches(
                ["toppings": .selection(["Salt", "pepper"])], in: values, context: Self.context
            ).map(\.english) == [#"toppings: expected ["Salt","pepper"], got ["Salt, pepper"]"#])
    }
}
