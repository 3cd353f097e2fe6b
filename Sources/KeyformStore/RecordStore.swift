import Foundation
import KeyformCore

/// What a form run, the record browser and the `records` commands ask of a
/// store: records, drafts, field history and the values a `choices` grid offers.
///
/// The run and the command line talk to this protocol only; which backend is
/// behind it is decided where the store is opened. `AppDatabase` (SQLite through
/// GRDB) is the default backend and `MemoryStore` (plain values) the one for
/// tests; a server backend (PostgreSQL) conforms in its own target and nothing
/// else changes. The shared suite in `Tests/KeyformStoreTests/RecordStoreContract.swift`
/// is what a backend must pass (docs/store.md).
///
/// Every method throws `StoreError`, never a backend's own error. Records come
/// back as the form's current fields: a field added after a record was saved is
/// nil in it; a value stored under another type is converted when that is exact.
public protocol RecordStore: AnyObject, Sendable {
    /// Where the records are, for messages: a file path, `:memory:`, a server.
    var location: String { get }

    /// Who works on this store (`StoreAuthor`), given when it is opened: the
    /// drafts, history and `default: last` are this author's, and each record
    /// saved or imported names them. What was stored before stores knew authors
    /// (no author) counts as everyone's: its values are in every author's
    /// history, and a draft of then is resumed by whoever runs the form next.
    var author: String { get }

    /// Whether the store is on this machine (a file; the default): a form then
    /// waits for its drafts' answers. A server's latency is not waited for.
    var isLocal: Bool { get }

    /// Stores a submitted record of `form`, by `author`, and returns its id (unique,
    /// never reused). Unless `removingDraft` is false the author's draft of the
    /// form goes with it, in the same transaction: a submitted form leaves no draft behind.
    @discardableResult
    func saveRecord(_ record: KeyformCore.Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64

    /// `saveRecord(_:form:removingDraft:)` under `token`, the save's own (a
    /// run's: its rescue file carries it). A store whose save may have stored the
    /// record though it throws (a server whose answer was lost) keeps the token
    /// with it, so an import of the rescue file does not store it again
    /// (`saveRecords`). The default, for a store whose failed save stored
    /// nothing (a file's transaction commits or not), ignores it.
    @discardableResult
    func saveRecord(
        _ record: KeyformCore.Record, form: Form, removingDraft: Bool, token: UUID
    ) throws(StoreError) -> Int64

    /// Stores many records of `form` at once, all or none (an import), and returns
    /// their ids in order (new ones, as for any record). Each is created, and
    /// updated, at its `created` time, stored to the millisecond as given; a record
    /// without one is created now. The form's draft is left as it is. A record
    /// whose `token` the store already holds (its save reached the store though
    /// it was rescued) is not stored again, and has no id in the result: the ids
    /// are those of the records stored.
    @discardableResult
    func saveRecords(_ records: [DatedRecord], form: Form) throws(StoreError) -> [Int64]

    /// The same, the records handed over one at a time by `next` until it gives
    /// nil, so that an import never holds them all (`keyform records import`):
    /// all or none, in one transaction. Returns how many were stored: fewer than
    /// were handed over when some `token`s were held already. What `next`
    /// throws stores nothing and is rethrown as it is; the store's own failures are `StoreError`.
    @discardableResult
    func saveRecords(form: Form, from next: () throws -> DatedRecord?) throws -> Int

    /// Stores records copied from another store as they were there
    /// (`keyform records copy`): each keeps its created and updated times (to the
    /// millisecond) and its author — a record of no author stays so — and gets a
    /// new id; all or none. Returns the new ids in order. The form's view and
    /// definition follow `form`, as for any save; drafts are left as they are.
    @discardableResult
    func copyRecords(_ records: [StoredRecord], form: Form) throws(StoreError) -> [Int64]

    /// Replaces the values of record `id` of `form`; `.recordNotFound` when it is gone.
    /// Values equal to those stored write nothing: the record's `updated` stays
    /// (an edit that changed nothing is no edit).
    ///
    /// With `expected` (the `updated` time read when the edit began), only a
    /// record nobody saved since is replaced: one saved meanwhile with other
    /// values throws `.recordChanged` and is left as it is, so an edit never
    /// overwrites another terminal's silently (the caller reads it again and
    /// lets the person choose). Nil: whatever it holds now.
    func updateRecord(id: Int64, _ record: KeyformCore.Record, form: Form, ifUpdated expected: Date?) throws(StoreError)

    /// Deletes record `id` of `form`; false when there was no such record.
    @discardableResult
    func deleteRecord(id: Int64, form: Form) throws(StoreError) -> Bool

    /// The records of `form`, newest first (in the order they were saved),
    /// keeping those where every match holds, at most `limit` (nil: all); with
    /// `beforeID`, only those older than that one (the next page of a list).
    func records(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord]

    /// The other end of `records(form:where:limit:beforeID:)`: the oldest records
    /// of `form` where every match holds, at most `limit` (nil: all), with
    /// `afterID` only those newer than that one; given newest first, as `records`
    /// gives them. What a list reads for End without reading the records in
    /// between (`keyform browse`), and as it scrolls back up from there.
    func oldestRecords(
        form: Form, where matches: [FieldMatch], limit: Int?, afterID: Int64?
    ) throws(StoreError) -> [StoredRecord]

    /// The records `records(form:where:limit:beforeID:)` returns, handed to
    /// `body` one at a time as they are read, so that a long list is never held
    /// whole (`records list|export`). What `body` throws stops the reading and is
    /// rethrown as it is; the store's own failures are `StoreError`. A backend
    /// that cannot stream is served by the default, which reads them all first.
    func forEachRecord(
        form: Form, where matches: [FieldMatch], limit: Int?, _ body: (StoredRecord) throws -> Void) throws

    /// The records `forEachRecord` reads, each as its id, creation time and
    /// values in the form's field order (nil: empty): for writing many out, where
    /// a `StoredRecord` per record is work nobody needs. The default builds them
    /// from `forEachRecord`.
    func forEachRecordValues(
        form: Form, where matches: [FieldMatch], limit: Int?,
        _ body: (_ id: Int64, _ created: Date, _ values: [FieldValue?]) throws -> Void) throws

    /// How many records `form` has where every match holds.
    func recordCount(form: Form, where matches: [FieldMatch]) throws(StoreError) -> Int

    /// Earlier values of `field` in the author's records (and those of no
    /// author) as they show in the field, newest first, each once, empty ones
    /// left out, at most `limit`: readline's history.
    func history(form: Form, field: String, limit: Int) throws(StoreError) -> [String]

    /// The value of `field` in the author's newest record (or one of no author:
    /// `default: last`), as the field is given it (a list as its selection); nil
    /// when there is none or it was empty.
    func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput?

    /// The values a `choices: {from: FORM.FIELD}` grid offers: a field of any
    /// stored form (no need to load it), each value once, newest or most used
    /// first; a list's items one by one.
    func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String]

