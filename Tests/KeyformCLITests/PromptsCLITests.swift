import Foundation
import KeyformTestSupport
import Testing

/// Issue 24's prompts without a terminal (`Programs.run` starts each in a
/// session of its own, so /dev/tty cannot be opened): the answer is the one
/// the flags (or their variables) give, checked as a typed one; with none,
/// exit 2 saying what to give. stdout holds the answer alone; nothing is stored.
@Suite struct PromptsCLITests {
    @Test func inputPrintsItsValueAlone() throws {
        let result = try CLIRunner.run(["input", "--label", "Name", "--value", "Ada"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Ada\n")
        #expect(result.stderr == "")
        let json = try CLIRunner.run(["input", "--type", "integer", "--value", "42", "--format", "json"])
        #expect(json.stdout == "42\n" && json.status == 0, "\(json.stderr)")
    }

    @Test func writePrintsItsLines() throws {
        let result = try CLIRunner.run(["write", "--value", "No onions\nExtra pickles"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "No onions\nExtra pickles\n")
        let json = try CLIRunner.run(["write", "--format", "json"], environment: ["KEYFORM_WRITE_VALUE": "a\nb"])
        #expect(json.stdout == #""a\nb""# + "\n", "\(json.stderr)")
        let rows = try CLIRunner.run(["write", "--lines", "30", "--value", "x"])
        #expect(rows.status == 2 && rows.stderr == "keyform: --lines 30: give 1 to 20 rows\n", "\(rows.stderr)")
    }

    @Test func withoutATerminalOrAnAnswerItSaysWhatToGive() throws {
        for (arguments, give) in [
            (["input"], "--value VALUE"), (["write"], "--value VALUE"), (["choose", "a", "b"], "--selected OPTION"),
            (["confirm", "Sure?"], "--default yes or --default no"), (["date"], "--value VALUE"),
            (["time"], "--value VALUE"),
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("keyform: cannot use the terminal ("), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("; give \(give) to answer without one\n"), "\(result.stderr)")
        }
    }

    @Test func aValueIsCheckedAsATypedOne() throws {
        let word = try CLIRunner.run(["input", "--type", "integer", "--value", "seven"])
        #expect(word.status == 2)
        #expect(word.stdout == "")
        #expect(word.stderr.hasPrefix("keyform: field 'input': "), "\(word.stderr)")
        let pattern = try CLIRunner.run(["input", "--pattern", "^[a-z]+$", "--value", "A1"])
        #expect(pattern.status == 2 && pattern.stderr.hasPrefix("keyform: field 'input': "), "\(pattern.stderr)")
        let badPattern = try CLIRunner.run(["input", "--pattern", "(", "--value", "x"])
        #expect(
            badPattern.stderr == "keyform: --pattern: invalid pattern '(': expected ')'\n" && badPattern.status == 2,
            "\(badPattern.stderr)")
        let japanese = try CLIRunner.run(
            ["input", "--pattern", "(", "--value", "x"], environment: ["KEYFORM_LANG": "ja"])
        #expect(
            japanese.stderr == "keyform: --pattern: パターン「(」は正しい正規表現ではありません: expected ')'\n",
            "\(japanese.stderr)")
        let date = try CLIRunner.run(["date", "--value", "2026-02-30"])
        #expect(date.status == 2 && date.stderr.hasPrefix("keyform: field 'date': "), "\(date.stderr)")
        let time = try CLIRunner.run(["time", "--value", "0730"])
        #expect(time.stdout == "07:30\n" && time.status == 0, "\(time.stderr)")
    }

