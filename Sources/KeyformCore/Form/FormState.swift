import Synchronization

/// The state of one form being filled in. Only `FormEngine.reduce` changes it.
public struct FormState: Equatable, Sendable {
    /// What a field holds: what the person chose, typed as it was chosen.
    /// Every field has a line (what the keyboard view edits, and where its
    /// cursor is); a `multiple` field also has its selection, the key texts
    /// chosen, and its line is one more item being typed. `input` is what the
    /// field's validator reads and a draft keeps. (A later marking of a secret
    /// entry belongs here too: a property beside the selection.)
    public struct Entry: Equatable, Sendable {
        /// The line as typed (a `multiple` field: the item being typed).
        public var text: String
        /// Characters (grapheme clusters) before the cursor.
        public var cursor: Int
        /// A `multiple` field's key texts, in the order chosen; nil for any other field.
        public var selection: [String]?
        /// What the field held when a key opened the keyboard to type a new value
        /// (`openForNewValue`): it stands while the line is empty, as a selected
        /// value does, and the first edit of the line replaces it.
        public var kept: String?

        public init(_ text: String = "", cursor: Int? = nil) {
            self.text = text
            self.cursor = min(max(0, cursor ?? text.count), text.count)
        }

        /// A `multiple` field's entry: the items chosen, and the one being typed.
        public init(selection: [String], line: String = "", cursor: Int? = nil) {
            self.init(line, cursor: cursor)
            self.selection = selection
        }

        /// The entry that holds `input` in a field that is `multiple` or not: a
        /// line for a `multiple` field (an answer or draft written as text) is
        /// read as its items.
        public init(_ input: FieldInput, multiple: Bool) {
            if multiple { self.init(selection: input.items) } else { self.init(input.text) }
        }

        /// What the field was given: the line; for a `multiple` field, its
        /// selection with the item being typed after it (once, when not blank).
        public var input: FieldInput {
            guard let selection else { return .line(text.isEmpty ? kept ?? "" : text) }
            let typed = String(FieldValidator.trimmed(text))
            return .selection(typed.isEmpty || selection.contains(typed) ? selection : selection + [typed])
        }

        /// The line emptied for a new value, the value it held standing until the
        /// line is edited (a `multiple` field's line is already its next item).
        public mutating func openForNewValue() {
            guard selection == nil, !input.text.isEmpty else { return }
            kept = input.text
            text = ""
            cursor = 0
        }

        /// The line as the field's row shows it while it is typed in: a
        /// selection's items before the item being typed, the cursor after them.
        public var editedLine: Entry {
            guard let selection, !selection.isEmpty else { return Entry(text, cursor: cursor) }
            let chosen = FieldValue.joined(selection) + ", "
            return Entry(chosen + text, cursor: chosen.count + cursor)
        }
    }

    /// Where the grid view is: which layout (a field's own, or one a key turned
    /// to), which page, and which key is highlighted. Nothing is highlighted
    /// until the person picks a key with the arrows, unless the field holds a
    /// key's value: a grid never offers a value the person did not choose.
    public struct Grid: Equatable, Sendable {
        public var layout: String
        public var page: Int
        public var highlight: GridDrawing.KeyIndex?
        /// Set while the grid's filter is open: the grid shows the keys that
        /// match it (`filter.page`), and `highlight` is a place on that page.
        /// `page` stays the layout's page the filter was opened on.
        public var filter: GridFilter?
        /// Which of the field's pick steps this grid is (`FieldKind.pickSteps`):
        /// a datetime's time keypad is 1, after its calendar (0). Any other grid is 0.
        public var step: Int
        /// On a later step: the step's part of the value came with the field (the
        /// time a datetime held before its day was picked) and stands until a key
        /// of the step types, which replaces it, as a keyboard opened on a picked
        /// value does (`Entry.kept`).
        public var partStands: Bool

        public init(
            layout: String, page: Int = 0, highlight: GridDrawing.KeyIndex? = nil, filter: GridFilter? = nil,
            step: Int = 0, partStands: Bool = false
        ) {
            self.layout = layout
            self.page = page
            self.highlight = highlight
            self.filter = filter
            self.step = step
            self.partStands = partStands
        }
    }

    /// How the form ended.
    public enum Outcome: Equatable, Sendable {
        case submitted(Record)
        /// Esc: the draft is kept (exit 1).
        case cancelled
        /// Ctrl-C or SIGINT: the draft is kept (exit 130).
        case interrupted
        /// SIGTERM or SIGHUP: the draft is kept (exit 143 or 129).
        case terminated(signal: Int32)
        /// The form's time limit ran out (`timeout:`, `--timeout`): the draft is kept (exit 124).
        case timedOut
    }

