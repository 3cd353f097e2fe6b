import Foundation
import Testing

/// Paths and input that are not what a command expects: a folder with nothing
/// to check, a link that loops, a file that cannot be read, a name with a line
/// break, more than a command takes. Each is an error that names the path and
/// says what is wrong, never a pass.
@Suite struct OddPathsCLITests {
    /// `$K` is the binary, `$DB` a fresh database, `$W` a scratch folder.
    func shell(_ script: String, in work: URL) throws -> CLIRunner.Result {
        try Programs.run(
            "/bin/sh", ["-c", script],
            environment: [
                "K": CLIRunner.binary.path, "DB": work.appendingPathComponent("db.sqlite").path, "W": work.path,
                "KEYFORM_CONFIG": "/dev/null",
            ])
    }

    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Nothing checked is not a pass: a CI step on a wrong folder must not go green.
    @Test func aFolderHoldingNoYAMLFileIsAnErrorForEveryCheck() throws {
        try withFolder { work in
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("empty"), withIntermediateDirectories: true)
            try "not yaml".write(to: work.appendingPathComponent("empty/notes.txt"), atomically: true, encoding: .utf8)
            for (arguments, noun) in [
                (["form", "check", "empty"], "form"), (["layout", "check", "empty"], "layout"),
                (["form", "fmt", "--check", "empty"], "form"), (["layout", "fmt", "--check", "empty"], "layout"),
                (["layout", "fmt", "empty"], "layout"),
            ] {
                let result = try CLIRunner.run(arguments, in: work)
                #expect(result.status == 2, "\(arguments): \(result.stderr)")
                #expect(
                    result.stderr
                        == "keyform: no \(noun) file (*.yaml) in 'empty', so nothing was done; give the files, "
                        + "or a folder that holds some\n", "\(arguments)")
            }
            // A folder that holds one is checked as before.
            try "title: X\nrows:\n  - [A]\n".write(
                to: work.appendingPathComponent("empty/a.yaml"), atomically: true, encoding: .utf8)
            #expect(try CLIRunner.run(["layout", "check", "empty"], in: work).status == 0)
        }
    }

    @Test func aLinkThatLoopsOrLeadsNowhereIsSaidSo() throws {
        try withFolder { work in
            try FileManager.default.createSymbolicLink(
                atPath: work.appendingPathComponent("loop.yaml").path, withDestinationPath: "loop.yaml")
            try FileManager.default.createSymbolicLink(
                atPath: work.appendingPathComponent("gone.yaml").path, withDestinationPath: "moved.yaml")
            let loop = try CLIRunner.run(["layout", "check", "loop.yaml"], in: work)
            #expect(loop.status == 2)
            #expect(loop.stderr == "keyform: a symbolic link that loops (it leads back to itself): loop.yaml\n")
            let gone = try CLIRunner.run(["form", "check", "gone.yaml"], in: work)
            #expect(gone.stderr == "keyform: a symbolic link to nothing (to moved.yaml): gone.yaml\n")
        }
    }

    /// `fmt --check` named no file when one could not be read, and stopped there.
    @Test func aFileFmtCannotReadIsNamedAndTheOthersAreStillChecked() throws {
        try withFolder { work in
            #expect(mkfifo(work.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
            try "title: X\nrows:\n  - [A,   B]\n".write(
                to: work.appendingPathComponent("z.yaml"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run(["layout", "fmt", "--check", "pipe.yaml", "z.yaml"], in: work)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "pipe.yaml:1:1: error: not a regular file (a folder, FIFO or device); give a YAML file\n"
                    + "z.yaml: not in canonical form; run: keyform layout fmt z.yaml\n")
        }
    }

    /// A read that fails is said in the system's words, not as Foundation's error domain.
    @Test func aFileThatFailsToReadSaysWhyInWords() throws {
        let result = try CLIRunner.run(["layout", "check", "/proc/self/mem"])
        #expect(result.status == 1)
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Code="), "\(result.stderr)")
        #expect(result.stderr == "/proc/self/mem:1:1: error: cannot read the file (Input/output error)\n")
    }

    /// A line break in an argument or a file name is written out: it cannot fake a second line.
    @Test func aLineBreakInAPathCannotFakeALine() throws {
        try withFolder { work in
            let fake = "x.yaml\nkeyform: all 3 files are fine"
            for arguments in [
                ["layout", "check", fake], ["form", "check", fake], ["run", fake, "--no-store"],
                ["records", "list", "todo", "--db", work.path + "/" + fake],
            ] {
                let result = try CLIRunner.run(arguments, stdin: "", in: work)
                #expect(result.status != 0)
                #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
                #expect(
                    result.stderr.contains(#"x.yaml\nkeyform: all 3 files are fine"#), "\(arguments): \(result.stderr)")
            }
            // A file found in a folder, with a line break in its name: its diagnostic is one line too.
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("layouts"), withIntermediateDirectories: true)
            try "title: X\nrows:\n  - [A, {label: B, action: nope}]\n"
                .write(to: work.appendingPathComponent("layouts/a\nb.yaml"), atomically: true, encoding: .utf8)
            let found = try CLIRunner.run(["layout", "check", "layouts"], in: work)
            #expect(found.status == 1)
            #expect(found.stderr.hasPrefix(#"layouts/a\nb.yaml:3:28: error: unknown action 'nope'"#), "\(found.stderr)")
            #expect(found.stderr.split(separator: "\n").count == 1, "\(found.stderr)")
        }
    }

    /// The argument parser's own errors quote the argument: a line break in it
    /// is written out there too, so it cannot fake a line of the message.
    @Test func aLineBreakInAnUnexpectedArgumentCannotFakeALine() throws {
        try withFolder { work in
            let fake = "x\nkeyform: all is well"
            for arguments in [
                ["run", "todo", fake], ["records", "list", "todo", "--format", fake], ["--frobnicate\n" + fake],
            ] {
                let result = try CLIRunner.run(arguments, stdin: "", in: work)
                #expect(result.status == 2, "\(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("\nkeyform: all is well"), "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(#"x\nkeyform: all is well"#), "\(arguments): \(result.stderr)")
            }
        }
    }

    /// Nesting deeper than the YAML reader goes is said in the author's words, at its place.
    @Test func deepNestingIsSaidWithoutTheParsersFunctionName() throws {
        try withFolder { work in
            let deep =
                "title: X\nrows:\n  - " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
                + "\n"
            try deep.write(to: work.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
            for arguments in [["layout", "check", "deep.yaml"], ["form", "check", "deep.yaml"]] {
                let result = try CLIRunner.run(arguments, in: work)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("yaml_"), "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("deep.yaml:3:"), "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("nested too deeply"), "\(arguments): \(result.stderr)")
            }
        }
    }

    /// `records import -` read up to 1 GiB of stdin; files and stdin are now capped alike, at 64 MiB.
    @Test func importReadsAtMost64MebibytesFromStdinOrAFile() throws {
        try withFolder { work in
            let piped = try shell(
                #"head -c 70000000 /dev/zero 2>/dev/null | tr '\0' ' ' 2>/dev/null | "$K" records import demo/todo.yaml - --format json --db "$DB""#,
                in: work)
            #expect(piped.status == 2, "\(piped.stderr)")
            #expect(
                piped.stderr == "keyform: stdin: standard input holds more than 64 MiB; import it in parts\n",
                "\(piped.stderr)")
            let file = try shell(
                #"head -c 70000000 /dev/zero | tr '\0' ' ' > "$W/big.json"; "$K" records import demo/todo.yaml "$W/big.json" --db "$DB""#,
                in: work)
            #expect(file.status == 2, "\(file.stderr)")
            #expect(
                file.stderr.hasSuffix("big.json: the file holds more than 64 MiB; import it in parts\n"),
                "\(file.stderr)")
        }
    }
}
