import Foundation
import KeyformTestSupport
import Testing

/// The demo's pickers (a list of vacations, of checklists; which one to
/// delete) in a real terminal: forms used as pickers, drawn as pickers.
@Suite(.serialized) struct DemoPickersTmuxTests {
    /// Issue 20: the vacations picker said "[ Done ] disabled: Vacation is
    /// required" (it is no form to complete), and its second row, one key
    /// under three, ended in a ragged edge with a border hanging from the row
    /// above. The row is stretched to the grid's width; no Done line.
    @Test func theVacationsPickerIsARectangleWithoutADoneLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try FormRun(["demo", "vacation", "--no-animation"], environment: ["XDG_DATA_HOME": folder.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forRow: "Vacation note · My Vacation")
        try tmux.press("q")
        var screen = try tmux.wait(forRow: "Which vacation? (a new name starts a new database)")
        screen = try tmux.wait(forText: "[x] Delete…")
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let top = try #require(rows.firstIndex { $0.hasPrefix("┌") })
        #expect(
            Array(rows[top...(top + 4)]) == [
                "┌─────────────────────────┬─────────────────────────┬─────────────────────────┐",
                "│     [1] My Vacation     │         [/] abc         │       [r] Rename…       │",
                "├─────────────────────────┴─────────────────────────┴─────────────────────────┤",
                "│                                 [x] Delete…                                 │",
                "└─────────────────────────────────────────────────────────────────────────────┘",
            ], "\(screen)")
        #expect(!screen.contains("Done"), "a picker has no Done line: \(screen)")
        #expect(!screen.contains("Vacation*"), "nor a required star: \(screen)")
        // x: which one to delete, a picker too.
        try tmux.press("x")
        screen = try tmux.wait(forRow: "Delete which vacation?")
        #expect(!screen.contains("Done"), "\(screen)")
        try tmux.press("Escape")
        try tmux.wait(forRow: "Which vacation?")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }

    /// Issue 23's inputs in one demo app: a secret typed masked, login shells
    /// from a command, 250 countries from a file narrowed by typing, and a
    /// reason of two lines. The demo read no `choices: {file:}` ("keys from
    /// countries.txt (not read here)"): only `keyform run` read them.
    @Test func theAccountDemoAsksWithTheInputsOfIssue23() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try FormRun(["demo", "account", "--no-animation"], environment: ["XDG_DATA_HOME": folder.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forRow: "› Login*")
        try tmux.type("ada")
        try tmux.press("Enter")
        try tmux.wait(forRow: "› Password*")
        try tmux.type("correct horse")
        var screen = try tmux.wait(forRow: "› Password*", "•••••••••••••")
        #expect(!screen.contains("correct horse"), "\(screen)")
        try tmux.press("Enter")
        try tmux.wait(forText: "[1] /")  // the shells, once grep has listed them
        try tmux.press("1")
        try tmux.wait(forRow: "Country · rows")
        try tmux.type("zeal")
        screen = try tmux.wait(forText: "1 of 250")
        #expect(screen.contains("New Zealand"), "\(screen)")
        try tmux.press("Enter")
        try tmux.wait(forRow: "  Country", "New Zealand")
        try tmux.type("Hello")
        try tmux.press("C-j")
        try tmux.type("from the lab")
        try tmux.wait(forRow: "", "from the lab")
        try tmux.press("C-s")
        // Stored, and the next request starts, its password empty again.
        screen = try tmux.wait(forText: "✓ Saved")
        #expect(screen.contains(", New Zealand)"), "\(screen)")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0, "stderr: \(result.stderr)")
    }
}
