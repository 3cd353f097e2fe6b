/// An order the list can be sorted in besides newest first (the `s` key): by
/// a field, either in a ranking of its values (a priority's grid: High before
/// Medium before Low) or, without one, by the value itself (a date, earliest
/// first). Empty values go last; ties stay newest first.
public struct RecordListSort: Equatable, Sendable {
    /// The field's id.
    public var field: String
    /// The values in rank order (the keys of the field's grid); nil: by the value.
    public var ranking: [String]?

    public init(field: String, ranking: [String]? = nil) {
        self.field = field
        self.ranking = ranking
    }

    /// The orders a form's records can be sorted in: by each date field (earliest
    /// first), then by each strict grid field, in the order of its grid's keys.
    /// `keys` gives a field's grid keys (nil: it has no grid).
    public static func offered(for form: Form, keys: (Field) -> [String]?) -> [RecordListSort] {
        let dates = form.fields.filter { $0.type == .date && !$0.multiple }.map { RecordListSort(field: $0.id) }
        let ranked = form.fields.compactMap { field -> RecordListSort? in
            guard field.strict, !field.multiple, field.type == .text, let keys = keys(field), !keys.isEmpty else {
                return nil
            }
            return RecordListSort(field: field.id, ranking: keys)
        }
        return dates + ranked
    }

    /// Whether `a` comes before `b` in this order.
    func precedes(_ a: RecordListRow, _ b: RecordListRow) -> Bool {
        let left = rank(a), right = rank(b)
        if left != right { return left < right }
        return a.id > b.id
    }

    /// Where a row goes: present values first (by rank, else by text), empty ones last.
    private func rank(_ row: RecordListRow) -> Rank {
        let text = row.values[field]?.text ?? ""
        if text.isEmpty { return Rank(group: 2, index: 0, text: "") }
        if let ranking {
            // A value the grid does not have goes after those it has.
            guard let index = ranking.firstIndex(of: text) else { return Rank(group: 1, index: 0, text: text) }
            return Rank(group: 0, index: index, text: "")
        }
        return Rank(group: 0, index: 0, text: text)
    }

    private struct Rank: Comparable {
        var group: Int
        var index: Int
        var text: String

        static func < (a: Rank, b: Rank) -> Bool {
            (a.group, a.index, a.text) < (b.group, b.index, b.text)
        }
    }

    /// The footer's and the title's words for it: `by Due`.
    public func describe(in form: Form, language: Language = .english) -> String {
        language.text(said(in: form))
    }

    /// The order as a message: `by Due`.
    public func said(in form: Form) -> Message {
        .sortedBy(TerminalSafe.escaped(form.field(id: field)?.label ?? field))
    }
}

extension RecordListEngine {
    /// The order `s` goes to next: the first offered, then each in turn, then
    /// newest first again. Nil when the list is (or goes back to) newest first.
    public static func nextSort(_ state: RecordListState) -> RecordListSort? {
        guard let current = state.sort, let index = state.sorts.firstIndex(of: current) else {
            return state.sorts.first
        }
        return state.sorts.indices.contains(index + 1) ? state.sorts[index + 1] : nil
    }

    /// The rows in the list's order (newest first when it has none), the
    /// highlight kept on the record it was on.
    static func applySort(_ state: inout RecordListState) {
        let highlighted = state.highlighted?.id
        if let sort = state.sort {
            state.rows.sort(by: sort.precedes)
        } else {
            state.rows.sort { $0.id > $1.id }
        }
        if let highlighted, let index = state.rows.firstIndex(where: { $0.id == highlighted }) {
            state.highlight = index
        }
        keepHighlightInView(&state)
    }
}
