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

    /// A server is opened by the backend given (the one the program installed,
    /// by default), told whether to migrate; without one (`keyform`, which hands
    /// such a location over to keyform-postgres) it is refused at the door, by
    /// name, without its password, and nothing local is made for it.
    @Test func aServerIsOpenedByItsBackendOrRefusedClearly() throws {
        let url = "postgres://ada:s3cret@127.0.0.1:1/keyform?sslmode=disable"
        let error = #expect(throws: StoreError.self) { try StoreOpener.open(url, server: nil) }
        #expect(throws: StoreError.self) { try StoreOpener.checkSupported(StoreLocation(url), server: nil) }
        guard case .unsupportedLocation(let location, _)? = error else {
            Issue.record("expected .unsupportedLocation, got \(String(describing: error))")
            return
        }
        #expect(location == "postgres://ada@127.0.0.1:1/keyform?sslmode=disable")
        #expect(error?.description.contains("keyform-postgres") == true)
        #expect(error?.description.contains("s3cret") == false)
        #expect(!FileManager.default.fileExists(atPath: "postgres:"))

        let backend = RecordingBackend()
        #expect(throws: Never.self) { try StoreOpener.checkSupported(StoreLocation(url), server: backend) }
        let written = try StoreOpener.open(url, for: .writing, author: "ada@lab", server: backend)
        #expect(written.author == "ada@lab")
        _ = try StoreOpener.open(url, for: .existing, server: backend)
        let read = try StoreOpener.open(url, for: .reading, server: backend)
        #expect(read is MemoryStore, "a database without Keyform's schema reads as an empty store")
        #expect(
            backend.calls == [
                .init(url: url, migrating: true), .init(url: url, migrating: true), .init(url: url, migrating: false),
            ])
    }
}

/// A server backend that opens MemoryStores and remembers how it was asked.
private final class RecordingBackend: ServerBackend, @unchecked Sendable {
    struct Call: Equatable {
        var url: String
        var migrating: Bool
    }
    private let lock = NSLock()
    private var made: [Call] = []
    var calls: [Call] { lock.withLock { made } }

    func open(
        url: String, author: String, migrating: Bool, now: @escaping @Sendable () -> Date
    )
        throws(StoreError) -> (any RecordStore)?
    {
        lock.withLock { made.append(Call(url: url, migrating: migrating)) }
        return migrating ? MemoryStore(author: author, now: now) : nil
    }
}
