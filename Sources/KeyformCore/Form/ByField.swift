/// One value per field, by field index, that a later evaluation makes from an
/// earlier one with a few fields changed, sharing the others: a typed key
/// changes one field's result, and copying the 200 results of a large form
/// (each an enum with payloads, retained one by one) three times a key was
/// what such a key cost most once it decided its field alone (issue 27,
/// DECISIONS 92). Reads as an array of the values; equal when they are.
public struct ByField<Element>: RandomAccessCollection {
    /// The values as they were last made whole: shared by the evaluations made
    /// from them, never changed while another holds them (an array's copy on write).
    private var whole: [Element]
    /// The fields changed since, each once, with its value: read before `whole`.
    private var changes: [(field: Int, value: Element)] = []
    /// How many fields may differ from `whole` before the values are made whole
    /// again: each read looks through them, and a key changes one.
    static var changesKept: Int { 8 }

    init(_ values: [Element]) { whole = values }

    public var startIndex: Int { 0 }
    public var endIndex: Int { whole.count }

    public subscript(field: Int) -> Element {
        for change in changes where change.field == field { return change.value }
        return whole[field]
    }

    /// These values with field `field`'s replaced: the others shared, until
    /// more than `changesKept` fields differ (then copied once, whole).
    func replacing(_ field: Int, with value: Element) -> Self {
        precondition(whole.indices.contains(field), "field \(field) of \(whole.count)")
        var copy = self
        if let index = changes.firstIndex(where: { $0.field == field }) {
            copy.changes[index].value = value
        } else if changes.count < Self.changesKept {
            copy.changes.append((field, value))
        } else {
            for change in changes { copy.whole[change.field] = change.value }
            copy.whole[field] = value
            copy.changes = []
        }
        return copy
    }
}

extension ByField: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

extension ByField: Sendable where Element: Sendable {}
