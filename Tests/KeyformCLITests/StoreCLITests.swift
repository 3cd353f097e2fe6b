import Foundation
import GRDB
import KeyformCore
import KeyformSQLite
import KeyformStore
import KeyformTestSupport
import Testing

/// The store through the command line, without a terminal: what `keyform run`
/// stores, what `keyform records` lists and exports, where the file is and how it
/// is protected, drafts with --resume and --fresh, `default: last`, and records
/// that cannot be stored (read-only, corrupt, foreign, no folder): printed,
/// rescued to a file, exit 3. What a person does with records runs on a
/// PostgreSQL server too (`StoreKind`).
@Suite struct StoreCLITests {
    /// The demo to-do form as the store sees it (for seeding drafts).
    static let todo = Form(
        name: "todo", pages: [.init(fields: ["text", "priority", "done", "due", "note"].map { Field(id: $0) })])

    // MARK: - Records stored by run, listed and exported

    @Test(arguments: StoreKind.allCases)
    func recordsStoredByRunAreListedNewestFirstAsTableJSONAndCSV(_ store: StoreKind) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = try store.location(in: cli.folder, named: "todo.sqlite")
        for answers in [
            #"{"text":"Buy milk","priority":"High","due":"2026-11-21"}"#,
            #"{"text":"Call Ann, re: \"trip\"","priority":"Low"}"#,
            #"{"text":"Swim","priority":"High","note":"400m"}"#,
        ] {
            let result = try cli.submit("todo", answers, database: db)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
        }

        let json = try cli.listed("todo", database: db)
        #expect(json.map { $0["text"] as? String } == ["Swim", #"Call Ann, re: "trip""#, "Buy milk"])
        #expect(json.map { $0["_id"] as? Int } == [3, 2, 1])
        for object in json {
            let created = try #require(object["_created"] as? String)
            #expect(created.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(created)")
            #expect(Set(object.keys) == ["_id", "_created", "text", "priority", "done", "due", "note"])
        }
        #expect(json[2]["due"] as? String == "2026-11-21")
        #expect(json[1]["due"] is NSNull)
        #expect(json[0]["done"] as? Bool == false)  // the default, stored as submitted
        #expect(json[0]["note"] as? String == "400m")

