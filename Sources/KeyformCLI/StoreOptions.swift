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

/// A record that could not be stored is never lost: it goes to stdout as usual
/// and to a file whose path the error names.
enum Rescue {
    /// Exit status of `keyform run` when the record was submitted but not stored.
    static let notStoredStatus: Int32 = 3

    /// Writes the record's JSON (one line) to a new file in the temporary folder;
    /// its path, or nil. The name holds the time and the process id, and the file
    /// is created exclusively: processes that fail at the same moment never
    /// overwrite each other's records (nor follow a link someone left in /tmp).
    static func save(_ record: Record, form: Form) -> String? {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let stamp = Timestamp.string(from: Date()).replacingOccurrences(of: ":", with: "-")
        let bytes = Array((RecordFormat.json(record, form: form) + "\n").utf8)
        for attempt in 0..<100 {
            let suffix = attempt == 0 ? "" : "-\(attempt)"
            let path = "\(folder)/keyform-rescued-\(form.name)-\(stamp)-\(getpid())\(suffix).json"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                return nil
            }
            _ = fchmod(fd, 0o600)
            let complete = Output.writeAll(bytes, to: fd) == nil
            let synced = fsync(fd) == 0
            close(fd)
            guard complete, synced else {
                unlink(path)
                return nil
            }
            return path
        }
        return nil
    }
}
