import ArgumentParser
import Foundation
import KeyformCore
import KeyformStore

/// `--db PATH` and `--no-store`, shared by the commands that use the store.
struct StoreOptions: ParsableArguments {
    @Option(help: "The database file (default: $KEYFORM_DB, else $XDG_DATA_HOME/keyform/keyform.sqlite).")
    var db: String?

    @Flag(help: "Store nothing: no record, no draft, no history.")
    var noStore = false

    func validate() throws {
        if db != nil, noStore { throw ValidationError("--db and --no-store contradict each other; give one") }
    }

    var path: String {
        db ?? AppDatabase.defaultPath(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
    }

    /// The database, or the error that kept it from opening.
    func open() -> Result<AppDatabase, StoreError> {
        Result { () throws(StoreError) in try AppDatabase.open(path: path) }
    }

    /// The database for commands that cannot work without it (`records`).
    func openOrFail() throws -> AppDatabase {
        switch open() {
        case .success(let database): return database
        case .failure(let error): throw Failure(message: error.description, status: 1)
        }
    }
}
