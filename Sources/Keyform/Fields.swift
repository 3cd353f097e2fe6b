import Foundation
internal import KeyformCore

/// How a field is typed into when it gets focus.
///
/// Every field can be typed into with the keyboard (GNU readline); a field with a
/// layout can also show its key grid. Tab swaps between the two while the form runs.
public enum InputView: String, Sendable, Hashable, CaseIterable {
    /// The line editor (GNU readline, with the person's `~/.inputrc`).
    case keyboard
    /// The field's key grid: its ``KeyformLayout``.
    case grid
}

/// A field of a form written in Swift.
///
/// ``TextField``, ``ChoiceField``, ``MultipleChoiceField``, ``IntegerField``,
/// ``NumberField``, ``DateField``, ``TimeField`` and ``BooleanField`` are fields. Conform your own type to reuse a field in
/// several forms:
///
/// ```swift
/// struct PriorityField: FormField {
///     var definition: FieldDefinition {
///         ChoiceField("priority", label: "Priority", layout: .named("priority"), default: "Medium").definition
///     }
/// }
/// ```
public protocol FormField: Sendable {
    /// The field as a form file would write it.
    var definition: FieldDefinition { get }
}

/// One field of a form, as a form file would write it: made by ``TextField``,
/// ``ChoiceField`` and the other fields, and read by ``KeyformForm``.
public struct FieldDefinition: FormField, Sendable, Equatable {
    /// The key of the field's value in the record: `[a-z][a-z0-9_]*`, unique in the form.
    public let id: String
    /// What the form shows beside the field; nil shows the id.
    public let label: String?

    /// The field's value type, as a form file writes it.
    enum ValueType: String, Sendable {
        case text, integer, number, date, boolean, time, datetime
        /// Text to read, no value (``NoteField``).
        case note
    }

    let type: ValueType
    let required: Bool
    /// The starting text; nil for none, ``FieldDefault/last`` as `.last`.
    let defaultValue: DefaultText?
    let layout: KeyformLayout?
    let input: InputView
    var strict: Bool
    let pattern: String?
    let minLength: Int?
    let maxLength: Int?
    let min: String?
    let max: String?
    /// The value is a list of the layout's key texts (a form file's `multiple: true`).
    var multiple: Bool
    /// A boolean field's words for no and yes (a form file's `states`).
    let stateWords: StateWords?
    /// A password or a PIN, typed masked (a form file's `secret: true`): see ``FormField/secret(mask:store:)``.
    var secret = false
    /// How a secret shows while typed (a form file's `mask`).
    var mask = SecretMask.dots
    /// Whether the store keeps the secret too (a form file's `store: true`).
    var storesSecret = false
    /// Shown only while this holds (a form file's `when`); see ``when(_:)``.
    var condition: KeyformCondition?

    /// The form's own words for a failed check (a form file's `messages:`).
    var messages: [Check: String] = [:]
    /// A short note under the label (a form file's `description:`).
    var description: String?
    /// Dimmed text in the empty field (a form file's `placeholder:`).
    var placeholder: String?
    /// Keys written in the form (a form file's `choices: [..]` or `choices: {by: .., keys: ..}`).
    var writtenChoices: WrittenChoices?

    /// A form file's keys written in the form: one list, or a list per value of another field.
    enum WrittenChoices: Sendable, Equatable {
        case list([KeyformChoice])
        case by(field: String, keys: [(value: String, choices: [KeyformChoice])])
        /// A program's output lines (`choices: {command: [..], timeout: N}`).
        case command([String], timeout: Double?)

        static func == (a: Self, b: Self) -> Bool {
            switch (a, b) {
            case (.list(let x), .list(let y)): x == y
            case (.command(let x, let s), .command(let y, let t)): x == y && s == t
            case (.by(let f, let x), .by(let g, let y)):
                f == g && x.map(\.value) == y.map(\.value) && x.map(\.choices) == y.map(\.choices)
            default: false
            }
        }
    }
    /// Text of several lines shown in this many rows (a form file's `lines:`); see ``TextField/lines(_:)``.
    var lines: Int?
    /// Bounds on how many items a multiple field's selection holds (`min_picks`, `max_picks`).
    var minPicks: Int?
    var maxPicks: Int?

    /// A check a field can word itself: ``FormField/message(_:_:)``.
    public enum Check: String, Sendable, Hashable, CaseIterable {
        /// The field is empty and `required`.
        case required
        /// The value does not match the `pattern`.
        case pattern
        /// The number is below `min`.
        case min
        /// The number is above `max`.
        case max
        /// The text is shorter than `minLength`.
        case minLength = "min_length"
        /// The text is longer than `maxLength`.
        case maxLength = "max_length"
        /// The value is not one of the layout's key texts (a ``ChoiceField``).
        case strict
        /// Fewer items are picked than ``FormField/picks(min:max:)`` asks.
        case minPicks = "min_picks"
        /// More items are picked than ``FormField/picks(min:max:)`` allows.
        case maxPicks = "max_picks"
    }

