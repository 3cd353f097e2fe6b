/// What a key does in a form, by the name a config rebinds it by (see `KeyAction`).
public enum FormAction: String, ScreenAction {
    /// Leave, keeping the draft (exit 1).
    case cancel
    /// Ctrl-C: leave at once (exit 130).
    case interrupt
    /// Ctrl-Z: give the terminal back until `fg`.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// Enter: commit the field and go on (Done on the last field).
    case commit
    /// Tab on a field without keys: commit the field and go to the next one.
    case nextField = "next-field"
    /// Shift-Tab: the previous field, never blocked.
    case previousField = "previous-field"
    /// Tab: swap between the keyboard and the field's keys.
    case swapView = "swap-view"
    /// Ctrl-S: press Done from any field.
    case done
    /// Alt-1…9: go to the field with the digit's number.
    case jumpToField = "jump-to-field"
    /// The key goes to GNU readline, which does what it binds.
    case edit
    /// F1: the list of every key of the view (F1 types nothing in any view;
    /// `?` would be typed text in the keyboard and may be a grid's hotkey).
    case showKeys = "show-keys"
    /// A grid's arrows.
    case moveLeft = "move-left", moveUp = "move-up", moveDown = "move-down", moveRight = "move-right"
    /// Enter in a grid: press the highlighted key, or commit the field as it is when none is.
    case pressKey = "press-key"
    /// A character in a grid: press the key with that hotkey.
    case pressHotkey = "press-hotkey"
    /// Backspace in a grid: press the page's backspace key.
    case pressBackspace = "press-backspace"
    /// A date field's calendar: PgUp and PgDn turn the month, `t` goes to today.
    case previousMonth = "previous-month", nextMonth = "next-month", today
    /// A switch (a boolean field).
    case flip, setYes = "set-yes", setNo = "set-no", clear
    /// A field of several lines (`lines:`): break the line at the cursor. Enter
    /// still moves on (as in huh's Text); Ctrl-J and Alt-Enter break the line.
    case newLine = "new-line"
    /// A field of several lines: the cursor to the line above or below, by the
    /// lines as drawn (wrapped); past the first or last line, to its start or end.
    case previousLine = "previous-line", nextLine = "next-line"
    /// A field of several lines: hand the value to `$VISUAL`/`$EDITOR` and take it back.
    case openEditor = "open-editor"
    /// `/` in a long grid: open its filter.
    case filter
    /// A character typed while the grid's filter is open: the filter's.
    case typeFilter = "type-filter"
    /// Backspace in the filter: erase its last character (close it when empty).
    case eraseFilter = "erase-filter"
    /// Esc in the filter: close it, the whole grid again.
    case closeFilter = "close-filter"
    /// Esc on a later step of a pick (a datetime's time keypad): the step
    /// before (its calendar). The browse list's Esc shares the name.
    case back
}

/// What a form's key maps ask to know whether a binding works now and what
/// the footer says about it: the state, the form, and readline's mode.
public struct FormKeySituation: Sendable {
    public enum View: Equatable, Sendable {
        /// Typing into GNU readline.
        case keyboard
        /// The field's key grid.
        case grid
        /// A boolean field's switch.
        case `switch`
        /// A note: text to read, nothing to type.
        case note
    }

    public var state: FormState { didSet { knownEnterAnswer = nil } }
    public var context: FormContext { didSet { knownEnterAnswer = nil } }
    public var mode: EditingMode
    /// What the entries amount to (shown fields, Done's reason), evaluated once
    /// for every hint the situation's keys name.
    public let evaluation: FormEvaluation
    /// What Enter does now, once worked out (`answeringEnter()`).
    private var knownEnterAnswer: FormEngine.EnterAnswer?

    public init(state: FormState, context: FormContext, mode: EditingMode = .emacs) {
        self.state = state
        self.context = context
        self.mode = mode
        evaluation = context.evaluation(of: state)
    }

    /// What Enter does now (`FormEngine.enterAnswer`): Enter's hint in the
    /// footer and Done's line both say it.
    public var enterAnswer: FormEngine.EnterAnswer {
        knownEnterAnswer ?? FormEngine.enterAnswer(state, context, evaluation: evaluation)
    }

    /// The situation with what Enter does worked out, for a frame that asks it
    /// more than once (a choice's pick evaluates the entries it would make).
    public func answeringEnter() -> FormKeySituation {
        var situation = self
        situation.knownEnterAnswer = enterAnswer
        return situation
    }

    public var view: View {
        if state.grid != nil { return .grid }
        let fields = context.fields
        guard fields.indices.contains(state.focus) else { return .keyboard }
        switch fields[state.focus].type {
        case .boolean: return .switch
        case .note: return .note
        default: return .keyboard
        }
    }

