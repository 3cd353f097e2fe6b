/// The typed values of one submitted form, in the form's field order.
/// A nil value is an empty field.
public struct Record: Equatable, Sendable {
    public var values: [(id: String, value: FieldValue?)]

    public init(values: [(id: String, value: FieldValue?)]) {
        self.values = values
    }

    /// Every field of `form` in order, its value looked up in `values` (missing → nil).
    public init(form: Form, values: [String: FieldValue]) {
        self.values = form.fields.map { ($0.id, values[$0.id]) }
    }

    /// The value of the field `id`; nil when the field is empty or not in the record.
    public subscript(id: String) -> FieldValue? {
        values.first { $0.id == id }?.value
    }

    public static func == (a: Record, b: Record) -> Bool {
        a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }
}
