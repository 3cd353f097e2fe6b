import ArgumentParser
import Foundation
import KeyformCore
import KeyformTerminal

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Fill in a form and print the record on stdout.",
        discussion: """
            FORM is a path to a form file, or a name looked up in ./forms, demo/ and
            $KEYFORM_FORMS. Without a terminal — with --answers (a JSON object of field id
            to value; - reads stdin), or when stdin is not a terminal (one value per line,
            in field order) — no interface is drawn: a field with no value takes its
            default, and the same validation applies. Invalid values are reported on
            stderr, one line each (keyform: field 'ID': REASON), and the exit status is 2.

            Records are printed only: the store (--db, drafts, --resume) is not built yet.

            Exit status: 0 submitted, 1 cancelled, 2 bad usage or an invalid form, layout
            or answers, 130 interrupted.
            """
    )

    @Argument(help: "A form file, or the name of one.")
    var form: String

    @Option(help: "How to print the record: json, template (the form's template) or env.")
    var format: RecordFormat = .json

    @Option(help: "A JSON file of answers (field id to value), or - for stdin.")
    var answers: String?

    @Flag(help: "No transitions (also when NO_MOTION is set).")
    var noAnimation = false

    func run() throws {
        guard let path = FormFiles.locate(form) else {
            throw Failure(message: "form '\(form)' not found; looked in: \(FormFiles.searchedPlaces(for: form))")
        }
        let (loaded, diagnostics) = FormFiles.load(path: path)
        for (origin, diagnostic) in diagnostics { Output.error(diagnostic.formatted(path: origin)) }
        guard let loaded else { throw ExitCode(2) }
        if format == .template, loaded.form.template == nil {
            throw Failure(message: "\(path) has no 'template'; add one, or use --format json or env")
        }
        let today = CivilDate.today()
        let context: FormContext
        do {
            context = try FormContext(form: loaded.form, layouts: loaded.layouts, today: today)
        } catch {
            throw Failure(message: "\(path): \(error)")
        }
        let record = answers != nil || isatty(STDIN_FILENO) == 0
            ? try fillWithoutTerminal(context)
            : try fillOnTerminal(context)
        do {
            Output.result(try format.render(record, form: loaded.form))
        } catch {
            throw Failure(message: "\(path): \(error)")
        }
    }

    /// The form drawn on the controlling terminal; stdout stays for the result.
    private func fillOnTerminal(_ context: FormContext) throws -> Record {
        let environment = ProcessInfo.processInfo.environment
        let options = TerminalRunner.Options(
            color: (environment["NO_COLOR"] ?? "").isEmpty,
            animate: !noAnimation && (environment["NO_MOTION"] ?? "").isEmpty
        )
        let outcome: FormState.Outcome
        do {
            outcome = try MainActor.assumeIsolated {
                try TerminalRunner.run(context: context, state: .start(context), options: options)
            }
        } catch {
            throw Failure(message: "cannot use the terminal (\(error)); give --answers FILE, or pipe one value per line into stdin")
        }
        switch outcome {
        case .submitted(let record): return record
        case .cancelled: throw ExitCode(1)
        case .interrupted: throw ExitCode(130)
        case .terminated(let signal): throw ExitCode(128 + signal)
        }
    }

    /// Answers from --answers or from stdin lines, validated like typed values.
    private func fillWithoutTerminal(_ context: FormContext) throws -> Record {
        let parsed: Result<[String: String], AnswerProblems>
        if let answers {
            let bytes: [UInt8]
            if answers == "-" {
                bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            } else {
                do { bytes = try SourceFiles.read(answers) } catch { throw Failure(message: "answers file \(answers): \(error)") }
            }
            parsed = Answers.fromJSON(bytes, form: context.form)
        } else {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            parsed = Answers.fromLines(String(decoding: data, as: UTF8.self), form: context.form)
        }
        let validators = Dictionary(uniqueKeysWithValues: zip(context.fields.map(\.id), context.validators))
        let filled = parsed.flatMap { HeadlessFill.fill(context.form, answers: $0, validators: validators, today: context.today) }
        switch filled {
        case .success(let record):
            return record
        case .failure(let problems):
            Output.error(problems.description.trimmingCharacters(in: .newlines))
            throw ExitCode(2)
        }
    }
}

extension RecordFormat: ExpressibleByArgument {}
