import Foundation
import KeyformTestSupport
import Testing

/// A form's `rules:` in a real terminal: a broken rule keeps Done disabled with
/// its message on the footer and under the field it marks; fixing the value
/// lets the form submit (docs/form-format.md "Rules across fields").
@Suite(.serialized)
struct RulesInTmuxTests {
    static let form = """
        title: Shift
        name: shift
        fields:
          - {id: start, label: Start, type: time}
          - {id: end, label: End, type: time}
        rules:
          - name: end-after-start
            check: end >= start
            message: The end comes after the start

        """

    @Test func aBrokenRuleBlocksDoneWithItsMessageAndFixingTheValueUnblocksIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-rules-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shift.yaml")
        try Self.form.write(to: path, atomically: true, encoding: .utf8)

        let run = try FormRun(["run", path.path, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Shift", "› Start")
        try tmux.type("10:00")
        try tmux.press("Enter")
        try tmux.wait(forText: "› End", "[ Done ] ready")
        try tmux.type("9:00")
        try tmux.wait(forText: "[ Done ] disabled: The end comes after the start")
        // Enter on the last field presses Done: it stays, and the message is under End.
        try tmux.press("Enter")
        try tmux.wait(forText: "✗ The end comes after the start", "Done is disabled: The end comes after the start")
        // Fixing the end lets go of Done at once; Enter submits.
        try tmux.press("C-u")  // readline kills the line: an empty end makes the rule wait
        try tmux.wait(forText: "[ Done ] ready")
        try tmux.type("11:30")
        try tmux.wait(forText: "11:30", "[ Done ] ready")
        let fixed = try tmux.screen()
        #expect(!fixed.contains("The end comes after the start"), "\(fixed)")
        try tmux.press("Enter")

        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"start":"10:00","end":"11:30"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
