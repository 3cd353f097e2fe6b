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

    /// How many fields' values differ by `same` from the ones `values` (as many)
    /// holds, counted up to `limit`, and one of them: the first when fewer than
    /// `limit` differ; and how many fields were compared. Read in place: the memo
    /// compares a key's 200 entries this way (reading each through the subscript
    /// copied it).
    func differences(
        from values: [Element], limit: Int, by same: (Element, Element) -> Bool
    ) -> (first: Int?, count: Int, compared: Int) {
        precondition(values.count == whole.count, "\(values.count) values for \(whole.count) fields")
        var (first, count, compared) = (Int?.none, 0, 0)
        func differs(_ field: Int) {
            first = Swift.min(first ?? field, field)
            count += 1
        }
        // The fields changed first (a key typed again into its field is found at once),
        // then the others, each changed one compared by its change alone.
        for change in changes where count < limit {
            compared += 1
            if !same(change.value, values[change.field]) { differs(change.field) }
        }
        for field in whole.indices where count < limit {
            if !changes.isEmpty, changes.contains(where: { $0.field == field }) { continue }
            compared += 1
            if !same(whole[field], values[field]) { differs(field) }
        }
        return (first, count, compared)
    }
}

extension ByField: Equatable where Element: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

extension ByField: Sendable where Element: Sendable {}
