import KeyformStore
import PostgresNIO

/// Keyform's tables on a PostgreSQL server, in their own schema `keyform`
/// (a team's database may hold other things; the grants of docs/store.md
/// are per schema):
///
/// - `_record`: id (an identity, never reused), form, created, updated (timestamptz),
///   author (NULL: everyone's), data (jsonb: field id → value, as `StoredValues` writes it),
///   token (a save's own uuid, unique: a save tried again finds its record; NULL: imported, copied);
/// - `_draft`: one per form and author (jsonb values, the focused field, when saved);
/// - `_form`: each form's definition (`FormDefinition`), kept with its records;
/// - `_version`: which migrations ran;
/// - a view per form, named after it (`PostgresRecordView`).
///
/// Migrations run in one transaction under a transaction-level advisory lock:
/// many clients starting at once on a new database wait for the first, then
/// find the schema made. An up-to-date database is only read (one query).
enum PostgresSchema {
    static let name = "keyform"
    static let records = "keyform._record"
    static let drafts = "keyform._draft"
    static let forms = "keyform._form"
    static let version = "keyform._version"
    /// The channel a change of the records is announced on (LISTEN/NOTIFY).
    static let changes = "keyform_records"
    /// `pg_advisory_xact_lock` keys: "KYFM" for migrations, and one more for views.
    static let migrationLock: Int64 = 0x4B59_464D
    static let viewLock: Int64 = 0x4B59_464D_0001

    /// Every version of the schema, from the first, each its statements (one at a
    /// time: the extended protocol takes one per query). Never edit a shipped one: add one.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE keyform._record (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                form text NOT NULL,
                created timestamptz NOT NULL,
                updated timestamptz NOT NULL,
                author text,
                data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object')
            )
            """,
            "CREATE INDEX _record_form ON keyform._record (form, id)",
            """
            CREATE TABLE keyform._draft (
                form text NOT NULL,
                author text NOT NULL,
                data jsonb NOT NULL,
                focus text,
                saved timestamptz NOT NULL,
                PRIMARY KEY (form, author)
            )
            """,
            """
            CREATE TABLE keyform._form (
                name text PRIMARY KEY,
                fields jsonb NOT NULL,
                updated timestamptz NOT NULL
            )
            """,
            // Every committed change of the records is announced (`changeMark`: a list on another
            // terminal refreshes); NOTIFY is sent at commit, one per transaction.
            """
            CREATE FUNCTION keyform._announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(changes)', '');
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER _record_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON keyform._record
            FOR EACH STATEMENT EXECUTE PROCEDURE keyform._announce_change()
            """,
        ],
        // 2: each save's token (`PostgresStore.saveRecord`): a save tried again after its
        // connection was lost finds the record its first try stored instead of storing it twice.
        [
            "ALTER TABLE keyform._record ADD COLUMN token uuid",
            "CREATE UNIQUE INDEX _record_token ON keyform._record (token)",
        ],
    ]

    /// The database's schema version: nil when Keyform's schema is not there.
    /// - Throws: `.foreignDatabase` when a `keyform` schema holds tables Keyform did not make.
    static func installedVersion(_ session: ServerLink.Session, shown: String) throws -> Int? {
        let rows = try session.query(
            """
            SELECT to_regclass('\(version)') IS NOT NULL,
                   (SELECT count(*) FROM pg_tables WHERE schemaname = '\(name)')
            """)
        guard let row = rows.first(where: { _ in true }) else { return nil }
        let (hasVersion, tables) = try row.decode((Bool, Int64).self)
        guard hasVersion else {
            if tables > 0 { throw StoreError.foreignDatabase(path: shown) }
            return nil
        }
        for row in try session.query("SELECT coalesce(max(version), 0) FROM \(version)") {
            return Int(try row.decode(Int32.self))
        }
        return 0
    }

    /// Brings the database to the current schema, once, whoever else starts now.
    /// - Throws: `.newerVersion` for a schema made by a newer Keyform.
    static func migrate(_ link: ServerLink) throws(StoreError) {
        let shown = link.address.shown
        let current = try link.run { session in try installedVersion(session, shown: shown) }
        if let current, current >= migrations.count {
            if current > migrations.count { throw .newerVersion(path: shown) }
            return
        }
        try link.write { session in
            try session.query("SELECT pg_advisory_xact_lock(\(migrationLock))")
            // Another client may have migrated while this one waited for the lock.
            var done = try installedVersion(session, shown: shown)
            if done == nil {
                try session.query("CREATE SCHEMA IF NOT EXISTS \(name)")
                try session.query("CREATE TABLE \(version) (version integer NOT NULL)")
                done = 0
            }
            guard let done, done < migrations.count else { return }
            for (index, statements) in migrations.enumerated().dropFirst(done) {
                for sql in statements { try session.query(sql) }
                try session.query("INSERT INTO \(version) (version) VALUES (\(index + 1))")
            }
        }
    }
}
