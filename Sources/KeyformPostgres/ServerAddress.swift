import Foundation
import KeyformCore
import KeyformStore

/// Where a PostgreSQL server is and whom to log in as, read from a
/// `postgres://USER@HOST:PORT/DB?sslmode=…` URL the way libpq reads one (so a
/// URL that works with `psql` works here), with libpq's environment for what
/// the URL leaves out (PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE) and its
/// password sources: the URL, else PGPASSWORD, else `~/.pgpass` (PGPASSFILE).
///
/// Pure but for reading the password file: no connection is made here.
struct ServerAddress: Equatable, Sendable {
    /// How the connection is made.
    enum Endpoint: Equatable, Sendable {
        /// A TCP host (a name, or an address; IPv6 without brackets) and port.
        case tcp(host: String, port: Int)
        /// A Unix-domain socket: the socket file itself (`DIR/.s.PGSQL.PORT`), and the port it names.
        case socket(path: String, port: Int)
    }

    /// libpq's `sslmode`, as far as Keyform tells them apart.
    enum TLSMode: String, Equatable, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it (libpq's default; `allow` reads as this).
        case prefer
        /// TLS or no connection; the certificate is not checked (libpq's `require`).
        case require
        /// TLS with the server's certificate checked against trusted roots (and, for `verify-full`, its name).
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    var endpoint: Endpoint
    var user: String
    var database: String
    /// Nil when no source gave one (the server may not ask).
    var password: String?
    var tlsMode: TLSMode
    /// `sslrootcert`: a file of trusted roots for `verify-ca` / `verify-full`.
    var rootCertificate: String?
    /// `connect_timeout` in seconds (libpq's; 10 when not given: a server that does not answer is said soon).
    var connectTimeout: Int

    /// The location as messages show it: the URL without its password.
    var shown: String

    /// Reads `url` (`postgres://` or `postgresql://`).
    /// - Parameters:
    ///   - environment: libpq's variables (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD, PGSSLMODE, PGPASSFILE).
    ///   - home: for `~/.pgpass`.
    ///   - osUser: the user name when neither the URL nor PGUSER gives one.
    /// - Throws: `.unsupportedLocation` for a URL that is not one, saying what is wrong (never its password).
    init(url: String, environment: [String: String], home: String, osUser: String) throws(StoreError) {
        shown = StoreLocation.postgres(url).description
        func refuse(_ reason: Message) -> StoreError {
            .unsupportedLocation(StoreLocation.postgres(url).description, reason: .serverURLWrong(reason))
        }
        guard let schemeEnd = url.range(of: "://") else { throw refuse(.urlNotAURL) }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") where !pair.isEmpty {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let key = Self.decoded(parts[0]), let value = Self.decoded(parts[1]) else {
                    throw refuse(.urlQueryNotNameValue(String(pair.prefix { $0 != "=" })))
                }
                query[key] = value
            }
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
        var urlUser: String?, urlPassword: String?
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                urlUser = Self.decoded(credentials[..<colon])
                urlPassword = Self.decoded(credentials[credentials.index(after: colon)...])
            } else {
                urlUser = Self.decoded(credentials)
            }
        }
        var urlHost: String?, urlPort: String?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw refuse(.urlIPv6WithoutBracket) }
            urlHost = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { urlPort = String(after.dropFirst()) }
        } else if let colon = authority.lastIndex(of: ":") {
            urlHost = Self.decoded(authority[..<colon])
            urlPort = String(authority[authority.index(after: colon)...])
        } else if !authority.isEmpty {
            urlHost = Self.decoded(authority)
        }
        if urlHost?.isEmpty == true { urlHost = nil }
        if urlPort?.isEmpty == true { urlPort = nil }

        func setting(_ key: String, _ fromURL: String?, _ variable: String) -> String? {
            for value in [query[key], fromURL, environment[variable]] {
                if let value, !value.isEmpty { return value }
            }
            return nil
        }
        let portText = setting("port", urlPort, "PGPORT") ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw refuse(.urlNotAPort(String(portText)))
        }
        user = setting("user", urlUser, "PGUSER") ?? osUser
        database = setting("dbname", Self.decoded(path).flatMap { $0.isEmpty ? nil : $0 }, "PGDATABASE") ?? user
        let host = setting("host", urlHost, "PGHOST") ?? "localhost"
        if host.hasPrefix("/") {
            // A folder holds the server's socket, named after the port (as libpq names it).
            endpoint = .socket(
                path: host.hasSuffix(".s.PGSQL.\(port)")
                    ? host : (host.hasSuffix("/") ? host : host + "/") + ".s.PGSQL.\(port)",
                port: port)
        } else {
            endpoint = .tcp(host: host, port: port)
        }
        let modeText = setting("sslmode", nil, "PGSSLMODE") ?? "prefer"
        switch modeText {
        case "allow", "prefer": tlsMode = .prefer
        default:
            guard let mode = TLSMode(rawValue: modeText) else {
                throw refuse(.urlUnknownSSLMode(modeText))
            }
            tlsMode = mode
        }
        rootCertificate = setting("sslrootcert", nil, "PGSSLROOTCERT")
        let timeoutText = setting("connect_timeout", nil, "PGCONNECT_TIMEOUT") ?? "10"
        guard let timeout = Int(timeoutText), timeout >= 0 else {
            throw refuse(.urlTimeoutNotSeconds(timeoutText))
        }
        connectTimeout = timeout == 0 ? 10 : max(timeout, 2)
        if let urlPassword, !urlPassword.isEmpty {
            password = urlPassword
        } else if let fromEnvironment = environment["PGPASSWORD"], !fromEnvironment.isEmpty {
            password = fromEnvironment
        } else {
            let file =
                environment["PGPASSFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? (home.hasSuffix("/") ? home : home + "/")
                + ".pgpass"
            password = Self.passwordFile(at: file).flatMap {
                Self.password(in: $0, endpoint: endpoint, database: database, user: user)
            }
        }
    }

    /// The host as `~/.pgpass` names it: a TCP host as written, a socket as
    /// `localhost` (libpq's rule for the default socket folder) or its folder.
    private static func pgpassHosts(_ endpoint: Endpoint) -> [String] {
        switch endpoint {
        case .tcp(let host, _): [host]
        case .socket(let path, _): ["localhost", String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])]
        }
    }

    /// The text of a password file that libpq would read: not readable by group or
    /// others (it ignores a looser one, and so does Keyform); nil when there is none.
    static func passwordFile(at path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 == 0,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The password of the first line of a `.pgpass` text that matches
    /// (`HOST:PORT:DATABASE:USER:PASSWORD`, `*` matching anything, `\:` and `\\` escaped).
    static func password(in text: String, endpoint: Endpoint, database: String, user: String) -> String? {
        let port: Int
        switch endpoint {
        case .tcp(_, let p), .socket(_, let p): port = p
        }
        let hosts = pgpassHosts(endpoint)
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = [""]
            var escaped = false
            for character in line {
                if escaped {
                    fields[fields.count - 1].append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":" && fields.count < 5 {
                    fields.append("")
                } else {
                    fields[fields.count - 1].append(character)
                }
            }
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ values: [String]) -> Bool { field == "*" || values.contains(field) }
            if matches(fields[0], hosts), matches(fields[1], [String(port)]), matches(fields[2], [database]),
                matches(fields[3], [user])
            {
                return fields[4]
            }
        }
        return nil
    }

    /// `%XX` decoded; nil when it is not valid UTF-8 once decoded.
    private static func decoded(_ text: Substring) -> String? {
        String(text).removingPercentEncoding ?? (text.contains("%") ? nil : String(text))
    }
}
