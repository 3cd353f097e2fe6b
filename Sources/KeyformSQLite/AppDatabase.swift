import Foundation
import GRDB
import KeyformCore
import KeyformStore
import Synchronization

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
    static func busyMode(_ patience: Patience) -> Database.BusyMode {
        .callback { tries in
            guard tries < patience.milliseconds.load(ordering: .relaxed) else { return false }
            usleep(UInt32.random(in: 500...1500))
            return true
        }
    }

    /// How many milliseconds (tries, about one a millisecond) the connection's writes
    /// wait for another process's lock: `busyTimeout`, unless `impatient` lowers it.
    final class Patience: Sendable {
        static let usual = Int(busyTimeout * 1000)
        let milliseconds = Atomic<Int>(Patience.usual)
    }

    /// The database file, or `:memory:`.
    public let path: String
    let writer: any DatabaseWriter
    let now: @Sendable () -> Date
    /// Who works on it (`RecordStore.author`).
    public let author: String
    /// The records' author column, or `NULL` in a file from before authors that a
    /// reader takes as it is (`openForReading` does not migrate).
    let authorColumn: String
    /// The damage a read or write ran into: once a command has called the file
    /// damaged, nothing more is written to it (`writing`).
    private let damage = Mutex<StoreError?>(nil)
    private let patience: Patience
    /// Whether this process has looked for damage before its first write (`checkBeforeFirstWrite`).
    private let checkedForDamage = Mutex(false)
    /// How long the look for damage before the first write may take: a file of
    /// a few thousand records is read whole well within it; a larger one as far
    /// as it gets.
    static let damageCheckBudget: DispatchTimeInterval = .milliseconds(200)

    private init(
        writer: any DatabaseWriter, path: String, patience: Patience = Patience(), author: String,
        hasAuthors: Bool = true, now: @escaping @Sendable () -> Date
    ) {
        self.writer = writer
        self.path = path
        self.patience = patience
        self.author = author
        self.authorColumn = hasAuthors ? "author" : "NULL"
        self.now = now
    }

    /// `body`'s writes wait at most `milliseconds` for another process's lock, then
    /// fail with `.busy`: a draft written while a person types must not hold the
    /// screen for `busyTimeout` seconds (it is tried again later). The connection is
    /// shared, so a write another thread makes meanwhile is as impatient.
    public func impatient<T>(milliseconds: Int, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        patience.milliseconds.store(milliseconds, ordering: .relaxed)
        defer { patience.milliseconds.store(Patience.usual, ordering: .relaxed) }
        return try body()
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
    /// Opening a file that is already set up writes nothing: the first write is
    /// the command's own (a record, a draft).
    ///
    /// - Parameter now: the clock for `created`, `updated` and `saved` (tests pass a fixed one).
    /// - Parameter author: who works on it (`RecordStore.author`).
    public static func open(
        path: String, author: String = StoreAuthor.current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> AppDatabase {
        try DatabaseFile.prepare(path: path)
        let (queue, _, patience) = try connect(path: path, writing: true)
        return AppDatabase(writer: queue, path: path, patience: patience, author: author, now: now)
    }

    /// Opens the database file at `path` only if it exists: for commands that
    /// read, which must not leave an empty database at a mistyped path.
    /// Throws `.noDatabase` when nothing is there, else as `open(path:now:)`.
    public static func openExisting(
        path: String, author: String = StoreAuthor.current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> AppDatabase {
        guard DatabaseFile.exists(path) else { throw .noDatabase(path: path) }
        return try open(path: path, author: author, now: now)
    }

    /// Opens the database file at `path` for commands that only read
    /// (`records list`, `export`): nothing is created and nothing is written, not
    /// even the setup a new file gets. Nil when the file holds no Keyform
    /// records yet (an empty file, or one another process is just setting up).
    /// Throws `.noDatabase` when nothing is there, and as `open(path:now:)` for a
    /// file that is not a Keyform database.
    public static func openForReading(
        path: String, author: String = StoreAuthor.current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> AppDatabase? {
        guard DatabaseFile.exists(path) else { throw .noDatabase(path: path) }
        try DatabaseFile.checkReadable(path: path)
        let (queue, hasSchema, patience): (DatabaseQueue, Bool, Patience)
        do {
            (queue, hasSchema, patience) = try connect(path: path, writing: false)
        } catch {
            // Reading a WAL database makes its index file (PATH-shm) beside it, which a
            // read-only or full file system refuses. Nothing can write the file there
            // either, so it is read as it is, unless its WAL holds changes (they would
            // be missed): then the error stands.
            guard DatabaseFile.cannotHoldIndex(for: path) else { throw error }
            (queue, hasSchema, patience) = try connect(path: path, writing: false, immutable: true)
        }
        guard hasSchema else {
            try? queue.close()
            return nil
        }
        let hasAuthors: Bool
        do {
            hasAuthors = try queue.read { db in
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS(SELECT 1 FROM pragma_table_info('_record') WHERE name = 'author')") ?? false
            }
        } catch {
            try? queue.close()
            throw StoreError.from(error, path: path)
        }
        return AppDatabase(
            writer: queue, path: path, patience: patience, author: author, hasAuthors: hasAuthors, now: now)
    }

    /// The one connection to the file, checked and (when `writing`) set up; it
    /// stays the store's connection. Returns whether the file holds the schema.
    ///
    /// One connection, not a pool: a pool opened after a setup connection makes
    /// SQLite remove the WAL when the setup connection closes, and GRDB's pool then
    /// writes (and syncs) a table it creates and drops to make the WAL again — a
    /// write before anything is known about the file, and 2.8 ms of the first frame.
    ///
    /// - Another program's database is refused before anything is written to it.
    /// - A new file gets its first page (the application id) in rollback-journal
    ///   mode, under SQLite's lock: a database whose first writes sit in a WAL while
    ///   the main file is still empty is not safe to share between processes.
    /// - WAL is turned on once per file, retrying while other processes hold the
    ///   file: `PRAGMA journal_mode = WAL` needs an exclusive lock and reports
    ///   "database is locked" at once instead of calling the busy handler.
    /// - Migrations run only when some are missing; a file that is up to date is
    ///   only read.
    /// - Parameter immutable: open the file read-only as a file nothing changes
    ///   (SQLite's `immutable=1`): no lock, no WAL index, the WAL not read.
    private static func connect(
        path: String, writing: Bool, immutable: Bool = false
    ) throws(StoreError) -> (DatabaseQueue, Bool, Patience) {
        var configuration = Configuration()
        let patience = Patience()
        configuration.busyMode = busyMode(patience)
        configuration.label = "keyform"
        configuration.readonly = immutable
        var opened: DatabaseQueue?
        do {
            let queue = try DatabaseQueue(
                path: immutable ? DatabaseFile.immutableURI(path) : path, configuration: configuration)
            opened = queue
            // Processes opening a new file at once: one may read the schema while another
            // creates it, and find a table gone that it saw a moment ago. Look again.
            var attempt = 1
            while true {
                do {
                    let hasSchema = try check(queue, path: path, writing: writing)
                    if writing && !hasSchema { try migrate(queue) }
                    return (queue, writing || hasSchema, patience)
                } catch let error as DatabaseError where attempt < 5 && error.resultCode == .SQLITE_ERROR {
                    queue.inDatabase { $0.clearSchemaCache() }
                    usleep(2_000)
                    attempt += 1
                }
            }
        } catch {
            try? opened?.close()
            throw StoreError.from(error, path: path)
        }
    }

    /// Refuses a file that is not Keyform's; when `writing`, marks a new one and
    /// turns WAL on. Returns whether the file holds the current schema.
    private static func check(_ queue: DatabaseQueue, path: String, writing: Bool) throws -> Bool {
        try queue.inDatabase { db throws -> Bool in
            db.clearSchemaCache()
            // WAL turns NORMAL on by habit; a record must survive a power cut.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // One read transaction: the id and the tables as of one moment, not a file
            // another process marks and fills between the two reads (which would look
            // like another program's tables without our id).
            var marked = false
            var state: Bool?
            try db.inTransaction(.deferred) {
                if try isForeign(db) { throw StoreError.foreignDatabase(path: path) }
                marked = try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
                if try migrator.hasBeenSuperseded(db) { throw StoreError.newerVersion(path: path) }
                let current = try marked && migrator.hasCompletedMigrations(db)
                if current || !writing {
                    // A reader takes the file as it is: only a file whose records table
                    // was made has records to read (a file killed as it was being set up
                    // may hold GRDB's migrations table and nothing else).
                    state = try current || db.tableExists("_record")
                }
                return .commit
            }
            if let state { return state }
            try mark(db, path: path, marked: marked, wal: true)
            return false
        }
    }

    /// Marks a new database as Keyform's and turns WAL on (for a file).
    private static func mark(_ db: Database, path: String, marked: Bool, wal: Bool) throws {
        if !marked {
            try db.inTransaction(.immediate) {
                if try isForeign(db) { throw StoreError.foreignDatabase(path: path) }
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                return .commit
            }
        }
        if wal, try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
            let deadline = Date().addingTimeInterval(busyTimeout)
            while true {
                do {
                    if try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" { break }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    // Another process holds the file: try again shortly.
                }
                guard Date() < deadline else { throw StoreError.busyFile(path: path) }
                usleep(5_000)
            }
        }
    }

    /// Runs the migrations the database lacks.
    private static func migrate(_ writer: any DatabaseWriter) throws {
        // GRDB's migrator reads which migrations are applied before its transaction:
        // two processes opening a new file at once may both try the first migration.
        // The loser's transaction fails and rolls back; it then finds it applied.
        for attempt in 1... {
            do {
                // What GRDB knows of the schema may be another process's, from before
                // it created (or rolled back) the tables.
                writer.writeWithoutTransaction { $0.clearSchemaCache() }
                try migrator.migrate(writer)
                break
            } catch let error as DatabaseError
                where attempt < 5 && [.SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode)
            {
                continue
            }
        }
    }

    /// True when the database is not Keyform's: its application id is another
    /// program's, or it has no id and holds tables (other than GRDB's migrations
    /// table, which another keyform process creates just before it marks a new file).
    static func isForeign(_ db: Database) throws -> Bool {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return false }
        if id != 0 { return true }
        let names = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'grdb_migrations'
                """)
        return !names.isEmpty
    }

    /// A new, empty database in memory, gone when the value is released (for tests).
    public static func inMemory(
        author: String = StoreAuthor.current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> AppDatabase {
        do {
            let queue = try DatabaseQueue()
            try queue.inDatabase { db in try mark(db, path: ":memory:", marked: false, wal: false) }
            try migrate(queue)
            return AppDatabase(writer: queue, path: ":memory:", author: author, now: now)
        } catch {
            throw StoreError.from(error, path: ":memory:")
        }
    }

    // MARK: - Schema

    /// Every version of the schema, from the first. Never edit a shipped migration:
    /// add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and drafts") { db in
            try db.execute(
                sql: """
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
        // What `records list NAME` needs of each form to read its records without the
        // file (`FormDefinition`). A database made before it has no rows here, and
        // is read by guessing (`StoredForm`) until a record of the form is stored.
        migrator.registerMigration("v2: form definitions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE _form (
                        name TEXT PRIMARY KEY NOT NULL,
                        fields TEXT NOT NULL CHECK (json_valid(fields)),
                        updated TEXT NOT NULL
                    );
                    """)
        }
        // Drafts, history and `default: last` become each author's (a team's server
        // would otherwise share one draft). Records saved before have no author and
        // count as everyone's; a draft saved before gets the author '' (anyone's) and
        // is taken over by whoever saves the form's draft next.
        migrator.registerMigration("v3: authors") { db in
            try db.execute(
                sql: """
                    ALTER TABLE _record ADD COLUMN author TEXT;
                    CREATE TABLE _draft_by_author (
                        form TEXT NOT NULL,
                        author TEXT NOT NULL,
                        data TEXT NOT NULL CHECK (json_valid(data)),
                        focus TEXT,
                        saved TEXT NOT NULL,
                        PRIMARY KEY (form, author)
                    );
                    INSERT INTO _draft_by_author (form, author, data, focus, saved) SELECT form, '', data, focus, saved FROM _draft;
                    DROP TABLE _draft;
                    ALTER TABLE _draft_by_author RENAME TO _draft;
                    """)
        }
        // Each form's view is known by the version of what it was made from
        // (`ViewVersion`), not by its SQL text. A view of before has no row: it is
        // made again once, on its form's next save.
        migrator.registerMigration("v4: view versions") { db in
            try db.execute(
                sql: """
                    CREATE TABLE _view (
                        name TEXT PRIMARY KEY NOT NULL,
                        version TEXT NOT NULL
                    );
                    """)
        }
        return migrator
    }

    // MARK: - Errors

    /// Runs `body`, turning anything it throws into a `StoreError`, and
    /// remembering a damaged file.
    func mapped<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            let failure = StoreError.from(error, path: path)
            switch failure {
            case .corrupt, .notADatabase: damage.withLock { $0 = failure }
            default: break
            }
            throw failure
        }
    }

    /// One write transaction, unless the file was found damaged: a command does
    /// not change a file it has called damaged (the person may want to recover it).
    func writing<T>(_ updates: (Database) throws -> T) throws(StoreError) -> T {
        if let failure = damage.withLock({ $0 }) { throw failure }
        try checkBeforeFirstWrite()
        return try mapped {
            try writer.write { db in
                // The connection stays open for the whole run, and other processes may
                // change the schema meanwhile (a form's view): GRDB must not trust what it
                // cached before.
                db.clearSchemaCache()
                return try updates(db)
            }
        }
    }

    /// Before this process's first write, `PRAGMA quick_check` within
    /// `damageCheckBudget`. A write runs into damage only on the pages it touches:
    /// with a records page damaged elsewhere, a record was stored (exit 0) into a
    /// file that `records list` then called damaged, and every write made a
    /// `.recover` less likely to get the rest back. Found here, the file is
    /// called damaged before anything is written (the run rescues its record). A
    /// check that runs out of time is stopped (`interrupt`) and the write goes on.
    private func checkBeforeFirstWrite() throws(StoreError) {
        guard path != ":memory:",
            checkedForDamage.withLock({ checked in
                defer { checked = true }; return !checked
            })
        else { return }
        let checking = Mutex(true)
        let writer = self.writer
        // Weak: the timer must not keep the connection (and its WAL) open after the store is released.
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.damageCheckBudget) { [weak writer] in
            // Under the lock: the check cannot end (and the write start) between the test and the interrupt.
            checking.withLock { if $0 { writer?.interrupt() } }
        }
        let problems: [String]
        do {
            defer { checking.withLock { $0 = false } }
            problems = try mapped { () throws -> [String] in
                do {
                    return try writer.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
                } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                    return ["ok"]  // out of time: what was read is sound
                }
            }
        }
        guard problems != ["ok"] else { return }
        // "*** in database main ***\nOn tree page 4 cell 4: Extends off end of page", then more: the first finding.
        let findings = problems.flatMap { $0.split(separator: "\n") }.filter { !$0.hasPrefix("***") }
        let more = findings.count > 1 ? " and \(findings.count - 1) more problem\(findings.count == 2 ? "" : "s")" : ""
        let failure = StoreError.damagedFile(
            path: path, detail: (findings.first.map(String.init) ?? "quick_check failed") + more)
        damage.withLock { $0 = failure }
        throw failure
    }

    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems.
    public func integrityCheck() throws(StoreError) -> [String] {
        try mapped { try writer.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } }
    }
}
