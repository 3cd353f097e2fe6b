import ArgumentParser
import Foundation
import KeyformTestSupport
import Testing

@testable import KeyformCLI

/// Issue 27's direct start: a plain `run`, `demo` or prompt line is read
/// without ArgumentParser's parse. It must read every line it takes exactly
/// as ArgumentParser does, and leave to it every line it would refuse.
@Suite struct DirectStartTests {
    /// Everything the command holds (each property wrapper's state included:
    /// one the direct start forgot to set shows as a definition, not a value).
    private static func contents(_ command: any ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }

    /// nil, or the command's contents, for both readings of `arguments`.
    private static func bothReadings(_ arguments: [String]) -> (direct: String?, parsed: String?) {
        (DirectStart.command(arguments).map(contents), (try? Keyform.parseAsRoot(arguments)).map(contents))
    }

    @Test func theLinesPeopleTypeAreReadDirectly() {
        let plain: [[String]] = [
            ["run", "todo"], ["run", "demo/todo.yaml", "--answers", "-", "--format", "json"],
            [
                "run", "todo", "--db=/tmp/x.sqlite", "--author", "ada", "--resume", "--no-animation", "--choices",
                "a=-", "--timeout", "30",
            ],
            ["run", "--no-store", "todo", "--answers-format", "lines", "--answers", "a.txt", "--repeat"],
            ["demo"], ["demo", "todo", "--no-animation", "--no-mouse"], ["run", "todo", "--accessible", "--no-mouse"],
            ["input", "--label", "Name", "--value", "Ada", "--required", "--no-secret", "--history", "names"],
            ["write", "--lines", "3", "--no-required", "--no-inline"],
            ["choose", "fix", "feat", "--multiple", "--selected", "fix", "--selected", "feat"],
            ["confirm", "Commit changes?", "--default", "yes", "--timeout", "5"],
            ["date", "--value", "today", "--format", "json"],
            ["time", "--label=At", "--inline"], ["run", "help"], ["demo", "help"], ["input", "--label", "help"],
        ]
        for arguments in plain {
            let (direct, parsed) = Self.bothReadings(arguments)
            #expect(direct != nil, "\(arguments) was left to ArgumentParser")
            #expect(direct == parsed, "\(arguments)")
        }
    }

    @Test func linesArgumentParserRefusesOrReadsOtherwiseAreLeftToIt() {
        let refused: [[String]] = [
            ["run"], ["run", "a", "b"], ["run", "todo", "--help"], ["run", "-h"], ["run", "--", "todo"],
            ["run", "todo", "--resume", "--fresh"],
            ["run", "todo", "--db", "x", "--no-store"], ["run", "todo", "--format", "xml"],
            ["run", "todo", "--timeout", "0"],
            ["run", "todo", "--timeout", "-5"], ["run", "todo", "--answers-format", "lines"],
            ["run", "todo", "--choices", "nofile"],
            ["run", "todo", "--resume", "--resume"], ["run", "todo", "--format", "json", "--format", "env"],
            ["run", "todo", "--resume=yes"],
            ["run", "todo", "--answers"], ["run", "todo", "--answers", "--fresh"], ["run", "-"], ["run", ""],
            ["run", "todo", "--version"],
            ["demo", "a", "b"], ["input", "--required", "--no-required"], ["input", "extra"],
            ["input", "--lines", "3"],
            ["choose", "--max", "two"], ["confirm"], ["confirm", "a", "b"], ["date", "--format", "yaml"],
            ["time", "--inline", "--no-inline"],
            ["records", "list"], ["--version"], [],
        ]
        for arguments in refused {
            #expect(DirectStart.command(arguments) == nil, "\(arguments) was read directly")
        }
    }

