import Foundation
import GRDB
import KeyformCore

/// Keyform's database: submitted records, drafts, and what field history and
/// `default: last` read from them (docs/store.md).
///
/// It owns one GRDB `DatabaseWriter` — a `DatabasePool` (WAL) for a file, a
/// `DatabaseQueue` for an in-memory database — and the `DatabaseMigrator` that
/// brings every database to the current schema when it is opened. Writes are
/// named for what they mean (`saveRecord`, `saveDraft`); each is one transaction.
/// Every method throws `StoreError`, never a bare SQLite error.
///
/// ## Schema: one generic table, one view per form
/// Records live in one table, `_record` (id, form, created, updated, data), whose
/// `data` is a JSON object of typed values; each form gets a view named after it
/// with one column per field (`SELECT * FROM todo`). Chosen over one table per form
/// because a form's fields change over time: a field added later needs no
/// `ALTER TABLE` on a table full of records (the view is rewritten and old records
/// show NULL there), a removed field's values stay in `data` and come back if the
/// field does, a field whose type changes keeps its old values as they were, and
/// saving is one `INSERT` whatever the form. The `_` prefix keeps Keyform's tables
/// out of the form names' space (`[a-z][a-z0-9_]*`).
///
/// ## Durability and concurrency
/// WAL journal (readers never block the writer), `synchronous = FULL` (each commit
/// is on disk before `saveRecord` returns, so a record survives a power cut, not
/// only a `kill -9`), and a busy timeout of `busyTimeout` seconds so that several
/// `keyform` processes writing at once wait for each other instead of failing.
/// Every write is one `BEGIN IMMEDIATE` transaction: a write that times out with
/// `StoreError.busy` has written nothing and may be tried again.
public final class AppDatabase: Sendable {
    /// `PRAGMA application_id` of a Keyform database: "KYFM". A database with
    /// another id, or with tables and no id, belongs to another program.
    public static let applicationID: Int32 = 0x4B59_464D
    /// Seconds a write waits for another process's write to finish.
    public static let busyTimeout: TimeInterval = 5

    /// How a connection waits for another process's transaction: it tries again
    /// every millisecond or so, for `busyTimeout` seconds. SQLite's own busy timeout
    /// sleeps up to 100 ms between tries, and a process waiting behind others that
    /// write one record after another can then miss every gap between their
    /// transactions until it times out (seen with 4 writers on a loaded machine).
    static let busyMode: Database.BusyMode = .callback { tries in
        guard Double(tries) < busyTimeout * 1000 else { return false }
        usleep(UInt32.random(in: 500...1500))
        return true
    }

    /// The database file, or `:memory:`.
    public let path: String
    let writer: any DatabaseWriter
    let now: @Sendable () -> Date

    init(writer: any DatabaseWriter, path: String, now: @escaping @Sendable () -> Date) throws(StoreError) {
        self.writer = writer
        self.path = path
        self.now = now
        try prepare()
    }

    // MARK: - Opening

    /// Opens (creating if needed) the database file at `path`.
    ///
    /// A missing folder is created `0700` (only the folders it creates), a new file
    /// `0600` (SQLite gives `-wal` and `-shm` the same mode). An existing file keeps
    /// its mode. Throws `StoreError` for a folder that cannot be created, a file that
    /// is not a SQLite database, a damaged one, another program's database, or one
    /// that cannot be written to.
    ///
    /// - Parameter now: the clock for `created`, `updated` and `saved` (tests pass a fixed one).
    public static func open(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) -> AppDatabase {
        try DatabaseFile.prepare(path: path)
        try initialize(path: path)
        var configuration = Configuration()
        configuration.busyMode = busyMode
        configuration.label = "keyform"
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // GRDB sets NORMAL on the writer connection when it turns WAL on.
            try pool.barrierWriteWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
        return try AppDatabase(writer: pool, path: path, now: now)
    }

    /// Opens the database file at `path` only if it exists: for commands that
    /// read, which must not leave an empty database at a mistyped path.
    /// Throws `.noDatabase` when nothing is there, else as `open(path:now:)`.
    public static func openExisting(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) -> AppDatabase {
        guard DatabaseFile.exists(path) else { throw .noDatabase(path: path) }
        return try open(path: path, now: now)
    }

