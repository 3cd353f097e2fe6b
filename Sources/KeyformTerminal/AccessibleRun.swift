import CReadline
import Glibc
import KeyformCore

/// Where the accessible mode's conversation happens: lines said, answers read.
/// The terminal (`AccessibleTerminal`: readline on `/dev/tty`) or a script in tests.
@MainActor
public protocol AccessibleLines: AnyObject {
    /// Says `lines`, each on a line of its own.
    func say(_ lines: [String])
    /// Reads one answer after `prompt`; `history` is what Up offers (oldest
    /// first); a `secret` answer is not echoed.
    func read(prompt: String, history: [String], secret: Bool) -> AccessibleAnswer
    /// Waits, taking no answer, until `done()` (the record Done gave the store
    /// is stored or rescued); keys typed meanwhile are ignored. Returns a signal
    /// that came first (Ctrl-C as SIGINT, SIGTERM, SIGHUP, SIGQUIT), nil once done.
    func wait(until done: () -> Bool) -> Int32?
}

extension AccessibleLines {
    /// Nothing to read meanwhile: looks every 10 ms until it is done.
    public func wait(until done: () -> Bool) -> Int32? {
        while !done() { usleep(10_000) }
        return nil
    }
}

/// What came back for a prompt.
public enum AccessibleAnswer: Equatable, Sendable {
    case line(String)
    /// Ctrl-D on an empty line: the form is cancelled, as Esc cancels it.
    case endOfInput
    /// SIGINT (Ctrl-C), SIGTERM, SIGHUP or SIGQUIT arrived while waiting.
    case signal(Int32)
}

/// The accessible mode (`--accessible`, `KEYFORM_ACCESSIBLE=1`, `accessible:
/// true`, `TERM=dumb`): the form as plain sequential prompts, one line at a
/// time — no alternate screen, no cursor addressing, no colour. Each field is
/// announced (`SpokenForm.field`), its answer read on one line and given to
/// the one form engine as `.answered` (so the checks, rules, Done and the
/// record are the full screen's), and what the engine says back is said in
/// sentences. Drafts are kept through the same hooks as the full screen, off
/// the loop while the person answers (a draft the store did not keep is tried
/// again at the next line; the last one waits for the one on its way).
@MainActor
public enum AccessibleRun {
    /// The conversation, from `state` until the form ends; how it ended.
    public static func converse(
        context: FormContext, state start: FormState, lines: some AccessibleLines,
        hooks: TerminalRunner.Hooks = TerminalRunner.Hooks()
    ) -> FormState.Outcome {
        var state = start
        // Done gives the record to the store and the conversation waits for it, saying so (`saveRecord`).
        if hooks.saveRecord != nil { state.storesOnDone = true }
        // Drafts saved while the person answers go off the loop, as the full screen's
        // (`FormScene`): the next prompt is not held up by a slow store.
        let drafts = DraftWorker()
        /// The newest draft committed while another was on its way: it goes next.
        var nextDraft: (values: [String: FieldInput], focus: String)?
        /// A draft the store did not keep while the person answered: tried again at the next line.
        var unsaved: (values: [String: FieldInput], focus: String)?
        func draftAnswered(_ answer: DraftWorker.Answer) {
            let ending = state.outcome != nil || state.saving != nil
            unsaved = answer.problem == nil || ending ? nil : (answer.values, answer.focus)
            if answer.problem != state.draftProblem {
                _ = FormEngine.reduce(&state, .draftSaved(problem: answer.problem), context)
            }
        }
        func saveWhileTyping(
            _ values: [String: FieldInput], focus: String,
            with save: @escaping @Sendable ([String: FieldInput], String) -> String?
        ) {
            unsaved = nil
            guard !drafts.isBusy else {
                nextDraft = (values, focus)  // only the newest is worth saving
                return
            }
            if let answer = drafts.save(values, focus: focus, wait: hooks.draftWaitMilliseconds, with: save) {
                draftAnswered(answer)
            }
        }
        /// Takes the store's answer to a draft on its way, and sends the one waiting to go.
        func lookAtDrafts() {
            if let answer = drafts.answer() { draftAnswered(answer) }
            guard state.outcome == nil, state.saving == nil, !drafts.isBusy, let save = hooks.saveDraftWhileTyping,
                let next = nextDraft ?? unsaved
            else { return }
            nextDraft = nil
            saveWhileTyping(next.values, focus: next.focus, with: save)
        }
        func apply(_ event: FormEvent) {
            let effects = FormEngine.reduce(&state, event, context)
            for case .saveDraft(let values) in effects {
                let focus = context.fields.indices.contains(state.focus) ? context.fields[state.focus].id : ""
                if state.outcome == nil, let save = hooks.saveDraftWhileTyping {
                    saveWhileTyping(values, focus: focus, with: save)
                    continue
                }
                // The last draft has the newest values: the one on its way is let finish first.
                (nextDraft, unsaved) = (nil, nil)
                if let answer = drafts.finish() { draftAnswered(answer) }
                let problem = hooks.saveDraft(values, focus)
                if problem != state.draftProblem {
                    _ = FormEngine.reduce(&state, .draftSaved(problem: problem), context)
                }
            }
        }
        // Whatever ended the conversation, a draft on its way is let finish: the
        // caller's save of the record (which removes the draft) comes after it.
        defer { _ = drafts.finish() }
        lines.say(SpokenForm.opening(state, context))
        var announced: Int?
        while state.outcome == nil {
            lookAtDrafts()
            if let record = state.saving, let saveRecord = hooks.saveRecord {
                // Off the loop as the full screen saves it, after the draft on its way (so no draft
                // written late outlives the record), instead of any still to go; a signal is said and waits for it.
                lines.say([context.language.text(.saving)])
                (nextDraft, unsaved) = (nil, nil)
                let saving = OffLoop(on: drafts.queue) { saveRecord(record) }
                var waitSaid = false
                while !saving.isDone, let signal = lines.wait(until: { saving.isDone }) {
                    apply(signal == SIGINT ? .interrupted : .terminated(signal: signal))
                    if !waitSaid, let notice = state.notice {
                        lines.say([context.language.text(.sentence(notice))])
                        waitSaid = true
                    }
                    if signal != SIGINT { saving.wait() }
                }
                let before = state
                apply(.saveAnswered)
                lines.say(SpokenForm.reply(to: .saveAnswered, from: before, to: state, context))
                continue
            }
            guard context.fields.indices.contains(state.focus) else {
                apply(.donePressed)
                continue
            }
            if announced != state.focus {
                lines.say(SpokenForm.field(state, context))
                announced = state.focus
            }
            let field = context.fields[state.focus]
            let before = state
            var event = FormEvent.cancelPressed
            switch lines.read(
                prompt: SpokenForm.prompt(state, context), history: field.secret ? [] : hooks.history(field.id),
                secret: field.secret)
            {
            case .line(let text): event = SpokenForm.event(answering: text, state, context)
            case .endOfInput: event = .cancelPressed
            case .signal(let signal): event = signal == SIGINT ? .interrupted : .terminated(signal: signal)
            }
            apply(event)
            let reply = SpokenForm.reply(to: event, from: before, to: state, context)
            lines.say(reply)
            // A notice (Done is disabled) names where focus went: that field is announced again.
            if state.notice != nil { announced = nil }
        }
        return state.outcome ?? .cancelled
    }

