import KeyformCore
import SnapshotTesting
import Testing

/// Issue 22's words for people on the screen: descriptions under labels and
/// page titles, placeholders in empty fields (frame snapshots with styles).
@Suite(.snapshots(record: .missing))
struct WordsForPeopleViewTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static let receipt = Form(
        title: "Receipt", name: "receipt",
        pages: [
            Form.Page(
                title: "Paid",
                fields: [
                    Field(id: "paid", label: "Paid", type: .boolean),
                    Field(
                        id: "amount", label: "Amount", type: .number, required: true,
                        description: "What the receipt says, tax included; the store's own rounding, not yours.",
                        placeholder: "12.50"),
                    Field(id: "shop", label: "Shop", placeholder: "Where you paid"),
                ], description: "One receipt a form.\nKeep the paper until the month is closed."),
            Form.Page(title: "Notes", fields: [Field(id: "note", label: "Note")]),
        ])

    static func context(_ form: Form = receipt) -> FormContext {
        try! FormContext(form: form, layouts: [:], clock: WallClock(today: today))
    }

    @Test func descriptionsSitUnderTheirLabelAndTitleAndPlaceholdersInEmptyFields() {
        let context = Self.context()
        let state = FormViewTests.state(context, focus: 1)
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func theFirstTypedKeyReplacesThePlaceholder() {
        let context = Self.context()
        let typing = FormViewTests.state(context, focus: 1, [FormViewTests.typed("1")])
        let text = FormView.render(typing, context, width: 80, height: 24).text(markCursor: true)
        #expect(text.contains("Amount*  1▏\n"), "\(text)")
        #expect(!text.contains("12.50"), "\(text)")
        // Emptied again: the placeholder is back, the cursor at its start.
        let emptied = FormViewTests.state(context, focus: 1, [FormViewTests.typed("1"), FormViewTests.typed("")])
        #expect(
            FormView.render(emptied, context, width: 80, height: 24).text(markCursor: true).contains("Amount*  ▏12.50"))
    }

    @Test func aValueLeftStandingShowsInsteadOfThePlaceholder() {
        let context = Self.context()
        var state = FormViewTests.state(context, values: ["amount": .line("9.99")], focus: 1)
        state.entries[1].openForNewValue()
        let text = FormView.render(state, context, width: 80, height: 24).text(markCursor: true)
        #expect(text.contains("Amount*  ▏9.99"), "\(text)")
        #expect(!text.contains("12.50"), "\(text)")
    }

    @Test func aPlaceholderIsNeverAValue() {
        let context = Self.context()
        let state = FormViewTests.state(context, focus: 1)
        #expect(state.entries[1].text.isEmpty)
        #expect(context.evaluation(state.entries).doneBlocker?.problem == .required)
        // Not in the draft: committing the empty field saves it empty.
        var committed = state
        let effects = FormEngine.reduce(&committed, .commitPressed, context)
        #expect(!effects.contains { "\($0)".contains("12.50") }, "\(effects)")
        #expect(committed.problems[1] == .required)
    }

    /// A compact form has one line for its fields: only the focused field's
    /// description shows, under that line; its placeholder behind the cursor.
    @Test func aCompactFormDescribesTheFocusedFieldOnly() {
        var form = Self.receipt
        form.compact = true
        form.pages = [Form.Page(fields: Self.receipt.pages[0].fields)]
        let context = Self.context(form)
        let state = FormViewTests.state(context, focus: 1)
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 12), as: .lines)
    }

    /// Text from the file reaches the screen escaped, like every label.
    @Test func aDescriptionIsEscapedAndAShortScreenDropsThePagesNote() {
        let form = Form(
            name: "x",
            pages: [
                Form.Page(
                    fields: [
                        Field(id: "a", description: "bell\u{7}here", placeholder: "tab\there")
                    ], description: "first\nsecond")
            ])
        let context = Self.context(form)
        let frame = FormView.render(FormViewTests.state(context), context, width: 40, height: 12)
        #expect(frame.text().contains(TerminalSafe.escaped("bell\u{7}here")), "\(frame.text())")
        #expect(frame.text().contains(TerminalSafe.escaped("tab\there")), "\(frame.text())")
        #expect(!frame.text().contains("\u{7}") && !frame.text().contains("\t"))
        let short = FormView.render(FormViewTests.state(context), context, width: 40, height: 8)
        #expect(!short.text().contains("first"), "\(short.text())")
    }
}
