import Glibc
import KeyformCore

/// Runs a scene — a form, or the record browser — on the controlling terminal:
/// one `poll()` loop over the terminal and a signalfd, raw mode and the
/// alternate screen, frames drawn by diff, short transitions, Ctrl-Z. The
/// terminal is restored on every way out. What is on screen and how keys change
/// it is the scene's (`TerminalScene`); the loop is the same for every scene.
@MainActor
public final class TerminalRunner {
    public struct Options: Sendable {
        /// False under NO_COLOR.
        public var color: Bool
        /// False with --no-animation or NO_MOTION.
        public var animate: Bool
        public var ttyPath: String
        /// Draw in the lines under the cursor, on the shell's screen, instead of
        /// on the alternate screen (a question asked before a form, a prompt of a script).
        public var inline: Bool
        /// The colours of the roles (a config's `colors:`), when `color`.
        public var palette: ColorPalette
        /// The key maps of forms and lists (a config's `keys:`).
        public var keys: ConfiguredKeys
        /// Clicks and the wheel reported while the screen is drawn (off with
        /// --no-mouse or the config's `mouse: false`). Never inline: a frame
        /// drawn under the cursor does not know its rows on the screen.
        public var mouse: Bool
        /// A form is asked as plain sequential prompts, one line at a time
        /// (`AccessibleRun`), not drawn (--accessible, the config, TERM=dumb).
        public var accessible: Bool
        /// The language the screens speak (`Language.chosen`, read once at start).
        public var language: Language

        public init(
            color: Bool = true, animate: Bool = true, ttyPath: String = "/dev/tty", inline: Bool = false,
            palette: ColorPalette = .standard, keys: ConfiguredKeys = .standard, mouse: Bool = false,
            accessible: Bool = false, language: Language = .english
        ) {
            self.color = color
            self.animate = animate
            self.ttyPath = ttyPath
            self.inline = inline
            self.palette = palette
            self.keys = keys
            self.mouse = mouse
            self.accessible = accessible
            self.language = language
        }
    }

    /// What the edges do with a running form's effects (the store, in the CLI).
    public struct Hooks {
        /// A field's earlier values, oldest first (readline's Up).
        public var history: (String) -> [String] = { _ in [] }
        /// Called with the values and the focused field's id when the form is
        /// left unfinished (and, unless `saveDraftWhileTyping` is given, when a
        /// field is committed): it may wait for the store.
        /// Returns nil when the draft was kept, else why not (shown to the person).
        public var saveDraft: ([String: FieldInput], String) -> String? = { _, _ in nil }
        /// The same when a field is committed and the person goes on typing. It
        /// runs off the terminal's loop (`FormScene`, `DraftWorker`): the loop waits
        /// for its answer `draftWaitMilliseconds` at most (nil: until it comes),
        /// then goes on taking keys and gets the answer as an event when it comes —
        /// a slow store never freezes the screen. A draft it did not keep is tried
        /// again every `draftRetryMilliseconds` until one is kept.
        public var saveDraftWhileTyping: (@Sendable ([String: FieldInput], String) -> String?)?
        /// How long the loop waits for a draft's answer; nil: until it comes (a
        /// local file, which answers at once or says it is busy: what the screen
        /// shows as committed is then on disk, as SPEC promises of kill -9).
        public var draftWaitMilliseconds: Int?
        /// The form prepared again with the keys commands gave (`choices:
        /// {command:}`), by field id; nil: the commands are not run. Once the
        /// store answered (`storeAnswers`), with its choices too.
        public var prepare: (([String: ChoiceLines]) -> FormContext?)?
        /// What the form waits for from its store, read off the terminal's loop
        /// once the first frame is drawn; nil: nothing (read before, or no store).
        public var storeAnswers: StoreAnswers?
        /// Stores the record Done submitted (or rescues it), off the terminal's
        /// loop, after any draft on its way: the form says it is saving until
        /// this returns, then ends (`FormState.storesOnDone`). Nil: Done ends the
        /// form at once and the caller stores the record (and the accessible
        /// mode, which has no frame to say it in, always leaves it to the caller).
        public var saveRecord: (@Sendable (Record) -> Void)?
        public init() {}
    }

    /// The store's answers a form takes after its first frame: its
    /// `choices: {from:}` values, `default: last` and readline's history for
    /// each field (the store may be opened there too). `FormScene` runs `read`
    /// on a queue of its own, holds keys for a field whose choices are on their
    /// way (`FormSession.awaitStore`), and when `read` returned gives the form
    /// `prepare`'s context and `lastValues()` as an event.
    public struct StoreAnswers {
        /// Opens the store if need be and reads; called once, off the loop.
        public var read: @Sendable () -> Void
        /// The `default: last` values read, by field id; called on the loop once `read` returned.
        public var lastValues: () -> [String: FieldInput]
        /// Why the store could not be opened, in a few words of the form's language;
        /// nil when it was (called on the loop once `read` returned): the form says
        /// its record will be rescued (`.storeUnavailable`).
        public var problem: () -> String?

