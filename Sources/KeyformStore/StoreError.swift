import KeyformCore

/// Why the store could not do what was asked, in words a user can act on.
///
/// `description` is one sentence (or two) without a `keyform:` prefix: it names the
/// database and says what to do. Every backend turns its own failures into these
/// cases (the SQLite backend in `StoreError+SQLite.swift`), adding its own advice
/// where it has some (`recovery`, `detail`); none of them crashes the process.
/// `path` is the store's location as given (a file's path, or a server's URL
/// without its password).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible, MessageError {
    /// The database's folder does not exist and could not be created.
    case cannotCreateFolder(path: String, reason: StoreReason)
    /// Nothing is at the path, and the caller only reads (`openExisting`).
    case noDatabase(path: String)
    /// The file could not be opened or created (it is a folder, a permission is missing…).
    case cannotOpen(path: String, reason: StoreReason)
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
    /// Another terminal saved record `id` with other values since it was read
    /// (`updateRecord(…ifUpdated:)`): nothing was written.
    case recordChanged(id: Int64, form: String)
    /// A query named a field the form does not have; `suggestion`: the field meant, when one is close.
    case unknownField(form: String, field: String, suggestion: String? = nil)
    /// A form name or field id that is not `[a-z][a-z0-9_]*`.
    case invalidName(String)
    /// A value that cannot be stored or matched (`reason` says why).
    case invalidValue(field: String, reason: String)
    /// The location names a store this Keyform cannot open (a server's URL
    /// before its backend exists); `reason` says what to give instead.
    case unsupportedLocation(String, reason: Message)
    /// A database server could not be reached (down, a wrong host or port, no socket there).
    case serverUnreachable(path: String, reason: StoreReason)
    /// The server refused to let `user` in (a wrong or missing password, no such role, pg_hba.conf).
    case authenticationFailed(path: String, user: String, reason: StoreReason)
    /// The connection to the server broke during the work (the server stopped, the network went).
    case connectionLost(path: String)
    /// The server refused this role the work (`detail`: the server's words, e.g. no DELETE on the records).
    case permissionDenied(path: String, detail: String)
    /// Any other failure of the backend, with its message.
    case failed(path: String, message: String)

    /// In English: what logs and scripts read (`message` in the catalogue's English).
    public var description: String { message.english }

    /// The problem as a message, for the person's language (`Language.text`).
    public var message: Message {
        switch self {
        case .cannotCreateFolder(let path, let reason): .storeCannotCreateFolder(path: path, reason: reason)
        case .noDatabase(let path): .storeNoDatabase(path: path)
        case .cannotOpen(let path, let reason): .storeCannotOpen(path: path, reason: reason)
        case .notADatabase(let path): .storeNotADatabase(path: path)
        case .corrupt(let path, let detail, let recovery): .storeCorrupt(path: path, detail: detail, recovery: recovery)
        case .foreignDatabase(let path): .storeForeign(path: path)
        case .newerVersion(let path): .storeNewerVersion(path: path)
        case .readOnly(let path, let detail): .storeReadOnly(path: path, detail: detail)
        case .diskFull(let path): .storeDiskFull(path: path)
        case .busy(let path, let seconds): .storeBusy(path: path, seconds: seconds)
        case .recordNotFound(let id, let form): .storeRecordNotFound(id: id, form: form)
        case .recordChanged(let id, let form): .storeRecordChanged(id: id, form: form)
        case .unknownField(let form, let field, let suggestion):
            .storeUnknownField(form: form, field: field, suggestion: suggestion)
        case .invalidName(let name): .storeInvalidName(name)
        case .invalidValue(let field, let reason): .storeInvalidValue(field: field, reason: reason)
        case .unsupportedLocation(let location, let reason): .storeUnsupportedLocation(location, reason: reason)
        case .serverUnreachable(let path, let reason): .storeServerUnreachable(path: path, reason: reason)
        case .authenticationFailed(let path, let user, let reason):
            .storeAuthenticationFailed(path: path, user: user, reason: reason)
        case .connectionLost(let path): .storeConnectionLost(path: path)
        case .permissionDenied(let path, let detail): .storePermissionDenied(path: path, detail: detail)
        case .failed(let path, let message): .storeFailed(path: path, message: message)
        }
    }
}

extension StoreError {
    /// A few words for a footer line, where the full description has no room:
    /// what went wrong, not where (`description` names the file).
    public var shortDescription: String { shortMessage.english }

    /// The same as a message, for the person's language.
    public var shortMessage: Message {
        switch self {
        case .diskFull: .storeShortDiskFull
        case .readOnly: .storeShortReadOnly
        case .busy: .storeShortBusy
        case .corrupt, .notADatabase: .storeShortDamaged
        case .cannotOpen, .cannotCreateFolder, .noDatabase: .storeShortCannotOpen
        case .serverUnreachable: .storeShortServerUnreachable
        case .authenticationFailed: .storeShortLoginRefused
        case .connectionLost: .storeShortConnectionLost
        case .permissionDenied: .storeShortRefused
        default: .storeShortFailed
        }
    }
}
