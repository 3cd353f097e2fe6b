import SnapshotTesting
import Testing

@testable import KeyformCore

/// `secret: true` (issue 23, DECISIONS 38): a password or a PIN, typed masked,
/// and kept out of drafts, problems and the store (unless `store: true`).
@Suite(.snapshots(record: .missing))
struct SecretFieldTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static let form = Form(
        title: "Log in", name: "login",
        pages: [
            Form.Page(fields: [
                Field(id: "user", label: "User", required: true),
                Field(id: "password", label: "Password", required: true, secret: true),
                Field(id: "pin", label: "PIN", type: .integer, secret: true, mask: .none),
            ])
        ])

    static let context = try! FormContext(form: form, layouts: [:], clock: WallClock(today: today, minuteOfDay: 9 * 60))

    static func run(_ events: [FormEvent], from state: FormState? = nil) -> (FormState, [FormEffect]) {
        var state = state ?? FormState.start(context)
        var effects: [FormEffect] = []
        for event in events { effects = FormEngine.reduce(&state, event, context) }
        return (state, effects)
    }

    static func typed(_ text: String) -> FormEvent { .lineEdited(text: text, cursor: text.count) }

    // MARK: The form file

    @Test func parsesSecretMaskAndStore() throws {
        let form = try FormParserTests.form(
            """
            fields:
              - id: password
                secret: true
              - id: pin
                type: integer
                secret: true
                mask: none
            """)
        #expect(form.fields[0] == Field(id: "password", secret: true))
        #expect(form.fields[1] == Field(id: "pin", type: .integer, secret: true, mask: .none))
        let stored = FormParserTests.parse("fields:\n  - id: pin\n    secret: true\n    store: true\n")
        #expect(stored.value?.fields[0].storesSecret == true)
        // Stored, but said: a warning, not an error.
        #expect(stored.diagnostics.map(\.severity) == [.warning])
    }

    /// `form fmt` writes what the field is, then how it shows and where it goes, then its rules.
    @Test func fmtPutsSecretMaskAndStoreAfterTheType() throws {
        let messy =
            "fields:\n  - required: true\n    store: true\n    secret: true\n    id: pin\n    mask: none\n    type: integer\n"
        #expect(
            try FormFormatterTests.format(messy) == """
                fields:
                  - id: pin
                    type: integer
                    secret: true
                    mask: none
                    store: true
                    required: true

                """)
    }

    // MARK: Problems

    /// A kind's problem may quote the value (`'2026-13-01' must be a real
    /// date`); for a secret the quote goes, the rest stays.
    @Test func aProblemNeverQuotesTheSecret() throws {
        #expect(
            FieldValidator.concealing("12a4", in: FieldProblem(.quoted("12a4", .isNotWholeNumber)))
                == FieldProblem(.isNotWholeNumber))
        #expect(
            FieldValidator.concealing("s3cret", in: FieldProblem(authored: "must not be 's3cret' again"))
                == FieldProblem(.notValid))
        #expect(FieldValidator.concealing("abc", in: .tooShort(8)) == .tooShort(8))
        let pin = try FieldValidator(field: Field(id: "pin", type: .integer, secret: true), choices: nil)
        for typed in ["12a4", " 12a4 ", "99999999999999999999"] {
            guard case .failure(let problem) = pin.validate(typed, at: WallClock(today: Self.today)) else {
                Issue.record("\(typed) passed"); continue
            }
            #expect(!problem.reason.contains("12a4") && !problem.reason.contains("9999"), "\(problem)")
        }
        let password = try FieldValidator(field: Field(id: "password", minLength: 8, secret: true), choices: nil)
        #expect(password.validate("hunter2", at: WallClock(today: Self.today)) == .failure(.tooShort(8)))
    }

    // MARK: Drafts

    /// Ctrl-C in the secret field: the draft the edge saves holds every field but the secrets.
    @Test func aDraftLeavesTheSecretsOut() {
        let (state, effects) = Self.run([Self.typed("ada"), .commitPressed, Self.typed("hunter2"), .interrupted])
        #expect(state.entries.map(\.text) == ["ada", "hunter2", ""])
        #expect(effects == [.saveDraft(["user": .line("ada")]), .finish(.interrupted)])
    }

    /// Committing a secret field saves a draft too: without it.
    @Test func aCommittedSecretIsNotInTheDraft() {
        let (_, effects) = Self.run([Self.typed("ada"), .commitPressed, Self.typed("hunter2"), .commitPressed])
        #expect(effects.first == .saveDraft(["user": .line("ada")]))
        for case .saveDraft(let values) in effects { #expect(values["password"] == nil && values["pin"] == nil) }
    }

    @Test func terminatedAndCancelledDraftsLeaveItOutToo() {
        for end in [FormEvent.terminated(signal: 15), .cancelPressed] {
            let (_, effects) = Self.run([Self.typed("ada"), .commitPressed, Self.typed("hunter2"), end])
            #expect(effects.first == .saveDraft(["user": .line("ada")]))
        }
    }

    /// The output holds the secret; what the store may keep does not.
    @Test func theRecordHasItAndTheStorableRecordDoesNot() throws {
        let (state, effects) = Self.run([
            Self.typed("ada"), .commitPressed, Self.typed("hunter2"), .commitPressed, Self.typed("1234"),
            .commitPressed,
        ])
        guard case .submitted(let record)? = state.outcome else { Issue.record("not submitted: \(effects)"); return }
        #expect(record["password"] == .text("hunter2"))
        #expect(record["pin"] == .integer(1234))
        let storable = record.storable(in: Self.form)
        #expect(storable.values.map(\.id) == ["user", "password", "pin"])
        #expect(storable["user"] == .text("ada") && storable["password"] == nil && storable["pin"] == nil)
        // `store: true` keeps it.
        var stored = Self.form
        stored.pages[0].fields[1].storesSecret = true
        #expect(record.storable(in: stored)["password"] == .text("hunter2"))
    }

    // MARK: The view

    /// A `•` a character a person sees (日本 is two), the cursor after the
    /// characters before it; `mask: none` shows nothing, the cursor at the start.
    @Test func theSecretIsMaskedByCharacters() {
        let typing = FormViewTests.state(
            Self.context, [Self.typed("ada"), .commitPressed, .lineEdited(text: "pässwörd日本", cursor: 4)])
        assertSnapshot(
            of: FormViewTests.picture(typing, Self.context, width: 60, height: 10), as: .lines, named: "typing")
        let pin = FormViewTests.state(Self.context, values: ["password": .line("日本語")], focus: 2, [Self.typed("1234")])
        assertSnapshot(
            of: FormViewTests.picture(pin, Self.context, width: 60, height: 10), as: .lines, named: "mask-none")
        let frame = FormView.render(pin, Self.context, width: 60, height: 10).text(markCursor: false)
        #expect(!frame.contains("1234") && !frame.contains("日本語"))
        #expect(frame.contains("Password*  •••\n"))
    }

    /// A placeholder is no value: it shows as written over an empty secret,
    /// and not over one typed with `mask: none`, which shows nothing yet is not empty.
    @Test func aPlaceholderShowsOnlyOverAnEmptySecret() throws {
        let form = Form(
            name: "login",
            pages: [
                Form.Page(fields: [
                    Field(id: "pin", label: "PIN", type: .integer, placeholder: "4 digits", secret: true, mask: .none),
                    Field(id: "code", label: "Code", placeholder: "optional", secret: true),
                ])
            ])
        let context = try FormContext(form: form, layouts: [:], clock: WallClock(today: Self.today, minuteOfDay: 0))
        func text(_ events: [FormEvent]) -> String {
            FormView.render(FormViewTests.state(context, events), context, width: 60, height: 10).text(
                markCursor: false)
        }
        #expect(text([]).contains("› PIN   4 digits"), "\(text([]))")
        #expect(text([]).contains("  Code  optional"))
        let typing = text([Self.typed("12")])
        #expect(!typing.contains("4 digits") && !typing.contains("12"), "\(typing)")
        let left = text([Self.typed("12"), .commitPressed])
        #expect(!left.contains("4 digits") && !left.contains("12"), "\(left)")
    }

    /// `{{password}}` in a label would show the secret: form check refuses
    /// the tag, and the screen shows dots should a form built in code name it.
    @Test func aLabelNamingTheSecretShowsItsDots() throws {
        let parsed = FormParserTests.parse(
            "fields:\n  - id: password\n    secret: true\n  - id: note\n    label: Was {{password}} right?\n")
        #expect(
            parsed.diagnostics.map(\.description) == [
                "5:16: error: {{password}} in the label of 'note' names a secret, which no text shows; name another field"
            ])
        let form = Form(
            name: "login",
            pages: [
                Form.Page(fields: [
                    Field(id: "password", label: "Password", secret: true),
                    Field(id: "note", label: "Was {{password}} right?"),
                ])
            ])
        let context = try FormContext(form: form, layouts: [:], clock: WallClock(today: Self.today, minuteOfDay: 0))
        let state = FormViewTests.state(context, [Self.typed("hunter2"), .commitPressed])
        let text = FormView.render(state, context, width: 60, height: 10).text(markCursor: false)
        #expect(text.contains("Was ••••••• right?") && !text.contains("hunter2"), "\(text)")
    }

    @Test func aCommittedProblemShowsNoDigitOfThePin() {
        let state = FormViewTests.state(
            Self.context, values: ["user": .line("ada"), "password": .line("x")], focus: 2,
            [Self.typed("12a4"), .commitPressed])
        #expect(state.problems[2] == .notWholeNumber)
        let frame = FormView.render(state, Self.context, width: 60, height: 10).text(markCursor: false)
        #expect(!frame.contains("12a4"))
        #expect(frame.contains("✗ must be a whole number"))
    }

    // MARK: The list of records

    /// A secret stored with `store: true` is never a filter (its values would be
    /// the filter's keys), shows masked in the list, and never names a record.
    @Test func theBrowseListKeepsASecretOutOfTheFilterAndMasksIt() {
        var form = Self.form
        form.pages[0].fields[1].storesSecret = true
        #expect(RecordListEngine.filterFields(RecordListState(rows: []), form).map(\.id) == ["user"])
        let row = RecordListRow(
            id: 1, values: Record(values: [("user", nil), ("password", .text("hunter2")), ("pin", nil)]))
        #expect(RecordListView.cell(.text("hunter2"), form.fields[1]) == "•••••••")
        #expect(RecordListEngine.summary(of: row, form) == "record 1")
    }
}