    /// The values a `choices: {from: FORM.FIELD, by: OTHER}` grid offers, each
    /// with the value its record's OTHER held (as a field shows it), read at once
    /// for every answer: within one key, ordered and each once as `choiceValues`
    /// orders them; records without OTHER left out. No limit: the caller keeps
    /// `limit` values per key (`ChoiceLayout.groups`).
    func choicePairs(
        _ source: Field.ChoiceSource, by other: String
    ) throws(StoreError) -> [(value: String, key: String)]

    /// A mark of the records as this opening of the store last saw them: it
    /// differs from the mark read before whenever another opening (another
    /// process, terminal or machine) has added, edited or deleted a record
    /// since, and stays the same while nobody wrote. It may also change for
    /// other writes (a draft, this opening's own): a reader then reads again for
    /// nothing. Cheap: browse reads it four times a second while its list is
    /// idle (SQLite: `PRAGMA data_version`; a server feeds it from its
    /// notifications, LISTEN/NOTIFY). Nil: the store cannot tell, and lists
    /// are never refreshed.
    func changeMark() throws(StoreError) -> Int64?

    /// What changed among `form`'s records for a list that shows some of them
    /// (browse's refresh once `changeMark` moved; DECISIONS 83): every record
    /// added or edited at or after `since` (its `updated`), whatever the
    /// matches, and every record newer than `afterID` where every match holds
    /// (however it was added: an import or a copy keeps older times); newest
    /// first. What a refresh reads instead of every row it shows.
    func changedRecords(
        form: Form, since: Date, afterID: Int64?, where matches: [FieldMatch]
    ) throws(StoreError) -> [StoredRecord]

