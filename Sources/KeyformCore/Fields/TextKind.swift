/// `type: text` (the default): a line as typed, never trimmed (with `lines: N`,
/// text of several lines: its line breaks are `\n`). Options:
/// `min_length`/`max_length` in characters a person sees (grapheme clusters),
/// then `pattern`, which must match the whole value. With `multiple: true` the
/// value is a list of the grid's key texts (`.list`), held in the entry as `a, b`.
///
/// JSON: a string (`""` when empty; a `multiple` field: an array, `null` when
/// empty). Store: the same JSON; SQL TEXT (a list: its JSON array's text).
struct TextKind: FieldKind {
    var type: Field.ValueType { .text }
    var synonyms: [String] { ["string", "str"] }
    var options: Set<String> { ["pattern", "min_length", "max_length", "multiple", "secret", "lines"] }
    var trimsInput: Bool { false }
    var shrinksInList: Bool { true }
    var takesJSONNumbers: Bool { true }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        Self.check(String(input), rules: rules)
    }

    /// The text rules, also for each item of a `multiple` field.
    static func check(_ text: String, rules: FieldRules) -> Result<FieldValue, FieldProblem> {
        if rules.minLength != nil || rules.maxLength != nil {
            let count = text.count
            if let minLength = rules.minLength, count < minLength { return .failure(.tooShort(minLength)) }
            if let maxLength = rules.maxLength, count > maxLength { return .failure(.tooLong(maxLength)) }
        }
        if let pattern = rules.pattern, !pattern.matchesWhole(text) {
            return .failure(.patternMismatch(pattern.source))
        }
        return .success(.text(text))
    }

    func json(_ value: FieldValue) -> String {
        if case .list(let items) = value { return Self.jsonArray(items) }
        return RecordFormat.jsonString(value.text)
    }

    func jsonWhenEmpty(field: Field) -> String { field.multiple ? "null" : "\"\"" }

    func storedJSON(_ value: FieldValue) -> String? {
        if case .list(let items) = value { return Self.jsonArray(items) }
        return RecordFormat.jsonString(value.text)
    }

    /// Anything reads as its text. A `multiple` field reads a text stored before
    /// as its selection; a list read by a field that is no longer `multiple`
    /// becomes its joined text.
    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        if field.multiple {
            if case .list = stored { return stored }
            let items = FieldValue.split(stored.text)
            return items.isEmpty ? nil : .list(items)
        }
        if case .text = stored { return stored }
        return .text(stored.text)
    }

    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> { .success(.text(raw)) }

    static func jsonArray(_ items: [String]) -> String {
        "[" + items.map(RecordFormat.jsonString).joined(separator: ",") + "]"
    }
}

extension FieldValue {
    /// A selection as an entry shows it: `Beach, Food`.
    public static func joined(_ items: [String]) -> String {
        items.joined(separator: ", ")
    }

    /// An entry's selection: the text split at commas, each item trimmed of
    /// surrounding spaces, empty items and repeats dropped.
    public static func split(_ text: String) -> [String] {
        var items: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let item = String(FieldValidator.trimmed(String(part)))
            if !item.isEmpty, !items.contains(item) { items.append(item) }
        }
        return items
    }
}
