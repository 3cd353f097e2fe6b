import Foundation
import KeyformTestSupport
import Testing

/// A field of several lines in a real terminal: Ctrl-J breaks the line, and
/// Ctrl-E hands the value to `$EDITOR` (here a shell script standing in for
/// one) with the terminal handed over and taken back (issue 23).
@Suite(.serialized)
struct LongTextInTmuxTests {
    /// A folder with the form and the fake editor; removed by the caller.
    static func setUp(editor body: String) throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/kf-lt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "title: Order\nfields:\n  - id: notes\n    label: Notes\n    lines: 3\n"
            .write(to: folder.appendingPathComponent("order.yaml"), atomically: true, encoding: .utf8)
        // What the editor saw: its file's path, mode and text.
        let script =
            "echo \"$1\" > \"$KF_DIR/path\"; stat -c %a \"$1\" > \"$KF_DIR/mode\"; cat \"$1\" > \"$KF_DIR/seen\"\n"
            + body
        try script.write(to: folder.appendingPathComponent("editor.sh"), atomically: true, encoding: .utf8)
        return folder
    }

    static func run(_ folder: URL) throws -> FormRun {
        // Two words, no shell: `sh SCRIPT` is split at the space; VISUAL blank is as unset.
        try FormRun(
            ["run", folder.appendingPathComponent("order.yaml").path],
            environment: [
                "EDITOR": "sh " + folder.appendingPathComponent("editor.sh").path, "VISUAL": "", "KF_DIR": folder.path,
            ])
    }

    /// Ctrl-C in the editor is the editor's (its own foreground job, default
    /// signals): the script traps it and writes the file; the form goes on
    /// with the edited text, and Enter submits it. The file was private (0600)
    /// and is gone.
    @Test func ctrlEHandsTheValueToTheEditorAndCtrlCInItIsItsOwn() throws {
        let folder = try Self.setUp(
            editor: """
                trap 'printf "after ctrl-c\\nline two\\n" > "$1"; exit 0' INT
                echo "fake editor: waiting"
                while :; do read -r line; done

                """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(folder)
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Notes", "Ctrl-E editor")
        try tmux.type("old")
        try tmux.press("C-j")
        try tmux.type("text")
        try tmux.wait(forRow: "› Notes", "old")
        try tmux.wait(forRow: String(repeating: " ", count: 9) + "text")  // under the first line, in the value's column
        try tmux.press("C-e")
        try tmux.wait(forText: "fake editor: waiting")
        #expect(!(try tmux.alternateScreen()), "the editor runs on the shell's screen")
        try tmux.press("C-c")
        try tmux.wait(forRow: "› Notes", "after ctrl-c")
        try tmux.wait(forText: "line two", "Ctrl-E editor")
        #expect(try String(contentsOf: folder.appendingPathComponent("seen"), encoding: .utf8) == "old\ntext")
        #expect(try String(contentsOf: folder.appendingPathComponent("mode"), encoding: .utf8) == "600\n")
        let path = try String(contentsOf: folder.appendingPathComponent("path"), encoding: .utf8).trimmingCharacters(
            in: .newlines)
        #expect(!FileManager.default.fileExists(atPath: path), "the temporary file is removed")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"notes":"after ctrl-c\nline two"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// An editor that fails leaves the value as it was, and says so in the footer.
    @Test func aFailingEditorLeavesTheValueAndSaysSo() throws {
        let folder = try Self.setUp(editor: "printf 'never this' > \"$1\"; exit 1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.run(folder)
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Notes")
        try tmux.type("kept")
        try tmux.wait(forRow: "› Notes", "kept")
        try tmux.press("C-e")
        let screen = try tmux.wait(forText: "exited with status 1; the value is unchanged")
        #expect(screen.contains("kept") && !screen.contains("never this"), "\(screen)")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.stdout == #"{"notes":"kept"}"#)
    }
}