    struct StateWords: Sendable, Equatable {
        let no: String
        let yes: String
    }

    /// A default as a form file writes it.
    enum DefaultText: Sendable, Equatable {
        case text(String)
        /// A ``MultipleChoiceField``'s key texts, item for item (an item may hold a comma).
        case items([String])
        case last
    }

    init(
        id: String, label: String?, type: ValueType, required: Bool, defaultText: String??,
        defaultItems: [String]? = nil,
        layout: KeyformLayout?, input: InputView, strict: Bool = false,
        pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil, min: String? = nil, max: String? = nil,
        multiple: Bool = false, states: (no: String, yes: String)? = nil
    ) {
        self.id = id
        self.label = label
        self.type = type
        self.required = required
        switch (defaultText, defaultItems) {
        case (_, let items?): defaultValue = .items(items)
        case (nil, nil): defaultValue = nil
        case (.some(nil), nil): defaultValue = .last
        case (.some(.some(let text)), nil): defaultValue = .text(text)
        }
        self.layout = layout
        self.input = input
        self.strict = strict
        self.pattern = pattern
        self.minLength = minLength
        self.maxLength = maxLength
        self.min = min
        self.max = max
        self.multiple = multiple
        self.stateWords = states.map { StateWords(no: $0.no, yes: $0.yes) }
        self.condition = nil
    }

    /// The field itself.
    public var definition: FieldDefinition { self }
}

/// How a secret field shows what is typed (a form file's `mask:`).
public enum SecretMask: String, Sendable, Hashable, CaseIterable {
    /// One `•` for each character a person sees.
    case dots
    /// Nothing at all: not even the length shows.
    case none
}

extension FormField {
    /// The field as a secret (a form file's `secret: true`): a password
    /// (``TextField``) or a PIN (``IntegerField``, ``NumberField``). It is typed
    /// masked, and kept out of drafts, readline's history and kill ring,
    /// `default: .last`, problems and rescue files; the record the form returns
    /// holds it, the store does not unless `store` says so.
    ///
    /// ```swift
    /// TextField("password", label: "Password", required: true).secret()
    /// IntegerField("pin", label: "PIN").secret(mask: .none)
    /// ```
    /// - Parameters:
    ///   - mask: `.dots` (a `•` a character) or `.none` (nothing shows).
    ///   - store: the store keeps the secret in plain text too (a form file's `store: true`).
    public func secret(mask: SecretMask = .dots, store: Bool = false) -> FieldDefinition {
        var field = definition
        field.secret = true
        field.mask = mask
        field.storesSecret = store
        return field
    }
}

extension FormField {
    /// The field shown only while `condition` holds (a form file's `when:`). A hidden
    /// field is skipped, not checked and not stored: its value in the record is nil.
    ///
    /// ```swift
    /// BooleanField("paid")
    /// NumberField("amount", required: true).when(.equals("paid", true))
    /// ```
    public func when(_ condition: KeyformCondition) -> FieldDefinition {
        var field = definition
        field.condition = condition
        return field
    }
}

/// A condition on earlier answers: what a field's or page's ``FormField/when(_:)``
/// (a form file's `when:`) takes. It names fields asked before the field or page.
public struct KeyformCondition: Sendable, Equatable {
    /// The condition as a form file writes it: a YAML flow mapping.
    let yaml: String

    /// The field holds this text (as the field reads typing: `"Canada"`, `"3"`, `"yes"`).
    public static func equals(_ field: String, _ value: String) -> KeyformCondition { oneOf(field, [value]) }
    /// A boolean field is yes (`true`) or no (`false`).
    public static func equals(_ field: String, _ value: Bool) -> KeyformCondition {
        oneOf(field, [value ? "true" : "false"])
    }
    /// An integer or number field holds this number.
    public static func equals(_ field: String, _ value: Int) -> KeyformCondition { oneOf(field, [String(value)]) }
    /// The field holds one of these values (a multiple choice field: one of them is picked).
    public static func oneOf(_ field: String, _ values: [String]) -> KeyformCondition {
        KeyformCondition(
            yaml: "{\(SwiftSource.quoted(field)): [" + values.map(SwiftSource.quoted).joined(separator: ", ") + "]}")
    }
    /// The field holds a value.
    public static func filled(_ field: String) -> KeyformCondition {
        KeyformCondition(yaml: "{\(SwiftSource.quoted(field)): filled}")
    }
    /// The field holds no value.
    public static func empty(_ field: String) -> KeyformCondition {
        KeyformCondition(yaml: "{\(SwiftSource.quoted(field)): empty}")
    }
    /// Every one of them holds.
    public static func all(_ conditions: KeyformCondition...) -> KeyformCondition {
        KeyformCondition(yaml: "{all: [" + conditions.map(\.yaml).joined(separator: ", ") + "]}")
    }
    /// At least one of them holds.
    public static func any(_ conditions: KeyformCondition...) -> KeyformCondition {
        KeyformCondition(yaml: "{any: [" + conditions.map(\.yaml).joined(separator: ", ") + "]}")
    }
    /// It does not hold.
    public static func not(_ condition: KeyformCondition) -> KeyformCondition {
        KeyformCondition(yaml: "{not: \(condition.yaml)}")
    }
}

