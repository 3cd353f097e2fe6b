import Foundation
import KeyformCore
import KeyformStore
import KeyformTestSupport
import Synchronization
import Testing

@testable import KeyformPostgres

/// A `postgres://` location read as libpq reads it: the URL, then libpq's
/// variables, then the password sources (URL, PGPASSWORD, ~/.pgpass).
@Suite struct ServerAddressTests {
    func address(
        _ url: String, _ environment: [String: String] = [:], home: String = "/nonexistent"
    ) throws -> ServerAddress {
        try ServerAddress(url: url, environment: environment, home: home, osUser: "ada")
    }

    @Test func theURLGivesHostPortUserAndDatabase() throws {
        let full = try address("postgres://bob@db.lab:6543/team")
        #expect(full.endpoint == .tcp(host: "db.lab", port: 6543))
        #expect(full.user == "bob")
        #expect(full.database == "team")
        #expect(full.password == nil)
        #expect(full.tlsMode == .prefer, "libpq's default")
        let bare = try address("postgresql://")
        #expect(bare.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(bare.user == "ada", "the OS user")
        #expect(bare.database == "ada", "named after the user")
        let fromEnvironment = try address(
            "postgres://", ["PGHOST": "pg.lab", "PGPORT": "7000", "PGUSER": "eve", "PGDATABASE": "shop"])
        #expect(fromEnvironment.endpoint == .tcp(host: "pg.lab", port: 7000))
        #expect(fromEnvironment.user == "eve")
        #expect(fromEnvironment.database == "shop")
        #expect(try address("postgres://[::1]:5433/x").endpoint == .tcp(host: "::1", port: 5433))
        #expect(try address("postgres://b%40x@h/d%20b").user == "b@x")
        #expect(try address("postgres://b@h/d%20b").database == "d b")
    }

    @Test func aSocketFolderGivesTheServersSocketFile() throws {
        #expect(
            try address("postgres://ada@/keyform?host=/run/postgresql").endpoint
                == .socket(path: "/run/postgresql/.s.PGSQL.5432", port: 5432))
        #expect(
            try address("postgres:///keyform?host=/tmp/pg&port=54329").endpoint
                == .socket(path: "/tmp/pg/.s.PGSQL.54329", port: 54329))
        #expect(
            try address("postgres://%2Ftmp%2Fpg/keyform").endpoint
                == .socket(path: "/tmp/pg/.s.PGSQL.5432", port: 5432))
    }

    @Test func sslmodeIsLibpqs() throws {
        #expect(try address("postgres://h/d?sslmode=disable").tlsMode == .disable)
        #expect(try address("postgres://h/d?sslmode=allow").tlsMode == .prefer)
        #expect(try address("postgres://h/d?sslmode=require").tlsMode == .require)
        #expect(try address("postgres://h/d", ["PGSSLMODE": "verify-full"]).tlsMode == .verifyFull)
        let error = #expect(throws: StoreError.self) { try address("postgres://u:pw@h/d?sslmode=maybe") }
        #expect(error?.description.contains("sslmode 'maybe'") == true)
        #expect(error?.description.contains("pw") == false)
        #expect(throws: StoreError.self) { try address("postgres://h:port/d") }
    }

    @Test func thePasswordComesFromTheURLThenPGPASSWORDThenPgpass() throws {
        let folder = try TemporaryFolder()
        let pgpass = folder.file(".pgpass")
        try """
        # host:port:database:user:password
        other.lab:*:*:*:nope
        db.lab:5432:team:bob:from\\:pgpass
        localhost:54329:*:*:socket-secret
        """.write(toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        #expect(
            try address("postgres://bob:inurl@db.lab/team", ["PGPASSWORD": "env"], home: folder.path).password
                == "inurl")
        #expect(
            try address("postgres://bob@db.lab/team", ["PGPASSWORD": "env"], home: folder.path).password == "env")
        #expect(try address("postgres://bob@db.lab/team", [:], home: folder.path).password == "from:pgpass")
        #expect(
            try address("postgres://eve@db.lab/team", [:], home: folder.path).password == nil, "no line for eve")
        #expect(
            try address("postgres://eve@/x?host=/tmp/s&port=54329", [:], home: folder.path).password
                == "socket-secret")
        #expect(try address("postgres://bob@db.lab/team", ["PGPASSFILE": pgpass]).password == "from:pgpass")
        // A file others can read is ignored, as libpq ignores it.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pgpass)
        #expect(try address("postgres://bob@db.lab/team", [:], home: folder.path).password == nil)
    }
}

