import Foundation
import Testing

/// Issue 12, "Commands that surprise": each command does what its name and
/// its help say, from any folder, without leaving files behind.
@Suite struct CommandSurprisesCLITests {
    /// `records list NAME` reads the stored records by the stored form name from
    /// any folder; commands that need the form file say so.
    @Test func storedRecordsAreListedByNameFromAnyFolder() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("keyform.sqlite")
        let formFile = try cli.form(
            "chores",
            """
            name: chores
            fields:
              - {id: task, label: Task, required: true}
              - {id: minutes, label: Minutes, type: integer}
              - {id: done, label: Done, type: boolean}
            """)
        #expect(try cli.submit(formFile, #"{"task":"Dishes","minutes":"15","done":"yes"}"#, database: db).status == 0)
        let elsewhere = cli.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        let json = try CLIRunner.run(["records", "list", "chores", "--format", "json", "--db", db], in: elsewhere)
        #expect(json.status == 0, "\(json.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 1)
        #expect(records.first?["task"] as? String == "Dishes")
        #expect(records.first?["minutes"] as? Int == 15)
        #expect(records.first?["done"] as? Bool == true)
        let table = try CLIRunner.run(["records", "list", "chores", "--db", db], in: elsewhere)
        #expect(table.status == 0 && table.stdout.contains("Dishes"), "\(table.stderr)")
        let exported = try CLIRunner.run(["records", "export", "chores", "--format", "csv", "--db", db], in: elsewhere)
        #expect(exported.stdout.hasPrefix("_id,_created,task,minutes,done\r\n"), "\(exported.stdout)")

