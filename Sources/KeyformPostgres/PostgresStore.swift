import Foundation
import KeyformCore
import KeyformStore
import PostgresNIO
import Synchronization

/// Keyform's records on a PostgreSQL server (`--db postgres://USER@HOST:PORT/DB`):
/// the same interface and the same stored JSON as the SQLite file, its own SQL
/// (jsonb operators), its tables in the `keyform` schema (`PostgresSchema`).
///
/// Synchronous like the interface: each call is one or a few statements on one
/// connection (`ServerLink`), the calling thread waiting for the answer. A save
/// is one statement (the form's definition kept, the record inserted, the draft
/// removed, atomically), so a server that stops mid-way stored all of it or none.
public final class PostgresStore: RecordStore, Sendable {
    /// The URL without its password.
    public let location: String
    public let author: String
    /// The URL as given (its password too, if it had one): for opening the same store again, never for messages.
    package let url: String
    /// A server: its latency is not waited for while a person types.
    public var isLocal: Bool { false }
    let link: ServerLink
    let now: @Sendable () -> Date
    /// The views this process made or found current, by form name and definition.
    private let currentViews = Mutex<Set<String>>([])

    private init(url: String, link: ServerLink, author: String, now: @escaping @Sendable () -> Date) {
        self.url = url
        self.link = link
        self.location = link.address.shown
        self.author = author
        self.now = now
    }

    deinit { link.close() }

