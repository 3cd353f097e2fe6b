import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// What `--db`, `KEYFORM_DB` and the config's `database:` may name, read once
/// (`StoreLocation`), and the interface's errors, which know no backend.
@Suite struct StoreLocationTests {
    @Test func aPathOrSqlitePathIsAFile() throws {
        #expect(try StoreLocation("/data/keyform.sqlite") == .file("/data/keyform.sqlite"))
        #expect(try StoreLocation("notes.sqlite") == .file("notes.sqlite"))
        #expect(try StoreLocation("sqlite:/data/keyform.sqlite") == .file("/data/keyform.sqlite"))
        #expect(try StoreLocation("sqlite:notes.sqlite") == .file("notes.sqlite"))
        #expect(throws: StoreError.self) { try StoreLocation("sqlite:") }
    }

    @Test func aPostgresURLIsAServerAndItsPasswordNeverShows() throws {
        #expect(
            try StoreLocation("postgres://ada@db.lab:5432/keyform") == .postgres("postgres://ada@db.lab:5432/keyform"))
        #expect(try StoreLocation("postgresql://ada@db.lab/keyform") == .postgres("postgresql://ada@db.lab/keyform"))
        let secret = try StoreLocation("postgres://ada:s3cret@db.lab:5432/keyform")
        #expect(secret.description == "postgres://ada@db.lab:5432/keyform")
        // A config's relative database: put its folder in front of the URL once; the URL is what counts.
        #expect(
            try StoreLocation("/home/ada/.config/keyform/postgres://ada@db.lab/keyform")
                == .postgres("postgres://ada@db.lab/keyform"))
    }

    @Test func aURLOfAnotherKindIsRefusedWithoutItsPassword() {
        let error = #expect(throws: StoreError.self) { try StoreLocation("mysql://ada:s3cret@db.lab/keyform") }
        #expect(
            error
                == .unsupportedLocation(
                    "mysql://ada@db.lab/keyform",
                    reason: .locationUnknownScheme("mysql")))
        #expect(error?.description.contains("s3cret") == false)
        #expect(error?.description.contains("postgres://USER@HOST:PORT/DB") == true, "it says what to give")
    }

    /// The interface is every backend's: none of its messages speaks of SQLite
    /// (the SQLite backend adds its own advice, `StoreError+SQLite`).
    @Test func theInterfacesErrorsNameNoBackend() {
        let errors: [StoreError] = [
            .cannotCreateFolder(path: "/p", reason: .systemSaid("r")), .noDatabase(path: "/p"),
            .cannotOpen(path: "/p", reason: .systemSaid("r")),
            .notADatabase(path: "/p"), .corrupt(path: "/p", detail: "d"), .foreignDatabase(path: "/p"),
            .newerVersion(path: "/p"), .readOnly(path: "/p"), .diskFull(path: "/p"), .busy(path: "/p", seconds: 5),
            .recordNotFound(id: 1, form: "f"), .unknownField(form: "f", field: "x"), .invalidName("N"),
            .invalidValue(field: "x", reason: "r"), .unsupportedLocation("u", reason: .authored("r")),
            .failed(path: "/p", message: "m"),
        ]
        for error in errors {
            #expect(!error.description.localizedCaseInsensitiveContains("sqlite"), "\(error)")
            #expect(!error.description.contains("-wal"), "\(error)")
        }
        // The SQLite backend's own cases say what only a SQLite file needs.
        #expect(StoreError.damagedFile(path: "/p", detail: "d").description.contains("sqlite3 '/p' .recover"))
        #expect(StoreError.readOnlyFile(path: "/p").description.contains("'/p-wal' and '/p-shm'"))
    }

    /// What `WHERE` compares with is the SQLite backend's business (it was the
    /// core's `FieldKind.sqlValue`): the value `json_extract` gives for each kind.
    @Test func theSQLiteBackendOwnsItsSQLValues() {
        #expect(RecordValues.sqlValue(.boolean(true)) == 1.databaseValue)
        #expect(RecordValues.sqlValue(.integer(7)) == 7.databaseValue)
        #expect(RecordValues.sqlValue(.number(1.5)) == 1.5.databaseValue)
        #expect(RecordValues.sqlValue(.date(CivilDate(iso: "2026-11-21")!)) == "2026-11-21".databaseValue)
        #expect(RecordValues.sqlValue(.time(ClockTime(hour: 7, minute: 30)!)) == "07:30".databaseValue)
        #expect(RecordValues.sqlValue(.list(["a", "b"])) == "[\"a\",\"b\"]".databaseValue)
    }
}
