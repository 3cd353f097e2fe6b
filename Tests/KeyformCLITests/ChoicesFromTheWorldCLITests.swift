import Foundation
import Testing

/// Keys from the world through the built binary (issue 23): `choices:
/// {command:}` run without a shell when answers fill the form, `choices:
/// {file:}` read beside the form, `--choices ID=FILE|-`, and what `form
/// check`, `keyform test` and `fmt` do with them (never run a command unless told).
@Suite struct ChoicesFromTheWorldCLITests {
    /// A form in a fresh folder with a script `list` beside it that prints its arguments one a line.
    static func folder(_ form: String, files: [String: String] = [:]) throws -> URL {
        let folder = try CLIRunner.temporaryFolder()
        try form.write(to: folder.appendingPathComponent("deploy.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let deploy = """
        name: deploy
        fields:
          - id: team
          - id: branch
            choices: {command: [printf, "%s\\\\n", main, "{{team}}/fix", "a b; echo hacked"]}
            strict: true
          - id: city
            choices: {file: cities.txt}
            strict: true
        """

    @Test func answersRunTheCommandOnceAndAStrictAnswerMustBeOneOfItsLines() throws {
        let folder = try Self.folder(Self.deploy, files: ["cities.txt": "Lyon\nOslo\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("deploy.yaml").path
        // {{team}} is the answer, one argument; "a b; echo hacked" is one line, never a shell's.
        let good = try CLIRunner.run(
            ["run", form, "--answers", "-", "--no-store"],
            stdin: #"{"team":"ops","branch":"ops/fix","city":"Oslo"}"#)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout == #"{"team":"ops","branch":"ops/fix","city":"Oslo"}"# + "\n")
        let shellish = try CLIRunner.run(
            ["run", form, "--answers", "-", "--no-store"],
            stdin: #"{"team":"ops","branch":"a b; echo hacked","city":"Lyon"}"#)
        #expect(shellish.status == 0, "\(shellish.stderr)")
        let wrong = try CLIRunner.run(
            ["run", form, "--answers", "-", "--no-store"],
            stdin: #"{"team":"ops","branch":"dev","city":"Paris"}"#)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("field 'branch'"), "\(wrong.stderr)")
        #expect(wrong.stderr.contains("field 'city'"), "\(wrong.stderr)")
    }

    @Test func aFailingCommandIsAClearMessageNotAHang() throws {
        let form = """
            name: deploy
            fields:
              - id: branch
                choices: {command: [sh, -c, "echo 'fatal: not a git repository' >&2; exit 128"]}
                strict: true
              - id: slow
                choices: {command: [sleep, "30"], timeout: 0.3}
            """
        let folder = try Self.folder(form)
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = Date()
        let result = try CLIRunner.run(
            ["run", folder.appendingPathComponent("deploy.yaml").path, "--answers", "-", "--no-store"],
            stdin: #"{"branch":"main"}"#)
        #expect(Date().timeIntervalSince(started) < 10, "not the sleep's 30 s")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "keyform: field 'branch': no choices to check the answer against: sh failed (exit status 128): fatal: not a git repository\n"
        )
    }

    @Test func choicesFromStdinOrAFileReplaceTheFieldsKeys() throws {
        let folder = try Self.folder(Self.deploy, files: ["cities.txt": "Lyon\n", "other.txt": "Rome\nOslo\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("deploy.yaml").path
        let answers = folder.appendingPathComponent("answers.json")
        try #"{"team":"ops","branch":"release","city":"Rome"}"#.write(to: answers, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            [
                "run", form, "--answers", answers.path, "--no-store", "--choices", "branch=-",
                "--choices", "city=\(folder.appendingPathComponent("other.txt").path)",
            ],
            stdin: "main\nrelease\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"team":"ops","branch":"release","city":"Rome"}"# + "\n")
        let unknown = try CLIRunner.run(
            ["run", form, "--answers", answers.path, "--no-store", "--choices", "brnch=-"], stdin: "x\n")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("has no field 'brnch'; did you mean 'branch'?"), "\(unknown.stderr)")
        let empty = try CLIRunner.run(
            ["run", form, "--answers", answers.path, "--no-store", "--choices", "branch=-"], stdin: "\n")
        #expect(empty.status == 2)
        #expect(empty.stderr == "keyform: --choices branch: standard input holds no choices (one a line)\n")
        let both = try CLIRunner.run(["run", form, "--answers", "-", "--choices", "branch=-"], stdin: "x\n")
        #expect(both.status == 2)
        #expect(both.stderr.contains("stdin cannot hold both the answers and a field's choices"), "\(both.stderr)")
    }

    /// A choices command's failure and a `--choices` file with no keys are said in Japanese.
    @Test func aChoicesFailureIsSaidInJapanese() throws {
        let form = """
            name: deploy
            fields:
              - id: branch
                choices: {command: [sh, -c, "echo 'fatal: not a git repository' >&2; exit 128"]}
                strict: true
            """
        let folder = try Self.folder(form, files: ["empty.txt": "\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deploy.yaml").path
        let emptyFile = folder.appendingPathComponent("empty.txt").path
        let japanese = ["KEYFORM_LANG": "ja"]
        let failed = try CLIRunner.run(
            ["run", path, "--answers", "-", "--no-store"], stdin: #"{"branch":"main"}"#, environment: japanese)
        #expect(failed.status == 2)
        #expect(
            failed.stderr
                == "keyform: 項目 'branch': 答えを確かめる選択肢がありません: sh が失敗しました（終了ステータス 128）: fatal: not a git repository\n"
        )
        let empty = try CLIRunner.run(
            ["run", path, "--answers", "-", "--no-store", "--choices", "branch=\(emptyFile)"],
            stdin: #"{"branch":"x"}"#,
            environment: japanese)
        #expect(empty.status == 2)
        #expect(empty.stderr == "keyform: --choices branch: \(emptyFile) に選択肢がありません（1 行に 1 つ書いてください）\n")
    }

    @Test func checkFmtAndTestNeverRunTheCommand() throws {
        let witness = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-ran-\(UUID().uuidString)")
        let form = """
            name: deploy
            fields:
              - id: branch
                choices: {command: [sh, -c, "touch \(witness.path); echo main; echo dev"]}
                strict: true
            """
        let test = """
            form: deploy.yaml
            choices: {branch: [main, dev]}
            tests:
              - name: picks the second line
                keys: "2<Enter>"
                expect: {branch: dev}
                outcome: submitted
            """
        let folder = try Self.folder(
            form,
            files: [
                "deploy.test.yaml": test,
                "ran.test.yaml": test.replacingOccurrences(of: "choices: {branch: [main, dev]}\n", with: ""),
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deploy.yaml").path
        #expect(try CLIRunner.run(["form", "check", path]).status == 0)
        #expect(try CLIRunner.run(["form", "fmt", path]).status == 0)
        #expect(try CLIRunner.run(["form", "preview", path]).stdout.contains("keys from sh -c"))
        let given = try CLIRunner.run(["test", folder.appendingPathComponent("deploy.test.yaml").path])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        #expect(!FileManager.default.fileExists(atPath: witness.path), "the command ran")
        // Without the lines and without --run-commands there are no keys to press…
        let notRun = try CLIRunner.run(["test", folder.appendingPathComponent("ran.test.yaml").path])
        #expect(notRun.status == 1)
        #expect(!FileManager.default.fileExists(atPath: witness.path), "the command ran")
        // …and with it the command runs once.
        let ran = try CLIRunner.run(["test", "--run-commands", folder.appendingPathComponent("ran.test.yaml").path])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(FileManager.default.fileExists(atPath: witness.path))
        try? FileManager.default.removeItem(at: witness)
    }

    @Test func aTimeLimitOutOfRangeIsBadUsage() throws {
        let result = try CLIRunner.run(["run", "todo", "--timeout", "0", "--answers", "-"], stdin: "{}")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("--timeout must be a whole number of seconds from 1 to 86400"), "\(result.stderr)")
    }
}
