import ArgumentParser
import KeyformCore

/// The commands people start most (`run`, `demo` and the prompts) read from
/// plain command lines without ArgumentParser's parse (issue 27): its parse
/// reflects over the command (`Mirror`) and asks the runtime, type by type,
/// which protocols each property conforms to — each first question a scan of
/// every conformance record in the binary, a quarter of a start's CPU.
///
/// A line is plain when every word is a flag or option the command has, an
/// option's value (`--db PATH` or `--db=PATH`, `-` allowed), or a positional
/// word not starting with `-`, each flag and single option at most once, and
/// the command's `validate()` passes. Anything else — help, a typo, `--`, a
/// value that does not read — returns nil and ArgumentParser parses the line
/// as before, so every message and status stays its own. Values are read by
/// the same `ExpressibleByArgument` initialisers ArgumentParser uses.
///
/// A new option of one of these commands goes into its builder below too:
/// a property left unset stops the command when it is read.
enum DirectStart {
    /// The command `arguments` (after the program's name) ask for, or nil to
    /// leave them to ArgumentParser.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first else { return nil }
        let words = Array(arguments.dropFirst())
        let command: (any ParsableCommand)? =
            switch name {
            case "run": run(words)
            case "demo": demo(words)
            case "input": input(words)
            case "write": write(words)
            case "choose": choose(words)
            case "confirm": confirm(words)
            case "date": date(words)
            case "time": time(words)
            default: nil
            }
        return command
    }

    static func run(_ words: [String]) -> RunCommand? {
        guard
            let line = PlainWords(
                words,
                flags: [
                    "--no-store", "--resume", "--fresh", "--repeat", "--no-animation", "--no-mouse", "--accessible",
                ],
                options: ["--format", "--answers", "--answers-format", "--db", "--author", "--timeout"],
                repeatable: ["--choices"]),
            line.positionals.count == 1,
            let format = line.value("--format", or: RecordFormat.json),
            let answersFormat: AnswersFormat? = line.value("--answers-format"),
            let timeout: Int? = line.value("--timeout")
        else { return nil }
        var database = DatabaseOption()
        database.db = line.single("--db")
        database.author = line.single("--author")
        var store = StoreOptions()
        store.database = database
        store.noStore = line.has("--no-store")
        var command = RunCommand()
        command.form = line.positionals[0]
        command.format = format
        command.answers = line.single("--answers")
        command.answersFormat = answersFormat
        command.store = store
        command.resume = line.has("--resume")
        command.fresh = line.has("--fresh")
        command.repeatLast = line.has("--repeat")
        command.noAnimation = line.has("--no-animation")
        command.noMouse = line.has("--no-mouse")
        command.accessible = line.has("--accessible")
        command.choiceFiles = line.all("--choices")
        command.timeout = timeout
        guard (try? store.validate()) != nil, (try? command.validate()) != nil else { return nil }
        return command
    }

    static func demo(_ words: [String]) -> DemoCommand? {
        guard let line = PlainWords(words, flags: ["--no-animation", "--no-mouse"], options: []),
            line.positionals.count <= 1
        else { return nil }
        var command = DemoCommand()
        command.app = line.positionals.first
        command.noAnimation = line.has("--no-animation")
        command.noMouse = line.has("--no-mouse")
        return command
    }

    static func input(_ words: [String]) -> InputCommand? {
        let inverted = ["--required", "--secret"]
        guard
            let line = PlainWords(
                words, flags: PromptOptions.flags + inverted.flatMap(PlainWords.withInversion),
                options: PromptOptions.options + [
                    "--label", "--placeholder", "--value", "--type", "--pattern", "--history",
                ],
                exclusive: PromptOptions.exclusive + inverted.map(PlainWords.withInversion)),
            line.positionals.isEmpty, let prompt = PromptOptions(line)
        else { return nil }
        var command = InputCommand()
        command.label = line.single("--label")
        command.placeholder = line.single("--placeholder")
        command.value = line.single("--value")
        command.type = line.single("--type")
        command.pattern = line.single("--pattern")
        command.required = line.inverted("--required")
        command.secret = line.inverted("--secret")
        command.history = line.single("--history")
        command.prompt = prompt
        return command
    }

    static func write(_ words: [String]) -> WriteCommand? {
        guard
            let line = PlainWords(
                words, flags: PromptOptions.flags + PlainWords.withInversion("--required"),
                options: PromptOptions.options + ["--label", "--placeholder", "--value", "--lines"],
                exclusive: PromptOptions.exclusive + [PlainWords.withInversion("--required")]),
            line.positionals.isEmpty, let prompt = PromptOptions(line), let lines: Int? = line.value("--lines")
        else { return nil }
        var command = WriteCommand()
        command.label = line.single("--label")
        command.placeholder = line.single("--placeholder")
        command.value = line.single("--value")
        command.lines = lines
        command.required = line.inverted("--required")
        command.prompt = prompt
        return command
    }

    static func choose(_ words: [String]) -> ChooseCommand? {
        guard
            let line = PlainWords(
                words, flags: PromptOptions.flags + PlainWords.withInversion("--multiple"),
                options: PromptOptions.options + ["--file", "--label", "--max"], repeatable: ["--selected"],
                exclusive: PromptOptions.exclusive + [PlainWords.withInversion("--multiple")]),
            let prompt = PromptOptions(line), let max: Int? = line.value("--max")
        else { return nil }
        var command = ChooseCommand()
        command.options = line.positionals
        command.file = line.single("--file")
        command.label = line.single("--label")
        command.multiple = line.inverted("--multiple")
        command.max = max
        command.selected = line.all("--selected")
        command.prompt = prompt
        return command
    }

    static func confirm(_ words: [String]) -> ConfirmCommand? {
        guard
            let line = PlainWords(
                words, flags: PromptOptions.flags, options: PromptOptions.options + ["--default"],
                exclusive: PromptOptions.exclusive),
            line.positionals.count == 1, let prompt = PromptOptions(line)
        else { return nil }
        var command = ConfirmCommand()
        command.question = line.positionals[0]
        command.defaultAnswer = line.single("--default")
        command.prompt = prompt
        return command
    }

    static func date(_ words: [String]) -> DateCommand? {
        guard let read = labelAndValue(words) else { return nil }
        var command = DateCommand()
        (command.label, command.value, command.prompt) = read
        return command
    }

    static func time(_ words: [String]) -> TimeCommand? {
        guard let read = labelAndValue(words) else { return nil }
        var command = TimeCommand()
        (command.label, command.value, command.prompt) = read
        return command
    }

    /// `date` and `time` take the same words: a label, a value and the prompts' own options.
    private static func labelAndValue(_ words: [String]) -> (String?, String?, PromptOptions)? {
        guard
            let line = PlainWords(
                words, flags: PromptOptions.flags, options: PromptOptions.options + ["--label", "--value"],
                exclusive: PromptOptions.exclusive),
            line.positionals.isEmpty, let prompt = PromptOptions(line)
        else { return nil }
        return (line.single("--label"), line.single("--value"), prompt)
    }
}

