import GRDB

/// Why the store could not do what was asked, in words a user can act on.
///
/// `description` is one sentence (or two) without a `keyform:` prefix: it names the
/// file and says what to do. Every SQLite failure of every `AppDatabase` call ends up
/// as one of these cases; none of them crashes the process.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database's folder does not exist and could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// Nothing is at the path, and the caller only reads (`openExisting`).
    case noDatabase(path: String)
    /// The file could not be opened or created (it is a folder, a permission is missing…).
    case cannotOpen(path: String, reason: String)
    /// The file is not a SQLite database at all.
    case notADatabase(path: String)
    /// The file is a SQLite database whose pages are damaged.
    case corrupt(path: String, detail: String)
    /// The file is a SQLite database of another program.
    case foreignDatabase(path: String)
    /// The database was migrated by a newer Keyform than this one.
    case newerVersion(path: String)
    /// The file or its folder cannot be written to.
    case readOnly(path: String)
    /// The disk (or a quota) is full.
    case diskFull(path: String)
    /// Another program held the database locked for longer than the busy timeout.
    case busy(path: String)
    /// No record with this id belongs to this form.
    case recordNotFound(id: Int64, form: String)
    /// A query named a field the form does not have; `suggestion`: the field meant, when one is close.
    case unknownField(form: String, field: String, suggestion: String? = nil)
    /// A form name or field id that is not `[a-z][a-z0-9_]*`.
    case invalidName(String)
    /// A value that cannot be stored or matched (`reason` says why).
    case invalidValue(field: String, reason: String)
    /// Any other SQLite failure, with SQLite's message.
    case sqlite(path: String, message: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the folder '\(path)' for the database: \(reason). "
                + "Create it yourself, or choose another database with --db PATH or KEYFORM_DB."
        case .noDatabase(let path):
            "no database at '\(path)': nothing was ever stored there. Check the path (--db PATH or KEYFORM_DB); the first keyform run FORM makes it."
        case .cannotOpen(let path, let reason):
            "cannot open the database '\(path)': \(reason). Choose another file with --db PATH or KEYFORM_DB."
        case .notADatabase(let path):
            "'\(path)' is not a SQLite database. Move it away, or choose another file with --db PATH or KEYFORM_DB."
        case .corrupt(let path, let detail):
            "the database '\(path)' is damaged (\(detail)). Keep a copy of it; "
                + "`sqlite3 '\(path)' .recover` may rescue its records into a new file. "
                + "Meanwhile choose another file with --db PATH or KEYFORM_DB."
        case .foreignDatabase(let path):
            "'\(path)' is a SQLite database of another program: Keyform does not write into it. "
                + "Choose another file with --db PATH or KEYFORM_DB."
        case .newerVersion(let path):
            "the database '\(path)' was written by a newer version of Keyform. Update Keyform to use it."
        case .readOnly(let path):
            "cannot write to the database '\(path)': the file or its folder is read-only "
                + "(SQLite also writes '\(path)-wal' and '\(path)-shm' beside it). "
                + "Fix the permissions, or choose another file with --db PATH or KEYFORM_DB."
        case .diskFull(let path):
            "cannot write to the database '\(path)': the disk is full. Free some space and try again."
        case .busy(let path):
            "the database '\(path)' stayed locked by another program for more than "
                + "\(Int(AppDatabase.busyTimeout)) seconds. Try again when it has finished."
        case .recordNotFound(let id, let form):
            "there is no '\(form)' record with id \(id) (it may have been deleted)."
        case .unknownField(let form, let field, let suggestion):
            "the form '\(form)' has no field '\(field)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .invalidName(let name):
            "'\(name)' is not a valid form or field name (lowercase letters, digits and _, starting with a letter)."
        case .invalidValue(let field, let reason):
            "field '\(field)': \(reason)."
        case .sqlite(let path, let message):
            "the database '\(path)' failed: \(message)."
        }
    }

    /// The store's error for anything thrown while working on the database at `path`.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, message: String(describing: error))
        }
        let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, detail: message)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        // SQLite says "disk I/O error" when a write to the WAL or its index finds no room.
        case .SQLITE_IOERR where DatabaseFile.hasNoRoom(for: path): return .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: message)
        default: return .sqlite(path: path, message: message)
        }
    }
}

extension StoreError {
    /// A few words for a footer line, where the full description has no room:
    /// what went wrong, not where (`description` names the file).
    public var shortDescription: String {
        switch self {
        case .diskFull: "the disk is full"
        case .readOnly: "the database is read-only"
        case .busy: "the database is busy"
        case .corrupt, .notADatabase: "the database is damaged"
        case .cannotOpen, .cannotCreateFolder, .noDatabase: "the database cannot be opened"
        default: "the store failed"
        }
    }
}
