import Foundation
import KeyformCore
import KeyformRun
import KeyformSQLite
import KeyformStore
import Testing

/// The one door to a store: a location in, the interface out.
struct StoreOpenerTests {
    let todo = Form(name: "todo", pages: [Form.Page(fields: [Field(id: "text")])])

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "keyform-opener-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aPathAndSqlitePathOpenTheSameFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/keyform.sqlite"
        let written = try StoreOpener.open("sqlite:" + path)
        try written.saveRecord(Record(values: [("text", .text("Buy milk"))]), form: todo)
        #expect(written.location == path)
        #expect(written is AppDatabase, "a file is the SQLite backend's")
        let read = try StoreOpener.open(.file(path), for: .reading)
        #expect(try read.records(form: todo).map { $0.values["text"] } == [.text("Buy milk")])
    }

    @Test func readingOrExistingNeverMakesADatabase() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/none.sqlite"
        #expect(throws: StoreError.noDatabase(path: path)) { try StoreOpener.open(.file(path), for: .reading) }
        #expect(throws: StoreError.noDatabase(path: path)) { try StoreOpener.open(.file(path), for: .existing) }
        #expect(!FileManager.default.fileExists(atPath: path))
        // A file without Keyform's records yet reads as an empty store.
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try StoreOpener.open(.file(path), for: .reading).records(form: todo).isEmpty)
    }

    /// A server is opened by its backend (the trait `Postgres`, on by default): one
    /// that is not there is said by name and without its password, and nothing
    /// local is made for it. A build without the trait refuses it at the door.
    @Test func aServerIsOpenedByItsBackendOrRefusedClearly() throws {
        let url = "postgres://ada:s3cret@127.0.0.1:1/keyform?sslmode=disable"
        let error = #expect(throws: StoreError.self) { try StoreOpener.open(url) }
        #if Postgres
            #expect(StoreOpener.hasPostgres)
            #expect(throws: Never.self) { try StoreOpener.checkSupported(StoreLocation(url)) }
            guard case .serverUnreachable(let location, let reason)? = error else {
                Issue.record("expected .serverUnreachable, got \(String(describing: error))")
                return
            }
            #expect(reason == "nothing answers at 127.0.0.1:1 (connection refused)")
        #else
            #expect(!StoreOpener.hasPostgres)
            #expect(throws: StoreError.self) { try StoreOpener.checkSupported(StoreLocation(url)) }
            guard case .unsupportedLocation(let location, _)? = error else {
                Issue.record("expected .unsupportedLocation, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("built without its PostgreSQL backend") == true)
        #endif
        #expect(location == "postgres://ada@127.0.0.1:1/keyform?sslmode=disable")
        #expect(error?.description.contains("s3cret") == false)
        #expect(!FileManager.default.fileExists(atPath: "postgres:"))
    }
}
