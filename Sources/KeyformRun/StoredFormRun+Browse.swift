import Foundation
import KeyformCore
import KeyformStore
import KeyformTerminal
import Synchronization

extension StoredFormRun {
    /// The record browser's store work (`keyform browse`, the demo's lists):
    /// adding a record starts as a run does with `drafts: .resume` and saves as
    /// ``save(_:removingDraft:)`` does; editing updates the record; the form
    /// opened from the list gets its `choices` grids anew (``reloaded()``).
    /// - Parameter store: the store the run was made with.
    /// - Parameter language: the words of a draft that could not be kept.
    public func browserHooks(on store: any RecordStore, language: Language = .english) -> RecordBrowser.Hooks {
        let form = self.form
        let run = self
        // The mark as the list last read the records (another terminal's change moves it), and
        // the time records edited since are read from (the list reads its rows just after):
        // kept between the looks, which run off the loop.
        let (seen, lookBack) = (try? store.changeMark(), Self.changeLookBack)
        // By the clock that stamps the edits: a server's, else this machine's.
        let looked = ChangeLook(
            seen: seen, since: ((try? store.storeTime()) ?? nil ?? Date()).addingTimeInterval(-lookBack))
        // A store that cannot tell is never asked again; one that fails to answer once is asked again later.
        let changed: (@Sendable () -> Bool)? =
            seen == nil
            ? nil
            : { @Sendable () -> Bool in
                guard let mark = try? store.changeMark() else { return false }
                return looked.seen.withLock { seen in
                    defer { seen = mark }
                    return mark != seen
                }
            }
        // What changed since the last look, and which loaded rows are still stored: not every row again.
        let changes: @Sendable (RecordListChangeQuery) throws -> RecordListChanges = { query in
            let start = try store.storeTime() ?? Date()
            let since = looked.since.withLock { $0 }
            let changed = try store.changedRecords(
                form: form, since: since, afterID: query.newerThan, where: query.matching)
            let present = try store.recordIDs(form: form, from: query.ids.lowerBound, through: query.ids.upperBound)
            let total = try store.recordCount(form: form, where: query.matching)
            looked.since.withLock { $0 = start.addingTimeInterval(-lookBack) }
            return RecordListChanges(
                ids: query.ids, present: Set(present), rows: changed.map(RecordListRow.init), total: total)
        }
        return RecordBrowser.Hooks(
            // Read off the loop, for every field, before a record's form opens.
            history: { Self.history($0, of: form, on: store) },
            // `default: last`, under the form's draft when there is one (an entry left
            // unfinished here or in `keyform run`): adding resumes it.
            // Read off the loop: the list stays drawn while the store answers.
            newValues: { Self.resumedValues(on: store, form: form) },
            add: { record in
                // The draft was resumed into this record: it is done now. A secret
                // is stored only with `store: true`, as a run stores it.
                let stored = record.storable(in: form)
                let id = try store.saveRecord(stored, form: form)
                return Self.row(id, stored, on: store, form: form)
            },
            // An edit is saved over the version it began from only: another
            // terminal's save meanwhile is shown, never overwritten silently.
            update: { id, record, read in
                let stored = record.storable(in: form)
                do throws(StoreError) {
                    try store.updateRecord(id: id, stored, form: form, ifUpdated: read)
                } catch .recordChanged {
                    guard let theirs = try store.record(id: id, form: form) else { throw RecordEditConflict.deleted }
                    throw RecordEditConflict.changed(theirs: RecordListRow(theirs))
                } catch .recordNotFound where read != nil {
                    throw RecordEditConflict.deleted
                }
                return Self.row(id, stored, on: store, form: form)
            },
            delete: { id in _ = try store.deleteRecord(id: id, form: form) },
            load: { before, limit, matching in
                try store.records(form: form, where: matching, limit: limit, beforeID: before).map(RecordListRow.init)
            },
            loadOldest: { after, limit, matching in
                try store.oldestRecords(form: form, where: matching, limit: limit, afterID: after).map(
                    RecordListRow.init)
            },
            count: { matching in try store.recordCount(form: form, where: matching) },
            // The filter's grid for a field without one: what the records hold, most used first.
            values: { field in
                (try? store.choiceValues(Field.ChoiceSource(form: form.name, field: field, order: .frequent, limit: 30)))
                    ?? []
            },
            // `choices` grids offer what was stored since the list opened (read off the loop).
            context: run.contextReader(on: store),
            // Drawn meanwhile: the `choices: {from:}` grids saying they load.
            loadingContext: run.loadingContext(),
            // What the add form held when left unsubmitted (the browser passes only a
            // form that differs from how it opened).
            saveDraft: { values in
                do throws(StoreError) { try store.saveDraft(form: form, values: values, focus: nil) } catch {
                    return language.text(error.shortMessage)
                }
                return nil
            },
            changed: changed,
            // A local file answers within the key; a store slower than this is waited for off the loop.
            writeWaitMilliseconds: Self.browseWriteWaitMilliseconds,
            // The same for the list's reads: a local file's rows are in the frame after the key.
            readWaitMilliseconds: Self.browseWriteWaitMilliseconds,
            changes: changes
        )
    }
}

/// What browse's looks at other terminals' changes keep between them, on the store's queue.
private final class ChangeLook: Sendable {
    let seen: Mutex<Int64?>
    let since: Mutex<Date>

    init(seen: Int64?, since: Date) {
        self.seen = Mutex(seen)
        self.since = Mutex(since)
    }
}

extension StoredFormRun {
    /// How long browse's loop waits for a save or a delete before the screen says it saves and takes keys again.
    public static let browseWriteWaitMilliseconds = 50

    /// How far before its last look a list asks for edited records again: an
    /// edit's `updated` is stamped before its commit (SQLite may wait up to 5 s
    /// for its lock; a server stamps as it writes the row, then commits). The
    /// look's time is read from the clock that stamps (`RecordStore.storeTime`):
    /// no two machines' clocks need agree. Records seen again are merged again: no harm.
    static let changeLookBack: TimeInterval = 10

    /// A new record's starting values in browse: `default: last` from the
    /// newest record (never a secret's), under the form's draft when there is
    /// one — what ``start(drafts:repeatLast:language:ask:)`` gives with
    /// `.resume` on an opened store, callable off the main actor.
    nonisolated static func resumedValues(on store: any RecordStore, form: Form) -> [String: FieldInput] {
        var values: [String: FieldInput] = [:]
        for field in form.fields where !field.secret && field.defaultValue == .last {
            if let last = try? store.lastValue(form: form, field: field.id) { values[field.id] = last }
        }
        if let draft = try? store.draft(form: form) { values.merge(draft.values) { _, drafted in drafted } }
        return values
    }

    /// The row of a record just saved, with its `updated` time as stored (the
    /// next edit from the list saves over that version): read back, else as saved.
    nonisolated static func row(_ id: Int64, _ values: Record, on store: any RecordStore, form: Form) -> RecordListRow {
        (try? store.record(id: id, form: form)).flatMap { $0 }.map(RecordListRow.init)
            ?? RecordListRow(id: id, values: values)
    }
}

extension RecordListRow {
    /// A stored record as a row of the list.
    public init(_ stored: StoredRecord) {
        self.init(id: stored.id, values: stored.values, updated: stored.updated)
    }
}
