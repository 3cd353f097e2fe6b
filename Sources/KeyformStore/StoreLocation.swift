/// Where a store is, as `--db`, `KEYFORM_DB` and the config's `database:` give it:
/// a SQLite file (a path, or `sqlite:PATH`) or a PostgreSQL server
/// (`postgres://USER@HOST:PORT/DB`). Read here once; which backend opens it is
/// decided by the one opener (`StoreOpener` in KeyformRun).
public enum StoreLocation: Equatable, Sendable, CustomStringConvertible {
    /// A SQLite file at this path (`:memory:` for a database gone with the process).
    case file(String)
    /// A PostgreSQL server's URL, as given (the password, if any, included: see `description`).
    case postgres(String)

    /// The location `text` names.
    /// - Throws: `.unsupportedLocation` for a URL of another kind (`mysql://…`),
    ///   and `.cannotOpen` for an empty path: never a local file named after them.
    public init(_ text: String) throws(StoreError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else {
                throw .cannotOpen(path: text, reason: .reasonSQLiteNamesNoFile)
            }
            self = .file(path)
            return
        }
        guard let url = Self.serverURL(in: text) else {
            self = .file(text)
            return
        }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw .unsupportedLocation(
                Self.withoutPassword(url),
                reason: .locationUnknownScheme(scheme))
        }
        // A config's relative `database:` put its folder in front: the URL is what counts.
        self = .postgres(url)
    }

    /// The path, or the URL without its password: what messages show.
    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let url): Self.withoutPassword(url)
        }
    }

    /// The `SCHEME://…` in a database setting (`postgres://u@host/db`), also when a
    /// config's relative `database:` put its folder in front; nil for a file's path.
    static func serverURL(in path: String) -> String? {
        guard let separator = path.range(of: "://") else { return nil }
        let before = path[..<separator.lowerBound]
        let scheme = before.split(separator: "/", omittingEmptySubsequences: false).last ?? before
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return String(path[scheme.startIndex...])
    }

    /// `SCHEME://USER:PASSWORD@HOST…` as `SCHEME://USER@HOST…`: a password never
    /// reaches a message, a log or the screen.
    static func withoutPassword(_ url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return url }
        let rest = url[start...]
        // The user part ends at the last @ before the path.
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        let user = authority[..<at]
        guard let colon = user.firstIndex(of: ":") else { return url }
        return String(url[..<start]) + String(user[..<colon]) + String(url[at...])
    }

    /// Where the database is when `--db` is not given: `$KEYFORM_DB`, else
    /// `$XDG_DATA_HOME/keyform/keyform.sqlite` (an absolute `XDG_DATA_HOME` only, as
    /// the XDG spec says), else `HOME/.local/share/keyform/keyform.sqlite`. Empty
    /// variables count as unset.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        if let path = environment["KEYFORM_DB"], !path.isEmpty {
            return path
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "keyform/keyform.sqlite")
        }
        return joined(home, ".local/share/keyform/keyform.sqlite")
    }

    private static func joined(_ folder: String, _ rest: String) -> String {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + rest : folder + "/" + rest
    }
}