    /// How often the conversation looks whether the record's save was answered.
    static let saveLookMilliseconds = 10

    /// The conversation on the terminal (`ttyPath`), with signals watched as
    /// the full screen watches them.
    public static func run(
        context: FormContext, state: FormState, ttyPath: String, hooks: TerminalRunner.Hooks
    ) throws -> FormState.Outcome {
        let signals = try SignalSource()
        defer { signals.restoreMask() }
        let terminal = try AccessibleTerminal(path: ttyPath, signals: signals)
        return converse(context: context, state: state, lines: terminal, hooks: hooks)
    }
}

/// Readline reading whole lines on the terminal, as a shell's `read -e` does:
/// it draws its own prompt and line (a dumb terminal's way: no cursor
/// addressing), with the person's inputrc, history and editing keys. Keyform
/// polls the terminal and a signalfd, so a signal ends the wait with the
/// terminal given back (SIGTSTP stops it until `fg`).
@MainActor
final class AccessibleTerminal: AccessibleLines {
    private let fd: Int32
    private let file: UnsafeMutablePointer<FILE>
    private let signals: SignalSource

    init(path: String, signals: SignalSource) throws {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalError(operation: "open \(path)", code: errno) }
        guard isatty(fd) == 1, let file = fdopen(fd, "r+") else {
            close(fd)
            throw TerminalError(operation: "open \(path)", code: 0)
        }
        self.fd = fd
        self.file = file
        self.signals = signals
        LineEditor.ensureUTF8Locale()
        shim_set_readline_name(Self.name)
        shim_set_instream(file)
        shim_set_outstream(file)
        shim_set_catch_signals(0)
        shim_set_catch_sigwinch(0)
        previousPrep = shim_prep_term_function()
        shim_set_prep_term_function(accessiblePrepTerminal)
        rl_bind_key(3, accessibleInterruptKey)
    }

    isolated deinit {
        rl_unbind_key(3)
        shim_set_prep_term_function(previousPrep)
        shim_set_instream(shim_stdin())
        shim_set_outstream(shim_stdout())
        fclose(file)
    }

    private var previousPrep: (@convention(c) (Int32) -> Void)?

    private static let name = strdup("keyform")

    func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = lines.map { $0 + "\n" }.joined()
        fflush(file)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            bytes = bytes.dropFirst(n)
        }
    }

    func read(prompt: String, history: [String], secret: Bool) -> AccessibleAnswer {
        rl_clear_history()
        for entry in history { add_history(entry) }
        using_history()
        // A secret is read as `read -s` reads it: nothing echoed.
        let redisplay = shim_redisplay_function()
        if secret { shim_set_redisplay_function(accessibleSilentRedisplay) }
        defer {
            shim_set_redisplay_function(redisplay)
            if secret { say([""]) }
        }
        accessibleAccepted = nil
        rl_callback_handler_install(prompt, accessibleLineHandler)
        while true {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0, errno != EINTR { return stop(SIGHUP) }
            if fds[1].revents & Int16(POLLIN) != 0 {
                for signal in signals.read() {
                    switch signal {
                    case SIGINT, SIGTERM, SIGHUP, SIGQUIT: return stop(signal)
                    case SIGTSTP:
                        rl_deprep_terminal()
                        signals.suspend()
                        rl_prep_terminal(1)
                        _ = rl_forced_update_display()
                    case SIGWINCH: rl_resize_terminal()
                    default: break
                    }
                }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0, fds[0].revents & Int16(POLLIN) == 0 {
                return stop(SIGHUP)
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                rl_callback_read_char()
                if accessibleInterrupted {
                    accessibleInterrupted = false
                    return stop(SIGINT)
                }
                if let accepted = accessibleAccepted { return accepted.map(AccessibleAnswer.line) ?? .endOfInput }
            }
        }
    }

    func wait(until done: () -> Bool) -> Int32? {
        // Readline's terminal mode: Ctrl-C is a key (a script around keyform is not
        // interrupted), nothing typed is echoed; what is typed is read and ignored.
        accessiblePrepTerminal(1)
        defer { rl_deprep_terminal() }
        while !done() {
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, Int32(AccessibleRun.saveLookMilliseconds))
            if ready < 0, errno != EINTR { return SIGHUP }
            if fds[1].revents & Int16(POLLIN) != 0 {
                for signal in signals.read() {
                    switch signal {
                    case SIGINT, SIGTERM, SIGHUP, SIGQUIT: return signal
                    case SIGTSTP:
                        rl_deprep_terminal()
                        signals.suspend()
                        accessiblePrepTerminal(1)
                    default: break
                    }
                }
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0, fds[0].revents & Int16(POLLIN) == 0 { return SIGHUP }
            if fds[0].revents & Int16(POLLIN) != 0 {
                var bytes = [UInt8](repeating: 0, count: 256)
                let n = Glibc.read(fd, &bytes, bytes.count)
                if n == 0 { return SIGHUP }
                if n > 0, bytes[..<n].contains(3) { return SIGINT }
            }
        }
        return nil
    }

    /// A signal ends the wait: readline puts the terminal back, and the line ends.
    private func stop(_ signal: Int32) -> AccessibleAnswer {
        rl_callback_sigcleanup()
        rl_callback_handler_remove()
        say([""])
        return .signal(signal)
    }
}