/// A field's starting value: a value of the field's type, or ``last`` — the
/// field's value in the form's last stored record (for quick entry; needs
/// ``KeyformForm/store(at:drafts:)``).
///
/// Write a literal where the type allows one: `default: "Medium"`,
/// `default: 400`, `default: 1.5`, `default: true`; or `default: .today` for a date.
public struct FieldDefault<Value>: Sendable, Hashable {
    /// The text the field starts with, as if typed; nil for ``last`` and a list.
    let text: String?
    /// The key texts a ``MultipleChoiceField`` starts with chosen; nil for others.
    let items: [String]?

    init(text: String?, items: [String]? = nil) {
        self.text = text
        self.items = items
    }

    /// The field's value in the form's last stored record (empty without a store or a record).
    public static var last: FieldDefault { FieldDefault(text: nil) }
}

extension FieldDefault where Value == String {
    /// This text.
    public static func value(_ text: String) -> FieldDefault { FieldDefault(text: text) }
}

extension FieldDefault where Value == [String] {
    /// These key texts, picked in this order (an empty list: nothing picked).
    public static func value(_ items: [String]) -> FieldDefault { FieldDefault(text: nil, items: items) }
}

extension FieldDefault where Value == Int {
    /// This whole number.
    public static func value(_ number: Int) -> FieldDefault { FieldDefault(text: String(number)) }
}

extension FieldDefault where Value == Double {
    /// This number.
    public static func value(_ number: Double) -> FieldDefault {
        FieldDefault(text: KeyformValue.number(number).description)
    }
}

extension FieldDefault where Value == Bool {
    /// Yes (`true`) or no (`false`).
    public static func value(_ flag: Bool) -> FieldDefault { FieldDefault(text: flag ? "yes" : "no") }
}

extension FieldDefault where Value == KeyformDate {
    /// This day.
    public static func value(_ date: KeyformDate) -> FieldDefault { FieldDefault(text: date.description) }
    /// The day the form is filled in.
    public static var today: FieldDefault { FieldDefault(text: "today") }
    /// The day before the form is filled in.
    public static var yesterday: FieldDefault { FieldDefault(text: "yesterday") }
}

extension FieldDefault where Value == KeyformTime {
    /// This time of day.
    public static func value(_ time: KeyformTime) -> FieldDefault { FieldDefault(text: time.description) }
    /// The time the form is opened (shown as `HH:MM` once focus leaves the field).
    public static var now: FieldDefault { FieldDefault(text: "now") }
}

extension FieldDefault where Value == KeyformDateTime {
    /// This day and time.
    public static func value(_ moment: KeyformDateTime) -> FieldDefault { FieldDefault(text: moment.description) }
    /// The day and minute the form is opened (shown once focus leaves the field).
    public static var now: FieldDefault { FieldDefault(text: "now") }
}

extension FieldDefault: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral,
    ExpressibleByStringLiteral
where Value == String {
    /// A text default written as a string literal: `default: "Medium"`.
    public init(stringLiteral value: String) {
        self.init(text: value)
    }
}

extension FieldDefault: ExpressibleByArrayLiteral where Value == [String] {
    /// A default of several picked texts written as an array literal:
    /// `default: ["Beach", "Food"]`.
    public init(arrayLiteral items: String...) {
        self.init(text: nil, items: items)
    }
}

extension FieldDefault: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    /// A number default written as an integer literal: `default: 400`.
    public init(integerLiteral value: Int) {
        self.init(text: String(value))
    }
}

extension FieldDefault: ExpressibleByFloatLiteral where Value: ExpressibleByFloatLiteral {
    /// A number default written as a decimal literal: `default: 1.5`.
    public init(floatLiteral value: Double) {
        self.init(text: KeyformValue.number(value).description)
    }
}

extension FieldDefault: ExpressibleByBooleanLiteral where Value == Bool {
    /// A yes/no default written as `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self.init(text: value ? "yes" : "no")
    }
}

extension FormField {
    /// The field, telling a person in these words when `check` fails, instead of
    /// Keyform's ("must match the pattern …"): on the screen, in answers errors,
    /// `records import` and `keyform test`. The field must have the check.
    ///
    /// ```swift
    /// TextField("email", pattern: "^[^@]+@[^@]+$").message(.pattern, "Give an email like ada@example.org")
    /// ```
    public func message(_ check: FieldDefinition.Check, _ text: String) -> FieldDefinition {
        var field = definition
        field.messages[check] = text
        return field
    }