    /// Checks and sets up the file through one plain connection before the pool
    /// opens it.
    ///
    /// - Another program's database is refused before anything is written to it
    ///   (opening a pool would turn WAL on in it).
    /// - A new file gets its first page (the application id) in rollback-journal
    ///   mode, under SQLite's lock: a database whose first writes sit in a WAL while
    ///   the main file is still empty is not safe to share between processes.
    /// - WAL is turned on once per file, retrying while other processes hold the
    ///   file: `PRAGMA journal_mode = WAL` needs an exclusive lock and reports
    ///   "database is locked" at once instead of calling the busy handler. Once the
    ///   file is in WAL mode, the pool's own `journal_mode = WAL` changes nothing.
    private static func initialize(path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.busyMode = busyMode
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                if try isForeign(db) { throw StoreError.foreignDatabase(path: path) }
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
                    try db.inTransaction(.immediate) {
                        if try isForeign(db) { throw StoreError.foreignDatabase(path: path) }
                        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                        return .commit
                    }
                }
                let deadline = Date().addingTimeInterval(busyTimeout)
                while true {
                    do {
                        if try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" { break }
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                        // Another process holds the file: try again shortly.
                    }
                    guard Date() < deadline else { throw StoreError.busy(path: path) }
                    usleep(5_000)
                }
            }
            try queue.close()
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// True when the database is not Keyform's: its application id is another
    /// program's, or it has no id and holds tables (other than GRDB's migrations
    /// table, which another keyform process creates just before it marks a new file).
    static func isForeign(_ db: Database) throws -> Bool {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return false }
        if id != 0 { return true }
        let names = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'grdb_migrations'
            """)
        return !names.isEmpty
    }

    /// A new, empty database in memory, gone when the value is released (for tests).
    public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(writer: DatabaseQueue(), path: ":memory:", now: now)
        } catch {
            throw StoreError.from(error, path: ":memory:")
        }
    }

    /// Where the database is when `--db` is not given: `$KEYFORM_DB`, else
    /// `$XDG_DATA_HOME/keyform/keyform.sqlite` (an absolute `XDG_DATA_HOME` only, as
    /// the XDG spec says), else `HOME/.local/share/keyform/keyform.sqlite`. Empty
    /// variables count as unset.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        if let path = environment["KEYFORM_DB"], !path.isEmpty {
            return path
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "keyform/keyform.sqlite")
        }
        return joined(home, ".local/share/keyform/keyform.sqlite")
    }

    private static func joined(_ folder: String, _ rest: String) -> String {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + rest : folder + "/" + rest
    }

    // MARK: - Schema

    /// Refuses another program's database, marks a new one as Keyform's, migrates.
    private func prepare() throws(StoreError) {
        do {
            // A file was marked by `initialize`; only a new in-memory database needs it here
            // (a read first, so that opening does not wait for other processes' writes).
            let marked = try writer.read { db in
                try Int32.fetchOne(db, sql: "PRAGMA application_id") == AppDatabase.applicationID
            }
            if !marked {
                try writer.write { db in
                    if try AppDatabase.isForeign(db) { throw StoreError.foreignDatabase(path: path) }
                    try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
                }
            }
            if try writer.read({ try AppDatabase.migrator.hasBeenSuperseded($0) }) {
                throw StoreError.newerVersion(path: path)
            }
            // GRDB's migrator reads which migrations are applied before its transaction:
            // two processes opening a new file at once may both try the first migration.
            // The loser's transaction fails and rolls back; it then finds it applied.
            for attempt in 1... {
                do {
                    try AppDatabase.migrator.migrate(writer)
                    break
                } catch let error as DatabaseError
                    where attempt < 5 && [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode)
                {
                    continue
                }
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Every version of the schema, from the first. Never edit a shipped migration:
    /// add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and drafts") { db in
            try db.execute(sql: """
                CREATE TABLE _record (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    form TEXT NOT NULL,
                    created TEXT NOT NULL,
                    updated TEXT NOT NULL,
                    data TEXT NOT NULL CHECK (json_valid(data))
                );
                CREATE INDEX _record_form ON _record (form);
                CREATE TABLE _draft (
                    form TEXT PRIMARY KEY NOT NULL,
                    data TEXT NOT NULL CHECK (json_valid(data)),
                    focus TEXT,
                    saved TEXT NOT NULL
                );
                """)
        }
        return migrator
    }

    // MARK: - Errors

    /// Runs `body`, turning anything it throws into a `StoreError`.
    func mapped<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems.
    public func integrityCheck() throws(StoreError) -> [String] {
        try mapped { try writer.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } }
    }
}
