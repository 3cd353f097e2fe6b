/// What the accessible mode says (`--accessible`, `TERM=dumb`): a form as
/// plain sentences, one line at a time, for a screen reader, a braille
/// display or a terminal that cannot address its cursor. Pure: the words for
/// a state of the one form engine and its one evaluation; the terminal's
/// `AccessibleRun` prints them and reads each answer with readline.
///
/// ```
/// New To-Do: 5 fields, one at a time.
/// Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels.
/// Field 2 of 5: Priority, required, one of: 1 High, 2 Medium, 3 Low.
/// Now: Medium.
/// Priority: 1
/// ```
public enum SpokenForm {
    /// A grid's keys are read out as a numbered list up to this many; past it,
    /// only how many there are (a list of 250 countries is not listened to).
    public static let longestList = 20

    /// Said once, before the first field: the form (the fields shown now), and how to answer.
    public static func opening(_ state: FormState, _ context: FormContext) -> [String] {
        let count = context.evaluation(of: state).shownFields.count
        let title = TerminalSafe.escaped(context.form.title ?? context.form.name)
        let say = context.language.text
        let opening = [
            say(.spokenOpening(title: title, fields: count)), say(.spokenHowToAnswer), say(.spokenHowToGoBack(goBack)),
        ]
        // Said before the first field: what is answered is kept by Done's rescue file only.
        guard let problem = state.storeProblem else { return opening }
        return opening + [say(.sentence(say(.storeWillRescue(problem: TerminalSafe.escaped(problem)))))]
    }

    /// The focused field announced: its number among the shown fields, label,
    /// whether it is required, its kind (a grid's keys numbered), its
    /// description, and the value it holds now.
    public static func field(_ state: FormState, _ context: FormContext) -> [String] {
        let index = state.focus
        let field = context.fields[index]
        let evaluation = context.evaluation(of: state)
        let shown = evaluation.shownFields
        let number = (shown.firstIndex(of: index) ?? 0) + 1
        let say = context.language.text
        var parts = [label(index, state, context)]
        if field.holdsValue { parts.append(say(evaluation.required[index] ? .spokenRequired : .spokenOptional)) }
        parts.append(say(kind(of: index, state, context)))
        var lines = [say(.spokenField(number, of: shown.count, parts: parts))]
        if let description = field.description {
            lines += context.interpolated(description, state.entries).split(separator: "\n").map {
                TerminalSafe.escaped(String($0))
            }
        }
        guard field.holdsValue else { return lines }
        var now = context.shownText(ofField: index, state.entries[index])
        // A switch's value is said by its state's word (In progress), as the screen shows it.
        if field.type == .boolean, case .success(.boolean(let flag)?) = context.validate(field: index, state.entries) {
            now = field.shown(flag, in: context.language)
        }
        if !now.isEmpty {
            lines.append(say(.spokenNow(field.secret ? say(.spokenSecretSet) : TerminalSafe.escaped(now))))
        }
        return lines
    }

    /// Readline's prompt for the focused field's answer: its label and a colon.
    public static func prompt(_ state: FormState, _ context: FormContext) -> String {
        label(state.focus, state, context) + ": "
    }

    /// A line of just this goes back to the field before, as Shift-Tab does
    /// on the screen: a word any keyboard and screen reader has, typed where
    /// every answer is typed (so it is a value no field can take alone here).
    public static let goBack = "<"

    /// What a line typed at the prompt does: `<` alone goes back a field
    /// (never blocked by the field's checks); anything else answers it.
    public static func event(answering answer: String, _ state: FormState, _ context: FormContext) -> FormEvent {
        if FieldValidator.trimmed(answer) == goBack { return .previousPressed }
        return .answered(input(answering: answer, state, context))
    }

    /// What `answer` gives the focused field. Empty: what it holds now (Enter
    /// keeps it). A number of the list said, or a key's text in any case:
    /// that key's text (a `multiple` field takes several, `1 3` or `1, 3`).
    /// Anything else: the line as typed, for the field's own checks to judge.
    public static func input(answering answer: String, _ state: FormState, _ context: FormContext) -> FieldInput {
        let index = state.focus
        let field = context.fields[index]
        let trimmed = String(FieldValidator.trimmed(answer))
        if trimmed.isEmpty { return state.entries[index].input }
        let choices = self.choices(of: index, state, context)
        func pick(_ word: String) -> String? {
            if numbersPick(field), let number = Int(word), choices.indices.contains(number - 1) {
                return choices[number - 1].value
            }
            let wanted = word.lowercased()
            for choice in choices where choice.value.lowercased() == wanted || choice.said.lowercased() == wanted {
                return choice.value
            }
            return nil
        }
        if field.multiple {
            let separators: Set<Character> = [",", " "]
            let words: [String] = trimmed.split(whereSeparator: { separators.contains($0) }).map { String($0) }
            let picked = words.compactMap(pick)
            if !words.isEmpty, picked.count == words.count { return .selection(picked) }
            let items: [String] = trimmed.split(separator: ",").map { String(FieldValidator.trimmed(String($0))) }
            return .selection(items.filter { !$0.isEmpty })
        }
        return .line(pick(trimmed) ?? answer)
    }

