import KeyformCore

/// One form being filled in from key bytes: the key decoder, the key maps
/// (`FormKeyMaps`: what each key does in the view the form is in), GNU readline
/// (the keyboard view's editor) and the form engine wired together, with no terminal.
/// The terminal runner feeds it what the person types; `keyform test` and the
/// Swift library's test double feed it key scripts. Both draw `frame(...)`.
@MainActor
public final class FormSession {
    public private(set) var context: FormContext
    public private(set) var state: FormState
    /// The keys of the form's views: looked up for each key, and drawn in the footer.
    public let keys: FormKeyMaps

    /// What keys did: effects for the edges (drafts, submit, finish, bell,
    /// transitions) and requests for the terminal (suspend, redraw).
    public struct Output: Equatable, Sendable {
        public var effects: [FormEffect] = []
        public var requests: [TerminalRequest] = []

        public init(effects: [FormEffect] = [], requests: [TerminalRequest] = []) {
            self.effects = effects
            self.requests = requests
        }

        static func + (left: Output, right: Output) -> Output {
            Output(effects: left.effects + right.effects, requests: left.requests + right.requests)
        }
    }

    private let editor: LineEditor
    /// The grid's lines from one frame to the next: a move redraws the keys it changes, not the page.
    private let renderCache = FormView.Cache()
    private var decoder = KeyDecoder()
    /// Whether the last frame asked for a larger window instead of showing the
    /// form: keys then do not change what nobody can see (see `handle`).
    private var tooSmall = false
    /// Whether the key list (F1) is shown over the form: the next key closes it.
    public private(set) var showingKeys = false
    /// Earlier values of a field, oldest first (for readline's Up), by field id.
    private let history: (String) -> [String]
    /// Whether the store's answers are on their way (read off the terminal's
    /// loop: `awaitStore()`): keys for a field whose choices come from the store
    /// are held until they come, so a key pressed early is neither lost on the
    /// loading grid nor taken for another key.
    public private(set) var awaitingStore = false
    /// The keys held meanwhile, in order: given to the form when the store answers.
    private var held: [KeyPress] = []
    private var historyField: Int?
    /// The width of the last frame drawn (80 before the first): ↑ and ↓ in a
    /// field of several lines move by the rows it showed.
    private var lastWidth = 80
    /// The last frame drawn: a click acts on what its regions say is under it.
    private var lastFrame: Frame?

    /// - Parameters:
    ///   - history: a field's earlier values, oldest first.
    ///   - keys: the key maps (a user's rebindings; the standard ones by default).
    public init(
        context: FormContext, state: FormState, history: @escaping (String) -> [String] = { _ in [] },
        keys: FormKeyMaps = .standard
    ) {
        self.context = context
        self.state = state
        self.history = history
        self.keys = keys
        LineEditor.ensureUTF8Locale()
        editor = LineEditor()
        loadLine()
    }

    /// Whether a lone Esc is waiting to be told apart from an escape sequence:
    /// call `flushPendingEscape()` after `KeyDecoder.escapeTimeout` of silence.
    public var hasPendingEscape: Bool { decoder.hasPendingEscape }

    /// Readline's editing mode now (the footer says what Esc does in each).
    public var editingMode: EditingMode { editor.editingMode }

    /// What the key maps are asked with now.
    public var situation: FormKeySituation { FormKeySituation(state: state, context: context, mode: editingMode) }

    /// Bytes from the terminal.
    public func receive(_ bytes: [UInt8]) -> Output {
        decoder.feed(bytes).map(handle).reduce(Output(), +)
    }

    /// Keys already decoded (by a scene that hosts the form and decodes for both).
    public func receive(_ presses: [KeyPress]) -> Output {
        presses.map(handle).reduce(Output(), +)
    }

    public func flushPendingEscape() -> Output {
        decoder.flushPendingEscape().map(handle).reduce(Output(), +)
    }

    /// The same form prepared again with other keys (a choices command's lines
    /// came): the state stays, and the grids show the new keys from the next frame.
    public func offer(_ context: FormContext) { self.context = context }

    /// The store's answers are on their way: see `awaitingStore`.
    public func awaitStore() { awaitingStore = true }

    /// Done waits for the store to take the record (`FormState.storesOnDone`):
    /// the scene saves it off the loop and answers `.saveAnswered`.
    public func storeOnDone() { state.storesOnDone = true }

