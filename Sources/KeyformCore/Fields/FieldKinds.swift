/// The field kinds Keyform knows: their names in a form file, the values they
/// hold, and the descriptor that says everything else (`FieldKind`). Adding a
/// kind is a case in `Field.ValueType` and in `FieldValue`, its line in the
/// three switches below (the kind of a type, of a value, a value's text), and
/// its descriptor file (DECISIONS 21).
extension Field {
    /// What kind of value the field holds: the form file's `type`.
    public enum ValueType: String, Equatable, Sendable, CaseIterable {
        case text, integer, number, date, boolean, time, datetime
        /// Text to read, no value (`NoteKind`).
        case note

        /// The kind's descriptor.
        public var kind: any FieldKind {
            switch self {
            case .text: TextKind()
            case .integer: IntegerKind()
            case .number: NumberKind()
            case .date: DateKind()
            case .boolean: BooleanKind()
            case .time: TimeKind()
            case .note: NoteKind()
            case .datetime: DateTimeKind()
            }
        }
    }

    /// The descriptor of the field's type.
    public var kind: any FieldKind { type.kind }

    /// Whether the field asks for a value: every kind but a note, which is text
    /// to read. A note is never in a record, its output, the store or its view.
    public var holdsValue: Bool { type != .note }
}

/// A typed value of one field, after validation.
public enum FieldValue: Hashable, Sendable {
    case text(String)
    case integer(Int)
    case number(Double)
    case date(CivilDate)
    case boolean(Bool)
    /// A time field's value.
    case time(ClockTime)
    /// A datetime field's value: a local wall time.
    case datetime(CivilDateTime)
    /// A `multiple` field's selection: key texts in the order they were picked.
    case list([String])

    /// The kind the value is of (a list: a `multiple` text field's).
    public var kind: any FieldKind {
        switch self {
        case .text, .list: TextKind()
        case .integer: IntegerKind()
        case .number: NumberKind()
        case .date: DateKind()
        case .boolean: BooleanKind()
        case .time: TimeKind()
        case .datetime: DateTimeKind()
        }
    }

    /// How the value shows: in the field, in templates and in `--format env`.
    ///
    /// - text: as typed.
    /// - integer: plain decimal (`-42`).
    /// - number: the shortest text that reads back as the same Double, written the
    ///   way JavaScript writes numbers (and so valid JSON): `400`, not `400.0`;
    ///   `1.5`; `0.000001`; exponents only below 1e-6 or from 1e21 on (`1e-7`, `1e+21`).
    ///   `-0` shows as `0`.
    /// - date: `YYYY-MM-DD`.
    /// - boolean: `yes` or `no` (how a person answers the question, and what a
    ///   boolean field accepts back).
    /// - time: `HH:MM`.
    /// - datetime: `YYYY-MM-DD HH:MM`.
    /// - list: the texts joined with `, ` (what the entry holds, and reads back).
    public var text: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        case .number(let value): FieldValue.format(value)
        case .date(let date): date.description
        case .boolean(let value): value ? "yes" : "no"
        case .time(let time): time.description
        case .datetime(let moment): moment.description
        case .list(let items): FieldValue.joined(items)
        }
    }
}

/// The options of a form file's field that only some kinds take, in the
/// order the form checks report them.
public enum FieldKinds {
    public static let checkedOptions = ["pattern", "min_length", "max_length", "min", "max", "lines"]

    /// "text", "integer and number": the kinds that take the option, for messages.
    static func taking(_ option: String) -> String {
        let names = kinds(taking: option)
        guard let last = names.last, names.count > 1 else { return names.first ?? "no" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The types that take `option`, in order: `["integer", "number"]`.
    static func kinds(taking option: String) -> [String] {
        Field.ValueType.allCases.filter { $0.kind.options.contains(option) }.map(\.rawValue)
    }

    /// Names people write for the types, and the type they mean.
    static let synonyms: [String: Field.ValueType] = {
        var table: [String: Field.ValueType] = [:]
        for type in Field.ValueType.allCases {
            for name in type.kind.synonyms { table[name] = type }
        }
        return table
    }()
}
