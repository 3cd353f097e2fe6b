import Dispatch
import Glibc
import KeyformCore
import Synchronization

/// What a scene asks of the terminal besides drawing its frame.
public enum TerminalRequest: Equatable, Sendable {
    /// Ring the bell.
    case bell
    /// Animate from the frame on screen to the next one (≤ 150 ms; nothing
    /// under --no-animation or NO_MOTION). Keys keep being handled meanwhile.
    case transition(Transition)
    /// The Ctrl-Z key: give the terminal back and stop (the whole process
    /// group, as a terminal's Ctrl-Z would) until `fg`.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// Ctrl-E in a field of several lines: hand `text` to the person's editor
    /// on the terminal (given back meanwhile), and the result to the scene
    /// (`TerminalScene.editorReturned`).
    case openEditor(text: String)
}

/// A screen that `TerminalRunner` can run on the terminal: it takes the bytes
/// the person types and the signals that end it, and draws itself as frames.
/// The runner owns the terminal, the poll loop, the screen writer, signals,
/// transitions and suspending; a scene owns what it shows and how keys change
/// it. A form (`FormScene`) is one; the record browser (`RecordBrowser`) is another.
@MainActor
public protocol TerminalScene: AnyObject {
    associatedtype Outcome
    /// Set once the scene has ended: the runner then returns it.
    var outcome: Outcome? { get }
    /// Whether a lone Esc waits to be told apart from an escape sequence.
    var hasPendingEscape: Bool { get }
    /// Bytes from the terminal.
    func receive(_ bytes: [UInt8]) -> [TerminalRequest]
    /// Called after `KeyDecoder.escapeTimeout` of silence while an Esc waits.
    func flushPendingEscape() -> [TerminalRequest]
    /// SIGINT, SIGTERM or SIGHUP arrived, or the terminal went away (SIGHUP):
    /// the scene ends now, keeping what must be kept, and says how it ended.
    /// Calling it again after the scene ended returns the same outcome. (One
    /// exception: a form whose record is on its way to the store goes on after
    /// SIGINT until the store answered, its `outcome` nil meanwhile.)
    func stop(signal: Int32) -> Outcome
    /// What the screen shows now (the scene may note the size: a list pages by it).
    func frame(width: Int, height: Int, color: Bool) -> Frame
    /// Called once when the runner is done with the scene.
    func close()
    /// Milliseconds until the scene has something to do without a key (try a
    /// draft again); nil when nothing waits.
    var wakeUpMilliseconds: Int32? { get }
    /// Called when poll waited `wakeUpMilliseconds` (or longer) with nothing read.
    func wakeUp() -> [TerminalRequest]
    /// What the editor an `.openEditor` request ran gave back: the edited text, or why not.
    func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [TerminalRequest]
}

extension TerminalScene {
    public func close() {}
    public var wakeUpMilliseconds: Int32? { nil }
    public func wakeUp() -> [TerminalRequest] { [] }
    public func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [TerminalRequest] { [] }
}

/// A form as a terminal scene: a `FormSession`, with its effects carried out
/// through `TerminalRunner.Hooks` (drafts) or handed to the runner (bell,
/// transitions, Ctrl-Z, Ctrl-L). What `keyform run` runs.
@MainActor
public final class FormScene: TerminalScene {
    public let session: FormSession
    private let hooks: TerminalRunner.Hooks
    /// Lines shown above the form's two footer lines when the screen has room
    /// for them (`Frame.captioned`): a note that is not part of the form.
    private let caption: [Frame.Line]
    /// Drawn under the cursor (`--inline`): the frame is as tall as the form needs.
    private let fitted: Bool

    /// When the form's time limit runs out (`timeout:`, `--timeout`), counted from when the scene is made.
    private let deadline: ContinuousClock.Instant?
    /// The form's `choices: {command:}` fields, run while the person types (with `hooks.prepare`).
    private let commands: ChoiceCommands?

    public init(
        session: FormSession, hooks: TerminalRunner.Hooks = TerminalRunner.Hooks(), caption: [Frame.Line] = [],
        fitted: Bool = false
    ) {
        self.session = session
        self.hooks = hooks
        self.caption = caption
        self.fitted = fitted
        deadline = session.context.form.timeout.map { .now + $0 }
        commands = hooks.prepare != nil && ChoiceCommands.any(in: session.context) ? ChoiceCommands() : nil
        if let deadline { _ = session.send(.timeLeft(seconds: Self.secondsLeft(until: deadline))) }
        if let answers = hooks.storeAnswers {
            session.awaitStore()
            storeReading = OffLoop(answers.read)
        }
        if hooks.saveRecord != nil { session.storeOnDone() }
        runCommands()
    }