    /// The store answered: the form prepared with its choices, and its
    /// `default: last` values (`FormEvent.storeAnswered`); the focused field's
    /// history is read again (`history` now has it), and the keys held
    /// meanwhile are handled, in the order typed.
    public func storeAnswered(_ context: FormContext, lastValues: [String: FieldInput]) -> Output {
        awaitingStore = false
        self.context = context
        var output = Output(effects: send(.storeAnswered(lastValues: lastValues)))
        if state.entries.indices.contains(state.focus), !context.fields[state.focus].secret, !editor.isSearching {
            editor.useHistory(history(context.fields[state.focus].id))
        }
        let keys = held
        held = []
        for press in keys { output = output + handle(press) }
        return output
    }

    /// An event from outside the keyboard (a signal).
    public func send(_ event: FormEvent) -> [FormEffect] {
        let effects = FormEngine.reduce(&state, event, context)
        for case .setLine(let text, let cursor) in effects { loadLine(text: text, cursor: cursor) }
        return effects
    }

    /// - Parameter fitted: as many lines as the form needs (drawn under the cursor), not the whole height.
    public func frame(width: Int, height: Int, color: Bool, fitted: Bool = false) -> Frame {
        tooSmall = !FormView.fits(width: width, height: height)
        lastWidth = width
        if showingKeys, !tooSmall, state.outcome == nil {
            lastFrame = nil
            return KeyListView.render(situation, keys: keys, width: width, height: height)
        }
        let frame = FormView.render(
            state, context, width: width, height: height, color: color, keys: keys, mode: editingMode,
            prompt: editor.prompt, cache: renderCache, fitted: fitted)
        lastFrame = frame
        return frame
    }

    /// What the editor of an `.openEditor` request gave back: the text becomes
    /// the field's line (made fit as a paste is: tabs to spaces, other control
    /// characters dropped), the cursor at its end; a failure is said in the footer.
    public func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [FormEffect] {
        switch result {
        case .success(let text):
            let value = Self.lines(text)
            editor.setLine(value, cursor: value.count)
            return send(.lineEdited(text: value, cursor: value.count))
        case .failure(let failure):
            return send(.editorFailed(reason: context.language.text(failure.message)))
        }
    }

    /// Uninstalls readline (the session can't be used afterwards).
    public func close() {
        // The kill ring outlives the form (a program may run another): a secret's kills go with it.
        if context.fields.contains(where: \.secret) { editor.forgetSecretEdits() }
        editor.reset()
    }

    /// Keys readline reports back itself (it decides when Enter is Enter, and
    /// not the end of a search or part of a vi command): the keyboard view gives
    /// them to readline first, then looks up what it reports.
    private static let reportedByEditor: Set<KeyChord> = [.enter, .tab, .shiftTab]

    /// A key, looked up in the key map of the view the form is in; else readline's.
    private func handle(_ press: KeyPress) -> Output {
        // The key maps' situation (a copy of the state) is gone before readline edits the
        // line: the reducer's write of a typed key is then made in place, not into a copy
        // of every entry (issue 27).
        byKeyMaps(press) ?? edit(press)
    }

