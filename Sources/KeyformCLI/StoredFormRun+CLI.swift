import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformStore
import KeyformTerminal

/// The command line's side of a stored-form run (`StoredFormRun`, which does
/// the work): a form file's errors and a missing terminal become messages
/// that name the file or say what to do instead.
extension StoredFormRun {
    /// The loaded form file on `store`. `lines`: the keys of choices from files
    /// (`choices: {file:}`, `--choices`); nil reads the form's own files, beside it,
    /// so that the demo and the browser's add form show them as `run` does.
    init(
        _ loaded: LoadedForm, store: (any RecordStore)?, storeProblem: StoreError? = nil,
        lines: [String: ChoiceLines]? = nil
    ) throws {
        let lines = lines ?? ChoiceFiles.read(loaded.form, formPath: loaded.path)
        do {
            try self.init(
                form: loaded.form, layouts: loaded.layouts, store: store, storeProblem: storeProblem, clock: .now(),
                lines: lines)
        } catch {
            throw Failure(message: "\(loaded.path): \(Speaking.describe(error))")
        }
    }

    /// The loaded form file on a store opened off the terminal's loop, once
    /// the first frame is drawn (`StoredFormRun(form:layouts:opening:…)`).
    init(_ loaded: LoadedForm, opening database: DatabaseOption, lines: [String: ChoiceLines]) throws {
        let location = try database.location()
        let author = try database.resolvedAuthor()
        let local: Bool = if case .file = location { true } else { false }
        do {
            try self.init(
                form: loaded.form, layouts: loaded.layouts,
                opening: { purpose in
                    Result { () throws(StoreError) in try StoreOpener.open(location, for: purpose, author: author) }
                },
                local: local, mayHoldDraft: StoreOpener.mayHoldDraft(location),
                readingDraft: { form in StoreOpener.draft(of: form, at: location, author: author) }, clock: .now(),
                lines: lines)
        } catch {
            throw Failure(message: "\(loaded.path): \(Speaking.describe(error))")
        }
    }

    /// Starts the form as `drafts` says, asking on the terminal when it says ask.
    /// - Throws: `Departure` when the person leaves at the question;
    ///   `Failure` (with `withoutTerminal`) when there is no terminal to ask on.
    func startOnTerminal(drafts: DraftPolicy, repeatLast: Bool = false, withoutTerminal: Message) throws -> FormStart {
        try Self.onTerminal(withoutTerminal) {
            try start(drafts: drafts, repeatLast: repeatLast, language: Speaking.language)
        }
    }

    /// The form filled in on the terminal; the record is not stored yet (`save`).
    /// `caption`: lines shown above the footer when the screen has room (the demo's notes).
    /// - Throws: `Departure` when the person left it; `Failure` (with
    ///   `withoutTerminal`) when there is no terminal.
    func fillOnTerminal(
        from start: FormStart, noAnimation: Bool, noMouse: Bool = false, accessible: Bool = false,
        caption: [Frame.Line] = [],
        withoutTerminal: Message
    ) throws -> Record {
        try Self.onTerminal(withoutTerminal) {
            try runOnTerminal(
                from: start, options: try Self.options(noAnimation, noMouse, accessible), caption: caption)
        }
    }

    /// The form filled in on the terminal and its record saved before the
    /// terminal is given back (`runOnTerminalSaving`: the screen says it saves).
    /// - Throws: `Departure` when the person left it; `Failure` (with
    ///   `withoutTerminal`) when there is no terminal.
    func fillAndSaveOnTerminal(
        from start: FormStart, noAnimation: Bool, noMouse: Bool = false, accessible: Bool = false,
        caption: [Frame.Line] = [], withoutTerminal: Message
    ) throws -> (record: Record, saved: Result<Int64?, NotStored>) {
        try Self.onTerminal(withoutTerminal) {
            try runOnTerminalSaving(
                from: start, options: try Self.options(noAnimation, noMouse, accessible), caption: caption)
        }
    }

    /// The run's options from the command's flags, the environment and the config file.
    private static func options(
        _ noAnimation: Bool, _ noMouse: Bool, _ accessible: Bool
    ) throws -> TerminalRunner.Options {
        .from(
            environment: ProcessEnvironment.current(), animate: !noAnimation, mouse: !noMouse, accessible: accessible,
            config: try Settings.load())
    }

    /// `body`, with a missing terminal said as the command's `withoutTerminal`.
    private static func onTerminal<T>(_ withoutTerminal: Message, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TerminalError {
            throw WithoutTerminal.failure(error, withoutTerminal)
        }
    }
}

/// What each command says when there is no terminal to draw on.
enum WithoutTerminal {
    static let run = Message.withoutTerminalRun
    static let demo = Message.withoutTerminalDemo
    static let browse = Message.withoutTerminalBrowse

    /// `cannot use the terminal (REASON); WHAT TO DO`, in the command's language.
    static func failure(_ error: any Error, _ without: Message) -> Failure {
        Failure(message: Speaking.language.text(.cannotUseTerminal(reason: "\(error)", without: without)))
    }
}
