import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

@Suite struct DatabaseFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: - Default path

    @Test func defaultPathFollowsKeyformDBThenXDGThenHome() {
        let home = "/home/ada"
        #expect(
            StoreLocation.defaultPath(environment: [:], home: home) == "/home/ada/.local/share/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: [:], home: "/home/ada/")
                == "/home/ada/.local/share/keyform/keyform.sqlite")
        #expect(StoreLocation.defaultPath(environment: [:], home: "/") == "/.local/share/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data"], home: home)
                == "/data/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data/"], home: home)
                == "/data/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative"], home: home)
                == "/home/ada/.local/share/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": ""], home: home)
                == "/home/ada/.local/share/keyform/keyform.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["KEYFORM_DB": "trip.sqlite", "XDG_DATA_HOME": "/data"], home: home)
                == "trip.sqlite")
        #expect(
            StoreLocation.defaultPath(environment: ["KEYFORM_DB": "", "XDG_DATA_HOME": "/data"], home: home)
                == "/data/keyform/keyform.sqlite")
    }

    // MARK: - Creating

    @Test func newFoldersAre0700AndTheFile0600() throws {
        let path = folder.file("a/b/keyform.sqlite")
        let old = umask(0)  // the modes must not depend on the umask
        defer { umask(old) }
        let database = try AppDatabase.open(path: path)
        try database.saveRecord(todoRecord("x"), form: todo)
        #expect(try mode(folder.file("a")) == 0o700)
        #expect(try mode(folder.file("a/b")) == 0o700)
        #expect(try mode(path) == 0o600)
        #expect(try mode(path + "-wal") == 0o600)
    }

    @Test func anExistingFolderAndFileKeepTheirModes() throws {
        let shared = folder.file("shared")
        try FileManager.default.createDirectory(
            atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        _ = try AppDatabase.open(path: shared + "/db.sqlite")
        #expect(try mode(shared) == 0o755)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: shared + "/db.sqlite")
        _ = try AppDatabase.open(path: shared + "/db.sqlite")
        #expect(try mode(shared + "/db.sqlite") == 0o640)
    }

    @Test func aFileIsWALWithSynchronousFullAndABusyTimeout() throws {
        let database = try AppDatabase.open(path: folder.file("db.sqlite"))
        let (journal, synchronous) = try database.writer.writeWithoutTransaction { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(journal == "wal")
        #expect(synchronous == 2)  // FULL
    }

    @Test func recordsSurviveClosingAndReopening() throws {
        let path = folder.file("db.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            try database.saveRecord(todoRecord("kept", priority: "High"), form: todo)
            try database.saveDraft(form: todo, values: ["text": "half"], focus: "text")
        }
        let database = try AppDatabase.open(path: path)
        #expect(try database.records(form: todo).map(\.values) == [todoRecord("kept", priority: "High")])
        #expect(try database.draft(form: todo)?.values == ["text": "half"])
        #expect(try database.integrityCheck() == ["ok"])
    }

    @Test func aWriterWaitsForAnotherConnectionsTransaction() throws {
        let path = folder.file("db.sqlite")
        let database = try AppDatabase.open(path: path)
        let other = try DatabaseQueue(path: path)
        let locked = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? other.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                Thread.sleep(forTimeInterval: 0.3)
                try db.execute(sql: "COMMIT")
            }
        }
        holder.start()
        locked.wait()
        let start = Date()
        try database.saveRecord(todoRecord("waited"), form: todo)
        #expect(Date().timeIntervalSince(start) > 0.2)
        #expect(try database.recordCount(form: todo) == 1)
    }

    // MARK: - Files that are not ours, or not usable

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let path = folder.file("notes.txt")
        try Data("just some text\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = storeError { _ = try AppDatabase.open(path: path) }
        #expect(error == .notADatabase(path: path))
        #expect(error?.description.contains("is not a Keyform database") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some text\n")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aDamagedDatabaseIsAClearError() throws {
        let path = folder.file("db.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            for n in 0..<300 {
                try database.saveRecord(todoRecord(String(repeating: "record \(n) ", count: 20)), form: todo)
            }
        }
        // Overwrite everything after the first two pages with garbage.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data((0..<(Int(size) - 8192)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        try handle.close()

        let error = storeError {
            let database = try AppDatabase.open(path: path)
            _ = try database.records(form: todo)
        }
        guard case .corrupt(let errorPath, _, _)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(error?.description.contains("is damaged") == true)
    }

    /// The file's bytes and its schema cookie (`PRAGMA schema_version`, bytes
    /// 40–43 of the header), read without opening it with SQLite.
    func snapshot(_ path: String) throws -> (bytes: Data, schemaVersion: UInt32) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let version = bytes.count >= 44 ? bytes[40..<44].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : 0
        return (bytes, version)
    }

    /// Six pages of records, closed cleanly (all in the main file), then the
    /// records table's root page overwritten.
    func damagedDatabase() throws -> String {
        let path = folder.file("db.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            for n in 0..<40 {
                try database.saveRecord(todoRecord(String(repeating: "record \(n) ", count: 20)), form: todo)
            }
        }
        let (root, pageSize) = try DatabaseQueue(path: path).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = '_record'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: pageSize))
        try handle.close()
        return path
    }

    @Test func openingAFileThatIsSetUpWritesNothing() throws {
        let path = folder.file("db.sqlite")
        do { try AppDatabase.open(path: path).saveRecord(todoRecord("kept"), form: todo) }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed cleanly: all in the main file")
        let before = try snapshot(path)
        #expect(before.schemaVersion > 0)
        do {
            let database = try AppDatabase.open(path: path)
            #expect(try database.records(form: todo).count == 1)
            #expect(try database.draft(form: todo) == nil)
        }
        do {
            let reader = try #require(try AppDatabase.openForReading(path: path))
            #expect(try reader.records(form: todo).count == 1)
        }
        let after = try snapshot(path)
        #expect(after.schemaVersion == before.schemaVersion)
        #expect(after.bytes == before.bytes, "opening and reading left the file as it was")
    }

    @Test func openingForReadingNeverSetsAFileUp() throws {
        let path = folder.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try AppDatabase.openForReading(path: path) == nil, "no records yet")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "not even marked as Keyform's")
        #expect(
            storeError { _ = try AppDatabase.openForReading(path: folder.file("none.sqlite")) }
                == .noDatabase(path: folder.file("none.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("none.sqlite")))
    }

    /// A file killed as it was being set up (kill -9 soak): marked as Keyform's,
    /// GRDB's migrations table made, the records table not yet. It holds no records.
    @Test func aFileKilledWhileBeingSetUpHoldsNoRecords() throws {
        let path = folder.file("half.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        }
        try queue.close()
        #expect(try AppDatabase.openForReading(path: path) == nil, "no records yet")
        #expect(try AppDatabase.open(path: path).records(form: todo).isEmpty, "a writer finishes setting it up")
    }

    @Test func aFileFoundDamagedIsNotWrittenTo() throws {
        let path = try damagedDatabase()
        let before = try snapshot(path)
        let database = try AppDatabase.open(path: path)
        guard case .corrupt? = storeError({ _ = try database.records(form: todo) }) else {
            Issue.record("expected the records to be found damaged")
            return
        }
        // The drafts table is sound, but the file has been called damaged.
        guard case .corrupt? = storeError({ try database.saveDraft(form: todo, values: ["text": "x"], focus: nil) })
        else {
            Issue.record("a draft was written to a damaged file")
            return
        }
        guard case .corrupt? = storeError({ _ = try database.saveRecord(todoRecord("new"), form: todo) }) else {
            Issue.record("a record was written to a damaged file")
            return
        }
        let after = try snapshot(path)
        #expect(after.schemaVersion == before.schemaVersion)
        #expect(after.bytes == before.bytes, "the damaged file is as it was")
    }

    @Test func aDamagedHeaderIsNotADatabase() throws {
        let path = folder.file("db.sqlite")
        _ = try AppDatabase.open(path: path)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        #expect(storeError { _ = try AppDatabase.open(path: path) } == .notADatabase(path: path))
    }

    @Test func anotherProgramsDatabaseIsRefusedAndNotChanged() throws {
        let path = folder.file("other.sqlite")
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        }
        #expect(storeError { _ = try AppDatabase.open(path: path) } == .foreignDatabase(path: path))
        let other = try DatabaseQueue(path: path)
        #expect(try other.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "delete")
        #expect(try other.read { try $0.tableExists("grdb_migrations") } == false)

        // Marked by another application, even when empty.
        let marked = folder.file("marked.sqlite")
        do {
            let queue = try DatabaseQueue(path: marked)
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA application_id = 1234") }
        }
        #expect(storeError { _ = try AppDatabase.open(path: marked) } == .foreignDatabase(path: marked))
    }

    @Test func aKeyformDatabaseWithTheUsersOwnTablesIsStillOurs() throws {
        let path = folder.file("db.sqlite")
        _ = try AppDatabase.open(path: path)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "CREATE TABLE my_notes (text TEXT)") }
        }
        let database = try AppDatabase.open(path: path)
        try database.saveRecord(todoRecord("x"), form: todo)
    }

    @Test func aDatabaseFromANewerKeyformIsRefused() throws {
        let path = folder.file("db.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            try database.writer.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: the future')") }
        }
        let error = storeError { _ = try AppDatabase.open(path: path) }
        #expect(error == .newerVersion(path: path))
        #expect(error?.description.contains("newer version of Keyform") == true)
    }

    @Test func aFolderInTheWayOrAFolderAsTheFileIsAClearError() throws {
        let file = folder.file("file.txt")
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let error = storeError { _ = try AppDatabase.open(path: file + "/sub/db.sqlite") }
        #expect(error == .cannotCreateFolder(path: file + "/sub", reason: .reasonPathPartIsFile))
        #expect(error?.description.contains("cannot create the folder") == true)

        #expect(
            storeError { _ = try AppDatabase.open(path: file + "/db.sqlite") }
                == .cannotCreateFolder(path: file, reason: .reasonFileInTheWay))
        #expect(
            storeError { _ = try AppDatabase.open(path: folder.path) }
                == .cannotOpen(path: folder.path, reason: .reasonIsFolder))
        #expect(storeError { _ = try AppDatabase.open(path: "") } != nil)
    }

    /// Root may write any file, so the read-only cases run the helper as `nobody` then.
    @Test func aReadOnlyFileOrFolderIsAClearError() throws {
        let path = folder.file("db.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            try database.saveRecord(todoRecord("x"), form: todo)
        }
        if getuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            guard FileManager.default.isExecutableFile(atPath: nobody[0]) else { return }
            let result = try StressHelper.run(["open", path], prefix: nobody)
            #expect(result.status == 1)
            #expect(result.stderr == StoreError.readOnlyFile(path: path).description + "\n")

            // A new database in a folder it cannot write to.
            let fresh = try StressHelper.run(["open", folder.file("new.sqlite")], prefix: nobody)
            #expect(fresh.stderr == StoreError.readOnlyFile(path: folder.file("new.sqlite")).description + "\n")
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            #expect(storeError { _ = try AppDatabase.open(path: path) } == .readOnlyFile(path: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
            #expect(
                storeError { _ = try AppDatabase.open(path: folder.file("new.sqlite")) }
                    == .readOnlyFile(path: folder.file("new.sqlite")))
        }
    }

    @Test func sqliteErrorsBecomeStoreErrors() {
        func error(_ code: ResultCode) -> StoreError {
            StoreError.from(DatabaseError(resultCode: code, message: "boom"), path: "/p")
        }
        #expect(error(.SQLITE_CORRUPT) == .damagedFile(path: "/p", detail: "boom"))
        #expect(error(.SQLITE_NOTADB) == .notADatabase(path: "/p"))
        #expect(error(.SQLITE_READONLY) == .readOnlyFile(path: "/p"))
        #expect(error(.SQLITE_FULL) == .diskFull(path: "/p"))
        #expect(error(.SQLITE_BUSY) == .busy(path: "/p", seconds: 5))
        #expect(error(.SQLITE_IOERR) == .failed(path: "/p", message: "boom"))
        #expect(StoreError.busyFile(path: "/p").description.contains("more than 5 seconds"))
    }
}
