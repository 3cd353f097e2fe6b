import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// Several `keyform` processes on one database file, and processes killed mid-write.
@Suite(.serialized) struct MultiProcessTests {
    static let stress = Form(
        name: "stress", pages: [.init(fields: [Field(id: "tag"), Field(id: "n", type: .integer)])])

    /// (tag, n) of every stored record.
    func stored(_ path: String) throws -> [String: [Int]] {
        let database = try AppDatabase.open(path: path)
        var result: [String: [Int]] = [:]
        for record in try database.records(form: Self.stress) {
            guard case .text(let tag)? = record.values["tag"], case .integer(let n)? = record.values["n"] else {
                Issue.record("unexpected record \(record)")
                continue
            }
            result[tag, default: []].append(n)
        }
        #expect(try database.integrityCheck() == ["ok"])
        return result
    }

    @Test func fourProcessesStoringAThousandRecordsEachLoseAndDoubleNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shared.sqlite")  // a new file: the four also race to create and migrate it
        let tags = ["a", "b", "c", "d"]
        let start = Date()
        let processes = try tags.map { try StressHelper.start(["save", path, "1000", $0]) }
        var failures: [String] = []
        var retries = 0
        for (process, errors) in processes {
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append("status \(process.terminationStatus): \(stderr)") }
            // A writer that waited longer than the busy timeout (possible on a loaded
            // machine) got StoreError.busy with nothing written, and tried again.
            retries += stderr.split(separator: "\n").filter { $0.hasPrefix("retry ") }.count
        }
        let seconds = Date().timeIntervalSince(start)
        #expect(failures.isEmpty)

        let records = try stored(path)
        #expect(records.values.map(\.count).reduce(0, +) == 4000)
        for tag in tags {
            #expect(records[tag]?.sorted() == Array(0..<1000), "tag \(tag)")
        }
        print(
            "4 processes x 1,000 records: \(String(format: "%.2f", seconds)) s, \(Int(4000 / seconds)) records/s, \(retries) busy retries"
        )
    }

    /// Processes that create and open a new file at the same moment: each must find
    /// the file set up (schema, WAL) by whichever came first, not fail with
    /// "database is locked" while another turns WAL on.
    @Test func processesOpeningANewFileAtOnceAllSucceed() throws {
        let folder = try TemporaryFolder()
        for round in 0..<12 {
            let path = folder.file("new-\(round).sqlite")
            let processes = try (0..<4).map { try StressHelper.start(["save", path, "5", "p\($0)"]) }
            for (process, errors) in processes {
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "round \(round): \(stderr)")
                #expect(!stderr.contains("retry"), "opening must not time out: \(stderr)")
            }
            #expect(try stored(path).values.map(\.count).reduce(0, +) == 20, "round \(round)")
        }
    }

    /// `kill -9` at random moments while records are being saved: every record whose
    /// commit returned is there, and the file passes `PRAGMA integrity_check`.
    @Test func killingAWriterLosesNoCommittedRecord() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("killed.sqlite")
        var expected: Set<Int> = []
        for trial in 0..<6 {
            let tag = "t\(trial)"
            let log = folder.file("\(tag).log")
            let (process, _) = try StressHelper.start(["save", path, "100000", tag], stdout: log)
            // Let it commit some records: wait for a random number of them.
            let target = Int.random(in: 1...150)
            let deadline = Date().addingTimeInterval(20)
            while committed(log).count < target && Date() < deadline && process.isRunning {
                Thread.sleep(forTimeInterval: 0.005)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)

            let done = committed(log)
            #expect(done.count >= target)
            let records = try stored(path)
            let found = Set(records[tag] ?? [])
            // Every acknowledged record is there; at most the one in flight is there too.
            #expect(done.isSubset(of: found), "trial \(trial)")
            #expect(found.count <= done.count + 1, "trial \(trial)")
            expected.formUnion(found.map { $0 + trial * 1_000_000 })
        }
        #expect(
            try stored(path).flatMap { tag, ns in ns.map { $0 + Int(tag.dropFirst())! * 1_000_000 } }.count
                == expected.count)
    }

    /// The n of each line the helper printed after a commit (a partly written last line is ignored).
    func committed(_ log: String) -> Set<Int> {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last "\n": empty or incomplete
        return Set(lines.compactMap { Int($0) })
    }
}
