import Foundation
import GRDB
import KeyformCore

/// Keyform's record, not GRDB's `Record` class (both modules have one).
typealias Record = KeyformCore.Record

/// How a record's values are written into `_record.data` and read back.
///
/// `data` is one JSON object, field id → value, in the form's field order; each
/// value as its kind stores it (`FieldKind.storedJSON`, `sqlValue`, `fromStored`):
///
/// | field type | JSON | what `json_extract` (and so the form's view) gives |
/// |---|---|---|
/// | text | string | TEXT |
/// | integer | number without a point (`42`) | INTEGER |
/// | number | number with a point or exponent (`400.0`, `1.5`, `1e+21`) | REAL |
/// | date | string `"YYYY-MM-DD"` | TEXT |
/// | boolean | `true` / `false` | INTEGER 1 / 0 |
/// | list (`multiple`) | array of strings `["Beach","Food"]` | TEXT, the array's JSON |
/// | empty | `null` | NULL |
///
/// Numbers always carry a point so that SQLite reads `400.0` as REAL, not INTEGER.
enum RecordValues {
    /// The `data` JSON of `record`, with one key per field of `form`.
    static func json(_ record: Record, form: Form) throws(StoreError) -> String {
        var out = "{"
        for (index, field) in form.valueFields.enumerated() {
            if index > 0 { out += "," }
            out += RecordFormat.jsonString(field.id)
            out += ":"
            out += try json(record[field.id], field: field.id)
        }
        return out + "}"
    }

    static func json(_ value: FieldValue?, field: String) throws(StoreError) -> String {
        guard let value else { return "null" }
        guard let json = value.kind.storedJSON(value) else {
            throw .invalidValue(field: field, reason: "\(value.text) cannot be stored")
        }
        return json
    }

    /// The SQL value `json_extract` gives for `value` (what `WHERE` compares with).
    static func sqlValue(_ value: FieldValue) -> DatabaseValue {
        switch value.kind.sqlValue(value) {
        case .text(let text): text.databaseValue
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        }
    }

    /// The JSON path of a field's value in `data`.
    static func path(_ field: String) -> String {
        "$.\"" + field + "\""
    }

    /// A value read back with `json_type(data, path)` and `json_extract(data, path)`,
    /// as a value of the field's type (a `.list` for a `multiple` field).
    ///
    /// A value stored when the field had another type is converted when that is
    /// exact (integer 3 → number 3.0, number 3.0 → integer 3, "2026-11-21" → date,
    /// anything → its text for a text field), and otherwise returned as stored.
    static func decode(jsonType: String?, value: DatabaseValue, as type: Field.ValueType, multiple: Bool = false) -> FieldValue? {
        decode(jsonType: jsonType, value: value, as: Field(id: "value", type: type, multiple: multiple))
    }

    /// A value read back as `field`'s (only its type and `multiple` count).
    static func decode(jsonType: String?, value: DatabaseValue, as field: Field) -> FieldValue? {
        let stored: FieldValue
        switch (jsonType, value.storage) {
        case ("array", .string(let json)):
            guard let items = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else { return nil }
            stored = .list(items)
        case ("true", _): stored = .boolean(true)
        case ("false", _): stored = .boolean(false)
        case ("integer", .int64(let number)): stored = .integer(Int(number))
        case ("real", .double(let number)): stored = .number(number)
        case ("real", .int64(let number)): stored = .number(Double(number))
        case ("text", .string(let text)): stored = .text(text)
        default: return nil  // null, absent, or not a value Keyform writes
        }
        return field.kind.fromStored(stored, field: field)
    }

    /// A value stored under another type, as a value of `type` when that is exact
    /// (the kind's `fromStored`, for a field that is not `multiple`).
    static func convert(_ value: FieldValue, to type: Field.ValueType) -> FieldValue {
        type.kind.fromStored(value, field: Field(id: "value", type: type)) ?? value
    }
}

/// SQL names and literals.
enum SQLText {
    /// `[a-z][a-z0-9_]*`: what the form parser allows for form names and field ids.
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }

    /// Throws unless the form's name and every field id are names.
    static func validate(_ form: Form) throws(StoreError) {
        guard isName(form.name) else { throw .invalidName(form.name) }
        for field in form.fields where !isName(field.id) {
            throw .invalidName(field.id)
        }
    }

    /// `"name"`, with any `"` doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `'text'`, with any `'` doubled.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
