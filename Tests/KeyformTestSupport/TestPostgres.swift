import Foundation

/// The private PostgreSQL server of the tests (`scripts/test-postgres.sh start`,
/// which `.ci/run` runs): its URL from `KEYFORM_TEST_POSTGRES`, nil when none is
/// running (the PostgreSQL cases then say so and are skipped, never passed).
public enum TestPostgres {
    /// The URL of the server's `keyform` database (a superuser on a Unix socket).
    public static var url: String? {
        guard let url = ProcessInfo.processInfo.environment["KEYFORM_TEST_POSTGRES"], !url.isEmpty else { return nil }
        return url
    }

    /// Why a PostgreSQL case did not run.
    public static let skipped =
        "no PostgreSQL test server: export KEYFORM_TEST_POSTGRES=\"$(scripts/test-postgres.sh start)\""

    /// `url` with another database (`postgres://keyform@/NAME?host=…`).
    public static func url(database: String) -> String? {
        guard let url, let start = url.range(of: "://")?.upperBound else { return nil }
        let rest = url[start...]
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        let queryStart = rest[pathStart...].firstIndex(of: "?") ?? rest.endIndex
        return String(url[..<pathStart]) + "/" + database + String(rest[queryStart...])
    }

    /// A new, empty database on the server, named `kf_…` (created with psql, as a
    /// person would); its URL. The server is thrown away whole by `stop`.
    public static func freshDatabase() throws -> String {
        guard let url else { throw Unavailable() }
        let name = "kf_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        try psql(url, "CREATE DATABASE \(name)")
        return Self.url(database: name)!
    }

    /// Runs `sql` with psql on the database `url` names; its output.
    @discardableResult
    public static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-qAtX", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(message: String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { TestPostgres.skipped }
    }

    public struct Failed: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "psql: \(message)" }
    }
}

extension TestPostgres {
    /// A PostgreSQL server of one test's own (`scripts/test-postgres.sh` in a
    /// folder and on a port of its own), for the tests that stop a server while
    /// Keyform works on it: the shared test server is never disturbed. Needs what
    /// the shared one needs (PostgreSQL installed); about 3 s to make.
    public final class PrivateServer: Sendable {
        public let folder: String
        public let port: Int
        /// Its `keyform` database, on its socket.
        public let url: String

        /// Makes and starts it.
        public init() throws {
            guard TestPostgres.url != nil else { throw Unavailable() }
            folder = NSTemporaryDirectory() + "keyform-pg-" + UUID().uuidString.prefix(8).lowercased()
            port = try Self.freePort()
            url = "postgres://keyform@/keyform?host=\(folder)&port=\(port)"
            try script("start")
        }

        /// Stops it, keeping its data: what a person sees when the server goes away.
        public func halt() throws { try script("halt") }

        /// Starts it again with its data.
        public func resume() throws { try script("start") }

        /// From now on its loopback port takes only TLS (a self-signed certificate made now, `hostssl`),
        /// `keyform_pw` by a plain password (`scripts/test-postgres.sh tls`).
        public func requireTLS() throws { try script("tls") }

        /// Stops it and removes its folder.
        public func remove() { try? script("stop") }

        deinit { remove() }

        /// Runs `scripts/test-postgres.sh COMMAND` for this server. `Spawn`, not `Process`: a
        /// `Process` started from a test's dispatch queue was left a zombie, its
        /// `waitUntilExit` never returning (seen: the suite hung).
        private func script(_ command: String) throws {
            var environment = ProcessInfo.processInfo.environment
            environment["KEYFORM_PG_DIR"] = folder
            environment["KEYFORM_PG_PORT"] = String(port)
            let result = try Spawn.run(
                "/bin/bash",
                [BuiltProducts.packageRoot.appendingPathComponent("scripts/test-postgres.sh").path, command],
                environment: environment)
            guard result.status == 0 else {
                throw Failed(message: "test-postgres.sh \(command): " + String(decoding: result.error, as: UTF8.self))
            }
        }

        /// A loopback port nothing listens on now (the kernel's pick for port 0).
        private static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failed(message: "socket: \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            guard bound else { throw Failed(message: "bind: \(String(cString: strerror(errno)))") }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}
