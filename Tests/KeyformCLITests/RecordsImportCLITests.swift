import Foundation
import Testing

/// `keyform records import`: round trips with export, all or nothing, positioned errors.
@Suite struct RecordsImportCLITests {
    static let vacation = "demo/vacation.yaml"

    /// Export without the store's `_created` (an import makes its own times): the
    /// JSON member, or the CSV's second column.
    static func withoutCreated(_ text: String) -> String {
        text.replacingOccurrences(of: #""_created":"[^"]*","#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)^([0-9]+),[0-9T:.Z-]+,"#, with: "$1,", options: .regularExpression)
    }

    @Test(arguments: ["json", "csv"])
    func exportThenImportIntoANewDatabaseGivesTheSameRecords(format: String) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.sqlite").path
        let second = folder.appendingPathComponent("second.sqlite").path
        for answers in [
            #"{"place": "Lisbon", "tags": ["Food", "Sunset"], "note": "Tram 28, \"the\" yellow one"}"#,
            #"{"place": "Porto", "tags": ["Beach"], "note": ""}"#,
            #"{"place": "Sintra", "note": "Palace"}"#,
        ] {
            let run = try CLIRunner.run(["run", Self.vacation, "--answers", "-"], stdin: answers, environment: ["KEYFORM_DB": first])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let exported = try CLIRunner.run(["records", "export", Self.vacation, "--format", format], environment: ["KEYFORM_DB": first])
        #expect(exported.status == 0, "\(exported.stderr)")
        let file = folder.appendingPathComponent("records.\(format)")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)

        let imported = try CLIRunner.run(["records", "import", Self.vacation, file.path, "--db", second])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "imported 3 records of 'vacation' into \(second)\n")
        let again = try CLIRunner.run(["records", "export", Self.vacation, "--format", format], environment: ["KEYFORM_DB": second])
        #expect(Self.withoutCreated(again.stdout) == Self.withoutCreated(exported.stdout))
        #expect(again.stdout.contains("Lisbon"))
    }

    /// An import is not capped at the 1 MiB of a form or answers file (it was
    /// cut there, and the record at the cut was "not closed"): 15,000 records in
    /// 1.1 MiB, from a file and from stdin, export as they went in.
    @Test func anImportLargerThanAFormFileIsReadWhole() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = (1...15_000).map { #"{"place":"Place number \#($0) with a longer name","tags":["Food"],"note":"n"}"# }
        let json = "[\n" + records.joined(separator: ",\n") + "\n]\n"
        #expect(json.utf8.count > 1 << 20)
        let file = folder.appendingPathComponent("big.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        for (source, stdin) in [(file.path, nil), ("-", json)] {
            let db = folder.appendingPathComponent("big\(stdin == nil ? 1 : 2).sqlite").path
            let imported = try CLIRunner.run(["records", "import", Self.vacation, source, "--db", db], stdin: stdin)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr == "imported 15000 records of 'vacation' into \(db)\n")
            let listed = try CLIRunner.run(["records", "list", Self.vacation, "--format", "csv", "--limit", "1"],
                                           environment: ["KEYFORM_DB": db])
            #expect(listed.stdout.contains(",Place number ") && listed.stdout.contains(" with a longer name,Food,n"), "\(listed.stdout)")
        }
    }

    @Test func oneBadRowStoresNothingAndEveryProblemSaysWhere() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        let csv = "text,priority,done,due\nBuy milk,High,Complete,2026/11/21\nSwim,Urgent,no,tomorrow\n,Low,maybe,\n"
        let result = try CLIRunner.run(["records", "import", "todo", "-", "--db", db], stdin: csv)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("""
            stdin:3: field 'priority': must be one of: High, Medium, Low
            stdin:4: field 'text': required
            stdin:4: field 'done': must be In progress or Complete (or yes or no)
            keyform: nothing imported: 3 problems in stdin

            """), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing stored, not even a database made")

        let good = try CLIRunner.run(["records", "import", "todo", "-", "--db", db], stdin: "text,due\nBuy milk,2026/11/21\n")
        #expect(good.status == 0, "\(good.stderr)")
        let listed = try CLIRunner.run(["records", "export", "todo", "--db", db])
        #expect(listed.stdout.contains(#""text":"Buy milk","priority":"Medium","done":false,"due":"2026-11-21""#), "\(listed.stdout)")
    }

    @Test func aFileIsReadByItsExtensionAndAMissingOneSaysSo() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("todo.json")
        try #"{"text": "not in an array"}"#.write(to: json, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["records", "import", "todo", json.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(json.path):1: expected a JSON array of records"), "\(result.stderr)")
        let missing = try CLIRunner.run(["records", "import", "todo", "/no/such.csv"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "keyform: /no/such.csv: no such file\n")
    }
}
