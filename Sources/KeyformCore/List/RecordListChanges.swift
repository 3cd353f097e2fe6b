/// What a list asks the store once another terminal changed the records
/// (`.storeChanged`): only what changed, not every row it shows (DECISIONS 83).
public struct RecordListChangeQuery: Equatable, Sendable {
    /// The ids of the list's oldest and newest loaded rows: the store says which
    /// ids between them are still stored (keys only), and a row not among them
    /// was deleted.
    public var ids: ClosedRange<Int64>
    /// Records newer than this one that meet `matching` are new rows at the
    /// list's top (added however: an import keeps older times). Nil: the list
    /// shows its oldest end, and the rows above it are read as it scrolls there.
    public var newerThan: Int64?
    /// The list's conditions (scope and filters).
    public var matching: [FieldMatch]

    public init(ids: ClosedRange<Int64>, newerThan: Int64?, matching: [FieldMatch]) {
        self.ids = ids
        self.newerThan = newerThan
        self.matching = matching
    }
}

/// The store's answer to a `RecordListChangeQuery`.
public struct RecordListChanges: Equatable, Sendable {
    /// The ids the query asked about (`RecordListChangeQuery.ids`).
    public var ids: ClosedRange<Int64>
    /// Which of those are still stored.
    public var present: Set<Int64>
    /// The records added or edited since the list last looked, whatever its
    /// conditions (an edit may take a record out of a filtered list, or into
    /// it), and those newer than the query's `newerThan` that meet them; as stored now.
    public var rows: [RecordListRow]
    /// How many records meet the list's conditions now.
    public var total: Int

    public init(ids: ClosedRange<Int64>, present: Set<Int64>, rows: [RecordListRow], total: Int) {
        self.ids = ids
        self.present = present
        self.rows = rows
        self.total = total
    }
}

extension RecordListEngine {
    /// What `.storeChanged` asks the store: about the rows loaded, and the newer
    /// records when the list shows its newest end (or every record). Nil when
    /// no row is loaded: the list is read again (`.refresh`).
    static func changeQuery(_ state: RecordListState) -> RecordListChangeQuery? {
        guard let lowest = state.rows.map(\.id).min(), let highest = state.rows.map(\.id).max() else { return nil }
        let showsNewest = state.loadedEnd == .newest || state.isComplete
        return RecordListChangeQuery(
            ids: lowest...highest, newerThan: showsNewest ? highest : nil, matching: state.matches)
    }

    /// The rows as they are after `changes`: a deleted row goes, an edited one
    /// is replaced (or goes, when it no longer meets the conditions; or comes,
    /// when it now does), a new one comes at its place by id. A record beyond
    /// the loaded rows at an end not loaded is left for the scroll that reads it.
    static func merge(_ changes: RecordListChanges, into state: inout RecordListState, _ form: Form) {
        let complete = state.isComplete
        let window = changes.ids
        // Where a record not among the rows belongs in the list as loaded.
        func belongs(_ id: Int64) -> Bool {
            if window.contains(id) { return changes.present.contains(id) }
            if id > window.upperBound { return state.loadedEnd == .newest || complete }
            return state.loadedEnd == .oldest || complete
        }
        // By id, in one pass each (a list may hold 10,000 rows and take as many changes).
        var meeting: [Int64: RecordListRow] = [:]
        var leaving = Set<Int64>()
        for row in changes.rows {
            if state.matches.allSatisfy({ $0.matches(row.values, in: form) }) {
                meeting[row.id] = row
            } else {
                leaving.insert(row.id)
            }
        }
        var rows: [RecordListRow] = []
        rows.reserveCapacity(state.rows.count + meeting.count)
        for row in state.rows where !leaving.contains(row.id) {
            guard !window.contains(row.id) || changes.present.contains(row.id) else { continue }  // deleted
            rows.append(meeting.removeValue(forKey: row.id) ?? row)
        }
        // What is left is new to the list: newest first by id, or in the list's order (below).
        let added = meeting.values.filter { belongs($0.id) }
        if !added.isEmpty {
            rows += added
            if state.sort == nil { rows.sort { $0.id > $1.id } }
        }
        state.rows = rows
        state.total = max(rows.count, changes.total)
        if state.sort != nil { applySort(&state) }
    }
}
