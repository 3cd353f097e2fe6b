import Foundation
import GRDBSQLite
import KeyformCore
import KeyformStore

extension AppDatabase {
    /// The draft of `form` that `author` finds in the database file at `path`:
    /// what `openForReading(path:author:)` and then `draft(form:)` give, read
    /// with SQLite's own interface. Nil when the file holds none, and when it
    /// cannot give one (missing, unreadable, not a database, damaged, another
    /// program's, of a newer Keyform, not set up, busy past `busyTimeout`): the
    /// store opened for writing says why.
    ///
    /// For the draft question before the first frame, which needs nothing else of
    /// the store: GRDB's connection (its set-up and checks, and its closing, which
    /// posts a notification that casts through the runtime's conformance scans)
    /// cost more than the read (DECISIONS 99). The connection is opened as GRDB
    /// opens a reader's (read-write, so that closing it as the last one tidies
    /// the WAL as before), never creates the file, and writes nothing; it waits
    /// for another process's lock as the store's connections do.
    public static func draft(of form: Form, inFileAt path: String, author: String) -> Draft? {
        guard (try? DatabaseFile.checkReadable(path: path)) != nil else { return nil }
        do {
            return try DraftFile.read(form: form.name, author: author, from: path, immutable: false)
        } catch {
            // As `openForReading`: a read-only or full file system cannot hold the WAL's
            // index; a file without changes in its WAL is then read as it is.
            guard DatabaseFile.cannotHoldIndex(for: path) else { return nil }
            return try? DraftFile.read(
                form: form.name, author: author, from: DatabaseFile.immutableURI(path), immutable: true)
        }
    }

    /// A form's draft (its id, then the author): the author's own, else one of
    /// no author (saved before authors). Both draft readers ask it.
    static let draftQuery =
        "SELECT data, focus, saved FROM _draft WHERE form = ? AND author IN (?, '') ORDER BY author = '' LIMIT 1"

    /// A draft's values: each key of its JSON object, the value and its JSON type.
    static let draftValuesQuery = "SELECT key, value, type FROM json_each(?)"

    /// One value of a draft's JSON object, as `json_each` gives its text and
    /// type: a selection is an array; a draft kept before lists were typed holds
    /// its text (`Beach, Food`), which a `multiple` field reads as its items.
    static func draftInput(_ text: String, type: String?) -> FieldInput {
        if type == "array", let items = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) {
            return .selection(items)
        }
        return .line(text)
    }
}

/// A draft read from a Keyform database file through SQLite's C interface:
/// the checks `AppDatabase.openForReading` makes of a file, then the draft's
/// query, in one read transaction.
enum DraftFile {
    /// What SQLite said when a step failed.
    struct Failure: Error {
        let code: Int32
    }

    /// - Parameter location: a path, or a `file:` URI when `immutable`.
    static func read(form: String, author: String, from location: String, immutable: Bool) throws -> Draft? {
        var connection: OpaquePointer?
        // Closed even when the open failed: SQLite gives a handle to release then too.
        defer { sqlite3_close_v2(connection) }
        let flags = immutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE
        let opened = sqlite3_open_v2(location, &connection, flags, nil)
        guard opened == SQLITE_OK, let db = connection else { throw Failure(code: opened) }
        // The store's patience (`AppDatabase.busyMode`): about a try a millisecond for `busyTimeout`.
        sqlite3_busy_handler(
            db,
            { _, tries in
                guard tries < AppDatabase.Patience.usual else { return 0 }
                usleep(UInt32.random(in: 500...1500))
                return 1
            }, nil)
        try execute(db, "BEGIN DEFERRED")
        defer { _ = try? execute(db, "COMMIT") }
        guard try isCurrentEnough(db) else { return nil }
        var found: (data: String, focus: String?, saved: String)?
        try rows(db, AppDatabase.draftQuery, [form, author]) { row in
            found = (text(row, 0) ?? "", text(row, 1), text(row, 2) ?? "")
        }
        guard let found else { return nil }
        var values: [String: FieldInput] = [:]
        try rows(db, AppDatabase.draftValuesQuery, [found.data]) { pair in
            values[text(pair, 0) ?? ""] = AppDatabase.draftInput(shown(pair, 1), type: text(pair, 2))
        }
        return Draft(
            form: form, values: values, focus: found.focus, saved: Timestamp.date(from: found.saved) ?? .distantPast)
    }

    /// Whether the file is one `openForReading` reads: Keyform's application id
    /// (another's, or none with tables, is another program's file; none without
    /// tables is not set up yet), no migration of a newer Keyform, and the
    /// records' table made (or every migration done).
    private static func isCurrentEnough(_ db: OpaquePointer) throws -> Bool {
        var id: Int64 = 0
        try rows(db, "PRAGMA application_id") { id = sqlite3_column_int64($0, 0) }
        guard id == Int64(AppDatabase.applicationID) else { return false }
        var tables: Set<String> = []
        try rows(db, "SELECT lower(name) FROM sqlite_master WHERE type = 'table'") { row in
            if let name = text(row, 0) { tables.insert(name) }
        }
        var applied: Set<String> = []
        if tables.contains("grdb_migrations") {
            try rows(db, "SELECT identifier FROM grdb_migrations") { row in
                if let identifier = text(row, 0) { applied.insert(identifier) }
            }
        }
        let known = AppDatabase.migrator.migrations
        if applied.contains(where: { !known.contains($0) }) { return false }
        return known.allSatisfy(applied.contains) || tables.contains("_record")
    }

    private static func execute(_ db: OpaquePointer, _ sql: String) throws {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw Failure(code: code) }
    }

    /// Runs `sql` with `arguments` bound as text, calling `row` for each row.
    private static func rows(
        _ db: OpaquePointer, _ sql: String, _ arguments: [String] = [], _ row: (OpaquePointer) -> Void
    ) throws {
        var prepared: OpaquePointer?
        defer { sqlite3_finalize(prepared) }
        let code = sqlite3_prepare_v2(db, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let statement = prepared else { throw Failure(code: code) }
        for (index, argument) in arguments.enumerated() {
            // SQLITE_TRANSIENT: SQLite copies the text, whose buffer lives only for the call.
            sqlite3_bind_text(
                statement, Int32(index + 1), argument, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: row(statement)
            case SQLITE_DONE: return
            case let failed: throw Failure(code: failed)
            }
        }
    }

    /// A column's text; nil for NULL.
    private static func text(_ row: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(row, column) != SQLITE_NULL, let bytes = sqlite3_column_text(row, column) else {
            return nil
        }
        return String(cString: bytes)
    }

    /// A JSON value's text as GRDB gives it to `draft(form:)`: text as it is, a
    /// number as Swift writes it, null as nothing.
    private static func shown(_ row: OpaquePointer, _ column: Int32) -> String {
        switch sqlite3_column_type(row, column) {
        case SQLITE_INTEGER: String(sqlite3_column_int64(row, column))
        case SQLITE_FLOAT: String(sqlite3_column_double(row, column))
        case SQLITE_NULL: ""
        default: text(row, column) ?? ""
        }
    }
}