    /// Connects to the server `url` names and brings its database to Keyform's
    /// schema (once, under an advisory lock) unless `migrating` is false; nil
    /// then when the database holds no Keyform schema yet (a reader sees no records).
    /// - Parameters:
    ///   - environment: libpq's variables (PGPASSWORD, PGUSER…), for what the URL leaves out.
    ///   - home: where `~/.pgpass` is.
    /// - Throws: `StoreError`: the server cannot be reached, refused the login, a newer schema…
    public static func open(
        url: String, author: String, migrating: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: String = NSHomeDirectory(), osUser: String = StoreAuthor.osUser,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> PostgresStore? {
        let address = try ServerAddress(url: url, environment: environment, home: home, osUser: osUser)
        let link = ServerLink(address: address)
        do throws(StoreError) {
            if migrating {
                try PostgresSchema.migrate(link)
            } else {
                let version = try link.run { session in
                    try PostgresSchema.installedVersion(session, shown: address.shown)
                }
                guard let version, version > 0 else {
                    link.close()
                    return nil
                }
                if version > PostgresSchema.migrations.count { throw .newerVersion(path: address.shown) }
            }
        } catch {
            link.close()  // connected, then refused: the connection goes now, not when the link is freed
            throw error
        }
        return PostgresStore(url: url, link: link, author: author, now: now)
    }

    // MARK: - Writing records

    @discardableResult
    public func saveRecord(_ record: KeyformCore.Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64 {
        try saveRecord(record, form: form, removingDraft: removingDraft, token: UUID())
    }

    @discardableResult
    public func saveRecord(
        _ record: KeyformCore.Record, form: Form, removingDraft: Bool, token: UUID
    ) throws(StoreError) -> Int64 {
        try saveRecord(record, form: form, removingDraft: removingDraft, token: token, alreadyTried: false)
    }

    /// Stores the record under `token`, waiting for a server that went away
    /// (`ServerLink.persevering`): a try after one whose connection was lost first
    /// looks for `token`, so a record whose commit happened but whose answer was
    /// lost is found, not stored twice.
    func saveRecord(
        _ record: KeyformCore.Record, form: Form, removingDraft: Bool, token: UUID, alreadyTried: Bool
    ) throws(StoreError) -> Int64 {
        try StoreNames.validate(form)
        let data = try StoredValues.json(record, form: form)
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(FormDefinition(form).json)
        binds.append(Timestamp.string(from: now()))
        binds.append(data)
        binds.append(author)
        binds.append(removingDraft)
        binds.append(token)
        // One statement: the definition, the record and the draft's removal commit together.
        // `created` is the person's machine's time; `updated` the server's, as an edit's is.
        let sql = """
            WITH \(Self.keepDefinition), dropped AS (
                DELETE FROM \(PostgresSchema.drafts) WHERE $6 AND form = $1 AND author IN ($5, '')
            )
            INSERT INTO \(PostgresSchema.records) (form, created, updated, author, data, token)
            VALUES ($1, $3::timestamptz, clock_timestamp(), $5, $4::jsonb, $7) RETURNING id
            """
        var lookUp = PostgresBindings()
        lookUp.append(token)
        return try link.persevering { again throws(StoreError) in
            try ensureView(form)
            return try link.run { session in
                if again || alreadyTried {
                    for row in try session.query("SELECT id FROM \(PostgresSchema.records) WHERE token = $1", lookUp) {
                        return try row.decode(Int64.self)
                    }
                }
                for row in try session.query(sql, binds) { return try row.decode(Int64.self) }
                throw StoreError.failed(path: location, message: "the server returned no id for the record")
            }
        }
    }

    /// `kept`: the form's definition ($1 name, $2 fields, $3 time) stored when it
    /// differs from the one kept; when it is the same, nothing is written or locked
    /// (writers of one form do not queue behind its row).
    private static let keepDefinition = """
        kept AS (
            INSERT INTO \(PostgresSchema.forms) (name, fields, updated)
            SELECT $1, $2::jsonb, $3::timestamptz
            WHERE NOT EXISTS (SELECT 1 FROM \(PostgresSchema.forms) WHERE name = $1 AND fields = $2::jsonb)
            ON CONFLICT (name) DO UPDATE SET fields = excluded.fields, updated = excluded.updated
        )
        """

    /// Rows per statement in an import.
    static let importBatch = 5_000

    @discardableResult
    public func saveRecords(_ records: [DatedRecord], form: Form) throws(StoreError) -> [Int64] {
        try StoreNames.validate(form)
        let time = Timestamp.string(from: now())
        var created: [String] = [], data: [String] = [], tokens: [String] = []
        created.reserveCapacity(records.count)
        data.reserveCapacity(records.count)
        tokens.reserveCapacity(records.count)
        for dated in records {
            created.append(dated.created.map(Timestamp.string(from:)) ?? time)
            data.append(try StoredValues.json(dated.record, form: form))
            tokens.append(dated.token?.uuidString ?? "")
        }
        // Made now, by this author: each is created and updated at once.
        return try insertRows(
            form: form, created: created, updated: created,
            authors: Array(repeating: author, count: records.count),
            authored: Array(repeating: true, count: records.count), data: data, tokens: tokens, at: time)
    }

    @discardableResult
    public func copyRecords(_ records: [StoredRecord], form: Form) throws(StoreError) -> [Int64] {
        try StoreNames.validate(form)
        var created: [String] = [], updated: [String] = [], authors: [String] = [], authored: [Bool] = [],
            data: [String] = []
        for stored in records {
            data.append(try StoredValues.json(stored.values, form: form))
            created.append(Timestamp.string(from: stored.created))
            updated.append(Timestamp.string(from: stored.updated))
            authors.append(stored.author ?? "")
            authored.append(stored.author != nil)
        }
        return try insertRows(
            form: form, created: created, updated: updated, authors: authors, authored: authored, data: data,
            tokens: Array(repeating: "", count: data.count), at: Timestamp.string(from: now()))
    }

    /// Stores the records `next` hands over, a batch of `importBatch` at a time as
    /// they come, in one transaction (`keyform records import`): an import of any
    /// length holds one batch, as SQLite's holds one record (DECISIONS 75). All or
    /// none; what `next` throws rolls it back and is rethrown as it is.
    @discardableResult
    public func saveRecords(form: Form, from next: () throws -> DatedRecord?) throws -> Int {
        try StoreNames.validate(form)
        let time = Timestamp.string(from: now())
        try ensureView(form)
        let definition = FormDefinition(form).json
        struct Stopped: Error {}
        var stopped: (any Error)?
        do {
            return try link.write { session in
                try Self.keep(definition, of: form, at: time, session)
                var rows = Rows(count: Self.importBatch)
                var stored = 0
                while true {
                    let dated: DatedRecord?
                    do {
                        dated = try next()
                    } catch {
                        stopped = error
                        throw Stopped()  // the transaction is rolled back
                    }
                    if let dated {
                        rows.created.append(dated.created.map(Timestamp.string(from:)) ?? time)
                        rows.data.append(try StoredValues.json(dated.record, form: form))
                        rows.tokens.append(dated.token?.uuidString ?? "")
                        rows.authors.append(author)
                        rows.authored.append(true)
                    }
                    if dated == nil || rows.data.count == Self.importBatch {
                        // Made now, by this author: each is created and updated at once.
                        stored += try Self.insert(rows, updated: rows.created, form: form, session).count
                        rows.removeAll()
                    }
                    if dated == nil { return stored }
                }
            }
        } catch {
            throw stopped ?? error
        }
    }

    /// A batch of rows to insert, column by column (what `unnest` takes).
    private struct Rows {
        var created: [String] = [], authors: [String] = [], authored: [Bool] = [], data: [String] = [],
            tokens: [String] = []

        init(count: Int) {
            created.reserveCapacity(count)
            authors.reserveCapacity(count)
            authored.reserveCapacity(count)
            data.reserveCapacity(count)
            tokens.reserveCapacity(count)
        }

        /// Emptied for the next batch, keeping the room.
        mutating func removeAll() {
            created.removeAll(keepingCapacity: true)
            authors.removeAll(keepingCapacity: true)
            authored.removeAll(keepingCapacity: true)
            data.removeAll(keepingCapacity: true)
            tokens.removeAll(keepingCapacity: true)
        }
    }

    /// Inserts rows of `form` (one per index of the arrays) in batches, all in one
    /// transaction with the form's definition kept as of `time`, and returns their
    /// ids in order: what an import and a copy share. A row whose token (`""`:
    /// none) is stored already, or given twice, is skipped: it has no id.
    private func insertRows(
        form: Form, created: [String], updated: [String], authors: [String], authored: [Bool], data: [String],
        tokens: [String], at time: String
    ) throws(StoreError) -> [Int64] {
        try ensureView(form)
        let definition = FormDefinition(form).json
        return try link.write { session in
            try Self.keep(definition, of: form, at: time, session)
            var ids: [Int64] = []
            ids.reserveCapacity(data.count)
            for start in stride(from: 0, to: data.count, by: Self.importBatch) {
                let end = min(start + Self.importBatch, data.count)
                var rows = Rows(count: end - start)
                rows.created += created[start..<end]
                rows.authors += authors[start..<end]
                rows.authored += authored[start..<end]
                rows.data += data[start..<end]
                rows.tokens += tokens[start..<end]
                ids += try Self.insert(rows, updated: Array(updated[start..<end]), form: form, session)
            }
            return ids
        }
    }

    /// Keeps the form's definition as of `time` (`keepDefinition`).
    private static func keep(_ definition: String, of form: Form, at time: String, _ session: ServerLink.Session) throws
    {
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(definition)
        binds.append(time)
        try session.query("WITH \(keepDefinition) SELECT 1", binds)
    }

    /// One statement inserting `rows`; the ids of those stored, in order.
    private static func insert(
        _ rows: Rows, updated: [String], form: Form, _ session: ServerLink.Session
    ) throws -> [Int64] {
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(rows.created)
        binds.append(updated)
        binds.append(rows.authors)
        binds.append(rows.authored)
        binds.append(rows.data)
        binds.append(rows.tokens)
        var batch: [Int64] = []
        // A record of no author stays so (the array cannot hold NULL: `authored` says which have one);
        // nor a token (NULLIF): no token is NULL, which never conflicts.
        for row in try session.query(
            """
            INSERT INTO \(PostgresSchema.records) (form, created, updated, author, data, token)
            SELECT $1, t.c::timestamptz, t.u::timestamptz, CASE WHEN t.h THEN t.a END, t.d::jsonb,
                NULLIF(t.k, '')::uuid
            FROM unnest($2::text[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[])
                WITH ORDINALITY AS t(c, u, a, h, d, k, n)
            ORDER BY t.n ON CONFLICT (token) DO NOTHING RETURNING id
            """, binds)
        {
            batch.append(try row.decode(Int64.self))
        }
        // Ids are drawn in the order the rows are inserted (the ORDER BY).
        return batch.sorted()
    }

    /// The count of announcements of a change (LISTEN/NOTIFY, sent by a trigger at
    /// every commit that changed records), after a round trip: an announcement made
    /// before this call (another terminal's commit that returned) has arrived by then,
    /// since the server sends them before its answer.
    public func changeMark() throws(StoreError) -> Int64? {
        try link.listen(PostgresSchema.changes)
        try link.run { session in try session.query("SELECT 1") }
        return link.announcements.load(ordering: .relaxed)
    }

    public func updateRecord(
        id: Int64, _ record: KeyformCore.Record, form: Form, ifUpdated expected: Date?
    ) throws(StoreError) {
        try StoreNames.validate(form)
        let data = try StoredValues.json(record, form: form)
        try ensureView(form)
        let definition = FormDefinition(form).json
        let time = Timestamp.string(from: now())
        try link.write { session in
            var binds = PostgresBindings()
            binds.append(id)
            binds.append(form.name)
            binds.append(data)
            // The row locked until the end: nobody saves it between the look and the write.
            var stored: (updated: String, same: Bool)?
            for row in try session.query(
                """
                SELECT \(Self.iso("updated")), data = $3::jsonb FROM \(PostgresSchema.records)
                WHERE id = $1 AND form = $2 FOR UPDATE
                """, binds)
            {
                stored = try row.decode((String, Bool).self)
            }
            guard let stored else { throw StoreError.recordNotFound(id: id, form: form.name) }
            if !stored.same, let expected, stored.updated != Timestamp.string(from: expected) {
                throw StoreError.recordChanged(id: id, form: form.name)
            }
            var keep = PostgresBindings()
            keep.append(form.name)
            keep.append(definition)
            keep.append(time)
            keep.append(data)
            keep.append(id)
            keep.append(!stored.same)
            // The definition kept either way; values as stored already write nothing (`updated` stays).
            // `updated` is the server's clock as the row is written (`clock_timestamp()`, not `now()`,
            // the transaction's start, which the row lock above may have held back): every terminal's
            // list reads its changes since a time of this one clock (`storeTime`, DECISIONS 88).
            try session.query(
                """
                WITH \(Self.keepDefinition)
                UPDATE \(PostgresSchema.records) SET data = $4::jsonb, updated = clock_timestamp()
                WHERE id = $5 AND form = $1 AND $6
                """, keep)
        }
    }

    @discardableResult
    public func deleteRecord(id: Int64, form: Form) throws(StoreError) -> Bool {
        var binds = PostgresBindings()
        binds.append(id)
        binds.append(form.name)
        return try link.run { session in
            try
                (session.query("DELETE FROM \(PostgresSchema.records) WHERE id = $1 AND form = $2", binds).metadata.rows
                ?? 0) > 0
        }
    }

    /// Makes the form's view match it, once per process and definition (its own transaction:
    /// the records are stored whether or not this role may make views).
    private func ensureView(_ form: Form) throws(StoreError) {
        let key = form.name + " " + ViewVersion.of(form, shape: PostgresRecordView.shape)
        guard !currentViews.withLock({ $0.contains(key) }) else { return }
        try link.write { session in try PostgresRecordView.ensure(session, form: form) }
        currentViews.withLock { _ = $0.insert(key) }
    }

    // MARK: - Reading records

    /// `created`, `updated` as Keyform's timestamps (UTC, milliseconds): what `Timestamp.date` reads.
    static func iso(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    }

    public func records(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(form: form, where: matches, limit: limit, beforeID: beforeID) { result.append($0) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw link.failure(error)
        }
        return result
    }

    public func oldestRecords(
        form: Form, where matches: [FieldMatch], limit: Int?, afterID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(form: form, where: matches, limit: limit, beforeID: nil, afterID: afterID, oldestFirst: true) {
                result.append($0)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw link.failure(error)
        }
        // Read oldest first, from the index's other end; given newest first.
        return result.reversed()
    }

    /// The server's clock, which stamps an edit's `updated`: read before a list's
    /// look for changes, it is never later than what the look sees.
    public func storeTime() throws(StoreError) -> Date? {
        try link.run { session in
            for row in try session.query("SELECT \(Self.iso("clock_timestamp()"))") {
                return Timestamp.date(from: try row.decode(String.self))
            }
            return nil
        }
    }

    /// One query (a page at a time): the form's rows updated at `since` or later,
    /// or past `afterID` and meeting the matches.
    public func changedRecords(
        form: Form, since: Date, afterID: Int64?, where matches: [FieldMatch]
    ) throws(StoreError) -> [StoredRecord] {
        var result: [StoredRecord] = []
        do {
            try reading(
                form: form, where: matches, limit: nil, beforeID: nil,
                changed: (since: Timestamp.string(from: since), afterID: afterID)
            ) { result.append($0) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw link.failure(error)
        }
        return result
    }

    /// Read from the `(form, id)` index: no record's values cross the network.
    public func recordIDs(form: Form, from lowest: Int64, through highest: Int64) throws(StoreError) -> [Int64] {
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(lowest)
        binds.append(highest)
        return try link.run { session in
            try session.query(
                "SELECT id FROM \(PostgresSchema.records) WHERE form = $1 AND id BETWEEN $2 AND $3 ORDER BY id DESC",
                binds
            ).map { try $0.decode(Int64.self) }
        }
    }

    public func forEachRecord(
        form: Form, where matches: [FieldMatch], limit: Int?, _ body: (StoredRecord) throws -> Void
    ) throws {
        try reading(form: form, where: matches, limit: limit, beforeID: nil, body)
    }

    public func forEachRecordValues(
        form: Form, where matches: [FieldMatch], limit: Int?,
        _ body: (_ id: Int64, _ created: Date, _ values: [FieldValue?]) throws -> Void
    ) throws {
        try readingRows(form: form, where: matches, limit: limit, beforeID: nil) { row, values in
            try body(row.id, row.created, values)
        }
    }

    private func reading(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?, afterID: Int64? = nil,
        oldestFirst: Bool = false, changed: Changed? = nil, _ body: (StoredRecord) throws -> Void
    ) throws {
        let ids = form.valueFields.map(\.id)
        try readingRows(
            form: form, where: matches, limit: limit, beforeID: beforeID, afterID: afterID, oldestFirst: oldestFirst,
            changed: changed
        ) { row, values in
            try body(
                StoredRecord(
                    id: row.id, created: row.created, updated: row.updated,
                    values: KeyformCore.Record(values: Array(zip(ids, values))), author: row.author))
        }
    }

    /// One record's columns other than its values.
    private struct RowHead {
        var id: Int64
        var created: Date
        var updated: Date
        var author: String?
    }

    /// Rows read per query: a long list is read a page at a time (by id, newest
    /// first), so neither this process nor the connection holds it whole.
    static let page = 1_000

    /// The records, newest first, each with its values in the form's field order
    /// (with `afterID`, only those newer than it; `oldestFirst`, in the other order);
    /// what `body` throws stops the reading and is rethrown as it is.
    /// What `changedRecords` asks for: rows updated at or after `since` (a
    /// timestamp's text), whatever the matches, or past `afterID` and meeting them.
    private typealias Changed = (since: String, afterID: Int64?)

    private func readingRows(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?, afterID: Int64? = nil,
        oldestFirst: Bool = false, changed: Changed? = nil, _ body: (RowHead, [FieldValue?]) throws -> Void
    ) throws {
        if let limit, limit <= 0 { return }
        let fields = form.valueFields
        var sql = "SELECT id, \(Self.iso("created")), \(Self.iso("updated")), author"
        var binds = PostgresBindings()
        binds.append(form.name)
        for field in fields {
            binds.append(field.id)
            sql += ", jsonb_typeof(data -> $\(binds.count)), data ->> $\(binds.count)"
        }
        sql += " FROM \(PostgresSchema.records) WHERE form = $1"
        if let changed {
            binds.append(changed.since)
            sql += " AND (updated >= $\(binds.count)::timestamptz"
            if let after = changed.afterID {
                binds.append(after)
                sql += " OR (id > $\(binds.count)"
                try Self.appendConditions(matches, form: form, to: &sql, &binds)
                sql += ")"
            }
            sql += ")"
        } else {
            try Self.appendConditions(matches, form: form, to: &sql, &binds)
        }
        var remaining = limit
        var before = beforeID
        var after = afterID
        while true {
            let count = min(remaining ?? Self.page, Self.page)
            var pageBinds = binds
            var pageSQL = sql
            if let before {
                pageBinds.append(before)
                pageSQL += " AND id < $\(pageBinds.count)"
            }
            if let after {
                pageBinds.append(after)
                pageSQL += " AND id > $\(pageBinds.count)"
            }
            pageSQL += oldestFirst ? " ORDER BY id LIMIT \(count)" : " ORDER BY id DESC LIMIT \(count)"
            let rows = try link.run { session in try session.query(pageSQL, pageBinds) }
            var read = 0
            var values: [FieldValue?] = []
            values.reserveCapacity(fields.count)
            for row in rows {
                let cells = row.makeRandomAccess()
                let head = RowHead(
                    id: try cells[0].decode(Int64.self),
                    created: Timestamp.date(from: try cells[1].decode(String.self)) ?? .distantPast,
                    updated: Timestamp.date(from: try cells[2].decode(String.self)) ?? .distantPast,
                    author: try cells[3].decode(String?.self))
                values.removeAll(keepingCapacity: true)
                for (index, field) in fields.enumerated() {
                    values.append(
                        PostgresValues.decode(
                            type: try cells[4 + 2 * index].decode(String?.self),
                            text: try cells[5 + 2 * index].decode(String?.self), as: field))
                }
                try body(head, values)
                if oldestFirst { after = head.id } else { before = head.id }
                read += 1
            }
            if let left = remaining { remaining = left - read }
            guard read == count, remaining.map({ $0 > 0 }) ?? true else { return }
        }
    }

    public func recordCount(form: Form, where matches: [FieldMatch]) throws(StoreError) -> Int {
        var sql = "SELECT count(*) FROM \(PostgresSchema.records) WHERE form = $1"
        var binds = PostgresBindings()
        binds.append(form.name)
        try Self.appendConditions(matches, form: form, to: &sql, &binds)
        return try link.run { session in
            for row in try session.query(sql, binds) { return Int(try row.decode(Int64.self)) }
            return 0
        }
    }

    /// ` AND …` for each match (see `FieldMatch`): a field holds exactly the value
    /// (jsonb equality; nil matches an empty or absent field), or a list field holds the item
    /// (jsonb containment, which also takes a single value equal to it).
    private static func appendConditions(
        _ matches: [FieldMatch], form: Form, to sql: inout String,
        _ binds: inout PostgresBindings
    ) throws(StoreError) {
        for match in matches {
            guard let field = form.field(id: match.field) else {
                throw .unknownField(form: form.name, field: match.field)
            }
            binds.append(match.field)
            let key = "$\(binds.count)"
            if field.multiple, case .text(let item)? = match.value {
                binds.append(item)
                sql += " AND data -> \(key) @> to_jsonb($\(binds.count)::text)"
            } else if let value = match.value {
                binds.append(try StoredValues.json(value, field: match.field))
                sql += " AND data -> \(key) = $\(binds.count)::jsonb"
            } else {
                sql += " AND coalesce(data -> \(key), 'null'::jsonb) = 'null'::jsonb"
            }
        }
    }

    // MARK: - History and pre-fill

    public func history(form: Form, field: String, limit: Int) throws(StoreError) -> [String] {
        guard let described = form.field(id: field) else { throw .unknownField(form: form.name, field: field) }
        guard limit > 0 else { return [] }
        var binds = PostgresBindings()
        binds.append(field)
        binds.append(form.name)
        binds.append(author)
        // One row per distinct stored value, newest use first.
        let rows = try link.run { session in
            try session.query(
                """
                SELECT jsonb_typeof(v), v #>> '{}' FROM (
                    SELECT data -> $1 AS v, max(id) AS m FROM \(PostgresSchema.records)
                    WHERE form = $2 AND jsonb_typeof(data -> $1) <> 'null' AND (author = $3 OR author IS NULL)
                    GROUP BY data -> $1
                ) AS s ORDER BY m DESC LIMIT \(limit)
                """, binds)
        }
        var seen = Set<String>()
        var result: [String] = []
        for row in rows {
            let (type, text) = try link.decoding { try row.decode((String?, String?).self) }
            guard let shown = PostgresValues.decode(type: type, text: text, as: described)?.text,
                !shown.isEmpty, seen.insert(shown).inserted
            else { continue }
            result.append(shown)
        }
        return result
    }

    public func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput? {
        guard let described = form.field(id: field) else { throw .unknownField(form: form.name, field: field) }
        var binds = PostgresBindings()
        binds.append(field)
        binds.append(form.name)
        binds.append(author)
        let rows = try link.run { session in
            try session.query(
                """
                SELECT jsonb_typeof(data -> $1), data ->> $1 FROM \(PostgresSchema.records)
                WHERE form = $2 AND (author = $3 OR author IS NULL) ORDER BY id DESC LIMIT 1
                """, binds)
        }
        for row in rows {
            let (type, text) = try link.decoding { try row.decode((String?, String?).self) }
            guard let value = PostgresValues.decode(type: type, text: text, as: described) else { return nil }
            let input = FieldInput(value)
            return input.isEmpty ? nil : input
        }
        return nil
    }

    // MARK: - Choices and forms

    /// A field's items: a list's one by one with their place in it, a single value as itself.
    private static func items(_ value: String) -> String {
        "jsonb_array_elements(CASE WHEN jsonb_typeof(\(value)) = 'array' THEN \(value) ELSE jsonb_build_array(\(value)) END) "
            + "WITH ORDINALITY AS e(value, k)"
    }

    public func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] {
        let order = source.order == .frequent ? "n DESC, m DESC, k" : "m DESC, k"
        var binds = PostgresBindings()
        binds.append(source.field)
        binds.append(source.form)
        // k: the item's place in the newest record holding it.
        let rows = try link.run { session in
            try session.query(
                """
                SELECT jsonb_typeof(e.value), e.value #>> '{}', max(r.id) AS m, count(DISTINCT r.id) AS n,
                       (array_agg(e.k ORDER BY r.id DESC))[1] AS k
                FROM \(PostgresSchema.records) AS r CROSS JOIN LATERAL \(Self.items("r.data -> $1"))
                WHERE r.form = $2 AND jsonb_typeof(e.value) <> 'null' AND e.value <> '""'::jsonb
                GROUP BY e.value ORDER BY \(order) LIMIT \(max(source.limit, 0))
                """, binds)
        }
        var seen = Set<String>()
        var result: [String] = []
        for row in rows {
            let cells = try link.decoding { try row.decode((String?, String?, Int64, Int64, Int64).self) }
            let (type, text) = (cells.0, cells.1)
            if let shown = PostgresValues.shown(type: type, text: text), seen.insert(shown).inserted {
                result.append(shown)
            }
        }
        return result
    }

    public func choicePairs(
        _ source: Field.ChoiceSource, by other: String
    ) throws(StoreError) -> [(value: String, key: String)] {
        let order = source.order == .frequent ? "n DESC, m DESC, k" : "m DESC, k"
        var binds = PostgresBindings()
        binds.append(source.field)
        binds.append(other)
        binds.append(source.form)
        let rows = try link.run { session in
            try session.query(
                """
                SELECT jsonb_typeof(e.value), e.value #>> '{}', jsonb_typeof(r.kv), r.kv #>> '{}',
                       max(r.id) AS m, count(DISTINCT r.id) AS n, (array_agg(e.k ORDER BY r.id DESC))[1] AS k
                FROM (SELECT id, data -> $1 AS vv, data -> $2 AS kv FROM \(PostgresSchema.records) WHERE form = $3) AS r
                CROSS JOIN LATERAL \(Self.items("r.vv"))
                WHERE jsonb_typeof(e.value) <> 'null' AND e.value <> '""'::jsonb
                  AND jsonb_typeof(r.kv) <> 'null' AND r.kv <> '""'::jsonb
                GROUP BY r.kv, e.value ORDER BY \(order)
                """, binds)
        }
        var seen = Set<[String]>()
        var result: [(value: String, key: String)] = []
        for row in rows {
            let cells = try link.decoding {
                try row.decode((String?, String?, String?, String?, Int64, Int64, Int64).self)
            }
            guard let value = PostgresValues.shown(type: cells.0, text: cells.1),
                let key = PostgresValues.shown(type: cells.2, text: cells.3),
                seen.insert([key, value]).inserted
            else { continue }
            result.append((value, key))
        }
        return result
    }

    public func formNames() throws(StoreError) -> [String] {
        let rows = try link.run { session in
            try session.query("SELECT form FROM \(PostgresSchema.records) GROUP BY form ORDER BY form COLLATE \"C\"")
        }
        return try rows.map { row throws(StoreError) in try link.decoding { try row.decode(String.self) } }
    }

    public func storedForm(named name: String) throws(StoreError) -> Form? {
        var binds = PostgresBindings()
        binds.append(name)
        let rows = try link.run { session in
            try session.query(
                """
                SELECT fields::text FROM \(PostgresSchema.forms)
                WHERE name = $1 AND EXISTS (SELECT 1 FROM \(PostgresSchema.records) WHERE form = $1)
                """, binds)
        }
        for row in rows {
            let json = try link.decoding { try row.decode(String.self) }
            return FormDefinition(json: json)?.form(named: name)
        }
        return nil
    }

    // MARK: - Drafts

    public func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError) {
        guard StoreNames.isName(form.name) else { throw .invalidName(form.name) }
        let data =
            "{"
            + values.keys.sorted().map { RecordFormat.jsonString($0) + ":" + (values[$0] ?? .line("")).json }
            .joined(separator: ",") + "}"
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(author)
        binds.append(data)
        binds.append(focus)
        binds.append(Timestamp.string(from: now()))
        try link.run { session in
            // A draft of no author (saved before authors) is taken over.
            try session.query(
                """
                WITH gone AS (DELETE FROM \(PostgresSchema.drafts) WHERE form = $1 AND author = '')
                INSERT INTO \(PostgresSchema.drafts) (form, author, data, focus, saved)
                VALUES ($1, $2, $3::jsonb, $4, $5::timestamptz)
                ON CONFLICT (form, author) DO UPDATE SET data = excluded.data, focus = excluded.focus, saved = excluded.saved
                """, binds)
        }
    }

    public func draft(form: Form) throws(StoreError) -> Draft? {
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(author)
        let rows = try link.run { session in
            try session.query(
                """
                SELECT d.focus, \(Self.iso("d.saved")), e.key, jsonb_typeof(e.value), e.value #>> '{}'
                FROM (SELECT * FROM \(PostgresSchema.drafts) WHERE form = $1 AND author IN ($2, '')
                      ORDER BY author = '' LIMIT 1) AS d
                LEFT JOIN LATERAL jsonb_each(d.data) AS e ON true
                """, binds)
        }
        var draft: Draft?
        for row in rows {
            let (focus, saved, key, type, text) = try link.decoding {
                try row.decode((String?, String, String?, String?, String?).self)
            }
            if draft == nil {
                draft = Draft(
                    form: form.name, values: [:], focus: focus, saved: Timestamp.date(from: saved) ?? .distantPast)
            }
            guard let key else { continue }
            if type == "array", let text, let items = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) {
                draft?.values[key] = .selection(items)
            } else {
                draft?.values[key] = .line(text ?? "")
            }
        }
        return draft
    }

    @discardableResult
    public func deleteDraft(form: Form) throws(StoreError) -> Bool {
        var binds = PostgresBindings()
        binds.append(form.name)
        binds.append(author)
        return try link.run { session in
            try
                (session.query("DELETE FROM \(PostgresSchema.drafts) WHERE form = $1 AND author IN ($2, '')", binds)
                .metadata.rows ?? 0) > 0
        }
    }
}

extension ServerLink {
    /// A row's cells read as Swift values, a mismatch as the store's error.
    func decoding<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw .failed(path: address.shown, message: "an answer of the server could not be read (\(error))")
        }
    }
}

/// PostgreSQL as the opener's server backend (`StoreOpener.install`).
public struct PostgresBackend: ServerBackend {
    public init() {}

    public func open(
        url: String, author: String, migrating: Bool, now: @escaping @Sendable () -> Date
    )
        throws(StoreError) -> (any RecordStore)?
    {
        try PostgresStore.open(url: url, author: author, migrating: migrating, now: now)
    }
}
