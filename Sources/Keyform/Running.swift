import Foundation
internal import KeyformCore
internal import KeyformStore
internal import KeyformTerminal

/// Something that fills forms in and gives back the records: the terminal
/// (``TerminalFormRunner``) or, in tests, a script of keys (``KeyformTester``).
///
/// Take a runner where your code asks for records, and tests can hand it a
/// ``KeyformTester`` instead of the terminal:
///
/// ```swift
/// @MainActor
/// func addToDo(using runner: some FormRunner) async throws -> ToDo {
///     try await runner.run(ToDoForm.form, as: ToDo.self)
/// }
///
/// try await addToDo(using: TerminalFormRunner())             // the program
/// try await addToDo(using: KeyformTester(keys: "Buy milk<Enter>h<Enter><Enter><Enter>"))   // a test
/// ```
///
/// Runners work on the main actor: GNU readline, which edits the fields, is one
/// set of globals per process, so one form runs at a time, on the main thread.
@MainActor
public protocol FormRunner {
    /// Fills the form in and returns the submitted record.
    /// - Throws: ``KeyformError`` — ``KeyformError/cancelled``, ``KeyformError/interrupted``,
    ///   ``KeyformError/terminated(signal:)`` when the person left the form, and the
    ///   others when it could not run.
    func run(_ form: KeyformForm) async throws -> KeyformRecord
}

extension FormRunner {
    /// Fills the form in and decodes the record into `type` (see ``KeyformRecord/decode(_:)``).
    /// - Throws: what ``run(_:)`` throws, and ``KeyformError/decodingFailed(_:)``.
    public func run<Value: Decodable>(_ form: KeyformForm, as type: Value.Type) async throws -> sending Value {
        let record = try await run(form)
        let value: Value = try record.decoded()
        return value
    }
}

/// Fills forms in on the controlling terminal (`/dev/tty`): what ``KeyformForm/run()`` uses.
///
/// The form is drawn on the terminal's alternate screen, so standard output
/// stays free for the program's results; the terminal is restored on every way
/// out, Ctrl-C and SIGTERM included. `NO_COLOR` turns color off, `NO_MOTION` the
/// transitions; `TERM=dumb` both.
///
/// ``run(_:)`` keeps the main actor (the main thread) busy while the person fills
/// the form in: other main-actor work waits, tasks on other executors go on.
/// Ctrl-C typed in the form always ends it as ``KeyformError/interrupted``; a
/// SIGINT or SIGTERM sent to the process with `kill` is handled the same way when
/// the form is the first thing the program does, before it starts other threads
/// (a thread started earlier may take the signal with its default action).
public struct TerminalFormRunner: FormRunner {
    var ttyPath = "/dev/tty"

    /// The runner of the controlling terminal.
    nonisolated public init() {}

    /// Fills the form in on the terminal.
    /// - Throws: ``KeyformError/cancelled`` (Esc), ``KeyformError/interrupted``
    ///   (Ctrl-C), ``KeyformError/terminated(signal:)``, ``KeyformError/noTerminal(_:)``,
    ///   ``KeyformError/invalidForm(_:)``, ``KeyformError/storeUnavailable(_:)``,
    ///   ``KeyformError/notStored(_:reason:)``; a `CancellationError` when the task
    ///   was cancelled before the form opened.
    public func run(_ form: KeyformForm) async throws -> KeyformRecord {
        try Task.checkCancellation()
        let run = try FormRun(form, today: CivilDate.today())
        let start = try run.startingValues(ask: { question in
            do {
                switch try TerminalRunner.ask(question, ttyPath: ttyPath) {
                case .yes: return true
                case .no: return false
                case .cancelled: throw KeyformError.cancelled
                case .interrupted: throw KeyformError.interrupted
                case .terminated(let signal): throw KeyformError.terminated(signal: signal)
                }
            } catch let error as TerminalError {
                throw KeyformError.noTerminal(error.description)
            }
        })
        let environment = ProcessInfo.processInfo.environment
        let dumb = ["", "dumb"].contains(environment["TERM"] ?? "")
        let options = TerminalRunner.Options(
            color: (environment["NO_COLOR"] ?? "").isEmpty && !dumb,
            animate: form.isAnimated && (environment["NO_MOTION"] ?? "").isEmpty && !dumb,
            ttyPath: ttyPath)
        var hooks = TerminalRunner.Hooks()
        hooks.history = run.history
        if let database = run.database {
            let stored = run.context.form
            hooks.saveDraft = { values, focus in try? database.saveDraft(form: stored, values: values, focus: focus) }
        }
        let outcome: FormState.Outcome
        do {
            outcome = try TerminalRunner.run(context: run.context, state: start, options: options, hooks: hooks)
        } catch let error as TerminalError {
            throw KeyformError.noTerminal(error.description)
        }
        return try run.finish(outcome)
    }
}

