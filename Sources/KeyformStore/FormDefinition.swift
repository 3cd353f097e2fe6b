import Foundation
import KeyformCore

/// What the store keeps of a form's definition, written with its records, so
/// that `keyform records list NAME` reads them from any folder as the form file
/// would: each field's id (in order), label, type, `multiple` and boolean
/// `states` words — what a list, an export and `--where` need of a field. The
/// rest of a form (layouts, defaults, validation) is the file's business:
/// running the form needs the file.
///
/// Stored as JSON (`_form.fields` in SQLite): an array of objects, one per
/// field, `{"id":…,"label":…,"type":…}` plus `"multiple":true` and
/// `"states":{"no":…,"yes":…}` when the field has them. Without it (a database
/// written by a version that did not keep it) the store guesses (`StoredForm`).
package struct FormDefinition: Equatable, Sendable {
    /// One field as stored.
    package struct FieldEntry: Codable, Equatable, Sendable {
        package var id: String
        package var label: String
        /// A `Field.ValueType` raw value.
        package var type: String
        package var multiple: Bool?
        package var states: States?

        package struct States: Codable, Equatable, Sendable {
            package var no: String
            package var yes: String
        }
    }

    package var fields: [FieldEntry]

    /// What the store keeps of `form`.
    package init(_ form: Form) {
        fields = form.valueFields.map { field in
            FieldEntry(
                id: field.id, label: field.label, type: field.type.rawValue, multiple: field.multiple ? true : nil,
                states: field.states.map { FieldEntry.States(no: $0.no, yes: $0.yes) })
        }
    }

    /// The definition as `json` stored it; nil when it is not one this version
    /// reads (a type it does not know): the caller then guesses.
    package init?(json: String) {
        guard let fields = try? JSONDecoder().decode([FieldEntry].self, from: Data(json.utf8)),
            fields.allSatisfy({ Field.ValueType(rawValue: $0.type) != nil })
        else { return nil }
        self.fields = fields
    }

    /// The JSON stored: the same text for the same definition (keys sorted), so
    /// that comparing texts tells whether the form changed.
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // An array of strings and booleans always encodes.
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The form it describes, named `name`: one page of its fields.
    package func form(named name: String) -> Form {
        Form(
            name: name,
            pages: [
                Form.Page(
                    fields: fields.map { entry in
                        Field(
                            id: entry.id, label: entry.label, type: Field.ValueType(rawValue: entry.type) ?? .text,
                            multiple: entry.multiple ?? false,
                            states: entry.states.map { Field.States(no: $0.no, yes: $0.yes) })
                    })
            ])
    }
}
