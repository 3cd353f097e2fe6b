import GRDB
import KeyformCore
import KeyformStore

/// SQLite's failures as the store's errors, with the advice only a SQLite file has.
extension StoreError {
    /// The store's error for anything thrown while working on the database at `path`.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .failed(path: path, message: String(describing: error))
        }
        let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .damagedFile(path: path, detail: message)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnlyFile(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        // SQLite says "disk I/O error" when a write to the WAL or its index finds no room.
        case .SQLITE_IOERR where DatabaseFile.hasNoRoom(for: path): return .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busyFile(path: path)
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: .systemSaid(message))
        default: return .failed(path: path, message: message)
        }
    }

    /// A damaged SQLite file, with the way to rescue what it still holds.
    static func damagedFile(path: String, detail: String) -> StoreError {
        .corrupt(
            path: path, detail: detail, recovery: "`sqlite3 '\(path)' .recover` may rescue its records into a new file")
    }

    /// A SQLite file that cannot be written: the file, or the folder where its journal goes.
    static func readOnlyFile(path: String) -> StoreError {
        .readOnly(
            path: path, detail: "the file or its folder; SQLite also writes '\(path)-wal' and '\(path)-shm' beside it")
    }

    /// A SQLite file another process held locked for longer than `AppDatabase.busyTimeout`.
    static func busyFile(path: String) -> StoreError {
        .busy(path: path, seconds: Int(AppDatabase.busyTimeout))
    }
}
