import Foundation
import Testing

/// `keyform records import`: round trips with export, all or nothing, positioned errors.
@Suite struct RecordsImportCLITests {
    static let vacation = "demo/vacation.yaml"

    /// Byte for byte: the records keep their `_created` (not the time of the
    /// import), and a new database numbers them from 1 as the first one did.
    @Test(arguments: ["json", "csv"], StoreKind.allCases)
    func exportThenImportIntoANewDatabaseGivesTheSameRecords(format: String, store: StoreKind) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try store.location(in: folder, named: "first.sqlite")
        let second = try store.location(in: folder, named: "second.sqlite")
        for answers in [
            #"{"place": "Lisbon", "tags": ["Food", "Sunset"], "note": "Tram 28, \"the\" yellow one"}"#,
            #"{"place": "Porto", "tags": ["Beach"], "note": ""}"#,
            #"{"place": "Sintra", "note": "Palace"}"#,
        ] {
            let run = try CLIRunner.run(
                ["run", Self.vacation, "--answers", "-"], stdin: answers, environment: ["KEYFORM_DB": first])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let exported = try CLIRunner.run(
            ["records", "export", Self.vacation, "--format", format], environment: ["KEYFORM_DB": first])
        #expect(exported.status == 0, "\(exported.stderr)")
        let file = folder.appendingPathComponent("records.\(format)")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)

