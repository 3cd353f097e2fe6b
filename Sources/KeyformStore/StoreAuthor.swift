#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who works on a store: the author its drafts, field history and
/// `default: last` belong to, and whom each record saved names. On a shared
/// store (a team's server) everyone would otherwise share one draft.
public enum StoreAuthor {
    /// `--author`, else `KEYFORM_AUTHOR` or the config's `author:` (resolved
    /// by the caller into `configured`), else the OS user @ host (`ada@lab-3`).
    /// Empty values count as unset.
    public static func resolve(flag: String? = nil, configured: String? = nil) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let configured, !configured.isEmpty { return configured }
        return current
    }

    /// The OS user @ host: the login name of the effective user id (else its
    /// number) and the host's name as `gethostname` gives it.
    public static var current: String {
        let user = osUser
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, host.count - 1) == 0 else { return user }
        let name = String(cString: host)
        return name.isEmpty ? user : user + "@" + name
    }

    /// The login name of the effective user id, else its number (`uid1000`):
    /// also whom a server is logged in as when the location names no user.
    public static var osUser: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            return String(cString: name)
        }
        return "uid\(geteuid())"
    }
}
