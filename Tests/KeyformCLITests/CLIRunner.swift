import Foundation
import KeyformTestSupport

/// Runs the built `keyform` binary as a process: arguments in, stdout, stderr and status out.
struct CLIRunner {
    typealias Result = Programs.Output

    static let packageRoot = BuiltProducts.packageRoot

    /// The `keyform` product, built next to the test bundle.
    static var binary: URL { BuiltProducts.executable("keyform") }

    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:],
        binary: URL = binary
    ) throws -> Result {
        // Never the person's own database: each run gets a fresh one unless the test names one;
        // never the person's config either (KEYFORM_CONFIG=/dev/null) unless the test gives one.
        let scratchDatabase = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-cli-test-\(UUID().uuidString).sqlite"
        ).path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratchDatabase + suffix) }
        }
        return try Programs.run(
            binary.path, arguments, stdin: stdin,
            environment: ["KEYFORM_DB": scratchDatabase, "KEYFORM_CONFIG": "/dev/null"].merging(environment) { $1 },
            in: directory ?? packageRoot)
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
