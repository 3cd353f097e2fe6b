import Foundation
import KeyformCore
import KeyformStore

/// Values read back from `data` (jsonb) as `jsonb_typeof(v)` and `v #>> '{}'`
/// give them: the same stored JSON as every backend (`StoredValues`), read by
/// the field's kind.
///
/// jsonb keeps a number's digits as written (`400.0` stays `400.0`), so a
/// number with a point or an exponent reads as a number and one without as an
/// integer, as SQLite's `json_type` tells `real` from `integer`.
enum PostgresValues {
    /// The value as stored (text, integer, number, boolean, list); nil for null or absent.
    static func stored(type: String?, text: String?) -> FieldValue? {
        guard let type, let text else { return nil }
        switch type {
        case "string": return .text(text)
        case "boolean": return .boolean(text == "true")
        case "number":
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(text) {
                return .integer(integer)
            }
            return Double(text).map(FieldValue.number)
        case "array":
            return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))).map(FieldValue.list)
        default: return nil
        }
    }

    /// A stored value as `field`'s (a value stored under another type converted when that is exact).
    static func decode(type: String?, text: String?, as field: Field) -> FieldValue? {
        guard let stored = stored(type: type, text: text) else { return nil }
        return field.kind.fromStored(stored, field: field)
    }

    /// A value as a field shows it without its form (numbers shortest, booleans
    /// yes/no): a `choices: {from:}` grid's; nil for null, lists and objects.
    static func shown(type: String?, text: String?) -> String? {
        switch stored(type: type, text: text) {
        case .text(let text)?: text
        case .integer(let number)?: String(number)
        case .number(let number)?: FieldValue.format(number)
        case .boolean(let flag)?: flag ? "yes" : "no"
        default: nil
        }
    }
}
