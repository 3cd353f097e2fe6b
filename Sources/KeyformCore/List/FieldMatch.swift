/// One condition on a form's records: the field holds this value (nil: the
/// field is empty). For a `multiple` field, a text value is one item the list
/// must hold (`tags=Food` matches `[Sunset, Food]`).
///
/// What `keyform records list --where` and `keyform browse --where` take, and
/// what the browse list's filter key picks. The store turns it into SQL
/// (`AppDatabase.records(form:where:)`); `matches` is the same test on a
/// record in memory, for a record just added or edited in a filtered list.
public struct FieldMatch: Hashable, Sendable {
    public var field: String
    public var value: FieldValue?

    public init(field: String, value: FieldValue?) {
        self.field = field
        self.value = value
    }

    /// Whether `record` (of `form`) meets the condition, as the store decides it.
    public func matches(_ record: Record, in form: Form) -> Bool {
        let stored = record[field]
        if form.field(id: field)?.multiple == true, case .text(let item)? = value {
            if case .list(let items)? = stored { return items.contains(item) }
            return stored == .text(item)
        }
        return stored == value
    }

    /// How the condition reads in a list's title: `Tags: Food`, `Due: (empty)`;
    /// the field's label, the value as it shows in the field, made terminal-safe.
    public func describe(in form: Form, language: Language = .english) -> String {
        let shown = form.field(id: field)
        let text = value.map { value in shown.map { value.kind.shown(value, field: $0) } ?? value.text }
        return TerminalSafe.escaped(shown?.label ?? field) + ": "
            + (text.map(TerminalSafe.escaped) ?? language.text(.emptyValue))
    }

    /// What a new record's field starts with, so that the record meets the
    /// condition: the value; for a `multiple` field, the item added to the
    /// items `start` already holds.
    public func startingInput(after start: FieldInput?, in form: Form) -> FieldInput {
        guard let value else { return .line("") }
        if form.field(id: field)?.multiple == true, case .text(let item) = value {
            let items = start?.items ?? []
            return .selection(items.contains(item) ? items : items + [item])
        }
        return FieldInput(value)
    }
}
