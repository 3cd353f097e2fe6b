/// The typed values of one submitted form, in the form's field order.
/// A nil value is an empty field.
public struct Record: Equatable, Sendable {
    public var values: [(id: String, value: FieldValue?)] {
        didSet { positions = Self.positions(of: values) }
    }
    /// Where each id is in `values` (the first, should one repeat): every
    /// lookup by id is constant time, so writing a record out is linear in its fields.
    private var positions: [String: Int]

    public init(values: [(id: String, value: FieldValue?)]) {
        self.values = values
        positions = Self.positions(of: values)
    }

    /// Every field of `form` in order, its value looked up in `values` (missing → nil).
    public init(form: Form, values: [String: FieldValue]) {
        self.init(values: form.fields.map { ($0.id, values[$0.id]) })
    }

    /// Whether the record holds field `id` (empty or not): a field its form did
    /// not ask (`when:`) is not in it.
    public func holds(_ id: String) -> Bool { positions[id] != nil }

    /// The value of the field `id`; nil when the field is empty or not in the record.
    public subscript(id: String) -> FieldValue? {
        positions[id].flatMap { values[$0].value }
    }

    private static func positions(of values: [(id: String, value: FieldValue?)]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(values.count)
        for (index, entry) in values.enumerated() where positions[entry.id] == nil { positions[entry.id] = index }
        return positions
    }

    public static func == (a: Record, b: Record) -> Bool {
        a.values.count == b.values.count
            && zip(a.values, b.values).allSatisfy { $0.id == $1.id && $0.value == $1.value }
    }
}