    /// One entry per field, in field order. A write through it gives the state a
    /// new stamp and forgets which fields were written, so the memo compares every
    /// entry again; `subscript(entryOf:)` writes one and says which (issue 27).
    public var entries: [Entry] {
        get { storedEntries }
        set {
            storedEntries = newValue
            entryWrites.wroteAll()
        }
        _modify {
            entryWrites.wroteAll()
            yield &storedEntries
        }
    }
    /// Field `field`'s entry, written in place: the state is stamped anew and the
    /// field noted as the one written, so that the memo asks only it whether it
    /// changed instead of comparing all the entries (a typed key, issue 27).
    public subscript(entryOf field: Int) -> Entry {
        get { storedEntries[field] }
        _modify {
            entryWrites.wrote(field)
            yield &storedEntries[field]
        }
    }
    /// Private so that no write can pass the stamps: every path that writes an
    /// entry goes through `entries` or `subscript(entryOf:)`.
    private var storedEntries: [Entry]
    /// Which entries were written lately, told by stamps; not part of the state's value.
    public private(set) var entryWrites = EntryWrites()
    /// The focused field's index.
    public var focus: Int
    /// Set while the focused field shows its key grid; nil in the keyboard view.
    public var grid: Grid?
    /// Problems shown under fields, by field index: set when a field is
    /// committed invalid (or blocks Done), kept up to date as it is edited.
    public var problems: [Int: FieldProblem]
    /// A one-off message for the footer (cleared by the next event; a `.lineEdited`
    /// that changes nothing, like readline echoing a `.setLine`, is not one).
    public var notice: String?
    /// Set once the form has ended; no event changes it afterwards.
    public var outcome: Outcome?
    /// Why the last draft could not be kept (a full disk, a damaged store), as the
    /// edge reported it with `.draftSaved`; nil while drafts are being kept. The
    /// footer says so for as long as it lasts: the person must know that what they
    /// type is not being kept.
    public var draftProblem: String?
    /// Whole seconds left of the form's time limit, as the edge last counted
    /// them (`.timeLeft`); nil when the form has none. The footer shows it.
    public var secondsLeft: Int?
    /// Whether Done waits for the store to take the record before the form
    /// ends (`keyform run` on the terminal: the edge saves it off the loop and
    /// answers with `.saveAnswered`); false: Done ends the form at once and the
    /// caller stores the record afterwards.
    public var storesOnDone = false
    /// The submitted record while it is on its way to the store (`storesOnDone`):
    /// the screen says it is saving, keys change nothing, and Ctrl-C or a
    /// signal is said to wait for it, never to drop it; `.saveAnswered` ends the form.
    public var saving: Record?
    /// Why the store could not be opened while the form shows (in the form's
    /// language: a few words, `.storeUnavailable`): the footer says so until the
    /// end, and that Done will rescue the record to a file. Nil: no problem known.
    public var storeProblem: String?

    public init(
        entries: [Entry], focus: Int = 0, grid: Grid? = nil, problems: [Int: FieldProblem] = [:], notice: String? = nil,
        outcome: Outcome? = nil
    ) {
        self.storedEntries = entries
        self.focus = focus
        self.grid = grid
        self.problems = problems
        self.notice = notice
        self.outcome = outcome
    }

    /// The state a form starts in: each field holds its starting text (a draft's,
    /// else its default), and the field `focus` has focus in its own input view;
    /// a `compact` (quick entry) form given focus 0 opens on its first field
    /// without a valid value.
    public static func start(_ context: FormContext, values: [String: FieldInput] = [:], focus: Int = 0) -> FormState {
        let entries = context.fields.map { field -> Entry in
            values[field.id].map { Entry($0, multiple: field.multiple) } ?? startingEntry(of: field)
        }
        var state = FormState(entries: entries)
        let evaluation = context.evaluation(entries)
        // A draft's focus on a field hidden now: the next shown one.
        var first = entries.isEmpty ? 0 : evaluation.nearestShown(to: min(max(0, focus), entries.count - 1))
        if focus == 0, context.form.compact {
            // Quick entry: a value already right costs no key. The form opens on
            // its first field that still needs a choice, past those a default (or
            // a draft) filled with a valid value; Shift-Tab goes back to them.
            first =
                evaluation.shownFields.first { index in
                    guard case .success(_?) = evaluation.results[index] else { return true }
                    return false
                } ?? 0
        }
        _ = FormEngine.enter(field: first, in: &state, context, from: nil)
        return state
    }

    /// What `field` holds when the form starts with no value for it: its own default, else nothing.
    public static func startingEntry(of field: Field) -> Entry {
        if case .value(let given)? = field.defaultValue { return Entry(given, multiple: field.multiple) }
        return Entry(.line(""), multiple: field.multiple)
    }