extension KeyformForm {
    /// Asks for a record on the terminal and returns it.
    ///
    /// Call it from the main actor — a `@main` type's `static func main() async`, or
    /// top-level code in `main.swift`, is on it — or `await` it from anywhere else:
    /// the form runs on the main thread, which it keeps busy until the person is done.
    ///
    /// ```swift
    /// let record = try await form.run()
    /// print(record.json)
    /// ```
    /// - Throws: ``KeyformError`` (see ``TerminalFormRunner/run(_:)``).
    @MainActor
    public func run() async throws -> KeyformRecord {
        try await TerminalFormRunner().run(self)
    }

    /// Asks for a record on the terminal and decodes it into `type`: integer and
    /// number fields as numbers, booleans as `Bool`, dates as `"YYYY-MM-DD"`
    /// strings (or ``KeyformDate``), a ``MultipleChoiceField``'s picks as
    /// `[String]`, empty fields other than text as `nil`.
    ///
    /// ```swift
    /// struct ToDo: Decodable { var text: String; var priority: String; var due: KeyformDate? }
    /// let todo = try await form.run(as: ToDo.self)
    /// ```
    /// - Throws: ``KeyformError`` (see ``TerminalFormRunner/run(_:)``), and
    ///   ``KeyformError/decodingFailed(_:)`` when the record does not fit the type.
    @MainActor
    public func run<Value: Decodable>(as type: Value.Type) async throws -> sending Value {
        try await TerminalFormRunner().run(self, as: type)
    }
}

/// One run of a form, whatever fills it in: the checked form, its store, and
/// what happens at the start and the end (as `keyform run` does it).
@MainActor
struct FormRun {
    let context: FormContext
    let database: AppDatabase?
    let policy: KeyformForm.DraftPolicy

    init(_ form: KeyformForm, today: CivilDate) throws {
        let compiled = try form.compile()
        do {
            context = try FormContext(form: compiled.form, layouts: compiled.layouts, today: today)
        } catch {
            throw KeyformError.invalidForm(["form '\(compiled.form.name)': error: \(error)"])
        }
        if let path = form.storePath {
            do {
                database = try AppDatabase.open(path: path)
            } catch {
                throw KeyformError.storeUnavailable(error.description)
            }
        } else {
            database = nil
        }
        policy = form.draftPolicy
    }

    /// A field's earlier values, oldest first (readline's Up).
    var history: (String) -> [String] {
        guard let database else { return { _ in [] } }
        let form = context.form
        return { field in ((try? database.history(form: form, field: field)) ?? []).reversed() }
    }

    /// The state the form starts in: `default: last` values from the last record,
    /// then the draft's when it is resumed.
    /// - Parameter ask: asks the person whether to resume the draft; nil leaves the draft alone.
    func startingValues(ask: ((String) throws -> Bool)?) throws -> FormState {
        guard let database else { return .start(context) }
        let start = try database.startingValues(for: context.form) { _ in
            switch policy {
            case .resume: true
            case .discard: false
            case .ask: try ask?("Resume the draft of '\(context.form.title ?? context.form.name)'?")
            }
        }
        return .start(context, values: start.values, focus: start.focus)
    }

    /// The record of a submitted form, stored; or the error that says how the form ended.
    func finish(_ outcome: FormState.Outcome) throws -> KeyformRecord {
        switch outcome {
        case .submitted(let record):
            let result = KeyformRecord(record, form: context.form)
            if let database {
                do {
                    _ = try database.saveRecord(record, form: context.form)
                } catch {
                    throw KeyformError.notStored(result, reason: error.description)
                }
            }
            return result
        case .cancelled: throw KeyformError.cancelled
        case .interrupted: throw KeyformError.interrupted
        case .terminated(let signal): throw KeyformError.terminated(signal: signal)
        }
    }
}
