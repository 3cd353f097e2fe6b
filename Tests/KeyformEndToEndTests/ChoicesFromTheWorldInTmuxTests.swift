import Foundation
import KeyformTestSupport
import Testing

/// Keys from a command and the form's time limit, in a real terminal (issue
/// 23): the spinner shows while the command runs and keys still work, then the
/// keys; a failing command's reason; a time limit's countdown and exit 124.
@Suite(.serialized)
struct ChoicesFromTheWorldInTmuxTests {
    static func formFile(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-world-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("deploy.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theSpinnerShowsWhileTheCommandRunsThenItsKeys() throws {
        let gate = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-gate-\(UUID().uuidString)")
        // The command waits for the test to open the gate: the spinner is on screen until then.
        let form = try Self.formFile(
            """
            name: deploy
            fields:
              - id: branch
                label: Branch
                choices: {command: [sh, -c, "while [ ! -e '\(gate.path)' ]; do sleep 0.05; done; printf 'main\\\\ndev\\\\n'"]}
                strict: true
              - id: note
            """)
        defer { try? FileManager.default.removeItem(at: form.deletingLastPathComponent()) }
        let run = try FormRun(["run", form.path, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Loading Branch…")
        // Keys still work while it runs: to the next field (Alt-2), typing there, and back.
        try tmux.press("M-2")
        try tmux.wait(forText: "› note")
        try tmux.type("hello")
        try tmux.wait(forText: "hello")
        try tmux.press("BTab")
        try tmux.wait(forText: "› Branch", "Loading Branch…")
        FileManager.default.createFile(atPath: gate.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: gate) }
        let keys = try tmux.wait(forText: "[1] main", "[2] dev")
        #expect(!keys.contains("Loading"), "\(keys)")
        try tmux.press("2")
        try tmux.wait(forText: "› note")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"branch":"dev","note":"hello"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func theCommandRunsAgainWhenTheAnswerItNamesChanges() throws {
        let form = try Self.formFile(
            """
            name: city
            fields:
              - id: country
              - id: city
                choices: {command: [sh, -c, 'echo "$0 North"; echo "$0 South"', "{{country}}"]}
            """)
        defer { try? FileManager.default.removeItem(at: form.deletingLastPathComponent()) }
        let run = try FormRun(["run", form.path, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› country")
        try tmux.type("Peru")
        try tmux.press("Enter")
        try tmux.wait(forText: "[1] Peru North", "[2] Peru South")
        try tmux.press("BTab")
        try tmux.wait(forText: "› country")
        try tmux.press("C-u")
        try tmux.type("Chile")
        try tmux.press("Enter")
        let again = try tmux.wait(forText: "[1] Chile North", "[2] Chile South")
        #expect(!again.contains("Peru North"), "\(again)")
        try tmux.press("2")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"country":"Chile","city":"Chile South"}"#)
    }

    @Test func aFailingCommandSaysWhyOnTheGrid() throws {
        let form = try Self.formFile(
            """
            name: deploy
            fields:
              - id: branch
                label: Branch
                choices: {command: [sh, -c, "printf 'fatal: not a \\\\033[2Jgit repository\\\\n' >&2; exit 128"]}
            """)
        defer { try? FileManager.default.removeItem(at: form.deletingLastPathComponent()) }
        let run = try FormRun(["run", form.path, "--no-store"])
        defer { run.close() }
        // The escape sequence from the command is written out, never acted on.
        try run.tmux.wait(forText: "Branch: sh failed (exit status 128): fatal: not a \\u{1B}[2Jgit repository", "abc")
        try run.tmux.press("Escape")
        #expect(try run.result().status == 1)
    }

    @Test func theTimeLimitCountsDownAndEndsWith124KeepingTheDraft() throws {
        let form = try Self.formFile(
            """
            name: timed
            fields:
              - id: a
              - id: b
            """)
        defer { try? FileManager.default.removeItem(at: form.deletingLastPathComponent()) }
        let run = try FormRun(["run", form.path, "--timeout", "3"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "3 s left")
        try tmux.type("typed before the end")
        try tmux.press("Enter")
        try tmux.wait(forText: "1 s left")
        let result = try run.result()
        #expect(result.status == 124)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
        // The draft was kept, as with Esc: the next run offers it.
        let again = try FormRun(
            ["run", form.path], environment: ["KEYFORM_DB": run.folder.appendingPathComponent("keyform.sqlite").path])
        defer { again.close() }
        try again.tmux.wait(forText: "Resume the draft")
    }
}
