/// A one-field prompt for shell scripts (`keyform input`, `choose`, `confirm`,
/// `date`, `time`): the flags of a command made into a form in memory, which
/// the one preparation (`FormContext.prepared`) and the one engine run as they
/// run a form file — the same keys, footer, validation and exit statuses.
/// Pure: flags in, a `Form` and its layouts out; a record in, the text a
/// script reads out (`output(_:format:)`).
public struct Prompt: Equatable, Sendable {
    /// Which command asks.
    public enum Command: String, Equatable, Sendable, CaseIterable {
        case input, write, choose, confirm, date, time
    }

    /// What a prompt prints on stdout (`--format`).
    public enum Format: String, Equatable, Sendable, CaseIterable {
        /// The value alone, and a newline; a list one item a line; `confirm` prints nothing.
        case text
        /// The value as JSON (`"Ada"`, `42`, `["a","b"]`, `true`), and a newline.
        case json
    }

    public let command: Command
    /// The one field asked; its id is the command's name (`keyform: field 'input': …`).
    public let field: Field
    /// Whether the flags gave the answer taken without a terminal (`--value`,
    /// `--selected`, an explicit `--default`); a confirm's starting yes is not one.
    public let answersWithoutTerminal: Bool

    /// The form the engine runs: the field alone, presented as a picker (no
    /// Done line, no header: one question that Enter or a key answers).
    public var form: Form {
        Form(name: "keyform_" + command.rawValue, pages: [Form.Page(fields: [field])], presentation: .picker)
    }

    /// The shipped layouts the field uses (the time keypad, the yes/no keys);
    /// a calendar and a grid of options are made by the preparation itself.
    public var layouts: [String: Layout] {
        guard let name = field.layout, let layout = ShippedLayouts.layout(named: name) else { return [:] }
        return [name: layout]
    }