    /// The field, holding a multiple field's picks to at least `min` and at most
    /// `max` items (a form file's `min_picks`, `max_picks`).
    ///
    /// ```swift
    /// MultipleChoiceField("toppings", choices: ["Ham", "Egg", "Kale"]).picks(max: 2)
    /// ```
    public func picks(min: Int? = nil, max: Int? = nil) -> FieldDefinition {
        var field = definition
        field.minPicks = min
        field.maxPicks = max
        return field
    }
}

/// A key written in the form: a text (`"Lettuce"`), or a label shown with the
/// text the record holds (`KeyformChoice("California", text: "CA")`).
public struct KeyformChoice: Sendable, Hashable, ExpressibleByStringLiteral {
    /// What the key shows.
    public let label: String
    /// What the record holds; the label unless given.
    public let text: String

    public init(_ label: String, text: String? = nil) {
        self.label = label
        self.text = text ?? label
    }

    public init(stringLiteral value: String) { self.init(value) }
}

extension FormField {
    /// The field's grid made of these keys, written in the form (a form file's
    /// `choices: [..]`): hotkeys 1–9 in order; the field opens in it. With
    /// `strict`, the value must be one of the keys' texts.
    ///
    /// ```swift
    /// TextField("toppings").choices(["Lettuce", "Tomatoes"], multiple: true)
    /// TextField("spice").choices([KeyformChoice("Mild", text: "1"), KeyformChoice("Hot", text: "3")], strict: true)
    /// ```
    public func choices(_ keys: [KeyformChoice], strict: Bool = false, multiple: Bool = false) -> FieldDefinition {
        var field = definition
        field.writtenChoices = .list(keys)
        field.strict = field.strict || strict
        field.multiple = field.multiple || multiple
        return field
    }

    /// The field's grid chosen by another field's value (a form file's
    /// `choices: {by: FIELD, keys: ..}`): the keys listed under the value that
    /// field holds now; none listed, the keyboard.
    ///
    /// ```swift
    /// TextField("state").choices(by: "country", ["Canada": ["Alberta", "Ontario"], "Mexico": ["Oaxaca"]], strict: true)
    /// ```
    public func choices(
        by field: String, _ keys: KeyValuePairs<String, [KeyformChoice]>, strict: Bool = false
    ) -> FieldDefinition {
        var definition = self.definition
        definition.writtenChoices = .by(field: field, keys: keys.map { (value: $0.key, choices: $0.value) })
        definition.strict = definition.strict || strict
        return definition
    }

    /// The field's grid made of a program's output lines (a form file's
    /// `choices: {command: [..]}`): run without a shell when the form shows,
    /// each argument one argv element; `{{field}}` in an argument is that
    /// earlier answer. A spinner shows until the lines come; a failure, or no
    /// lines within `timeout` seconds (5 by default), is said on the grid.
    /// The test double does not run it.
    ///
    /// ```swift
    /// TextField("branch").choices(command: ["git", "branch", "--format=%(refname:short)"], strict: true)
    /// ```
    public func choices(command arguments: [String], timeout: Double? = nil, strict: Bool = false) -> FieldDefinition {
        var definition = self.definition
        definition.writtenChoices = .command(arguments, timeout: timeout)
        definition.strict = definition.strict || strict
        return definition
    }

    /// The field with a short note under its label (dimmed, wrapped; a line
    /// break starts a new line): what it is for, where to find the value.
    public func description(_ text: String) -> FieldDefinition {
        var field = definition
        field.description = text
        return field
    }

    /// The field showing `text` dimmed while it is empty: a hint like `12.50`,
    /// never a value (not stored, validated, kept in drafts or returned).
    public func placeholder(_ text: String) -> FieldDefinition {
        var field = definition
        field.placeholder = text
        return field
    }
}

// MARK: - The fields

extension TextField {
    /// The field as text of several lines (a form file's `lines:`), shown in
    /// `count` wrapped rows (1–20): its value may hold line breaks (`\n`),
    /// typed with Ctrl-J or Alt-Enter; Enter moves on as in every field.
    ///
    /// ```swift
    /// TextField("instructions", label: "Instructions", maxLength: 400).lines(3)
    /// ```
    public func lines(_ count: Int) -> FieldDefinition {
        var field = definition
        field.lines = count
        return field
    }
}