    /// What is said after `event` (an answer, `<`) moved the state from `before` to `after`:
    /// why the field was not taken, or why Done is not yet possible, each a
    /// sentence on its own line; how the form ended, when it did.
    public static func reply(
        to event: FormEvent, from before: FormState, to after: FormState, _ context: FormContext
    ) -> [String] {
        var lines: [String] = []
        let say = context.language.text
        if event == .previousPressed, after.focus == before.focus, after.outcome == nil {
            lines.append(say(.spokenFirstField))
        }
        if let notice = after.notice {
            lines.append(say(.sentence(notice)))
        } else if after.focus == before.focus, let problem = after.problems[after.focus], after.outcome == nil {
            lines.append(say(.sentence(label(after.focus, after, context) + say(problem.afterLabel))))
        }
        if let outcome = after.outcome { lines.append(ending(outcome, after, language: context.language)) }
        return lines
    }

    /// How the form ended, in words.
    public static func ending(_ outcome: FormState.Outcome, _ state: FormState, language: Language = .english) -> String
    {
        let ended: Message =
            switch outcome {
            case .submitted: .spokenSubmitted
            case .cancelled: .cancelled
            case .interrupted: .interrupted
            case .timedOut: .timeIsUp
            case .terminated: .stopped
            }
        if case .submitted = outcome { return language.text(ended) }
        let kept =
            state.draftProblem.map { Message.spokenEndedDraftNotKept(ended, problem: TerminalSafe.escaped($0)) }
            ?? .endedDraftKept(ended)
        return language.text(.sentence(language.text(kept)))
    }

    // MARK: Parts

    /// The label as the form shows it now (earlier answers filled in), escaped.
    static func label(_ index: Int, _ state: FormState, _ context: FormContext) -> String {
        TerminalSafe.escaped(context.label(ofField: index, state.entries))
    }

    /// The keys a field's answer can name by number: a choice grid's keys
    /// that give a value (all its pages), or a boolean's two states. `said`
    /// is how the list reads it, `value` what the field takes.
    static func choices(of index: Int, _ state: FormState, _ context: FormContext) -> [(said: String, value: String)] {
        let field = context.fields[index]
        if field.type == .boolean {
            return [(field.shown(false, in: context.language), "no"), (field.shown(true, in: context.language), "yes")]
        }
        // A calendar's days are typed as a date, not picked from a list of thirty.
        if let name = context.layoutName(ofField: index, state.entries), CalendarGrid.isCalendar(name) { return [] }
        guard let layout = context.layout(ofField: index, state.entries), layout.kind == .choice else { return [] }
        var seen: Set<String> = []
        var choices: [(said: String, value: String)] = []
        for page in layout.pages {
            for row in page.rows {
                for key in row where key.action == .text && seen.insert(key.text).inserted {
                    choices.append((key.label, key.text))
                }
            }
        }
        return choices
    }

    /// Whether a number answers by its place in the list: not for a field
    /// of numbers, whose keys (25, 50, 100) are numbers themselves.
    static func numbersPick(_ field: Field) -> Bool {
        field.type != .integer && field.type != .number
    }

    /// The kind in words, with a choice grid's keys as a numbered list.
    static func kind(of index: Int, _ state: FormState, _ context: FormContext) -> Message {
        let field = context.fields[index]
        let choices = self.choices(of: index, state, context)
        let said = choices.map { TerminalSafe.escaped($0.said) }
        let listed: Message =
            choices.count > longestList
            ? .spokenChoiceCount(choices.count)
            : .spokenList(numbersPick(field) ? said.enumerated().map { "\($0.offset + 1) \($0.element)" } : said)
        if field.type == .boolean { return field.states == nil ? .spokenYesOrNo : .spokenOneOf(listed) }
        if !choices.isEmpty {
            return field.multiple
                ? .spokenOneOrMoreOf(listed)
                : field.strict ? .spokenOneOf(listed) : .spokenOrPick(kindWords(field, context), listed)
        }
        return kindWords(field, context)
    }

    /// What a field of this kind takes, said plainly (a date's example is today).
    static func kindWords(_ field: Field, _ context: FormContext) -> Message {
        switch field.type {
        case .text where field.secret: .spokenSecret
        case .text: .spokenText
        case .integer: .spokenWholeNumber
        case .number: .spokenNumber
        case .date: .spokenDate(example: "\(context.today)")
        case .time: .spokenTime
        case .datetime: .spokenDateTime(example: "\(context.today)")
        case .boolean: .spokenYesOrNo
        case .note: .spokenNote
        }
    }
}
