import Foundation
import KeyformTestSupport
import Testing

/// `keyform run` in a real terminal: tmux panes driven with send-keys and read
/// with capture-pane, the result taken from `out=$(keyform run …)`, and the
/// terminal's settings compared before and after every run.
///
/// Serialized: each test starts its own tmux server and keyform, and two
/// cores are enough for one at a time.
@Suite(.serialized)
struct RunInTmuxTests {
    // MARK: Filling in forms

    @Test func fillTheTodoFormAndGetJSONFromCommandSubstitution() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "New To-Do", "› Text*")
        try tmux.type("Buy milk")
        try tmux.wait(forText: "Buy milk", "[ Done ] ready")
        // With color (the NO_COLOR test checks there is none then).
        #expect(Self.sgrParameters(try tmux.screen(attributes: true)).joined().contains { (31...37).contains($0) })
        try tmux.press("Enter")
        try tmux.wait(forText: "[h] High", "› Priority")
        try tmux.press("h")  // a hotkey presses its key and commits the field
        try tmux.wait(forText: "Priority  High", "› Status    [ ] In progress", "Space toggle")
        try tmux.press("Space")  // the status is a switch: Space flips it
        try tmux.wait(forText: "› Status    [✓] Complete")
        try tmux.press("Enter")
        try tmux.wait(forText: "Status    [✓] Complete", "› Due")
        try tmux.type("2026/11/21")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Note", "ready: press Enter")
        try tmux.type("from the corner shop")
        try tmux.press("Enter")

        let result = try run.result()
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"text":"Buy milk","priority":"High","done":true,"due":"2026-11-21","note":"from the corner shop"}"#
        )
        #expect(result.stderr == "")
        #expect(result.sttyAfter == result.sttyBefore)
        // The shell's screen is back (the form was on the alternate screen): the
        // wrapper's last line is there, and nothing of the form, on the screen or
        // above it (a dead pane's notice scrolls the screen up a line).
        let after = try tmux.wait(for: "the wrapper's last line") { _ in
            try tmux.screen(history: true).contains("wrapper: keyform exited with 0")
        }
        #expect(
            !(try tmux.screen(history: true)).contains("New To-Do"), "the form is left on the shell's screen:\n\(after)"
        )
    }

    @Test func doneIsDisabledWhileTheFormIsNotValid() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*", "[ Done ] disabled: Text is required")
        #expect(
            Self.style(of: "[ Done ] disabled:", in: try tmux.screen(attributes: true))?.contains(2) == true,
            "Done is drawn dimmed")
        // Enter on the empty required field: it stays, and says why.
        try tmux.press("Enter")
        try tmux.wait(forText: "› Text*", "✗ required")
        // The first typed character enables Done; Ctrl-U disables it again.
        try tmux.type("x")
        let ready = try tmux.wait(forText: "[ Done ] ready")
        #expect(!ready.contains("✗ required"))
        #expect(
            Self.style(of: "[ Done ]", in: try tmux.screen(attributes: true))?.contains(2) == false,
            "Done is no longer dimmed")
        try tmux.press("C-u")
        try tmux.wait(forText: "[ Done ] disabled: Text is required")
        try tmux.type("Buy milk")
        try tmux.wait(forText: "[ Done ] ready")
        try tmux.press("Enter", "Enter", "Enter", "Enter")  // Medium, To do, no date: to Note, the last field
        try tmux.wait(forText: "› Note", "[ Done ] ready: press Enter")
        // An invalid last field disables Done as it is typed; Enter then shows why and submits nothing.
        try tmux.type("a@b")
        try tmux.wait(forText: "[ Done ] disabled: Note must match the pattern ^[^@]*$")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Note", "✗ must match the pattern")
        #expect(!FileManager.default.fileExists(atPath: run.file("status").path))
        try tmux.press("BSpace", "BSpace")
        try tmux.wait(forText: "[ Done ] ready: press Enter")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"text":"Buy milk","priority":"Medium","done":false,"due":null,"note":"a"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func shiftTabGoesBackAcrossAPage() throws {
        let run = try FormRun(["run", "demo/swim.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        // Today is already right: the form opens on the stroke.
        try tmux.wait(forText: "Swim · Page 1/2: Set", "› Stroke*", "[f] Freestyle")
        try tmux.press("f")
        try tmux.wait(forText: "› Distance (m)*", "1500")
        try tmux.press("Down", "Down", "Enter")  // the first arrow shows 25; down to 400
        try tmux.wait(forText: "Swim · Page 2/2: How it went", "› Effort", "[e] Easy")
        try tmux.press("BTab")
        let back = try tmux.wait(forText: "Swim · Page 1/2: Set", "› Distance (m)*")
        #expect(back.contains("Stroke* Freestyle"))
        #expect(!back.contains("Effort"))
        // Forward again, and the values typed on page 1 are kept.
        try tmux.press("Enter")  // the highlighted 400
        try tmux.wait(forText: "Swim · Page 2/2", "› Effort")
        try tmux.press("h")
        try tmux.wait(forText: "› Note")
        try tmux.press("C-s")  // Done from any field: the note stays empty
        let result = try run.result()
        #expect(result.status == 0)
        #expect(
            result.stdout == #"{"date":"\#(Self.today)","stroke":"Freestyle","distance":400,"effort":"Hard","note":""}"#
        )
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func keysTypedDuringAPageTransitionAreNotLost() throws {
        let run = try FormRun(["run", "demo/swim.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Swim · Page 1/2: Set", "› Stroke*")
        // One send-keys: page 1 (stroke, distance: the page slides), then page 2.
        try tmux.press("f", "Down", "Down", "Enter", "e", "Tab", "felt good", "Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"date":"\#(Self.today)","stroke":"Freestyle","distance":400,"effort":"Easy","note":"felt good"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func keysTypedRightAfterThePageTurnAreNotLost() throws {
        let run = try FormRun(["run", "demo/swim.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Swim · Page 1/2: Set", "› Stroke*")
        try tmux.press("f", "Down", "Down", "Enter")
        // No wait: these arrive while page 2 slides in (about 150 ms).
        try tmux.press("x", "Tab")
        try tmux.type("long set")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"date":"\#(Self.today)","stroke":"Freestyle","distance":400,"effort":"Max","note":"long set"}"#)
    }

    // MARK: The terminal's size

    @Test func resizeReLaysTheScreenOut() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        try tmux.type("Buy milk")
        try tmux.press("Enter")
        let full = try tmux.wait(forText: "[h] High", "[ Done ] ready")

        try tmux.resize(width: 40, height: 12)
        let narrow = try tmux.wait(for: "the grid drawn 40 columns wide") { screen in
            let top = Self.line(of: "┌", in: screen)
            return top.count == 40 && top.hasSuffix("┐") && screen.contains("[ Done ] ready")
        }
        #expect(
            Self.lines(narrow).count == 12 && Self.lines(narrow)[11].hasPrefix("[ Done ] ready"),
            "the footer on the last of 12 rows")
        #expect(narrow.contains("› Priority  Medium"), "the focused field stays in view")
        // The key hints that do not fit are left out, whole.
        #expect(full.contains("←↑↓→ move · Enter pick Medium · Shift-Tab back · Esc cancel · F1 keys"), "\(full)")
        #expect(narrow.contains("Enter pick Medium · Esc cancel · F1 keys") && !narrow.contains("←↑↓→"), "\(narrow)")

        try tmux.resize(width: 10, height: 5)
        let tiny = try tmux.wait(for: "the too-small notice") { $0.lowercased().contains("too small") }
        #expect(!tiny.contains("┌"))

        try tmux.resize(width: 80, height: 24)
        try tmux.wait(for: "the full 80×24 screen drawn again as it was") { $0 == full }
        // And it still works.
        try tmux.press("l")
        try tmux.wait(forText: "Priority  Low", "› Status")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// While the screen asks for a larger window, typing changes nothing (it
    /// would edit a form nobody can see); Esc still cancels, as it says.
    @Test func keysTypedWhileTheTerminalIsTooSmallChangeNothing() throws {
        let run = try FormRun(["run", "demo/todo.yaml"], width: 20, height: 6)
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(for: "the too-small notice") { $0.contains("Terminal too small") }
        try tmux.type("Buy milk")
        try tmux.press("Enter")
        try tmux.resize(width: 80, height: 24)
        let screen = try tmux.wait(forText: "New To-Do", "[ Done ] disabled: Text is required")
        #expect(screen.contains("› Text*\n"), "nothing typed, still on the first field: \(screen)")
        try tmux.resize(width: 20, height: 6)
        try tmux.wait(for: "the too-small notice again") { $0.contains("Terminal too small") }
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// `form preview` on a terminal reads NO_COLOR as `run` does (no-color.org):
    /// set and not empty turns colour off; set but empty does not.
    @Test(arguments: [("", true), ("1", false)])
    func formPreviewReadsNoColorAsRunDoes(noColor: String, colored: Bool) throws {
        let folder = URL(fileURLWithPath: "/tmp/kf-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Tmux(
            command: [FormRun.binary.path, "form", "preview", "todo"],
            environment: ["KEYFORM_CONFIG": "/dev/null", "NO_COLOR": noColor], in: FormRun.packageRoot, folder: folder)
        defer { tmux.kill() }
        let screen = try tmux.wait(for: "the preview", attributes: true) {
            $0.contains("Text*") && $0.contains("[ Done ]")
        }
        // The focused field's marker is drawn in the accent colour (cyan) when there is colour.
        #expect(screen.contains("\u{1B}[36m") == colored, "\(screen)")
    }

    // MARK: What the screen says is what the keys do

    /// `keyform run demo/swim.yaml --format template`, keys f a e Enter (the form
    /// opens past the date, today already right): the
    /// note's grid highlights nothing, the footer says Enter leaves it empty,
    /// and it does (it once stored "(Felt strong)", a value nobody chose).
    @Test func enterOnAGridWithNothingHighlightedPicksNothing() throws {
        let run = try FormRun(["run", "demo/swim.yaml", "--format", "template", "--no-animation"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Stroke*", "[f] Freestyle")
        try tmux.press("f")
        try tmux.wait(forText: "› Distance (m)*", "[a] 400")
        try tmux.press("a")
        try tmux.wait(forText: "› Effort", "[e] Easy")
        try tmux.press("e")
        let note = try tmux.wait(forText: "› Note", "Enter leave empty, Done", "[ Done ] ready: press Enter")
        #expect(!note.contains("Enter pick"))
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == "\(Self.today) Freestyle 400m Easy")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// A database file of one test's own (removed with `remove`).
    static func scratchDatabase() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kf-run-\(UUID().uuidString.prefix(8)).sqlite")
    }

    static func remove(_ database: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
    }

    /// A first run of the to-do on `database`: `text` typed into Text, then `key`, ending with `status`.
    static func firstToDo(
        on database: URL, typing text: String, then key: String, status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let first = try FormRun(["run", "demo/todo.yaml"], environment: ["KEYFORM_DB": database.path])
        defer { first.close() }
        try first.tmux.wait(forText: "› Text*")
        try first.tmux.type(text)
        try first.tmux.wait(forText: text, "[ Done ] ready")
        try first.tmux.press(key)
        #expect(try first.result().status == status, sourceLocation: sourceLocation)
    }

    /// The offer to resume a draft shows what the draft holds, and typing there
    /// ("Buy", as into the form) is shown and answers nothing: its y is no yes.
    @Test func theResumeQuestionShowsTheDraftAndSwallowsNoTyping() throws {
        let database = Self.scratchDatabase()
        defer { Self.remove(database) }
        try Self.firstToDo(on: database, typing: "Call mom", then: "Escape", status: 1)
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["KEYFORM_DB": database.path])
        defer { run.close() }
        let tmux = run.tmux
        let asked = try tmux.wait(forText: "Draft — Text: Call mom", "Resume the draft of 'New To-Do'", "[Y/n]")
        #expect(asked.contains("Priority: Medium"), "\(asked)")
        try tmux.type("Buy")
        try tmux.wait(forText: "[Y/n] Buy", "“Buy” is no answer: Backspace erase · Esc cancel")
        #expect(!FileManager.default.fileExists(atPath: run.file("status").path), "the y of Buy did not answer")
        try tmux.press("BSpace", "BSpace", "BSpace")
        try tmux.wait(for: "the typing erased") { !$0.contains("is no answer") && $0.contains("[Y/n]") }
        try tmux.press("y")
        try tmux.wait(forText: "› Text*     Call mom")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// Ctrl-R searches the field's earlier values as readline does, and the
    /// screen says so: readline's `(reverse-i-search)` prompt in the footer,
    /// the match in the field; the prompt goes when the search ends.
    @Test func ctrlRShowsTheReverseSearchPrompt() throws {
        let database = Self.scratchDatabase()
        defer { Self.remove(database) }
        try Self.firstToDo(on: database, typing: "Buy milk", then: "C-s", status: 0)
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["KEYFORM_DB": database.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        try tmux.press("C-r")
        try tmux.wait(forText: "(reverse-i-search)`':")
        try tmux.type("mi")
        try tmux.wait(forText: "(reverse-i-search)`mi':", "› Text*     Buy milk")
        try tmux.type("q")
        try tmux.wait(forText: "(failed reverse-i-search)`miq':", "› Text*     Buy milk")
        try tmux.press("BSpace")
        // Backspace edits the search string (readline may still call the search failed).
        try tmux.wait(for: "the search string back to mi") { $0.contains("reverse-i-search)`mi':") }
        // Enter ends the search (and goes on to the next field, as Enter does).
        try tmux.press("Enter")
        let after = try tmux.wait(forRow: "› Priority")
        #expect(!after.contains("reverse-i-search"), "\(after)")
        #expect(after.contains("Text*     Buy milk"), "\(after)")
        try tmux.press("Escape")
        #expect(try run.result().status == 1)
    }

    /// Issue #20: Esc during Ctrl-R cancelled the whole form (exit 1); in bash
    /// it only leaves the search. And F1 lists the keys; any key goes back.
    @Test func escLeavesTheSearchAndF1ListsTheKeys() throws {
        let database = Self.scratchDatabase()
        defer { Self.remove(database) }
        try Self.firstToDo(on: database, typing: "Buy milk", then: "C-s", status: 0)
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["KEYFORM_DB": database.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        try tmux.press("C-r")
        try tmux.wait(forText: "(reverse-i-search)`':")
        try tmux.type("mi")
        try tmux.wait(forText: "(reverse-i-search)`mi':", "› Text*     Buy milk")
        try tmux.press("Escape")
        let after = try tmux.wait(for: "the search left, the form still open") {
            !$0.contains("reverse-i-search") && $0.contains("Enter/Tab next")
        }
        #expect(after.contains("› Text*     Buy milk"), "\(after)")
        #expect(!FileManager.default.fileExists(atPath: run.file("status").path), "the form was not cancelled")
        try tmux.press("F1")
        try tmux.wait(forText: "Keys · Text (keyboard)", "Ctrl-S     done", "Any key goes back to the form.")
        try tmux.press("x")
        try tmux.wait(forText: "› Text*     Buy milk", "Enter/Tab next")
        try tmux.press("Escape")
        #expect(try run.result().status == 1)
    }

    /// In vi mode the footer says what Esc does in each mode, and names the way
    /// to cancel: Esc in command mode (exit 1, the draft kept).
    @Test func viModeNamesWhatEscDoesAndHowToCancel() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-inputrc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputrc = folder.appendingPathComponent("inputrc")
        try "set editing-mode vi\n".write(to: inputrc, atomically: true, encoding: .utf8)

        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["INPUTRC": inputrc.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*", "Esc command mode")
        try tmux.type("abc")
        try tmux.wait(forText: "abc", "Esc command mode")
        try tmux.press("Escape")
        let command = try tmux.wait(forText: "Esc cancel", "i insert")
        #expect(command.contains("› Text*     abc"))
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    // MARK: Readline

    @Test func viModeThroughInputrc() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-inputrc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputrc = folder.appendingPathComponent("inputrc")
        try "set editing-mode vi\n".write(to: inputrc, atomically: true, encoding: .utf8)

        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["INPUTRC": inputrc.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        try tmux.type("abc")
        try tmux.wait(forText: "abc", "[ Done ] ready")
        let typing = try tmux.cursor()
        try tmux.press("Escape")
        // A lone Esc is known only after a pause: wait until readline has taken
        // it (vi's command mode moves the cursor back onto the "c").
        try tmux.poll(for: "the cursor to move back one cell (vi command mode)") {
            try tmux.cursor().x == typing.x - 1 ? true : nil
        }
        let still = try tmux.screen()
        #expect(still.contains("› Text*"), "Esc in vi mode belongs to readline: it must not cancel")
        #expect(!FileManager.default.fileExists(atPath: run.file("status").path))
        try tmux.type("0iX")
        try tmux.wait(forText: "Xabc")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Priority")
        try tmux.press("Enter", "Enter", "Enter", "Enter")  // Medium, To do, no date, no note: Done
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"text":"Xabc","priority":"Medium","done":false,"due":null,"note":""}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// On a terminal the form is drawn whatever stdin is: in
    /// `printf 'one\ntwo\n' | while read x; do keyform run …; done` each line asks
    /// once, and stdin's lines stay the loop's (they were taken as the answers,
    /// the first run ate the second line, and nothing was drawn).
    @Test func aPipeIntoRunOnATerminalStillDrawsTheForm() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: FormRun.prompt.trimmingCharacters(in: .whitespaces))
        let keyform = FormRun.quoted(FormRun.binary.path)
        try tmux.type(
            "printf 'one\\ntwo\\n' | while read x; do \(keyform) run demo/todo.yaml --no-store > \(run.folder.path)/$x; done; echo loop-status=$?"
        )
        try tmux.press("Enter")
        for (line, text) in [("one", "First"), ("two", "Second")] {
            try tmux.wait(for: "the form, empty, for the line '\(line)'") { screen in
                screen.contains("New To-Do") && screen.contains("› Text*") && !screen.contains("First")
            }
            try tmux.type(text)
            try tmux.wait(forText: "› Text*     \(text)", "[ Done ] ready")
            try tmux.press("Enter", "l", "Enter", "Enter", "Enter")  // Low, To do, no date, no note: Done
            let record = try tmux.poll(for: "the record of the line '\(line)'") {
                (try? run.read(line)).flatMap { $0.isEmpty ? nil : $0 }
            }
            #expect(record == #"{"text":"\#(text)","priority":"Low","done":false,"due":null,"note":""}"# + "\n")
        }
        try tmux.wait(forText: "loop-status=0")
    }

    @Test func typeAheadAltKeysAndBracketedPaste() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "e2e$")
        // Typed ahead: "Buy milk" is in the terminal's input before keyform starts.
        try tmux.press(run.commandLine(["run", "demo/todo.yaml"]), "Enter", "Buy milk")
        try tmux.wait(forText: "› Text*     Buy milk")
        // Alt-b arrives as ESC b in one read: readline's backward-word, not Esc.
        try tmux.press(" abc def", "M-b", "X")
        try tmux.wait(forText: "Buy milk abc Xdef")
        // A paste is one event: its line break and tab become spaces in a one-line field.
        try tmux.paste("one\ntwo\tthree ")
        try tmux.wait(forText: "Buy milk abc Xone two three def")
        try tmux.press("Enter", "l", "Enter", "Enter", "Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"text":"Buy milk abc Xone two three def","priority":"Low","done":false,"due":null,"note":""}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    // MARK: Leaving

    @Test func escCancelsWithStatus1() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        try run.tmux.wait(forText: "› Text*")
        try run.tmux.type("Buy")
        try run.tmux.wait(forText: "Buy")
        try run.tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func ctrlCInterruptsWithStatus130() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        try run.tmux.wait(forText: "› Text*")
        try run.tmux.type("Buy")
        try run.tmux.wait(forText: "Buy")
        try run.tmux.press("C-c")
        let result = try run.result()
        #expect(result.status == 130)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test(arguments: zip([SIGTERM, SIGHUP, SIGINT], [Int32(143), 129, 130]))
    func signalRestoresTheTerminal(signal: Int32, status: Int32) throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        try run.tmux.wait(forText: "› Text*")
        try run.tmux.type("Buy")
        try run.tmux.wait(forText: "Buy")
        #expect(kill(try run.pid(), signal) == 0)
        let result = try run.result()
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func ctrlZStopsAndFgRedraws() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: FormRun.prompt.trimmingCharacters(in: .whitespaces))
        try tmux.type(run.commandLine(["run", "demo/todo.yaml"]))
        try tmux.press("Enter")
        try tmux.wait(forText: "› Text*")
        try tmux.type("Buy")
        try tmux.wait(forText: "Buy")

        try tmux.press("C-z")
        // The job stops and the shell prompts again, on the shell's own screen.
        try tmux.wait(for: "the shell's prompt after the stopped job") { screen in
            screen.contains("Stopped") && Self.lines(screen).last(where: { !$0.isEmpty }) == "e2e$"
        }
        // What the stopped job left: the shell's own settings (compared with those
        // the wrapper saw before keyform started), echo and line editing on.
        let stopped = run.file("stty-stopped")
        try tmux.type(
            "stty -a > \(stopped.path).a; stty -g > \(stopped.path).part; mv \(stopped.path).part \(stopped.path)")
        try tmux.press("Enter")
        let settings = try tmux.poll(for: "stty's output while stopped") {
            try? String(contentsOf: stopped, encoding: .utf8)
        }
        #expect(settings == (try run.read("stty-before")))
        let all = try String(contentsOf: URL(fileURLWithPath: stopped.path + ".a"), encoding: .utf8)
        let words = all.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }).map(String.init)
        #expect(
            words.contains("echo") && words.contains("icanon") && words.contains("isig"), "sane while stopped:\n\(all)")

        try tmux.type("fg")
        try tmux.press("Enter")
        let redrawn = try tmux.wait(forText: "New To-Do", "› Text*", "Buy", "[ Done ] ready")
        #expect(!redrawn.contains("e2e$"))
        // Still works: finish the form.
        try tmux.type(" milk")
        try tmux.wait(forText: "Buy milk")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Priority")
        try tmux.press("m", "Enter", "Enter", "Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"text":"Buy milk","priority":"Medium","done":false,"due":null,"note":""}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    // MARK: Wide characters and NO_COLOR

    @Test func wideCharactersLineUp() throws {
        let run = try FormRun(["run", "demo/japanese.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "新しいタスク", "› 件名")
        try tmux.type("日本語é")
        let typed = try tmux.wait(forText: "日本語é")
        // The cursor stands just after the value: 3 wide characters and é.
        let row = Self.lines(typed).firstIndex { $0.contains("日本語é") }!
        let valueColumn = Self.cells(Self.lines(typed)[row].components(separatedBy: "日本語é")[0])
        #expect(try tmux.cursor().x == valueColumn + 7)
        #expect(try tmux.cursor().y == row)

        try tmux.press("Enter")
        let grid = try tmux.wait(forText: "[1] 高", "› 優先度")
        Self.expectGridAligned(grid)
        Self.expectValuesAligned(grid, labels: ["件名", "優先度", "メモ"])
        try tmux.press("1")
        let picked = try tmux.wait(forText: "› メモ")
        #expect(Self.lines(picked).contains { $0.contains("優先度") && $0.hasSuffix("高") })
        Self.expectValuesAligned(picked, labels: ["件名", "優先度", "メモ"])
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"title":"日本語é","priority":"高","memo":""}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// tmux 3.3 draws 👍🏽 in four cells where `TextWidth` (and newer terminals)
    /// say two: typing after it and deleting back, one Backspace per character,
    /// leaves no stale cell (tmux may show the emoji without its tone).
    @Test func anEmojiWithASkinToneLeavesNoStaleCells() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        func textRow(_ screen: String) -> String? {
            Self.lines(screen).first { $0.hasPrefix("› Text*") }.map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
        }
        let typed = "👍🏽 ok é"
        try tmux.type(typed)
        var shown = try tmux.wait(forText: "ok é")
        let prefix = try #require(textRow(shown)?.components(separatedBy: "👍")[0])
        var value = Array(typed)
        while !value.isEmpty {
            value.removeLast()
            try tmux.press("BSpace")
            let expected = String(prefix + String(value)).reversed().drop { $0 == " " }.reversed()
            // The whole row is what the value says: nothing left over where the old text was.
            shown = try tmux.wait(for: "the text row showing \(String(value).debugDescription)") { screen in
                guard let row = textRow(screen) else { return false }
                return row == String(expected) || row == String(expected).replacing("👍🏽", with: "👍")
            }
        }
        #expect(textRow(shown) == "› Text*", "\(shown)")
        try tmux.type("ok")
        try tmux.wait(forRow: "› Text*", "ok")
        try tmux.press("C-s")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"text":"ok","#), "\(result.stdout)")
    }

    @Test func noColorKeepsTheHighlightInReverseVideo() throws {
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["NO_COLOR": "1"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Text*")
        try tmux.type("Buy milk")
        try tmux.press("Enter")
        try tmux.wait(forText: "[h] High")
        let screen = try tmux.wait(for: "the highlight on Medium", attributes: true) {
            Self.highlighted($0) == "[m] Medium"
        }
        let parameters = Self.sgrParameters(screen)
        #expect(parameters.contains { $0.contains(7) }, "reverse video somewhere")
        let colors = parameters.flatMap { $0 }.filter {
            (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0)
        }
        #expect(colors.isEmpty, "no color under NO_COLOR, found SGR \(colors)")
        try tmux.press("Escape")
        #expect(try run.result().status == 1)
    }

    // MARK: Helpers

    static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The first line containing `text` ("" when none).
    static func line(of text: String, in screen: String) -> String {
        lines(screen).first { $0.contains(text) } ?? ""
    }

    /// The SGR parameter lists of a screen captured with attributes (`ESC [ … m`).
    static func sgrParameters(_ screen: String) -> [[Int]] {
        var result: [[Int]] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if rest[end] == "m" {
                result.append(rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
            }
            rest = rest[rest.index(after: end)...]
        }
        return result
    }

    /// The SGR attributes (1 bold, 2 dim, 7 reverse, and the color codes) in
    /// force where `text` first starts, in a screen captured with attributes.
    static func style(of text: String, in screen: String) -> Set<Int>? {
        var active: Set<Int> = []
        var rest = Substring(screen)
        while !rest.isEmpty {
            if rest.hasPrefix("\u{1B}["), let end = rest.dropFirst(2).firstIndex(where: { !($0.isNumber || $0 == ";") })
            {
                if rest[end] == "m" {
                    for parameter in rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(
                        separator: ";", omittingEmptySubsequences: false)
                    {
                        switch Int(parameter) ?? 0 {
                        case 0: active = []
                        case 22: active.subtract([1, 2])
                        case 27: active.remove(7)
                        case 39: active = active.filter { !((30...38).contains($0) || (90...97).contains($0)) }
                        case 49: active = active.filter { !((40...48).contains($0) || (100...107).contains($0)) }
                        case let code: active.insert(code)
                        }
                    }
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            if rest.hasPrefix(text) { return active }
            rest = rest.dropFirst()
        }
        return nil
    }

    /// The first run of text drawn in reverse video in a screen captured with attributes, trimmed.
    static func highlighted(_ screen: String) -> String? {
        var reverse = false
        var text = ""
        var rest = Substring(screen)
        while let first = rest.first {
            if rest.hasPrefix("\u{1B}["), let end = rest.dropFirst(2).firstIndex(where: { !($0.isNumber || $0 == ";") })
            {
                if rest[end] == "m" {
                    for parameter in rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(
                        separator: ";", omittingEmptySubsequences: false)
                    {
                        if parameter == "7" { reverse = true }
                        if parameter == "0" || parameter == "27" || parameter.isEmpty { reverse = false }
                    }
                    if !reverse, !text.isEmpty { break }
                }
                rest = rest[rest.index(after: end)...]
                continue
            }
            if reverse { text.append(first) }
            rest = rest.dropFirst()
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Terminal cells of a text: East Asian wide and fullwidth characters take 2.
    static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
                || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
                || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
                || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
            let combining = (0x0300...0x036F).contains(v)
            return total + (combining ? 0 : wide ? 2 : 1)
        }
    }

    /// The cell columns of the characters of `set` in a line.
    static func columns(of set: Set<Character>, in line: String) -> [Int] {
        var column = 0
        var found: [Int] = []
        for character in line {
            if set.contains(character) { found.append(column) }
            column += cells(String(character))
        }
        return found
    }

    /// Every line of the grid is as wide as its top border, and the key
    /// separators stand under the border's joints.
    static func expectGridAligned(_ screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let all = lines(screen)
        guard let top = all.firstIndex(where: { $0.hasPrefix("┌") }),
            let bottom = all.firstIndex(where: { $0.hasPrefix("└") }), bottom > top
        else {
            Issue.record("no grid on the screen:\n\(Tmux.framed(screen))", sourceLocation: sourceLocation)
            return
        }
        let joints = columns(of: ["┌", "┬", "┐"], in: all[top])
        for line in all[top...bottom] {
            #expect(
                cells(line) == cells(all[top]), "grid line \"\(line)\" is not as wide as the border",
                sourceLocation: sourceLocation)
            if line.hasPrefix("│") {
                #expect(
                    columns(of: ["│"], in: line) == joints,
                    "grid line \"\(line)\" does not line up with \"\(all[top])\"", sourceLocation: sourceLocation)
            }
        }
        #expect(columns(of: ["└", "┴", "┘"], in: all[bottom]) == joints, sourceLocation: sourceLocation)
    }

    /// The values of the fields start in one cell column, whatever the labels' widths.
    static func expectValuesAligned(
        _ screen: String, labels: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var starts: [Int] = []
        for label in labels {
            guard let line = lines(screen).first(where: { $0.dropFirst(2).hasPrefix(label) }) else {
                Issue.record("no line for \(label):\n\(Tmux.framed(screen))", sourceLocation: sourceLocation)
                return
            }
            let afterLabel = line.dropFirst(2 + label.count)
            let value = afterLabel.drop { $0 == " " || $0 == "*" }
            if value.isEmpty { continue }
            starts.append(cells(String(line.prefix(line.count - value.count))))
        }
        #expect(
            Set(starts).count <= 1, "value columns \(starts) differ:\n\(Tmux.framed(screen))",
            sourceLocation: sourceLocation)
        #expect(!starts.isEmpty, sourceLocation: sourceLocation)
    }

    /// `keyform layout preview` on a terminal highlights a key as the form will
    /// (issue 12: it showed no highlight, so it was not "as it will appear").
    @Test func layoutPreviewOnATerminalShowsTheHighlight() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: FormRun.prompt.trimmingCharacters(in: .whitespaces))
        try tmux.type(
            [FormRun.binary.path, "layout", "preview", "priority"].map(FormRun.quoted).joined(separator: " "))
        try tmux.press("Enter")
        let screen = try tmux.wait(for: "the preview and the prompt after it", attributes: true) { screen in
            screen.contains("[l] Low") && screen.split(separator: "\n").last?.hasPrefix("e2e$") == true
        }
        let row = try #require(screen.split(separator: "\n").first { $0.contains("[h] High") })
        // tmux writes the attributes it shows: reverse (7) on the first key's face only.
        #expect(row.contains("7m [h] High "), "\(row.debugDescription)")
        #expect(!row.contains("7m [m] Medium"), "\(row.debugDescription)")
    }
}