        let imported = try CLIRunner.run(["records", "import", Self.vacation, file.path, "--db", second])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr == "imported 3 records of 'vacation' into \(second)\n")
        let again = try CLIRunner.run(
            ["records", "export", Self.vacation, "--format", format], environment: ["KEYFORM_DB": second])
        #expect(again.stdout == exported.stdout)
        #expect(again.stdout.contains("Lisbon"))
    }

    /// A list whose items hold commas (or open with `[`) goes out in CSV as a
    /// JSON array and comes back whole: joined, "Salt, pepper" came back as two
    /// items, and a strict field refused the import.
    @Test func aListItemHoldingACommaSurvivesCSV() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        try "title: Toppings\nrows:\n  - [\"Salt, pepper\", Lettuce, \"[Extra]\"]\n"
            .write(to: folder.appendingPathComponent("Layouts/toppings.yaml"), atomically: true, encoding: .utf8)
        let form = folder.appendingPathComponent("salad.yaml").path
        try "title: Salad\nfields:\n  - id: toppings\n    layout: toppings\n    multiple: true\n    strict: true\n"
            .write(toFile: form, atomically: true, encoding: .utf8)
        let first = folder.appendingPathComponent("first.sqlite").path
        let second = folder.appendingPathComponent("second.sqlite").path
        for answers in [
            #"{"toppings": ["Salt, pepper", "Lettuce"]}"#, #"{"toppings": ["[Extra]"]}"#, #"{"toppings": ["Lettuce"]}"#,
        ] {
            let run = try CLIRunner.run(["run", form, "--answers", "-", "--db", first], stdin: answers)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let exported = try CLIRunner.run(["records", "export", form, "--format", "csv", "--db", first])
        let cells = exported.stdout.split(separator: "\r\n").dropFirst().map {
            $0.split(separator: ",", maxSplits: 2).last.map(String.init) ?? ""
        }
        #expect(
            cells.sorted() == [#""[""Salt, pepper"",""Lettuce""]""#, #""[""[Extra]""]""#, "Lettuce"].sorted(),
            "\(exported.stdout)")
        let file = folder.appendingPathComponent("records.csv")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["records", "import", form, file.path, "--db", second])
        #expect(imported.status == 0, "\(imported.stderr)")
        let json = try CLIRunner.run(["records", "export", form, "--format", "json", "--db", second])
        #expect(json.stdout.contains(#""toppings":["Salt, pepper","Lettuce"]"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""toppings":["[Extra]"]"#), "\(json.stdout)")
        let again = try CLIRunner.run(["records", "export", form, "--format", "csv", "--db", second])
        #expect(again.stdout == exported.stdout)
    }

    /// A text of several lines goes out in CSV with its line breaks inside the
    /// quoted cell and comes back the same (they were written out as `\n`,
    /// and came back as a backslash and an n).
    @Test func lineBreaksSurviveCSV() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("note.yaml").path
        try "title: Note\nfields:\n  - id: title\n  - id: body\n    lines: 3\n".write(
            toFile: form, atomically: true, encoding: .utf8)
        let first = folder.appendingPathComponent("first.sqlite").path
        let second = folder.appendingPathComponent("second.sqlite").path
        let run = try CLIRunner.run(
            ["run", form, "--answers", "-", "--db", first],
            stdin: #"{"title": "a", "body": "line one\nline \"two\", with a comma\n\nfour"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        let exported = try CLIRunner.run(["records", "export", form, "--format", "csv", "--db", first])
        #expect(
            exported.stdout.hasSuffix(",a,\"line one\nline \"\"two\"\", with a comma\n\nfour\"\r\n"),
            "\(exported.stdout)")
        let file = folder.appendingPathComponent("records.csv")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["records", "import", form, file.path, "--db", second])
        #expect(imported.status == 0, "\(imported.stderr)")
        let json = try CLIRunner.run(["records", "export", form, "--format", "json", "--db", second])
        #expect(json.stdout.contains(#""body":"line one\nline \"two\", with a comma\n\nfour""#), "\(json.stdout)")
    }

    /// `_created` as a person may write it: without milliseconds, with an offset
    /// (stored in UTC), or empty (made now). `_id` only orders the records; the
    /// new database gives them its own ids.
    @Test func createdTimesAreKeptInUTCAndIdsAreTheNewDatabases() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("moved.sqlite").path
        let csv = """
            _id,_created,place,tags,note
            30,2020-03-01T12:00:00+01:00,Rome,,
            12,2019-07-04T08:00:00.5Z,Oslo,Food,
            7,,Lima,,

            """
        let imported = try CLIRunner.run(["records", "import", Self.vacation, "-", "--db", db], stdin: csv)
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try CLIRunner.run(["records", "export", Self.vacation, "--format", "csv", "--db", db])
        let rows = exported.stdout.split(separator: "\r\n").dropFirst().map(String.init)  // CSV lines end in CRLF
        #expect(rows.count == 3)
        #expect(rows.first == "3,2020-03-01T11:00:00.000Z,Rome,,", "\(exported.stdout)")
        #expect(rows.dropFirst().first == "2,2019-07-04T08:00:00.500Z,Oslo,Food,")
        #expect(
            rows.last?.hasPrefix("1,\(Calendar(identifier: .gregorian).component(.year, from: Date()))-") == true,
            "an empty _created is the time of the import: \(rows.last ?? "")")
        #expect(rows.last?.hasSuffix(",Lima,,") == true)
    }

    @Test func aBadCreatedTimeIsAProblemAtItsLineAndNothingIsImported() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        let json = """
            [
              {"_id":2,"_created":"2026-11-21T10:00:00.000Z","text":"fine"},
              {"_id":1,"_created":"2026-02-30T10:00:00.000Z","text":"Buy milk"}
            ]
            """
        let result = try CLIRunner.run(["records", "import", "todo", "-", "--db", db], stdin: json)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                stdin:3: field '_created': '2026-02-30T10:00:00.000Z' must be a real date; February 2026 has 28 days
                keyform: nothing imported: 1 problem in stdin

                """, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing stored")
    }

    /// An import is not capped at the 1 MiB of a form or answers file (it was
    /// cut there, and the record at the cut was "not closed"): 15,000 records in
    /// 1.1 MiB, from a file and from stdin, export as they went in.
    @Test func anImportLargerThanAFormFileIsReadWhole() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let records = (1...15_000).map {
            #"{"place":"Place number \#($0) with a longer name","tags":["Food"],"note":"n"}"#
        }
        let json = "[\n" + records.joined(separator: ",\n") + "\n]\n"
        #expect(json.utf8.count > 1 << 20)
        let file = folder.appendingPathComponent("big.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        for (source, stdin) in [(file.path, nil), ("-", json)] {
            let db = folder.appendingPathComponent("big\(stdin == nil ? 1 : 2).sqlite").path
            let imported = try CLIRunner.run(["records", "import", Self.vacation, source, "--db", db], stdin: stdin)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr == "imported 15000 records of 'vacation' into \(db)\n")
            let listed = try CLIRunner.run(
                ["records", "list", Self.vacation, "--format", "csv", "--limit", "1"],
                environment: ["KEYFORM_DB": db])
            #expect(
                listed.stdout.contains(",Place number ") && listed.stdout.contains(" with a longer name,Food,n"),
                "\(listed.stdout)")
        }
    }

    /// Issue 27: stdin and pipes are read as files are, from a copy in
    /// `$TMPDIR` that has no name (nothing is left there, however the import
    /// ends): piped, redirected from a file (mapped, not copied) and from a
    /// named pipe, the same records go in; a bad row is said at its line of stdin.
    @Test func stdinAndPipesImportAsFilesDoAndLeaveNoCopy() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spool = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let rows = "text,priority\n" + (1...5_000).map { "Task \($0),High\n" }.joined()
        try rows.write(to: folder.appendingPathComponent("tasks.csv"), atomically: true, encoding: .utf8)
        let ways = [
            "piped": #"cat "$W/tasks.csv" | "$K" records import todo - --db "$W/piped.sqlite""#,
            "redirected": #""$K" records import todo - --db "$W/redirected.sqlite" < "$W/tasks.csv""#,
            "named":
                #"mkfifo "$W/rows.csv" && { cat "$W/tasks.csv" > "$W/rows.csv" & "$K" records import todo "$W/rows.csv" --db "$W/named.sqlite"; }"#,
            "bad": #"{ cat "$W/tasks.csv"; echo "Swim,Urgent"; } | "$K" records import todo - --db "$W/bad.sqlite""#,
        ]
        for (way, script) in ways {
            let result = try Programs.run(
                "/bin/sh", ["-c", script],
                environment: [
                    "K": CLIRunner.binary.path, "W": folder.path, "TMPDIR": spool.path, "KEYFORM_CONFIG": "/dev/null",
                ])
            let db = folder.appendingPathComponent("\(way).sqlite").path
            if way == "bad" {
                #expect(result.status == 2, "\(result.stderr)")
                #expect(
                    result.stderr == "stdin:5002: field 'priority': must be one of: High, Medium, Low\n"
                        + "keyform: nothing imported: 1 problem in stdin\n", "\(result.stderr)")
                continue
            }
            #expect(result.status == 0, "\(way): \(result.stderr)")
            #expect(result.stderr == "imported 5000 records of 'todo' into \(db)\n", "\(way): \(result.stderr)")
            let last = try CLIRunner.run(["records", "list", "todo", "--format", "csv", "--limit", "1", "--db", db])
            #expect(last.stdout.contains("Task 5000,"), "\(way): \(last.stdout)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "no copy left in TMPDIR")
    }

    /// Issue 27: an import holds no records (467 MiB at 300,000): it checks every
    /// row keeping only where it is, then reads each again as it is stored, in
    /// one transaction. All or none still: a bad row after thousands of good ones
    /// stores nothing; fixed, every row is stored, in the file's order.
    @Test func aBadRowLateInALargeFileStoresNothing() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        let good = "text,priority\n" + (1...3_000).map { "Task \($0),High\n" }.joined()
        let file = folder.appendingPathComponent("tasks.csv")
        try (good + "Swim,Urgent\n").write(to: file, atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["records", "import", "todo", file.path, "--db", db])
        #expect(bad.status == 2)
        #expect(
            bad.stderr == "\(file.path):3002: field 'priority': must be one of: High, Medium, Low\n"
                + "keyform: nothing imported: 1 problem in \(file.path)\n", "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing stored, not even a database made")

        try good.write(to: file, atomically: true, encoding: .utf8)
        let imported = try CLIRunner.run(["records", "import", "todo", file.path, "--db", db])
        #expect(imported.stderr == "imported 3000 records of 'todo' into \(db)\n")
        let listed = try CLIRunner.run(["records", "list", "todo", "--format", "csv", "--db", db])
        let texts = listed.stdout.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",")[2] }
        #expect(texts.count == 3_000)
        #expect(
            texts.first == "Task 3000" && texts.last == "Task 1", "stored in the file's order: the last is the newest")
    }

    @Test func oneBadRowStoresNothingAndEveryProblemSaysWhere() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        let csv = "text,priority,done,due\nBuy milk,High,Complete,2026/11/21\nSwim,Urgent,no,tomorrow\n,Low,maybe,\n"
        let result = try CLIRunner.run(["records", "import", "todo", "-", "--db", db], stdin: csv)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                """
                stdin:3: field 'priority': must be one of: High, Medium, Low
                stdin:4: field 'text': required
                stdin:4: field 'done': must be In progress or Complete (or yes or no)
                keyform: nothing imported: 3 problems in stdin

                """), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing stored, not even a database made")

        let good = try CLIRunner.run(
            ["records", "import", "todo", "-", "--db", db], stdin: "text,due\nBuy milk,2026/11/21\n")
        #expect(good.status == 0, "\(good.stderr)")
        let listed = try CLIRunner.run(["records", "export", "todo", "--db", db])
        #expect(
            listed.stdout.contains(#""text":"Buy milk","priority":"Medium","done":false,"due":"2026-11-21""#),
            "\(listed.stdout)")
    }

    @Test func aFileIsReadByItsExtensionAndAMissingOneSaysSo() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("todo.json")
        try #""not a record""#.write(to: json, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["records", "import", "todo", json.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(json.path):1: expected a JSON array of records"), "\(result.stderr)")
        let missing = try CLIRunner.run(["records", "import", "todo", "/no/such.csv"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "keyform: /no/such.csv: no such file\n")
    }
}
