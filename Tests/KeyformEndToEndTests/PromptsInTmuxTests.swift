import Foundation
import KeyformTestSupport
import Testing

/// Issue 24's prompts on a real terminal, as a script uses them
/// (`out=$(keyform input …)`): drawn under the cursor with the shell's lines
/// left above, keys from the terminal, the answer alone on stdout, the
/// terminal as it was after.
@Suite(.serialized)
struct PromptsInTmuxTests {
    @Test func inputIsTypedUnderTheCursorAndPrinted() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "e2e$")
        try tmux.type(
            "echo the line before; " + run.commandLine(["input", "--label", "Name", "--placeholder", "Ada Lovelace"]))
        try tmux.press("Enter")
        let empty = try tmux.wait(forText: "› Name  Ada Lovelace", "Enter answer · Esc cancel")
        #expect(!(try tmux.alternateScreen()), "inline: on the shell's screen")
        #expect(empty.contains("the line before"), "the scrollback stays:\n\(empty)")
        try tmux.type("Grace")
        try tmux.wait(forText: "› Name  Grace")
        // A paste is one event: its line break is not Enter.
        try tmux.paste(" Brewster\nHopper")
        try tmux.wait(forText: "› Name  Grace Brewster Hopper")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == "Grace Brewster Hopper")
        #expect(result.stderr == "")
        #expect(result.sttyAfter == result.sttyBefore)
        // What was asked stays on the screen with its answer, and nothing of the footer.
        let after = try tmux.wait(forText: "wrapper: keyform exited with 0")
        #expect(after.contains("the line before"))
        #expect(after.contains("› Name  Grace Brewster Hopper"))
        #expect(!after.contains("Esc cancel"), "\(after)")
    }

    @Test func inputChecksItsTypeAsAFieldDoes() throws {
        let run = try FormRun(["input", "--type", "integer", "--label", "Age"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Age")
        try tmux.type("forty")
        try tmux.press("Enter")
        try tmux.wait(forText: "✗")
        try tmux.press("C-u")
        try tmux.type("42")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0 && result.stdout == "42", "\(result.stderr)")
    }

    @Test func writeBreaksLinesWithCtrlJAndAnswersWithEnter() throws {
        let run = try FormRun(["write", "--label", "Details", "--lines", "3"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Details")
        try tmux.type("No onions")
        try tmux.press("C-j")
        try tmux.type("Extra pickles")
        try tmux.wait(forText: "No onions", "Extra pickles")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "No onions\nExtra pickles")
    }

    @Test func aSecretIsTypedMasked() throws {
        let run = try FormRun(["input", "--secret", "--label", "PIN"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› PIN")
        try tmux.type("1234")
        let typed = try tmux.wait(forText: "› PIN  ••••")
        #expect(!typed.contains("1234"))
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0 && result.stdout == "1234")
    }

    @Test func historyOffersEarlierAnswersOnUp() throws {
        let state = try CLIFolder()
        defer { state.remove() }
        try FileManager.default.createDirectory(
            at: state.url.appendingPathComponent("keyform/history"), withIntermediateDirectories: true)
        try "api\ncli\n".write(
            to: state.url.appendingPathComponent("keyform/history/scope"), atomically: true, encoding: .utf8)
        let run = try FormRun(
            ["input", "--label", "Scope", "--history", "scope"], environment: ["XDG_STATE_HOME": state.url.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Scope")
        try tmux.press("Up")
        try tmux.wait(forText: "› Scope  cli")
        try tmux.press("Up")
        try tmux.wait(forText: "› Scope  api")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.stdout == "api")
        #expect(
            try String(contentsOf: state.url.appendingPathComponent("keyform/history/scope"), encoding: .utf8)
                == "api\ncli\napi\n")
    }

    @Test func chooseReadsOptionsFromAPipeAndKeysFromTheTerminal() throws {
        let run = try FormRun.shell()
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "e2e$")
        let keyform = FormRun.quoted(FormRun.binary.path)
        try tmux.type(
            "printf 'main\\nfeature/x\\nfix/y\\n' | \(keyform) choose --label Branch > \(run.folder.path)/out; echo status=$?"
        )
        try tmux.press("Enter")
        try tmux.wait(forText: "› Branch", "[1] main", "[2] feature/x", "[3] fix/y")
        try tmux.press("2")
        try tmux.wait(forText: "status=0")
        #expect(try run.read("out") == "feature/x\n")
    }

    @Test func chooseSeveral() throws {
        let run = try FormRun(["choose", "--multiple", "--label", "Stage", "a.txt", "b.txt", "c.txt"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Stage", "[1] a.txt", "Done")
        try tmux.press("3")
        try tmux.press("1")
        try tmux.wait(forText: "› Stage  c.txt, a.txt", "Enter keep c.txt, a.txt")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == "c.txt\na.txt")
    }

    @Test func chooseFromALongListByTyping() throws {
        let options = (1...34).map { "opt\($0)" } + ["Zebra", "Yak"]
        let filtered = try FormRun(["choose"] + options)
        defer { filtered.close() }
        try filtered.tmux.wait(forText: "Zebra", "/ filter")
        try filtered.tmux.type("zeb")
        try filtered.tmux.wait(forText: "Filter: zeb · 1 of 36", "Enter pick Zebra")
        try filtered.tmux.press("Enter")
        let picked = try filtered.result()
        #expect(picked.status == 0 && picked.stdout == "Zebra", "\(picked.stderr)")
        // A digit is still the hotkey of one of the first nine.
        let hotkey = try FormRun(["choose"] + options)
        defer { hotkey.close() }
        try hotkey.tmux.wait(forText: "[3] opt3", "/ filter")
        try hotkey.tmux.type("3")
        let third = try hotkey.result()
        #expect(third.status == 0 && third.stdout == "opt3", "\(third.stderr)")
    }

    @Test(arguments: [("y", Int32(0)), ("n", Int32(1)), ("Escape", Int32(1))])
    func confirmAnswersWithItsStatus(key: String, status: Int32) throws {
        let run = try FormRun(["confirm", "Commit changes?"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Commit changes?  [✓] yes", "[y] Yes", "[n] No")
        try tmux.press(key)
        let result = try run.result()
        #expect(result.status == status)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func aPromptLeftAloneEndsWith124() throws {
        let run = try FormRun(["input", "--label", "Name", "--timeout", "2"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Name", "2 s left")
        try tmux.type("Ada")
        let result = try run.result()
        #expect(result.status == 124, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func confirmInterruptedIs130() throws {
        let run = try FormRun(["confirm", "Sure?"])
        defer { run.close() }
        try run.tmux.wait(forText: "› Sure?")
        #expect(kill(try run.pid(), SIGINT) == 0)
        let result = try run.result()
        #expect(result.status == 130)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func dateIsPickedOnTheCalendar() throws {
        let run = try FormRun(["date", "--label", "Due", "--value", "2026-11-21"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Due  2026-11-21", "November 2026")
        try tmux.press("Right")
        try tmux.wait(forText: "Enter pick 2026-11-22")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0 && result.stdout == "2026-11-22", "\(result.stderr)")
    }

    @Test func timeIsTypedOnTheKeypad() throws {
        let run = try FormRun(["time", "--format", "json"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Time", "[d] Done")
        try tmux.press("0", "7", "3", "0")
        try tmux.wait(forText: "› Time  0730")
        try tmux.press("d")
        let result = try run.result()
        #expect(result.status == 0 && result.stdout == "\"07:30\"", "\(result.stderr)")
    }

    @Test func noInlineDrawsOnTheFullScreen() throws {
        let run = try FormRun(["input", "--no-inline", "--label", "Name"])
        defer { run.close() }
        let tmux = run.tmux
        let screen = try tmux.wait(forText: "› Name")
        #expect(try tmux.alternateScreen())
        // The footer at the bottom of the screen.
        #expect(
            screen.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }.last?.hasPrefix(
                "Enter answer") == true,
            "\(screen)")
        try tmux.press("Escape")
        #expect(try run.result().status == 1)
    }
}

/// A scratch folder removed by the test.
struct CLIFolder {
    let url = URL(fileURLWithPath: "/tmp/kf-prompt-\(UUID().uuidString.prefix(8))")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
