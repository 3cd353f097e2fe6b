/// A form: fields, optionally in pages; one submission makes one record (SPEC "Form files").
public struct Form: Equatable, Sendable {
    /// Shown at the top of the screen.
    public var title: String?
    /// The record kind, used as the store's table name; defaults to the file's stem.
    public var name: String
    /// At least one page. A form written with `fields` has one page whose title is nil.
    public var pages: [Page]
    /// Mustache text that renders a record as one line (`--format template`).
    public var template: String?
    /// Quick entry: the fields on one line, the focused field's grid under it.
    public var compact: Bool
    /// Whether the form is filled in (`form`) or is a menu to pick from (`picker`).
    public var presentation: Presentation
    /// Checks across fields (`rules:`) that keep Done disabled while broken.
    public var rules: [FormRule]
    /// How long the person has to fill the form in (`timeout:` in seconds, or
    /// `keyform run --timeout`): the footer counts down, and at zero the form
    /// ends as Esc would, its draft kept, with exit status 124.
    public var timeout: Duration?

    public init(
        title: String? = nil, name: String, pages: [Page], template: String? = nil, compact: Bool = false,
        presentation: Presentation = .form, rules: [FormRule] = [], timeout: Duration? = nil
    ) {
        self.title = title
        self.name = name
        self.pages = pages
        self.template = template
        self.compact = compact
        self.presentation = presentation
        self.rules = rules
        self.timeout = timeout
    }

    /// How a form presents itself. A picker (a menu, the browse filter's
    /// questions) asks one thing that a key answers: it has nothing to complete,
    /// so it shows no required star and no Done line, and a strict field's grid
    /// offers no keyboard to swap to (its keys are the only answers).
    public enum Presentation: Equatable, Sendable {
        case form
        case picker
    }

    /// One screen of fields.
    public struct Page: Equatable, Sendable {
        public var title: String?
        public var fields: [Field]
        /// A short note under the header while the page shows: wrapped, dimmed;
        /// its lines break where the file breaks them.
        public var description: String?
        /// The page is shown only while this holds (`when:`); hidden, its fields are too.
        public var when: Condition?

        public init(title: String? = nil, fields: [Field], description: String? = nil, when: Condition? = nil) {
            self.title = title
            self.fields = fields
            self.description = description
            self.when = when
        }
    }

    /// Every field in order, across pages.
    public var fields: [Field] { pages.flatMap(\.fields) }

    /// The fields a record has a value for, in order: every field but the notes
    /// (what the store, its view, the outputs and the list are made of).
    public var valueFields: [Field] { fields.filter(\.holdsValue) }

    public func field(id: String) -> Field? { fields.first { $0.id == id } }
}

/// One input of a form.
public struct Field: Equatable, Sendable {
    /// How the field is typed into when it gets focus.
    public enum InputView: String, Equatable, Sendable, CaseIterable {
        /// The readline line editor.
        case keyboard
        /// The field's key grid (its layout).
        case grid
    }

    /// Where a field's starting value comes from.
    public enum Default: Equatable, Sendable {
        /// This line, as if typed; or, for a `multiple` field, these key texts chosen.
        case value(FieldInput)
        /// The field's value in the last stored record of the form (quick entry).
        case last
    }

    /// `[a-z][a-z0-9_]*`, unique in the form: the record's key.
    public var id: String
    public var label: String
    /// What kind of value the field holds (FieldKinds.swift); its descriptor is `kind`.
    public var type: ValueType
    public var required: Bool
    /// The key grid this field can swap to, by name or `.yaml` path.
    public var layout: String?
    public var input: InputView
    /// The value must be one of the layout's key texts.
    public var strict: Bool
    public var defaultValue: Default?
    /// A regular expression the whole value must match (text fields).
    public var pattern: String?
    /// Length bounds in characters a person sees (grapheme clusters).
    public var minLength: Int?
    public var maxLength: Int?
    /// Bounds for integer and number fields.
    public var min: Double?
    public var max: Double?
    /// Earlier values from the store offered as the field's grid (quick entry).
    public var choices: ChoiceSource?
    /// A text field whose value is a list of its grid's key texts: a text key
    /// toggles in the selection, and the entry holds it as `a, b, c`.
    public var multiple: Bool
    /// How a boolean field's two values are shown (the form, lists, templates),
    /// and the words it also accepts as input; nil shows `yes` and `no`.
    public var states: States?
    /// The form's own words for a failed check (`messages: {pattern: Give an email
    /// like ada@example.org}`): what the person, answers and test files are told.
    public var messages: [FieldCheck: String]
    /// A short note under the label: wrapped, dimmed; its lines break where the file breaks them.
    public var description: String?
    /// Dimmed text shown in the field while it is empty: a hint, never a value
    /// (not stored, validated, kept in drafts or returned).
    public var placeholder: String?
    /// A password or a PIN: typed masked, never in drafts, history, `default:
    /// last`, the kill ring, problems or rescue files; stored only with `storesSecret`.
    public var secret: Bool
    /// How a secret shows while typed: a `•` a character, or nothing.
    public var mask: Mask
    /// A secret field's value goes to the store too (`store: true`); otherwise
    /// the stored record holds nothing for it, and only the output carries it.
    public var storesSecret: Bool

    /// How a secret field shows what is typed (`mask:`).
    public enum Mask: String, Equatable, Sendable, CaseIterable {
        /// One `•` for each character a person sees.
        case dots
        /// Nothing at all: not even the length shows.
        case none
    }
    /// Keys written in the form itself (`choices: [Lettuce, Tomatoes]`), or chosen
    /// by another field's value (`choices: {by: country, keys: {…}}`); nil when the
    /// keys come from a `layout` or from the store (`choices`).
    public var options: Options?
    /// Bounds on how many items a `multiple` field's selection holds.
    public var minPicks: Int?
    public var maxPicks: Int?
    /// The field is shown (asked, checked, stored) only while this holds (`when:`).
    public var when: Condition?
    /// A text field of several lines (`lines: N`): its value may hold line
    /// breaks, and the field shows N wrapped lines; nil for a one-line field.
    public var lines: Int?

