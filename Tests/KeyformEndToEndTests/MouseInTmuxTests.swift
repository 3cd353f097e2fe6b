import Foundation
import KeyformTestSupport
import Testing

/// The mouse in a real terminal: keyform asks tmux for SGR mouse reports
/// while the form is drawn, clicks (written as the terminal sends them) focus
/// fields, press grid keys and Done, and the reports are off again after the
/// form ends, however it ends.
@Suite(.serialized)
struct MouseInTmuxTests {
    /// The row and cell column where `text` first shows on the screen.
    static func find(_ text: String, in screen: String, from row: Int = 0) throws -> (row: Int, column: Int) {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index >= row {
            if let range = line.range(of: text) { return (index, line[..<range.lowerBound].count) }
        }
        throw NotOnScreen(description: "'\(text)' is not on the screen:\n\(Tmux.framed(screen))")
    }

    struct NotOnScreen: Error, CustomStringConvertible {
        var description: String
    }

    @Test func clicksFillTheTodoFormAndTheReportsEndWithIt() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(forText: "New To-Do", "› Text*")
        #expect(try tmux.mouseReporting() == (true, true))
        try tmux.type("Buy milk")
        screen = try tmux.wait(forText: "Buy milk")
        // A click on a field's label focuses it, as Alt-digit would.
        let status = try Self.find("Status", in: screen)
        try tmux.click(row: status.row, column: status.column)
        screen = try tmux.wait(forText: "› Status")
        let priority = try Self.find("Priority", in: screen)
        try tmux.click(row: priority.row, column: priority.column + 2)
        screen = try tmux.wait(forText: "› Priority", "[l] Low")
        // A click on a key presses it: the field takes it and moves on.
        let low = try Self.find("Low", in: screen, from: try Self.find("┌", in: screen).row)
        try tmux.click(row: low.row, column: low.column)
        screen = try tmux.wait(forText: "Priority  Low", "› Status")
        #expect(!screen.contains("[<"), "no report shows as text")
        let done = try Self.find("[ Done ]", in: screen)
        try tmux.click(row: done.row, column: done.column + 3)
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("\"priority\":\"Low\"") || result.stdout.contains("\"priority\": \"Low\""),
            "\(result.stdout)")
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try tmux.mouseReporting() == (false, false), "mouse reports left on after the form")
    }

    @Test(arguments: zip([SIGTERM, SIGHUP, SIGINT], [Int32(143), 129, 130]))
    func aSignalTurnsTheReportsOff(signal: Int32, status: Int32) throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        try run.tmux.wait(forText: "› Text*")
        #expect(try run.tmux.mouseReporting() == (true, true))
        #expect(kill(try run.pid(), signal) == 0)
        let result = try run.result()
        #expect(result.status == status)
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try run.tmux.mouseReporting() == (false, false), "mouse reports left on after the signal")
    }

    /// --no-mouse and the config's `mouse: false` (here its variable) leave the mouse to the terminal.
    @Test(arguments: [(["--no-mouse"], [String: String]()), ([], ["KEYFORM_MOUSE": "0"])])
    func theMouseCanBeLeftToTheTerminal(flags: [String], environment: [String: String]) throws {
        let run = try FormRun(["run", "demo/todo.yaml"] + flags, environment: environment)
        defer { run.close() }
        try run.tmux.wait(forText: "› Text*")
        #expect(try run.tmux.mouseReporting() == (false, false))
        try run.tmux.press("Escape")
        _ = try run.result()
    }

    /// The wheel moves a long grid's highlight a row at a time, past the rows
    /// the screen shows (the grid turns its rows with it); the footer names the
    /// key Enter would press.
    @Test func theWheelMovesALongGridsHighlight() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-wheel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("long.yaml")
        let options = (1...60).map { "Item \($0)" }.joined(separator: ", ")
        try "title: Long\nfields:\n  - id: item\n    label: Item\n    choices: [\(options)]\n".write(
            to: form, atomically: true, encoding: .utf8)
        let run = try FormRun(["run", form.path, "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(forText: "rows 1–15 of 21", "Item 43")
        #expect(!screen.contains("Item 58"), "a long grid shows some rows")
        let key = try Self.find("Item 4", in: screen)
        for _ in 0..<19 { try tmux.wheel(down: true, row: key.row, column: key.column) }
        // The first notch lights row 1 (Item 1), so 19 notches end on row 19.
        // Waiting for that row, not for any turn of the rows, lets every notch
        // arrive before the wheel goes back up (CI once caught the screen at
        // notch 18 and saw the up notch land on the same row).
        screen = try tmux.wait(for: "the rows turned with the highlight") {
            !$0.contains("rows 1–15") && $0.contains("Item 58") && $0.contains("Enter pick Item 55,")
        }
        #expect(!screen.contains("[<"), "no report shows as text")
        try tmux.wheel(down: false, row: key.row, column: key.column)
        try tmux.wait(forText: "Enter pick Item 52,")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try tmux.mouseReporting() == (false, false))
    }
}
