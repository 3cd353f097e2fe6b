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
