import Foundation
import KeyformCore

/// What every backend stores of a record's values, the same way: `data`, one
/// JSON object, field id → value in the form's field order, each value as its
/// kind writes it (`FieldKind.storedJSON`), and read back by the field's kind
/// (`FieldKind.fromStored`). A backend owns its SQL; the JSON is shared, so a
/// record moved between stores reads the same.
package enum StoredValues {
    /// The `data` JSON of `record`, with one key per field of `form`.
    package static func json(_ record: KeyformCore.Record, form: Form) throws(StoreError) -> String {
        var out = "{"
        for (index, field) in form.valueFields.enumerated() {
            if index > 0 { out += "," }
            out += RecordFormat.jsonString(field.id)
            out += ":"
            out += try json(record[field.id], field: field.id)
        }
        return out + "}"
    }

    /// One value's JSON; `null` for an empty field.
    package static func json(_ value: FieldValue?, field: String) throws(StoreError) -> String {
        guard let value else { return "null" }
        guard let json = value.kind.storedJSON(value) else {
            throw .invalidValue(field: field, reason: "\(value.text) cannot be stored")
        }
        return json
    }

    /// A value stored under another type, as a value of `type` when that is exact
    /// (the kind's `fromStored`, for a field that is not `multiple`).
    package static func convert(_ value: FieldValue, to type: Field.ValueType) -> FieldValue {
        type.kind.fromStored(value, field: Field(id: "value", type: type)) ?? value
    }
}

/// Form names and field ids as every backend accepts them.
package enum StoreNames {
    /// `[a-z][a-z0-9_]*`: what the form parser allows for form names and field ids.
    package static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }

    /// Throws unless the form's name and every field id are names.
    package static func validate(_ form: Form) throws(StoreError) {
        guard isName(form.name) else { throw .invalidName(form.name) }
        for field in form.fields where !isName(field.id) {
            throw .invalidName(field.id)
        }
    }
}