    /// What the key maps make of a key; nil: it goes to readline.
    private func byKeyMaps(_ press: KeyPress) -> Output? {
        guard state.outcome == nil else { return Output() }
        let situation = situation
        let chord = chord(of: press, in: situation)
        if state.saving != nil {
            // Done was pressed and the record is on its way to the store: keys are
            // ignored (not kept for later: the form is over). Ctrl-C is said to
            // wait for the save; the terminal's own keys (Ctrl-Z, Ctrl-L) work.
            guard let chord, let action = keys.map(for: situation).action(for: chord, in: situation),
                [.interrupt, .suspend, .redraw].contains(action)
            else { return Output() }
            return perform(action, chord, press)
        }
        if awaitingStore, !held.isEmpty || waitsForTheStore(chord, situation) {
            // Leaving and the terminal's own keys work at once; the others wait for the choices.
            let action = chord.flatMap { keys.map(for: situation).action(for: $0, in: situation) }
            guard let action, action.worksUnseen else {
                held.append(press)
                return Output()
            }
        }
        if showingKeys, !tooSmall {
            // The key list: Ctrl-C and the terminal's keys work as ever; any other key closes it, and only that.
            showingKeys = false
            if let chord, let action = keys.map(for: situation).action(for: chord, in: situation),
                action == .interrupt || action == .suspend || action == .redraw
            {
                return perform(action, chord, press)
            }
            return Output()
        }
        // The mouse is never a key for readline or a key map: it acts on what was drawn.
        if case .mouse(let event) = press.key { return mouse(event) }
        if tooSmall {
            // "Make the window larger, or press Esc": only the keys that leave or
            // redraw work; typing into a form nobody can see would change it blind.
            guard let chord else { return Output(effects: [.bell]) }
            let map = keys.map(for: situation)
            // The key the screen names for cancel leaves in any mode (vi insert's Esc too).
            if map.keys(for: .cancel).contains(chord) { return perform(.cancel, chord, press) }
            guard let action = map.action(for: chord, in: situation), action.worksUnseen else {
                return Output(effects: [.bell])
            }
            return perform(action, chord, press)
        }
        guard situation.view == .keyboard else {
            guard let chord, let action = keys.map(for: situation).action(for: chord, in: situation) else {
                return Output(effects: [.bell])
            }
            return perform(action, chord, press)
        }
        if let chord, !Self.reportedByEditor.contains(chord),
            let action = keys.keyboard.action(for: chord, in: situation), action != .edit,
            !editor.isSearching || action.worksWhileSearching
        {
            return perform(action, chord, press)
        }
        // While readline searches the history (Ctrl-R), its keys are the search's,
        // as in bash: Esc leaves the search, Ctrl-S searches forward.
        return nil
    }

    /// Whether a key must wait for the store's answers: any key on a field whose
    /// choices come from the store, and in the keyboard view the keys that
    /// recall readline's history (it comes with the answers): pressed at once,
    /// Up must recall the last value, not find none.
    private func waitsForTheStore(_ chord: KeyChord?, _ situation: FormKeySituation) -> Bool {
        guard context.fields.indices.contains(state.focus) else { return false }
        if context.fields[state.focus].choices != nil { return true }
        guard situation.view == .keyboard, let chord else { return false }
        return Self.recallsHistory.contains(chord)
    }

    /// Readline's keys that read the history (emacs mode and the arrows).
    private static let recallsHistory: Set<KeyChord> = [
        .up, .down, .pageUp, .pageDown, .control("r"), .control("p"), .control("n"), .alt("<"), .alt(">"), .alt("."),
        .alt("_"),
    ]

    /// The chord a key press is looked up as. A line feed (Ctrl-J) is Enter to
    /// readline and to every map that does not name Ctrl-J (a terminal in raw
    /// mode sends CR for Enter, and some send LF); where a binding of the map
    /// names Ctrl-J now (a field of several lines), it is Ctrl-J.
    private func chord(of press: KeyPress, in situation: FormKeySituation) -> KeyChord? {
        KeyChord(press) { self.keys.map(for: situation).binding(for: $0, in: situation) != nil }
    }

    /// What an action does: an event for the engine, a request for the terminal,
    /// or the key for readline.
    private func perform(_ action: FormAction, _ chord: KeyChord, _ press: KeyPress) -> Output {
        let event: FormEvent
        switch action {
        case .suspend: return Output(requests: [.suspend])
        case .redraw: return Output(requests: [.redraw])
        case .edit: return edit(press)
        case .showKeys:
            showingKeys = true
            return Output()
        case .cancel: event = .cancelPressed
        case .interrupt: event = .interrupted
        case .commit: event = .commitPressed
        case .nextField: event = .nextPressed
        case .previousField: event = .previousPressed
        case .swapView: event = .swapViewPressed
        case .done: event = .donePressed
        case .jumpToField:
            guard case .alt(let digit) = chord, let number = Int(String(digit)) else { return Output(effects: [.bell]) }
            event = .fieldJumpRequested(number)
        case .moveLeft: event = .gridMoved(.left)
        case .moveUp: event = .gridMoved(.up)
        case .moveDown: event = .gridMoved(.down)
        case .moveRight: event = .gridMoved(.right)
        case .pressKey: event = .gridKeyPressed
        case .pressHotkey:
            guard let character = chord.typedCharacter else { return Output(effects: [.bell]) }
            event = .gridHotkeyPressed(character)
        case .pressBackspace: event = .gridBackspacePressed
        case .filter: event = .gridFilterOpened
        case .typeFilter:
            guard let character = chord.typedCharacter else { return Output(effects: [.bell]) }
            event = .gridFilterTyped(character)
        case .eraseFilter: event = .gridFilterErased
        case .closeFilter: event = .gridFilterClosed
        case .back: event = .pickStepBack
        case .previousMonth: event = .calendarMonthTurned(forward: false)
        case .nextMonth: event = .calendarMonthTurned(forward: true)
        case .today: event = .calendarTodayPressed
        case .flip: event = .toggle(.flip)
        case .setYes: event = .toggle(.set(true))
        case .setNo: event = .toggle(.set(false))
        case .clear: event = .toggle(.clear)
        case .openEditor: return Output(requests: [.openEditor(text: editor.text)])
        case .newLine: return edited(editor.insert("\n"))
        case .previousLine, .nextLine: return moveLine(down: action == .nextLine)
        }
        return Output(effects: send(event))
    }