/// A line of text (the record holds a string; an empty field is `""`).
///
/// ```swift
/// TextField("text", label: "Text", required: true, maxLength: 140)
/// TextField("note", label: "Note", pattern: "^[^@]*$")
/// ```
public struct TextField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A text field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record, `[a-z][a-z0-9_]*`.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting text, or `.last`.
    ///   - pattern: a regular expression the whole value must match (when not empty).
    ///   - minLength: the fewest characters (as a person counts them) a value may have.
    ///   - maxLength: the most characters a value may have.
    ///   - layout: a key grid the field can swap to with Tab (phrases, a keypad).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    ///   - strict: the value must be one of the layout's key texts (see ``ChoiceField``).
    public init(
        _ id: String, label: String? = nil, required: Bool = false, default defaultValue: FieldDefault<String>? = nil,
        pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        layout: KeyformLayout? = nil, input: InputView = .keyboard, strict: Bool = false
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .text, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input, strict: strict, pattern: pattern, minLength: minLength, maxLength: maxLength)
    }
}

/// One of a fixed set of texts, picked from a key grid (the record holds the
/// chosen text, or `""` when none was picked and the field is not required).
///
/// ```swift
/// ChoiceField("priority", label: "Priority", layout: .named("priority"), default: "Medium")
/// ChoiceField("size", choices: ["S", "M", "L"])
/// ChoiceField("priority", choices: Priority.self)   // a String enum that is CaseIterable
/// ```
///
/// The value must be one of the layout's key texts (a form file's `strict: true`);
/// it can still be typed (Tab swaps to the keyboard).
public struct ChoiceField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A choice among the text keys of a layout.
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - layout: the key grid to pick from: `.named("priority")`, `.file(url)`, or one written in Swift.
    ///   - input: the view the field opens with (the grid unless `.keyboard`).
    ///   - required: Done stays disabled until a choice is made.
    ///   - defaultValue: the starting choice, or `.last`.
    public init(
        _ id: String, label: String? = nil, layout: KeyformLayout, input: InputView = .grid,
        required: Bool = false, default defaultValue: FieldDefault<String>? = nil
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .text, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input, strict: true)
    }

    /// A choice among these texts, shown as a grid of keys in their order
    /// (one row of up to four, else rows of three).
    public init(
        _ id: String, label: String? = nil, choices: [String], input: InputView = .grid,
        required: Bool = false, default defaultValue: FieldDefault<String>? = nil
    ) {
        self.init(
            id, label: label, layout: KeyformLayout(choices: choices), input: input, required: required,
            default: defaultValue)
    }

    /// A choice among the cases of a `String` enum, by raw value, in declaration
    /// order. Decode the field into the same enum:
    ///
    /// ```swift
    /// enum Priority: String, CaseIterable, Decodable { case high = "High", medium = "Medium", low = "Low" }
    /// ChoiceField("priority", choices: Priority.self, default: .medium)
    /// ```
    public init<Choice: CaseIterable & RawRepresentable>(
        _ id: String, label: String? = nil, choices: Choice.Type, input: InputView = .grid,
        required: Bool = false, default defaultValue: Choice? = nil
    ) where Choice.RawValue == String {
        self.init(
            id, label: label, choices: Choice.allCases.map(\.rawValue), input: input, required: required,
            default: defaultValue.map { .value($0.rawValue) })
    }
}

/// Several of a fixed set of texts, toggled in a key grid (a form file's
/// `multiple: true`): the record holds the picked texts as a list, in the order
/// they were picked — ``KeyformValue/list(_:)``, a JSON array — or `null` when
/// nothing was picked and the field is not required.
///
/// ```swift
/// MultipleChoiceField("tags", label: "Tags", layout: .named("vacation-tags"))
/// MultipleChoiceField("toppings", choices: ["Cheese", "Ham", "Olives"], default: ["Cheese"])
/// MultipleChoiceField("days", choices: Weekday.self)   // a String enum that is CaseIterable
/// ```
///
/// In the grid a text key toggles its text in the selection (picked keys show
/// `✓`) and leaves the field focused; the layout's `done` key commits the field.
/// The keyboard (Tab) types one more item: Enter adds the line as one item (as
/// typed, commas included) and Enter on the empty line commits. A required
/// field needs at least one item.
///
/// Decode the field into `[String]?` (nil when nothing was picked), into
/// `[String]` when the field is required, or into an array of the `String` enum
/// it was made from.
public struct MultipleChoiceField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// Several of the text keys of a layout.
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - layout: the key grid to pick from, a layout of choices (not a keypad)
    ///     with a ``KeyformKey/done(_:hotkey:span:)`` key to commit the selection:
    ///     `.named("vacation-tags")`, `.file(url)`, or one written in Swift.
    ///   - input: the view the field opens with (the grid unless `.keyboard`).
    ///   - required: Done stays disabled until at least one item is picked.
    ///   - strict: each item must be one of the layout's key texts; `false` also
    ///     takes items typed in the keyboard view (each line one item, as typed).
    ///   - defaultValue: the starting selection (`["Beach", "Food"]`), or `.last`.
    public init(
        _ id: String, label: String? = nil, layout: KeyformLayout, input: InputView = .grid,
        required: Bool = false, strict: Bool = true, default defaultValue: FieldDefault<[String]>? = nil
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .text, required: required, defaultText: defaultValue.map(\.text),
            defaultItems: defaultValue?.items, layout: layout, input: input, strict: strict, multiple: true)
    }

    /// Several of these texts, shown as a grid of keys in their order (one row
    /// of up to four, else rows of three) with a `Done` key below that commits
    /// the selection.
    public init(
        _ id: String, label: String? = nil, choices: [String], input: InputView = .grid,
        required: Bool = false, default defaultValue: FieldDefault<[String]>? = nil
    ) {
        self.init(
            id, label: label, layout: KeyformLayout(choices: choices, doneKey: true), input: input, required: required,
            default: defaultValue)
    }

    /// Several of the cases of a `String` enum, by raw value, in declaration
    /// order (with a `Done` key below them). Decode the field into an array of
    /// the same enum:
    ///
    /// ```swift
    /// enum Tag: String, CaseIterable, Decodable { case beach = "Beach", food = "Food", city = "City" }
    /// struct Note: Decodable { var tags: [Tag]? }
    /// MultipleChoiceField("tags", choices: Tag.self, default: [.beach])
    /// ```
    public init<Choice: CaseIterable & RawRepresentable>(
        _ id: String, label: String? = nil, choices: Choice.Type, input: InputView = .grid,
        required: Bool = false, default defaultValue: [Choice]? = nil
    ) where Choice.RawValue == String {
        self.init(
            id, label: label, choices: Choice.allCases.map(\.rawValue), input: input, required: required,
            default: defaultValue.map { .value($0.map(\.rawValue)) })
    }
}

