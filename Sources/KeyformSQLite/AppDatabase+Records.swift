import Foundation
import GRDB
import KeyformCore
import KeyformStore

// MARK: - Records

extension AppDatabase: RecordStore {
    /// The database file, or `:memory:`.
    public var location: String { path }

    /// Stores a submitted record of `form` and returns its id. In the same
    /// transaction it creates or rewrites the form's view (when the form's fields
    /// changed) and, unless `removingDraft` is false, removes the form's draft: a
    /// submitted form leaves no draft behind, even after a crash.
    @discardableResult
    public func saveRecord(_ record: KeyformCore.Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64 {
        try StoreNames.validate(form)
        let data = try StoredValues.json(record, form: form)
        let definition = FormDefinition(form).json
        let time = Timestamp.string(from: now())
        return try writing { db in
            try RecordView.ensure(db, form: form)
            try Self.keep(definition, of: form, at: time, db)
            var row = RecordRow(id: nil, form: form.name, created: time, updated: time, data: data, author: author)
            try row.insert(db)
            if removingDraft { try deleteDrafts(form, db) }
            return row.id ?? db.lastInsertedRowID
        }
    }

    /// Stores many records of `form` in one transaction (an import): all or none,
    /// each created (and updated) at its own time when it has one, else now.
    /// Returns their ids in order. Does not touch the form's draft.
    @discardableResult
    public func saveRecords(_ records: [DatedRecord], form: Form) throws(StoreError) -> [Int64] {
        try StoreNames.validate(form)
        let time = Timestamp.string(from: now())
        var rows: [(created: String, data: String)] = []
        rows.reserveCapacity(records.count)
        for dated in records {
            rows.append(
                (dated.created.map(Timestamp.string(from:)) ?? time, try StoredValues.json(dated.record, form: form)))
        }
        let definition = FormDefinition(form).json
        return try writing { db in
            try RecordView.ensure(db, form: form)
            try Self.keep(definition, of: form, at: time, db)
            let insert = try db.cachedStatement(
                sql: "INSERT INTO _record (form, created, updated, data, author) VALUES (?, ?, ?, ?, ?)")
            var ids: [Int64] = []
            ids.reserveCapacity(rows.count)
            for (created, json) in rows {
                try insert.execute(arguments: [form.name, created, created, json, author])
                ids.append(db.lastInsertedRowID)
            }
            return ids
        }
    }

    /// Stores the records `next` hands over, one at a time as they come, in one
    /// transaction: an import of any length holds one record at a time.
    @discardableResult
    public func saveRecords(form: Form, from next: () throws -> DatedRecord?) throws -> Int {
        try StoreNames.validate(form)
        let time = Timestamp.string(from: now())
        let definition = FormDefinition(form).json
        struct Stopped: Error {}
        var stopped: (any Error)?
        do {
            return try writing { db in
                try RecordView.ensure(db, form: form)
                try Self.keep(definition, of: form, at: time, db)
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO _record (form, created, updated, data, author) VALUES (?, ?, ?, ?, ?)")
                var count = 0
                while true {
                    let dated: DatedRecord?
                    do {
                        dated = try next()
                    } catch {
                        stopped = error
                        throw Stopped()  // the transaction is rolled back
                    }
                    guard let dated else { return count }
                    let created = dated.created.map(Timestamp.string(from:)) ?? time
                    try insert.execute(
                        arguments: [
                            form.name, created, created, try StoredValues.json(dated.record, form: form), author,
                        ])
                    count += 1
                }
            }
        } catch {
            throw stopped ?? error
        }
    }

    /// Stores records copied from another store in one transaction, each with
    /// its own created and updated times and author (NULL stays NULL).
    @discardableResult
    public func copyRecords(_ records: [StoredRecord], form: Form) throws(StoreError) -> [Int64] {
        try StoreNames.validate(form)
        var rows: [RecordRow] = []
        rows.reserveCapacity(records.count)
        for stored in records {
            rows.append(
                RecordRow(
                    id: nil, form: form.name, created: Timestamp.string(from: stored.created),
                    updated: Timestamp.string(from: stored.updated),
                    data: try StoredValues.json(stored.values, form: form),
                    author: stored.author))
        }
        let definition = FormDefinition(form).json
        let time = Timestamp.string(from: now())
        return try writing { db in
            try RecordView.ensure(db, form: form)
            try Self.keep(definition, of: form, at: time, db)
            let insert = try db.cachedStatement(
                sql: "INSERT INTO _record (form, created, updated, data, author) VALUES (?, ?, ?, ?, ?)")
            return try rows.map { row in
                try insert.execute(arguments: [row.form, row.created, row.updated, row.data, row.author])
                return db.lastInsertedRowID
            }
        }
    }

    /// Replaces the values of record `id` of `form` and sets its `updated` time;
    /// values equal to those stored write nothing (`updated` stays).
    /// Throws `.recordNotFound` when there is no such record (deleted meanwhile).
    /// With `expected`, a record saved since with other values throws `.recordChanged`.
    public func updateRecord(
        id: Int64, _ record: KeyformCore.Record, form: Form, ifUpdated expected: Date?
    ) throws(StoreError) {
        try StoreNames.validate(form)
        let data = try StoredValues.json(record, form: form)
        let definition = FormDefinition(form).json
        let time = Timestamp.string(from: now())
        try writing { db in
            // Read and written in one write transaction: nobody saves in between.
            guard
                let stored = try Row.fetchOne(
                    db, sql: "SELECT updated, data FROM _record WHERE id = ? AND form = ?",
                    arguments: [id, form.name])
            else { throw StoreError.recordNotFound(id: id, form: form.name) }
            let changed = stored["data"] as String != data
            if changed, let expected, stored["updated"] as String != Timestamp.string(from: expected) {
                throw StoreError.recordChanged(id: id, form: form.name)
            }
            try RecordView.ensure(db, form: form)
            try Self.keep(definition, of: form, at: time, db)
            // Values as stored already write nothing: `updated` stays when nothing changed.
            if changed {
                try db.execute(
                    sql: "UPDATE _record SET data = ?, updated = ? WHERE id = ?", arguments: [data, time, id])
            }
        }
    }

    /// Stores the form's definition (`FormDefinition`) for reading its records
    /// without the file, in the record's transaction; when it is as stored, the
    /// statement's condition leaves the row alone (nothing written, `updated` stays).
    private static func keep(_ definition: String, of form: Form, at time: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO _form (name, fields, updated) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET fields = excluded.fields, updated = excluded.updated
                WHERE fields IS NOT excluded.fields
                """, arguments: [form.name, definition, time])
    }

    /// `PRAGMA data_version`: SQLite changes it on this connection when another
    /// connection (another process) committed; this one's own writes leave it.
    /// It reads no page of the file: cheap enough to poll.
    public func changeMark() throws(StoreError) -> Int64? {
        try mapped { try writer.read { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") } }
    }

    /// One query: the form's rows whose `updated` (ISO 8601 text: it sorts as
    /// the times do) is `since` or later, or whose id is past `afterID` and that
    /// meet the matches.
    public func changedRecords(
        form: Form, since: Date, afterID: Int64?, where matches: [FieldMatch]
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(
                form: form, where: matches, limit: nil,
                changed: (since: Timestamp.string(from: since), afterID: afterID)
            ) { result.append($0) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.from(error, path: path)
        }
        return result
    }

    /// Read from the `_record_form` index alone (it holds each row's id): no record's values.
    public func recordIDs(form: Form, from lowest: Int64, through highest: Int64) throws(StoreError) -> [Int64] {
        try mapped {
            try writer.read { db in
                try Int64.fetchAll(
                    db, sql: "SELECT id FROM _record WHERE form = ? AND id BETWEEN ? AND ? ORDER BY id DESC",
                    arguments: [form.name, lowest, highest])
            }
        }
    }

    /// Deletes record `id` of `form`; false when there was no such record.
    @discardableResult
    public func deleteRecord(id: Int64, form: Form) throws(StoreError) -> Bool {
        try writing { db in
            try db.execute(sql: "DELETE FROM _record WHERE id = ? AND form = ?", arguments: [id, form.name])
            return db.changesCount > 0
        }
    }

    /// The records of `form`, newest first (by id: the order they were saved in,
    /// whatever the clock did), keeping those where every match holds, at most
    /// `limit` of them (nil: all); with `beforeID`, only records older than that
    /// one (the next page of a list that already shows down to `beforeID`).
    ///
    /// Values come back as the form's current fields: a field added after a record
    /// was saved is nil in it; a value stored under another type is converted when
    /// that is exact (see `RecordValues.decode`).
    public func records(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(form: form, where: matches, limit: limit, beforeID: beforeID) { result.append($0) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.from(error, path: path)
        }
        return result
    }

    public func oldestRecords(
        form: Form, where matches: [FieldMatch], limit: Int?, afterID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(form: form, where: matches, limit: limit, afterID: afterID, oldestFirst: true) {
                result.append($0)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.from(error, path: path)
        }
        // Read oldest first, from the index's other end; given newest first.
        return result.reversed()
    }

    /// The records as `records(form:where:limit:beforeID:)` has them, each handed
    /// to `body` as its row is read: one record in memory at a time.
    public func forEachRecord(
        form: Form, where matches: [FieldMatch], limit: Int?,
        _ body: (StoredRecord) throws -> Void
    ) throws {
        try reading(form: form, where: matches, limit: limit, beforeID: nil, body)
    }

    /// Each record's id, creation time and values as `forEachRecord` reads them,
    /// without a `StoredRecord` (and its lookup table) or the update time per row.
    public func forEachRecordValues(
        form: Form, where matches: [FieldMatch], limit: Int?,
        _ body: (_ id: Int64, _ created: Date, _ values: [FieldValue?]) throws -> Void
    ) throws {
        try readingRows(form: form, where: matches, limit: limit, beforeID: nil) { row, values in
            try body(row[0], Timestamp.date(from: row[1]) ?? .distantPast, values)
        }
    }

    /// One query over the records, each made a `StoredRecord`.
    private func reading(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64? = nil, afterID: Int64? = nil,
        oldestFirst: Bool = false, changed: Changed? = nil, _ body: (StoredRecord) throws -> Void
    ) throws {
        let ids = form.valueFields.map(\.id)
        try readingRows(
            form: form, where: matches, limit: limit, beforeID: beforeID, afterID: afterID, oldestFirst: oldestFirst,
            changed: changed
        ) { row, values in
            try body(
                StoredRecord(
                    id: row[0],
                    created: Timestamp.date(from: row[1]) ?? .distantPast,
                    updated: Timestamp.date(from: row[2]) ?? .distantPast,
                    values: Record(values: Array(zip(ids, values))),
                    author: row[3]))
        }
    }

    /// One query over the records: `body` gets each row (id, created, updated,
    /// author first) and its values in the form's field order, newest first;
    /// with `afterID`, only those newer than it; `oldestFirst`, in the other order. What `body` throws stops
    /// it and is rethrown as it is, the store's own failures as `StoreError`.
    /// What `changedRecords` asks for: rows updated at or after `since` (a
    /// timestamp's text), whatever the matches, or past `afterID` and meeting them.
    private typealias Changed = (since: String, afterID: Int64?)

    private func readingRows(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?, afterID: Int64? = nil,
        oldestFirst: Bool = false, changed: Changed? = nil, _ body: (Row, [FieldValue?]) throws -> Void
    ) throws {
        if let limit, limit <= 0 { return }
        let fields = form.valueFields
        var sql = "SELECT id, created, updated, \(authorColumn)"
        var arguments: [(any DatabaseValueConvertible)?] = []
        for field in fields {
            sql += ", json_type(data, ?), json_extract(data, ?)"
            let path = RecordValues.path(field.id)
            arguments += [path, path]
        }
        sql += " FROM _record WHERE form = ?"
        arguments.append(form.name)
        if let changed {
            sql += " AND (updated >= ?"
            arguments.append(changed.since)
            if let after = changed.afterID {
                sql += " OR (id > ?"
                arguments.append(after)
                try Self.appendConditions(matches, form: form, to: &sql, &arguments)
                sql += ")"
            }
            sql += ")"
        } else {
            try Self.appendConditions(matches, form: form, to: &sql, &arguments)
        }
        if let beforeID {
            sql += " AND id < ?"
            arguments.append(beforeID)
        }
        if let afterID {
            sql += " AND id > ?"
            arguments.append(afterID)
        }
        sql += oldestFirst ? " ORDER BY id" : " ORDER BY id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(limit)
        }
        let statementArguments = StatementArguments(arguments)
        var stopped: (any Error)?
        try mapped {
            try writer.read { db in
                let statement = try db.makeStatement(sql: sql)
                let rows = try Row.fetchCursor(statement, arguments: statementArguments)
                // The values straight from the statement's columns, not through `Row`'s generic decoding.
                let columns = statement.sqliteStatement
                // One array for every row: `body` gets it, and it is refilled after.
                var values: [FieldValue?] = []
                values.reserveCapacity(fields.count)
                // Each field read in place (a `Field` is large: copying it per value showed in profiles).
                try fields.withUnsafeBufferPointer { fields in
                    while let row = try rows.next() {
                        values.removeAll(keepingCapacity: true)
                        for index in fields.indices {
                            let column = CInt(4 + 2 * index)
                            values.append(
                                RecordValues.decode(
                                    jsonType: String.fromStatement(columns, atUncheckedIndex: column),
                                    value: DatabaseValue(sqliteStatement: columns, index: column + 1), as: fields[index]
                                ))
                        }
                        do {
                            try body(row, values)
                        } catch {
                            stopped = error
                            return
                        }
                    }
                }
            }
        }
        if let stopped { throw stopped }
    }

    /// How many records `form` has, counting those where every match holds.
    public func recordCount(form: Form, where matches: [FieldMatch]) throws(StoreError) -> Int {
        var sql = "SELECT count(*) FROM _record WHERE form = ?"
        var arguments: [(any DatabaseValueConvertible)?] = [form.name]
        try Self.appendConditions(matches, form: form, to: &sql, &arguments)
        let statementArguments = StatementArguments(arguments)
        return try mapped {
            try writer.read { db in
                try Int.fetchOne(db, sql: sql, arguments: statementArguments) ?? 0
            }
        }
    }

    /// ` AND …` for each match (see `FieldMatch`): a field holds exactly the value
    /// (`IS`, so nil matches an empty field), or a list field holds the item.
    private static func appendConditions(
        _ matches: [FieldMatch], form: Form, to sql: inout String,
        _ arguments: inout [(any DatabaseValueConvertible)?]
    ) throws(StoreError) {
        for match in matches {
            guard let field = form.field(id: match.field) else {
                throw .unknownField(form: form.name, field: match.field)
            }
            if field.multiple, case .text(let item)? = match.value {
                // A list field matches when the list holds the item (`--where tags=Food`).
                sql += " AND EXISTS (SELECT 1 FROM json_each(data, ?) WHERE value = ?)"
                arguments.append(RecordValues.path(match.field))
                arguments.append(item)
                continue
            }
            sql += " AND json_extract(data, ?) IS ?"
            arguments.append(RecordValues.path(match.field))
            arguments.append(match.value.map(RecordValues.sqlValue) ?? .null)
        }
    }

    // MARK: - History and pre-fill

    /// Earlier values of `field` in `form`'s records as they show in the field
    /// (`FieldValue.text`), newest first, each once, empty values left out, at most
    /// `limit`: the field's readline history (Up recalls them).
    public func history(form: Form, field: String, limit: Int) throws(StoreError) -> [String] {
        guard let type = form.field(id: field)?.type else { throw .unknownField(form: form.name, field: field) }
        guard limit > 0 else { return [] }
        let path = RecordValues.path(field)
        let rows = try mapped {
            try writer.read { db in
                // One row per distinct stored value, with the type of its newest use.
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT json_type(data, ?) AS t, json_extract(data, ?) AS v, max(id) AS m
                        FROM _record WHERE form = ? AND v IS NOT NULL AND \(mine)
                        GROUP BY v ORDER BY m DESC LIMIT ?
                        """, arguments: [path, path, form.name, author, limit])
            }
        }
        var seen = Set<String>()
        var result: [String] = []
        for row in rows {
            guard let text = RecordValues.decode(jsonType: row["t"], value: row["v"], as: type)?.text,
                !text.isEmpty, seen.insert(text).inserted
            else { continue }
            result.append(text)
        }
        return result
    }

    /// The condition on `_record` that keeps this author's records and those of
    /// no author (saved before authors): one argument, the author.
    private var mine: String {
        "(\(authorColumn) = ? OR \(authorColumn) IS NULL)"
    }

    /// The value of `field` in `form`'s newest record, as it shows in the field
    /// (`default: last`); nil when there is no record or the field was empty in it.
    public func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput? {
        guard let described = form.field(id: field) else { throw .unknownField(form: form.name, field: field) }
        let path = RecordValues.path(field)
        let row = try mapped {
            try writer.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT json_type(data, ?) AS t, json_extract(data, ?) AS v
                        FROM _record WHERE form = ? AND \(mine) ORDER BY id DESC LIMIT 1
                        """, arguments: [path, path, form.name, author])
            }
        }
        guard let row, let value = RecordValues.decode(jsonType: row["t"], value: row["v"], as: described) else {
            return nil
        }
        let input = FieldInput(value)
        return input.isEmpty ? nil : input
    }
}

// MARK: - Drafts

extension AppDatabase {
    /// Saves what was given so far into `form` (field id → a line as typed, or a
    /// selection, the field being typed included) and the focused field,
    /// replacing the form's previous draft. A selection is kept as a JSON array.
    public func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError) {
        guard StoreNames.isName(form.name) else { throw .invalidName(form.name) }
        // Keys in the form's field order, then any others by name: stable and readable.
        let order = Dictionary(form.fields.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let keys = values.keys.sorted { a, b in
            switch (order[a], order[b]) {
            case let (x?, y?): x < y
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): a < b
            }
        }
        let data =
            "{"
            + keys.map { RecordFormat.jsonString($0) + ":" + (values[$0] ?? .line("")).json }
            .joined(separator: ",") + "}"
        let draft = DraftRow(
            form: form.name, author: author, data: data, focus: focus, saved: Timestamp.string(from: now()))
        try writing { db in
            // A draft of no author (saved before authors) is taken over.
            try db.execute(sql: "DELETE FROM _draft WHERE form = ? AND author = ''", arguments: [form.name])
            try draft.upsert(db)
        }
    }

    /// The form's draft, or nil.
    public func draft(form: Form) throws(StoreError) -> Draft? {
        try mapped {
            try writer.read { db in
                // Plain SQL, not `DraftRow.fetchOne(db, key:)`: the query builder and the
                // Codable decoding cost more than the query, and this runs before the first frame.
                // The author's own, else one of no author (saved before authors).
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: Self.draftQuery, arguments: [form.name, author])
                else { return nil }
                let data: String = row[0]
                var values: [String: FieldInput] = [:]
                let pairs = try Row.fetchCursor(db, sql: Self.draftValuesQuery, arguments: [data])
                while let pair = try pairs.next() {
                    let key: String = pair[0]
                    let value: DatabaseValue = pair[1]
                    values[key] = Self.draftInput(
                        String.fromDatabaseValue(value) ?? (value.isNull ? "" : value.description), type: pair[2])
                }
                return Draft(
                    form: form.name, values: values, focus: row[1],
                    saved: Timestamp.date(from: row[2]) ?? .distantPast)
            }
        }
    }

    /// Removes the form's draft; false when it had none.
    @discardableResult
    public func deleteDraft(form: Form) throws(StoreError) -> Bool {
        try writing { db in try deleteDrafts(form, db) }
    }

    /// Removes the author's draft of the form and one of no author; whether there was one.
    private func deleteDrafts(_ form: Form, _ db: Database) throws -> Bool {
        try db.execute(sql: "DELETE FROM _draft WHERE form = ? AND author IN (?, '')", arguments: [form.name, author])
        return db.changesCount > 0
    }
}

// MARK: - Rows

/// A row of `_record`.
struct RecordRow {
    var id: Int64?
    var form: String
    var created: String
    var updated: String
    var data: String
    /// Nil: saved before stores knew authors.
    var author: String?
}

extension RecordRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "_record"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A row of `_draft`.
struct DraftRow {
    var form: String
    /// '' for a draft saved before stores knew authors.
    var author: String
    var data: String
    var focus: String?
    var saved: String
}

extension DraftRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "_draft"
}