    /// What each field was given, by field id: what a draft keeps. A secret
    /// field is not in it (DECISIONS 38): a draft is written to the store as
    /// the person types, and on Ctrl-C or a signal, where a secret must never go.
    public func draft(_ context: FormContext) -> [String: FieldInput] {
        var values: [String: FieldInput] = [:]
        for (field, entry) in zip(context.fields, entries) where !field.secret { values[field.id] = entry.input }
        return values
    }

    /// What a draft holds, in one line for the question that offers it:
    /// `Text: Buy milk · Priority: High`, the fields that hold something, in the
    /// form's order, escaped and cut to `width` cells; nil when none does.
    public static func summary(
        of values: [String: FieldInput], in form: Form, width: Int = 76, language: Language = .english
    ) -> String? {
        let parts = form.fields.compactMap { field -> String? in
            guard var value = values[field.id]?.text, !value.allSatisfy(\.isWhitespace) else { return nil }
            // A switch in its own words (In progress / Complete), as the form shows it.
            if field.type == .boolean,
                let flag = ["yes": true, "true": true, "no": false, "false": false][value.lowercased()]
            {
                value = field.shown(flag, in: language)
            }
            return TerminalSafe.escaped(field.label) + ": " + TerminalSafe.escaped(value)
        }
        guard !parts.isEmpty else { return nil }
        return TextWidth.truncate(parts.joined(separator: " · "), toCells: max(1, width))
    }
}

/// What happened: the only way the form state changes.
public enum FormEvent: Equatable, Sendable {
    /// The line editor's text or cursor changed (keyboard view).
    case lineEdited(text: String, cursor: Int)
    /// Enter in the keyboard view.
    case commitPressed
    /// Shift-Tab: the previous field, across pages; never blocked by validation.
    case previousPressed
    /// Tab: swap between the keyboard and the field's grid.
    case swapViewPressed
    /// Tab on a field without a grid: commit it and go to the next field (the
    /// bell on the last one: Enter or Ctrl-S is Done).
    case nextPressed
    /// An arrow key in the grid view (in a calendar: a day or a week, across months).
    case gridMoved(GridDirection)
    /// PgUp (false) or PgDn (true) in a calendar: the month before or after.
    case calendarMonthTurned(forward: Bool)
    /// `t` in a calendar: today's month, today highlighted.
    case calendarTodayPressed
    /// Esc on a later step of a pick (a datetime's time keypad): the step before
    /// (its calendar), its part highlighted; what was picked stays in the field.
    case pickStepBack
    /// Enter in the grid view: press the highlighted key; with none
    /// highlighted, commit the field as it is.
    case gridKeyPressed
    /// A printable key in the grid view: presses the key with that hotkey on
    /// any page of the layout (turning to its page); when no key has it, the
    /// notice says so.
    case gridHotkeyPressed(Character)
    /// The Backspace key in the grid view: presses the page's `backspace` key, if it has one.
    case gridBackspacePressed
    /// `/` in a grid with a filter (`GridFilter.applies`): the filter opens, empty.
    /// (A typed character that is no key's hotkey opens it too, holding that
    /// character: see `gridHotkeyPressed`.)
    case gridFilterOpened
    /// A character typed while the filter is open: the grid narrows.
    case gridFilterTyped(Character)
    /// Backspace while the filter is open: its last character goes; on an
    /// empty filter, the filter closes.
    case gridFilterErased
    /// Esc while the filter is open: the whole grid again, the key highlighted
    /// in the filter still highlighted.
    case gridFilterClosed
    /// A key of a boolean field's switch (its keyboard view): Space flips it,
    /// y and n set it, Backspace empties it.
    case toggle(ToggleAction)
    /// Ctrl-S: press Done from any field (submits when the form is valid,
    /// otherwise points at the field that blocks it, as Enter on the last field does).
    case donePressed
    /// Alt-1…Alt-9: jump to the form's field with that number (1-based), across pages;
    /// like Shift-Tab, never blocked by validation.
    case fieldJumpRequested(Int)
    /// A whole answer for the focused field, given on one line (the
    /// accessible mode): the field holds it (an open grid closes) and is
    /// committed as Enter commits it, Done pressed after the last field.
    case answered(FieldInput)
    /// A click on field `index` (the frame's regions say which): focus moves
    /// there, as Alt-digit moves it, never blocked by validation.
    case fieldClicked(Int)
    /// A click on a key of the grid page on screen: the key is highlighted
    /// and pressed, as Enter presses it.
    case gridKeyClicked(GridDrawing.KeyIndex)
    /// Esc.
    case cancelPressed
    /// Ctrl-C or SIGINT.
    case interrupted
    /// SIGTERM or SIGHUP.
    case terminated(signal: Int32)
    /// The edge carried out a `.saveDraft`: nil when the draft was kept, else why not.
    /// Applied after the form has ended too, so its last screen says whether the
    /// draft it speaks of was kept.
    case draftSaved(problem: String?)
    /// The editor a field of several lines was handed to (Ctrl-E) did not give
    /// the text back: why, for the footer; the value is unchanged. (When it did,
    /// the text comes back as `.lineEdited`.)
    case editorFailed(reason: String)
    /// The edge's clock says this many whole seconds of the time limit are
    /// left (sent when the number changes). Like `.draftSaved`, it clears no notice.
    case timeLeft(seconds: Int)
    /// The time limit ran out: the form ends as Esc ends it, its draft kept.
    case timeRanOut
    /// What the form waited for from its store came, read off the terminal's
    /// loop after the first frame: the `default: last` values, by field id.
    /// Each fills its field unless the person already changed it; the edge
    /// gave the session the context with the store's choices before this, so
    /// the focused field opens again in the view they give it. Like
    /// `.timeLeft`, it clears no notice.
    case storeAnswered(lastValues: [String: FieldInput])
    /// The store answered the save of the record Done submitted (`saving`):
    /// it is stored, or the edge rescued it to a file. Either way the form
    /// ends, submitted.
    case saveAnswered
    /// The store could not be opened (read off the loop, or before the form):
    /// why, in a few words. The form goes on; its record will be rescued at
    /// Done, and the footer says so meanwhile. Like `.draftSaved`, it clears no notice.
    case storeUnavailable(problem: String)
}

