// keyform-store-stress: a helper for KeyformStore's multi-process tests.
//
//   keyform-store-stress save DB COUNT TAG   open DB and save COUNT records {tag: TAG, n: 0..<COUNT},
//                                            one transaction each; after each commit, its n on a
//                                            line of stdout (so a test that kills the process knows
//                                            which records were committed). A save that fails with
//                                            StoreError.busy (it waited its turn for longer than the
//                                            busy timeout; nothing was written) is tried again, and
//                                            "retry N" goes to stderr
//   keyform-store-stress open DB             open DB and close it
//   keyform-store-stress bench DB COUNT      time an import of COUNT records, one-by-one commits,
//                                            listing, filtering, history and last value
//
// Exit 0 on success; on a StoreError, its message on stderr and exit 1; bad usage exits 2.
import Foundation
import KeyformCore
import KeyformSQLite
import KeyformStore

let form = Form(name: "stress", pages: [.init(fields: [Field(id: "tag"), Field(id: "n", type: .integer)])])
let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

do {
    switch (arguments.first, arguments.count) {
    case ("save", 4):
        guard let count = Int(arguments[2]) else { fail("COUNT must be a number", status: 2) }
        let database = try AppDatabase.open(path: arguments[1])
        for n in 0..<count {
            try save(Record(form: form, values: ["tag": .text(arguments[3]), "n": .integer(n)]), n: n, into: database)
            FileHandle.standardOutput.write(Data("\(n)\n".utf8))
        }
    case ("open", 2):
        _ = try AppDatabase.open(path: arguments[1])
    case ("bench", 3):
        guard let count = Int(arguments[2]) else { fail("COUNT must be a number", status: 2) }
        try bench(path: arguments[1], count: count)
    default:
        fail("usage: keyform-store-stress save DB COUNT TAG | open DB | bench DB COUNT", status: 2)
    }
} catch {
    fail(String(describing: error), status: 1)
}

/// Saves `record`, trying again after `StoreError.busy`.
func save(_ record: Record, n: Int, into database: AppDatabase) throws {
    while true {
        do {
            try database.saveRecord(record, form: form)
            return
        } catch {
            guard case .busy = error else { throw error }
            FileHandle.standardError.write(Data("retry \(n)\n".utf8))
        }
    }
}

/// Seconds `body` takes, printed with `label`.
@discardableResult
func timed<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(label + ": " + String(format: "%.1f ms", seconds * 1000))
    return result
}

func bench(path: String, count: Int) throws {
    let todo = Form(
        name: "todo",
        pages: [
            .init(fields: [
                Field(id: "text"), Field(id: "priority"), Field(id: "due", type: .date),
                Field(id: "laps", type: .integer), Field(id: "done", type: .boolean),
            ])
        ])
    let priorities = ["High", "Medium", "Low"]
    let day = CivilDate(iso: "2026-01-01")!
    let records = (0..<count).map { n in
        Record(
            form: todo,
            values: [
                "text": .text("Task number \(n) with some words"), "priority": .text(priorities[n % 3]),
                "due": .date(day.adding(days: n % 365)), "laps": .integer(n % 40), "done": .boolean(n % 2 == 0),
            ])
    }
    let database = try timed("open") { try AppDatabase.open(path: path) }
    try timed("import \(count) records in one transaction") { try database.saveRecords(records, form: todo) }
    let commits = 200
    let start = DispatchTime.now().uptimeNanoseconds
    for record in records.prefix(commits) { try database.saveRecord(record, form: todo) }
    let perCommit = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(commits)
    print("one-by-one durable commit: " + String(format: "%.2f ms each (%.0f records/s)", perCommit, 1000 / perCommit))
    let all = try timed("list all \(count + commits) records") { try database.records(form: todo) }
    precondition(all.count == count + commits)
    try timed("first screen (limit 50)") { _ = try database.records(form: todo, limit: 50) }
    try timed("where priority=High") {
        _ = try database.records(form: todo, where: [FieldMatch(field: "priority", value: .text("High"))])
    }
    try timed("history of text (limit 500, all distinct)") { _ = try database.history(form: todo, field: "text") }
    try timed("history of priority (3 distinct)") { _ = try database.history(form: todo, field: "priority") }
    try timed("last value") { _ = try database.lastValue(form: todo, field: "priority") }
    try timed("save draft") { try database.saveDraft(form: todo, values: ["text": "half"], focus: "text") }
}