    /// The store's answers on their way (`Hooks.storeAnswers`); nil once taken.
    private var storeReading: OffLoop<Void>?

    public var outcome: FormState.Outcome? { session.state.outcome }
    public var hasPendingEscape: Bool { session.hasPendingEscape }

    public func receive(_ bytes: [UInt8]) -> [TerminalRequest] {
        let asked = requests(session.receive(bytes))
        runCommands()  // an answer a command names may have changed
        return asked
    }

    public func flushPendingEscape() -> [TerminalRequest] {
        requests(session.flushPendingEscape())
    }

    public func stop(signal: Int32) -> FormState.Outcome {
        if let record = session.state.saving {
            // A signal cannot take back a record on its way to the store: it is said, and
            // SIGINT lets the form go on until the store answers; the others (the terminal
            // gone) wait for the answer here. Stored or rescued, never half stored nor lost.
            _ = session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal))
            if signal != SIGINT { finishSaving() }
            return session.state.outcome ?? .submitted(record)
        }
        let ended: FormState.Outcome = signal == SIGINT ? .interrupted : .terminated(signal: signal)
        _ = requests(
            FormSession.Output(effects: session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal))))
        return session.state.outcome ?? ended
    }

    public func frame(width: Int, height: Int, color: Bool) -> Frame {
        let frame = session.frame(width: width, height: height, color: color, fitted: fitted)
        return caption.isEmpty ? frame : frame.captioned(caption, keepingBottom: 2)
    }

    public func close() {
        commands?.stopAll()
        if recordSave != nil { finishSaving() }  // never left unanswered, whatever ended the run
        // A draft on its way is let finish: nothing of the form's runs after it.
        if let answer = drafts.finish() { draftAnswered(answer) }
        session.close()
    }

    public func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [TerminalRequest] {
        requests(FormSession.Output(effects: session.editorReturned(result)))
    }

    /// A draft the store did not keep while the person typed, and when to try it again.
    private var unsaved: (values: [String: FieldInput], focus: String, retry: ContinuousClock.Instant)?
    /// Drafts saved while the person types, off the terminal's loop.
    private let drafts = DraftWorker()
    /// The newest draft committed while another was on its way: it goes next.
    private var nextDraft: (values: [String: FieldInput], focus: String)?
    /// How often a draft not kept is tried again while the form waits for keys.
    public static let draftRetryMilliseconds = 500

    /// The soonest of: a draft to try again, the next spinner step while a
    /// command runs, the next second of the time limit.
    public var wakeUpMilliseconds: Int32? {
        let now = ContinuousClock.now
        var due: [ContinuousClock.Instant] = []
        if let unsaved { due.append(unsaved.retry) }
        if drafts.isBusy || storeReading != nil || recordSave != nil {
            due.append(now + .milliseconds(DraftWorker.lookMilliseconds))
        }
        if let spinner = nextSpinnerStep { due.append(spinner) }
        if let deadline, session.state.outcome == nil {
            // When the whole seconds left change: the footer then shows one fewer.
            due.append(deadline - .seconds(max(0, Self.secondsLeft(until: deadline, now: now) - 1)))
        }
        guard let soonest = due.min() else { return nil }
        return Self.milliseconds(now.duration(to: soonest))
    }

    public func wakeUp() -> [TerminalRequest] {
        let now = ContinuousClock.now
        var asked: [TerminalRequest] = []
        if let reading = storeReading, reading.isDone, let answers = hooks.storeAnswers {
            storeReading = nil
            var context = hooks.prepare?(commands?.lines ?? [:]) ?? session.context
            context.language = session.context.language
            asked += requests(session.storeAnswered(context, lastValues: answers.lastValues()))
            // A store that could not be opened: the footer says the record will be rescued at Done.
            if let problem = answers.problem() { _ = session.send(.storeUnavailable(problem: problem)) }
            runCommands()  // a value `default: last` gave may be a command's argument
        }
        if let answer = drafts.answer() { draftAnswered(answer) }
        if let save = recordSave, save.isDone {
            recordSave = nil
            asked += requests(FormSession.Output(effects: session.send(.saveAnswered)))
        }
        if let unsaved, now >= unsaved.retry, !drafts.isBusy {
            saveDraft(unsaved.values, focus: unsaved.focus, leaving: false)
        }
        if let spinner = nextSpinnerStep, now >= spinner {
            nextSpinnerStep = now + .milliseconds(Int(ChoiceLines.spinnerMilliseconds))
            if let commands, commands.lookIn(session.context) { offerLines() }
            if commands?.isRunning != true { nextSpinnerStep = nil }
        }
        if let deadline, session.state.outcome == nil {
            let seconds = Self.secondsLeft(until: deadline, now: now)
            if seconds <= 0 {
                return asked + requests(FormSession.Output(effects: session.send(.timeRanOut)))
            } else if seconds != session.state.secondsLeft {
                _ = session.send(.timeLeft(seconds: seconds))
            }
        }
        return asked
    }

    /// When the spinner turns next (and the running commands are looked in on); nil while none runs.
    private var nextSpinnerStep: ContinuousClock.Instant?

    /// Starts the commands whose arguments changed, and shows that they load.
    private func runCommands() {
        guard let commands, session.state.outcome == nil, commands.start(session.context, session.state) else { return }
        offerLines()
        if commands.isRunning, nextSpinnerStep == nil {
            nextSpinnerStep = .now + .milliseconds(Int(ChoiceLines.spinnerMilliseconds))
        }
    }

    private func offerLines() {
        guard let commands, var context = hooks.prepare?(commands.lines) else { return }
        context.language = session.context.language  // the run's, as the first context was given
        session.offer(context)
    }

    /// Whole seconds left, rounded up: `1 s left` until it runs out.
    static func secondsLeft(until deadline: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) -> Int {
        let left = now.duration(to: deadline).components
        return Int(left.seconds) + (left.attoseconds > 0 ? 1 : 0)
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let parts = duration.components
        return Int32(clamping: parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Saves a draft through the hooks. While the form goes on it must not wait
    /// for the store (`saveDraftWhileTyping`, run by `drafts` off the loop): a
    /// draft not kept is kept aside and tried again; when the form ends it may
    /// wait (the last chance), after the one on its way.
    private func saveDraft(_ values: [String: FieldInput], focus: String, leaving: Bool) {
        guard !leaving, let whileTyping = hooks.saveDraftWhileTyping else {
            // The last draft has the newest values: one on its way is let finish first.
            nextDraft = nil
            if leaving, let answer = drafts.finish() { draftAnswered(answer) }
            let problem = hooks.saveDraft(values, focus)
            unsaved = nil
            if problem != session.state.draftProblem { _ = session.send(.draftSaved(problem: problem)) }
            return
        }
        guard !drafts.isBusy else {
            nextDraft = (values, focus)  // only the newest is worth saving
            return
        }
        unsaved = nil
        if let answer = drafts.save(values, focus: focus, wait: hooks.draftWaitMilliseconds, with: whileTyping) {
            draftAnswered(answer)
        }
    }

    /// What the store answered to a draft saved while typing, as an event: the
    /// footer says when drafts are not kept; a draft committed meanwhile goes next.
    /// Once the record is saved or on its way, no draft is tried again: the save removes it.
    private func draftAnswered(_ answer: DraftWorker.Answer) {
        let submitted = recordSave != nil || session.state.outcome != nil
        unsaved =
            answer.problem == nil || submitted
            ? nil : (answer.values, answer.focus, .now + .milliseconds(Self.draftRetryMilliseconds))
        if answer.problem != session.state.draftProblem { _ = session.send(.draftSaved(problem: answer.problem)) }
        if let next = nextDraft, !submitted {
            nextDraft = nil
            saveDraft(next.values, focus: next.focus, leaving: false)
        }
    }

    /// The record Done submitted, on its way to the store (`hooks.saveRecord`); nil when none is.
    private var recordSave: OffLoop<Void>?

    /// Saves the record off the loop, on the drafts' queue: after the draft on its
    /// way (so no draft written late outlives the record), instead of any still to go.
    private func startSaving(_ record: Record, with save: @escaping @Sendable (Record) -> Void) {
        nextDraft = nil
        unsaved = nil
        recordSave = OffLoop(on: drafts.queue) { save(record) }
    }

    /// Waits for the record's save (a signal that ends the run now, or the run's end) and ends the form.
    private func finishSaving() {
        recordSave?.wait()
        recordSave = nil
        _ = session.send(.saveAnswered)
    }

    /// Drafts are saved here; what the terminal must do goes to the runner.
    private func requests(_ output: FormSession.Output) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        for effect in output.effects {
            switch effect {
            case .saveDraft(let values):
                saveDraft(
                    values, focus: session.context.fields[session.state.focus].id, leaving: session.state.outcome != nil
                )
            case .submit(let record):
                // Done waits for the store: the record goes off the loop, the form says it saves.
                if let save = hooks.saveRecord, session.state.saving != nil { startSaving(record, with: save) }
            case .bell: requests.append(.bell)
            case .transition(let transition): requests.append(.transition(transition))
            default: break  // setLine: done by the session; finish: the outcome ends the run
            }
        }
        return requests + output.requests
    }
}

