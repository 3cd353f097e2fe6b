import Glibc
import KeyformCore

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
    /// Calling it again after the scene ended returns the same outcome.
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

    public init(session: FormSession, hooks: TerminalRunner.Hooks = TerminalRunner.Hooks(), caption: [Frame.Line] = [],
                fitted: Bool = false) {
        self.session = session
        self.hooks = hooks
        self.caption = caption
        self.fitted = fitted
        deadline = session.context.form.timeout.map { .now + $0 }
        commands = hooks.prepare != nil && ChoiceCommands.any(in: session.context) ? ChoiceCommands() : nil
        if let deadline { _ = session.send(.timeLeft(seconds: Self.secondsLeft(until: deadline))) }
        runCommands()
    }

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
        let ended: FormState.Outcome = signal == SIGINT ? .interrupted : .terminated(signal: signal)
        _ = requests(FormSession.Output(effects: session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal))))
        return session.state.outcome ?? ended
    }

    public func frame(width: Int, height: Int, color: Bool) -> Frame {
        let frame = session.frame(width: width, height: height, color: color, fitted: fitted)
        return caption.isEmpty ? frame : frame.captioned(caption, keepingBottom: 2)
    }

    public func close() {
        commands?.stopAll()
        session.close()
    }

    public func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [TerminalRequest] {
        requests(FormSession.Output(effects: session.editorReturned(result)))
    }

    /// A draft the store did not keep while the person typed, and when to try it again.
    private var unsaved: (values: [String: FieldInput], focus: String, retry: ContinuousClock.Instant)?
    /// How often a draft not kept is tried again while the form waits for keys.
    public static let draftRetryMilliseconds = 500

    /// The soonest of: a draft to try again, the next spinner step while a
    /// command runs, the next second of the time limit.
    public var wakeUpMilliseconds: Int32? {
        let now = ContinuousClock.now
        var due: [ContinuousClock.Instant] = []
        if let unsaved { due.append(unsaved.retry) }
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
        if let unsaved, now >= unsaved.retry {
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
                return requests(FormSession.Output(effects: session.send(.timeRanOut)))
            } else if seconds != session.state.secondsLeft {
                _ = session.send(.timeLeft(seconds: seconds))
            }
        }
        return []
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
        guard let commands, let context = hooks.prepare?(commands.lines) else { return }
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
    /// for the store (`saveDraftWhileTyping`): a draft not kept is kept aside
    /// and tried again; when the form ends it may wait (the last chance).
    private func saveDraft(_ values: [String: FieldInput], focus: String, leaving: Bool) {
        let save = leaving ? hooks.saveDraft : hooks.saveDraftWhileTyping ?? hooks.saveDraft
        let problem = save(values, focus)
        unsaved = problem == nil || leaving || hooks.saveDraftWhileTyping == nil ? nil
            : (values, focus, .now + .milliseconds(Self.draftRetryMilliseconds))
        // What the store answered comes back as an event: the footer says when drafts are not kept.
        if problem != session.state.draftProblem { _ = session.send(.draftSaved(problem: problem)) }
    }

    /// Drafts are saved here; what the terminal must do goes to the runner.
    private func requests(_ output: FormSession.Output) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        for effect in output.effects {
            switch effect {
            case .saveDraft(let values):
                saveDraft(values, focus: session.context.fields[session.state.focus].id, leaving: session.state.outcome != nil)
            case .bell: requests.append(.bell)
            case .transition(let transition): requests.append(.transition(transition))
            default: break  // setLine: done by the session; submit and finish: the outcome ends the run
            }
        }
        return requests + output.requests
    }
}
