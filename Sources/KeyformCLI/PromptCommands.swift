import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun

/// What every prompt's help says about its output, statuses and variables.
private func promptDiscussion(_ command: Prompt.Command, _ first: String, statuses: String = "0 answered") -> String {
    """
    \(first)

    The prompt is drawn on the terminal (/dev/tty) whatever stdin and stdout are, under \
    the cursor unless --no-inline; stdout carries only the answer, so x=$(keyform \(command.rawValue) ...) \
    works. Nothing is stored. Without a terminal the answer is the one the flags give, \
    checked as if typed; with none, exit 2.

    Every flag has a variable that sets its default: KEYFORM_\(command.rawValue.uppercased())_FLAG \
    (keyform config show --variables lists them).

    Exit status: \(statuses), 1 cancelled (Esc), 2 bad usage or no answer without a terminal, \
    124 the --timeout passed, 130 interrupted (Ctrl-C), 143 SIGTERM, 129 SIGHUP.
    """
}

private var environment: [String: String] { ProcessInfo.processInfo.environment }

struct InputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input",
        abstract: "Ask for one line and print it (readline editing, a type's checks).",
        discussion: promptDiscussion(
            .input,
            """
            name=$(keyform input --label Name --placeholder 'Ada Lovelace' --required) asks \
            for a line edited with GNU readline (your ~/.inputrc applies) and prints it. \
            --type integer, number, date or time checks it as a form field of that type \
            would (a date or time can also be picked after Tab).
            """)
    )

    @Option(help: "The words before the line.")
    var label: String?
    @Option(help: "A dimmed hint shown while the line is empty (never the answer).")
    var placeholder: String?
    @Option(help: "The line's starting text; also the answer without a terminal.")
    var value: String?
    @Option(
        help: "text, integer, number, date or time.", completion: .list(["text", "integer", "number", "date", "time"]))
    var type: String?
    @Option(help: "A regular expression the whole line must match.")
    var pattern: String?
    @Flag(inversion: .prefixedNo, help: "Refuse an empty line.")
    var required: Bool?
    @Flag(inversion: .prefixedNo, help: "Type masked (a dot a character); never kept in history.")
    var secret: Bool?
    @Option(help: "Offer earlier answers given under this name on Up (kept in $XDG_STATE_HOME/keyform/history/NAME).")
    var history: String?
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated { try ask() }
    }

    @MainActor
    private func ask() throws {
        let defaults = PromptVariable.Defaults(.input, environment: environment)
        let typeName = defaults.string("type", type) ?? "text"
        guard let type = Field.ValueType(rawValue: typeName) else {
            throw Failure(.promptTypeUnknown(typeName))
        }
        let secret = try PromptRun.checked { () throws(Prompt.Problem) in try defaults.flag("secret", self.secret) }
        let required = try PromptRun.checked { () throws(Prompt.Problem) in try defaults.flag("required", self.required)
        }
        if secret, self.history != nil {
            throw Failure(.historyWithSecret)
        }
        // A KEYFORM_INPUT_HISTORY set for every prompt keeps no secret: the secret goes without it.
        let history = secret ? nil : try defaults.string("history", self.history).map { try PromptHistory(name: $0) }
        let made = try PromptRun.checked { () throws(Prompt.Problem) in
            try Prompt.input(
                label: defaults.string("label", label), placeholder: defaults.string("placeholder", placeholder),
                value: defaults.string("value", value), type: type, pattern: defaults.string("pattern", pattern),
                required: required, secret: secret)
        }
        try PromptRun.ask(made, options: prompt, history: history)
    }
}

struct WriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write",
        abstract: "Ask for text of several lines and print it.",
        discussion: promptDiscussion(
            .write,
            """
            notes=$(keyform write --label Details --placeholder 'Details of this change') \
            asks for text edited with GNU readline in --lines wrapped rows: Ctrl-J or \
            Alt-Enter breaks a line, Up and Down move between rows, Ctrl-E hands the text \
            to $VISUAL or $EDITOR, and Enter answers. The text is printed as its lines.
            """)
    )

    @Option(help: "The words before the text.")
    var label: String?
    @Option(help: "A dimmed hint shown while the text is empty (never the answer).")
    var placeholder: String?
    @Option(help: "The starting text; also the answer without a terminal.")
    var value: String?
    @Option(help: "How many rows the text shows (1-20; 5 unless given).")
    var lines: Int?
    @Flag(inversion: .prefixedNo, help: "Refuse an empty text.")
    var required: Bool?
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated { try ask() }
    }

    @MainActor
    private func ask() throws {
        let defaults = PromptVariable.Defaults(.write, environment: environment)
        let lines =
            try PromptRun.checked { () throws(Prompt.Problem) in try defaults.integer("lines", self.lines) } ?? 5
        let required = try PromptRun.checked { () throws(Prompt.Problem) in try defaults.flag("required", self.required)
        }
        let made = try PromptRun.checked { () throws(Prompt.Problem) in
            try Prompt.write(
                label: defaults.string("label", label), placeholder: defaults.string("placeholder", placeholder),
                value: defaults.string("value", value), lines: lines, required: required)
        }
        try PromptRun.ask(made, options: prompt)
    }
}

