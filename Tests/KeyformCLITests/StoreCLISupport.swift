import Foundation
import KeyformCore
import KeyformFiles
import KeyformSQLite
import KeyformStore
import KeyformTestSupport
import Testing

/// What the store's CLI tests share: a folder of their own, the binary run with a
/// given database (or as another user), forms written on the fly, and the
/// interactive form the store's tests type into.
struct StoreCLI {
    let folder: URL

    init() throws { folder = try CLIRunner.temporaryFolder() }

    /// In a folder the test already has.
    init(folder: URL) { self.folder = folder }

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
    func run(
        _ arguments: [String], stdin: String? = nil, database: String? = nil,
        environment: [String: String] = [:]
    ) throws -> CLIRunner.Result {
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

    /// Runs `executable` in a session of its own, so without a controlling terminal
    /// wherever the tests run: `keyform run` draws on a terminal when it can open one
    /// (whatever stdin is), and these tests are about the runs without one.
    static func run(
        _ executable: String, _ arguments: [String], stdin: String? = nil,
        environment: [String: String] = [:], in directory: URL = CLIRunner.packageRoot
    ) throws -> Output {
        let process = Process()
        // `setsid --wait` gives back the program's exit status (Process's children lead a
        // process group, so setsid forks and waits); without setsid, the terminal stays.
        if let setsid = Self.setsid {
            process.executableURL = URL(fileURLWithPath: setsid)
            process.arguments = ["--wait", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
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
        return Output(
            status: process.terminationStatus,
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

    private static let setsid = find("setsid")

    /// Whether this process runs as root (which ignores file modes).
    static var isRoot: Bool { geteuid() == 0 }
}

/// The Python driver of `keyform run` on a pseudo-terminal, kept for one job only:
/// the kill -9 fault test (Tests/KeyformCLITests/Scripts/ptyform.py). It writes
/// keys straight into the terminal and kills at random moments between them,
/// with a random delay in microseconds, hundreds of times a run; going through
/// tmux (a `send-keys` process per key) would make those moments coarse and the
/// trials slow. Every other interactive test runs on the one driver, `FormRun`.
enum PtyDriver {
    static let script = CLIRunner.packageRoot.appendingPathComponent("Tests/KeyformCLITests/Scripts/ptyform.py").path

    /// Runs the driver and returns its JSON lines, parsed.
    static func run(_ arguments: [String], work: URL) throws -> (status: Int32, lines: [[String: Any]], stderr: String)
    {
        let python = try #require(
            Programs.find("python3"), "the kill -9 test drives a pseudo-terminal with python3; install it")
        let output = try Programs.run(
            python, [script] + arguments + ["--binary", CLIRunner.binary.path, "--work", work.path])
        let lines = output.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        return (output.status, lines, output.stderr)
    }
}

/// `keyform run` on a five-field form (two texts, a key grid, a text, an
/// integer) in a terminal, through the one test driver (`FormRun` on tmux), with
/// its database in the test's folder: the store's interactive tests.
struct KillTestForm {
    /// Scripts/killtest.yaml, which ptyform.py's kill -9 test types into too.
    static let source = CLIRunner.packageRoot.appendingPathComponent("Tests/KeyformCLITests/Scripts/killtest.yaml")

    let work: URL
    var form: String { work.appendingPathComponent("killtest.yaml").path }
    var database: String { work.appendingPathComponent("keyform.sqlite").path }

    init(work: URL) throws {
        self.work = work
        try FileManager.default.copyItem(atPath: Self.source.path, toPath: form)
    }

    /// Starts `keyform run FORM --db DATABASE --no-animation` in a new terminal.
    func start() throws -> FormRun {
        try FormRun(
            ["run", form, "--db", database, "--no-animation"],
            environment: ["HOME": work.path, "TMPDIR": work.path, "NO_MOTION": "1"])
    }

    /// The focused field's row showing exactly `value` (`› Bravo    hal`).
    static func focusedRow(_ label: String, _ value: String = "") -> String {
        let row = "› " + label.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + value
        return String(row.reversed().drop { $0 == " " }.reversed())
    }

    /// Waits until `label` has the focus and holds `value`.
    @discardableResult
    static func waitFocused(_ tmux: Tmux, _ label: String, _ value: String = "") throws -> String {
        let row = focusedRow(label, value)
        return try tmux.wait(for: row.debugDescription) { $0.split(separator: "\n").contains { $0 == row } }
    }

    /// Types and commits Alpha ('first'), then types half of Bravo ('hal'),
    /// each key after the screen it is meant for shows.
    static func typeFirstAndHalf(_ tmux: Tmux) throws {
        try waitFocused(tmux, "Alpha")
        try tmux.type("first")
        try waitFocused(tmux, "Alpha", "first")
        try tmux.press("Enter")
        try waitFocused(tmux, "Bravo")
        try tmux.type("hal")
        try waitFocused(tmux, "Bravo", "hal")
    }

    /// Leaves the run by `how`: TERM, HUP, QUIT or INT (the signal to keyform), hangup
    /// (the terminal closed), ctrl-c or esc (the keys).
    static func leave(_ run: FormRun, by how: String) throws {
        switch how {
        case "TERM": kill(try run.pid(), SIGTERM)
        case "HUP": kill(try run.pid(), SIGHUP)
        case "INT": kill(try run.pid(), SIGINT)
        case "QUIT": kill(try run.pid(), SIGQUIT)
        case "hangup": run.hangUp()
        case "ctrl-c": try run.tmux.press("C-c")
        case "esc": try run.tmux.press("Escape")
        default: Issue.record("unknown way to leave: \(how)")
        }
    }

    /// The form's draft in the database: values and focus; nil when there is none.
    func draft() throws -> (values: [String: FieldInput], focus: String?)? {
        let loaded = try #require(FormFiles.load(path: form).form)
        let database = try AppDatabase.open(path: database)
        return try database.draft(form: loaded.form).map { ($0.values, $0.focus) }
    }

    /// `PRAGMA integrity_check` of the database.
    func integrity() throws -> [String] {
        try AppDatabase.open(path: database).integrityCheck()
    }
}

/// A path inside the rescue message of `keyform run` ("… saved in PATH.json. Once …").
func rescuePath(in stderr: String) -> String? {
    guard let range = stderr.range(of: "saved in ") else { return nil }
    let line = stderr[range.upperBound...].prefix { $0 != "\n" }
    guard let end = line.range(of: ".json")?.upperBound else { return nil }
    return String(line[..<end])
}

/// The mode bits of a file or folder (0o600).
func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The stores the CLI's store tests run on: a SQLite file in the test's folder,
/// and a new database on the PostgreSQL test server (`TestPostgres`; the case is
/// cancelled, saying why, when none runs).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A new, empty store's location (`--db`, `KEYFORM_DB`).
    func location(in folder: URL, named name: String = "keyform.sqlite") throws -> String {
        switch self {
        case .sqlite: return folder.appendingPathComponent(name).path
        case .postgres:
            guard TestPostgres.url != nil else { try Test.cancel(Comment(rawValue: TestPostgres.skipped)) }
            return try TestPostgres.freshDatabase()
        }
    }
}