    /// `words` in the form's language (the footer's and the key list's words).
    public func say(_ words: Message) -> String { context.language.text(words) }

    /// Whether no shown field comes before the focused one.
    public var isFirstField: Bool { evaluation.previous(before: state.focus) == nil }
    /// Whether the focused field holds several lines (`lines:`), typed in the keyboard.
    public var isMultiLine: Bool {
        context.fields.indices.contains(state.focus) && context.fields[state.focus].isMultiLine && state.grid == nil
    }
    /// Whether the grid shown is a date field's calendar.
    public var isCalendar: Bool { FormEngine.isCalendar(state) }
    /// Whether no shown field comes after the focused one.
    public var isLastField: Bool { evaluation.next(after: state.focus) == nil }
    /// Whether the focused field's text commits as it is: an empty required
    /// field or an invalid value stays, and Enter and Tab only show why.
    public var focusCommits: Bool { FormEngine.focusCommits(state, context) }
    /// Whether the focused field has keys to swap to.
    public var hasLayout: Bool {
        context.fields.indices.contains(state.focus) && context.layout(ofField: state.focus, state.entries) != nil
    }
    /// Whether Tab swaps the focused field's view (not in a picker's strict grid).
    public var swapsView: Bool {
        context.fields.indices.contains(state.focus) && context.swapsView(ofField: state.focus, state.entries)
    }
    /// A menu or picker: no Done to speak of (a key answers it).
    public var isPicker: Bool { context.form.presentation == .picker }
    /// Whether the grid's filter is open: typed characters are its own.
    public var isFiltering: Bool { state.grid?.filter != nil }
    /// Whether the grid is a later step of a value picked in steps (a
    /// datetime's time keypad, after its calendar): Esc goes back a step.
    public var isLaterPickStep: Bool { (state.grid?.step ?? 0) > 0 }
    /// Whether `/` opens the grid's filter now (a long grid, its filter closed).
    public var slashOpensFilter: Bool {
        guard let grid = state.grid, grid.filter == nil else { return false }
        return context.slashOpensFilter(layout: grid.layout)
    }
}

/// The keys of a form, one map per view: the keyboard (what readline does not
/// take), the grid, the switch and a note. `FormSession` looks keys up here and
/// `FormView` draws the footer from the same maps.
public struct FormKeyMaps: Sendable {
    public typealias Map = KeyMap<FormKeySituation, FormAction>
    public var keyboard: Map
    public var grid: Map
    public var booleanSwitch: Map
    public var note: Map

    public init(keyboard: Map, grid: Map, booleanSwitch: Map, note: Map = FormKeyMaps.standardNote) {
        self.keyboard = keyboard
        self.grid = grid
        self.booleanSwitch = booleanSwitch
        self.note = note
    }

    /// The map of the view the situation is in.
    public func map(for situation: FormKeySituation) -> Map {
        switch situation.view {
        case .keyboard: keyboard
        case .grid: grid
        case .switch: booleanSwitch
        case .note: note
        }
    }

    /// Every view's map with `action` on `keys` (see `KeyMap.rebinding`).
    public func rebinding(_ action: KeyAction, to keys: [KeyChord]) -> FormKeyMaps {
        FormKeyMaps(
            keyboard: keyboard.rebinding(action, to: keys), grid: grid.rebinding(action, to: keys),
            booleanSwitch: booleanSwitch.rebinding(action, to: keys), note: note.rebinding(action, to: keys))
    }

    /// The footer's key hints now, as many as fit in `width`.
    public func footer(in situation: FormKeySituation, width: Int) -> String {
        map(for: situation).footer(in: situation, width: width)
    }

    public typealias Binding = KeyBinding<FormKeySituation, FormAction>

    /// A binding's words from the catalogue, in the form's language.
    static func says(_ words: Message) -> @Sendable (FormKeySituation) -> String? {
        { $0.say(words) }
    }

    /// Keys that work in every view of a form. Ctrl-C, Ctrl-Z and Ctrl-L are
    /// what a terminal always means, named in the key list only. Done from any
    /// field (Ctrl-S) is named while it would submit and Enter would not yet;
    /// Alt-1…9 while there is a field to go to; F1 when hints are left out.
    static let everywhere: [Binding] = [
        Binding([.control("c")], .interrupt),
        Binding([.control("z")], .suspend),
        Binding([.control("l")], .redraw),
        Binding(
            [.control("s")], .done, rank: 5,
            help: { situation in
                guard !situation.isPicker, !situation.isLastField else { return nil }
                return situation.evaluation.doneBlocker == nil ? situation.say(.hintDone) : nil
            }),
        Binding(
            (1...9).map { KeyChord.alt(Character(String($0))) }, .jumpToField, rank: 6,
            help: {
                $0.evaluation.shownCount > 1 && !$0.isPicker ? $0.say(.hintField) : nil
            }),
        Binding([.function(1)], .showKeys, rank: 0, help: says(.hintKeys)).namedWhenHintsAreCut(),
    ]