struct ChooseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choose",
        abstract: "Pick one option (or several) from a grid of keys and print it.",
        discussion: promptDiscussion(
            .choose,
            """
            keyform choose fix feat docs prints the option picked: the first nine have the \
            hotkeys 1-9, arrows move, Enter picks. The options are the arguments, else one a \
            line from --file, else from stdin when it is not the terminal (git branch | \
            keyform choose still reads its keys from the terminal). With --multiple, a hotkey \
            toggles an option, and Enter with none highlighted (or Done) prints the picked \
            ones, one a line.
            """)
    )

    @Argument(help: "The options (else --file, else one a line on stdin).")
    var options: [String] = []
    @Option(help: "A file of options, one a line.", completion: .file())
    var file: String?
    @Option(help: "The words above the options.")
    var label: String?
    @Flag(inversion: .prefixedNo, help: "Pick several; the answer is one a line.")
    var multiple: Bool?
    @Option(help: "At most this many picked (with --multiple).")
    var max: Int?
    @Option(help: "An option picked at the start (repeat it with --multiple); also the answer without a terminal.")
    var selected: [String] = []
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated { try ask() }
    }

    @MainActor
    private func ask() throws {
        let defaults = PromptVariable.Defaults(.choose, environment: environment)
        let multiple = try PromptRun.checked { () throws(Prompt.Problem) in try defaults.flag("multiple", self.multiple)
        }
        let max = try PromptRun.checked { () throws(Prompt.Problem) in try defaults.integer("max", self.max) }
        let given = try optionsGiven(file: defaults.string("file", file))
        let made = try PromptRun.checked { () throws(Prompt.Problem) in
            try Prompt.choose(
                given, label: defaults.string("label", label), multiple: multiple, max: max,
                selected: defaults.lines("selected", selected))
        }
        try PromptRun.ask(made, options: prompt)
    }

    /// The arguments, else the file's lines, else stdin's when it is not a terminal.
    private func optionsGiven(file: String?) throws -> [String] {
        if !options.isEmpty { return options }
        let bytes: [UInt8]
        if let file {
            do { bytes = try SourceFiles.read(file, pipes: true) } catch {
                throw Failure(.optionsNotRead(file: file, reason: Speaking.describe(error)))
            }
        } else if isatty(STDIN_FILENO) == 0 {
            do { bytes = try SourceFiles.readStandardInput() } catch {
                throw Failure(.optionsNotRead(file: nil, reason: Speaking.describe(error)))
            }
        } else {
            return []
        }
        // \r\n is one Character, and a line break like \n: lines from Windows editors read as lines.
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    }
}

struct ConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Ask a yes/no question: exit 0 for yes, 1 for no.",
        discussion: promptDiscussion(
            .confirm,
            """
            keyform confirm 'Commit changes?' && git commit: y or n answer, arrows and Enter \
            too (Enter starts on yes unless --default no). Nothing is printed unless --format \
            json (true or false). Esc exits 1, as no does: a script that goes on only after \
            a yes never goes on after a cancel.
            """, statuses: "0 yes, 1 no")
    )

    @Argument(help: "The question.")
    var question: String
    @Option(
        name: .customLong("default"), help: "yes or no: the answer Enter starts on, and the answer without a terminal.")
    var defaultAnswer: String?
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated { try ask() }
    }

    @MainActor
    private func ask() throws {
        let defaults = PromptVariable.Defaults(.confirm, environment: environment)
        let answer = try defaults.string("default", defaultAnswer).map { text in
            guard let answer = Prompt.yesOrNo(text) else { throw Failure(.confirmDefaultNotYesOrNo(text)) }
            return answer
        }
        try PromptRun.ask(Prompt.confirm(question, defaultAnswer: answer), options: prompt)
    }
}

struct DateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date",
        abstract: "Pick a day on a calendar and print it (YYYY-MM-DD).",
        discussion: promptDiscussion(
            .date,
            """
            Arrows move a day or a week, PgUp/PgDn a month, t goes to today, Enter picks; \
            Tab types the date instead (2026-12-24, today, tomorrow).
            """)
    )

    @Option(help: "The words before the date.")
    var label: String?
    @Option(help: "The starting date (YYYY-MM-DD, today, tomorrow); also the answer without a terminal.")
    var value: String?
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated {
            let defaults = PromptVariable.Defaults(.date, environment: environment)
            try PromptRun.ask(
                Prompt.date(label: defaults.string("label", label), value: defaults.string("value", value)),
                options: prompt)
        }
    }
}

struct TimeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "time",
        abstract: "Type a time on a keypad and print it (HH:MM).",
        discussion: promptDiscussion(
            .time,
            """
            The digits and ':' type (0730 is 07:30), n types now, d or Enter is done; Tab \
            types it with readline instead.
            """)
    )

    @Option(help: "The words before the time.")
    var label: String?
    @Option(help: "The starting time (HH:MM, now); also the answer without a terminal.")
    var value: String?
    @OptionGroup var prompt: PromptOptions

    func run() throws {
        try MainActor.assumeIsolated {
            let defaults = PromptVariable.Defaults(.time, environment: environment)
            try PromptRun.ask(
                Prompt.time(label: defaults.string("label", label), value: defaults.string("value", value)),
                options: prompt)
        }
    }
}
