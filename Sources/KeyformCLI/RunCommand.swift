import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformStore
import KeyformTerminal

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fill in a form, store the record, and print it on stdout.",
        discussion: """
            FORM is a path to a form file, or a name looked up in ./forms, demo/ and
            $KEYFORM_FORMS. The form is drawn on the terminal (/dev/tty); stdout carries
            only the result, so x=$(keyform run todo) works.

            Without a terminal — with --answers (a JSON object of field id to value; - reads
            stdin), or when stdin is not a terminal (one value per line, in field order) —
            no interface is drawn: a field with no value takes its default, and the same
            validation applies. Invalid values are reported on stderr, one line each
            (keyform: field 'ID': REASON), and the exit status is 2.

            Every submitted record is stored (see --db); drafts are saved as fields are
            committed and when the form is left unfinished, and offered on the next run.

            Exit status: 0 submitted, 1 cancelled, 2 bad usage or an invalid form, layout
            or answers, 3 submitted but NOT stored (the error says where the record is),
            74 stored but the result could not be written on stdout, 130 interrupted,
            143 SIGTERM, 129 SIGHUP, 131 SIGQUIT.
            """
    )

    @Argument(help: "A form file, or the name of one.")
    var form: String

    @Option(help: "How to print the record: json, template (the form's template) or env.")
    var format: RecordFormat = .json

    @Option(help: "A JSON file of answers (field id to value), or - for stdin.")
    var answers: String?

    @OptionGroup var store: StoreOptions

    @Flag(help: "Resume the form's draft without asking.")
    var resume = false

    @Flag(help: "Start afresh: discard the form's draft without asking.")
    var fresh = false

    @Flag(name: .customLong("repeat"), help: "Start from the last stored record (fields with their own default keep it, e.g. today); Ctrl-S submits from any field.")
    var repeatLast = false

    @Flag(help: "No transitions (also when NO_MOTION is set).")
    var noAnimation = false

    func validate() throws {
        if resume, fresh { throw ValidationError("--resume and --fresh contradict each other; give one") }
    }

    func run() throws {
        let loaded = try FormFiles.loadReporting(form)
        if format == .template, loaded.form.template == nil {
            throw Failure(message: "\(loaded.path) has no 'template'; add one, or use --format json or env")
        }
        var database: AppDatabase?
        var storeProblem: StoreError?
        if !store.noStore {
            switch store.open() {
            case .success(let opened): database = opened
            case .failure(let error): storeProblem = error
            }
        }
        let context = try FormLauncher.context(loaded, database: database)
        let headless = answers != nil || isatty(STDIN_FILENO) == 0
        let (record, removingDraft) = headless
            ? try fillWithoutTerminal(context, database)
            : (try fillOnTerminal(context, database), true)
        try finish(record, form: context.form, database: database, storeProblem: storeProblem, removingDraft: removingDraft)
    }

    /// Stores the record and prints it; a record that could not be stored is
    /// printed all the same, rescued to a file, and the status says so.
    /// - Parameter removingDraft: whether the form's draft goes with the save: when
    ///   the record was filled in from it, or on the terminal (where the draft was
    ///   resumed, declined, or saved by this run).
    private func finish(_ record: Record, form: Form, database: AppDatabase?, storeProblem: StoreError?,
                        removingDraft: Bool) throws {
        var problem = storeProblem
        if let database {
            do { try database.saveRecord(record, form: form, removingDraft: removingDraft) } catch { problem = error }
        }
        let output: String
        do {
            output = try format.render(record, form: form)
        } catch {
            throw Failure(message: "\(error)")
        }
        // A record that was not stored is rescued before anything else can fail, printing included.
        let rescue = problem.map { _ in Rescue.save(record, form: form) }
        let printed = Result { try Output.result(output) }
        guard let problem else { return try printed.get() }
        var places: [String] = []
        if case .success = printed { places.append("on stdout") }
        if case .some(.some(let path)) = rescue { places.append("saved in \(path)") }
        var reason = problem.description
        if reason.hasSuffix(".") { reason.removeLast() }
        guard !places.isEmpty else {
            // Nowhere else to keep it: the record goes to stderr, escaped, as the last copy.
            throw Failure(message: "the record was NOT stored: \(reason), and could not be printed or rescued; here it is: "
                          + RecordFormat.json(record, form: form), status: Rescue.notStoredStatus)
        }
        throw Failure(message: "the record was NOT stored: \(reason). Nothing is lost: the record is \(places.joined(separator: " and ")).",
                      status: Rescue.notStoredStatus)
    }

    private func startingValues(_ context: FormContext, _ database: AppDatabase?, interactive: Bool) throws -> FormLauncher.Start {
        let policy: FormLauncher.DraftPolicy = resume ? .resume : fresh ? .discard : interactive ? .ask : .ignore
        return try FormLauncher.startingValues(context, database, drafts: policy, repeatLast: repeatLast)
    }

    /// The form drawn on the controlling terminal; stdout stays for the result.
    private func fillOnTerminal(_ context: FormContext, _ database: AppDatabase?) throws -> Record {
        let start = try startingValues(context, database, interactive: true)
        switch try FormLauncher.runOnTerminal(context, database, start: start, noAnimation: noAnimation) {
        case .submitted(let record): return record
        case .cancelled: throw ExitCode(1)
        case .interrupted: throw ExitCode(130)
        case .terminated(let signal): throw ExitCode(128 + signal)
        }
    }

    /// Answers from --answers or from stdin lines, validated like typed values; and
    /// whether the record was filled in from the draft (--resume), which then goes.
    /// Without --resume a draft is someone's unfinished form, left as it is.
    private func fillWithoutTerminal(_ context: FormContext, _ database: AppDatabase?) throws -> (Record, fromDraft: Bool) {
        let parsed: Result<[String: String], AnswerProblems>
        let source = answers ?? "-"
        let bytes: [UInt8]
        do {
            bytes = source == "-" ? try SourceFiles.readStandardInput() : try SourceFiles.read(source)
        } catch {
            throw Failure(message: source == "-" ? "answers: \(error)" : "answers file \(source): \(error)")
        }
        if answers != nil {
            parsed = Answers.fromJSON(bytes, form: context.form)
        } else {
            parsed = Answers.fromLines(String(decoding: bytes, as: UTF8.self), form: context.form)
        }
        // Without a terminal nothing is asked: a draft is used only with --resume.
        let start = try startingValues(context, database, interactive: false)
        let validators = Dictionary(uniqueKeysWithValues: zip(context.fields.map(\.id), context.validators))
        let filled = parsed.flatMap { answers in
            // An empty answer is no answer: the field keeps its draft or `default: last` value.
            HeadlessFill.fill(context.form, answers: start.values.merging(answers.filter { !$0.value.isEmpty }) { _, answer in answer },
                              validators: validators, today: context.today)
        }
        switch filled {
        case .success(let record):
            return (record, start.resumed)
        case .failure(let problems):
            Output.error(problems.description.trimmingCharacters(in: .newlines))
            throw ExitCode(2)
        }
    }
}

extension RecordFormat: ExpressibleByArgument {}