    static let back = Binding([.shiftTab], .previousField, rank: 3, when: { !$0.isFirstField }, help: says(.hintBack))
    static let cancel = Binding([.escape], .cancel, rank: 1, help: says(.hintCancel))
    /// Tab on a field without keys goes on, as in gum and huh (Shift-Tab goes back).
    /// Named only while the field's text commits (else Tab only shows why, as Enter).
    static let tabToNext = Binding(
        [.tab], .nextField, rank: 2, when: { !$0.hasLayout && !$0.isLastField },
        help: { $0.focusCommits ? $0.say(.hintNext) : nil })

    /// Enter, Tab and Shift-Tab come back from readline (it decides when a key
    /// is Enter and not part of a search or a vi command); the others are looked
    /// up before readline sees them. `edit` gives the key to readline: in vi
    /// mode Esc is readline's until command mode, where it cancels.
    public static let standardKeyboard = Map(
        [
            Binding([.enter], .commit, rank: 0, help: enterWords).emphasizedInFooter(),
            Binding([.tab], .swapView, rank: 2, when: { $0.swapsView }, help: says(.hintKeys)),
            tabToNext,
            back,
            // A field of several lines: Enter still moves on; these break the line and move between lines.
            // Ctrl-J is a line feed, which Enter also is to readline: the session asks this map first.
            Binding([.control("j"), .altEnter], .newLine, rank: 2, when: { $0.isMultiLine }, help: says(.hintNewLine)),
            // Arrows that move between lines need no hint (the key list names them): room for the editor's.
            Binding([.up], .previousLine) { $0.isMultiLine },
            Binding([.down], .nextLine) { $0.isMultiLine },
            // huh's key; readline's Ctrl-E (end-of-line) stays in one-line fields, and End does it here.
            Binding([.control("e")], .openEditor, rank: 3, when: { $0.isMultiLine }, help: says(.hintEditor)),
            Binding([.escape], .edit, rank: 1, when: { $0.mode == .viInsert }, help: says(.hintCommandMode)),
            Binding([.escape], .cancel, rank: 1, when: { $0.mode != .viInsert }, help: says(.hintCancel)),
            Binding([.character("i")], .edit, rank: 3, when: { $0.mode == .viCommand }, help: says(.hintInsert)),
        ] + everywhere)

    public static let standardGrid = Map(
        [
            // An open filter's keys come first: while it is open, typed characters,
            // Backspace and Esc are the filter's (the bindings after them wait).
            Binding([.escape], .closeFilter, rank: 1, when: { $0.isFiltering }, help: says(.hintCloseFilter)),
            Binding([.backspace], .eraseFilter, rank: 4, when: { $0.isFiltering }, help: says(.hintErase)),
            Binding([.anyCharacter], .typeFilter) { $0.isFiltering },
            // A later step of a pick: Esc goes back a step (the time keypad to the calendar), not out of the form.
            Binding([.escape], .back, rank: 1, when: { $0.isLaterPickStep }, help: says(.hintCalendar)),
            // The grid's own keys are kept before the keys of every view: at 80
            // columns a calendar shows its arrows and `t today`.
            Binding([.left], .moveLeft, rank: 2, help: says(.hintMove)),
            Binding([.up], .moveUp, rank: 2, help: says(.hintMove)),
            Binding([.down], .moveDown, rank: 2, help: says(.hintMove)),
            Binding([.right], .moveRight, rank: 2, help: says(.hintMove)),
            // A calendar's own keys, before the hotkeys: a month back or on, today.
            Binding([.pageUp], .previousMonth, rank: 3, when: { $0.isCalendar }, help: says(.hintMonth)),
            Binding([.pageDown], .nextMonth, rank: 3, when: { $0.isCalendar }, help: says(.hintMonth)),
            Binding([.character("t")], .today, rank: 2, when: { $0.isCalendar }, help: says(.hintToday)),
            Binding([.enter], .pressKey, rank: 0, help: enterWords).emphasizedInFooter(),
            Binding([.character("/")], .filter, rank: 2, when: { $0.slashOpensFilter }, help: says(.hintFilter)),
            Binding([.tab], .swapView, rank: 3, when: { $0.swapsView }, help: says(.hintKeyboard)),
            back,
            Binding(
                [.escape], .cancel, rank: 1, when: { !$0.isFiltering && !$0.isLaterPickStep }, help: says(.hintCancel)),
            Binding([.backspace], .pressBackspace),
            Binding([.anyCharacter], .pressHotkey),
        ] + everywhere)

