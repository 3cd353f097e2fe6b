import Foundation
import KeyformCore

/// A store of plain values in memory, gone with the value: the second backend
/// of `RecordStore`, so that the shared store tests say what a backend must do
/// rather than what SQLite happens to do, and so that tests of a run need no
/// database file. It answers as `AppDatabase` does, value conversions included.
public final class MemoryStore: RecordStore, @unchecked Sendable {
    /// One stored record: its fields in the order of the form it was saved with.
    private struct Entry {
        var id: Int64
        var form: String
        var created: Date
        var updated: Date
        var fields: [String]
        var values: [String: FieldValue]
        /// Nil: stored before stores knew authors (tests put such records in with `author: nil`).
        var author: String?
    }

    /// What every author's view of one memory store shares (`sharing(as:)`).
    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var entries: [Entry] = []
        /// By form, then author ("" for a draft of no author).
        var drafts: [String: [String: Draft]] = [:]
        /// Each form's definition as its newest record was stored with (`FormDefinition`).
        var definitions: [String: FormDefinition] = [:]
        var lastID: Int64 = 0
        /// How many times the records changed, by any author (`changeMark`).
        var changes: Int64 = 0
    }

    private let shared: Shared
    private let now: @Sendable () -> Date
    private var lock: NSLock { shared.lock }
    /// Every change of the records goes through here, and is counted (`changeMark`).
    private var entries: [Entry] {
        get { shared.entries }
        set {
            shared.entries = newValue
            shared.changes += 1
        }
    }
    private var definitions: [String: FormDefinition] {
        get { shared.definitions }
        set { shared.definitions = newValue }
    }
    private var lastID: Int64 {
        get { shared.lastID }
        set { shared.lastID = newValue }
    }
    /// The author records are saved with: nil only for a test's store of records from before authors.
    private let savingAuthor: String?

    /// - Parameter author: who works on it (`RecordStore.author`).
    /// - Parameter now: the clock for `created`, `updated` and `saved`.
    public convenience init(author: String = StoreAuthor.current, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(shared: Shared(), author: author, now: now)
    }

    private init(shared: Shared, author: String?, now: @escaping @Sendable () -> Date) {
        self.shared = shared
        self.savingAuthor = author
        self.now = now
    }

    /// The same records and drafts, worked on by `author` (another terminal on
    /// a shared store); nil: as a version from before authors saved them (its
    /// records and draft have no author).
    public func sharing(as author: String?) -> MemoryStore {
        MemoryStore(shared: shared, author: author, now: now)
    }

    public var location: String { ":memory:" }

    /// How many times any author changed the records (this one's changes too).
    public func changeMark() throws(StoreError) -> Int64? {
        lock.withLock { shared.changes }
    }

    public var author: String { savingAuthor ?? "" }

    /// A record this author may take history and `default: last` from: theirs, or of no author.
    private func isMine(_ entry: Entry) -> Bool {
        entry.author == nil || entry.author == savingAuthor
    }

    // MARK: - Records

    @discardableResult
    public func saveRecord(_ record: KeyformCore.Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64 {
        let (fields, values) = try Self.storable(record, form: form)
        let time = now()
        return lock.withLock {
            lastID += 1
            entries.append(
                Entry(
                    id: lastID, form: form.name, created: time, updated: time, fields: fields, values: values,
                    author: savingAuthor))
            definitions[form.name] = FormDefinition(form)
            if removingDraft { removeDrafts(form.name) }
            return lastID
        }
    }

    /// Every record is checked before any is kept: all or none, as in one transaction.
    @discardableResult
    public func saveRecords(_ records: [DatedRecord], form: Form) throws(StoreError) -> [Int64] {
        let time = now()
        var storable: [(created: Date, fields: [String], values: [String: FieldValue])] = []
        for dated in records {
            let (fields, values) = try Self.storable(dated.record, form: form)
            storable.append((dated.created ?? time, fields, values))
        }
        return lock.withLock {
            definitions[form.name] = FormDefinition(form)
            return storable.map { created, fields, values in
                lastID += 1
                entries.append(
                    Entry(
                        id: lastID, form: form.name, created: created, updated: created, fields: fields, values: values,
                        author: savingAuthor))
                return lastID
            }
        }
    }

    @discardableResult
    public func copyRecords(_ records: [StoredRecord], form: Form) throws(StoreError) -> [Int64] {
        var storable: [(stored: StoredRecord, fields: [String], values: [String: FieldValue])] = []
        for stored in records {
            let (fields, values) = try Self.storable(stored.values, form: form)
            storable.append((stored, fields, values))
        }
        return lock.withLock {
            definitions[form.name] = FormDefinition(form)
            return storable.map { stored, fields, values in
                lastID += 1
                entries.append(
                    Entry(
                        id: lastID, form: form.name, created: stored.created, updated: stored.updated, fields: fields,
                        values: values, author: stored.author))
                return lastID
            }
        }
    }

    public func updateRecord(
        id: Int64, _ record: KeyformCore.Record, form: Form, ifUpdated expected: Date?
    ) throws(StoreError) {
        let (fields, values) = try Self.storable(record, form: form)
        let time = now()
        let failure: StoreError? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.id == id && $0.form == form.name }) else {
                return .recordNotFound(id: id, form: form.name)
            }
            let changed = entries[index].fields != fields || entries[index].values != values
            if changed, entries[index].values != values, let expected, entries[index].updated != expected {
                return .recordChanged(id: id, form: form.name)
            }
            definitions[form.name] = FormDefinition(form)
            // Values as stored already write nothing: `updated` stays when nothing changed.
            guard changed else { return nil }
            entries[index].fields = fields
            entries[index].values = values
            entries[index].updated = time
            return nil
        }
        if let failure { throw failure }
    }

    @discardableResult
    public func deleteRecord(id: Int64, form: Form) throws(StoreError) -> Bool {
        lock.withLock {
            guard let index = entries.firstIndex(where: { $0.id == id && $0.form == form.name }) else { return false }
            entries.remove(at: index)
            return true
        }
    }

    public func records(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        if let limit, limit <= 0 { return [] }
        var result: [StoredRecord] = []
        for entry in try matching(form, matches) where beforeID.map({ entry.id < $0 }) ?? true {
            if let limit, result.count == limit { break }
            let values = form.valueFields.map { field in (field.id, Self.read(entry.values[field.id], as: field)) }
            result.append(
                StoredRecord(
                    id: entry.id, created: entry.created, updated: entry.updated,
                    values: KeyformCore.Record(values: values),
                    author: entry.author))
        }
        return result
    }

    public func recordCount(form: Form, where matches: [FieldMatch]) throws(StoreError) -> Int {
        try matching(form, matches).count
    }

    /// The form's records where every match holds, newest first.
    private func matching(_ form: Form, _ matches: [FieldMatch]) throws(StoreError) -> [Entry] {
        var fields: [Field] = []
        for match in matches {
            guard let field = form.field(id: match.field) else {
                throw .unknownField(form: form.name, field: match.field)
            }
            fields.append(field)
        }
        return newestFirst(form.name).filter { entry in
            zip(matches, fields).allSatisfy { match, field in
                let stored = entry.values[field.id]
                // A list field matches when the list holds the item (`--where tags=Food`).
                if field.multiple, case .text(let item)? = match.value, case .list(let items)? = stored {
                    return items.contains(item)
                }
                return stored.map { StoredValues.convert($0, to: field.type) } == match.value
            }
        }
    }

    private func newestFirst(_ form: String) -> [Entry] {
        lock.withLock { entries.filter { $0.form == form }.reversed() }
    }

    // MARK: - History and choices

    public func history(form: Form, field: String, limit: Int) throws(StoreError) -> [String] {
        guard let type = form.field(id: field)?.type else { throw .unknownField(form: form.name, field: field) }
        var seen = Set<String>()
        var result: [String] = []
        for entry in newestFirst(form.name) where result.count < limit && isMine(entry) {
            guard let value = entry.values[field] else { continue }
            let text = StoredValues.convert(value, to: type).text
            if !text.isEmpty, seen.insert(text).inserted { result.append(text) }
        }
        return result
    }

    public func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput? {
        guard let described = form.field(id: field) else { throw .unknownField(form: form.name, field: field) }
        guard let value = newestFirst(form.name).first(where: isMine)?.values[field] else { return nil }
        let input = FieldInput(described.kind.fromStored(value, field: described) ?? value)
        return input.isEmpty ? nil : input
    }

    public func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] {
        Self.ordered(newestFirst(source.form), source)
    }

    public func choicePairs(
        _ source: Field.ChoiceSource, by other: String
    ) throws(StoreError) -> [(value: String, key: String)] {
        let records = newestFirst(source.form)
        var keys: [String] = []
        var byKey: [String: [Entry]] = [:]
        for entry in records {
            guard let held = entry.values[other] else { continue }
            if case .list = held { continue }
            let key = Self.shown(held)
            guard !key.isEmpty else { continue }
            if byKey[key] == nil { keys.append(key) }
            byKey[key, default: []].append(entry)
        }
        var unlimited = source
        unlimited.limit = Int.max
        return keys.flatMap { key in Self.ordered(byKey[key] ?? [], unlimited).map { (value: $0, key: key) } }
    }

    /// `records` (newest first) offering `source.field`'s values as `choiceValues` orders them.
    private static func ordered(_ records: [Entry], _ source: Field.ChoiceSource) -> [String] {
        // Each item: the newest record holding it (its rank), its place in that
        // record's list, and how many records hold it.
        var found: [String: (newest: Int, place: Int, count: Int)] = [:]
        var order: [String] = []
        for (rank, entry) in records.enumerated() {
            guard let value = entry.values[source.field] else { continue }
            let items: [String] = if case .list(let list) = value { list } else { [Self.shown(value)] }
            var counted = Set<String>()
            for (place, item) in items.enumerated() where !item.isEmpty && counted.insert(item).inserted {
                if let known = found[item] {
                    found[item] = (known.newest, known.place, known.count + 1)
                } else {
                    found[item] = (rank, place, 1)
                    order.append(item)
                }
            }
        }
        let sorted = order.sorted { a, b in
            let (x, y) = (found[a]!, found[b]!)
            if source.order == .frequent, x.count != y.count { return x.count > y.count }
            return (x.newest, x.place) < (y.newest, y.place)
        }
        return Array(sorted.prefix(max(0, source.limit)))
    }

    /// A value as a `choices` grid offers it: numbers shortest, booleans yes/no.
    private static func shown(_ value: FieldValue) -> String {
        switch value {
        case .boolean(let flag): flag ? "yes" : "no"
        default: value.text
        }
    }

    public func formNames() throws(StoreError) -> [String] {
        lock.withLock { Set(entries.map(\.form)).sorted() }
    }

    public func storedForm(named name: String) throws(StoreError) -> Form? {
        // Every record is stored with its form's definition: nothing to guess here (`StoredForm`).
        lock.withLock {
            guard entries.contains(where: { $0.form == name }) else { return nil }
            return definitions[name]?.form(named: name)
        }
    }

    // MARK: - Drafts

    public func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError) {
        guard StoreNames.isName(form.name) else { throw .invalidName(form.name) }
        let draft = Draft(form: form.name, values: values, focus: focus, saved: now())
        lock.withLock {
            // A draft of no author is taken over by the one who saves next.
            shared.drafts[form.name, default: [:]][""] = nil
            shared.drafts[form.name, default: [:]][author] = draft
        }
    }

    public func draft(form: Form) throws(StoreError) -> Draft? {
        lock.withLock { shared.drafts[form.name]?[author] ?? shared.drafts[form.name]?[""] }
    }

    @discardableResult
    public func deleteDraft(form: Form) throws(StoreError) -> Bool {
        lock.withLock { removeDrafts(form.name) }
    }

    /// Removes the author's draft of the form and one of no author (under the lock).
    @discardableResult
    private func removeDrafts(_ form: String) -> Bool {
        let mine = shared.drafts[form]?.removeValue(forKey: author) != nil
        let nobodys = shared.drafts[form]?.removeValue(forKey: "") != nil
        return mine || nobodys
    }

    // MARK: - Values

    /// The record's values by field id, refused as `AppDatabase` refuses them
    /// (a bad name, a number that is not finite).
    private static func storable(
        _ record: KeyformCore.Record, form: Form
    ) throws(StoreError) -> ([String], [String: FieldValue]) {
        try StoreNames.validate(form)
        var values: [String: FieldValue] = [:]
        for field in form.valueFields {
            guard let value = record[field.id] else { continue }
            _ = try StoredValues.json(value, field: field.id)  // what the kind cannot store (a number not finite)
            values[field.id] = value
        }
        return (form.valueFields.map(\.id), values)
    }

    /// A stored value read by `field` as it is now (as the SQLite backend decodes it).
    private static func read(_ value: FieldValue?, as field: Field) -> FieldValue? {
        value.flatMap { field.kind.fromStored($0, field: field) }
    }
}
