import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformStore
import KeyformTerminal

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fill in a form, store the record, and print it on stdout.",
        discussion: """
            FORM is a path to a form file, or a name looked up in ./forms, demo/, \
            $KEYFORM_FORMS and the per-user folder $XDG_CONFIG_HOME/keyform/forms \
            (~/.config/keyform/forms); keyform form list shows what a name finds. FORM \
            may also be a pipe, as keyform run <(generate-form) gives (the form then needs \
            a 'name:' to store its records under).

            The form is drawn on the terminal (/dev/tty) whenever there is one, whatever \
            stdin is: stdout carries only the result, so x=$(keyform run todo) works, and \
            stdin is left alone, so cmd | while read x; do keyform run todo; done asks once \
            a line.

            Answers are read instead only when asked for: --answers FILE (or - for stdin) \
            holds a JSON object of field id to value, or with --answers-format lines one \
            value a line in field order (printf 'Buy milk\\n' | keyform run todo --answers - \
            --answers-format lines). Without a terminal (cron, CI, setsid), stdin that is \
            not a terminal is read as lines without being asked. Then no interface is \
            drawn: a field with no value takes its default, and the same validation \
            applies. Invalid values are reported on stderr, one line each (keyform: \
            field 'ID': REASON), and the exit status is 2.

            Every submitted record is stored (see --db); drafts are saved as fields are \
            committed and when the form is left unfinished, and offered on the next run.

            --choices ID=FILE gives field ID its keys, one a line, from FILE (- for stdin: \
            the form is then typed on /dev/tty): printf 'main\\ndev\\n' | keyform run deploy \
            --choices branch=-. --timeout SECONDS (or 'timeout:' in the form) ends the form \
            when the time is up, its draft kept, with exit status 124.

            Exit status: 0 submitted, 1 cancelled, 2 bad usage or an invalid form, layout, \
            answers or config (keyform config check), 3 submitted but NOT stored (the error says where the record is), \
            74 stored but the result could not be written on stdout, 124 the time limit \
            ran out, 130 interrupted, 143 SIGTERM, 129 SIGHUP, 131 SIGQUIT.
            """
    )

    @Argument(help: "A form file (or a pipe: <(generate-form)), or the name of one.", completion: NameCompletion.forms)
    var form: String

    @Option(help: "How to print the record: json, template (the form's template) or env.")
    var format: RecordFormat = .json

    @Option(
        help: "A file of answers (a JSON object of field id to value), or - for stdin: no form is drawn.",
        completion: .file())
    var answers: String?

    @Option(help: "How the --answers file is written: json, or lines (one value a line, in field order).")
    var answersFormat: AnswersFormat?

    @OptionGroup var store: StoreOptions

    @Flag(help: "Resume the form's draft without asking.")
    var resume = false

    @Flag(help: "Start afresh: discard the form's draft without asking.")
    var fresh = false

    @Flag(
        name: .customLong("repeat"),
        help:
            "Start from the last stored record (fields with their own default keep it, e.g. today); Ctrl-S submits from any field."
    )
    var repeatLast = false

    @Flag(help: "No transitions (also when NO_MOTION is set, or the config says animation: false).")
    var noAnimation = false

    @Flag(help: "No clicks or wheel: the terminal keeps the mouse (also when the config says mouse: false).")
    var noMouse = false

    @Flag(
        help:
            "Ask the form as plain prompts, one line at a time, for screen readers (also KEYFORM_ACCESSIBLE=1, the config's accessible: true, TERM=dumb)."
    )
    var accessible = false

    @Option(
        name: .customLong("choices"),
        help: ArgumentHelp("A field's keys, one a line, from a file or - for stdin (repeatable).", valueName: "ID=FILE")
    )
    var choiceFiles: [String] = []

    @Option(
        help: ArgumentHelp(
            "End the form after this many seconds (exit 124, the draft kept); overrides the form's timeout.",
            valueName: "SECONDS"))
    var timeout: Int?

    func validate() throws {
        if resume, fresh { throw ValidationError(.resumeAndFresh) }
        if answersFormat != nil, answers == nil {
            throw ValidationError(.answersFormatWithoutAnswers)
        }
        if let timeout, !(1...86_400).contains(timeout) {
            throw ValidationError(.timeoutOutOfRange(timeout))
        }
        for given in choiceFiles where !given.contains("=") || given.hasPrefix("=") || given.hasSuffix("=") {
            throw ValidationError(.choicesNotIdAndFile(TerminalSafe.escaped(given)))
        }
        if choiceFiles.filter({ $0.hasSuffix("=-") }).count > 1 {
            throw ValidationError(.choicesStdinTwice)
        }
        if answers == "-", choiceFiles.contains(where: { $0.hasSuffix("=-") }) {
            throw ValidationError(.stdinAnswersAndChoices)
        }
    }

    func run() throws {
        // ArgumentParser calls run() on the main thread; readline and the terminal live there.
        try MainActor.assumeIsolated { try fill() }
    }

    @MainActor
    private func fill() throws {
        _ = try Settings.load()  // a broken config stops the command before anything else
        var loaded = try FormFiles.loadReporting(form, needs: .runNeedsFormFile, pipes: true)
        if let timeout { loaded.form.timeout = .seconds(timeout) }
        let lines = try choiceLines(&loaded)
        if format == .template, loaded.form.template == nil {
            throw Failure(.noTemplate(path: loaded.path))
        }
        let source = answersSource()
        let run: StoredFormRun
        if source == nil, !self.store.noStore {
            // On the terminal the store is opened and read off the loop, after the first frame.
            run = try StoredFormRun(loaded, opening: self.store.database, lines: lines)
        } else {
            var store: (any RecordStore)?
            var storeProblem: StoreError?
            if !self.store.noStore {
                switch try self.store.database.open() {
                case .success(let opened): store = opened
                case .failure(let error): storeProblem = error
                }
            }
            run = try StoredFormRun(loaded, store: store, storeProblem: storeProblem, lines: lines)
        }
        let (record, saved): (Record, Result<Int64?, StoredFormRun.NotStored>)
        if let source {
            let (filled, removingDraft) = try fillWithoutTerminal(run, from: source)
            record = filled
            saved = Result { () throws(StoredFormRun.NotStored) in try run.save(filled, removingDraft: removingDraft) }
        } else {
            // On the terminal the draft was resumed, declined, or saved by this run: it goes with the record,
            // saved while the form says so (a slow store never freezes the screen).
            let start = try run.startOnTerminal(
                drafts: draftPolicy(interactive: true), repeatLast: repeatLast,
                withoutTerminal: WithoutTerminal.run)
            (record, saved) = try run.fillAndSaveOnTerminal(
                from: start, noAnimation: noAnimation, noMouse: noMouse, accessible: accessible,
                withoutTerminal: WithoutTerminal.run)
        }
        try finish(record, saved, run)
    }

    /// The keys of `choices: {file:}` fields, and those `--choices ID=FILE` gives
    /// (which replace whatever keys the field had); a `--choices` that names no
    /// field or gives no keys is an error.
    private func choiceLines(_ loaded: inout LoadedForm) throws -> [String: ChoiceLines] {
        var lines = ChoiceFiles.read(loaded.form, formPath: loaded.path)
        for given in choiceFiles {
            let id = String(given.prefix { $0 != "=" })
            let path = String(given.dropFirst(id.count + 1))
            guard loaded.form.field(id: id) != nil else {
                let ids = loaded.form.fields.map(\.id)
                throw Failure(
                    .choicesNoField(
                        given: TerminalSafe.escaped(given), path: loaded.path, field: TerminalSafe.escaped(id),
                        suggestion: Suggestion.closest(to: id, among: ids), fields: ids))
            }
            let read = ChoiceFiles.read(path)
            if case .failed(let reason) = read {
                throw Failure(.choicesFlagFailed(field: TerminalSafe.escaped(id), reason: reason))
            }
            lines[id] = read
            for p in loaded.form.pages.indices {
                for f in loaded.form.pages[p].fields.indices where loaded.form.pages[p].fields[f].id == id {
                    var field = loaded.form.pages[p].fields[f]
                    (field.layout, field.options, field.choices, field.linesFrom) = (nil, nil, nil, .file(path))
                    loaded.form.pages[p].fields[f] = field
                }
            }
        }
        return lines
    }

    /// Prints the record as `saved` says it was stored; a record that could not
    /// be stored is printed all the same, rescued to a file, and the status says so.
    @MainActor
    private func finish(
        _ record: Record, _ saved: Result<Int64?, StoredFormRun.NotStored>, _ run: StoredFormRun
    )
        throws
    {
        let output: String
        do {
            output = try format.render(record, form: run.form)
        } catch {
            throw Failure(message: Speaking.describe(error))
        }
        // The record was rescued by `save` if the store failed, before anything else can fail, printing included.
        let printed = Result { try Output.result(output) }
        guard case .failure(let notStored) = saved else { return try printed.get() }
        let onStdout = (try? printed.get()) != nil
        guard onStdout || notStored.rescuedAt != nil else {
            // Nowhere else to keep it: the record goes to stderr, escaped, as the last copy.
            throw Failure(
                .recordNotStoredHereItIs(
                    reason: notStored.reason.message, record: RecordFormat.json(record, form: run.form)),
                status: notStored.exitStatus)
        }
        var said = notStored.said(onStdout: onStdout)
        if let location = try? self.store.database.location(),
            let command = notStored.importCommand(form: form, location: location.description)
        {
            said = .recordNotStoredImportLater(said, command: command)
        }
        throw Failure(said, status: notStored.exitStatus)
    }

    private func draftPolicy(interactive: Bool) -> StoredFormRun.DraftPolicy {
        resume ? .resume : fresh ? .fresh : interactive ? .ask : .ignore
    }

    /// Where the answers come from (a path, or `-` for stdin) and how they are
    /// written, when the form is not to be drawn: the answers asked for, else —
    /// only when no terminal can be opened — stdin's lines. A terminal draws the
    /// form whatever stdin is (a pipe feeding a loop, a here-document): its lines
    /// are someone else's data unless `--answers -` says they are answers.
    @MainActor
    private func answersSource() -> (path: String, format: AnswersFormat)? {
        if let answers { return (answers, answersFormat ?? .json) }
        guard isatty(STDIN_FILENO) == 0, (try? TerminalMode()) == nil else { return nil }
        return ("-", .lines)
    }

    /// Answers from --answers or from stdin lines, validated like typed values; and
    /// whether the record was filled in from the draft (--resume), which then goes.
    /// Without --resume a draft is someone's unfinished form, left as it is.
    @MainActor
    private func fillWithoutTerminal(
        _ run: StoredFormRun, from input: (path: String, format: AnswersFormat)
    ) throws
        -> (Record, fromDraft: Bool)
    {
        let context = run.context
        let parsed: Result<[String: FieldInput], AnswerProblems>
        let source = input.path
        let bytes: [UInt8]
        do {
            bytes = source == "-" ? try SourceFiles.readStandardInput() : try SourceFiles.read(source, pipes: true)
        } catch {
            throw Failure(.answersNotRead(file: source == "-" ? nil : source, reason: Speaking.describe(error)))
        }
        // read() gives one byte past the limit for YAML's own message; JSON would call the cut "not closed".
        guard bytes.count <= SourceFiles.limit else {
            throw Failure(.answersTooLarge(file: source))
        }
        switch input.format {
        case .json: parsed = Answers.fromJSON(bytes, form: context.form)
        case .lines: parsed = Answers.fromLines(bytes, form: context.form)
        }
        // Without a terminal nothing is asked: a draft is used only with --resume.
        let start = try run.start(drafts: draftPolicy(interactive: false), repeatLast: repeatLast)
        // Commands run once, their arguments filled from the answers; files were read with the form.
        let given = start.values.merging((try? parsed.get()) ?? [:]) { $1 }
        let running = run.runningCommands(with: given).run
        var unread: [String] = []
        for field in running.context.fields where field.strict && field.linesFrom != nil {
            // A strict field's answer must be one of the keys: without them it cannot be checked.
            if case .failed(let reason)? = running.lines(ofField: field.id) {
                unread.append(
                    "keyform: " + Speaking.language.text(.choicesToCheckMissing(field: field.id, reason: reason)))
            }
        }
        if !unread.isEmpty {
            Output.error(lines: unread.joined(separator: "\n"))
            throw ExitCode(ExitStatus.badUsage)
        }
        let filled = parsed.flatMap { answers in
            // An empty answer is no answer: the field keeps its draft or `default: last` value.
            HeadlessFill.fill(running.context, answers: answers, starting: start.values)
        }
        switch filled {
        case .success(let record):
            return (record, start.resumed)
        case .failure(let problems):
            Output.error(lines: problems.said(in: Speaking.language).trimmingCharacters(in: .newlines))
            throw ExitCode(ExitStatus.badUsage)
        }
    }
}

extension RecordFormat: ExpressibleByArgument {}

/// How an answers file is written (`--answers-format`).
enum AnswersFormat: String, ExpressibleByArgument, CaseIterable {
    /// A JSON object of field id to value.
    case json
    /// One value a line, in field order across pages (an empty line: no answer).
    case lines
}
