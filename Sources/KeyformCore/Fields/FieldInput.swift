/// What a person gave a field, before the field's kind reads it: a line as
/// typed, or (a `multiple` field) the key texts chosen. This is what an entry
/// holds, what a draft keeps, what answers and `keyform test` expectations give:
/// a selection is a list from end to end, never text to be split again, so a
/// key text may hold a comma ("Salt, pepper").
///
/// A line given to a `multiple` field is read as its items written out
/// (`Beach, Food`: a stdin answer line, a `default:` written as text, a draft
/// kept by a version before lists were typed).
public enum FieldInput: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A line as typed (a text, a number, a date, a word like `today`).
    case line(String)
    /// A `multiple` field's key texts, in the order they were chosen.
    case selection([String])

    public init(stringLiteral text: String) { self = .line(text) }

    /// The input for a typed value: a list as its selection, anything else as
    /// its text (what the field reads back as the same value).
    public init(_ value: FieldValue) {
        if case .list(let items) = value { self = .selection(items) } else { self = .line(value.text) }
    }

    /// Nothing given: an empty line or an empty selection.
    public var isEmpty: Bool {
        switch self {
        case .line(let text): text.isEmpty
        case .selection(let items): items.isEmpty
        }
    }

    /// The input as one line of text, for a place that shows one (a summary, a
    /// field that is not `multiple`): a selection's items joined with `, `.
    public var text: String {
        switch self {
        case .line(let text): text
        case .selection(let items): FieldValue.joined(items)
        }
    }

    /// The items a `multiple` field reads: a selection as chosen; a line split
    /// at its commas (`FieldValue.split`).
    public var items: [String] {
        switch self {
        case .line(let text): FieldValue.split(text)
        case .selection(let items): items
        }
    }

    /// JSON for a draft: a string, or an array of strings.
    public var json: String {
        switch self {
        case .line(let text): RecordFormat.jsonString(text)
        case .selection(let items): TextKind.jsonArray(items)
        }
    }
}