    /// Random lines from each command's words, right and wrong: whatever the
    /// direct start takes, ArgumentParser reads the same.
    @Test func randomLinesReadAsArgumentParserReadsThem() {
        let words: [String: [String]] = [
            "run": [
                "todo", "x.yaml", "--answers", "-", "a.json", "--answers-format", "lines", "json", "--format", "env",
                "template",
                "--db", "/tmp/k.sqlite", "--db=/tmp/k2", "--author", "ada", "--no-store", "--resume", "--fresh",
                "--repeat", "--no-animation", "--no-mouse", "--accessible",
                "--choices", "f=-", "g=list.txt", "--timeout", "30", "0", "--", "-h", "--formats", "=x", "help",
            ],
            "demo": ["todo", "swim", "help", "--no-animation", "--no-mouse", "--help", "-"],
            "input": [
                "--label", "Name", "--value", "--placeholder", "--type", "integer", "--pattern", "[a-z]+", "--required",
                "--no-required", "--secret", "--no-secret", "--history", "h", "--format", "json", "text", "--inline",
                "--no-inline",
                "--timeout", "5", "--no-animation", "word",
            ],
            "choose": [
                "a", "b", "--file", "f.txt", "--label", "Pick", "--multiple", "--no-multiple", "--max", "2", "x",
                "--selected",
                "--format=json", "--no-inline", "--timeout=3",
            ],
            "confirm": ["Go?", "Really?", "--default", "yes", "no", "--format", "json", "--inline", "--no-animation"],
        ]
        var random = SplitMix64(seed: 27)
        var readDirectly = 0
        for (command, vocabulary) in words.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<40 {
                let line =
                    [command]
                    + (0..<Int.random(in: 0...6, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
                let (direct, parsed) = Self.bothReadings(line)
                guard let direct else { continue }
                readDirectly += 1
                #expect(direct == parsed, "\(line)")
            }
        }
        #expect(readDirectly > 30, "only \(readDirectly) of 200 random lines were read directly")
    }

    /// The built binary says and does the same both ways: `--` before the
    /// positional words sends a line to ArgumentParser.
    @Test func bothWaysPrintTheSameAndExitTheSame() throws {
        let answers = #"{"text":"Buy milk","priority":"High","due":"2026/11/21"}"#
        let cases: [(direct: [String], parsed: [String], stdin: String?)] = [
            (["run", "todo", "--answers", "-"], ["run", "--answers", "-", "--", "todo"], answers),
            (
                ["run", "todo", "--answers", "-", "--format", "env", "--no-store"],
                ["run", "--answers", "-", "--format", "env", "--no-store", "--", "todo"], answers
            ),
            (["run", "todo", "--answers", "-"], ["run", "--answers", "-", "--", "todo"], #"{"priority":"Urgent"}"#),
            (
                ["run", "todo", "--format", "template", "--answers", "-"],
                ["run", "--format", "template", "--answers", "-", "--", "todo"], answers
            ),
            (["run", "no-such-form"], ["run", "--", "no-such-form"], nil),
            (["run", "todo", "--choices", "nofield=-"], ["run", "--choices", "nofield=-", "--", "todo"], "a\n"),
            (
                ["choose", "fix", "feat", "--selected", "feat"], ["choose", "--selected", "feat", "--", "fix", "feat"],
                nil
            ),
            (["choose", "fix", "--selected", "docs"], ["choose", "--selected", "docs", "--", "fix"], nil),
            (["confirm", "Go?", "--default", "no"], ["confirm", "--default", "no", "--", "Go?"], nil),
            (["demo", "no-such-app"], ["demo", "--", "no-such-app"], nil),
        ]
        for (direct, parsed, stdin) in cases {
            #expect(DirectStart.command(direct) != nil && DirectStart.command(parsed) == nil, "\(direct)")
            let one = try CLIRunner.run(direct, stdin: stdin)
            let other = try CLIRunner.run(parsed, stdin: stdin)
            #expect(
                one.status == other.status && one.stdout == other.stdout && one.stderr == other.stderr,
                "\(direct): \(one.status) \(one.stdout) \(one.stderr) | \(other.status) \(other.stdout) \(other.stderr)"
            )
        }
    }
}