    /// A flag combination that cannot make a prompt (exit 2, as bad usage).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, said in the reader's language where it is shown.
        public var said: Message
        public init(_ said: Message) { self.said = said }
        public init(_ description: String) { self.init(.authored(description)) }
        /// What is wrong, in English.
        public var description: String { said.english }
        /// The same problem when it says the same (in English).
        public static func == (a: Problem, b: Problem) -> Bool { a.description == b.description }
    }

    // MARK: - The commands

    /// `keyform input`: one line typed with readline.
    /// - Throws: `Problem` for a flag the type cannot take (`--secret` with a
    ///   date, `--pattern` with a number), as `form check` refuses them in a file.
    public static func input(
        label: String?, placeholder: String?, value: String?, type: Field.ValueType = .text,
        pattern: String? = nil, required: Bool = false, secret: Bool = false
    ) throws(Problem) -> Prompt {
        guard type != .boolean else { throw Problem(.promptBooleanUseConfirm) }
        if secret, ![.text, .integer, .number].contains(type) {
            throw Problem(.promptSecretForKinds(type.rawValue))
        }
        if pattern != nil, type != .text {
            throw Problem(.promptPatternForText(type.rawValue))
        }
        var field = Field(
            id: Command.input.rawValue, label: label ?? "", type: type, required: required,
            defaultValue: value.map { .value(.line($0)) }, pattern: pattern, placeholder: placeholder.flatMap(nonEmpty),
            secret: secret)
        // A date or a time typed here can still be picked: Tab swaps to the calendar or the keypad.
        field.layout = layout(for: type)
        return Prompt(command: .input, field: field, answersWithoutTerminal: value != nil)
    }

    /// `keyform write`: text of several lines (Ctrl-J breaks a line, Ctrl-E hands
    /// it to `$VISUAL`/`$EDITOR`, Enter answers), shown in `lines` wrapped rows.
    /// - Throws: `Problem` for a number of rows a form's `lines:` could not have.
    public static func write(
        label: String?, placeholder: String?, value: String?, lines: Int = 5,
        required: Bool = false
    ) throws(Problem) -> Prompt {
        guard Field.lineCounts.contains(lines) else {
            throw Problem(
                .promptLinesRange(lines, from: Field.lineCounts.lowerBound, to: Field.lineCounts.upperBound))
        }
        let field = Field(
            id: Command.write.rawValue, label: label ?? "", required: required,
            defaultValue: value.map { .value(.line($0)) }, placeholder: placeholder.flatMap(nonEmpty), lines: lines)
        return Prompt(command: .write, field: field, answersWithoutTerminal: value != nil)
    }

    /// `keyform choose`: one option (or several, `multiple`) from a grid whose
    /// keys are the options, hotkeys 1–9 on the first nine.
    /// - Parameter max: at most this many picked (with `multiple`).
    /// - Throws: `Problem` when there is nothing to choose from, or `selected`
    ///   names no option.
    public static func choose(
        _ options: [String], label: String?, multiple: Bool = false, max: Int? = nil,
        selected: [String] = []
    ) throws(Problem) -> Prompt {
        let options = options.filter { !$0.isEmpty }
        guard !options.isEmpty else {
            throw Problem(.promptNothingToChoose)
        }
        if let max, max < 1 { throw Problem(.promptMaxBelowOne(max)) }
        if max != nil, !multiple {
            throw Problem(.promptMaxWithoutMultiple)
        }
        for picked in selected where !options.contains(picked) {
            throw Problem(.promptSelectedNotAnOption(picked))
        }
        if !multiple, selected.count > 1 {
            throw Problem(.promptSelectedTooMany(selected.count))
        }
        let start: Field.Default? =
            selected.isEmpty ? nil : .value(multiple ? .selection(selected) : .line(selected[0]))
        let field = Field(
            id: Command.choose.rawValue, label: label ?? "Choose", required: !multiple, input: .grid, strict: true,
            defaultValue: start, multiple: multiple, options: .fixed(options.map { Field.Option(label: $0) }),
            maxPicks: max)
        return Prompt(command: .choose, field: field, answersWithoutTerminal: !selected.isEmpty)
    }

    /// `keyform confirm QUESTION`: yes (exit 0) or no (exit 1), y and n on the keys.
    /// - Parameter defaultAnswer: the answer the keys start on, and the one taken
    ///   without a terminal; nil starts on yes and answers nothing without one.
    public static func confirm(_ question: String, defaultAnswer: Bool? = nil) -> Prompt {
        let field = Field(
            id: Command.confirm.rawValue, label: question, type: .boolean, required: true, layout: "yes-no",
            input: .grid,
            strict: true, defaultValue: .value(.line((defaultAnswer ?? true) ? "Yes" : "No")))
        return Prompt(command: .confirm, field: field, answersWithoutTerminal: defaultAnswer != nil)
    }

    /// `keyform date`: a day picked on the calendar (or typed after Tab).
    public static func date(label: String?, value: String?, required: Bool = true) -> Prompt {
        picked(.date, label: label ?? "Date", value: value, required: required)
    }

    /// `keyform time`: a time on the keypad (or typed after Tab).
    public static func time(label: String?, value: String?, required: Bool = true) -> Prompt {
        picked(.time, label: label ?? "Time", value: value, required: required)
    }

    private static func picked(_ type: Field.ValueType, label: String, value: String?, required: Bool) -> Prompt {
        let field = Field(
            id: type.rawValue, label: label, type: type, required: required, layout: layout(for: type), input: .grid,
            defaultValue: value.map { .value(.line($0)) })
        return Prompt(command: type == .date ? .date : .time, field: field, answersWithoutTerminal: value != nil)
    }

    /// The grid a kind is picked on first (its descriptor's `pickSteps`): a
    /// date's calendar, a time's keypad, a datetime's calendar then keypad.
    private static func layout(for type: Field.ValueType) -> String? {
        type.kind.pickSteps.first
    }

    /// `yes`/`no` and their synonyms (`y`, `true`, `1`, …), as a boolean field reads them; nil for another word.
    public static func yesOrNo(_ text: String) -> Bool? {
        BooleanKind.parse(Substring(text), states: nil)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    // MARK: - The answer

    /// What stdout gets for the submitted record, ending with a newline (nothing
    /// for a confirm in text: its exit status is the answer). A text of several
    /// lines is printed as its lines.
    public func output(_ record: Record, format: Format) -> String {
        let value = record[field.id]
        switch format {
        case .json:
            return RecordFormat.jsonValue(value, of: field) + "\n"
        case .text:
            switch value {
            case .boolean?: return ""
            case .list(let items)?: return items.map { $0 + "\n" }.joined()
            case let value?: return value.text + "\n"
            case nil: return field.multiple ? "" : "\n"
            }
        }
    }

    /// Whether the record says no: a confirm answered no exits 1.
    public func saysNo(_ record: Record) -> Bool {
        record[field.id] == .boolean(false)
    }
}
