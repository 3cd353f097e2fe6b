import Foundation
import Testing

/// What shell scripts lean on (issue #20): answers only when asked for, a form
/// from a pipe, the command line read without /proc, names taken as `run`
/// takes them, and `fmt -` the same in every folder. (The terminal's side —
/// a pipe into `keyform run` on a terminal draws the form — is in
/// RunInTmuxTests; every run here has no terminal: `Programs.run` starts it
/// in a session of its own.)
@Suite struct ScriptingCLITests {
    static let todoRecord = #"{"text":"Buy milk","priority":"High","done":false,"due":null,"note":""}"# + "\n"

    // MARK: Answers

    @Test func answersAsLinesFromStdinOrAFile() throws {
        let piped = try CLIRunner.run(
            ["run", "todo", "--no-store", "--answers", "-", "--answers-format", "lines"],
            stdin: "Buy milk\nHigh\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == Self.todoRecord)
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("answers.txt")
        try "Buy milk\nHigh\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CLIRunner.run([
            "run", "todo", "--no-store", "--answers", file.path, "--answers-format", "lines",
        ])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout == Self.todoRecord)
        // JSON stays the default of --answers: lines are not JSON.
        let json = try CLIRunner.run(["run", "todo", "--no-store", "--answers", file.path])
        #expect(json.status == 2)
        #expect(json.stderr.hasPrefix("keyform: answers: "), "\(json.stderr)")
    }

    @Test func anAnswersFormatWithoutAnswersIsBadUsage() throws {
        let result = try CLIRunner.run(["run", "todo", "--no-store", "--answers-format", "lines"], stdin: "Buy milk\n")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(
                "--answers-format says how the --answers file is written; give --answers FILE, or - for stdin"),
            "\(result.stderr)")
    }

    // MARK: A form from a pipe

    /// `keyform run <(generate-form)`: the form is read from the pipe (capped as a
    /// file is); with no file name, its records are stored under its `name:`.
    @Test func aFormIsReadFromAPipe() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bash = try #require(Programs.find("bash"))
        let environment = [
            "KEYFORM_CONFIG": "/dev/null", "KEYFORM_DB": folder.appendingPathComponent("db.sqlite").path,
            "K": CLIRunner.binary.path,
        ]
        let named = try Programs.run(
            bash,
            ["-c", #""$K" run <(printf 'name: made\nfields:\n  - id: what\n') --answers <(echo '{"what":"it"}')"#],
            environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == #"{"what":"it"}"# + "\n")
        let listed = try Programs.run(bash, ["-c", #""$K" records list made --format json"#], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(#""what":"it""#), "\(listed.stdout)")

        // /dev/fd/63 would name the records "63": the form must name itself.
        let unnamed = try Programs.run(
            bash, ["-c", #""$K" run <(printf 'fields:\n  - id: what\n') --answers <(echo '{}')"#],
            environment: environment)
        #expect(unnamed.status == 2)
        #expect(
            unnamed.stderr.hasSuffix(
                ":1:1: error: a form read from a pipe has no file name to name its records by; add 'name: NAME' (a-z, 0-9 and _)\n"
            ),
            "\(unnamed.stderr)")
        #expect(unnamed.stdout == "")

        let checked = try Programs.run(
            bash, ["-c", #""$K" form check <(printf 'name: made\nfields:\n  - id: what\n    type: dat\n')"#],
            environment: environment)
        #expect(checked.status == 1)
        #expect(
            checked.stderr.hasSuffix(":4:11: error: unknown type 'dat'; did you mean 'date'?\n"), "\(checked.stderr)")

        let huge = try Programs.run(
            bash,
            [
                "-c",
                #""$K" run --no-store <(echo 'name: big'; head -c 1100000 /dev/zero | tr '\0' '#') --answers <(echo '{}')"#,
            ],
            environment: environment)
        #expect(huge.status == 2)
        #expect(huge.stderr.contains("1 MiB"), "\(huge.stderr)")
    }

    // MARK: Names and folders

    /// `form fmt -` looks in no folder: a form naming a layout formats the same
    /// beside its Layouts/ and where the name resolves nowhere (form check on the
    /// file says so).
    @Test func formattingStdinIsTheSameInEveryFolder() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
        try "rows:\n  - [Calm, Tense]\n".write(
            to: folder.appendingPathComponent("Layouts/moods.yaml"), atomically: true, encoding: .utf8)
        let form = "fields: [{id: mood, layout: moods, strict: true, default: Calm}]\n"
        let canonical = "fields:\n  - id: mood\n    layout: moods\n    strict: true\n    default: Calm\n"
        for directory in [folder, CLIRunner.packageRoot] {
            let result = try CLIRunner.run(["form", "fmt", "-"], stdin: form, in: directory)
            #expect(result.status == 0, "\(directory.path): \(result.stderr)")
            #expect(result.stdout == canonical)
        }
        let layout = try CLIRunner.run(
            ["layout", "fmt", "-"], stdin: "rows: [[{label: More, action: layout, to: moods}]]\n", in: folder)
        #expect(layout.status == 0, "\(layout.stderr)")
        // The form's own errors still stop it.
        let broken = try CLIRunner.run(["form", "fmt", "-"], stdin: "fields: [{id: mood, type: dat}]\n", in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr == "<stdin>:1:27: error: unknown type 'dat'; did you mean 'date'?\n")
    }

    @Test func aMisspeltWhereFieldGetsADidYouMean() throws {
        let cli = try StoreCLI()
        defer { cli.remove() }
        let db = cli.path("todo.sqlite")
        #expect(try cli.submit("todo", #"{"text":"Buy milk"}"#, database: db).status == 0)
        let list = try cli.run(["records", "list", "todo", "--where", "prio=High"], database: db)
        #expect(list.status == 2)
        #expect(list.stderr == "keyform: the form 'todo' has no field 'prio'; did you mean 'priority'?\n")
        let browse = try cli.run(["browse", "todo", "--where", "nots=x"], database: db)
        #expect(browse.status == 2)
        #expect(browse.stderr == "keyform: the form 'todo' has no field 'nots'; did you mean 'note'?\n")
        let nothingClose = try cli.run(["records", "export", "todo", "--where", "colour=red"], database: db)
        #expect(nothingClose.stderr == "keyform: the form 'todo' has no field 'colour'.\n")
    }

    // MARK: Without /proc

    /// Swift reads the command line from /proc/self/cmdline on Linux; without /proc
    /// (a bare chroot, some sandboxes) it saw none, and `keyform --version` or
    /// `keyform run …` printed the top-level help with status 0. Run here in a
    /// mount namespace of its own with /proc unmounted (root and unshare needed).
    @Test(.enabled(if: ProcFree.available, "needs root and unshare(1) with mount namespaces"))
    func argumentsAreReadWithoutProc() throws {
        let version = try ProcFree.run(["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.hasPrefix("keyform 0.1.0 (GNU readline "), "\(version.stdout)")
        let run = try ProcFree.run(
            ["run", "demo/todo.yaml", "--no-store", "--answers", "-"], stdin: #"{"text":"Buy milk","priority":"High"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.todoRecord)
        let wrong = try ProcFree.run(["run"])
        #expect(wrong.status == 2, "a missing FORM is still bad usage: \(wrong.stdout)")
    }

    /// `keyform` in a mount namespace without /proc.
    enum ProcFree {
        static let unshare = Programs.find("unshare")
        static let script = #"umount -l /proc && test ! -e /proc/self/cmdline && exec "$0" "$@""#

        static let available: Bool = {
            guard Programs.isRoot, let unshare,
                let probe = try? Programs.run(
                    unshare, ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "/bin/true"])
            else { return false }
            return probe.status == 0
        }()

        static func run(_ arguments: [String], stdin: String? = nil) throws -> CLIRunner.Result {
            let unshare = try #require(unshare)
            return try Programs.run(
                unshare,
                ["--mount", "--propagation", "private", "/bin/sh", "-c", script, CLIRunner.binary.path] + arguments,
                stdin: stdin, environment: ["KEYFORM_CONFIG": "/dev/null"])
        }
    }
}
