import KeyformCore
import KeyformTerminal

/// How a person left without a record — a form, the record list, or the
/// resume question — and the exit status that says so. The one mapping from
/// an ending to a status: `keyform run`, `demo`, `browse` and the Swift
/// library's `KeyformError.exitStatus` all read it here.
///
/// It is an `Error`: whoever cannot go on without the record throws it, and
/// the command line's `main` turns it into the process's exit status.
public enum Departure: Error, Equatable, Sendable {
    /// Esc: the draft is kept.
    case cancelled
    /// Ctrl-C or SIGINT: the draft is kept.
    case interrupted
    /// SIGTERM or SIGHUP (the terminal went away): the draft is kept.
    case terminated(signal: Int32)
    /// The form's time limit ran out (`--timeout`, `timeout:`): the draft is kept.
    case timedOut

    /// 1 cancelled, 130 interrupted, 128 + the signal when terminated (SPEC, DECISIONS 9),
    /// 124 timed out (as timeout(1) and gum say it).
    public var exitStatus: Int32 {
        switch self {
        case .cancelled: 1
        case .interrupted: 130
        case .terminated(let signal): 128 + signal
        case .timedOut: ExitStatus.timedOut
        }
    }
}

/// The other statuses of a run, named once.
public enum ExitStatus {
    /// Bad usage, an invalid form, layout or answers.
    public static let badUsage: Int32 = 2
    /// Submitted and printed, but NOT stored (the record was rescued to a file).
    public static let notStored: Int32 = 3
    /// The time limit ran out (timeout(1)'s and gum's status).
    public static let timedOut: Int32 = 124
}

extension FormState.Outcome {
    /// The submitted record.
    /// - Throws: how the person left the form instead.
    public func record() throws(Departure) -> Record {
        switch self {
        case .submitted(let record): return record
        case .cancelled: throw .cancelled
        case .interrupted: throw .interrupted
        case .terminated(let signal): throw .terminated(signal: signal)
        case .timedOut: throw .timedOut
        }
    }
}

extension RecordListState.Outcome {
    /// Returns when the person left the list with q or Esc.
    /// - Throws: the interruption or signal that ended it otherwise.
    public func leftNormally() throws(Departure) {
        switch self {
        case .quit: return
        case .interrupted: throw .interrupted
        case .terminated(let signal): throw .terminated(signal: signal)
        }
    }
}

extension TerminalRunner.Answer {
    /// Yes or no.
    /// - Throws: how the person left the question instead.
    public func yes() throws(Departure) -> Bool {
        switch self {
        case .yes: return true
        case .no: return false
        case .cancelled: throw .cancelled
        case .interrupted: throw .interrupted
        case .terminated(let signal): throw .terminated(signal: signal)
        }
    }
}
