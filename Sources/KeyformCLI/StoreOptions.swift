import ArgumentParser
import Foundation
import KeyformCore
import KeyformStore

/// `--db PATH`, for every command that uses the store.
struct DatabaseOption: ParsableArguments {
    @Option(help: "The database file (default: $KEYFORM_DB, else the config's database, else $XDG_DATA_HOME/keyform/keyform.sqlite).")
    var db: String?

    /// `--db`, else `$KEYFORM_DB`, else the config file's `database:`, else the default place.
    /// - Throws: `Failure` when the config has errors (see `Settings.load`).
    func path() throws -> String {
        let path = try db ?? Settings.load().database
            ?? AppDatabase.defaultPath(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
        if let url = Self.serverURL(in: path) {
            // Never a local file named after the URL (it made ./postgres:/USER@HOST:PORT/DB).
            throw Failure(message: "'\(url)' is a server's URL; a PostgreSQL store is planned (docs/store.md), but today "
                          + "the database is a SQLite file: give its path (--db PATH, KEYFORM_DB or the config's database)")
        }
        return path
    }

    /// The `SCHEME://…` in a database setting (`postgres://u@host/db`), also when a
    /// config's relative `database:` put its folder in front; nil for a file's path.
    static func serverURL(in path: String) -> String? {
        guard let separator = path.range(of: "://") else { return nil }
        let before = path[..<separator.lowerBound]
        let scheme = before.split(separator: "/", omittingEmptySubsequences: false).last ?? before
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "+" || $0 == "-" || $0 == ".") }) else { return nil }
        return String(path[scheme.startIndex...])
    }

    /// The database, or the error that kept it from opening.
    /// - Throws: `Failure` when the config has errors.
    func open() throws -> Result<AppDatabase, StoreError> {
        let path = try path()
        return Result { () throws(StoreError) in try AppDatabase.open(path: path) }
    }

    /// The database for commands that cannot work without it (`browse`): a
    /// `--db` given is never created — a mistyped path says "no database at PATH";
    /// the default place (or $KEYFORM_DB) is created on first use, as by `run`.
    func openOrFail() throws -> any RecordStore {
        let path = try path()
        do {
            return db != nil ? try AppDatabase.openExisting(path: path) : try AppDatabase.open(path: path)
        } catch {
            throw Failure(message: error.description, status: 1)
        }
    }

    /// Fails with "no database at PATH" when `--db` names nothing: said before
    /// the terminal is taken (`browse` opens the store only once it has it).
    func checkGiven() throws {
        if let db, !FileManager.default.fileExists(atPath: db) {
            throw Failure(message: StoreError.noDatabase(path: db).description, status: 1)
        }
    }

    /// The database for commands that only read (`records list`, `export`): none
    /// is ever created, and nothing is written to it. A database that does not
    /// exist is an error (SPEC), wherever its path came from: a mistyped
    /// KEYFORM_DB must not pass for an empty store. A file without the schema
    /// yet holds no records (an empty store stands in).
    func openForReading() throws -> any RecordStore {
        let path = try path()
        do {
            return try AppDatabase.openForReading(path: path) ?? MemoryStore()
        } catch {
            throw Failure(message: error.description, status: 1)
        }
    }
}

/// `--db PATH` and `--no-store`, for the commands that store records (`run`).
/// Commands that only read or browse take `DatabaseOption` alone: they do not
/// offer a flag they would refuse.
struct StoreOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Flag(help: "Store nothing: no record, no draft, no history.")
    var noStore = false

    func validate() throws {
        if database.db != nil, noStore { throw ValidationError("--db and --no-store contradict each other; give one") }
    }
}
