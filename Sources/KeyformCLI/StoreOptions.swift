import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformStore

/// `--db LOCATION`, for every command that uses the store. Every store is
/// opened through `StoreOpener`, the one door to the backends.
struct DatabaseOption: ParsableArguments {
    @Option(
        help:
            "The database: a file's path, sqlite:PATH, or postgres://USER@HOST:PORT/DB (default: $KEYFORM_DB, else the config's database, else $XDG_DATA_HOME/keyform/keyform.sqlite).",
        completion: .file())
    var db: String?

    @Option(
        help:
            "Whose drafts, field history and default: last these are, and whom records saved name (default: $KEYFORM_AUTHOR, else the config's author, else USER@HOST)."
    )
    var author: String?

    /// `--author`, else `$KEYFORM_AUTHOR` or the config's `author:`, else USER@HOST.
    func resolvedAuthor() throws -> String {
        StoreAuthor.resolve(flag: author, configured: try Settings.load().author)
    }

    /// `--db`, else `$KEYFORM_DB`, else the config file's `database:`, else the default place.
    /// - Throws: `Failure` (exit 2) when the config has errors (see `Settings.load`), or the
    ///   location names a store this Keyform cannot open (a server's URL, for now):
    ///   said before anything is drawn, never made into a local file named after it.
    func location() throws -> StoreLocation {
        let text =
            try db ?? Settings.load().database
            ?? StoreLocation.defaultPath(environment: ProcessEnvironment.current(), home: NSHomeDirectory())
        do {
            let location = try StoreLocation(text)
            try StoreOpener.checkSupported(location)
            return location
        } catch {
            throw Failure(message: Speaking.describe(error))
        }
    }

    /// The store, or the error that kept it from opening (`run` rescues a record then).
    /// - Throws: `Failure` as `location()`.
    func open() throws -> Result<any RecordStore, StoreError> {
        let location = try location()
        let author = try resolvedAuthor()
        return Result { () throws(StoreError) in try StoreOpener.open(location, author: author) }
    }

    /// The store for commands that cannot work without it (`browse`, `import`):
    /// a `--db` given is never created when `existing` — a mistyped path says "no
    /// database at PATH"; the default place (or $KEYFORM_DB) is created on first use, as by `run`.
    func openOrFail(existing: Bool = true) throws -> any RecordStore {
        let location = try location()
        let author = try resolvedAuthor()
        do {
            return try StoreOpener.open(location, for: existing && db != nil ? .existing : .writing, author: author)
        } catch {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
    }

    /// Fails with "no database at PATH" when `--db` names no file: said before
    /// the terminal is taken (`browse` opens the store only once it has it).
    func checkGiven() throws {
        guard db != nil, case .file(let path) = try location() else { return }
        if !FileManager.default.fileExists(atPath: path) {
            throw Failure(message: Speaking.describe(StoreError.noDatabase(path: path)), status: 1)
        }
    }

    /// The store for commands that only read (`records list`, `export`): none
    /// is ever created, and nothing is written to it. A database that does not
    /// exist is an error (SPEC), wherever its location came from: a mistyped
    /// KEYFORM_DB must not pass for an empty store. A database without Keyform's
    /// records yet reads as an empty store.
    func openForReading() throws -> any RecordStore {
        let location = try location()
        let author = try resolvedAuthor()
        do {
            return try StoreOpener.open(location, for: .reading, author: author)
        } catch {
            throw Failure(message: Speaking.describe(error), status: 1)
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
        if database.db != nil, noStore { throw ValidationError(.dbAndNoStore) }
    }
}
