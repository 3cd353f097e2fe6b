import Foundation
internal import KeyformCore

/// The typed values of one submitted form: what ``KeyformForm/run()`` returns.
///
/// Read a value by field id, or decode the whole record into a type of your own
/// with ``decode(_:)`` (``KeyformForm/run(as:)`` does that for you):
///
/// ```swift
/// let record = try await form.run()
/// if case .text(let text)? = record["text"] { print(text) }
/// if case .list(let tags)? = record["tags"] { print(tags) }   // a MultipleChoiceField
/// print(record.json)   // {"text":"Buy milk","priority":"High","due":null}
/// ```
public struct KeyformRecord: Sendable, Equatable, CustomStringConvertible {
    /// The form's `name`: the kind of record (the store keeps records by it).
    public let formName: String
    /// The field ids, in the form's order.
    public let ids: [String]
    /// The values by field id; an empty field has none.
    public let values: [String: KeyformValue]
    /// One JSON object, field id to value, in field order, as `keyform run` prints
    /// it (without the newline): text as strings (`""` when empty), integer and
    /// number fields as numbers, booleans as `true`/`false`, dates as
    /// `"YYYY-MM-DD"`, times as `"HH:MM"`, a ``MultipleChoiceField``'s picks as an array of strings
    /// (`["Sunset","Food"]`), and `null` for other empty fields.
    public let json: String
    /// The form's `template` rendered with the record (without the newline); nil
    /// when the form has no template.
    public let templateLine: String?

    init(_ record: Record, form: Form) {
        formName = form.name
        ids = form.valueFields.map(\.id)
        var values: [String: KeyformValue] = [:]
        for (id, value) in record.values {
            if let value { values[id] = KeyformValue(value) }
        }
        self.values = values
        var json = RecordFormat.json(record, form: form)
        if json.hasSuffix("\n") { json.removeLast() }
        self.json = json
        var line = try? RecordFormat.template(record, form: form)
        if line?.hasSuffix("\n") == true { line?.removeLast() }
        templateLine = line
    }

    /// The value of the field `id`; nil when the field was left empty (or the form has no such field).
    public subscript(id: String) -> KeyformValue? { values[id] }

    /// The record decoded from its ``json`` into `type`: integer and number fields
    /// decode as numbers (`Int`, `Double`), booleans as `Bool`, dates as `String`
    /// or ``KeyformDate``, times as `String` or ``KeyformTime``, empty non-text
    /// fields as `nil` (use optionals), choices as
    /// `String` or a `String` enum, and a ``MultipleChoiceField``'s picks as
    /// `[String]` or an array of a `String` enum (`nil` when nothing was picked:
    /// use `[String]?` unless the field is required).
    /// - Throws: ``KeyformError/decodingFailed(_:)`` when the record does not fit the type.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try decoded()
    }

    /// ``decode(_:)`` with the type inferred: no metatype is passed, so the value
    /// can be sent from the main actor even when `Value` is not `Sendable`.
    func decoded<Value: Decodable>() throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw KeyformError.decodingFailed(
                "the record of '\(formName)' does not decode into \(Value.self): \(Self.describe(error))")
        } catch {
            throw KeyformError.decodingFailed(
                "the record of '\(formName)' does not decode into \(Value.self): \(error)")
        }
    }

    /// The record as JSON.
    public var description: String { json }

    /// A decoding error in words: which field, and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "" : "field '\(keys)': "
        }
        switch error {
        case .keyNotFound(let key, let context):
            return
                "\(path(context))the form has no field '\(key.stringValue)' (give the property a default or make it optional, or add the field)"
        case .valueNotFound(let type, let context):
            return
                "\(path(context))the field is empty but \(type) is not optional (make the property optional, or the field required)"
        case .typeMismatch(let type, let context):
            return "\(path(context))expected \(type): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context))\(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