/// One piece of store work run once off the terminal's loop, on a queue of its
/// own (the store's answers a form waits for) or one given (the record's save,
/// on the drafts'), and what it answered: the scene looks whether it is done
/// when it wakes, and waits for it only when it must end now. What every
/// scene's store work runs on: `FormScene` (reading, Done's save), the
/// accessible mode's save, `RecordBrowser`'s saves and deletes.
final class OffLoop<Answer: Sendable>: Sendable {
    private let answer = Mutex<Answer?>(nil)
    private let running = DispatchGroup()

    init(on queue: DispatchQueue = DispatchQueue(label: "keyform.store"), _ work: @escaping @Sendable () -> Answer) {
        queue.async(group: running) { [self] in
            let answered = work()
            answer.withLock { $0 = answered }
        }
    }

    var isDone: Bool { answer.withLock { $0 != nil } }

    /// What the work answered; nil while it runs.
    var answered: Answer? { answer.withLock { $0 } }

    /// Waits until the work is done.
    func wait() { running.wait() }

    /// Waits `milliseconds` at most (nil: until it is done); whether it is done.
    func wait(milliseconds: Int?) -> Bool {
        guard let milliseconds else {
            running.wait()
            return true
        }
        return running.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }
}

/// Saves drafts off the terminal's loop, one at a time, on a queue of its own:
/// the loop waits for the answer as long as the store says (`Hooks.draftWaitMilliseconds`:
/// a local file until it answers, so what the screen shows as committed is on
/// disk, as SPEC says of kill -9; a server 50 ms), then goes on taking keys; a
/// slower store's answer is picked up when the scene wakes (`answer()`, looked
/// for every `lookMilliseconds`).
final class DraftWorker: Sendable {
    /// What the store said of one draft: nil problem when it was kept.
    struct Answer: Sendable {
        var values: [String: FieldInput]
        var focus: String
        var problem: String?
    }

