import Foundation
import KeyformCore
import KeyformSQLite
import KeyformStore

/// The one door to a store: every caller (the commands, the demo, the library)
/// opens its store here, from a location, and gets the interface back, never a
/// backend's type. Which backend serves a location is decided here only.
public enum StoreOpener {
    /// The backend for server locations, when this program links one (`install`).
    nonisolated(unsafe) private static var server: (any ServerBackend)?
    private static let serverLock = NSLock()

    /// Makes `backend` serve server locations from now on: called once, before
    /// any store is opened, by a program that links one (`keyform-postgres`).
    /// Without it a `postgres://` location is refused at the door. (The Swift
    /// library passes its backend to `open` instead: a process-wide setting is
    /// the program's to make.)
    public static func install(server backend: any ServerBackend) {
        serverLock.withLock { server = backend }
    }

    /// The installed server backend, if any.
    public static var serverBackend: (any ServerBackend)? { serverLock.withLock { server } }

    /// What the caller will do with the store.
    public enum Purpose: Sendable {
        /// Store records and drafts: a database is made when none is there (`run`, `import`).
        case writing
        /// The same, but never made: nothing there is `.noDatabase` (a `--db` given to `browse`).
        case existing
        /// Only read (`records list`, `export`): nothing is made and nothing written;
        /// a database without Keyform's records yet reads as an empty store.
        case reading
    }

    /// The store at `location`, opened for `purpose`, worked on by `author`.
    /// - Parameter author: whose drafts, history and `default: last` (`RecordStore.author`).
    /// - Parameter now: the clock for `created`, `updated` and `saved` (tests pass a fixed one).
    /// - Parameter server: the backend for a server's location: the installed one unless given.
    /// - Throws: `StoreError`: the backend's reasons, and `.unsupportedLocation`
    ///   for a server this program has no backend for.
    public static func open(
        _ location: StoreLocation, for purpose: Purpose = .writing, author: String = StoreAuthor.current,
        server: (any ServerBackend)? = serverBackend, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> any RecordStore {
        switch location {
        case .file(let path):
            switch purpose {
            case .writing: return try AppDatabase.open(path: path, author: author, now: now)
            case .existing: return try AppDatabase.openExisting(path: path, author: author, now: now)
            case .reading:
                return try AppDatabase.openForReading(path: path, author: author, now: now)
                    ?? MemoryStore(author: author, now: now)
            }
        case .postgres(let url):
            guard let server else { try refuseServer(location) }
            // A server's database exists once it can be reached: `existing` makes the schema as `writing` does.
            return try server.open(url: url, author: author, migrating: purpose != .reading, now: now)
                ?? MemoryStore(author: author, now: now)  // no Keyform schema yet: no records to read
        }
    }

    /// The store `text` names (a path, `sqlite:PATH` or a server's URL), opened for `purpose`.
    public static func open(
        _ text: String, for purpose: Purpose = .writing, author: String = StoreAuthor.current,
        server: (any ServerBackend)? = serverBackend, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> any RecordStore {
        try open(StoreLocation(text), for: purpose, author: author, server: server, now: now)
    }

    /// Whether the store at `location` may hold a draft before it is opened: a
    /// file that exists, or a server. A file not there yet holds none, so a run
    /// asks nothing of it before its first frame (it is made off the loop).
    public static func mayHoldDraft(_ location: StoreLocation) -> Bool {
        guard case .file(let path) = location else { return true }
        return FileManager.default.fileExists(atPath: path)
    }

    /// The draft of `form` that `author` finds in the store at `location`, for
    /// the question before the first frame: a file's read with SQLite alone
    /// (`AppDatabase.draft(of:inFileAt:author:)`: nothing created or written, no
    /// GRDB connection set up and closed), a server's from its store opened for
    /// reading. Nil when there is none or the store cannot give it: the store
    /// opened for writing, off the loop, says why.
    public static func draft(
        of form: Form, at location: StoreLocation, author: String = StoreAuthor.current,
        server: (any ServerBackend)? = serverBackend
    ) -> Draft? {
        if case .file(let path) = location { return AppDatabase.draft(of: form, inFileAt: path, author: author) }
        return try? open(location, for: .reading, author: author, server: server).draft(form: form)
    }

    /// Throws unless a backend of this program can open `location`: said before
    /// the terminal is taken, where a store that fails later would have the form
    /// typed and then rescued.
    public static func checkSupported(
        _ location: StoreLocation, server: (any ServerBackend)? = serverBackend
    ) throws(StoreError) {
        if case .postgres = location, server == nil { try refuseServer(location) }
    }

    private static func refuseServer(_ location: StoreLocation) throws(StoreError) -> Never {
        throw .unsupportedLocation(
            location.description,
            reason: .locationNoServerBackend)
    }
}
