/// Everything Keyform knows about one kind of field (`type: text`, `integer`,
/// `number`, `date`, `boolean`, …), in one value: how its form-file options fit,
/// how a typed value is read and checked, how a value shows to a person, and how
/// it is written to JSON, env, the store and compared in `keyform test`.
///
/// The parser, the form checks, the validator, answers, the record formats, the
/// store and the library ask the field's kind (`field.kind`) or the value's
/// (`value.kind`: a stored value may be of another kind than its field's now)
/// instead of switching on the type, so a new kind is one file here, a case in
/// `FieldKinds.swift` and its field in the Swift library (DECISIONS 21).
///
/// Every requirement but `type` and `read` has a default that suits a kind whose
/// value is one line of text; a kind overrides what it does differently.
public protocol FieldKind: Sendable {
    /// The kind's name in a form file (`type: date`).
    var type: Field.ValueType { get }

    /// Other names people write for the type (`int`), answered with "use 'integer'".
    var synonyms: [String] { get }

    /// The kind-specific form-file options it takes, of `FieldKinds.options`
    /// (`min`, `max` for numbers; `states` for booleans). Other kinds' options are
    /// form check errors on a field of this kind.
    var options: Set<String> { get }

    /// Whether surrounding whitespace is dropped before `read` (all but text).
    var trimsInput: Bool { get }

    /// The typed value of a non-empty entry (trimmed when `trimsInput`), or why
    /// it is not one. Control characters, emptiness and strict choices are
    /// checked before, by `FieldValidator`.
    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem>

    /// The value as a person sees it: in the form, the list and templates
    /// (a boolean's `states` word). The canonical text (`FieldValue.text`) by default.
    func shown(_ value: FieldValue, field: Field) -> String

    /// The value's cell in the browse list's table, made safe for the terminal.
    func listCell(_ value: FieldValue, field: Field) -> String

    /// Whether the list's column lines its values up on the right (numbers).
    var alignsRight: Bool { get }

    /// Whether the list may cut the column's values to fit (text only: a cut
    /// date says nothing).
    var shrinksInList: Bool { get }

    /// The value in a Mustache template's context: its text, or a value that
    /// also decides sections (a boolean) or compares as a number.
    func templateValue(_ value: FieldValue, field: Field) -> Any

    /// A value in `--format json` and the library's record: typed (a string by default).
    func json(_ value: FieldValue) -> String

    /// An empty field in `--format json`: `null`, or `""` for a text field.
    func jsonWhenEmpty(field: Field) -> String

    /// What an `--answers` JSON value must be, in "must be …, not a list".
    var answerWanted: Message { get }
    /// Whether a JSON number answers the field (taken as written).
    var takesJSONNumbers: Bool { get }
    /// Whether `true`/`false` answer the field.
    var takesJSONBooleans: Bool { get }

    /// The value in the store's `data` JSON; nil when it cannot be stored
    /// (a number that is not finite).
    func storedJSON(_ value: FieldValue) -> String?

    /// A value read back from the store (as `RecordValues` decodes its JSON
    /// type) as a value of this kind, converted when that is exact (integer 3 →
    /// number 3.0, `"2026-11-21"` → date); else as stored.
    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue?

    /// `--where FIELD=VALUE`: the value to match, or why `raw` is not one.
    /// `clock` resolves words as the form does (`due=tomorrow`).
    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem>

    /// Words that stand for a value resolved with the clock (`today`, `now`):
    /// a field holding one shows the value it resolves to when not being typed in.
    var clockWords: Set<String> { get }

    /// Whether the trimmed, lowercased text stands for a value resolved with the
    /// clock: one of `clockWords` by default (a datetime's `tomorrow 9:30` too).
    func resolvesWithClock(_ text: String) -> Bool

    /// `keyform test`'s `expect: {id: TEXT}`: nil when `actual` is what was
    /// expected, else the value as the failure shows it (`got 'TEXT'`).
    /// `validator` reads `expected` as the field reads typing.
    func testMismatch(
        expected: String, actual: FieldValue?, field: Field, validator: FieldValidator, clock: WallClock
    ) -> String?

    /// The grids a value of this kind is picked on, one part of it each, in
    /// order: a date's calendar; a time's keypad; a datetime's day on the
    /// calendar, then its time on the time keypad (DECISIONS 55). A field whose
    /// `layout:` names the first is picked through all of them. Empty for a
    /// kind picked only from the keys a form names.
    var pickSteps: [String] { get }

    /// The entry's text cut into one part per pick step (a datetime's day and
    /// its time), so that each step's grid changes its own part; the whole text
    /// as one part for a kind of one step.
    func pickParts(of text: String) -> [String]

    /// The parts put back together as the entry's text (`pickParts` undone).
    func joinedPickParts(_ parts: [String]) -> String
}

/// A field's rules besides its type, compiled once: what `FieldKind.read` checks.
public struct FieldRules: Sendable {
    /// Length bounds in characters a person sees (text).
    public let minLength: Int?
    public let maxLength: Int?
    /// Inclusive bounds (integer, number).
    public let minimum: Double?
    public let maximum: Double?
    /// A boolean field's own words for no and yes.
    public let states: Field.States?
    let pattern: CompiledPattern?

    init(field: Field, pattern: CompiledPattern?) {
        minLength = field.minLength
        maxLength = field.maxLength
        minimum = field.min
        maximum = field.max
        states = field.states
        self.pattern = pattern
    }

    /// The value within `minimum`...`maximum`, or the bound it passes.
    func checkBounds(_ value: Double) -> Result<Void, FieldProblem> {
        if let minimum, value < minimum { return .failure(.tooSmall(minimum)) }
        if let maximum, value > maximum { return .failure(.tooLarge(maximum)) }
        return .success(())
    }
}

extension FieldKind {
    public var synonyms: [String] { [] }
    public var options: Set<String> { [] }
    public var trimsInput: Bool { true }

    public func shown(_ value: FieldValue, field: Field) -> String { value.text }

    public func listCell(_ value: FieldValue, field: Field) -> String {
        TerminalSafe.escaped(shown(value, field: field))
    }

    public var alignsRight: Bool { false }
    public var clockWords: Set<String> { [] }
    public func resolvesWithClock(_ text: String) -> Bool { clockWords.contains(text) }
    public var shrinksInList: Bool { false }

    public func templateValue(_ value: FieldValue, field: Field) -> Any { value.text }

    public func json(_ value: FieldValue) -> String { RecordFormat.jsonString(value.text) }

    public func jsonWhenEmpty(field: Field) -> String { "null" }

    public var answerWanted: Message { .wantedText }
    public var takesJSONNumbers: Bool { false }
    public var takesJSONBooleans: Bool { false }

    public func storedJSON(_ value: FieldValue) -> String? { RecordFormat.jsonString(value.text) }

    public func testMismatch(
        expected: String, actual: FieldValue?, field: Field, validator: FieldValidator, clock: WallClock
    ) -> String? {
        let text = actual?.text ?? ""
        return text == expected ? nil : text
    }

    public var pickSteps: [String] { [] }
    public func pickParts(of text: String) -> [String] { [text] }
    public func joinedPickParts(_ parts: [String]) -> String { parts.joined() }
}

extension FieldKind {
    /// "a date", "an integer": for messages.
    var withArticle: String {
        let name = type.rawValue
        return ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