/// A whole number (the record holds a JSON number, or `null` when empty).
///
/// ```swift
/// IntegerField("distance", label: "Distance (m)", required: true, min: 25, layout: .named("keypad"))
/// ```
public struct IntegerField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// An integer field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting number, or `.last`.
    ///   - min: the smallest value allowed.
    ///   - max: the largest value allowed.
    ///   - layout: a key grid the field can swap to (a keypad, or numbers to pick).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    public init(
        _ id: String, label: String? = nil, required: Bool = false, default defaultValue: FieldDefault<Int>? = nil,
        min: Int? = nil, max: Int? = nil, layout: KeyformLayout? = nil, input: InputView = .keyboard
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .integer, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input, min: min.map(String.init), max: max.map(String.init))
    }
}

/// A decimal number (the record holds a JSON number, or `null` when empty).
///
/// ```swift
/// NumberField("weight", label: "Weight (kg)", min: 0, max: 500)
/// ```
public struct NumberField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A number field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting number, or `.last`.
    ///   - min: the smallest value allowed.
    ///   - max: the largest value allowed.
    ///   - layout: a key grid the field can swap to (a keypad).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    public init(
        _ id: String, label: String? = nil, required: Bool = false, default defaultValue: FieldDefault<Double>? = nil,
        min: Double? = nil, max: Double? = nil, layout: KeyformLayout? = nil, input: InputView = .keyboard
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .number, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input,
            min: min.map { KeyformValue.number($0).description }, max: max.map { KeyformValue.number($0).description })
    }
}

/// A day: typed as `2026-11-21`, `2026/11/21`, `today`, `yesterday` or `tomorrow`; the record
/// holds `"YYYY-MM-DD"` (decode it as a ``KeyformDate`` or a `String`), or `null` when empty.
///
/// ```swift
/// DateField("due", label: "Due")
/// DateField("day", default: .today, layout: .named("date"))
/// ```
public struct DateField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A date field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting day: `.today`, `.yesterday`, `.value(date)` or `.last`.
    ///   - layout: a key grid the field can swap to (the shipped `date` layout offers Today and Yesterday;
    ///     `.named("calendar")` a month of day keys the engine generates).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    public init(
        _ id: String, label: String? = nil, required: Bool = false,
        default defaultValue: FieldDefault<KeyformDate>? = nil,
        layout: KeyformLayout? = nil, input: InputView = .keyboard
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .date, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input)
    }
}

/// A time of day on the 24-hour clock: typed as `07:30`, `7:30`, `0730` or `now`;
/// the record holds `"HH:MM"` (decode it as a ``KeyformTime`` or a `String`), or
/// `null` when empty.
///
/// ```swift
/// TimeField("start", label: "Start", default: .now, layout: .named("time"))
/// ```
public struct TimeField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A time field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting time: `.now`, `.value(time)` or `.last`.
    ///   - layout: a key grid the field can swap to (the shipped `time` keypad).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    public init(
        _ id: String, label: String? = nil, required: Bool = false,
        default defaultValue: FieldDefault<KeyformTime>? = nil,
        layout: KeyformLayout? = nil, input: InputView = .keyboard
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .time, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input)
    }
}

