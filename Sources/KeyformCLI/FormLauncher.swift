import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformStore
import KeyformTerminal

/// Running a loaded form on the terminal with the store behind it: starting
/// values (drafts, `default: last`), field history, drafts saved as it goes.
/// Shared by `keyform run` and `keyform demo`.
enum FormLauncher {
    typealias Start = FormStart

    /// What to do with a draft of the form.
    enum DraftPolicy {
        /// Ask on the terminal (`keyform run` on a terminal).
        case ask
        /// Use it (`--resume`, the demos).
        case resume
        /// Delete it (`--fresh`).
        case discard
        /// Leave it alone and start from the defaults (no terminal, no flag).
        case ignore
    }

    /// The run-time context of a loaded form: `choices` fields get their grids from the store.
    static func context(_ loaded: LoadedForm, database: AppDatabase?) throws -> FormContext {
        let (form, offered) = ChoiceLayout.apply(to: loaded.form) { source in
            (try? database?.choiceValues(source)) ?? []
        }
        do {
            return try FormContext(form: form, layouts: loaded.layouts.merging(offered) { $1 }, today: CivilDate.today())
        } catch {
            throw Failure(message: "\(loaded.path): \(error)")
        }
    }

    /// Starting values: `default: last` from the last record (with `repeatLast`, every
    /// field without another default), then the draft's when it is resumed.
    /// - Throws: `ExitCode` when the person leaves at the question (Esc 1, Ctrl-C 130,
    ///   SIGTERM 143, SIGHUP 129), `Failure` when there is no terminal to ask on.
    static func startingValues(_ context: FormContext, _ database: AppDatabase?, drafts: DraftPolicy,
                               repeatLast: Bool = false) throws -> Start {
        guard let database else { return Start() }
        return try database.startingValues(for: context.form, repeatLast: repeatLast) { draft in
            switch drafts {
            case .ignore: return nil
            case .discard: return false
            case .resume: return true
            case .ask:
                let question = "Resume the draft of '\(context.form.title ?? context.form.name)' saved \(describe(draft.saved))?"
                let answer: TerminalRunner.Answer
                do {
                    answer = try TerminalRunner.ask(question)
                } catch {
                    throw Failure(message: "cannot use the terminal (\(error)); give --answers FILE, or pipe one value per line into stdin")
                }
                switch answer {
                case .yes: return true
                case .no: return false
                // Leaving at the question leaves the draft as it was, with the form's statuses.
                case .cancelled: throw ExitCode(1)
                case .interrupted: throw ExitCode(130)
                case .terminated(let signal): throw ExitCode(128 + signal)
                }
            }
        }
    }

    /// Fills the form in on the controlling terminal; drafts and history come from `database`.
    /// `caption`: lines shown above the footer when the screen has room (the demo menu's note).
    static func runOnTerminal(_ context: FormContext, _ database: AppDatabase?, start: Start, noAnimation: Bool,
                              caption: [Frame.Line] = []) throws -> FormState.Outcome {
        let options = terminalOptions(noAnimation: noAnimation)
        do {
            return try MainActor.assumeIsolated {
                var hooks = TerminalRunner.Hooks()
                if let database {
                    let form = context.form
                    // A form with nothing typed (every field as a fresh start shows it) is no
                    // draft: none is kept, so none is offered next time.
                    let untouched = FormState.start(context, values: start.last).draft(context)
                    hooks.history = { field in ((try? database.history(form: form, field: field)) ?? []).reversed() }
                    hooks.saveDraft = { values, focus in
                        if values == untouched {
                            _ = try? database.deleteDraft(form: form)
                        } else {
                            try? database.saveDraft(form: form, values: values, focus: focus)
                        }
                    }
                }
                return try TerminalRunner.run(context: context, state: .start(context, values: start.values, focus: start.focus),
                                              options: options, hooks: hooks, caption: caption)
            }
        } catch {
            throw Failure(message: "cannot use the terminal (\(error)); give --answers FILE, or pipe one value per line into stdin")
        }
    }

    /// Color unless NO_COLOR, transitions unless --no-animation or NO_MOTION;
    /// a terminal that cannot show motion or color well (TERM=dumb) gets neither.
    static func terminalOptions(noAnimation: Bool) -> TerminalRunner.Options {
        let environment = ProcessInfo.processInfo.environment
        let dumb = ["", "dumb"].contains(environment["TERM"] ?? "")
        return TerminalRunner.Options(
            color: (environment["NO_COLOR"] ?? "").isEmpty && !dumb,
            animate: !noAnimation && (environment["NO_MOTION"] ?? "").isEmpty && !dumb
        )
    }

    /// "at 14:05" today, else "on 2026-11-20 at 14:05", in local time.
    static func describe(_ date: Date) -> String {
        let calendar = Calendar.current
        let time = String(format: "%02d:%02d", calendar.component(.hour, from: date), calendar.component(.minute, from: date))
        if calendar.isDateInToday(date) { return "at \(time)" }
        let day = String(format: "%04d-%02d-%02d", calendar.component(.year, from: date), calendar.component(.month, from: date), calendar.component(.day, from: date))
        return "on \(day) at \(time)"
    }
}