    /// How often the scene looks for the answer of a draft on its way.
    static let lookMilliseconds = 10

    /// One at a time, in order: a record saved after the drafts goes on it too.
    let queue = DispatchQueue(label: "keyform.drafts")
    private let pending = DispatchGroup()
    private let state = Mutex<(busy: Bool, answer: Answer?)>((false, nil))

    /// Whether a draft is on its way (saved, not yet answered, or its answer not taken).
    var isBusy: Bool { state.withLock { $0.busy } }

    /// Starts saving a draft; its answer when it came within `wait` milliseconds
    /// (nil: waits for it), else nil (then `answer()` gives it later).
    func save(
        _ values: [String: FieldInput], focus: String, wait: Int?,
        with save: @escaping @Sendable ([String: FieldInput], String) -> String?
    ) -> Answer? {
        state.withLock { $0 = (true, nil) }
        queue.async(group: pending) { [self] in
            let problem = save(values, focus)
            state.withLock { $0.answer = Answer(values: values, focus: focus, problem: problem) }
        }
        _ = pending.wait(timeout: wait.map { .now() + .milliseconds($0) } ?? .distantFuture)
        return answer()
    }

    /// The answer of the draft on its way, once it came (taken: given once).
    func answer() -> Answer? {
        state.withLock { state in
            guard let answer = state.answer else { return nil }
            state = (false, nil)
            return answer
        }
    }

    /// Waits for the draft on its way, if any, and gives its answer.
    func finish() -> Answer? {
        guard isBusy else { return nil }
        pending.wait()
        return answer()
    }
}