        let typo = try CLIRunner.run(["records", "list", "chore", "--db", db], in: elsewhere)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("holds records of: chores; did you mean 'chores'?"), "\(typo.stderr)")

        let browse = try CLIRunner.run(["browse", "chores", "--db", db], in: elsewhere)
        #expect(browse.status == 2)
        #expect(browse.stderr.contains("browse needs the form's file"), "\(browse.stderr)")
        let run = try CLIRunner.run(["run", "chores", "--db", db, "--answers", "-"], stdin: "{}", in: elsewhere)
        #expect(run.status == 2)
        #expect(run.stderr.contains("run needs the form's file"), "\(run.stderr)")
    }

    /// Reading commands never create a database: a mistyped `--db` says so.
    @Test(arguments: [["records", "list", "todo"], ["records", "export", "todo"], ["browse", "todo"]])
    func aMistypedDatabaseIsNotCreated(_ command: [String]) throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let typo = cli.path("data/keyfrom.sqlite")
        let result = try cli.run(command + ["--db", typo])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "keyform: no database at '\(typo)': nothing was ever stored there. Check the path (--db PATH or KEYFORM_DB); the first keyform run FORM makes it.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: typo))
        #expect(!FileManager.default.fileExists(atPath: cli.path("data")))
    }

    /// The store's problems are said in the person's language (`KEYFORM_LANG`
    /// or the locale, read once at the edge); a --where naming no field too.
    @Test func theStoresProblemsInJapanese() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let typo = cli.path("data/keyfrom.sqlite")
        let result = try cli.run(["records", "list", "todo", "--db", typo], environment: ["KEYFORM_LANG": "ja"])
        #expect(result.status == 1)
        #expect(
            result.stderr == "keyform: '\(typo)' にデータベースはありません（まだ何も保存されていません）。"
                + "パスを確かめてください（--db PATH か KEYFORM_DB）。最初の keyform run FORM で作られます。\n")
        let field = try cli.run(
            ["browse", "demo/todo.yaml", "--where", "txt=x", "--db", typo], environment: ["KEYFORM_LANG": "ja"])
        #expect(field.status == 2)
        #expect(field.stderr == "keyform: フォーム 'todo' に項目 'txt' はありません。'text' のことですか？\n", "\(field.stderr)")
    }

    /// A database not made yet is an error for a reading command (SPEC: "a missing
    /// one is an error"), whether it is the default place or KEYFORM_DB names it;
    /// listing does not make it.
    @Test func listingBeforeAnythingIsStoredCreatesNothing() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let defaultPlace = cli.path("data/keyform/keyform.sqlite")
        for environment in [["KEYFORM_DB": "", "XDG_DATA_HOME": cli.path("data")], ["KEYFORM_DB": defaultPlace]] {
            for command in [["records", "list", "todo"], ["records", "export", "todo"]] {
                let result = try cli.run(command, environment: environment)
                #expect(result.status == 1, "\(command) \(environment)")
                #expect(result.stdout.isEmpty)
                #expect(
                    result.stderr.hasPrefix(
                        "keyform: no database at '\(defaultPlace)': nothing was ever stored there."), "\(result.stderr)"
                )
                #expect(result.stderr.contains("the first keyform run FORM makes it"), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: cli.path("data")))
            }
        }
    }

    /// `--no-store` is offered only where it means something (`run`).
    @Test func noStoreIsOfferedOnlyByRun() throws {
        for command in [["records", "list"], ["records", "export"], ["browse"]] {
            let help = try CLIRunner.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("--db"), "\(command)")
            #expect(!help.stdout.contains("--no-store"), "\(command): \(help.stdout)")
            let refused = try CLIRunner.run(command + ["todo", "--no-store"])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("Unknown option '--no-store'"), "\(refused.stderr)")
        }
        #expect(try CLIRunner.run(["run", "--help"]).stdout.contains("--no-store"))
    }

    /// Warnings belong to `form check` / `layout check`; commands that use the form print errors only.
    @Test func layoutWarningsAreLeftToTheCheckCommands() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let layouts = cli.folder.appendingPathComponent("Layouts")
        try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
        try """
        title: Sizes
        kind: choice
        rows:
          - [{label: " Small"}, {label: Large}]
        """.write(to: layouts.appendingPathComponent("sizes.yaml"), atomically: true, encoding: .utf8)
        let form = try cli.form(
            "order",
            """
            name: order
            fields:
              - {id: size, label: Size, layout: sizes}
            """)
        try """
        form: order.yaml
        tests:
          - name: picks
            keys: "<Enter>"
            outcome: submitted
        """.write(toFile: cli.path("order.test.yaml"), atomically: true, encoding: .utf8)
        let check = try cli.run(["form", "check", form])
        #expect(check.stderr.contains("warning:"), "the layout must have a warning: \(check.stderr)")
        let db = cli.path("keyform.sqlite")
        let run = try cli.submit(form, #"{"size":"Large"}"#, database: db)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let list = try cli.run(["records", "list", form], database: db)
        #expect(list.status == 0)
        #expect(list.stderr == "")
        let test = try cli.run(["test", cli.path("order.test.yaml")])
        #expect(test.stderr == "", "\(test.stdout)")
        // An error still stops a run.
        try "title: Sizes\nrows: [[{label: Large, action: nope}]]\n".write(
            to: layouts.appendingPathComponent("sizes.yaml"), atomically: true, encoding: .utf8)
        let broken = try cli.submit(form, #"{"size":"Large"}"#, database: db)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("error:"), "\(broken.stderr)")
    }

    /// `keyform demo` without a terminal says what applies to the demo.
    @Test func demoWithoutATerminalSaysSo() throws {
        let setsid = try #require(
            Programs.find("setsid"), "the test runs keyform without a controlling terminal through setsid")
        let cli = try StoreCLI()
        defer { cli.remove() }
        let result = try Programs.run(
            setsid, ["--wait", CLIRunner.binary.path, "demo"], environment: ["XDG_DATA_HOME": cli.path("data")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("keyform demo needs one: run it in a terminal window"), "\(result.stderr)")
        #expect(!result.stderr.contains("--answers FILE, or pipe"), "\(result.stderr)")
    }

    /// A folder runs the NAME.test.yaml files under it, not the forms beside them.
    @Test func testingAFolderRunsOnlyItsTestFiles() throws {
        let result = try CLIRunner.run(["test", "demo"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr == "")
        #expect(result.stdout.contains("PASS demo/"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    /// ArgumentParser's manual generator drops every non-ASCII character, so help
    /// text in `man keyform` would lose a `…` or `—`: the help is kept ASCII.
    @Test func helpTextIsASCIISoTheManualLosesNothing() throws {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        #expect(dump.stdout.contains("\"commandName\" : \"config\""))
        let outside = dump.stdout.unicodeScalars.filter { !$0.isASCII }.map { String($0) }
        #expect(outside.isEmpty, "non-ASCII in help text: \(Set(outside).sorted())")
    }
}