    public static let standardSwitch = Map(
        [
            Binding([.space], .flip, rank: 0, help: says(.hintToggle)),
            Binding(["y", "Y", "t", "T", "1"].map { KeyChord.character($0) }, .setYes),
            Binding(["n", "N", "f", "F", "0"].map { KeyChord.character($0) }, .setNo),
            Binding([.backspace, .delete], .clear),
            Binding([.enter], .commit, rank: 0, help: enterWords).emphasizedInFooter(),
            Binding([.down], .commit),
            Binding([.tab], .swapView, rank: 2, when: { $0.swapsView }, help: says(.hintKeys)),
            tabToNext,
            back,
            Binding([.up], .previousField),
            cancel,
        ] + everywhere)

    /// A note has nothing to type or pick: Enter (and Down) go on as on any
    /// field, Done on the last; Tab goes on, Shift-Tab (and Up) back. Any other
    /// key rings the bell: it would type into nothing.
    public static let standardNote = Map(
        [
            Binding([.enter], .commit, rank: 0, help: enterWords).emphasizedInFooter(),
            Binding([.down], .commit),
            tabToNext,
            back,
            Binding([.up], .previousField),
            cancel,
        ] + everywhere)

    public static let standard = FormKeyMaps(
        keyboard: standardKeyboard, grid: standardGrid, booleanSwitch: standardSwitch,
        note: standardNote)

    /// What Enter does now, in words, from the engine's own answer
    /// (`FormEngine.enterAnswer`, with the run's clock): in a grid the
    /// highlighted key's (`pick Felt strong`, `type 7`, `toggle Olives`), or,
    /// with nothing highlighted, the field committed as it is (`leave empty`,
    /// `keep 400`, what will be stored as the field shows it), and Done after it
    /// when Enter submits; in the keyboard or the switch the next field, `done`,
    /// or the field that keeps Done disabled (`go to Text`: Enter goes there, as
    /// SPEC says). A picker's answer is its one field, so Enter picks it. Not
    /// named while the field would not commit: Enter then only shows why, which
    /// the field then says.
    @Sendable static func enterWords(_ situation: FormKeySituation) -> String? {
        let (state, context) = (situation.state, situation.context)
        let answer = situation.enterAnswer
        // Done after the field, named in a grid (a picker has no Done to name).
        let done = answer.step == .submit && !situation.isPicker
        func thenDone(_ words: Message) -> String? { situation.say(done ? .hintThenDone(words) : words) }
        // A calendar's day keys are named by their date, not their day number.
        func pick(_ key: Layout.Key) -> Message {
            if situation.isCalendar, let day = CivilDate(iso: key.text) { return .hintPickDay(day) }
            return .hintPickKey(shown(key.label))
        }
        func label(_ key: Layout.Key) -> String { shown(situation.isCalendar ? key.text : key.label) }
        switch answer {
        case .commit(.stays), .commit(.end), .pick(_, .stays):
            return nil
        case .commit where situation.view == .grid:
            let text = context.shownText(ofField: state.focus, state.entries[state.focus])
            return thenDone(text.isEmpty ? .hintLeaveEmpty : .hintKeep(shown(text)))
        case .commit(.next): return situation.say(.hintNext)
        case .commit(.addsItem): return situation.say(.hintAdd)
        // A line typed into a picker (a prompt's answer) is not picked: it is the answer.
        case .commit(.submit):
            return situation.say(
                situation.isPicker ? (situation.view == .keyboard ? .hintAnswer : .hintPick) : .hintDone)
        case .commit(.goTo(let field)):
            return situation.say(.hintGoTo(shown(context.label(ofField: field, state.entries))))
        case .pick(let key, _): return thenDone(pick(key))
        // A day picked before its time: the keypad follows, no commit yet.
        case .pickPart(let key): return situation.say(pick(key))
        case .toggle(let key): return situation.say(.hintToggleKey(label(key)))
        case .type(let key): return situation.say(.hintTypeKey(label(key)))
        case .press(let key, _): return situation.say(.hintPressKey(label(key)))
        }
    }

    private static func shown(_ text: String) -> String {
        TextWidth.truncate(TerminalSafe.escaped(text), toCells: 24)
    }
}
