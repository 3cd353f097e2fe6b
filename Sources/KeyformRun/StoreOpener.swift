import Foundation
import KeyformSQLite
import KeyformStore

#if Postgres
    import KeyformPostgres
#endif

/// The one door to a store: every caller (the commands, the demo, the library)
/// opens its store here, from a location, and gets the interface back, never a
/// backend's type. Which backend serves a location is decided here only.
public enum StoreOpener {
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
    /// - Throws: `StoreError`: the backend's reasons, and `.unsupportedLocation`
    ///   for a server this Keyform has no backend for.
    public static func open(
        _ location: StoreLocation, for purpose: Purpose = .writing, author: String = StoreAuthor.current,
        now: @escaping @Sendable () -> Date = { Date() }
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
            #if Postgres
                // A server's database exists once it can be reached: `existing` makes the schema as `writing` does.
                guard
                    let store = try PostgresStore.open(
                        url: url, author: author, migrating: purpose != .reading, now: now)
                else {
                    return MemoryStore(author: author, now: now)  // no Keyform schema yet: no records to read
                }
                return store
            #else
                try refuseServer(location)
            #endif
        }
    }

    /// The store `text` names (a path, `sqlite:PATH` or a server's URL), opened for `purpose`.
    public static func open(
        _ text: String, for purpose: Purpose = .writing, author: String = StoreAuthor.current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> any RecordStore {
        try open(StoreLocation(text), for: purpose, author: author, now: now)
    }

    /// Throws unless a backend of this Keyform can open `location`: said before
    /// the terminal is taken, where a store that fails later would have the form
    /// typed and then rescued.
    public static func checkSupported(_ location: StoreLocation) throws(StoreError) {
        #if !Postgres
            if case .postgres = location { try refuseServer(location) }
        #endif
    }

    /// Whether this Keyform opens `postgres://` locations (the package trait `Postgres`, on by default).
    public static var hasPostgres: Bool {
        #if Postgres
            true
        #else
            false
        #endif
    }

    private static func refuseServer(_ location: StoreLocation) throws(StoreError) -> Never {
        throw .unsupportedLocation(
            location.description,
            reason: "this Keyform was built without its PostgreSQL backend "
                + "(swift build without the package trait Postgres): give a SQLite file's path "
                + "(--db PATH, KEYFORM_DB or the config's database), or use a build with the trait (the default)")
    }
}
