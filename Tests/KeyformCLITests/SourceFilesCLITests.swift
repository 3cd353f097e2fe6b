import Foundation
import Testing

/// Files as people keep them: linked folders and files, hard links, FIFOs.
/// A check must never pass by checking nothing, `fmt` must never replace a
/// link or widen a file's mode, and nothing may hang on a file that is not one.
@Suite struct SourceFilesCLITests {
    static let messy = "title: Priority\nrows:\n  - [High,   Medium, Low]\n"
    static let broken = "title: X\nrows:\n  - [A, {label: B, action: nope}]\n"

    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test func aLinkedFolderIsCheckedAndALinkLoopEnds() throws {
        try withFolder { work in
            let real = work.appendingPathComponent("real")
            try FileManager.default.createDirectory(
                at: real.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Self.broken.write(to: real.appendingPathComponent("sub/bad.yaml"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: work.appendingPathComponent("linked").path, withDestinationPath: real.path)
            try FileManager.default.createSymbolicLink(
                atPath: real.appendingPathComponent("sub/loop").path, withDestinationPath: real.path)
            let result = try CLIRunner.run(["layout", "check", "linked"], in: work)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "linked/sub/bad.yaml:3:28: error: unknown action 'nope'; expected 'text', 'keyboard', 'page', "
                    + "'layout', 'backspace', 'clear', 'done', 'next' or 'previous'\n")
            let forms = try CLIRunner.run(["form", "check", "linked"], in: work)
            #expect(forms.status == 1, "\(forms.stderr)")
        }
    }

    @Test func fmtFormatsALinksTargetAndKeepsModeAndLinks() throws {
        try withFolder { work in
            let target = work.appendingPathComponent("priority.yaml").path
            try Self.messy.write(toFile: target, atomically: true, encoding: .utf8)
            chmod(target, 0o640)
            let link = work.appendingPathComponent("link.yaml").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let hard = work.appendingPathComponent("hard.yaml").path
            #expect(Glibc.link(target, hard) == 0)

            let result = try CLIRunner.run(["layout", "fmt", "link.yaml"], in: work)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            let formatted = try String(contentsOfFile: target, encoding: .utf8)
            #expect(formatted.contains("[High, Medium, Low]"))
            #expect(
                try String(contentsOfFile: hard, encoding: .utf8) == formatted, "the hard link still shares the file")
            var info = stat()
            #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o640)

            // A file with one name is replaced in one step, with its mode.
            let single = work.appendingPathComponent("single.yaml").path
            try Self.messy.write(toFile: single, atomically: true, encoding: .utf8)
            chmod(single, 0o600)
            #expect(try CLIRunner.run(["layout", "fmt", "single.yaml"], in: work).status == 0)
            #expect(stat(single, &info) == 0 && info.st_mode & 0o7777 == 0o600)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
                    == ["hard.yaml", "link.yaml", "priority.yaml", "single.yaml"], "no temporary file is left")
        }
    }

    /// A FIFO is refused where a file is watched or searched; `run` and `form check`
    /// read a form from a pipe (`keyform run <(…)`), and one with no writer is empty
    /// at once: neither waits.
    @Test func aFIFONamedYamlIsRefusedNotWaitedOn() throws {
        try withFolder { work in
            #expect(mkfifo(work.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
            let expected = "pipe.yaml:1:1: error: not a regular file (a folder, FIFO or device); give a YAML file"
            for arguments in [
                ["layout", "check", "pipe.yaml"], ["layout", "check", "."], ["layout", "preview", "pipe.yaml"],
            ] {
                let result = try CLIRunner.run(arguments, stdin: "", in: work)
                #expect(result.status != 0, "\(arguments)")
                #expect(
                    result.stderr.contains(expected.replacingOccurrences(of: "pipe.yaml:", with: "")),
                    "\(arguments): \(result.stderr)")
            }
            for arguments in [["form", "check", "pipe.yaml"], ["run", "pipe.yaml", "--no-store"]] {
                let result = try CLIRunner.run(arguments, stdin: "", in: work)
                #expect(result.status != 0, "\(arguments)")
                #expect(
                    result.stderr.contains("pipe.yaml:1:1: error: the file is empty"), "\(arguments): \(result.stderr)")
            }
        }
    }
}
