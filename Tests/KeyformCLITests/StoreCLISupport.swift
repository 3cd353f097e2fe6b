import Foundation
import KeyformCore
import Testing

/// What the store's CLI tests share: a folder of their own, the binary run with a
/// given database (or as another user), forms written on the fly, and the
/// Python pty driver for the interactive tests.
struct StoreCLI {
    let folder: URL

    init() throws { folder = try CLIRunner.temporaryFolder() }

    /// Removes the folder (files made immutable or given away included).
    func remove() { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes a form file into the folder and returns its path.
    @discardableResult
    func form(_ name: String, _ yaml: String) throws -> String {
        let path = path("\(name).yaml")
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `keyform ARGS` with `KEYFORM_DB` set to `database` and `TMPDIR` to the folder
    /// (where a record that cannot be stored is rescued).
    func run(_ arguments: [String], stdin: String? = nil, database: String? = nil,
             environment: [String: String] = [:]) throws -> CLIRunner.Result {
        var env = ["TMPDIR": folder.path]
        if let database { env["KEYFORM_DB"] = database }
        env.merge(environment) { _, given in given }
        return try CLIRunner.run(arguments, stdin: stdin, environment: env)
    }

    /// `keyform run FORM --answers -` with the answers as JSON.
    func submit(_ form: String, _ answers: String, database: String, _ more: [String] = []) throws -> CLIRunner.Result {
        try run(["run", form, "--answers", "-"] + more, stdin: answers, database: database)
    }

    /// `keyform records list FORM --format json`, parsed.
    func listed(_ form: String, database: String, _ more: [String] = []) throws -> [[String: Any]] {
        let result = try run(["records", "list", form, "--format", "json"] + more, database: database)
        try #require(result.status == 0, "records list: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }
}

/// Runs a program (not necessarily keyform) with the environment the CLI tests use.
enum Programs {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The path of `name` on PATH, or nil.
    static func find(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String] = [:], in directory: URL = CLIRunner.packageRoot) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["KEYFORM_LAYOUTS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Both pipes are read at once, so that neither can fill up and block the child.
        let errors = ErrorsReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Reads a pipe to its end on another thread.
    final class ErrorsReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    /// Whether this process runs as root (which ignores file modes).
    static var isRoot: Bool { geteuid() == 0 }
}

/// The Python driver of the interactive `keyform run` on a pseudo-terminal
/// (Tests/KeyformCLITests/Scripts/ptyform.py).
enum PtyDriver {
    static let script = CLIRunner.packageRoot.appendingPathComponent("Tests/KeyformCLITests/Scripts/ptyform.py").path

    /// Runs the driver and returns its JSON lines, parsed.
    static func run(_ arguments: [String], work: URL) throws -> (status: Int32, lines: [[String: Any]], stderr: String) {
        let python = try #require(Programs.find("python3"), "these tests drive a pseudo-terminal with python3; install it")
        let output = try Programs.run(python, [script] + arguments + ["--binary", CLIRunner.binary.path, "--work", work.path])
        let lines = output.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        return (output.status, lines, output.stderr)
    }

    /// One scripted session (`ptyform.py session --action ACTION`): its report.
    static func session(_ action: String, work: URL) throws -> [String: Any] {
        let (_, lines, stderr) = try run(["session", "--action", action], work: work)
        let report = try #require(lines.first, "no report from the driver: \(stderr)")
        let problems = report["problems"] as? [String] ?? []
        #expect(problems.isEmpty, "\(action): \(problems.joined(separator: "\n"))")
        return report
    }
}

/// A path inside the rescue message of `keyform run` ("… saved in PATH.").
func rescuePath(in stderr: String) -> String? {
    guard let range = stderr.range(of: "saved in ") else { return nil }
    var path = String(stderr[range.upperBound...].prefix { $0 != "\n" })
    if path.hasSuffix(".") { path.removeLast() }
    return path
}

/// The mode bits of a file or folder (0o600).
func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
