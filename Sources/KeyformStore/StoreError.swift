/// Why the store could not do what was asked, in words a user can act on.
///
/// `description` is one sentence (or two) without a `keyform:` prefix: it names the
/// database and says what to do. Every backend turns its own failures into these
/// cases (the SQLite backend in `StoreError+SQLite.swift`), adding its own advice
/// where it has some (`recovery`, `detail`); none of them crashes the process.
/// `path` is the store's location as given (a file's path, or a server's URL
/// without its password).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database's folder does not exist and could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// Nothing is at the path, and the caller only reads (`openExisting`).
    case noDatabase(path: String)
    /// The file could not be opened or created (it is a folder, a permission is missing…).
    case cannotOpen(path: String, reason: String)
    /// What is there is not a database the backend reads at all.
    case notADatabase(path: String)
    /// The database is damaged; `recovery`: the backend's way to rescue its records.
    case corrupt(path: String, detail: String, recovery: String? = nil)
    /// The database belongs to another program.
    case foreignDatabase(path: String)
    /// The database was migrated by a newer Keyform than this one.
    case newerVersion(path: String)
    /// The database cannot be written to; `detail`: what the backend also needs to write.
    case readOnly(path: String, detail: String? = nil)
    /// The disk (or a quota) is full.
    case diskFull(path: String)
    /// Another program held the database locked for longer than `seconds`.
    case busy(path: String, seconds: Int)
    /// No record with this id belongs to this form.
    case recordNotFound(id: Int64, form: String)
    /// A query named a field the form does not have; `suggestion`: the field meant, when one is close.
    case unknownField(form: String, field: String, suggestion: String? = nil)
    /// A form name or field id that is not `[a-z][a-z0-9_]*`.
    case invalidName(String)
    /// A value that cannot be stored or matched (`reason` says why).
    case invalidValue(field: String, reason: String)
    /// The location names a store this Keyform cannot open (a server's URL
    /// before its backend exists); `reason` says what to give instead.
    case unsupportedLocation(String, reason: String)
    /// Any other failure of the backend, with its message.
    case failed(path: String, message: String)

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
            "'\(path)' is not a Keyform database. Move it away, or choose another with --db PATH or KEYFORM_DB."
        case .corrupt(let path, let detail, let recovery):
            "the database '\(path)' is damaged (\(detail)). Keep a copy of it"
                + (recovery.map { "; \($0)" } ?? "") + ". "
                + "Meanwhile choose another database with --db PATH or KEYFORM_DB."
        case .foreignDatabase(let path):
            "'\(path)' is another program's database: Keyform does not write into it. "
                + "Choose another with --db PATH or KEYFORM_DB."
        case .newerVersion(let path):
            "the database '\(path)' was written by a newer version of Keyform. Update Keyform to use it."
        case .readOnly(let path, let detail):
            "cannot write to the database '\(path)': it is read-only"
                + (detail.map { " (\($0))" } ?? "") + ". "
                + "Fix the permissions, or choose another database with --db PATH or KEYFORM_DB."
        case .diskFull(let path):
            "cannot write to the database '\(path)': the disk is full. Free some space and try again."
        case .busy(let path, let seconds):
            "the database '\(path)' stayed locked by another program for more than "
                + "\(seconds) seconds. Try again when it has finished."
        case .recordNotFound(let id, let form):
            "there is no '\(form)' record with id \(id) (it may have been deleted)."
        case .unknownField(let form, let field, let suggestion):
            "the form '\(form)' has no field '\(field)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case .invalidName(let name):
            "'\(name)' is not a valid form or field name (lowercase letters, digits and _, starting with a letter)."
        case .invalidValue(let field, let reason):
            "field '\(field)': \(reason)."
        case .unsupportedLocation(let location, let reason):
            "cannot open '\(location)': \(reason)."
        case .failed(let path, let message):
            "the database '\(path)' failed: \(message)."
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
