import Foundation
import KeyformCore
import KeyformSQLite
import KeyformStore
import Testing

@testable import KeyformCLI

/// `keyform run` without a terminal: answers in, the record out, every exit status.
@Suite struct RunCLITests {
    @Test func answersJSONInTypedJSONOut() throws {
        let result = try CLIRunner.run(
            ["run", "demo/todo.yaml", "--answers", "-"],
            stdin: #"{"text":"Buy milk","priority":"High","due":"2026/11/21"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == #"{"text":"Buy milk","priority":"High","done":false,"due":"2026-11-21","note":""}"# + "\n")
        #expect(result.stderr == "")
    }

    @Test func anEmptyRequiredFieldExits2WithTheSpecLine() throws {
        let result = try CLIRunner.run(
            ["run", "demo/todo.yaml", "--answers", "-"], stdin: #"{"text":"","priority":"High"}"#)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "keyform: field 'text': required\n")
    }

    @Test func everyProblemIsReportedOneLineEach() throws {
        let result = try CLIRunner.run(
            ["run", "todo", "--answers", "-"], stdin: #"{"priority":"Urgent","due":"someday","note":"a@b"}"#)
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                keyform: field 'text': required
                keyform: field 'priority': must be one of: High, Medium, Low
                keyform: field 'due': must be a date: 2026-11-21, today, yesterday or tomorrow
                keyform: field 'note': must match the pattern ^[^@]*$

                """)
    }

    @Test func unknownIdsWrongTypesAndMalformedJSONAreClearErrors() throws {
        let unknown = try CLIRunner.run(["run", "todo", "--answers", "-"], stdin: #"{"text":"x","prio":"High"}"#)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown field 'prio'; did you mean 'priority'?"))
        let wrongType = try CLIRunner.run(["run", "todo", "--answers", "-"], stdin: #"{"text":["a"]}"#)
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.contains("field 'text'"))
        let malformed = try CLIRunner.run(["run", "todo", "--answers", "-"], stdin: #"{"text": "x",}"#)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.hasPrefix("keyform: answers: "))
        let newline = try CLIRunner.run(["run", "todo", "--answers", "-"], stdin: #"{"text":"two\nlines"}"#)
        #expect(newline.status == 2)
        #expect(newline.stderr == "keyform: field 'text': must be one line\n")
        #expect([unknown, wrongType, malformed, newline].allSatisfy { $0.stdout.isEmpty })
    }

    @Test func stdinLinesInFieldOrderWithDefaultsForEmptyLines() throws {
        let result = try CLIRunner.run(
            ["run", "todo", "--format", "env"], stdin: "Buy milk\n\n\n2026-11-21\nit's fine\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                text='Buy milk'
                priority='Medium'
                done='no'
                due='2026-11-21'
                note='it'\\''s fine'

                """)
    }

    @Test func stdinLinesFromAWindowsEditorLoseTheirByteOrderMark() throws {
        let result = try CLIRunner.run(["run", "todo", "--no-store"], stdin: "\u{FEFF}Buy milk\r\nHigh\r\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"text":"Buy milk","priority":"High","done":false,"due":null,"note":""}"# + "\n")
    }

    @Test func templateFormat() throws {
        let result = try CLIRunner.run(
            ["run", "todo", "--format", "template"], stdin: "Call Tom & Jerry\nHigh\n\n2026-11-21\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026-11-21 Call Tom & Jerry [High]\n")
    }

    @Test func japaneseFormTemplate() throws {
        let result = try CLIRunner.run(["run", "japanese", "--format", "template"], stdin: "牛乳を買う\n高\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "牛乳を買う（高）\n")
    }

    @Test func aPagedFormWithAnIntegerAndADateDefault() throws {
        let result = try CLIRunner.run(
            ["run", "demo/swim.yaml", "--answers", "-"],
            stdin: #"{"date":"2026-11-21","stroke":"Freestyle","distance":400,"effort":"Easy"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == #"{"date":"2026-11-21","stroke":"Freestyle","distance":400,"effort":"Easy","note":""}"#
                + "\n")
    }

    @Test func anAnswersFileThatDoesNotExist() throws {
        let result = try CLIRunner.run(["run", "todo", "--answers", "/no/such/answers.json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("keyform: answers file /no/such/answers.json: "))
    }

    @Test func anUnknownFormIsBadUsage() throws {
        let result = try CLIRunner.run(
            ["run", "nope"], stdin: "", environment: ["XDG_CONFIG_HOME": "/no/config", "KEYFORM_FORMS": ""])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "keyform: form 'nope' not found; looked in: forms/nope.yaml, demo/nope.yaml, /no/config/keyform/forms/nope.yaml; "
                + "run needs the form's file to show the form: give its path, or set KEYFORM_FORMS to its folder\n")
    }

    /// In Japanese (`KEYFORM_LANG=ja`): a form not found, and a prompt without a terminal.
    @Test func theCommandLinesErrorsInJapanese() throws {
        let result = try CLIRunner.run(
            ["run", "nope"], stdin: "",
            environment: ["XDG_CONFIG_HOME": "/no/config", "KEYFORM_FORMS": "", "KEYFORM_LANG": "ja"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "keyform: フォーム 'nope' が見つかりません。探した場所: forms/nope.yaml, demo/nope.yaml, /no/config/keyform/forms/nope.yaml。"
                + "run はフォームを表示するためにそのファイルが必要です。パスを指定するか、KEYFORM_FORMS にそのフォルダを設定してください\n", "\(result.stderr)")
        let input = try CLIRunner.run(["input"], environment: ["KEYFORM_LANG": "ja"])
        #expect(input.status == 2)
        #expect(
            input.stderr.hasPrefix("keyform: 端末を使えません（")
                && input.stderr.hasSuffix("）。端末なしで答えるには --value VALUE を指定してください\n"),
            "\(input.stderr)")
    }

    /// A path is looked for as it is: the error names it, not NAME.yaml in each folder of names.
    @Test func aFormPathThatDoesNotExistIsNamedAsGiven() throws {
        let result = try CLIRunner.run(
            ["run", "/no/such/form.yaml"], stdin: "",
            environment: ["XDG_CONFIG_HOME": "/no/config", "KEYFORM_FORMS": ""])
        #expect(result.status == 2)
        #expect(result.stderr == "keyform: form '/no/such/form.yaml' not found; looked in: /no/such/form.yaml\n")
        let preview = try CLIRunner.run(["form", "preview", "forms/nope.yaml"])
        #expect(preview.stderr == "keyform: form 'forms/nope.yaml' not found; looked in: forms/nope.yaml\n")
    }

    /// A server's URL is no file: a server that is not there is said (the record
    /// rescued, exit 3; a reader exits 1), never made into a folder named after it.
    /// `keyform` hands the URL over to keyform-postgres beside it, which says so.
    @Test func aPostgresURLIsNeverMadeIntoALocalFile() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The rescued record goes to a folder of the test's own, not the machine's /tmp.
        let rescues = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: rescues) }
        let url = "postgres://u@127.0.0.1:1/db?sslmode=disable"
        let run = try CLIRunner.run(
            ["run", CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path, "--db", url],
            stdin: "Buy milk\n", in: folder, environment: ["TMPDIR": rescues.path])
        let list = try CLIRunner.run(["records", "list", "todo"], in: folder, environment: ["KEYFORM_DB": url])
        let reason =
            "cannot reach the database server of '\(url)': nothing answers at 127.0.0.1:1 (connection refused). "
            + "Check that the server is running and that the location's host and port (or socket) are right."
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stdout.hasPrefix(#"{"text":"Buy milk""#))
        #expect(run.stderr.hasPrefix("keyform: the record was NOT stored: " + reason), "\(run.stderr)")
        #expect(list.status == 1)
        #expect(list.stderr == "keyform: " + reason + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "no postgres: folder")
        let rescued = try FileManager.default.contentsOfDirectory(atPath: rescues.path)
        #expect(rescued.count == 1 && rescued[0].hasPrefix("keyform-rescued-todo-"), "\(rescued)")
    }

    /// `keyform` without keyform-postgres beside it refuses a server's location
    /// before anything is read or drawn (exit 2), saying what to install; a
    /// SQLite location works as ever.
    @Test func withoutKeyformPostgresAServerIsRefusedClearly() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("keyform")
        try FileManager.default.copyItem(at: CLIRunner.binary, to: alone)
        let url = "postgres://u@127.0.0.1:1/db?sslmode=disable"
        let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        let run = try CLIRunner.run(
            ["run", todo, "--db", url], stdin: "Buy milk\n", in: folder, binary: alone)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "keyform: cannot open '\(url)': this program has no PostgreSQL backend: keyform hands a server's "
                + "location over to keyform-postgres, installed beside it (scripts/install.sh and the Debian package "
                + "install both), and none was found; install it, or give a SQLite file's path "
                + "(--db PATH, KEYFORM_DB or the config's database).\n")
        let local = try CLIRunner.run(
            ["run", todo, "--db", folder.appendingPathComponent("k.sqlite").path, "--format", "json"],
            stdin: "Buy milk\n", in: folder, binary: alone)
        #expect(local.status == 0, "\(local.stderr)")
    }

    /// `--db sqlite:PATH` is the file at PATH (the one opener reads the location),
    /// never a folder named `sqlite:`; the same for KEYFORM_DB.
    @Test func sqliteColonPathIsThatFile() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("team.sqlite").path
        let run = try CLIRunner.run(
            [
                "run", CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path, "--db", "sqlite:" + db,
                "--answers", "-",
            ], stdin: "{\"text\": \"Buy milk\"}", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let list = try CLIRunner.run(
            ["records", "list", "todo", "--format", "json"], in: folder, environment: ["KEYFORM_DB": "sqlite:" + db])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains("\"text\":\"Buy milk\"") || list.stdout.contains("\"text\": \"Buy milk\""),
            "\(list.stdout)")
        let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(
            made.contains("team.sqlite") && !made.contains { $0.hasPrefix("sqlite:") }, "no sqlite: folder: \(made)")
    }