    @Test func badFlagsAreBadUsage() throws {
        let secretDate = try CLIRunner.run(["input", "--type", "date", "--secret", "--value", "today"])
        #expect(secretDate.status == 2)
        #expect(
            secretDate.stderr
                == "keyform: --secret is for a text, integer or number; a date is picked, never typed masked\n")
        let boolean = try CLIRunner.run(["input", "--type", "boolean"])
        #expect(boolean.status == 2 && boolean.stderr.contains("use keyform confirm"), "\(boolean.stderr)")
        let secretHistory = try CLIRunner.run(["input", "--secret", "--history", "pins", "--value", "1"])
        #expect(
            secretHistory.status == 2 && secretHistory.stderr.contains("a --secret answer is never kept"),
            "\(secretHistory.stderr)")
        let format = try CLIRunner.run(["input", "--value", "x", "--format", "yaml"])
        #expect(format.status == 2)
        let maybe = try CLIRunner.run(["confirm", "Sure?", "--default", "maybe"])
        #expect(maybe.status == 2 && maybe.stderr == "keyform: --default maybe: give yes or no\n", "\(maybe.stderr)")
    }

    @Test func chooseTakesItsOptionsFromArgumentsAFileOrStdin() throws {
        let arguments = try CLIRunner.run(["choose", "fix", "feat", "--selected", "feat"])
        #expect(arguments.stdout == "feat\n" && arguments.status == 0, "\(arguments.stderr)")
        let piped = try CLIRunner.run(["choose", "--selected", "main"], stdin: "feature/x\nmain\n")
        #expect(piped.stdout == "main\n" && piped.status == 0, "\(piped.stderr)")
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("flavors.txt")
        try "Cherry\r\nGrape\r\nLime\r\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CLIRunner.run(["choose", "--file", file.path, "--selected", "Grape", "--format", "json"])
        #expect(fromFile.stdout == "\"Grape\"\n" && fromFile.status == 0, "\(fromFile.stderr)")
        let several = try CLIRunner.run(["choose", "a", "b", "c", "--multiple", "--selected", "c", "--selected", "a"])
        #expect(several.stdout == "c\na\n" && several.status == 0, "\(several.stderr)")
        let tooMany = try CLIRunner.run([
            "choose", "a", "b", "c", "--multiple", "--max", "1", "--selected", "c", "--selected", "a",
        ])
        #expect(tooMany.status == 2 && tooMany.stderr.hasPrefix("keyform: field 'choose': "), "\(tooMany.stderr)")
        let nothing = try CLIRunner.run(["choose"], stdin: "")
        #expect(nothing.status == 2)
        #expect(
            nothing.stderr
                == "keyform: nothing to choose from: give the options as arguments, one a line on stdin, or --file FILE\n"
        )
        let notAnOption = try CLIRunner.run(["choose", "a", "--selected", "b"])
        #expect(notAnOption.status == 2 && notAnOption.stderr == "keyform: --selected 'b' is not one of the options\n")
    }

    @Test func confirmAnswersWithItsStatus() throws {
        let yes = try CLIRunner.run(["confirm", "Sure?", "--default", "yes"])
        #expect(yes.status == 0 && yes.stdout == "", "\(yes.stderr)")
        let no = try CLIRunner.run(["confirm", "Sure?", "--default", "no"])
        #expect(no.status == 1 && no.stdout == "" && no.stderr == "")
        let json = try CLIRunner.run(["confirm", "Sure?", "--default", "n", "--format", "json"])
        #expect(json.status == 1 && json.stdout == "false\n")
    }

    @Test func eachFlagHasItsVariableAndTheFlagWins() throws {
        let environment = ["KEYFORM_INPUT_VALUE": "from the variable", "KEYFORM_INPUT_FORMAT": "json"]
        let fromVariable = try CLIRunner.run(["input"], environment: environment)
        #expect(fromVariable.stdout == "\"from the variable\"\n", "\(fromVariable.stderr)")
        let fromFlag = try CLIRunner.run(["input", "--value", "flag", "--format", "text"], environment: environment)
        #expect(fromFlag.stdout == "flag\n")
        let several = try CLIRunner.run(
            ["choose", "a", "b"], environment: ["KEYFORM_CHOOSE_MULTIPLE": "1", "KEYFORM_CHOOSE_SELECTED": "b\na"])
        #expect(several.stdout == "b\na\n", "\(several.stderr)")
        let no = try CLIRunner.run(["confirm", "Sure?"], environment: ["KEYFORM_CONFIRM_DEFAULT": "no"])
        #expect(no.status == 1)
        let wrong = try CLIRunner.run(["choose", "a"], environment: ["KEYFORM_CHOOSE_MULTIPLE": "sometimes"])
        #expect(
            wrong.status == 2
                && wrong.stderr == "keyform: KEYFORM_CHOOSE_MULTIPLE=sometimes is not a yes or no; give 1 or 0\n")
    }

    @Test func timeoutIsSecondsFromItsFlagOrVariable() throws {
        let given = try CLIRunner.run(["input", "--timeout", "5", "--value", "x"])
        #expect(given.status == 0 && given.stdout == "x\n", "\(given.stderr)")
        let zero = try CLIRunner.run(["choose", "a", "--timeout", "0", "--selected", "a"])
        #expect(
            zero.status == 2
                && zero.stderr == "keyform: --timeout must be a whole number of seconds from 1 to 86400, found 0\n",
            "\(zero.stderr)")
        let word = try CLIRunner.run(["date", "--value", "today"], environment: ["KEYFORM_DATE_TIMEOUT": "soon"])
        #expect(
            word.status == 2 && word.stderr == "keyform: KEYFORM_DATE_TIMEOUT=soon is not a whole number\n",
            "\(word.stderr)")
        let long = try CLIRunner.run(["time", "--value", "now"], environment: ["KEYFORM_TIME_TIMEOUT": "90000"])
        #expect(long.status == 2 && long.stderr.contains("found 90000"), "\(long.stderr)")
        for command in ["input", "write", "choose", "confirm", "date", "time"] {
            let help = try CLIRunner.run([command, "--help"])
            #expect(help.stdout.contains("--timeout <SECONDS>") && help.stdout.contains("124"), "\(command)")
        }
    }

    @Test func configShowListsThePromptsVariables() throws {
        let result = try CLIRunner.run(["config", "show", "--variables"])
        #expect(result.status == 0)
        for line in [
            "keyform choose --multiple", "KEYFORM_CHOOSE_MULTIPLE", "keyform input --placeholder",
            "KEYFORM_INPUT_PLACEHOLDER",
            "KEYFORM_CONFIRM_DEFAULT", "KEYFORM_TIME_INLINE", "keyform confirm --timeout", "KEYFORM_CHOOSE_TIMEOUT",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
        // Every flag named there is a flag of its command.
        for row in result.stdout.split(separator: "\n") where row.hasPrefix("keyform ") {
            let words = row.split(separator: " ")
            let help = try CLIRunner.run([String(words[1]), "--help"])
            #expect(help.stdout.contains(String(words[2])), "\(row)")
        }
    }

    @Test func aPromptWritesNoStore() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("keyform.sqlite")
        let result = try CLIRunner.run(
            ["input", "--value", "x"], environment: ["KEYFORM_DB": database.path, "XDG_STATE_HOME": folder.path])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: database.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "no history unless --history")
    }

    @Test func historyKeepsAnswersUnderItsName() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for value in ["api", "cli", "cli"] {
            let result = try CLIRunner.run(
                ["input", "--history", "scope", "--value", value], environment: ["XDG_STATE_HOME": folder.path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let kept = try String(contentsOf: folder.appendingPathComponent("keyform/history/scope"), encoding: .utf8)
        #expect(kept == "api\ncli\n", "the newest once")
        // A history named for every prompt keeps no secret, and does not refuse one.
        let secret = try CLIRunner.run(
            ["input", "--secret", "--value", "hush"],
            environment: ["XDG_STATE_HOME": folder.path, "KEYFORM_INPUT_HISTORY": "scope"])
        #expect(secret.status == 0 && secret.stdout == "hush\n", "\(secret.stderr)")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("keyform/history/scope"), encoding: .utf8)
                == "api\ncli\n")
        let badName = try CLIRunner.run(["input", "--history", "../x", "--value", "1"])
        #expect(badName.status == 2 && badName.stderr.contains("is not a name"), "\(badName.stderr)")
    }

    @Test func completionsAndTheManualCoverThePrompts() throws {
        let bash = try CLIRunner.run(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        for command in ["input", "write", "choose", "confirm", "date", "time"] {
            #expect(bash.stdout.contains("_keyform_\(command)()"), "\(command)")
        }
        let help = try CLIRunner.run(["--help"])
        for command in ["input", "write", "choose", "confirm", "date", "time"] {
            #expect(help.stdout.contains("  \(command) "), "\(command)")
        }
    }
}