/// What only a server has: its faults, its login, many clients at once, the
/// view `psql` reads, a role that may insert but not delete.
@Suite(.enabled(if: TestPostgres.url != nil, Comment(rawValue: TestPostgres.skipped)))
struct PostgresStoreTests {
    @Test func aServerThatIsNotThereIsSaidClearly() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: StoreError.self) {
            _ = try PostgresStore.open(url: "postgres://ada:s3cret@/keyform?host=\(folder.path)", author: "ada")
        }
        #expect(
            error
                == .serverUnreachable(
                    path: "postgres://ada@/keyform?host=\(folder.path)",
                    reason: .reasonNoSocket(place: "\(folder.path)/.s.PGSQL.5432")))
        #expect(error?.description.contains("s3cret") == false)
        let refused = #expect(throws: StoreError.self) {
            _ = try PostgresStore.open(url: "postgres://ada@127.0.0.1:1/keyform?sslmode=disable", author: "ada")
        }
        #expect(refused?.description.contains("nothing answers at 127.0.0.1:1 (connection refused)") == true)
    }

    /// keyform_pw logs in with a password on the loopback port only (scripts/test-postgres.sh).
    @Test func aPasswordIsTakenFromPGPASSWORDAndAWrongOneIsSaidWithoutIt() throws {
        let port = try #require(TestPostgres.url?.split(separator: "port=").last.map(String.init))
        let url = "postgres://keyform_pw@127.0.0.1:\(port)/keyform?sslmode=disable"
        // Logged in: the database holds no Keyform schema, which a reader takes as no records.
        #expect(
            try PostgresStore.open(
                url: url, author: "ada", migrating: false, environment: ["PGPASSWORD": "secret"],
                home: "/nonexistent") == nil)
        let wrong = #expect(throws: StoreError.self) {
            _ = try PostgresStore.open(
                url: url, author: "ada", environment: ["PGPASSWORD": "guess-me"], home: "/nonexistent")
        }
        guard case .authenticationFailed(_, let user, _)? = wrong else {
            Issue.record("expected a refused login, got \(String(describing: wrong))")
            return
        }
        #expect(user == "keyform_pw")
        #expect(wrong?.description.contains("guess-me") == false)
        #expect(wrong?.description.contains("PGPASSWORD") == true, "it says where a password goes")
        let none = #expect(throws: StoreError.self) {
            _ = try PostgresStore.open(url: url, author: "ada", environment: [:], home: "/nonexistent")
        }
        #expect(none?.description.contains("none was given") == true)
    }

    /// Many clients opening a new database at once: the schema is made once (the advisory lock), all of them work.
    @Test func clientsStartingAtOnceMigrateOnce() async throws {
        let url = try TestPostgres.freshDatabase()
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let store = try #require(try PostgresStore.open(url: url, author: "client\(index)"))
                    return try store.saveRecord(todoRecord("from \(index)"), form: todo)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ids).count == 8)
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM keyform._version") == "2\n")
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM keyform.todo") == "8\n")
    }

    /// `psql -c 'SELECT * FROM keyform.todo'`: a column per field, typed.
    @Test func eachFormHasATypedViewForPsql() throws {
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        try store.saveRecord(
            todoRecord("Swim", priority: "High", due: "2026-11-30", laps: 12, distance: 1.5, done: true), form: todo
        )
        try store.saveRecord(
            KeyformCore.Record(
                form: chores,
                values: [
                    "text": .text("Run"), "tags": .list(["Food", "Gym"]),
                    "at": .time(ClockTime(hour: 7, minute: 5)!),
                ]), form: chores)
        #expect(
            try TestPostgres.psql(
                url, "SELECT text, priority, due + 1, laps * 2, distance * 2, NOT done, _author FROM keyform.todo")
                == "Swim|High|2026-12-01|24|3|f|ada\n")
        #expect(
            try TestPostgres.psql(url, "SELECT text, tags, at + interval '1 hour' FROM keyform.chores")
                == "Run|Food, Gym|08:05:00\n")
        // A field added later: the view follows the form.
        var more = todo
        more.pages[0].fields.append(Field(id: "note"))
        try store.saveRecord(
            KeyformCore.Record(form: more, values: ["text": .text("Rest"), "note": .text("tired")]), form: more)
        #expect(
            try TestPostgres.psql(url, "SELECT text, note FROM keyform.todo ORDER BY _id") == "Swim|\nRest|tired\n")
    }

    /// docs/store.md's insert-only role: it saves records (and its drafts), and a delete is refused in words.
    @Test func aRoleThatMayInsertButNotDeleteIsRefusedInWords() throws {
        let url = try TestPostgres.freshDatabase()
        let owner = try #require(try PostgresStore.open(url: url, author: "owner"))
        let id = try owner.saveRecord(todoRecord("Owner's"), form: todo)
        let role = "kf_clerk_" + UUID().uuidString.prefix(8).lowercased()
        try TestPostgres.psql(
            url,
            """
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE ON SCHEMA keyform TO \(role);
            GRANT SELECT ON ALL TABLES IN SCHEMA keyform TO \(role);
            GRANT INSERT ON keyform._record TO \(role);
            GRANT INSERT, UPDATE ON keyform._form TO \(role);
            GRANT INSERT, UPDATE, DELETE ON keyform._draft TO \(role);
            """)
        let clerkURL = url.replacingOccurrences(of: "keyform@", with: "\(role)@")
        let clerk = try #require(try PostgresStore.open(url: clerkURL, author: "clerk"))
        try clerk.saveDraft(form: todo, values: ["text": "half"], focus: "text")
        let saved = try clerk.saveRecord(todoRecord("Clerk's"), form: todo)
        #expect(try clerk.records(form: todo).map(\.id) == [saved, id])
        let refused = #expect(throws: StoreError.self) { try clerk.deleteRecord(id: id, form: todo) }
        guard case .permissionDenied(_, let detail)? = refused else {
            Issue.record("expected a refusal, got \(String(describing: refused))")
            return
        }
        #expect(detail == "permission denied for table _record")
        #expect(refused?.description.contains("ask the database's owner") == true)
        #expect(try owner.recordCount(form: todo) == 2)
    }

    /// A reader (`records list`) of a database Keyform never wrote to sees no records and makes nothing.
    @Test func aReaderOfAnEmptyDatabaseMakesNothing() throws {
        let url = try TestPostgres.freshDatabase()
        #expect(try PostgresStore.open(url: url, author: "ada", migrating: false) == nil)
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM pg_namespace WHERE nspname = 'keyform'") == "0\n")
    }

    /// The connection is made again when the server closed it between calls (a restart while a form sat idle).
    @Test func aConnectionClosedBetweenCallsIsMadeAgain() throws {
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        try store.saveRecord(todoRecord("before"), form: todo)
        try TestPostgres.psql(
            url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'keyform'"
        )
        // The first call after may find the connection dying: it is lost, never a crash; the next one works.
        if (try? store.saveRecord(todoRecord("after"), form: todo)) == nil {
            try store.saveRecord(todoRecord("after"), form: todo)
        }
        #expect(try store.records(form: todo).map { $0.values["text"] } == [.text("after"), .text("before")])
    }

    /// A call's answer goes with the call: a connection used for a long time (browse's look every
    /// 250 ms, an import's batches) does not keep every answer it was given, rows and all, until it
    /// closes. 400 answers of 200 kB each on one connection: the process's own memory (its anonymous
    /// pages; other tests running beside add a little) grows by far less than their 80 MB.
    @Test func answersAreNotKeptAfterTheirCall() throws {
        let store = try #require(try PostgresStore.open(url: try TestPostgres.freshDatabase(), author: "ada"))
        func anonymousKiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") })
            return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }
        let query = "SELECT repeat('x', 200000)"
        try store.link.run { session in try session.query(query) }
        let before = try anonymousKiB()
        for _ in 0..<400 {
            let rows = try store.link.run { session in try session.query(query).rows }
            #expect(rows.count == 1)
        }
        let grown = try anonymousKiB() - before
        #expect(grown < 32 << 10, "grew \(grown >> 10) MiB: the answers were kept")
    }

    /// A statement sent on a connection the server closed after the previous one was answered (a restart
    /// between two statements of a save) is a lost connection, not a wait for good: postgres-nio writes it
    /// into a channel whose handlers are gone and never answers nor fails it (the load test's hang).
    /// The close is made here before the second statement; the test waits 30 s for an outcome at most.
    @Test func aStatementAfterTheServerClosedTheConnectionIsALostConnection() throws {
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        let outcome = Mutex<Result<Int, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = Result { () throws -> Int in
                try store.link.transaction { session in
                    try session.query("SELECT 1")
                    try TestPostgres.psql(
                        url,
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'keyform'"
                    )
                    // Closed, and its pipeline taken down (NIO does both in one step): what a restart leaves.
                    try session.connection.closeFuture.wait()
                    return try session.query("SELECT 2").rows.count
                }
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else {
            // The waiting thread holds the link: the store is left alive rather than freed under it.
            _ = Unmanaged.passRetained(store)
            Issue.record("the statement sent after the close was waited for 30 s without an outcome")
            return
        }
        let result = try #require(outcome.withLock { $0 })
        guard case .failure(let error) = result, let error = error as? StoreError else {
            Issue.record("expected a lost connection, got \(result)")
            return
        }
        #expect(error == .connectionLost(path: store.location))
        #expect(ServerLink.isAway(error), "a save tries again after it")
        // The next call makes a new connection.
        try store.saveRecord(todoRecord("after"), form: todo)
        #expect(try store.recordCount(form: todo) == 1)
    }

    /// A save whose commit happened but whose answer was lost is tried again and finds its record (its token):
    /// the record is stored once, and the save returns its id.
    @Test func aSaveTriedAgainFindsWhatItsFirstTryStored() throws {
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        let token = UUID()
        let first = try store.saveRecord(todoRecord("once"), form: todo, removingDraft: true, token: token)
        let again = try store.saveRecord(
            todoRecord("once"), form: todo, removingDraft: true, token: token, alreadyTried: true)
        #expect(again == first)
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM keyform._record") == "1\n")
        // A new save is a new record, even with the same values.
        #expect(try store.saveRecord(todoRecord("once"), form: todo) != first)
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM keyform._record") == "2\n")
    }

    /// A record stored by a save whose answer was lost, and rescued with that save's token, is not stored
    /// again by an import of the rescue file; records of other tokens, or none, are (a token given twice, once).
    @Test func anImportSkipsARecordWhoseSaveTokenIsStored() throws {
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        let lost = UUID(), other = UUID()
        let stored = try store.saveRecord(
            todoRecord("stored and rescued"), form: todo, removingDraft: true, token: lost)
        let ids = try store.saveRecords(
            [
                DatedRecord(todoRecord("stored and rescued"), token: lost),
                DatedRecord(todoRecord("rescued only"), token: other),
                DatedRecord(todoRecord("rescued only"), token: other),
                DatedRecord(todoRecord("no token")),
            ], form: todo)
        #expect(ids.count == 2 && !ids.contains(stored))
        #expect(
            try store.records(form: todo).map { $0.values["text"] } == [
                .text("no token"), .text("rescued only"), .text("stored and rescued"),
            ])
        // The streamed import (`records import`) counts the records stored, not those handed over.
        var handed = [DatedRecord(todoRecord("rescued only"), token: other), DatedRecord(todoRecord("new"))]
        let count = try store.saveRecords(form: todo) { handed.isEmpty ? nil : handed.removeFirst() }
        #expect(count == 1)
        #expect(try store.records(form: todo).count == 4)
    }

    /// `records import` through PostgreSQL holds a batch, not every record: the
    /// first batch is in the server's transaction before the record after it is
    /// handed over, and a stop after that stores nothing (all or none).
    @Test func anImportIsStoredABatchAtATimeAllOrNone() throws {
        struct Stop: Error {}
        let url = try TestPostgres.freshDatabase()
        let store = try #require(try PostgresStore.open(url: url, author: "ada"))
        try store.saveRecord(todoRecord("before"), form: todo)
        var handed = 0
        var importer = ""
        #expect(throws: Stop.self) {
            try store.saveRecords(form: todo) {
                handed += 1
                if handed == PostgresStore.importBatch + 2 {
                    // The import's connection, as the server sees it from another one.
                    importer = try TestPostgres.psql(
                        url,
                        """
                        SELECT state FROM pg_stat_activity WHERE datname = current_database()
                        AND pid <> pg_backend_pid() AND query LIKE 'INSERT INTO%unnest%'
                        """)
                    throw Stop()
                }
                return DatedRecord(todoRecord("row \(handed)"))
            }
        }
        #expect(importer == "idle in transaction\n", "the first batch was not sent as it filled: \(importer)")
        #expect(try store.records(form: todo).map { $0.values["text"] } == [.text("before")])
    }

    /// The server stops while a store is open and starts again within the patience: a save made meanwhile
    /// waits for it and is stored once; past the patience it says the server is away.
    @Test func aSaveWaitsForAServerThatComesBack() throws {
        let server = try TestPostgres.PrivateServer()
        let store = try #require(try PostgresStore.open(url: server.url, author: "ada"))
        try store.saveRecord(todoRecord("before"), form: todo)
        try server.halt()
        // The server comes back 1.5 s later, as a restart does (what is asserted is the save, not this delay).
        let resumed = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
            try? server.resume()
            resumed.signal()
        }
        let started = ContinuousClock.now
        try store.saveRecord(todoRecord("while it restarted"), form: todo)
        let waited = ContinuousClock.now - started
        resumed.wait()
        #expect(waited >= .seconds(1) && waited < ServerLink.patience, "waited \(waited)")
        #expect(
            try store.records(form: todo).map { $0.values["text"] } == [
                .text("while it restarted"), .text("before"),
            ])

        try server.halt()
        let gaveUp = ContinuousClock.now
        let error = #expect(throws: StoreError.self) {
            try store.link.persevering(for: .seconds(1)) { _ throws(StoreError) in
                try store.link.run { session in try session.query("SELECT 1") }
            }
        }
        #expect(ContinuousClock.now - gaveUp >= .seconds(1))
        #expect(error.map(ServerLink.isAway) == true, "\(String(describing: error))")
    }
}