        public init(
            read: @escaping @Sendable () -> Void, lastValues: @escaping () -> [String: FieldInput],
            problem: @escaping () -> String? = { nil }
        ) {
            self.read = read
            self.lastValues = lastValues
            self.problem = problem
        }
    }

    private let terminal: TerminalMode
    private let signals: SignalSource
    private let options: Options
    private var writer: any FrameWriter
    private var shown: Frame?
    private var animation: (transition: Transition, from: Frame, start: ContinuousClock.Instant)?
    private let clock = ContinuousClock()
    /// The terminal's size as last asked (nil: ask before the next frame). A
    /// size changes only with SIGWINCH, which the signalfd reports, or while
    /// the process was stopped: asked again after any signal and on resuming,
    /// not once a key (one system call a key fewer).
    private var size: (width: Int, height: Int)?

    /// Fills the form in on the terminal and returns how it ended.
    /// - Throws: `TerminalError` when there is no terminal to draw on.
    /// `caption`: lines shown above the footer when there is room (see `FormScene`).
    public static func run(
        context: FormContext, state: FormState, options: Options, hooks: Hooks = Hooks(),
        caption: [Frame.Line] = []
    ) throws -> FormState.Outcome {
        // The form speaks the run's language: its footer, hints, problems and calendar.
        var context = context
        context.language = options.language
        if options.accessible, !options.inline {
            // A conversation has no frame to show first: the store is waited for before it starts.
            var (context, state) = (context, state)
            if let answers = hooks.storeAnswers {
                answers.read()
                if var prepared = hooks.prepare?([:]) {
                    prepared.language = context.language
                    context = prepared
                }
                _ = FormEngine.reduce(&state, .storeAnswered(lastValues: answers.lastValues()), context)
                if let problem = answers.problem() {
                    _ = FormEngine.reduce(&state, .storeUnavailable(problem: problem), context)
                }
            }
            return try AccessibleRun.run(context: context, state: state, ttyPath: options.ttyPath, hooks: hooks)
        }
        return try run(options: options) {
            FormScene(
                session: FormSession(context: context, state: state, history: hooks.history, keys: options.keys.form),
                hooks: hooks, caption: caption, fitted: options.inline)
        }
    }

    /// Runs a scene on the terminal until it ends, and returns how it ended.
    ///
    /// `makeScene` is called once signals are blocked and the terminal is open
    /// and in raw mode (keys typed meanwhile are kept), before anything is
    /// drawn: make the scene there, and open what it uses there too
    /// (readline, a database whose pool may start threads), so that every
    /// thread has the signals blocked. What `makeScene` throws is rethrown
    /// with the terminal's settings put back.
    /// - Throws: `TerminalError` when there is no terminal to draw on.
    public static func run<Scene: TerminalScene>(
        options: Options, _ makeScene: () throws -> Scene
    ) throws -> Scene.Outcome {
        // Signals first, on the main thread, before readline or any other thread exists.
        let signals = try SignalSource()
        defer { signals.restoreMask() }
        // Inline or not, a paste is one event: a line pasted into a prompt is not Enter pressed.
        let mode = TerminalMode.Options(alternateScreen: !options.inline, mouse: options.mouse && !options.inline)
        let terminal = try TerminalMode(path: options.ttyPath, options: mode)
        // Raw mode before anything slow: a Ctrl-S typed while the scene is made is a key,
        // not the terminal's XOFF (which drops it), and typing ahead is not echoed.
        try terminal.holdKeys()
        defer { terminal.restore() }
        let scene = try makeScene()
        defer { scene.close() }
        try terminal.enter()
        let runner = TerminalRunner(terminal: terminal, signals: signals, options: options)
        return runner.loop(scene)
    }

    private init(terminal: TerminalMode, signals: SignalSource, options: Options) {
        self.terminal = terminal
        self.signals = signals
        self.options = options
        self.writer =
            options.inline
            ? InlineWriter(color: options.color, palette: options.palette)
            : ScreenWriter(color: options.color, palette: options.palette)
    }

