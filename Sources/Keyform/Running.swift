import Foundation
internal import KeyformCore
internal import KeyformFiles
internal import KeyformPostgres
internal import KeyformRun
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
/// The person's Keyform config applies, as in `keyform run`: their colours,
/// key bindings and `animation` (`~/.config/keyform/config.yaml` and the
/// `KEYFORM_*` variables; docs/config.md). Its `database` does not: where a
/// program stores records is the program's choice (``KeyformForm/store(at:drafts:)``).
/// A config with errors stops the run with ``KeyformError/invalidConfig(_:)``;
/// `TerminalFormRunner(readingUserConfig: false)` leaves the config out.
///
/// ``run(_:)`` keeps the main actor (the main thread) busy while the person fills
/// the form in: other main-actor work waits, tasks on other executors go on.
/// Ctrl-C typed in the form always ends it as ``KeyformError/interrupted``; a
/// SIGINT or SIGTERM sent to the process with `kill` is handled the same way when
/// the form is the first thing the program does, before it starts other threads
/// (a thread started earlier may take the signal with its default action).
public struct TerminalFormRunner: FormRunner {
    var ttyPath = "/dev/tty"
    var readingUserConfig = true

    /// The runner of the controlling terminal.
    /// - Parameter readingUserConfig: whether the person's Keyform config (colours,
    ///   keys, animation) applies; false draws with Keyform's defaults.
    nonisolated public init(readingUserConfig: Bool = true) {
        self.readingUserConfig = readingUserConfig
    }

    /// Fills the form in on the terminal.
    /// - Throws: ``KeyformError/cancelled`` (Esc), ``KeyformError/interrupted``
    ///   (Ctrl-C), ``KeyformError/terminated(signal:)``, ``KeyformError/noTerminal(_:)``,
    ///   ``KeyformError/invalidForm(_:)``, ``KeyformError/invalidConfig(_:)``, ``KeyformError/storeUnavailable(_:)``,
    ///   ``KeyformError/notStored(_:reason:)``; a `CancellationError` when the task
    ///   was cancelled before the form opened.
    public func run(_ form: KeyformForm) async throws -> KeyformRecord {
        try Task.checkCancellation()
        let config = try userConfig()
        let run = try form.storedRun(clock: .now())
        do {
            let options = TerminalRunner.Options.fromEnvironment(
                animate: form.isAnimated, config: config, ttyPath: ttyPath)
            let start = try run.start(drafts: form.draftPolicy.forRun, language: options.language) {
                question, details in
                try StoredFormRun.askOnTerminal(
                    question, ttyPath: ttyPath, details: details, language: options.language)
            }
            // Saved by the form before it gives the terminal back, the screen saying so (a far server is
            // waited for off the loop that draws it).
            let (record, saved) = try run.runOnTerminalSaving(from: start, options: options)
            return try run.saved(record, as: saved)
        } catch let departure as Departure {
            throw KeyformError(departure)
        } catch let error as TerminalError {
            throw KeyformError.noTerminal(error.description)
        }
    }

    /// The person's config (colours, keys, animation), or the defaults when not reading it;
    /// from the process's environment and folder unless given.
    /// - Throws: ``KeyformError/invalidConfig(_:)`` when it has errors.
    func userConfig(
        environment: [String: String]? = nil, currentDirectory: String? = nil
    ) throws(KeyformError) -> UserConfig {
        guard readingUserConfig else { return .standard }
        let process = FileSearch.process
        let search = FileSearch(
            currentDirectory: currentDirectory ?? process.currentDirectory,
            environment: environment ?? process.environment)
        let resolved = ConfigFiles.load(in: search)
        if resolved.hasErrors { throw .invalidConfig(resolved.problems.filter(\.isError).map(\.description)) }
        return resolved.config
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

extension KeyformForm {
    /// The form on its store, ready to run as `keyform run` runs it (`StoredFormRun`).
    /// - Throws: ``KeyformError/invalidForm(_:)``, ``KeyformError/storeUnavailable(_:)``.
    @MainActor
    func storedRun(clock: WallClock) throws -> StoredFormRun {
        let compiled = try compile()
        var store: (any RecordStore)?
        if let path = storePath {
            do {
                // The library reads no config file: KEYFORM_AUTHOR, else USER@HOST. It links the
                // PostgreSQL backend: a Swift program opens postgres:// stores too.
                store = try StoreOpener.open(
                    path,
                    author: StoreAuthor.resolve(configured: ProcessInfo.processInfo.environment["KEYFORM_AUTHOR"]),
                    server: StoreOpener.serverBackend ?? PostgresBackend()
                )
            } catch {
                throw KeyformError.storeUnavailable(error.description)
            }
        }
        var form = compiled.form
        if let timeLimit { form.timeout = .seconds(timeLimit) }
        do {
            return try StoredFormRun(
                form: form, layouts: compiled.layouts, store: store, clock: clock, lines: compiled.lines)
        } catch {
            throw KeyformError.invalidForm(["form '\(compiled.form.name)': error: \(error)"])
        }
    }
}

extension KeyformForm.DraftPolicy {
    /// The run's policy; the test double, which cannot ask, leaves the draft alone.
    var forRun: StoredFormRun.DraftPolicy {
        switch self {
        case .ask: .ask
        case .resume: .resume
        case .discard: .fresh
        }
    }
}

extension StoredFormRun {
    /// The submitted record, stored.
    /// - Throws: ``KeyformError/notStored(_:reason:)`` when the store failed (the
    ///   reason names the rescue file that holds the record).
    func saved(_ record: Record) throws(KeyformError) -> KeyformRecord {
        try saved(record, as: Result { () throws(NotStored) in try save(record) })
    }

    /// The submitted record as its save went (stored, or rescued: ``KeyformError/notStored(_:reason:)``).
    func saved(_ record: Record, as saved: Result<Int64?, NotStored>) throws(KeyformError) -> KeyformRecord {
        let result = KeyformRecord(record, form: form)
        do {
            _ = try saved.get()
        } catch {
            var reason = error.reason.description
            if let file = error.rescuedAt { reason += " (the record is also saved in \(file))" }
            throw .notStored(result, reason: reason)
        }
        return result
    }
}

extension KeyformError {
    init(_ departure: Departure) {
        switch departure {
        case .cancelled: self = .cancelled
        case .interrupted: self = .interrupted
        case .terminated(let signal): self = .terminated(signal: signal)
        case .timedOut: self = .timedOut
        }
    }
}
