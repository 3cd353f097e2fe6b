import KeyformCore
import Testing

@Suite struct ChoiceLayoutTests {
    @Test func choicesAreReadFromTheFormFile() throws {
        let parsed = FormParser.parse(
            """
            fields:
              - id: list
                choices: {from: checklist.list, order: frequent, limit: 5}
            """, stem: "x", layouts: { _ in .missing })
        #expect(parsed.diagnostics == [])
        #expect(
            parsed.value?.fields.first?.choices
                == Field.ChoiceSource(form: "checklist", field: "list", order: .frequent, limit: 5))
    }

    @Test func badChoicesAreDiagnosedWhereTheyAre() {
        let parsed = FormParser.parse(
            """
            fields:
              - id: a
                choices: {from: checklist}
              - id: b
                choices: {from: x.y, order: newest}
              - id: c
                layout: priority
                choices: {from: x.y}
            """, stem: "x", layouts: { _ in .found(Layout(pages: [.init(rows: [[.init(label: "k")]])])) })
        #expect(
            parsed.diagnostics.map(\.description) == [
                "3:21: error: 'from' must be FORM.FIELD (a form's name and one of its field ids, like checklist.name), found 'checklist'",
                "5:33: error: unknown order 'newest'; expected 'recent' or 'frequent'",
                "8:5: error: a field offers a 'layout' or 'choices' from the store, not both",
            ])
    }

    @Test func earlierValuesBecomeAGridWithDigitHotkeysAndAKeyboardKey() {
        let form = Form(
            name: "checklist",
            pages: [.init(fields: [Field(id: "list", label: "List", choices: .init(form: "checklist", field: "list"))])]
        )
        let (applied, layouts) = ChoiceLayout.apply(to: form) { _ in ["Trip", "Groceries"] }
        let field = applied.fields[0]
        #expect(field.layout == "choices:list")
        #expect(field.input == .grid)
        let keys = layouts["choices:list"]?.allKeys ?? []
        #expect(keys.map(\.label) == ["Trip", "Groceries", "abc"])
        #expect(keys.map(\.hotkey) == ["1", "2", "/"])
        #expect(keys.last?.action == .keyboard)
    }

    @Test func withNothingStoredYetTheFieldOpensInTheKeyboard() {
        let form = Form(
            name: "f", pages: [.init(fields: [Field(id: "list", choices: .init(form: "f", field: "list"))])])
        let (applied, layouts) = ChoiceLayout.apply(to: form) { _ in [] }
        #expect(applied.fields[0].input == .keyboard)
        #expect(layouts["choices:list"]?.allKeys.map(\.label) == ["abc (none yet)"])
    }

    @Test func theLimitIsKept() {
        let form = Form(
            name: "f", pages: [.init(fields: [Field(id: "n", choices: .init(form: "f", field: "n", limit: 2))])])
        let (_, layouts) = ChoiceLayout.apply(to: form) { _ in ["a", "b", "c"] }
        #expect(layouts["choices:n"]?.choiceTexts == ["a", "b"])
    }
}