    /// Who saves a record: `--author`, else KEYFORM_AUTHOR, else USER@HOST; each
    /// record names its author, and the drafts and history are theirs.
    @Test func recordsNameTheirAuthor() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("team.sqlite").path
        let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path
        let answers = "{\"text\": \"Buy milk\"}"
        #expect(
            try CLIRunner.run(["run", todo, "--db", db, "--author", "ada@lab", "--answers", "-"], stdin: answers).status
                == 0)
        #expect(
            try CLIRunner.run(
                ["run", todo, "--db", db, "--answers", "-"], stdin: answers, environment: ["KEYFORM_AUTHOR": "bob@desk"]
            ).status == 0)
        #expect(try CLIRunner.run(["run", todo, "--db", db, "--answers", "-"], stdin: answers).status == 0)
        let stored = Form(name: "todo", pages: [Form.Page(fields: [Field(id: "text")])])
        let authors = try AppDatabase.open(path: db).records(form: stored).map(\.author)
        #expect(authors == [StoreAuthor.current, "bob@desk", "ada@lab"])
        #expect(StoreAuthor.current.contains("@"), "USER@HOST: \(StoreAuthor.current)")
    }

    /// A script's answers from a pipe (`--answers <(jq …)`) are read as stdin is;
    /// so is `records import FORM <(…)`, and a form (ScriptingCLITests).
    @Test func answersAndImportsReadAPipe() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bash = try #require(Programs.find("bash"))
        let environment = [
            "KEYFORM_CONFIG": "/dev/null", "KEYFORM_DB": folder.appendingPathComponent("db.sqlite").path,
        ]
        let answers = try Programs.run(
            bash, ["-c", #""$0" run todo --answers <(echo '{"text":"Buy milk"}')"#, CLIRunner.binary.path],
            environment: environment)
        #expect(answers.status == 0, "\(answers.stderr)")
        #expect(answers.stdout == #"{"text":"Buy milk","priority":"Medium","done":false,"due":null,"note":""}"# + "\n")
        let imported = try Programs.run(
            bash,
            ["-c", #""$0" records import todo <(printf 'text\nCall Tom\n') --format csv"#, CLIRunner.binary.path],
            environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func anInvalidFormExits2WithItsDiagnostics() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "fields:\n  - id: a\n    layout: prority\n".write(
            to: folder.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["run", "f.yaml"], stdin: "x\n", in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "f.yaml:3:13: error: no layout named 'prority' was found; did you mean 'priority'?\n")
    }

    @Test func aTemplateThatDoesNotParseStopsTheRunBeforeAnythingIsStored() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "fields:\n  - id: a\ntemplate: \"x {{#a}} y\"\n".write(
            to: folder.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let database = folder.appendingPathComponent("db.sqlite").path
        let result = try CLIRunner.run(
            ["run", "f.yaml", "--format", "template", "--db", database], stdin: "x\n", in: folder)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "f.yaml:3:22: error: the template is not valid: a section is not closed\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing stored")
        let check = try CLIRunner.run(["form", "check", "f.yaml"], in: folder)
        #expect(check.status == 1)
    }

    @Test func templateFormatWithoutATemplateIsBadUsage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "fields:\n  - id: a\n".write(to: folder.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["run", "f.yaml", "--format", "template"], stdin: "x\n", in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "keyform: f.yaml has no 'template'; add one, or use --format json or env\n")
    }

    @Test func formCheckReportsFormAndLayoutProblemsAtTheirOwnPaths() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        try "rows:\n  - [a, {label: b, actoin: clear}]\n".write(
            to: folder.appendingPathComponent("Layouts/mine.yaml"), atomically: true, encoding: .utf8)
        try "fields:\n  - id: a\n    layout: mine\n  - id: b\n    tpye: date\n".write(
            to: folder.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["form", "check", "f.yaml"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                f.yaml:3:13: error: layout 'mine' has errors; run 'keyform layout check' on it
                f.yaml:5:5: error: unknown field 'tpye' in field 'b'; did you mean 'type'?
                Layouts/mine.yaml:2:20: error: unknown field 'actoin' in key; did you mean 'action'?

                """)
    }

    @Test func demoFormsAreClean() throws {
        let result = try CLIRunner.run(["form", "check", "demo"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }
}

/// Which command lines `keyform` hands over to keyform-postgres: those that
/// may use a server's location, read from the flags, else KEYFORM_DB, else the config.
struct ServerHandoverTests {
    let server = "postgres://u@db.example/keyform"

    func names(_ arguments: [String], _ environment: [String: String] = [:], config: String? = nil) -> Bool {
        ServerHandover.namesServer(arguments, environment: environment, configured: { config })
    }

    @Test func theFlagsNameTheStore() {
        #expect(names(["run", "todo", "--db", server]))
        #expect(names(["run", "todo", "--db=" + server]))
        #expect(names(["records", "copy", "--from", "a.sqlite", "--to", server]))
        #expect(names(["records", "copy", "--from=postgresql://u@h/db", "--to", "b.sqlite"]))
        #expect(!names(["run", "todo", "--db", "k.sqlite"]))
        #expect(!names(["run", "todo", "--db", "sqlite:" + server]), "a file called so")
        #expect(!names(["run", "todo", "--", "--db", server]), "after -- it is a form's argument")
    }

    @Test func aFlagWinsOverTheEnvironmentAndTheConfig() {
        #expect(!names(["run", "todo", "--db", "k.sqlite"], ["KEYFORM_DB": server], config: server))
        #expect(names(["run", "todo", "--db", server], ["KEYFORM_DB": "k.sqlite"]))
    }

    @Test func withoutAFlagTheEnvironmentThenTheConfig() {
        #expect(names(["records", "list", "todo"], ["KEYFORM_DB": server]))
        #expect(!names(["records", "list", "todo"], ["KEYFORM_DB": "k.sqlite"], config: server))
        #expect(names(["browse", "todo"], config: server))
        #expect(!names(["browse", "todo"], config: "~/k.sqlite"))
        #expect(!names(["--version"]))
    }
}
