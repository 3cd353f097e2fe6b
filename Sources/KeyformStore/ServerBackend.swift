import Foundation

/// A backend for a database server's locations (`postgres://`), installed into
/// the opener by the program that links one.
///
/// The `keyform` command does not link a server backend: SQLite users do not
/// load postgres-nio, SwiftNIO and BoringSSL at every start (DECISIONS 73). The
/// `keyform-postgres` command and the Swift library install theirs before
/// anything opens a store.
public protocol ServerBackend: Sendable {
    /// The store at the server `url` names, brought to Keyform's schema when
    /// `migrating`; nil when not migrating and the database holds no Keyform
    /// schema yet (a reader sees no records).
    func open(
        url: String, author: String, migrating: Bool, now: @escaping @Sendable () -> Date
    )
        throws(StoreError) -> (any RecordStore)?
}
