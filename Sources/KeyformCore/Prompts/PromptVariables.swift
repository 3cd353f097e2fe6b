/// The environment defaults of the prompts' flags, as gum's `GUM_<CMD>_<FLAG>`:
/// `KEYFORM_<COMMAND>_<FLAG>` (`KEYFORM_CHOOSE_MULTIPLE=1`,
/// `KEYFORM_INPUT_PLACEHOLDER`). One table: the commands read their defaults
/// through it and `keyform config show --variables` lists it, so neither can
/// name a variable the other lacks. A flag on the command line wins.
public struct PromptVariable: Equatable, Sendable {
    public var command: Prompt.Command
    /// The long flag without its dashes (`placeholder`, `no-inline` is `inline`).
    public var flag: String
    /// What the flag does, for `config show --variables`.
    public var summary: String

    public init(_ command: Prompt.Command, _ flag: String, _ summary: String) {
        self.command = command
        self.flag = flag
        self.summary = summary
    }

    /// `keyform input --placeholder`: what `config show --variables` names it by.
    public var usage: String { "keyform \(command.rawValue) --\(flag)" }

    /// `KEYFORM_INPUT_PLACEHOLDER`.
    public var name: String {
        "KEYFORM_\(command.rawValue.uppercased())_\(String(flag.uppercased().map { $0 == "-" ? "_" : $0 }))"
    }

    /// Flags every prompt takes.
    private static func common(_ command: Prompt.Command) -> [PromptVariable] {
        [
            PromptVariable(command, "format", "text or json"),
            PromptVariable(command, "inline", "1 draws under the cursor, 0 on the full screen"),
            PromptVariable(command, "timeout", "seconds before the prompt ends with exit 124"),
        ]
    }

    /// Every prompt flag that has a variable, by command.
    public static let all: [PromptVariable] =
        [
            PromptVariable(.input, "label", "the words before the line"),
            PromptVariable(.input, "placeholder", "the dimmed hint in the empty line"),
            PromptVariable(.input, "value", "the line's starting text"),
            PromptVariable(.input, "type", "text, integer, number, date or time"),
            PromptVariable(.input, "pattern", "a regular expression the whole line must match"),
            PromptVariable(.input, "required", "1 refuses an empty line"),
            PromptVariable(.input, "secret", "1 types masked"),
            PromptVariable(.input, "history", "the name of the earlier answers offered by Up"),
        ]
        + common(.input)
        + [
            PromptVariable(.write, "label", "the words before the text"),
            PromptVariable(.write, "placeholder", "the dimmed hint in the empty text"),
            PromptVariable(.write, "value", "the starting text (\\n breaks a line)"),
            PromptVariable(.write, "lines", "how many rows the text shows (1-20)"),
            PromptVariable(.write, "required", "1 refuses an empty text"),
        ]
        + common(.write)
        + [
            PromptVariable(.choose, "label", "the words above the options"),
            PromptVariable(.choose, "file", "a file of options, one a line"),
            PromptVariable(.choose, "multiple", "1 picks several"),
            PromptVariable(.choose, "max", "at most this many picked"),
            PromptVariable(.choose, "selected", "options picked at the start, one a line"),
        ]
        + common(.choose)
        + [PromptVariable(.confirm, "default", "yes or no")]
        + common(.confirm)
        + [
            PromptVariable(.date, "label", "the words before the date"),
            PromptVariable(.date, "value", "the starting date (YYYY-MM-DD, today, tomorrow)"),
        ]
        + common(.date)
        + [
            PromptVariable(.time, "label", "the words before the time"),
            PromptVariable(.time, "value", "the starting time (HH:MM, now)"),
        ]
        + common(.time)

    /// The variables of one command's flags, read from `environment`.
    public struct Defaults: Sendable {
        public var command: Prompt.Command
        public var environment: [String: String]

        public init(_ command: Prompt.Command, environment: [String: String]) {
            self.command = command
            self.environment = environment
        }

        /// The flag as given, else its variable when set and not empty.
        public func string(_ flag: String, _ given: String?) -> String? {
            if let given { return given }
            let value = environment[variable(flag).name] ?? ""
            return value.isEmpty ? nil : value
        }

        /// A switch: the flag as given, else its variable read as a boolean
        /// (1/0, yes/no, true/false, on/off), else `otherwise`.
        /// - Throws: `Prompt.Problem` for a variable set to another word.
        public func flag(_ flag: String, _ given: Bool?, otherwise: Bool = false) throws(Prompt.Problem) -> Bool {
            if let given { return given }
            guard let text = string(flag, nil) else { return otherwise }
            guard let value = BooleanKind.parse(Substring(text), states: nil) else {
                throw Prompt.Problem(.promptVariableNotYesOrNo(variable(flag).name, value: text))
            }
            return value
        }

        /// A whole number: the flag as given, else its variable.
        /// - Throws: `Prompt.Problem` for a variable that is not a whole number.
        public func integer(_ flag: String, _ given: Int?) throws(Prompt.Problem) -> Int? {
            if let given { return given }
            guard let text = string(flag, nil) else { return nil }
            guard let value = Int(text) else {
                throw Prompt.Problem(.promptVariableNotWhole(variable(flag).name, value: text))
            }
            return value
        }

        /// Lines of the variable (`KEYFORM_CHOOSE_SELECTED`), else the flags given.
        public func lines(_ flag: String, _ given: [String]) -> [String] {
            guard given.isEmpty, let text = string(flag, nil) else { return given }
            return text.split(separator: "\n").map(String.init)
        }

        private func variable(_ flag: String) -> PromptVariable {
            guard let row = PromptVariable.all.first(where: { $0.command == command && $0.flag == flag }) else {
                preconditionFailure("keyform \(command.rawValue) --\(flag) has no row in PromptVariable.all")
            }
            return row
        }
    }
}