    /// The cursor a row up or down in a field of several lines, by the rows drawn.
    private func moveLine(down: Bool) -> Output {
        let moved = WrappedText(editor.text, width: multiLineWidth).cursor(from: editor.cursor, rows: down ? 1 : -1)
        return edited(editor.moveCursor(to: moved))
    }

    /// A mouse report: a left click acts on the region of the last frame under
    /// it (a field focuses, a grid key is pressed, Done is pressed); the wheel
    /// moves a grid's highlight a row (a long grid turns its rows with it) or
    /// the cursor in a field of several lines. Releases, drags, other buttons
    /// and clicks on nothing do nothing, quietly.
    private func mouse(_ event: MouseEvent) -> Output {
        guard !tooSmall, let lastFrame else { return Output() }
        switch (event.button, event.action) {
        case (.left, .press):
            switch lastFrame.target(row: event.row, column: event.column) {
            case .field(let index)?: return Output(effects: send(.fieldClicked(index)))
            case .gridKey(let key)?: return Output(effects: send(.gridKeyClicked(key)))
            case .done?: return Output(effects: send(.donePressed))
            case .record?, nil: return Output()
            }
        case (.wheelUp, _), (.wheelDown, _):
            let down = event.button == .wheelDown
            if state.grid != nil { return Output(effects: send(.gridMoved(down ? .down : .up))) }
            if situation.view == .keyboard, context.fields.indices.contains(state.focus),
                context.fields[state.focus].isMultiLine
            {
                return moveLine(down: down)
            }
            return Output()
        default:
            return Output()
        }
    }

    /// The key for readline; what it reports back (Enter, Tab, Shift-Tab) is
    /// looked up in the keyboard map as it stands after the edits before it.
    private func edit(_ press: KeyPress) -> Output {
        if case .paste(let text) = press.key {
            let multiLine = context.fields.indices.contains(state.focus) && context.fields[state.focus].isMultiLine
            return edited(editor.insert(multiLine ? Self.lines(text) : Self.oneLine(text)), press)
        }
        return edited(editor.feed(press.bytes), press)
    }

    /// What readline reported, for the engine: edits as they are; Enter, Tab
    /// and Shift-Tab looked up in the keyboard map as it stands after the edits
    /// before them (`press`: the key that made them, when one did).
    private func edited(_ events: [LineEditor.Event], _ press: KeyPress = KeyPress(.enter, bytes: [])) -> Output {
        var output = Output()
        for event in events {
            guard state.outcome == nil else { break }
            let reported: KeyChord
            switch event {
            case .edited(let text, let cursor):
                output.effects += send(.lineEdited(text: text, cursor: cursor))
                continue
            case .commit: reported = .enter
            case .swapView: reported = .tab
            case .previous: reported = .shiftTab
            }
            guard let action = keys.keyboard.action(for: reported, in: situation), action != .edit else {
                output.effects.append(.bell)
                continue
            }
            output = output + perform(action, reported, press)
        }
        return output
    }

    /// Pasted text for a field of several lines: its line breaks kept as `\n`
    /// (CR LF and a lone CR are one), tabs become spaces, other control
    /// characters are dropped, as `oneLine` drops them.
    static func lines(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { oneLine(String($0)) }.joined(
                separator: "\n")
    }

