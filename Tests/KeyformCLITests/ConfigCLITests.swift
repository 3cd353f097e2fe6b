import Foundation
import Testing

/// `keyform config check` and `config show`, and what a config does to the
/// commands that read it: the database they use, and a broken config stopping them.
@Suite struct ConfigCLITests {
    /// A folder with a config file in it, named by `KEYFORM_CONFIG`.
    struct Place {
        let root: URL
        init() throws { root = try CLIRunner.temporaryFolder() }
        func remove() { try? FileManager.default.removeItem(at: root) }

        var config: String { root.appendingPathComponent("config.yaml").path }

        func write(_ text: String) throws { try text.write(toFile: config, atomically: true, encoding: .utf8) }

        func run(
            _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
        ) throws -> CLIRunner.Result {
            try CLIRunner.run(
                arguments, stdin: stdin, in: root,
                environment: ["KEYFORM_CONFIG": config, "KEYFORM_DB": ""].merging(environment) { $1 })
        }
    }

    static let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path

    @Test func checkReportsEveryProblemAtItsPlace() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("animation: yes\ncolors:\n  acent: red\nkeys:\n  done: enter\n")
        let check = try place.run(["config", "check"])
        #expect(check.status == 1)
        #expect(check.stdout.isEmpty)
        #expect(
            check.stderr == """
                \(place.config):1:12: error: 'animation' is true or false, found 'yes'
                \(place.config):3:3: error: unknown name 'acent' in 'colors'; did you mean 'accent'?
                \(place.config):5:9: error: 'enter' is already 'commit' in a form's keyboard; rebind 'commit' too (keys: {commit: …}), or choose another key for 'done'

                """)
        // A file given is checked instead of the one in effect; a good one says nothing.
        let good = place.root.appendingPathComponent("good.yaml").path
        try "colors: {accent: magenta}\nkeys: {cancel: alt-q}\n".write(toFile: good, atomically: true, encoding: .utf8)
        let fine = try place.run(["config", "check", good])
        #expect(fine.status == 0 && fine.stderr.isEmpty, "\(fine.stderr)")
        let missing = try place.run(["config", "check", "nowhere.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "keyform: nowhere.yaml: no such file\n")
    }

    @Test func showSaysWhereEachSettingComesFrom() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("database: records.sqlite\ncolors:\n  accent: magenta\nkeys:\n  quit: x\n")
        let show = try place.run(["config", "show"], environment: ["KEYFORM_ANIMATION": "false"])
        #expect(show.status == 0, "\(show.stderr)")
        let lines = show.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.first == "config file: \(place.config) (KEYFORM_CONFIG)")
        #expect(lines.contains("database \(place.root.path)/records.sqlite \(place.config):1:11"))
        #expect(lines.contains("animation false KEYFORM_ANIMATION"))
        #expect(lines.contains("colors.accent magenta \(place.config):3:11"))
        #expect(lines.contains("colors.error red default"))
        #expect(lines.contains("keys.quit x \(place.config):5:9"))
        #expect(lines.contains("keys.done ctrl-s default"))
        #expect(lines.contains("keys.cancel esc default"))
        let variables = try place.run(["config", "show", "--variables"])
        #expect(variables.stdout.contains("keys.next-field"))
        #expect(
            variables.stdout.split(separator: "\n").contains { $0.hasPrefix("database") && $0.contains("KEYFORM_DB") })
    }

    @Test func showNamesTheThemeAndTheRolesItColours() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("theme: light\ncolors: {error: magenta}\n")
        let light = try place.run(["config", "show"])
        #expect(light.status == 0, "\(light.stderr)")
        let lines = light.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("theme light \(place.config):1:8"), "\(light.stdout)")
        #expect(lines.contains("colors.accent blue theme light"), "\(light.stdout)")
        #expect(lines.contains("colors.error magenta \(place.config):2:17"), "\(light.stdout)")
        let variable = try place.run(["config", "show"], environment: ["KEYFORM_THEME": "high-contrast"])
        #expect(
            variable.stdout.split(separator: "\n").contains {
                $0.hasPrefix("theme ") && $0.contains("high-contrast") && $0.hasSuffix("KEYFORM_THEME")
            },
            "\(variable.stdout)")
        let wrong = try place.run(["config", "check"], environment: ["KEYFORM_THEME": "dark"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("KEYFORM_THEME: error: unknown theme 'dark'"), "\(wrong.stderr)")
    }

    /// `config show`'s own words follow the language; the names, values, paths and variables stay as written.
    @Test func showSpeaksJapanese() throws {
        let place = try Place()
        defer { place.remove() }
        let japanese = ["KEYFORM_LANG": "ja"]
        // No KEYFORM_CONFIG: the XDG place, where no file is.
        let missing = try place.run(
            ["config", "show"],
            environment: japanese.merging(["KEYFORM_CONFIG": "", "XDG_CONFIG_HOME": place.root.path]) { $1 })
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(
            missing.stdout.split(separator: "\n").first
                == "設定ファイル: \(place.root.path)/keyform/config.yaml（見つかりません）",
            "\(missing.stdout)")
        try place.write("theme: light\n")
        let lines = try place.run(["config", "show"], environment: japanese).stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines.contains("keys.done ctrl-s 既定値"), "\(lines)")
        #expect(lines.contains("colors.accent blue テーマ light"), "\(lines)")
        let none = try place.run(
            ["config", "show"], environment: japanese.merging(["KEYFORM_CONFIG": "/dev/null"]) { $1 })
        #expect(none.stdout.hasPrefix("設定ファイル: なし（KEYFORM_CONFIG=/dev/null）\n"), "\(none.stdout)")
    }

    @Test func theDatabaseIsTheFlagsThenTheVariablesThenTheFiles() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("database: mine.sqlite\n")
        let answers = #"{"text": "Buy milk"}"#
        let stored = try place.run(["run", Self.todo, "--answers", "-"], stdin: answers)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: place.root.appendingPathComponent("mine.sqlite").path),
            "the file's database, beside it")
        let listed = try place.run(["records", "list", Self.todo, "--format", "csv"])
        #expect(listed.stdout.contains("Buy milk"), "\(listed.stderr)")
        // KEYFORM_DB wins over the file, --db over both.
        let variable = place.root.appendingPathComponent("variable.sqlite").path
        #expect(
            try place.run(["run", Self.todo, "--answers", "-"], stdin: answers, environment: ["KEYFORM_DB": variable])
                .status == 0)
        #expect(FileManager.default.fileExists(atPath: variable))
        let flag = place.root.appendingPathComponent("flag.sqlite").path
        #expect(
            try place.run(
                ["run", Self.todo, "--answers", "-", "--db", flag], stdin: answers,
                environment: ["KEYFORM_DB": variable]
            ).status == 0)
        #expect(FileManager.default.fileExists(atPath: flag))
        let counted = try place.run(["records", "list", Self.todo, "--format", "json", "--db", variable])
        #expect(counted.stdout.components(separatedBy: "Buy milk").count == 2, "one record in the variable's database")
    }

    /// The config's `sqlite:PATH` resolves its path beside the file; a server's
    /// URL is left as written (it was made into FOLDER/postgres://…), and shown so.
    @Test func theConfigsDatabaseMayBeSqlitePathOrAURL() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("database: sqlite:mine.sqlite\n")
        let stored = try place.run(["run", Self.todo, "--answers", "-"], stdin: #"{"text": "Buy milk"}"#)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: place.root.appendingPathComponent("mine.sqlite").path),
            "the file's database, beside it")
        try place.write("database: postgres://ada@db.lab/keyform\n")
        let shown = try place.run(["config", "show"])
        let database = shown.stdout.split(separator: "\n").map { $0.split(separator: " ") }.first {
            $0.first == "database"
        }
        #expect(database?.dropFirst().first == "postgres://ada@db.lab/keyform", "\(shown.stdout)")
    }

    @Test func aBrokenConfigStopsTheCommandsThatReadItWithStatusTwo() throws {
        let place = try Place()
        defer { place.remove() }
        try place.write("database: mine.sqlite\ncolors: {accent: cyn}\n")
        let run = try place.run(["run", Self.todo, "--answers", "-"], stdin: #"{"text": "Buy milk"}"#)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                \(place.config):2:18: error: unknown colour 'cyn'; did you mean 'cyan'?
                keyform: the config has errors; fix them (keyform config check), or set KEYFORM_CONFIG=/dev/null to run without the file

                """)
        #expect(
            !FileManager.default.fileExists(atPath: place.root.appendingPathComponent("mine.sqlite").path),
            "nothing stored")
        for command in [["records", "list", Self.todo], ["browse", Self.todo], ["demo"]] {
            let stopped = try place.run(command)
            #expect(
                stopped.status == 2 && stopped.stderr.contains("keyform: the config has errors"),
                "\(command): \(stopped.stderr)")
        }
        // A variable's error is said at the variable.
        try place.write("")
        let variable = try place.run(["records", "list", Self.todo], environment: ["KEYFORM_KEY_DONE": "ctrl-1"])
        #expect(variable.status == 2)
        #expect(variable.stderr.hasPrefix("KEYFORM_KEY_DONE: error: a terminal cannot send 'ctrl-1'"))
        // Commands that read no setting do not care.
        try place.write("colors: {accent: cyn}\n")
        #expect(try place.run(["form", "check", Self.todo]).status == 0)
        // Without the file, the command runs.
        #expect(
            try place.run(
                ["run", Self.todo, "--answers", "-", "--no-store"], stdin: #"{"text": "x"}"#,
                environment: ["KEYFORM_CONFIG": "/dev/null"]
            ).status == 0)
    }
}