extension PromptOptions {
    static let flags = PlainWords.withInversion("--inline") + ["--no-animation"]
    static let options = ["--format", "--timeout"]
    static let exclusive = [PlainWords.withInversion("--inline")]

    /// The options every prompt shares, from a plain line; nil when a value does not read.
    init?(_ line: PlainWords) {
        guard let format: Prompt.Format? = line.value("--format"), let timeout: Int? = line.value("--timeout") else {
            return nil
        }
        self.init()
        self.format = format
        inline = line.inverted("--inline")
        self.timeout = timeout
        noAnimation = line.has("--no-animation")
    }
}

/// A command line's words sorted into flags, option values and positionals,
/// or nil when one is anything else (see `DirectStart`).
struct PlainWords {
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]

    /// - Parameters:
    ///   - flags: the flags' names (`--resume`).
    ///   - options: the options taking one value, given at most once.
    ///   - repeatable: the options that may be given again, each value kept.
    ///   - exclusive: groups of flags of which at most one may be given (`--inline`, `--no-inline`).
    init?(
        _ words: [String], flags knownFlags: [String], options: [String], repeatable: [String] = [],
        exclusive: [[String]] = []
    ) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("-") else {
                guard !word.isEmpty else { return nil }
                positionals.append(word)
                continue
            }
            let name = String(word.prefix { $0 != "=" })
            if knownFlags.contains(word) {
                guard flags.insert(word).inserted else { return nil }
            } else if options.contains(name) || repeatable.contains(name) {
                let value: String
                if name.count < word.count {
                    value = String(word.dropFirst(name.count + 1))
                } else {
                    guard index < words.count else { return nil }
                    value = words[index]
                    index += 1
                }
                // A value like an option (or none) is ArgumentParser's to judge.
                guard !value.isEmpty, value == "-" || !value.hasPrefix("-") else { return nil }
                guard repeatable.contains(name) || values[name] == nil else { return nil }
                values[name, default: []].append(value)
            } else {
                return nil
            }
        }
        for group in exclusive where group.filter(flags.contains).count > 1 { return nil }
    }

    /// `--name` and `--no-name`: a flag with `inversion: .prefixedNo`.
    static func withInversion(_ name: String) -> [String] { [name, "--no-" + name.dropFirst(2)] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// true for `--name`, false for `--no-name`, nil for neither.
    func inverted(_ name: String) -> Bool? {
        has(name) ? true : has(Self.withInversion(name)[1]) ? false : nil
    }

    func single(_ option: String) -> String? { values[option]?.last }

    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// The option's value read as ArgumentParser reads it: `.some(nil)` when
    /// not given, nil when given but not readable.
    func value<T: ExpressibleByArgument>(_ option: String) -> T?? {
        guard let text = single(option) else { return .some(nil) }
        return T(argument: text).map { .some($0) }
    }

    /// The option's value, or `fallback` when not given; nil when not readable.
    func value<T: ExpressibleByArgument>(_ option: String, or fallback: T) -> T? {
        guard let text = single(option) else { return fallback }
        return T(argument: text)
    }
}