/// Text to read, not a question (a form file's `type: note`): a welcome, an
/// explanation, or a summary of earlier answers (`{{field}}` in its heading
/// and text). It holds no value: the record, the store and the output have
/// nothing of it. Focus stops on it; Enter and Tab go on. A note alone on the
/// last page is the form's review page, where Done is pressed.
///
/// ```swift
/// KeyformForm("Burger") {
///     ChoiceField("bun", choices: ["Sesame", "Brioche"])
///     Page("Review") {
///         .note("review", label: "Your order", text: "A burger on {{bun}}.")
///     }
/// }
/// ```
public struct NoteField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A note.
    ///
    /// - Parameters:
    ///   - id: unique in the form, like any field's (answers and the record never name it).
    ///   - label: a heading, shown bold; none when nil.
    ///   - text: what the note says (wrapped; a line break starts a new line).
    public init(_ id: String, label: String? = nil, text: String? = nil) {
        var definition = FieldDefinition(
            id: id, label: label, type: .note, required: false, defaultText: nil, layout: nil, input: .keyboard)
        definition.description = text
        self.definition = definition
    }
}

extension FormField where Self == NoteField {
    /// A note: text to read, no value (see ``NoteField``).
    public static func note(_ id: String, label: String? = nil, text: String? = nil) -> NoteField {
        NoteField(id, label: label, text: text)
    }
}

/// A day and a time of day on the local wall clock, without a time zone: typed as
/// `2026-11-27 14:30`, `2026-11-27T14:30`, `tomorrow 9:30` or `now`; the record holds
/// `"YYYY-MM-DD HH:MM"` (decode it as a ``KeyformDateTime`` or a `String`), or `null` when empty.
///
/// ```swift
/// DateTimeField("starts", label: "Starts", default: .now)
/// DateTimeField("meets", label: "Meets", layout: .named("calendar"))
/// ```
public struct DateTimeField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A datetime field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: the starting moment: `.now`, `.value(moment)` or `.last`.
    ///   - layout: a key grid the field can swap to: `.named("calendar")` picks
    ///     the day on a month of day keys, then the time on the shipped `time` keypad.
    ///   - input: the view the field opens with; `.grid` needs a layout.
    public init(
        _ id: String, label: String? = nil, required: Bool = false,
        default defaultValue: FieldDefault<KeyformDateTime>? = nil,
        layout: KeyformLayout? = nil, input: InputView = .keyboard
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .datetime, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input)
    }
}

/// Yes or no: typed as `yes`/`no` (also `y`, `n`, `true`, `false`); the record
/// holds `true` or `false`, or `null` when empty.
///
/// ```swift
/// BooleanField("urgent", label: "Urgent?", default: false, layout: .named("yes-no"))
/// ```
public struct BooleanField: FormField {
    /// The field as a form file would write it.
    public let definition: FieldDefinition

    /// A yes/no field.
    ///
    /// - Parameters:
    ///   - id: the key of the value in the record.
    ///   - label: shown beside the field; the id when nil.
    ///   - required: Done stays disabled while the field is empty.
    ///   - defaultValue: `true`, `false`, or `.last`.
    ///   - layout: a key grid the field can swap to (the shipped `yes-no` layout).
    ///   - input: the view the field opens with; `.grid` needs a layout.
    ///   - states: the words shown for no and yes, like `(no: "In progress", yes: "Complete")`
    ///     (a form file's `states`); the value stays a `Bool`.
    ///
    /// The field is a switch: Space flips it, `y` and `n` set it, Enter moves on.
    public init(
        _ id: String, label: String? = nil, required: Bool = false, default defaultValue: FieldDefault<Bool>? = nil,
        layout: KeyformLayout? = nil, input: InputView = .keyboard, states: (no: String, yes: String)? = nil
    ) {
        definition = FieldDefinition(
            id: id, label: label, type: .boolean, required: required, defaultText: defaultValue.map(\.text),
            layout: layout, input: input, states: states)
    }
}

// MARK: - The values fields give

/// A typed value of one field.
public enum KeyformValue: Sendable, Hashable, CustomStringConvertible {
    /// A text field's value (also a choice).
    case text(String)
    /// An integer field's value.
    case integer(Int)
    /// A number field's value.
    case number(Double)
    /// A date field's value.
    case date(KeyformDate)
    /// A boolean field's value.
    case boolean(Bool)
    /// A time field's value.
    case time(KeyformTime)
    /// A datetime field's value.
    case datetime(KeyformDateTime)
    /// A ``MultipleChoiceField``'s value (a form file's `multiple: true`): the
    /// picked key texts, in the order picked; never empty (a field with nothing
    /// picked has no value).
    case list([String])

