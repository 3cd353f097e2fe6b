import KeyformCore
import Testing

/// Issue 24: the prompts' flags made into a one-field form (`Prompt`), the
/// answer a script reads, the environment defaults' table, and how a prompt
/// draws: its question alone (no header), as tall as it needs under the cursor.
@Suite struct PromptTests {
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 26)!, minuteOfDay: 9 * 60)

    static func context(_ prompt: Prompt) throws -> FormContext {
        try FormContext.prepared(prompt.form, layouts: prompt.layouts, clock: clock)
    }

    /// The answer the flags give, filled in as without a terminal.
    static func answer(_ prompt: Prompt, typed: FieldInput? = nil) throws -> Result<Record, AnswerProblems> {
        HeadlessFill.fill(try context(prompt), answers: typed.map { [prompt.field.id: $0] } ?? [:])
    }

    // MARK: Flags to a form

    @Test func inputFlagsMakeOneFieldOfAPicker() throws {
        let prompt = try Prompt.input(label: "Age", placeholder: "42", value: "7", type: .integer, required: true)
        let form = prompt.form
        #expect(form.presentation == .picker)
        #expect(form.title == nil)
        #expect(
            form.fields == [
                Field(
                    id: "input", label: "Age", type: .integer, required: true, defaultValue: .value("7"),
                    placeholder: "42")
            ])
        #expect(prompt.answersWithoutTerminal)
        #expect(try Self.answer(prompt).get()["input"] == .integer(7))
        // The same checks as a typed line: a word is no integer.
        let word = try Prompt.input(label: nil, placeholder: nil, value: "seven", type: .integer)
        #expect(throws: AnswerProblems.self) { try Self.answer(word).get() }
    }

    @Test func inputOfADateOrATimeCanSwapToItsGrid() throws {
        #expect(try Prompt.input(label: nil, placeholder: nil, value: nil, type: .date).field.layout == "calendar")
        #expect(try Prompt.input(label: nil, placeholder: nil, value: nil, type: .time).field.layout == "time")
        #expect(try Prompt.input(label: nil, placeholder: nil, value: nil).field.layout == nil)
        // An empty placeholder is none (a variable set to nothing).
        #expect(try Prompt.input(label: nil, placeholder: "", value: nil).field.placeholder == nil)
    }

    @Test func inputRefusesFlagsItsTypeCannotTake() {
        #expect(
            throws: Prompt.Problem("--secret is for a text, integer or number; a date is picked, never typed masked")
        ) {
            try Prompt.input(label: nil, placeholder: nil, value: nil, type: .date, secret: true)
        }
        #expect(throws: Prompt.Problem("--pattern checks text; a number is checked by its type")) {
            try Prompt.input(label: nil, placeholder: nil, value: nil, type: .number, pattern: "^1")
        }
        #expect(throws: Prompt.Problem("--type boolean is a yes or no: use keyform confirm")) {
            try Prompt.input(label: nil, placeholder: nil, value: nil, type: .boolean)
        }
    }

    @Test func aPatternIsCheckedAsAFieldChecksIt() throws {
        let prompt = try Prompt.input(label: nil, placeholder: nil, value: "abc", pattern: "^[0-9]+$")
        #expect(throws: AnswerProblems.self) { try Self.answer(prompt).get() }
        #expect(try Self.answer(prompt, typed: "123").get()["input"] == .text("123"))
    }

    @Test func writeIsATextOfSeveralLines() throws {
        let prompt = try Prompt.write(label: "Details", placeholder: "Details of this change", value: "one\ntwo")
        #expect(
            prompt.field
                == Field(
                    id: "write", label: "Details", defaultValue: .value("one\ntwo"),
                    placeholder: "Details of this change", lines: 5))
        let record = try Self.answer(prompt).get()
        #expect(prompt.output(record, format: .text) == "one\ntwo\n")
        #expect(prompt.output(record, format: .json) == #""one\ntwo""# + "\n")
        #expect(try Prompt.write(label: nil, placeholder: nil, value: nil, lines: 20).field.lines == 20)
        #expect(throws: Prompt.Problem("--lines 0: give 1 to 20 rows")) {
            try Prompt.write(label: nil, placeholder: nil, value: nil, lines: 0)
        }
        // A one-line input refuses the break a text of several lines keeps.
        let input = try Prompt.input(label: nil, placeholder: nil, value: "one\ntwo")
        #expect(throws: AnswerProblems.self) { try Self.answer(input).get() }
    }

    @Test func chooseMakesAStrictGridOfItsOptions() throws {
        let prompt = try Prompt.choose(["fix", "feat", "docs"], label: nil)
        #expect(
            prompt.field
                == Field(
                    id: "choose", label: "Choose", required: true, input: .grid, strict: true,
                    options: .fixed([.init(label: "fix"), .init(label: "feat"), .init(label: "docs")])))
        #expect(!prompt.answersWithoutTerminal)
        let context = try Self.context(prompt)
        let name = try #require(context.fields[0].layout)
        let grid = try #require(context.layout(named: name))
        // Hotkeys 1-9, and no key to type another answer: the options are the answers.
        #expect(grid.pages[0].rows.flatMap { $0 }.map(\.hotkey) == ["1", "2", "3"])
        #expect(throws: AnswerProblems.self) { try Self.answer(prompt, typed: "chore").get() }
        #expect(try Self.answer(prompt, typed: "feat").get()["choose"] == .text("feat"))
    }

    @Test func chooseSeveral() throws {
        let prompt = try Prompt.choose(["a", "b", "c"], label: "Pick", multiple: true, max: 2, selected: ["c", "a"])
        #expect(prompt.field.multiple && prompt.field.maxPicks == 2 && !prompt.field.required)
        #expect(try Self.answer(prompt).get()["choose"] == .list(["c", "a"]))
        #expect(throws: AnswerProblems.self) { try Self.answer(prompt, typed: .selection(["a", "b", "c"])).get() }
    }

    @Test func chooseRefusesWhatCannotBeChosen() {
        #expect(
            throws: Prompt.Problem(
                "nothing to choose from: give the options as arguments, one a line on stdin, or --file FILE")
        ) {
            try Prompt.choose(["", ""], label: nil)
        }
        #expect(throws: Prompt.Problem("--selected 'd' is not one of the options")) {
            try Prompt.choose(["a", "b"], label: nil, selected: ["d"])
        }
        #expect(throws: Prompt.Problem("--max bounds a --multiple choice; add --multiple, or leave --max out")) {
            try Prompt.choose(["a", "b"], label: nil, max: 1)
        }
        #expect(throws: Prompt.Problem("--selected names 2 options; one is picked without --multiple")) {
            try Prompt.choose(["a", "b"], label: nil, selected: ["a", "b"])
        }
    }

    @Test func confirmStartsOnYesButAnswersWithoutATerminalOnlyWhenToldTo() throws {
        let plain = Prompt.confirm("Commit changes?")
        #expect(
            plain.field.label == "Commit changes?" && plain.field.type == .boolean && plain.field.layout == "yes-no")
        #expect(plain.field.defaultValue == .value("Yes"))
        #expect(!plain.answersWithoutTerminal)
        #expect(plain.layouts["yes-no"] != nil, "the shipped yes/no keys, y and n")
        let no = Prompt.confirm("Sure?", defaultAnswer: false)
        #expect(no.answersWithoutTerminal)
        let record = try Self.answer(no).get()
        #expect(no.saysNo(record))
        #expect(!plain.saysNo(try Self.answer(plain).get()))
        #expect(Prompt.yesOrNo("Y") == true && Prompt.yesOrNo("off") == false && Prompt.yesOrNo("maybe") == nil)
    }

    @Test func dateAndTimeOpenOnTheirGrids() throws {
        let date = Prompt.date(label: nil, value: "tomorrow")
        #expect(date.field.input == .grid && date.field.layout == "calendar" && date.field.label == "Date")
        #expect(try Self.answer(date).get()["date"] == .date(CivilDate(year: 2026, month: 11, day: 27)!))
        let time = Prompt.time(label: "Start", value: "0730")
        #expect(time.layouts["time"]?.kind == .keypad)
        #expect(try Self.answer(time).get()["time"] == .time(ClockTime(hour: 7, minute: 30)!))
    }

    // MARK: The answer printed

    @Test func textIsTheValueAloneAndJSONItsValue() throws {
        let input = try Prompt.input(label: nil, placeholder: nil, value: "say \"hi\"")
        let record = try Self.answer(input).get()
        #expect(input.output(record, format: .text) == "say \"hi\"\n")
        #expect(input.output(record, format: .json) == #""say \"hi\"""# + "\n")
        let several = try Prompt.choose(["a", "b"], label: nil, multiple: true, selected: ["b", "a"])
        let picked = try Self.answer(several).get()
        #expect(several.output(picked, format: .text) == "b\na\n")
        #expect(several.output(picked, format: .json) == #"["b","a"]"# + "\n")
        let none = try Self.answer(try Prompt.choose(["a"], label: nil, multiple: true)).get()
        #expect(several.output(none, format: .text) == "")
        let confirm = Prompt.confirm("Sure?", defaultAnswer: true)
        let yes = try Self.answer(confirm).get()
        #expect(confirm.output(yes, format: .text) == "", "its exit status is the answer")
        #expect(confirm.output(yes, format: .json) == "true\n")
        let number = try Prompt.input(label: nil, placeholder: nil, value: "2.50", type: .number)
        #expect(number.output(try Self.answer(number).get(), format: .json) == "2.5\n")
    }

    // MARK: Environment defaults

    @Test func variablesAreNamedAsGumNamesThem() {
        let names = PromptVariable.all.map(\.name)
        #expect(names.contains("KEYFORM_CHOOSE_MULTIPLE"))
        #expect(names.contains("KEYFORM_INPUT_PLACEHOLDER"))
        #expect(names.contains("KEYFORM_CONFIRM_DEFAULT"))
        #expect(Set(names).count == names.count)
        for command in Prompt.Command.allCases {
            #expect(names.contains("KEYFORM_\(command.rawValue.uppercased())_INLINE"))
            #expect(names.contains("KEYFORM_\(command.rawValue.uppercased())_FORMAT"))
        }
    }

    @Test func aFlagWinsOverItsVariable() throws {
        let defaults = PromptVariable.Defaults(
            .choose,
            environment: [
                "KEYFORM_CHOOSE_MULTIPLE": "1", "KEYFORM_CHOOSE_LABEL": "Which?", "KEYFORM_CHOOSE_MAX": "x",
                "KEYFORM_CHOOSE_SELECTED": "a\nb",
            ])
        #expect(try defaults.flag("multiple", nil))
        #expect(try !defaults.flag("multiple", false))
        #expect(defaults.string("label", nil) == "Which?")
        #expect(defaults.string("label", "Mine") == "Mine")
        #expect(defaults.lines("selected", []) == ["a", "b"])
        #expect(defaults.lines("selected", ["c"]) == ["c"])
        #expect(throws: Prompt.Problem("KEYFORM_CHOOSE_MAX=x is not a whole number")) {
            try defaults.integer("max", nil)
        }
        #expect(try defaults.integer("max", 3) == 3)
        let empty = PromptVariable.Defaults(
            .input, environment: ["KEYFORM_INPUT_PLACEHOLDER": "", "KEYFORM_INPUT_SECRET": "maybe"])
        #expect(empty.string("placeholder", nil) == nil, "set to nothing is not set")
        #expect(throws: Prompt.Problem("KEYFORM_INPUT_SECRET=maybe is not a yes or no; give 1 or 0")) {
            try empty.flag("secret", nil)
        }
        #expect(try empty.flag("inline", nil, otherwise: true))
    }

    // MARK: How a prompt draws

    @Test func aPromptIsItsQuestionAloneFittedUnderTheCursor() throws {
        let prompt = try Prompt.input(label: "Name", placeholder: "Ada Lovelace", value: nil)
        let context = try Self.context(prompt)
        let fitted = FormView.render(.start(context), context, width: 40, height: 24, color: false, fitted: true)
        #expect(
            fitted.text(markCursor: true) == """
                › Name  ▏Ada Lovelace
                Enter answer · Esc cancel
                """)
        #expect(fitted.height == 2)
        // On the full screen the footer stays at the bottom.
        let full = FormView.render(.start(context), context, width: 40, height: 10, color: false)
        #expect(full.height == 10 && full.lines[9].text.hasPrefix("Enter answer"))
        #expect(full.lines[0].text.hasPrefix("› Name"), "no header: a prompt has no title")
    }

    @Test func anAnsweredPromptLeavesItsQuestionAndAnswerOnly() throws {
        let prompt = Prompt.confirm("Commit?", defaultAnswer: true)
        let context = try Self.context(prompt)
        var state = FormState.start(context)
        _ = FormEngine.reduce(&state, .gridHotkeyPressed("y"), context)
        #expect(state.outcome == .submitted(try Self.answer(prompt).get()))
        let frame = FormView.render(state, context, width: 40, height: 24, color: false, fitted: true)
        #expect(frame.text() == "› Commit?  [✓] yes")
        #expect(frame.cursor == nil)
    }
}
