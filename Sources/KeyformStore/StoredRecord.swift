import Foundation
import KeyformCore

/// A record as stored: its id, when it was created and last updated, and its values.
public struct StoredRecord: Equatable, Sendable {
    /// Unique in the database and never reused, even after a delete.
    public var id: Int64
    /// When the record was first saved (millisecond precision).
    public var created: Date
    /// When the record was last saved (equal to `created` until it is updated).
    public var updated: Date
    /// The values, in the form's field order (a field added after the record was
    /// saved is nil).
    public var values: KeyformCore.Record
    /// Who saved it (`RecordStore.author`); nil for a record saved before stores knew authors.
    public var author: String?

    public init(id: Int64, created: Date, updated: Date, values: KeyformCore.Record, author: String? = nil) {
        self.id = id
        self.created = created
        self.updated = updated
        self.values = values
        self.author = author
    }
}

/// The values of a form not yet submitted, as given: a line as typed per field,
/// so a half-typed value (`2026-1`) is kept too, or a `multiple` field's selection.
public struct Draft: Equatable, Sendable {
    /// The form's name.
    public var form: String
    /// Field id → what the field holds. Fields never typed into are absent.
    public var values: [String: FieldInput]
    /// The field that had focus, to resume there.
    public var focus: String?
    /// When the draft was last saved.
    public var saved: Date

    public init(form: String, values: [String: FieldInput], focus: String?, saved: Date) {
        self.form = form
        self.values = values
        self.focus = focus
        self.saved = saved
    }
}

extension FieldMatch {
    /// `FIELD=VALUE` text (what `--where` takes), its value read as the field's type:
    /// integer and number as decimals, date as `YYYY-MM-DD`, boolean as
    /// yes/no/true/false/1/0 (any case), text as written. `FIELD=` matches empty fields.
    /// `clock` resolves words as the form does (`due=tomorrow`, `start=now`).
    public init(parsing text: String, form: Form, clock: WallClock = .now()) throws(StoreError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw .invalidValue(field: text, reason: "expected FIELD=VALUE")
        }
        let id = String(text[..<equals])
        let raw = String(text[text.index(after: equals)...])
        guard let field = form.field(id: id) else {
            throw .unknownField(
                form: form.name, field: id, suggestion: Suggestion.closest(to: id, among: form.fields.map(\.id)))
        }
        self = FieldMatch(field: id, value: try Self.value(raw, of: field, clock: clock))
    }

    /// The field's kind reads the value (`FieldKind.matchValue`).
    private static func value(_ raw: String, of field: Field, clock: WallClock) throws(StoreError) -> FieldValue? {
        if raw.isEmpty { return nil }
        switch field.kind.matchValue(raw, clock: clock) {
        case .success(let value): return value
        case .failure(let problem): throw .invalidValue(field: field.id, reason: problem.reason)
        }
    }
}