    /// The cells a field of several lines wraps at on the last frame drawn (its
    /// value's column, as `FormView` lays it out): where ↑ and ↓ move to.
    private var multiLineWidth: Int {
        FormView.valueWidth(state, context, width: lastWidth)
    }

    /// Pasted text for a one-line field: line breaks and tabs become spaces,
    /// other control characters are dropped (they must never reach the screen).
    static func oneLine(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isNewline || character == "\t" {
                out.append(" ")
            } else {
                out.unicodeScalars.append(
                    contentsOf: character.unicodeScalars.filter { !TerminalSafe.isUnsafe($0) || $0.value == 0x200D })
            }
        }
        return out
    }

    /// Gives readline the focused field's text, and its history when focus moved.
    private func loadLine(text: String? = nil, cursor: Int? = nil) {
        guard state.entries.indices.contains(state.focus) else { return }
        if historyField != state.focus {
            // What was killed or typed in a secret field is not yanked or repeated (vi's `.`) in the next.
            if let left = historyField, context.fields.indices.contains(left), context.fields[left].secret {
                editor.forgetSecretEdits()
            }
            historyField = state.focus
            // A secret has no history: its values are never offered back (DECISIONS 38).
            let field = context.fields[state.focus]
            editor.useHistory(field.secret ? [] : history(field.id))
        }
        let entry = state.entries[state.focus]
        editor.setLine(text ?? entry.text, cursor: cursor ?? entry.cursor)
    }
}

extension FormAction {
    /// Whether the action works while the form is too small to be seen: the
    /// keys that leave and the terminal's own; nothing that changes a form
    /// nobody can see.
    var worksUnseen: Bool {
        switch self {
        case .cancel, .interrupt, .suspend, .redraw: true
        case .commit, .nextField, .previousField, .swapView, .done, .jumpToField, .edit, .showKeys, .moveLeft, .moveUp,
            .moveDown, .moveRight, .pressKey, .pressHotkey, .pressBackspace, .previousMonth, .nextMonth, .today, .flip,
            .setYes, .setNo, .clear, .newLine, .previousLine, .nextLine, .openEditor, .filter, .typeFilter,
            .eraseFilter, .closeFilter, .back:
            false
        }
    }
}

extension FormAction {
    /// Whether the action is taken from readline while it searches the history:
    /// only what the terminal always means (Ctrl-C, Ctrl-Z, Ctrl-L); every
    /// other key is the search's (Esc leaves it, as in bash, and does not
    /// cancel the form).
    var worksWhileSearching: Bool {
        switch self {
        case .interrupt, .suspend, .redraw: true
        case .cancel, .commit, .nextField, .previousField, .swapView, .done, .jumpToField, .edit, .showKeys, .moveLeft,
            .moveUp, .moveDown, .moveRight, .pressKey, .pressHotkey, .pressBackspace, .previousMonth, .nextMonth,
            .today, .flip,
            .setYes, .setNo, .clear, .newLine, .previousLine, .nextLine, .openEditor, .filter, .typeFilter,
            .eraseFilter, .closeFilter, .back:
            false
        }
    }
}

extension KeyChord {
    /// The chord `press` is looked up as in a map: a line feed (Ctrl-J) is
    /// Ctrl-J where `isBound` says the map binds Ctrl-J now, else Enter (readline
    /// and cooked mode take it for Enter; in raw mode Enter sends CR).
    init?(_ press: KeyPress, isBound: (KeyChord) -> Bool) {
        if press.bytes == [0x0A], isBound(.control("j")) {
            self = .control("j")
        } else {
            self.init(press.key)
        }
    }

    /// The chord a decoded key is bound as; nil for keys no map can name
    /// (function keys, pastes, other modified keys).
    init?(_ key: Key) {
        switch key {
        case .character(" "): self = .space
        case .character(let character): self = .character(character)
        case .enter: self = .enter
        case .tab: self = .tab
        case .shiftTab: self = .shiftTab
        case .backspace: self = .backspace
        case .escape: self = .escape
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .delete: self = .delete
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .control(let character): self = .control(character)
        case .modified(.enter, let modifiers) where modifiers == .alt || modifiers == .meta: self = .altEnter
        case .function(let number) where (1...12).contains(number): self = .function(number)
        case .modified(.character(let character), let modifiers) where modifiers == .alt || modifiers == .meta:
            self = .alt(character)
        default: return nil
        }
    }
}