    /// The time now by the clock that stamps an edit's `updated`, when it is
    /// not this process's: a server's, so that a list asks `changedRecords`
    /// since a time of the same clock whatever each machine's clock says
    /// (DECISIONS 88). Nil: this machine's clock stamps them (SQLite, memory),
    /// and the caller's own `Date()` is that clock.
    func storeTime() throws(StoreError) -> Date?

    /// The ids of `form`'s records from `lowest` through `highest`, newest
    /// first, read from the keys alone (no values): a list's rows between the
    /// two that are not among them were deleted (no record of a delete is kept).
    func recordIDs(form: Form, from lowest: Int64, through highest: Int64) throws(StoreError) -> [Int64]

    /// The name of every form with stored records, sorted.
    func formNames() throws(StoreError) -> [String]

    /// The form as its records were stored, for reading them without the form
    /// file (`keyform records list NAME` from any folder): the fields' ids in
    /// order, labels, types, `multiple` and boolean `states`, as the form was
    /// when a record of it was last stored (`saveRecord`, `saveRecords`,
    /// `updateRecord` keep them). A store holding records from before it kept
    /// that guesses (`StoredForm`). Nil when the store holds no record of it.
    func storedForm(named name: String) throws(StoreError) -> Form?

    /// Replaces the author's draft of the form: what each field was given (a
    /// line, or a `multiple` field's selection) and the focused field. A draft
    /// of no author is taken over (removed).
    func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError)

    /// `body`'s writes wait at most `milliseconds` for another process's lock
    /// (then `.busy`), for writes that must not freeze the screen (a draft while
    /// a person types).
    func impatient<T>(milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// The author's draft of the form, else one of no author, or nil.
    func draft(form: Form) throws(StoreError) -> Draft?

    /// Removes the author's draft of the form (and one of no author); false when there was none.
    @discardableResult
    func deleteDraft(form: Form) throws(StoreError) -> Bool
}

/// The common shapes of the calls.
extension RecordStore {
    /// Whether the store is on this machine (a file): it answers at once or says
    /// it is busy, so a form waits for its drafts; a server's latency is not
    /// waited for past `StoredFormRun.remoteDraftWaitMilliseconds`.
    public var isLocal: Bool { true }

    /// A store whose failed save stored nothing has no use for the token.
    @discardableResult
    public func saveRecord(
        _ record: KeyformCore.Record, form: Form, removingDraft: Bool, token: UUID
    ) throws(StoreError) -> Int64 {
        try saveRecord(record, form: form, removingDraft: removingDraft)
    }

    /// A store that cannot tell when another process changed it.
    public func changeMark() throws(StoreError) -> Int64? { nil }

    /// A store on this machine: its writers stamp with this machine's clock.
    public func storeTime() throws(StoreError) -> Date? { nil }

    /// Reads every record and keeps those that changed: a backend that can ask
    /// for them alone (the SQLite and PostgreSQL ones) does so.
    public func changedRecords(
        form: Form, since: Date, afterID: Int64?, where matches: [FieldMatch]
    ) throws(StoreError) -> [StoredRecord] {
        try records(form: form, where: [], limit: nil, beforeID: nil).filter { record in
            record.updated >= since
                || afterID.map { record.id > $0 && matches.allSatisfy { $0.matches(record.values, in: form) } } ?? false
        }
    }

    /// Reads every record and keeps the ids: a backend that can read its keys
    /// alone (the SQLite and PostgreSQL ones) does so.
    public func recordIDs(form: Form, from lowest: Int64, through highest: Int64) throws(StoreError) -> [Int64] {
        try records(form: form, where: [], limit: nil, beforeID: nil).map(\.id).filter { lowest <= $0 && $0 <= highest }
    }

    /// A store without locks to wait for runs `body` as it is.
    public func impatient<T>(milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try body()
    }

    /// Replaces record `id`'s values whatever it holds now (a command's edit, a toggle).
    public func updateRecord(id: Int64, _ record: KeyformCore.Record, form: Form) throws(StoreError) {
        try updateRecord(id: id, record, form: form, ifUpdated: nil)
    }

    /// Takes every record from `next`, then stores them as an array: a backend
    /// that can store them as they come (the SQLite one) does so.
    @discardableResult
    public func saveRecords(form: Form, from next: () throws -> DatedRecord?) throws -> Int {
        var records: [DatedRecord] = []
        while let record = try next() { records.append(record) }
        return try saveRecords(records, form: form).count
    }