    init(_ value: FieldValue) {
        switch value {
        case .text(let text): self = .text(text)
        case .integer(let number): self = .integer(number)
        case .number(let number): self = .number(number)
        case .date(let date): self = .date(KeyformDate(date))
        case .boolean(let flag): self = .boolean(flag)
        case .time(let time): self = .time(KeyformTime(time))
        case .datetime(let moment): self = .datetime(KeyformDateTime(moment))
        case .list(let items): self = .list(items)
        }
    }

    /// The value as the field shows it: text as typed, numbers as JSON writes them
    /// (`400`, `1.5`), dates as `YYYY-MM-DD`, times as `HH:MM`, booleans as `yes`/`no`, lists joined with `, `.
    public var description: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .number(let number): FieldValue.format(number)
        case .date(let date): date.description
        case .boolean(let flag): flag ? "yes" : "no"
        case .time(let time): time.description
        case .datetime(let moment): moment.description
        case .list(let items): FieldValue.joined(items)
        }
    }
}

/// A day in the calendar, without a time or a time zone: the value of a date field.
///
/// Decodes from and encodes to `"YYYY-MM-DD"`, so a struct can hold a date field as
/// `var due: KeyformDate?`.
public struct KeyformDate: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The year (four digits in `description`).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The day, or nil when there is no such day (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
        self.init(date)
    }

    /// The day written `YYYY-MM-DD`, or nil.
    public init?(_ description: String) {
        guard let date = CivilDate(iso: description) else { return nil }
        self.init(date)
    }

    init(_ date: CivilDate) {
        year = date.year
        month = date.month
        day = date.day
    }

    var civil: CivilDate { CivilDate(year: year, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0) }

    /// Today on the wall clock of `timeZone`.
    public static func today(in timeZone: TimeZone = .current) -> KeyformDate {
        KeyformDate(CivilDate.today(in: timeZone))
    }

    /// `YYYY-MM-DD`.
    public var description: String { civil.description }

    /// Earlier days come first.
    public static func < (a: KeyformDate, b: KeyformDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Decodes `"YYYY-MM-DD"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = KeyformDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date written YYYY-MM-DD")
        }
        self = date
    }

    /// Encodes `"YYYY-MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A time of day on the 24-hour clock, to the minute, without a date or a time
/// zone: the value of a time field.
///
/// Decodes from and encodes to `"HH:MM"`, so a struct can hold a time field as
/// `var start: KeyformTime?`.
public struct KeyformTime: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// The time, or nil when there is no such time (25:00).
    public init?(hour: Int, minute: Int) {
        guard let time = ClockTime(hour: hour, minute: minute) else { return nil }
        self.init(time)
    }

    /// The time written `HH:MM`, or nil.
    public init?(_ description: String) {
        guard let time = ClockTime(description) else { return nil }
        self.init(time)
    }

    init(_ time: ClockTime) {
        hour = time.hour
        minute = time.minute
    }

    var clock: ClockTime { ClockTime(hour: hour, minute: minute) ?? ClockTime(minuteOfDay: 0) }

    /// The time now on the wall clock of `timeZone`, to the minute.
    public static func now(in timeZone: TimeZone = .current) -> KeyformTime {
        KeyformTime(ClockTime(minuteOfDay: WallClock.now(in: timeZone).minuteOfDay))
    }

    /// `HH:MM`.
    public var description: String { clock.description }

    /// Earlier times of the day come first.
    public static func < (a: KeyformTime, b: KeyformTime) -> Bool { a.clock < b.clock }

    /// Decodes `"HH:MM"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = KeyformTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a time written HH:MM")
        }
        self = time
    }

    /// Encodes `"HH:MM"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A day and a time of day, to the minute, on the local wall clock without a
/// time zone: the value of a datetime field.
///
/// Decodes from and encodes to `"YYYY-MM-DD HH:MM"` (decoding also takes the `T`
/// of ISO 8601), so a struct can hold a datetime field as `var starts: KeyformDateTime?`.
public struct KeyformDateTime: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The day.
    public let date: KeyformDate
    /// The time of day.
    public let time: KeyformTime

    /// The day at the time.
    public init(date: KeyformDate, time: KeyformTime) {
        self.date = date
        self.time = time
    }

    /// The moment written `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM`, or nil.
    public init?(_ description: String) {
        guard let moment = CivilDateTime(description) else { return nil }
        self.init(moment)
    }

    init(_ moment: CivilDateTime) {
        date = KeyformDate(moment.date)
        time = KeyformTime(moment.time)
    }

    /// `YYYY-MM-DD HH:MM`.
    public var description: String { date.description + " " + time.description }

    /// Earlier moments come first.
    public static func < (a: KeyformDateTime, b: KeyformDateTime) -> Bool { (a.date, a.time) < (b.date, b.time) }

    /// Decodes `"YYYY-MM-DD HH:MM"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let moment = KeyformDateTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date and time written YYYY-MM-DD HH:MM")
        }
        self = moment
    }

    /// Encodes `"YYYY-MM-DD HH:MM"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
