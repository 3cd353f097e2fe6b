import KeyformCore
import SnapshotTesting
import Testing

/// Issue 22's `note` field kind: text to read, no value. Focus stops on it
/// (huh's Note does), Enter and Tab go on; a note alone on the last page is
/// the review page where Done is pressed; it is in no record, output or answer.
@Suite(.snapshots(record: .missing))
struct NoteFieldTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// huh's burger, shortened: a welcome, two questions, a review page of one note.
    static let burger = Form(
        title: "Burger", name: "burger",
        pages: [
            Form.Page(
                title: "Order",
                fields: [
                    Field(
                        id: "welcome", label: "Welcome to Charmburger", type: .note,
                        description: "Fill in your order.\nDone is on the last page."),
                    Field(id: "bun", label: "Bun", required: true),
                    Field(id: "count", label: "How many", type: .integer),
                ]),
            Form.Page(
                title: "Review",
                fields: [
                    Field(
                        id: "review", label: "Your order", type: .note,
                        description: "{{count}} burger(s) on a {{bun}} bun.")
                ]),
        ])

    static func context(_ form: Form = burger) -> FormContext {
        try! FormContext(form: form, layouts: [:], clock: WallClock(today: today))
    }

    @Test func aNoteShowsItsHeadingAndTextNotDimmedWithTheCursorOnIt() {
        let context = Self.context()
        let state = FormViewTests.state(context, focus: 0)
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func theReviewPageSummarizesEarlierAnswersAndEnterPressesDone() {
        let context = Self.context()
        let state = FormViewTests.state(context, values: ["bun": .line("Brioche"), "count": .line("2")], focus: 3)
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines)
        var submitted = state
        let effects = FormEngine.reduce(&submitted, .commitPressed, context)
        let record = Record(values: [("bun", .text("Brioche")), ("count", .integer(2))])
        #expect(submitted.outcome == .submitted(record))
        #expect(effects.contains(.submit(record)), "\(effects)")
    }

    @Test func enterAndTabGoOnFromANoteAndShiftTabComesBack() {
        let context = Self.context()
        var state = FormViewTests.state(context, focus: 0)
        _ = FormEngine.reduce(&state, .commitPressed, context)
        #expect(state.focus == 1)
        _ = FormEngine.reduce(&state, .previousPressed, context)
        #expect(state.focus == 0)
        _ = FormEngine.reduce(&state, .nextPressed, context)
        #expect(state.focus == 1)
        #expect(state.problems.isEmpty)
    }

    /// The note's keys: nothing types or toggles; the footer names Enter's step.
    @Test func aNoteIsItsOwnViewWhereKeysTypeNothing() {
        let context = Self.context()
        let situation = FormKeySituation(state: FormViewTests.state(context, focus: 0), context: context)
        #expect(situation.view == .note)
        let map = FormKeyMaps.standard.note
        #expect(map.action(for: .character("x"), in: situation) == nil)
        #expect(map.action(for: .space, in: situation) == nil)
        #expect(map.action(for: .enter, in: situation) == .commit)
        #expect(map.action(for: .tab, in: situation) == .nextField)
        #expect(
            FormKeyMaps.standard.footer(in: situation, width: 80).hasPrefix("Enter/Tab next"),
            "\(FormKeyMaps.standard.footer(in: situation, width: 80))")
    }

    @Test func aNoteIsInNoRecordNorItsOutputs() throws {
        let context = Self.context()
        let evaluation = FormEvaluation(context, inputs: [.line(""), .line("Sesame"), .line("1"), .line("")])
        let record = try evaluation.record.get()
        #expect(record == Record(values: [("bun", .text("Sesame")), ("count", .integer(1))]))
        #expect(RecordFormat.json(record, form: context.form) == "{\"bun\":\"Sesame\",\"count\":1}\n")
        #expect(RecordFormat.env(record, form: context.form) == "bun='Sesame'\ncount='1'\n")
        #expect(context.form.valueFields.map(\.id) == ["bun", "count"])
    }

    @Test func answersNamingANoteAreAProblemAndLinesSkipNotes() {
        let form = Self.burger
        let given = Answers.fromJSON(Array(#"{"welcome": "hi", "bun": "Sesame"}"#.utf8), form: form)
        #expect(
            given.failure?.description
                == "keyform: field 'welcome': is a note, which takes no answer; remove 'welcome' from the answers\n")
        // One line a field that is asked: the note takes none.
        let lines = Answers.fromLines("Sesame\n3\n", form: form)
        #expect(lines.success == ["bun": .line("Sesame"), "count": .line("3")])
        #expect(
            Answers.fromLines("Sesame\n3\nmore\n", form: form).failure?.description
                == "keyform: answers: line 3: more lines than the form has fields (2 fields)\n")
        // The library and records import hand answers straight to the fill.
        let filled = HeadlessFill.fill(Self.context(), answers: ["review": .line("x"), "bun": .line("Sesame")])
        #expect(
            filled.failure?.description
                == "keyform: field 'review': is a note, which takes no answer; remove 'review' from the answers\n")
    }

    @Test func whenHidesANoteAsAnyField() {
        var form = Self.burger
        form.pages[1].fields[0].when = .filled(field: "count")
        let context = Self.context(form)
        #expect(
            FormEvaluation(context, inputs: [.line(""), .line("Sesame"), .line(""), .line("")]).pageShown == [
                true, false,
            ])
        #expect(
            FormEvaluation(context, inputs: [.line(""), .line("Sesame"), .line("2"), .line("")]).pageShown == [
                true, true,
            ])
    }

    @Test func aNoteWithoutALabelShowsNoHeading() throws {
        let parsed = FormParser.parse(
            """
            fields:
              - {id: hello, type: note, description: "Hi {{name}}"}
              - id: name
            """, stem: "t"
        ) { _ in .missing }
        let form = try #require(parsed.value, "\(parsed.diagnostics)")
        #expect(form.fields[0].label == "")
        // A later field named: the check warns, the note shows it empty until answered.
        #expect(
            parsed.diagnostics.map(\.description) == [
                "2:46: warning: {{name}} in the description of 'hello' names a field that comes later; it shows empty until 'name' is answered"
            ])
        let context = Self.context(form)
        let text = FormView.render(
            FormViewTests.state(context, values: ["name": .line("Ada")], focus: 0), context, width: 40, height: 10
        ).text(markCursor: true)
        #expect(text.contains("\n› ▏Hi Ada\n  name  Ada"), "\(text)")
    }

    @Test func aCompactFormShowsANoteByItsHeading() {
        var form = Self.burger
        form.compact = true
        form.pages = [Form.Page(fields: Self.burger.pages[0].fields)]
        let context = Self.context(form)
        let text = FormView.render(FormViewTests.state(context, focus: 0), context, width: 80, height: 12).text(
            markCursor: true)
        #expect(
            text.contains(
                "› ▏Welcome to Charmburger · Bun* – · How many –\n  Fill in your order.\n  Done is on the last page.\n"),
            "\(text)")
    }
}

extension Result {
    var success: Success? { if case .success(let value) = self { value } else { nil } }
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
