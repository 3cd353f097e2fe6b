import Foundation
internal import KeyformCore
internal import KeyformRun

/// Why a form gave no record: the person left it, or it could not run.
///
/// ```swift
/// do {
///     let todo = try await form.run(as: ToDo.self)
/// } catch KeyformError.cancelled {
///     // Esc: nothing to do
/// } catch {
///     KeyformError.exit(withError: error)   // message on stderr, keyform's exit status
/// }
/// ```
public enum KeyformError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The person pressed Esc. With a store, the draft is kept.
    case cancelled
    /// Ctrl-C, or SIGINT. With a store, the draft is kept.
    case interrupted
    /// SIGTERM or SIGHUP (the terminal went away). With a store, the draft is kept.
    case terminated(signal: Int32)
    /// The form's time limit (`.timeout(_:)`, `timeout:`) ran out. With a store, the draft is kept.
    case timedOut
    /// There is no terminal to draw the form on (no controlling terminal, as under
    /// cron or in CI); the reason says what failed.
    case noTerminal(String)
    /// The form, or a layout it uses, has errors: one line each, as `keyform form check`
    /// writes them (`PATH:LINE:COLUMN: error: MESSAGE` for files; `form 'NAME', field 'ID': error: MESSAGE`
    /// for forms written in Swift). Warnings found with the errors are listed too.
    case invalidForm([String])
    /// The person's Keyform config (`~/.config/keyform/config.yaml`, `KEYFORM_*`)
    /// has errors, one line each (`PATH:LINE:COLUMN: error: MESSAGE`); the form was
    /// not shown. `keyform config check` shows them too; see ``TerminalFormRunner/init(readingUserConfig:)``.
    case invalidConfig([String])
    /// The database given to ``KeyformForm/store(at:drafts:)`` cannot be opened; the form was not shown.
    case storeUnavailable(String)
    /// The form was submitted but the record could not be stored. Nothing is lost:
    /// the record is here.
    case notStored(KeyformRecord, reason: String)
    /// The record does not decode into the type asked for (a property the form has
    /// no field for, an empty field for a property that is not optional, …).
    case decodingFailed(String)
    /// A key script given to the test double cannot be read (an unknown `<Key>`).
    case invalidKeys(String)
    /// The test double pressed every key of its script and the form is still open;
    /// `screen` is what it shows.
    case unfinished(screen: String)
    /// The test double's keys ended with every field valid and Done disabled by
    /// one of the form's rules (``Rule``): its name and its message, as answers
    /// say it (`keyform: rule 'NAME': MESSAGE`, exit 2).
    case ruleBroken(name: String, message: String)

    /// The exit status `keyform run` uses for the same ending: 1 cancelled, 130
    /// interrupted, 128 + the signal when terminated, 2 for an invalid form or config or a
    /// broken rule (as answers), 3 for a record not stored, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .cancelled: Departure.cancelled.exitStatus
        case .interrupted: Departure.interrupted.exitStatus
        case .terminated(let signal): Departure.terminated(signal: signal).exitStatus
        case .timedOut: Departure.timedOut.exitStatus
        case .invalidForm, .invalidConfig, .ruleBroken: ExitStatus.badUsage
        case .notStored: ExitStatus.notStored
        case .noTerminal, .storeUnavailable, .decodingFailed, .invalidKeys, .unfinished: 1
        }
    }

    /// What happened, in words for the person (several lines for ``invalidForm(_:)``).
    public var description: String { message.english }

    /// The error as a message of the catalogue: `description` is its English;
    /// ``exit(withError:)`` says it in the person's language.
    var message: Message {
        switch self {
        case .cancelled: .libraryCancelled
        case .interrupted: .libraryInterrupted
        case .terminated(let signal): .libraryTerminated(signal: signal)
        case .timedOut: .libraryTimedOut
        case .noTerminal(let reason): .libraryNoTerminal(reason)
        case .invalidForm(let lines): .libraryInvalidForm(lines)
        case .invalidConfig(let lines): .libraryInvalidConfig(lines)
        case .storeUnavailable(let reason): .libraryStoreUnavailable(reason)
        case .notStored(let record, let reason): .libraryNotStored(reason: reason, record: record.json)
        case .decodingFailed(let reason): .libraryDecodingFailed(reason)
        case .invalidKeys(let reason): .libraryInvalidKeys(reason)
        case .unfinished(let screen): .libraryUnfinished(screen: screen)
        case .ruleBroken(let name, let message): .libraryRuleBroken(name: name, message: message)
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// Ends the program the way `keyform run` does for the same error: nothing on
    /// stderr when the person cancelled or interrupted the form, else
    /// `PROGRAM: MESSAGE`; then exits with ``exitStatus`` (1 for errors that are not
    /// Keyform's). For the `catch` of a command-line tool's `main`.
    public static func exit(withError error: any Error) -> Never {
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "keyform"
        let status: Int32
        switch error {
        case let error as KeyformError:
            switch error {
            case .cancelled, .interrupted, .terminated: break
            default:
                // In the person's language (KEYFORM_LANG, else the locale), as keyform's own errors.
                let language = Language.chosen(from: ProcessInfo.processInfo.environment)
                FileHandle.standardError.write(Data("\(program): \(language.text(error.message))\n".utf8))
            }
            status = error.exitStatus
        default:
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            status = 1
        }
        Foundation.exit(status)
    }
}