    private func loop<Scene: TerminalScene>(_ scene: Scene) -> Scene.Outcome {
        draw(scene)
        while true {
            var fds = [
                pollfd(fd: terminal.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout(scene))
            if ready < 0, errno != EINTR { return finish(scene, scene.stop(signal: SIGHUP)) }
            if fds[1].revents & Int16(POLLIN) != 0 {
                size = nil
                for signal in signals.read() { handle(signal: signal, scene) }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                // The terminal is gone: as if it hung up.
                guard let bytes = terminal.read() else { return finish(scene, scene.stop(signal: SIGHUP)) }
                perform(scene.receive(bytes), scene)
            } else if ready == 0, scene.hasPendingEscape {
                perform(scene.flushPendingEscape(), scene)
            } else if ready == 0 {
                perform(scene.wakeUp(), scene)
            }
            if ready > 0, let due = scene.wakeUpMilliseconds, due <= 0, !scene.hasPendingEscape {
                // Keys kept coming: what is due now (a time limit, a spinner) is not put off by them.
                perform(scene.wakeUp(), scene)
            }
            if let outcome = scene.outcome { return finish(scene, outcome) }
            draw(scene)
        }
    }

    /// How long poll may wait: a frame's time while animating, the lone-Esc pause
    /// while an Esc waits, until the scene has something to do (a draft to try
    /// again), else until something happens.
    private func timeout(_ scene: some TerminalScene) -> Int32 {
        if animation != nil { return 16 }
        if scene.hasPendingEscape { return Int32(KeyDecoder.escapeTimeoutMilliseconds) }
        return scene.wakeUpMilliseconds.map { max(0, $0) } ?? -1
    }

    private func handle(signal: Int32, _ scene: some TerminalScene) {
        switch signal {
        case SIGINT, SIGTERM, SIGHUP, SIGQUIT: _ = scene.stop(signal: signal)
        case SIGTSTP: suspend()
        case SIGCONT: resume()
        default: break  // SIGWINCH: the next draw reads the new size
        }
    }

    private func perform(_ requests: [TerminalRequest], _ scene: some TerminalScene) {
        for request in requests {
            switch request {
            case .bell: terminal.write([7])
            case .transition(let transition):
                if options.animate, let shown { animation = (transition, shown, clock.now) }
            case .suspend: suspend(processGroup: true)  // the Ctrl-Z key
            case .redraw: writer.invalidate()
            case .openEditor(let text):
                // The terminal is the editor's meanwhile, as it is the shell's after Ctrl-Z.
                terminal.write(writer.leave())
                terminal.restore()
                let result = ExternalEditor.edit(text, tty: terminal.fileDescriptor, mask: signals.previousMask)
                resume()
                perform(scene.editorReturned(result), scene)
            }
        }
    }

    private func draw(_ scene: some TerminalScene) {
        let size = self.size ?? TerminalMode.size(fd: terminal.fileDescriptor) ?? (width: 80, height: 24)
        self.size = size
        var frame = scene.frame(width: size.width, height: size.height, color: options.color)
        if let running = animation {
            let elapsed = clock.now - running.start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            let progress = milliseconds / Double(TransitionFrames.duration)
            if progress >= 1 {
                animation = nil
            } else {
                frame = TransitionFrames.frame(running.transition, from: running.from, to: frame, progress: progress)
            }
        }
        let bytes = writer.render(frame)
        if !bytes.isEmpty { terminal.write(bytes) }
        shown = frame
    }

    /// Ctrl-Z (the key: the whole process group stops, as a terminal's Ctrl-Z
    /// would stop it) or SIGTSTP (this process): give the terminal back, stop,
    /// and take it again on `fg`.
    private func suspend(processGroup: Bool = false) {
        terminal.write(writer.leave())
        terminal.restore()
        signals.suspend(processGroup: processGroup)
        resume()
    }

    private func resume() {
        try? terminal.enter()
        size = nil
        writer.invalidate()
        animation = nil
    }

    private func finish<Scene: TerminalScene>(_ scene: Scene, _ outcome: Scene.Outcome) -> Scene.Outcome {
        animation = nil
        if options.inline {
            // What was asked stays on the shell's screen with its answer, the cursor under it.
            draw(scene)
            terminal.write(writer.leave())
        }
        return outcome
    }
}

extension TerminalRunner {
    /// How a yes/no question ended.
    public enum Answer: Equatable, Sendable {
        case yes, no
        /// Esc.
        case cancelled
        /// Ctrl-C, or SIGINT.
        case interrupted
        /// SIGTERM, SIGHUP or SIGQUIT (SIGHUP also when the terminal went away).
        case terminated(signal: Int32)
    }

    /// Asks a yes/no question on the terminal, in the lines under the cursor:
    /// Enter or y means yes, n no, Esc cancels. It is a scene of the one loop
    /// (`QuestionScene`, keys from `QuestionKeys`): signals are watched as in the
    /// form (SIGINT, SIGTERM, SIGHUP and SIGQUIT end the question with the terminal given
    /// back; Ctrl-Z or SIGTSTP stop it until `fg`). Keys that answer nothing are
    /// shown, with what to do, and never taken as an answer.
    /// - Parameter details: lines shown above the question (e.g. what a draft holds).
    nonisolated public static func ask(
        _ question: String, ttyPath: String = "/dev/tty", details: [String] = [],
        language: Language = .english
    ) throws -> Answer {
        try MainActor.assumeIsolated {
            try run(options: Options(color: false, animate: false, ttyPath: ttyPath, inline: true, language: language))
            {
                QuestionScene(question: question, details: details, language: language)
            }
        }
    }
}