/// The line readline accepted (nil inside: end of input), set by its handler.
nonisolated(unsafe) private var accessibleAccepted: String??

private func accessibleLineHandler(_ line: UnsafeMutablePointer<CChar>?) {
    // Removed here, or readline prints the prompt again after the handler returns.
    rl_callback_handler_remove()
    accessibleAccepted = .some(line.map { String(cString: $0) })
    free(line)
}

private func accessibleSilentRedisplay() {}

/// Ctrl-C, read as a key (see `accessiblePrepTerminal`): the wait ends as SIGINT ends it.
nonisolated(unsafe) private var accessibleInterrupted = false

private func accessibleInterruptKey(_ count: Int32, _ key: Int32) -> Int32 {
    accessibleInterrupted = true
    return 0
}

/// Readline's terminal mode, with Ctrl-C a key rather than the terminal's
/// interrupt: as on the full screen, the script that runs keyform
/// (`x=$(keyform run …)`) is not interrupted with it, and sees exit 130.
/// Ctrl-Z still stops the job; readline puts the settings back as it found them.
private func accessiblePrepTerminal(_ meta: Int32) {
    rl_prep_terminal(meta)
    guard let stream = shim_instream() else { return }
    let fd = fileno(stream)
    var settings = termios()
    guard tcgetattr(fd, &settings) == 0 else { return }
    withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(VINTR)] = 0 }  // _POSIX_VDISABLE
    tcsetattr(fd, TCSANOW, &settings)
}
