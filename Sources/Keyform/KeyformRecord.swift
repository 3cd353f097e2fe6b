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
    /// `"YYYY-MM-DD"`, a ``MultipleChoiceField``'s picks as an array of strings
    /// (`["Sunset","Food"]`), and `null` for other empty fields.
    public let json: String
    /// The form's `template` rendered with the record (without the newline); nil
    /// when the form has no template.
    public let templateLine: String?

    init(_ record: Record, form: Form) {
        formName = form.name
        ids = form.fields.map(\.id)
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
    /// or ``KeyformDate``, empty non-text fields as `nil` (use optionals), choices as
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
            throw KeyformError.decodingFailed("the record of '\(formName)' does not decode into \(Value.self): \(Self.describe(error))")
        } catch {
            throw KeyformError.decodingFailed("the record of '\(formName)' does not decode into \(Value.self): \(error)")
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
            return "\(path(context))the form has no field '\(key.stringValue)' (give the property a default or make it optional, or add the field)"
        case .valueNotFound(let type, let context):
            return "\(path(context))the field is empty but \(type) is not optional (make the property optional, or the field required)"
        case .typeMismatch(let type, let context):
            return "\(path(context))expected \(type): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context))\(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// A typed value of one field.
public enum KeyformValue: Sendable, Hashable, CustomStringConvertible {
    /// A text field's value (also a choice).
    case text(String)
    /// An integer field's value.
    case integer(Int)
    /// A number field's value.
    case number(Double)
    /// A date field's value.
    case date(KeyformDate)
    /// A boolean field's value.
    case boolean(Bool)
    /// A ``MultipleChoiceField``'s value (a form file's `multiple: true`): the
    /// picked key texts, in the order picked; never empty (a field with nothing
    /// picked has no value).
    case list([String])

    init(_ value: FieldValue) {
        switch value {
        case .text(let text): self = .text(text)
        case .integer(let number): self = .integer(number)
        case .number(let number): self = .number(number)
        case .date(let date): self = .date(KeyformDate(date))
        case .boolean(let flag): self = .boolean(flag)
        case .list(let items): self = .list(items)
        }
    }

    /// The value as the field shows it: text as typed, numbers as JSON writes them
    /// (`400`, `1.5`), dates as `YYYY-MM-DD`, booleans as `yes`/`no`, lists joined with `, `.
    public var description: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .number(let number): FieldValue.format(number)
        case .date(let date): date.description
        case .boolean(let flag): flag ? "yes" : "no"
        case .list(let items): FieldValue.joined(items)
        }
    }
}

/// A day in the calendar, without a time or a time zone: the value of a date field.
///
/// Decodes from and encodes to `"YYYY-MM-DD"`, so a struct can hold a date field as
/// `var due: KeyformDate?`.
public struct KeyformDate: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The year (four digits in `description`).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// The day, or nil when there is no such day (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
        self.init(date)
    }

    /// The day written `YYYY-MM-DD`, or nil.
    public init?(_ description: String) {
        guard let date = CivilDate(iso: description) else { return nil }
        self.init(date)
    }

    init(_ date: CivilDate) {
        year = date.year
        month = date.month
        day = date.day
    }

    var civil: CivilDate { CivilDate(year: year, month: month, day: day) ?? CivilDate(daysSinceEpoch: 0) }

    /// Today on the wall clock of `timeZone`.
    public static func today(in timeZone: TimeZone = .current) -> KeyformDate {
        KeyformDate(CivilDate.today(in: timeZone))
    }

    /// `YYYY-MM-DD`.
    public var description: String { civil.description }

    /// Earlier days come first.
    public static func < (a: KeyformDate, b: KeyformDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Decodes `"YYYY-MM-DD"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = KeyformDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date written YYYY-MM-DD")
        }
        self = date
    }

    /// Encodes `"YYYY-MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
