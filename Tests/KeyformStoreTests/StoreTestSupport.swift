import Foundation
import GRDB
import KeyformCore
import KeyformTestSupport
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// The demo to-do form, with every value type.
let todo = Form(
    name: "todo",
    pages: [
        Form.Page(fields: [
            Field(id: "text", required: true),
            Field(id: "priority", layout: "priority"),
            Field(id: "due", type: .date),
            Field(id: "laps", type: .integer),
            Field(id: "distance", type: .number),
            Field(id: "done", type: .boolean),
        ])
    ]
)

func todoRecord(
    _ text: String, priority: String? = nil, due: String? = nil, laps: Int? = nil, distance: Double? = nil,
    done: Bool? = nil
) -> KeyformCore.Record {
    var values: [String: FieldValue] = ["text": .text(text)]
    if let priority { values["priority"] = .text(priority) }
    if let due { values["due"] = .date(CivilDate(iso: due)!) }
    if let laps { values["laps"] = .integer(laps) }
    if let distance { values["distance"] = .number(distance) }
    if let done { values["done"] = .boolean(done) }
    return KeyformCore.Record(form: todo, values: values)
}

/// A form whose fields the records alone cannot tell: a date and a time are
/// stored as text, an empty value as nothing, a boolean's words not at all.
let chores = form(
    "chores",
    [
        Field(id: "text", label: "Chore"),
        Field(id: "due", label: "Due", type: .date),
        Field(id: "at", label: "At", type: .time),
        Field(id: "done", label: "Status", type: .boolean, states: Field.States(no: "In progress", yes: "Complete")),
        Field(id: "tags", label: "Tags", multiple: true),
        Field(id: "laps", label: "Laps", type: .integer),
    ])

/// A form with the given name and text fields.
func form(_ name: String, _ fields: [Field]) -> Form {
    Form(name: name, pages: [Form.Page(fields: fields)])
}

/// A clock that moves only when told to: every call returns the current time.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    init(_ iso: String = "2026-11-21T09:30:00.000Z") {
        time = Timestamp.date(from: iso)!
    }

    var now: @Sendable () -> Date {
        { [self] in lock.withLock { time } }
    }

    func advance(seconds: TimeInterval) {
        lock.withLock { time += seconds }
    }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit {
        // Folders a test made read-only must become writable again to be removed.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `keyform-store-stress`, built beside the test bundle.
enum StressHelper {
    static var binary: URL { BuiltProducts.executable("keyform-store-stress") }

    /// Starts the helper with `arguments`; stdout goes to `stdout` (a file), stderr to a pipe.
    static func start(_ arguments: [String], stdout: String? = nil, prefix: [String] = []) throws -> (Process, Pipe) {
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [binary.path] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        if let stdout {
            _ = FileManager.default.createFile(atPath: stdout, contents: nil)
            process.standardOutput = FileHandle(forWritingAtPath: stdout)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Runs the helper to the end: its status and stderr.
    static func run(
        _ arguments: [String], stdout: String? = nil, prefix: [String] = []
    ) throws -> (status: Int32, stderr: String) {
        let (process, errors) = try start(arguments, stdout: stdout, prefix: prefix)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension AppDatabase {
    /// Raw SQL for tests: rows of a query.
    func rows(_ sql: String) throws -> [Row] {
        try writer.read { try Row.fetchAll($0, sql: sql) }
    }
}

/// The StoreError thrown by `body`, or nil (any other error fails the test).
func storeError(_ body: () throws -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        Issue.record("not a StoreError: \(error)")
        return nil
    }
}