public enum ToggleAction: Equatable, Sendable {
    /// yes becomes no; no, or nothing yet, becomes yes.
    case flip
    case set(Bool)
    case clear
}

public enum GridDirection: Equatable, Sendable {
    case up, down, left, right
}

/// What the edges must do after an event.
public enum FormEffect: Equatable, Sendable {
    /// The line editor must now hold this text (focus moved, or the grid changed the value).
    case setLine(text: String, cursor: Int)
    /// Save the values as a draft (a field was committed, or the form is left unfinished).
    case saveDraft([String: FieldInput])
    /// Store the record; the form is done (with `storesOnDone`, once the
    /// edge answers `.saveAnswered`: it is saving meanwhile).
    case submit(Record)
    /// The form has ended; restore the terminal and exit.
    case finish(FormState.Outcome)
    case bell
    /// Animate a change of view (≤ 150 ms); purely visual.
    case transition(Transition)
}

public enum Transition: Equatable, Sendable {
    /// The grid rises in (`toGrid`) or drops away.
    case swapView(toGrid: Bool)
    /// A page of the form or of a grid turns forward or back.
    case page(forward: Bool)
}

/// Which of a state's entries were written, told by stamps: every write gives
/// the state a stamp no state had before (copies included), so two states with
/// one stamp hold the same entries; the last few writes of one field each say
/// which fields changed since an earlier stamp. The memo keeps the stamp an
/// evaluation was made at, and a typed key is found by its one field instead
/// of by comparing every entry (issue 27). Equal whatever the stamps: they tell
/// how the entries came to be, not what they are.
public struct EntryWrites: Equatable, Sendable {
    /// The stamp given last, by any state.
    private static let given = Atomic<UInt64>(0)
    /// This state's: its entries as they are now.
    private(set) var stamp = EntryWrites.newStamp()
    /// The last writes of one field each, oldest first: at stamp `from`, `field`
    /// was written (the next one's `from`, or `stamp`, is the stamp after it).
    private var log: [(from: UInt64, field: Int)] = []
    /// How many writes the log keeps: a key writes one field, once or twice.
    static var logKept: Int { 8 }

    private static func newStamp() -> UInt64 { given.add(1, ordering: .relaxed).newValue }

    mutating func wrote(_ field: Int) {
        if log.count == Self.logKept { log.removeFirst() }
        log.append((stamp, field))
        stamp = Self.newStamp()
    }

    mutating func wroteAll() {
        log.removeAll(keepingCapacity: true)
        stamp = Self.newStamp()
    }

    /// The writes made since the entries were as at `earlier` (none when they
    /// still are); nil when that is not known (another state's stamp, one before
    /// a write of all the entries, or older than the log).
    func written(since earlier: UInt64) -> ArraySlice<(from: UInt64, field: Int)>? {
        if earlier == stamp { return log[log.endIndex...] }
        guard let index = log.lastIndex(where: { $0.from == earlier }) else { return nil }
        return log[index...]
    }

    public static func == (_: Self, _: Self) -> Bool { true }
}
