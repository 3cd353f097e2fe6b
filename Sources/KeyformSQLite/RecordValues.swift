import Foundation
import GRDB
import KeyformCore
import KeyformStore

/// Keyform's record, not GRDB's `Record` class (both modules have one).
typealias Record = KeyformCore.Record

/// How a record's values are written into `_record.data` and read back.
///
/// `data` is one JSON object, field id → value, in the form's field order; each
/// value as its kind stores it (`StoredValues`: `FieldKind.storedJSON`, `fromStored`):
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
    /// The SQL value `json_extract` gives for `value` (what `WHERE` compares with):
    /// SQLite reads JSON `true` as 1, a number with a point as REAL.
    static func sqlValue(_ value: FieldValue) -> DatabaseValue {
        switch value {
        case .boolean(let flag): (flag ? 1 : 0).databaseValue
        case .integer(let number): Int64(number).databaseValue
        case .number(let number): number.databaseValue
        // A list's column is its array's JSON text, as stored.
        case .list: (value.kind.storedJSON(value) ?? "[]").databaseValue
        default: value.text.databaseValue
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
    static func decode(
        jsonType: String?, value: DatabaseValue, as type: Field.ValueType, multiple: Bool = false
    ) -> FieldValue? {
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
}

/// SQL names and literals.
enum SQLText {
    /// `"name"`, with any `"` doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `'text'`, with any `'` doubled.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