    /// Whether the field's value may hold line breaks (`lines:`).
    public var isMultiLine: Bool { lines != nil }
    /// What `lines:` may be: a screen of 24 rows still shows the form around it.
    public static let lineCounts = 1...20
    /// Keys read when the form runs: a command's output lines or a file's
    /// (`choices: {command: […]}`, `choices: {file: PATH}`); the edge reads
    /// them and gives them to `FormContext.prepared` (`ChoiceLines`).
    public var linesFrom: LineSource?
    /// The field is required only while this holds (`required_if:`): an empty
    /// value is a problem then, said as `required when paid is yes`.
    public var requiredIf: Condition?

    /// The words for a boolean field's values: `states: {no: In progress, yes: Complete}`.
    public struct States: Equatable, Sendable {
        public var no: String
        public var yes: String

        public init(no: String, yes: String) {
            self.no = no
            self.yes = yes
        }
    }

    /// A boolean value as this field shows it to a person: its state's word,
    /// else `yes` or `no` in the reader's language (はい, いいえ). What is stored
    /// and what programs read (JSON, CSV) stay true or false.
    public func shown(_ flag: Bool, in language: Language = .english) -> String {
        flag ? (states?.yes ?? language.text(.booleanYes)) : (states?.no ?? language.text(.booleanNo))
    }

    /// A value as this field shows it to a person: a boolean in `language`'s
    /// words, any other value as its kind shows it.
    public func shown(_ value: FieldValue, in language: Language) -> String {
        if case .boolean(let flag) = value { return shown(flag, in: language) }
        return kind.shown(value, field: self)
    }

    /// Where a field's offered choices come from: a field of a form's stored records.
    public struct ChoiceSource: Equatable, Sendable {
        public enum Order: String, Equatable, Sendable, CaseIterable {
            /// Newest first.
            case recent
            /// Most used first (ties: newest first).
            case frequent
        }

        public var form: String
        public var field: String
        public var order: Order
        /// At most this many (9 by default: one digit hotkey each); with `by`, this many for each answer.
        public var limit: Int
        /// `by: OTHER`: only values stored in records whose field OTHER held what
        /// this form's field OTHER holds now (the cities stored for the country
        /// picked above); the grid follows that answer like `choices: {by:, keys:}`.
        public var by: String?

        public init(form: String, field: String, order: Order = .recent, limit: Int = 9, by: String? = nil) {
            self.form = form
            self.field = field
            self.order = order
            self.limit = limit
            self.by = by
        }
    }

    public init(
        id: String, label: String? = nil, type: ValueType = .text, required: Bool = false,
        layout: String? = nil, input: InputView = .keyboard, strict: Bool = false, defaultValue: Default? = nil,
        pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil, min: Double? = nil, max: Double? = nil,
        choices: ChoiceSource? = nil, multiple: Bool = false, states: States? = nil,
        messages: [FieldCheck: String] = [:], description: String? = nil, placeholder: String? = nil,
        secret: Bool = false, mask: Mask = .dots, storesSecret: Bool = false,
        options: Options? = nil,
        minPicks: Int? = nil, maxPicks: Int? = nil, when: Condition? = nil,
        lines: Int? = nil,
        linesFrom: LineSource? = nil, requiredIf: Condition? = nil
    ) {
        self.id = id
        self.label = label ?? id
        self.type = type
        self.required = required
        self.layout = layout
        self.input = input
        self.strict = strict
        self.defaultValue = defaultValue
        self.pattern = pattern
        self.minLength = minLength
        self.maxLength = maxLength
        self.min = min
        self.max = max
        self.choices = choices
        self.multiple = multiple
        self.states = states
        self.messages = messages
        self.description = description
        self.placeholder = placeholder
        self.secret = secret
        self.mask = mask
        self.storesSecret = storesSecret
        self.options = options
        self.minPicks = minPicks
        self.maxPicks = maxPicks
        self.when = when
        self.lines = lines
        self.linesFrom = linesFrom
        self.requiredIf = requiredIf
    }

    /// One key written in the form: what it shows and what it puts in the record
    /// (`Lettuce`, or `{label: California, text: CA}`).
    public struct Option: Equatable, Sendable {
        public var label: String
        public var text: String

        public init(label: String, text: String? = nil) {
            self.label = label
            self.text = text ?? label
        }
    }

    /// The keys of a field whose choices are written in the form.
    public enum Options: Equatable, Sendable {
        /// The same keys whatever else was answered.
        case fixed([Option])
        /// The keys of the group whose value is the driver field's current value
        /// (`choices: {by: country, keys: {Canada: [Alberta, …]}}`); no group: no keys.
        case by(field: String, groups: [Group])

        /// Every text the field's keys may put in the record, each once, in the
        /// order written: what a `strict` default is checked against.
        public var allTexts: [String] {
            var seen: Set<String> = []
            return groups.flatMap(\.options).map(\.text).filter { seen.insert($0).inserted }
        }

        /// Every group of keys: the one list, or each value's.
        public var groups: [Group] {
            switch self {
            case .fixed(let options): [Group(value: "", options: options)]
            case .by(_, let groups): groups
            }
        }

        /// The keys offered while the driver field holds `value`.
        public struct Group: Equatable, Sendable {
            public var value: String
            public var options: [Option]

            public init(value: String, options: [Option]) {
                self.value = value
                self.options = options
            }
        }
    }
}
