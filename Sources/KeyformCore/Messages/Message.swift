/// Something Keyform says to a person, as a value: an id (the case) with typed
/// arguments, rendered by the catalogue of the language chosen at start
/// (`Language.text`). The same value is shown on the screen in either
/// language, compared by case in tests and in code (a field's problem, Done's
/// reason), and can be spoken by another view. Text a form's author wrote
/// (labels, `messages:`, a rule's message) is an argument, never translated.
///
/// Adding a message: a case here, its `id`, a sample in `samples`, and its
/// words in each catalogue (the compiler names every switch left to fill;
/// `MessageCatalogueTests` checks that both languages use every argument).
/// docs/i18n.md says more.
public indirect enum Message: Hashable, Sendable {
    // MARK: A field's problems (FieldProblem)
    /// `required`.
    case required
    /// A `required_if` that holds: `required when paid is yes`.
    case requiredWhen(condition: String)
    case notWholeNumber
    case notNumber
    case notDate
    case notDateTime
    case notTime
    case notARealTime
    case notBoolean
    /// A boolean field with its own `states` words.
    case notState(no: String, yes: String)
    case oneLine
    case tooShort(Int)
    case tooLong(Int)
    case tooSmall(Double)
    case tooLarge(Double)
    /// Past what a whole number holds (the field has no bound of its own).
    case integerTooSmall(Int)
    case integerTooLarge(Int)
    case patternMismatch(String)
    case tooFewPicks(Int)
    case tooManyPicks(Int)
    /// A strict field's value that is none of its keys' texts (past ten, the rest are counted).
    case notAChoice([String])
    /// A date written right but not in the calendar (a month past 1…12 is said so).
    case notARealDate(year: Int, month: Int)
    case controlCharacter(Unicode.Scalar)
    /// What a kind's reader says after the value it quotes: `'1.5' is not a whole number`.
    case isNotWholeNumber
    case isNotNumber
    case isNotYesOrNo
    case isNoteWithoutValue
    case noteHoldsNoValue
    /// A problem said of a value: `'someday' must be a date: …`.
    case quoted(String, Message)
    /// A secret's problem that would quote what was typed.
    case notValid
    /// A time in a file that is not `records export`'s (`records import`'s `_created`).
    case timestampNotTime(String)
    case timestampWithoutZone(String)
    case timestampBadOffset(String)
    case timestampNotRealDate(String, year: Int, month: Int)
    case timestampNotTimeOfDay(String)
    /// The form's own words (`messages:`, a rule's message): shown as written in every language.
    case authored(String)

    // MARK: A problem with its field
    /// What follows a field's label where a sentence names both (Done's line,
    /// a notice): ` is required`, ` must be a number`, `: Give the amount` for
    /// the form's own words (`worded`).
    case afterLabel(Message, worded: Bool)
    /// The line under a field: `Amount: must be a number`.
    case fieldLine(label: String, problem: Message)
    /// The notice when Done is pressed too soon: `Done is disabled: Text is required`.
    case doneIsDisabled(because: String)

    // MARK: The footer and Done's line
    case doneButton
    /// `[ Done ] disabled:`, before the reason.
    case doneDisabled
    case submitted
    case ready
    /// `ready: press Enter`.
    case readyPress(key: String)
    case cancelled
    case interrupted
    case timeIsUp
    case stopped
    /// How the form ended, and that the draft is kept: `Cancelled; the draft is kept`.
    case endedDraftKept(Message)
    case endedDraftNotKept(Message, problem: String)
    /// While no draft could be saved: `draft not kept: disk full`.
    case draftNotKept(problem: String)
    /// The countdown of a form's time limit: `42 s left`, `1:05 left`.
    case timeLeft(seconds: Int)
    /// `Page 2/3` in the header.
    case page(Int, of: Int)
    /// Fields above or below the screen: `↓ 3 more`.
    case moreFields(Int)
    /// Lines of a field above or below the screen: `↓ 1 more line`.
    case moreLines(Int)
    /// A grid taller than the screen: `row 3 of 20`, `rows 1–8 of 20`.
    case gridRows(first: Int, last: Int, of: Int)
    /// The long grid's filter line: `Filter: `, `no match`, `3 of 250`.
    case filterLabel
    case noMatch
    case matches(Int, of: Int)
    case noKeyHere(String)
    case noKeyMatches(String)
    /// The screen cannot hold a form.
    case terminalTooSmall(need: String, have: String)
    case makeWindowLarger(leaveKey: String?)
    case tooSmallNeed(String)
    case windowTooSmall

    // MARK: The key list (F1)
    /// Its title, before the field's label.
    case keyListTitle
    /// The view the keys are of, after the label: `(keyboard)`.
    case keyListKeyboard
    case keyListCalendar
    case keyListKeys
    case keyListSwitch
    case keyListNote
    /// What readline does with the other keys, in one row.
    case keyListTyping
    case keyListTypingSummary
    /// Rows left out for room: `… 3 more: make the window taller`.
    case keyListMore(Int)
    case keyListAnyKeyGoesBack
    /// What an action does, for a key the footer has no words for.
    case keySummary(KeyAction)

    // MARK: The demo's quick entry
    /// Under the next entry: `✓ Saved “Buy milk” — it is stored; Esc leaves`.
    case demoSaved(summary: String)
    /// Over the last entries.
    case demoLogged

    // MARK: Key hints (the footer's words for a key)
    case hintNext
    case hintBack
    case hintCancel
    case hintDone
    case hintField
    case hintKeys
    case hintKeyboard
    case hintNewLine
    case hintEditor
    case hintCommandMode
    case hintInsert
    case hintCloseFilter
    /// Esc on a pick's later step (the time keypad): back to the calendar.
    case hintCalendar
    case hintErase
    case hintMove
    case hintMonth
    case hintToday
    case hintFilter
    case hintToggle
    case hintLeaveEmpty
    case hintKeep(String)
    case hintAdd
    case hintAnswer
    case hintPick
    case hintPickKey(String)
    /// A calendar's day: `pick 2026-11-21`, `2026年11月21日を選ぶ`.
    case hintPickDay(CivilDate)
    case hintToggleKey(String)
    case hintTypeKey(String)
    case hintPressKey(String)
    case hintGoTo(String)
    /// Enter's words when Done follows: `pick High, Done`.
    case hintThenDone(Message)

    // MARK: Dates and the calendar
    /// A day as its reader writes it.
    case date(CivilDate)
    /// 1…12.
    case monthName(Int)
    /// 1…7, Monday first.
    case weekdayShort(Int)
    /// A calendar's title: `November 2026`, `2026年11月`.
    case calendarTitle(monthName: String, year: Int)
}

extension Message {
    /// A message's id: its case's name, the same in every language (what tests
    /// and the accessible view compare).
    public var id: String {
        let mirror = Mirror(reflecting: self)
        return mirror.children.first?.label ?? String(describing: self)
    }

    /// Whether the problem is a required field left empty (`is required`, in English).
    var isRequired: Bool {
        switch self {
        case .required, .requiredWhen: true
        default: false
        }
    }
}