/// TLS and `~/.pgpass` over TCP, on a server of the test's own whose loopback port takes only TLS
/// (`hostssl`, a self-signed certificate made by the test): `sslmode=require` connects encrypted,
/// `sslmode=disable` is refused in words that say what to write, and a password from `~/.pgpass`
/// (mode 0600, in a HOME of the test's) logs in by `password`, never shown in a message.
@Suite(.enabled(if: TestPostgres.url != nil, Comment(rawValue: TestPostgres.skipped)))
struct PostgresTLSTests {
    @Test func tlsIsRequiredAndThePasswordComesFromPgpassOverTCP() throws {
        let server = try TestPostgres.PrivateServer()
        try server.requireTLS()
        let home = try TemporaryFolder()
        let pgpass = home.file(".pgpass")
        try "127.0.0.1:\(server.port):keyform:keyform_pw:s3cret-from-pgpass\n".write(
            toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        try TestPostgres.psql(server.url, "ALTER ROLE keyform_pw PASSWORD 's3cret-from-pgpass'")
        func open(
            _ user: String, _ mode: String, database: String = "keyform", migrating: Bool = false
        ) throws(StoreError) -> PostgresStore? {
            try PostgresStore.open(
                url: "postgres://\(user)@127.0.0.1:\(server.port)/\(database)?sslmode=\(mode)", author: "ada",
                migrating: migrating, environment: [:], home: home.path)
        }

        // Encrypted: the server says so of the connection (keyform, trusted, in a database of its own).
        let store = try #require(try open("keyform", "require", database: "postgres", migrating: true))
        let encrypted = try store.link.run { session in
            try session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").rows.first?.decode(Bool.self)
        }
        #expect(encrypted == true)
        // keyform_pw logs in with the password of ~/.pgpass (the database holds no schema of its: nil).
        #expect(try open("keyform_pw", "require") == nil)

        // Without TLS the server refuses, and the message says what to write.
        let refused = #expect(throws: StoreError.self) { try open("keyform_pw", "disable") }
        guard case .authenticationFailed(_, let user, let reason)? = refused else {
            Issue.record("expected a refused login, got \(String(describing: refused))")
            return
        }
        #expect(user == "keyform_pw")
        #expect(reason == .reasonLoginOnlyOverTLS, "\(reason)")

        // A wrong password in ~/.pgpass is refused without showing it.
        try "127.0.0.1:\(server.port):keyform:keyform_pw:not-the-password\n".write(
            toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        let wrong = #expect(throws: StoreError.self) { try open("keyform_pw", "require") }
        guard case .authenticationFailed? = wrong else {
            Issue.record("expected a refused login, got \(String(describing: wrong))")
            return
        }
        #expect(wrong?.description.contains("not-the-password") == false)
        #expect(wrong?.description.contains("s3cret") == false)
    }
}