        let table = try cli.run(["records", "list", "todo"], database: db)
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("#  created"))
        #expect(lines[0].contains("Text") && lines[0].contains("Priority") && lines[0].contains("Due"))
        #expect(lines[2].hasPrefix("3  ") && lines[2].contains("Swim"))
        #expect(lines[3].hasPrefix("2  ") && lines[3].contains(#"Call Ann, re: "trip""#))
        #expect(lines[4].hasPrefix("1  ") && lines[4].contains("Buy milk") && lines[4].contains("2026-11-21"))
        // Issue 12: the status in the form's own words (`states`), not yes/no; JSON and CSV keep false.
        #expect(lines[0].contains("Status"))
        #expect(
            lines.dropFirst(2).allSatisfy { $0.contains("  In progress") && !$0.contains("  no  ") }, "\(table.stdout)")

        let csv = try cli.run(["records", "list", "todo", "--format", "csv"], database: db)
        #expect(csv.status == 0)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.count == 5 && rows[4] == "", "CRLF line ends, one row a record: \(rows)")
        #expect(rows[0] == "_id,_created,text,priority,done,due,note")
        #expect(rows[1].hasPrefix("3,") && rows[1].hasSuffix(",Swim,High,false,,400m"))
        #expect(rows[2].hasSuffix(#","Call Ann, re: ""trip""",Low,false,,"#))
        #expect(rows[3].hasSuffix(",Buy milk,High,false,2026-11-21,"))
    }

    /// Listing writes values from their bytes (issue 15); the escapes stay those of
    /// issue 14: JSON escapes controls, bidi and invisible characters and U+2028,
    /// keeps other text (Japanese, emoji with their joiner) as it is; CSV writes
    /// controls out and quotes a field holding `,`, `"` or a line break (LS too).
    @Test func listedValuesKeepTheirEscapes() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("todo.sqlite")
        let result = try cli.submit("todo", #"{"text":"first"}"#, database: db)
        #expect(result.status == 0, "\(result.stderr)")
        // Line breaks and controls cannot be typed or answered, but a database edited by hand may hold them.
        try DatabaseQueue(path: db).write { db in
            for data in [
                #"{"text":"日本語 👨\u200d👩\u200d👧 \u202eab\u2028c \u0085\u001b, \"q\"","priority":"Medium","done":false,"due":null,"note":"x\u2029y"}"#,
                #"{"text":"Café\u2028","priority":"Medium","done":false,"due":null,"note":"plain"}"#,
            ] {
                try db.execute(
                    sql: "INSERT INTO _record (form, created, updated, data) VALUES ('todo', ?, ?, ?)",
                    arguments: ["2026-11-24T00:00:00.000Z", "2026-11-24T00:00:00.000Z", data])
            }
        }
        let json = try cli.run(["records", "list", "todo", "--format", "json"], database: db)
        #expect(json.status == 0)
        let lines = json.stdout.split(separator: "\n")
        try #require(lines.count == 5, "\(json.stdout)")
        #expect(
            lines[1].hasSuffix(#""text":"Café\u2028","priority":"Medium","done":false,"due":null,"note":"plain"},"#),
            "\(lines[1])")
        #expect(
            lines[2].hasSuffix(
                #""text":"日本語 👨\#u{200D}👩\#u{200D}👧 \u202eab\u2028c \u0085\u001b, \"q\"","priority":"Medium","#
                    + #""done":false,"due":null,"note":"x\u2029y"},"#), "\(lines[2])")
        let csv = try cli.run(["records", "list", "todo", "--format", "csv"], database: db)
        let rows = csv.stdout.components(separatedBy: "\r\n")
        try #require(rows.count == 5, "\(csv.stdout)")
        #expect(rows[1].hasSuffix(",\"Café\u{2028}\",Medium,false,,plain"), "\(rows[1])")
        #expect(
            rows[2].hasSuffix(
                ",\"日本語 👨\u{200D}👩\u{200D}👧 \u{202E}ab\u{2028}c \\u{85}\\u{1B}, \"\"q\"\"\",Medium,false,,\"x\u{2029}y\""
            ),
            "\(rows[2])")
    }

    @Test(arguments: StoreKind.allCases)
    func whereAndLimitChooseRecordsNewestFirst(_ store: StoreKind) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = try store.location(in: cli.folder, named: "todo.sqlite")
        for (n, priority) in ["High", "Low", "High", "Medium", "High"].enumerated() {
            #expect(
                try cli.submit("todo", #"{"text":"task \#(n)","priority":"\#(priority)"}"#, database: db).status == 0)
        }
        let high = try cli.listed("todo", database: db, ["--where", "priority=High"])
        #expect(high.map { $0["text"] as? String } == ["task 4", "task 2", "task 0"])
        let two = try cli.listed("todo", database: db, ["--limit", "2"])
        #expect(two.map { $0["text"] as? String } == ["task 4", "task 3"])
        let both = try cli.listed("todo", database: db, ["--where", "priority=High", "--limit", "2"])
        #expect(both.map { $0["text"] as? String } == ["task 4", "task 2"])
        let twoFilters = try cli.listed("todo", database: db, ["--where", "priority=High", "--where", "text=task 2"])
        #expect(twoFilters.map { $0["text"] as? String } == ["task 2"])
        #expect(try cli.listed("todo", database: db, ["--where", "priority=Urgent"]).isEmpty)
        #expect(try cli.listed("todo", database: db, ["--limit", "0"]).isEmpty)

        let unknown = try cli.run(["records", "list", "todo", "--where", "prio=High"], database: db)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("prio"), "\(unknown.stderr)")
        let negative = try cli.run(["records", "list", "todo", "--limit", "-1"], database: db)
        #expect(negative.status == 2)
    }

    /// A `multiple` field prints and lists an array, and `null` when nothing was picked (never "").
    @Test(arguments: StoreKind.allCases)
    func aListFieldIsAnArrayOrNull(_ store: StoreKind) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = try store.location(in: cli.folder, named: "vacation.sqlite")
        let picked = try cli.submit("vacation", #"{"place":"Lisbon","tags":["Sunset","Food"]}"#, database: db)
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.stdout == #"{"place":"Lisbon","tags":["Sunset","Food"],"note":""}"# + "\n")
        let none = try cli.submit("vacation", #"{"place":"Porto"}"#, database: db)
        #expect(none.stdout == #"{"place":"Porto","tags":null,"note":""}"# + "\n")
        let listed = try cli.listed("vacation", database: db)
        #expect(listed.count == 2)
        #expect(listed[0]["tags"] is NSNull)
        #expect(listed[1]["tags"] as? [String] == ["Sunset", "Food"])
    }

    @Test(arguments: StoreKind.allCases)
    func exportWritesTheListToAFile(_ store: StoreKind) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = try store.location(in: cli.folder, named: "todo.sqlite")
        for text in ["one", "two, three"] {
            #expect(try cli.submit("todo", #"{"text":"\#(text)"}"#, database: db).status == 0)
        }
        for format in ["json", "csv", "table"] {
            let file = cli.path("out.\(format)")
            let exported = try cli.run(["records", "export", "todo", "--format", format, "-o", file], database: db)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout == "")
            #expect(exported.stderr == "keyform: wrote 2 records to \(file)\n")
            let listed = try cli.run(["records", "list", "todo", "--format", format], database: db)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == listed.stdout, "\(format)")
        }
        // JSON by default, to stdout without -o, --where and --limit as for list.
        let toStdout = try cli.run(["records", "export", "todo", "--where", "text=one", "--limit", "5"], database: db)
        #expect(toStdout.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(toStdout.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["text"] as? String } == ["one"])
        // A file that cannot be written is a clear error.
        let blocked = try cli.run(
            ["records", "export", "todo", "-o", cli.path("no/such/folder/out.json")], database: db)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.hasPrefix("keyform: cannot write"), "\(blocked.stderr)")
    }

    /// Forms whose files are named in other scripts keep their records apart (both
    /// were stored as 'form___'), and are listed by the file's name from a folder
    /// without the files.
    @Test func formsNamedInOtherScriptsKeepTheirRecordsApart() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("db.sqlite")
        let nippon = try cli.form("日本", "fields:\n  - id: note\n")
        let china = try cli.form("中国", "fields:\n  - id: note\n")
        #expect(try cli.submit(nippon, #"{"note":"東京"}"#, database: db).status == 0)
        #expect(try cli.submit(china, #"{"note":"北京"}"#, database: db).status == 0)
        #expect(try cli.listed(nippon, database: db).map { $0["note"] as? String } == ["東京"])
        #expect(try cli.listed(china, database: db).map { $0["note"] as? String } == ["北京"])
        #expect(
            try cli.listed("日本", database: db).map { $0["note"] as? String } == ["東京"],
            "by the file's name, no file here")
        #expect(
            try cli.listed("u65e5_u672c", database: db).map { $0["note"] as? String } == ["東京"], "by the stored name")
    }

    /// SPEC "Store": reading records needs no form file. Without it, the store's
    /// copy of the form's fields reads them as the file does: an empty date is
    /// null, not "", the table has the labels and the states' words, --where reads
    /// a date. The same bytes from a folder without todo.yaml as from one with it.
    @Test func recordsListedWithoutTheFormFileAreAsWithIt() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("db.sqlite")
        #expect(try cli.submit("todo", #"{"text":"Buy milk"}"#, database: db).status == 0)
        #expect(
            try cli.submit("todo", #"{"text":"Swim","priority":"High","done":true,"due":"2026-11-30"}"#, database: db)
                .status == 0)
        for more in [
            ["--format", "json"], ["--format", "csv"], [], ["--where", "due=2026-11-30", "--format", "json"],
            ["--where", "done=yes"], ["--where", "due=", "--format", "csv"],
        ] {
            let withFile = try cli.run(["records", "list", "todo"] + more, database: db)
            #expect(withFile.status == 0, "\(withFile.stderr)")
            let withoutFile = try listedWithoutTheFile(cli, ["records", "list", "todo"] + more, database: db)
            #expect(withoutFile.status == 0, "\(withoutFile.stderr)")
            #expect(withoutFile.stdout == withFile.stdout, "records list todo \(more.joined(separator: " "))")
        }
        let json = try cli.run(["records", "list", "todo", "--format", "json"], database: db).stdout
        #expect(json.contains(#""text":"Buy milk","priority":"Medium","done":false,"due":null,"note":""}"#), "\(json)")
        let table = try cli.run(["records", "list", "todo", "--where", "done=yes"], database: db).stdout
        #expect(table.contains("Status") && table.contains("Complete"), "labels and states' words: \(table)")
    }

    /// `keyform ARGS` from the test's folder: no forms/ or demo/ there, and no per-user forms folder.
    func listedWithoutTheFile(_ cli: StoreCLI, _ arguments: [String], database: String) throws -> CLIRunner.Result {
        try CLIRunner.run(
            arguments, in: cli.folder,
            environment: [
                "KEYFORM_DB": database, "HOME": cli.folder.path, "XDG_CONFIG_HOME": cli.folder.path,
                "KEYFORM_FORMS": "",
            ])
    }

    /// A database made by the version before the store kept form definitions
    /// (no `_form`): records list reads it, guessing the fields from the records
    /// as that version did, and writes nothing to it. The next run migrates it,
    /// and its record brings the form's definition.
    @Test func aDatabaseFromBeforeFormDefinitionsIsReadWithoutBeingWritten() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("old.sqlite")
        #expect(try cli.submit("todo", #"{"text":"Buy milk"}"#, database: db).status == 0)
        do {
            let queue = try DatabaseQueue(path: db)
            try queue.write { db in
                try db.execute(sql: "DROP TABLE _form")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2: form definitions'")
            }
            try queue.close()
        }
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "closed cleanly: all in the main file")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let withFile = try cli.run(["records", "list", "todo", "--format", "json"], database: db)
        #expect(withFile.status == 0, "\(withFile.stderr)")
        #expect(withFile.stdout.contains(#""due":null"#), "\(withFile.stdout)")
        let guessed = try listedWithoutTheFile(cli, ["records", "list", "todo", "--format", "json"], database: db)
        #expect(guessed.status == 0, "\(guessed.stderr)")
        #expect(
            guessed.stdout.contains(#""text":"Buy milk","priority":"Medium","done":false,"due":"","note":""}"#),
            "the fields guessed from the values: \(guessed.stdout)")
        #expect(try listedWithoutTheFile(cli, ["records", "list", "todo"], database: db).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "reading left the old file as it was")

        #expect(try cli.submit("todo", #"{"text":"Swim"}"#, database: db).status == 0)
        let withFileNow = try cli.run(["records", "list", "todo", "--format", "json"], database: db)
        #expect(
            try listedWithoutTheFile(cli, ["records", "list", "todo", "--format", "json"], database: db).stdout
                == withFileNow.stdout)
    }

    /// A database with no records yet (an empty file, as SQLite makes one) lists
    /// nothing; one that does not exist is an error (`listingBeforeAnythingIsStoredCreatesNothing`).
    @Test func anEmptyStoreListsNothing() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: db, contents: nil))
        #expect(try cli.listed("todo", database: db).isEmpty)
        let table = try cli.run(["records", "list", "todo"], database: db)
        #expect(table.stdout == "(no records of 'todo')\n")
        let csv = try cli.run(["records", "list", "todo", "--format", "csv"], database: db)
        #expect(csv.stdout == "_id,_created,text,priority,done,due,note\r\n")
    }

    // MARK: - Where the file is

    @Test func noStoreStoresNothing() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("data/keyform.sqlite")
        let result = try cli.submit("todo", #"{"text":"Ephemeral"}"#, database: db, ["--no-store"])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"text":"Ephemeral","priority":"Medium","done":false,"due":null,"note":""}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("data")), "--no-store must not even create the folder")
        // And nothing about an existing store is touched: no record, no draft used or removed.
        #expect(try cli.submit("todo", #"{"text":"Kept"}"#, database: db).status == 0)
        try AppDatabase.open(path: db).saveDraft(form: Self.todo, values: ["text": "draft"], focus: "text")
        #expect(try cli.submit("todo", #"{"text":"Again"}"#, database: db, ["--no-store", "--resume"]).status == 0)
        #expect(try cli.listed("todo", database: db).map { $0["text"] as? String } == ["Kept"])
        #expect(try AppDatabase.open(path: db).draft(form: Self.todo)?.values["text"] == "draft")

        let both = try cli.run(["run", "todo", "--db", db, "--no-store", "--answers", "-"], stdin: "{}")
        #expect(both.status == 2)
        #expect(both.stderr.contains("contradict"))
    }

    @Test func dbPathWinsOverKEYFORM_DBAndCreatesFolders0700AndTheFile0600() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let other = cli.path("env.sqlite")
        let trips = cli.path("trips")
        try FileManager.default.createDirectory(
            atPath: trips, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o750])
        let db = trips + "/lisbon/2026/keyform.sqlite"
        // A permissive umask must not make the store readable by others.
        let sh = try #require(Programs.find("sh"))
        let result = try Programs.run(
            sh,
            [
                "-c", #"umask 000; exec "$0" "$@""#, CLIRunner.binary.path,
                "run", "todo", "--db", db, "--answers", "-",
            ],
            stdin: #"{"text":"Pack"}"#, environment: ["KEYFORM_DB": other])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try mode(trips + "/lisbon") == 0o700)
        #expect(try mode(trips + "/lisbon/2026") == 0o700)
        #expect(try mode(db) == 0o600)
        #expect(try mode(trips) == 0o750, "a folder that exists is left as it is")
        #expect(!FileManager.default.fileExists(atPath: other), "--db wins over KEYFORM_DB")
        #expect(try cli.listed("todo", database: db).map { $0["text"] as? String } == ["Pack"])
        // KEYFORM_DB is used when there is no --db.
        #expect(try cli.submit("todo", #"{"text":"Env"}"#, database: other).status == 0)
        #expect(try mode(other) == 0o600)
        #expect(try cli.listed("todo", database: other).map { $0["text"] as? String } == ["Env"])
        // An existing file keeps its mode.
        #expect(chmod(other, 0o640) == 0)
        #expect(try cli.submit("todo", #"{"text":"Env 2"}"#, database: other).status == 0)
        #expect(try mode(other) == 0o640)
    }

    @Test func xdgDataHomeIsTheDefaultPlace() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let data = cli.path("xdg")
        let result = try cli.run(
            ["run", "todo", "--answers", "-"], stdin: #"{"text":"XDG"}"#,
            environment: ["KEYFORM_DB": "", "XDG_DATA_HOME": data])
        #expect(result.status == 0, "\(result.stderr)")
        let db = data + "/keyform/keyform.sqlite"
        #expect(try mode(data + "/keyform") == 0o700)
        #expect(try cli.listed("todo", database: db).map { $0["text"] as? String } == ["XDG"])
    }

    /// The form's view reads without Keyform: one column per field, SQL types.
    @Test func theViewReadsWithPlainSQL() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("view.sqlite")
        let form = try cli.form(
            "swim",
            """
            name: swim
            fields:
              - id: stroke
              - id: metres
                type: integer
              - id: minutes
                type: number
              - id: day
                type: date
              - id: race
                type: boolean
            """)
        #expect(
            try cli.submit(
                form, #"{"stroke":"Crawl","metres":400,"minutes":"7.5","day":"2026-11-21","race":"yes"}"#, database: db
            ).status == 0)
        #expect(try cli.submit(form, #"{"stroke":"Back","metres":"100"}"#, database: db).status == 0)
        let query =
            "SELECT _id, stroke, metres, typeof(metres), minutes, typeof(minutes), day, race, typeof(race) FROM swim ORDER BY _id"
        let expected = [
            "1|Crawl|400|integer|7.5|real|2026-11-21|1|integer",
            "2|Back|100|integer||null|||null",
        ]
        if let sqlite3 = Programs.find("sqlite3") {
            let output = try Programs.run(sqlite3, [db, query])
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout.split(separator: "\n").map(String.init) == expected)
        } else {
            // No sqlite3 here: the same query through GRDB on the system SQLite.
            let queue = try DatabaseQueue(path: db)
            let rows = try queue.read { try Row.fetchAll($0, sql: query) }
            let lines = rows.map { row in
                row.databaseValues.map { value in value.isNull ? "" : value.description.trimmingCharacters(in: ["\""]) }
                    .joined(separator: "|")
            }
            #expect(lines == expected)
        }
    }

    // MARK: - Drafts without a terminal

    @Test func resumeFillsAbsentAnswersFromTheDraftAndRemovesIt() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("drafts.sqlite")
        try AppDatabase.open(path: db).saveDraft(
            form: Self.todo,
            values: ["text": "From the draft", "priority": "High", "due": "2026-12-01", "note": "drafted"], focus: "due"
        )
        // Answers win over the draft; absent ones (and "", no answer) come from it.
        let result = try cli.submit(
            "todo", #"{"priority":"Low","note":"answered","due":""}"#, database: db, ["--resume"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == #"{"text":"From the draft","priority":"Low","done":false,"due":"2026-12-01","note":"answered"}"#
                + "\n")
        #expect(try AppDatabase.open(path: db).draft(form: Self.todo) == nil, "a submitted form's draft is removed")
        #expect(try cli.listed("todo", database: db).map { $0["text"] as? String } == ["From the draft"])
        // --resume without a draft is no error.
        #expect(try cli.submit("todo", #"{"text":"No draft"}"#, database: db, ["--resume"]).status == 0)
    }

    @Test func aDraftIsValidatedLikeAnswers() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("drafts.sqlite")
        // A draft holds text as typed, valid or not yet.
        try AppDatabase.open(path: db).saveDraft(
            form: Self.todo, values: ["text": "Half", "due": "2026-1"], focus: "due")
        let result = try cli.submit("todo", "{}", database: db, ["--resume"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("field 'due'"), "\(result.stderr)")
        #expect(
            try AppDatabase.open(path: db).draft(form: Self.todo)?.values["text"] == "Half",
            "nothing submitted: the draft stays")
    }

    @Test func withoutResumeHeadlessIgnoresTheDraftAndKeepsIt() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("drafts.sqlite")
        try AppDatabase.open(path: db).saveDraft(
            form: Self.todo, values: ["text": "Someone typing", "due": "2026-12-01"], focus: "due")
        // Nothing is asked without a terminal, and the draft is not used...
        let missing = try cli.submit("todo", "{}", database: db)
        #expect(missing.status == 2)
        #expect(missing.stderr == "keyform: field 'text': required\n")
        let result = try cli.submit("todo", #"{"text":"Scripted"}"#, database: db)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"text":"Scripted","priority":"Medium","done":false,"due":null,"note":""}"# + "\n")
        // ...nor removed: it is someone's unfinished form, not the one just submitted.
        let draft = try AppDatabase.open(path: db).draft(form: Self.todo)
        #expect(draft?.values["text"] == "Someone typing")
        #expect(draft?.focus == "due")
    }

    @Test func freshDeletesTheDraft() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("drafts.sqlite")
        try AppDatabase.open(path: db).saveDraft(
            form: Self.todo, values: ["text": "Old", "note": "old note"], focus: "note")
        let result = try cli.submit("todo", #"{"text":"New"}"#, database: db, ["--fresh"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""note":"""#), "the draft's values are not used")
        #expect(try AppDatabase.open(path: db).draft(form: Self.todo) == nil)

        let both = try cli.submit("todo", "{}", database: db, ["--resume", "--fresh"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("contradict"))
    }

    @Test func draftsArePerFormAndPerDatabase() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let (a, b) = (cli.path("a.sqlite"), cli.path("b.sqlite"))
        let other = Form(name: "other", pages: [.init(fields: [Field(id: "text")])])
        try AppDatabase.open(path: a).saveDraft(form: Self.todo, values: ["text": "in a"], focus: "text")
        try AppDatabase.open(path: a).saveDraft(form: other, values: ["text": "other form"], focus: "text")
        let fromB = try cli.submit("todo", "{}", database: b, ["--resume"])
        #expect(fromB.status == 2, "b has no draft")
        let fromA = try cli.submit("todo", "{}", database: a, ["--resume"])
        #expect(fromA.status == 0)
        #expect(fromA.stdout.hasPrefix(#"{"text":"in a""#))
        #expect(
            try AppDatabase.open(path: a).draft(form: other)?.values["text"] == "other form",
            "another form's draft is left alone")
    }

    // MARK: - default: last

    @Test(arguments: StoreKind.allCases)
    func defaultLastRepeatsTheLastRecordsValue(_ store: StoreKind) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = try store.location(in: cli.folder, named: "last.sqlite")
        let form = try cli.form(
            "swimlog",
            """
            name: swimlog
            fields:
              - id: pool
                default: last
              - id: lengths
                type: integer
                default: last
              - id: note
            """)
        func run(_ answers: String) throws -> String {
            let result = try cli.submit(form, answers, database: db)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try run("{}") == #"{"pool":"","lengths":null,"note":""}"# + "\n", "no record yet: empty")
        #expect(
            try run(#"{"pool":"Lisbon","lengths":40,"note":"cold"}"#)
                == #"{"pool":"Lisbon","lengths":40,"note":"cold"}"# + "\n")
        #expect(try run("{}") == #"{"pool":"Lisbon","lengths":40,"note":""}"# + "\n", "note has no default: last")
        #expect(try run(#"{"pool":"Porto"}"#) == #"{"pool":"Porto","lengths":40,"note":""}"# + "\n")
        #expect(
            try run(#"{"lengths":""}"#) == #"{"pool":"Porto","lengths":40,"note":""}"# + "\n",
            #""" means no answer: the default"#)
        // --no-store reads nothing either: no last value.
        let unstored = try cli.submit(form, "{}", database: db, ["--no-store"])
        #expect(unstored.stdout == #"{"pool":"","lengths":null,"note":""}"# + "\n")
    }

    // MARK: - Records that cannot be stored

    /// Runs `keyform run` on `database` and checks what a failed store must do:
    /// exit 3, the record on stdout, a message that names the problem and the
    /// rescue file, and the rescue file holding the record. Returns stderr.
    @discardableResult
    func expectRescued(
        _ cli: StoreCLI, database: String, because reason: String, asUser launcher: [String] = [],
        rescueFolder: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> String {
        let record = #"{"text":"Precious","priority":"High","done":false,"due":"2026-11-21","note":""}"#
        // A copy of the form beside the database: as root the run is `nobody`'s, who may
        // not be able to read the package (a clone in a 0700 folder).
        let form = cli.folder.appendingPathComponent("todo.yaml")
        if !FileManager.default.fileExists(atPath: form.path) {
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml"), to: form)
        }
        let arguments = ["run", form.path, "--db", database, "--answers", "-"]
        let environment = ["TMPDIR": rescueFolder ?? cli.folder.path]
        let result: Programs.Output
        if launcher.isEmpty {
            result = try Programs.run(
                CLIRunner.binary.path, arguments, stdin: #"{"text":"Precious","priority":"High","due":"2026-11-21"}"#,
                environment: environment)
        } else {
            result = try Programs.run(
                launcher[0], Array(launcher.dropFirst()) + [CLIRunner.binary.path] + arguments,
                stdin: #"{"text":"Precious","priority":"High","due":"2026-11-21"}"#, environment: environment)
        }
        #expect(result.status == 3, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == record + "\n", sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("keyform: the record was NOT stored: "), "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stderr.contains(reason), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Nothing is lost"), sourceLocation: sourceLocation)
        #expect(
            !result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"),
            sourceLocation: sourceLocation)
        let rescued = try #require(
            rescuePath(in: result.stderr), "the message names the rescue file: \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            rescued.hasPrefix((rescueFolder ?? cli.folder.path) + "/"), "\(rescued)", sourceLocation: sourceLocation)
        // The record as printed, after the failed save's token (`_token`, a uuid: what import skips when stored).
        let saved = try String(contentsOfFile: rescued, encoding: .utf8).trimmingCharacters(in: .newlines)
        let token = #/^\{"_token":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",/#
        #expect(saved.replacing(token, with: "{", maxReplacements: 1) == record, sourceLocation: sourceLocation)
        #expect(saved.firstMatch(of: token) != nil, "\(saved)", sourceLocation: sourceLocation)
        #expect(try mode(rescued) == 0o600, "a record is private", sourceLocation: sourceLocation)
        return result.stderr
    }

    /// A PostgreSQL server that is not there: the record is printed and rescued
    /// (exit 3) as for an unwritable file, the message saying what to check; once a
    /// server is there, `records import` of the rescue file puts the record in.
    @Test(.enabled(if: TestPostgres.url != nil, Comment(rawValue: TestPostgres.skipped)))
    func aServerThatIsDownRescuesTheRecordAndImportPutsItIn() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        // No server's socket in the test's own folder.
        let down = "postgres://keyform:s3cret@/keyform?host=\(cli.folder.path)"
        let stderr = try expectRescued(
            cli, database: down, because: "cannot reach the database server of 'postgres://keyform@/keyform?host=")
        #expect(stderr.contains("no server socket at \(cli.folder.path)/.s.PGSQL.5432"), "\(stderr)")
        #expect(!stderr.contains("s3cret"), "never the password")
        let rescued = try #require(rescuePath(in: stderr))
        let db = try StoreKind.postgres.location(in: cli.folder)
        let imported = try cli.run(["records", "import", cli.path("todo.yaml"), rescued, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try cli.listed(cli.path("todo.yaml"), database: db)
        #expect(listed.map { $0["text"] as? String } == ["Precious"])
        #expect(listed.map { $0["due"] as? String } == ["2026-11-21"])
    }

    /// As root, the command that runs keyform as `nobody` (root ignores file modes);
    /// as anyone else, none.
    func asNobody() throws -> [String] {
        guard Programs.isRoot else { return [] }
        let setpriv = try #require(
            Programs.find("setpriv"), "as root, this test runs keyform as nobody with setpriv (util-linux)")
        let launcher = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
        let probe = try Programs.run(launcher[0], Array(launcher.dropFirst()) + [CLIRunner.binary.path, "--help"])
        try #require(
            probe.status == 0,
            """
            as root, this test runs keyform as nobody, who cannot run \(CLIRunner.binary.path) here \
            (a folder on the way, or the Swift runtime's, is not readable by others): \(probe.stderr)
            """)
        return launcher
    }

    /// A database file that cannot be written to. Root ignores file modes, so as
    /// root the binary runs as `nobody` (setpriv) on a file `nobody` owns with
    /// mode 0400; as anyone else, mode 0400 is enough.
    @Test func aReadOnlyDatabase() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let folder = cli.path("ro")
        let db = folder + "/keyform.sqlite"
        #expect(try cli.submit("todo", #"{"text":"Before"}"#, database: db).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: db)
        var launcher: [String] = []
        var rescueFolder: String?
        if Programs.isRoot {
            launcher = try asNobody()
            let rescue = cli.path("rescue")
            try FileManager.default.createDirectory(atPath: rescue, withIntermediateDirectories: true)
            for path in [folder, db, rescue] {
                #expect(chown(path, 65534, 65534) == 0, "chown \(path)")
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.folder.path)
            rescueFolder = rescue
        }
        let stderr = try expectRescued(
            cli, database: db, because: "read-only", asUser: launcher, rescueFolder: rescueFolder)
        #expect(stderr.contains(db))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: db)
        #expect(
            try cli.listed("todo", database: db).map { $0["text"] as? String } == ["Before"], "the file is as it was")
    }

    @Test func aCorruptDatabase() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("corrupt.sqlite")
        #expect(try cli.submit("todo", #"{"text":"Before"}"#, database: db).status == 0)
        // Damage the records table's first page (its b-tree root).
        let (root, pageSize) = try DatabaseQueue(path: db).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = '_record'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "closed cleanly: all in the main file")
        let file = try #require(FileHandle(forUpdatingAtPath: db))
        try file.seek(toOffset: UInt64((root - 1) * pageSize))
        file.write(Data(repeating: 0x5A, count: pageSize))
        try file.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: db))

        let stderr = try expectRescued(cli, database: db, because: "is damaged")
        #expect(stderr.contains(".recover"), "it says how to recover: \(stderr)")
        // records list says so too, as a store error (1), not bad usage.
        let listed = try cli.run(["records", "list", "todo"], database: db)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("is damaged"), "\(listed.stderr)")
        // Neither command changed the file it called damaged.
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == damaged, "the damaged file is as it was")
    }

    /// Damage on a records page that no write touches (`integrity_check`: "On tree
    /// page N cell K: Extends off end of page"): `run --answers` and `records import`
    /// stored into it with 0 and changed the file; `records list` then called it
    /// damaged. Now the first write of a process looks first: the record is
    /// rescued, nothing is imported, the file stays as it was.
    @Test func damageOnARecordsPageNoWriteTouchesIsFoundBeforeWriting() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("damaged.sqlite")
        #expect(try cli.submit("todo", #"{"text":"Before"}"#, database: db).status == 0)
        let queue = try DatabaseQueue(path: db)
        let (rootPage, pageSize) = try queue.write { db -> (Int, Int) in
            // Enough records for the table to be a tree: an interior root over several leaves.
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                    INSERT INTO _record (form, created, updated, data)
                    SELECT 'todo', '2026-11-21T10:00:00.000Z', '2026-11-21T10:00:00.000Z',
                           json_object('text', printf('record %d %.200c', i, 'x')) FROM n
                    """)
            return (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = '_record'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        try queue.close()
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "closed cleanly: all in the main file")
        let file = try #require(FileHandle(forUpdatingAtPath: db))
        func page(_ number: Int) throws -> [UInt8] {
            try file.seek(toOffset: UInt64((number - 1) * pageSize))
            return Array(try #require(try file.read(upToCount: pageSize)))
        }
        // The root is an interior table page (0x05); its first cell starts with the leftmost leaf's number.
        let root = try page(rootPage)
        try #require(root[0] == 0x05, "the records table has more than one page")
        let cell = Int(root[12]) << 8 | Int(root[13])
        let leftmost = root[cell..<cell + 4].reduce(0) { $0 << 8 | Int($1) }
        let rightmost = root[8..<12].reduce(0) { $0 << 8 | Int($1) }
        #expect(leftmost != rightmost, "new records go to the rightmost leaf, never to this one")
        // The leftmost leaf (0x0D): the payload size of its cell nearest the page's end (a two-byte
        // varint, ~250 bytes) made ~2,000 bytes, which run past the end of the page.
        let leaf = try page(leftmost)
        try #require(leaf[0] == 0x0D)
        let cells = (0..<(Int(leaf[3]) << 8 | Int(leaf[4]))).map { Int(leaf[8 + 2 * $0]) << 8 | Int(leaf[9 + 2 * $0]) }
        let last = try #require(cells.indices.max { cells[$0] < cells[$1] })
        try #require(
            leaf[cells[last]] & 0x80 != 0 && cells[last] + 1_920 > pageSize, "a two-byte size, near the end of the page"
        )
        try file.seek(toOffset: UInt64((leftmost - 1) * pageSize + cells[last]))
        file.write(Data([0x8F]))
        try file.close()
        let finding = "On tree page \(leftmost) cell \(last): Extends off end of page"
        let check = try DatabaseQueue(path: db).read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        #expect(check.first?.contains(finding) == true, "\(check)")
        let damaged = try Data(contentsOf: URL(fileURLWithPath: db))

        let stderr = try expectRescued(cli, database: db, because: "is damaged")
        #expect(stderr.contains("(\(finding)"), "SQLite's finding: \(stderr)")
        #expect(stderr.contains(".recover"), "it says how to recover: \(stderr)")
        let imported = try cli.run(["records", "import", "todo", "-"], stdin: #"[{"text":"Imported"}]"#, database: db)
        #expect(imported.status == 1, "\(imported.stderr)")
        #expect(imported.stderr.contains("is damaged"), "\(imported.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == damaged, "the damaged file is as it was")
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: db + "-wal"))) ?? Data()
        #expect(wal.isEmpty, "nothing waits in the WAL either")
    }

    @Test func aFileThatIsNotADatabase() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("notes.txt")
        let bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try bytes.write(to: URL(fileURLWithPath: db))
        try expectRescued(cli, database: db, because: "is not a Keyform database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes, "left as it was")
        let listed = try cli.run(["records", "list", "todo"], database: db)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("is not a Keyform database"))
    }

    @Test func anotherProgramsDatabase() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("foreign.sqlite")
        do {
            let queue = try DatabaseQueue(path: db)
            try queue.write { try $0.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')") }
            try queue.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        try expectRescued(cli, database: db, because: "another program's database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "Keyform changes nothing in it")
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
    }

    @Test func aFolderThatCannotBeCreated() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try Data("a file".utf8).write(to: URL(fileURLWithPath: cli.path("afile")))
        let stderr = try expectRescued(
            cli, database: cli.path("afile/data/keyform.sqlite"), because: "cannot create the folder")
        #expect(stderr.contains("a part of the path is a file"), "\(stderr)")
    }

    @Test func aFolderWithoutPermission() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let locked = cli.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        var launcher: [String] = []
        var rescueFolder: String?
        if Programs.isRoot {
            launcher = try asNobody()
            let rescue = cli.path("rescue")
            try FileManager.default.createDirectory(atPath: rescue, withIntermediateDirectories: true)
            #expect(chown(rescue, 65534, 65534) == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.folder.path)
            rescueFolder = rescue
        }
        let stderr = try expectRescued(
            cli, database: locked + "/sub/keyform.sqlite", because: "cannot create the folder",
            asUser: launcher, rescueFolder: rescueFolder)
        #expect(stderr.contains("permission denied"), "\(stderr)")
    }

    /// Processes that fail at the same moment each rescue their own record.
    @Test func rescuesAtOnceDoNotOverwriteEachOther() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        try Data("not a database, not at all".utf8).write(to: URL(fileURLWithPath: cli.path("bad.sqlite")))
        let results = ManagedResults(count: 6)
        DispatchQueue.concurrentPerform(iterations: 6) { n in
            results.set(
                n,
                try? Programs.run(
                    CLIRunner.binary.path, ["run", "todo", "--db", cli.path("bad.sqlite"), "--answers", "-"],
                    stdin: #"{"text":"run \#(n)"}"#, environment: ["TMPDIR": cli.folder.path]))
        }
        var rescued: Set<String> = []
        for n in 0..<6 {
            let result = try #require(results.get(n))
            #expect(result.status == 3)
            let path = try #require(rescuePath(in: result.stderr))
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""text":"run \#(n)""#))
            rescued.insert(path)
        }
        #expect(rescued.count == 6)
    }
}

/// Results filled in by concurrent work, one slot each.
final class ManagedResults: @unchecked Sendable {
    private var slots: [Programs.Output?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Programs.Output?) { lock.withLock { slots[index] = value } }
    func get(_ index: Int) -> Programs.Output? { lock.withLock { slots[index] } }
}