    /// Reads every record newer than `afterID` and keeps the oldest: a backend
    /// that can read from the oldest end (the SQLite and PostgreSQL ones) does so.
    public func oldestRecords(
        form: Form, where matches: [FieldMatch], limit: Int?, afterID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        let newer = try records(form: form, where: matches, limit: nil, beforeID: nil).filter { record in
            afterID.map { record.id > $0 } ?? true
        }
        return Array(newer.suffix(max(0, limit ?? newer.count)))
    }

    /// Record `id` of `form` as stored now; nil when there is none (deleted).
    public func record(id: Int64, form: Form) throws(StoreError) -> StoredRecord? {
        try records(form: form, where: [], limit: 1, beforeID: id == .max ? id : id + 1).first { $0.id == id }
    }

    /// Stores a submitted record and removes the form's draft.
    @discardableResult
    public func saveRecord(_ record: KeyformCore.Record, form: Form) throws(StoreError) -> Int64 {
        try saveRecord(record, form: form, removingDraft: true)
    }

    /// Stores many records made now, all or none.
    @discardableResult
    public func saveRecords(_ records: [KeyformCore.Record], form: Form) throws(StoreError) -> [Int64] {
        try saveRecords(records.map { DatedRecord($0) }, form: form)
    }

    public func records(
        form: Form, where matches: [FieldMatch] = [], limit: Int? = nil
    ) throws(StoreError) -> [StoredRecord] {
        try records(form: form, where: matches, limit: limit, beforeID: nil)
    }

    /// The records older than `beforeID` (the next page of a list).
    public func records(
        form: Form, where matches: [FieldMatch] = [], beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        try records(form: form, where: matches, limit: nil, beforeID: beforeID)
    }

    public func records(form: Form, limit: Int?, beforeID: Int64?) throws(StoreError) -> [StoredRecord] {
        try records(form: form, where: [], limit: limit, beforeID: beforeID)
    }

    public func forEachRecord(
        form: Form, where matches: [FieldMatch], limit: Int?, _ body: (StoredRecord) throws -> Void
    ) throws {
        for record in try records(form: form, where: matches, limit: limit, beforeID: nil) { try body(record) }
    }

    public func forEachRecordValues(
        form: Form, where matches: [FieldMatch], limit: Int?,
        _ body: (_ id: Int64, _ created: Date, _ values: [FieldValue?]) throws -> Void
    ) throws {
        try forEachRecord(form: form, where: matches, limit: limit) { stored in
            try body(stored.id, stored.created, form.valueFields.map { stored.values[$0.id] })
        }
    }

    public func recordCount(form: Form) throws(StoreError) -> Int {
        try recordCount(form: form, where: [])
    }

    /// At most 500 earlier values.
    public func history(form: Form, field: String) throws(StoreError) -> [String] {
        try history(form: form, field: field, limit: 500)
    }
}

/// A form guessed from the records alone, for a database whose records were
/// stored before the store kept each form's definition (`FormDefinition`; an
/// older version's file, which a reader does not migrate): the fields of its
/// newest record, in order, each typed by its newest value (a date or a time
/// reads as text, since the store keeps them as text; a list as a `multiple`
/// text field; a field never filled as text). Labels are the field ids and
/// booleans show yes/no. Enough to list and export the records; running the
/// form needs its file.
public enum StoredForm {
    /// - Parameter fields: each field's id and the JSON type of its newest
    ///   non-empty value (`text`, `integer`, `real`, `true`, `false`, `array`;
    ///   nil when every value is empty).
    public static func form(named name: String, fields: [(id: String, jsonType: String?)]) -> Form {
        Form(
            name: name,
            pages: [
                Form.Page(
                    fields: fields.map { id, jsonType in
                        switch jsonType {
                        case "integer": Field(id: id, type: .integer)
                        case "real": Field(id: id, type: .number)
                        case "true", "false": Field(id: id, type: .boolean)
                        case "array": Field(id: id, multiple: true)
                        default: Field(id: id)
                        }
                    })
            ])
    }

    /// The JSON type of `value` as stored (`FieldKind.storedJSON`; what
    /// `form(named:fields:)` reads): a date or a time is text.
    public static func jsonType(of value: FieldValue) -> String {
        switch value {
        case .boolean(let flag): flag ? "true" : "false"
        case .list: "array"
        case .integer: "integer"
        case .number: "real"
        default: "text"
        }
    }
}
