import KeyformCore
import Testing

/// Issue 22's `required_if`: a field required only while a condition on
/// earlier answers holds — `when:`'s conditions, read and evaluated by the same
/// code; said under the field, on Done's line and in answers.
@Suite struct RequiredIfTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static func parsed(_ source: String) -> Parsed<Form> {
        FormParser.parse(source, stem: "expense") { _ in .missing }
    }

    static let expense = parsed(
        """
        fields:
          - {id: amount, type: number}
          - {id: billable, label: For a client, type: boolean}
          - {id: client, label: Client, required_if: {billable: true}}
          - {id: receipt, type: boolean}
          - {id: why, label: Why no receipt, required_if: {receipt: false}, messages: {required: Say why there is no receipt}}
        """
    ).value!

    static func context(_ form: Form = expense) -> FormContext {
        try! FormContext(form: form, layouts: [:], clock: WallClock(today: today))
    }

    static func entries(_ texts: [String]) -> [FormState.Entry] { texts.map { FormState.Entry($0) } }

    @Test func itIsReadAsAConditionOnEarlierFields() throws {
        #expect(Self.expense.fields[2].requiredIf == .equals("billable", "true"))
        let later = Self.parsed(
            """
            fields:
              - {id: client, required_if: {billable: true}}
              - {id: billable, type: boolean}
              - {id: code, required: true, required_if: {billable: maybe}}
            """)
        #expect(
            later.diagnostics.map(\.description) == [
                "2:32: error: 'required_if' of field 'client' names field 'billable', which is asked after it; a condition decides from earlier answers only: move 'billable' before it, or name an earlier field",
                "4:56: error: 'required_if' of field 'code': boolean field 'billable' cannot hold 'maybe' ('maybe' is not yes or no)",
            ], "\(later.diagnostics)")
    }

    @Test func requiredWhileTheConditionHoldsOnly() throws {
        let context = Self.context()
        let evaluation = context.evaluation(Self.entries(["3", "yes", "", "yes", ""]))
        #expect(
            evaluation.problem(ofField: 2) == .required(when: .conditionIs(field: "billable", values: [.booleanYes])))
        #expect(evaluation.doneBlocker?.field == 2)
        #expect(evaluation.required == [false, false, true, false, false])
        #expect(FormEvaluation(context, Self.entries(["3", "no", "", "yes", ""])).doneBlocker == nil)
        // Spaces alone are empty, as for a required field.
        #expect(
            context.evaluation(Self.entries(["3", "yes", "  ", "yes", ""])).problem(ofField: 2)?.reason
                == "required when billable is yes")
        let record = try context.evaluation(Self.entries(["3", "yes", "Acme", "yes", ""])).record.get()
        #expect(record["client"] == .text("Acme"))
    }

    /// Done's line and the line under the field say the condition in the
    /// person's language: the id and the value as the form wrote them.
    @Test func theConditionIsSaidInJapanese() {
        var context = Self.context()
        context.language = .japanese
        var state = FormState.start(context, values: ["amount": .line("3"), "billable": .line("yes")], focus: 2)
        _ = FormEngine.reduce(&state, .commitPressed, context)
        let text = FormView.render(state, context, width: 80, height: 24).text()
        // A boolean's value is said in the language's words: はい, not yes.
        #expect(text.contains("✗ billable が はいのときは必須です"), "\(text)")
        #expect(text.contains("[ 完了 ] 無効: Clientは、billable が はいのときは必須です"), "\(text)")
        #expect(text.contains("[✓] はい"), "the switch says はい: \(text)")
        let either = Condition.oneOf(field: "country", values: ["Canada", "", "Mexico"])
        #expect(either.describe(in: Self.expense) == "country is Canada, Mexico or empty")
        #expect(Language.japanese.text(either.said(in: Self.expense)) == "country が Canada、Mexico か 空")
        let all = Condition.all([.filled(field: "email"), .not(.empty(field: "phone"))])
        #expect(all.describe(in: Self.expense) == "email is filled and not (phone is empty)")
        #expect(Language.japanese.text(all.said(in: Self.expense)) == "email が入力済み、かつ （phone が空）ではない")
    }

    @Test func theFieldsOwnWordsForRequiredSayIt() {
        let evaluation = Self.context().evaluation(Self.entries(["3", "no", "", "no", ""]))
        let problem = evaluation.problem(ofField: 4)
        #expect(problem?.reason == "Say why there is no receipt")
        #expect(problem?.worded == true)
    }

    @Test func enterStaysOnItEmptyWhileItIsRequiredAndDoneSaysWhy() {
        let context = Self.context()
        var state = FormState.start(context, values: ["amount": .line("3"), "billable": .line("yes")], focus: 2)
        _ = FormEngine.reduce(&state, .commitPressed, context)
        #expect(state.focus == 2)
        #expect(state.problems[2] == .required(when: .conditionIs(field: "billable", values: [.booleanYes])))
        let text = FormView.render(state, context, width: 80, height: 24).text()
        #expect(text.contains("› Client*"), "\(text)")
        #expect(text.contains("✗ required when billable is yes"), "\(text)")
        #expect(text.contains("[ Done ] disabled: Client is required when billable is yes"), "\(text)")
        // Not billable: no star, and Enter goes on.
        var own = FormState.start(context, values: ["amount": .line("3"), "billable": .line("no")], focus: 2)
        #expect(!FormView.render(own, context, width: 80, height: 24).text().contains("Client*"))
        _ = FormEngine.reduce(&own, .commitPressed, context)
        #expect(own.focus == 3)
    }

    @Test func answersSayIt() {
        let filled = HeadlessFill.fill(
            Self.context(), answers: ["amount": .line("3"), "billable": .line("yes"), "receipt": .line("no")])
        #expect(
            filled.failure?.description == """
                keyform: field 'client': required when billable is yes
                keyform: field 'why': Say why there is no receipt

                """)
    }

    @Test func requiredAndRequiredIfTogetherIsAnError() {
        let both = Self.parsed(
            """
            fields:
              - {id: paid, type: boolean}
              - {id: amount, required: true, required_if: {paid: true}}
            """)
        #expect(
            both.diagnostics.map(\.description) == [
                "3:47: error: 'amount' is 'required: true' always, so 'required_if' never changes anything; keep one of them"
            ])
    }
}
