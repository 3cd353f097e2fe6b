import KeyformCore

/// The `choices: {command: […]}` fields of a form on the terminal: each
/// command runs in the background (`ChildProcess`, no shell) while the person
/// goes on typing; its grid shows a spinner until the lines come, then the
/// keys, or why there are none (a failure, the time limit, no lines). A
/// command runs again, the old run killed, when an answer its arguments
/// name changes.
///
/// Nothing here waits: the scene calls `lookIn()` when it wakes (every
/// `ChoiceLines.spinnerMilliseconds` while a command runs), which reads what
/// the pipes hold and asks whether the child ended.
@MainActor
public final class ChoiceCommands {
    private struct Run {
        var arguments: [String]
        var child: ChildProcess?
        var started: ContinuousClock.Instant
        var limit: Duration
    }

    /// What each command field offers now, by field id.
    private(set) var lines: [String: ChoiceLines] = [:]
    private var runs: [Int: Run] = [:]
    private var tick = 0

    /// Whether a command of the form is still running (the spinner turns).
    var isRunning: Bool { runs.values.contains { $0.child != nil } }

    /// Whether the form has a command to run at all.
    static func any(in context: FormContext) -> Bool {
        context.fields.contains { if case .command? = $0.linesFrom { true } else { false } }
    }

    /// Starts each command whose arguments, filled in with these entries,
    /// differ from its last run's (the first time: every one). A command that
    /// names the focused field waits until focus leaves it: not one run a
    /// typed key. True when what a grid shows changed.
    func start(_ context: FormContext, _ state: FormState) -> Bool {
        var changed = false
        let entries = state.entries
        let typing = context.fields.indices.contains(state.focus) ? context.fields[state.focus].id : nil
        for index in context.fields.indices {
            guard let source = context.fields[index].linesFrom, case .command(_, let limit) = source,
                typing.map({ !source.namedFields.contains($0) }) ?? true,
                let arguments = context.commandArguments(ofField: index, entries),
                runs[index]?.arguments != arguments
            else { continue }
            runs[index]?.child?.kill()
            let id = context.fields[index].id
            var run = Run(arguments: arguments, child: nil, started: .now, limit: limit)
            do {
                run.child = try ChildProcess(arguments)
                lines[id] = .loading(tick: tick)
            } catch {
                lines[id] = .failed(error.message)
            }
            runs[index] = run
            changed = true
        }
        return changed
    }

    /// Reads what the running commands wrote, ends those past their time
    /// limit, and turns the spinner. True when what a grid shows changed.
    func lookIn(_ context: FormContext) -> Bool {
        guard isRunning else { return false }
        tick += 1
        for (index, run) in runs {
            guard let child = run.child else { continue }
            let id = context.fields[index].id
            let finished: ChildProcess.Finished?
            if ContinuousClock.now - run.started >= run.limit {
                finished = child.finish(within: .zero)  // kills it and what it started
            } else {
                finished = child.isDone ? child.finished() : nil
            }
            guard let finished else {
                lines[id] = .loading(tick: tick)
                continue
            }
            let exitStatus: Int32? = if case .exited(let status) = finished.termination { status } else { nil }
            lines[id] = ChoiceLines.fromCommand(
                program: run.arguments[0], exitStatus: exitStatus, timedOut: finished.timedOut,
                limit: run.limit, output: finished.output, errors: finished.errors)
            runs[index]?.child = nil
        }
        return true
    }

    /// Ends every command still running (the form is over).
    func stopAll() {
        for index in runs.keys {
            runs[index]?.child?.kill()
            runs[index]?.child = nil  // its deinit waits for it: no zombie
        }
    }
}

extension ChoiceCommands {
    /// Runs each `choices: {command:}` of the form once, to its end or its time
    /// limit, its arguments filled from `entries`: where there is no terminal
    /// to wait on (answers, `keyform test --run-commands`). What each gave, by
    /// field id; fields named in `except` are not run.
    nonisolated public static func runOnce(
        _ context: FormContext, entries: [FormState.Entry], except: Set<String> = []
    ) -> [String: ChoiceLines] {
        var found: [String: ChoiceLines] = [:]
        for (index, field) in context.fields.enumerated() where !except.contains(field.id) {
            guard case .command(_, let limit)? = field.linesFrom,
                let arguments = context.commandArguments(ofField: index, entries)
            else { continue }
            do {
                let finished = try ChildProcess(arguments).finish(within: limit)
                let status: Int32? = if case .exited(let code) = finished.termination { code } else { nil }
                found[field.id] = ChoiceLines.fromCommand(
                    program: arguments[0], exitStatus: status, timedOut: finished.timedOut,
                    limit: limit, output: finished.output, errors: finished.errors)
            } catch {
                found[field.id] = .failed(error.message)
            }
        }
        return found
    }
}
