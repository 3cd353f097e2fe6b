import Foundation
import KeyformTestSupport
import Testing

/// The accessible mode in a real terminal: plain lines on the shell's own
/// screen (never the alternate one), answers typed and edited by readline,
/// the record on stdout and the exit statuses as the full screen's.
@Suite(.serialized)
struct AccessibleInTmuxTests {
    @Test func theTodoFormAnsweredLineByLine() throws {
        let run = try FormRun(["run", "demo/todo.yaml", "--accessible"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "New To-Do: 5 fields, one at a time.", "Field 1 of 5: Text, required, text.", "Text:")
        #expect(try !tmux.alternateScreen())
        #expect(try tmux.mouseReporting() == (false, false))
        // Enter alone on the empty required field: said, and asked again.
        try tmux.press("Enter")
        try tmux.wait(forText: "Text is required.")
        // Readline edits the line: a word typed, the last word killed with C-w, typed again.
        try tmux.type("Buy bread")
        try tmux.wait(forText: "Text: Buy bread")
        try tmux.press("C-w")
        try tmux.type("milk")
        try tmux.wait(forText: "Text: Buy milk")
        try tmux.press("Enter")
        try tmux.wait(forText: "Field 2 of 5: Priority, optional, one of: 1 High, 2 Medium, 3 Low.", "Now: Medium.")
        try tmux.type("1")
        try tmux.press("Enter")
        try tmux.wait(forText: "Field 3 of 5: Status")
        try tmux.press("Enter")
        try tmux.wait(forText: "Field 4 of 5: Due")
        try tmux.type("someday")
        try tmux.press("Enter")
        try tmux.wait(forText: "Due must be")
        try tmux.type("2026-12-24")
        try tmux.press("Enter")
        try tmux.wait(forText: "Field 5 of 5: Note")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Buy milk") && result.stdout.contains("High")
                && result.stdout.contains("2026-12-24"), "\(result.stdout)")
        #expect(result.sttyAfter == result.sttyBefore)
        let screen = try tmux.screen()
        #expect(screen.contains("Done: the form is submitted."), "\(screen)")
    }

    /// The 日本語 demo in Japanese, in a real terminal: the words are the
    /// catalogue's, and a line of just `<` goes back to the field before,
    /// which is announced again with the value it holds.
    @Test func theJapaneseFormInJapaneseGoesBackWithLessThan() throws {
        let run = try FormRun(["run", "demo/japanese.yaml", "--accessible"], environment: ["KEYFORM_LANG": "ja"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "新しいタスク: 3 項目を 1 つずつ尋ねます。", "「<」（小なり記号）だけを入力すると前の項目に戻ります。", "項目 1/3: 件名、必須、テキスト。")
        try tmux.press("Enter")
        try tmux.wait(forText: "件名は必須です。")
        try tmux.type("牛乳を買う")
        try tmux.press("Enter")
        try tmux.wait(forText: "項目 2/3: 優先度、任意、次のどれか: 1 高、2 中、3 低。")
        try tmux.type("<")
        try tmux.press("Enter")
        try tmux.wait(forText: "現在の値: 牛乳を買う。")
        try tmux.press("Enter")
        // The field after is asked again: its announcement shows a second time.
        _ = try tmux.wait(for: "優先度 asked again") { $0.components(separatedBy: "項目 2/3: 優先度").count == 3 }
        try tmux.type("1")
        try tmux.press("Enter")
        try tmux.wait(forText: "項目 3/3: メモ")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("牛乳を買う") && result.stdout.contains("高"), "\(result.stdout)")
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try tmux.screen().contains("完了: フォームを送信しました。"))
    }

    /// TERM=dumb asks the same way; Ctrl-D on an empty line cancels as Esc
    /// (exit 1) with the draft kept, and the next run offers it.
    @Test func aDumbTerminalIsAskedTooAndCtrlDCancels() throws {
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["TERM": "dumb"])
        defer { run.close() }
        try run.tmux.wait(forText: "Field 1 of 5: Text")
        try run.tmux.type("Call mom")
        try run.tmux.press("Enter")
        try run.tmux.wait(forText: "Field 2 of 5: Priority")
        try run.tmux.press("C-d")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try run.tmux.screen().contains("Cancelled; the draft is kept."))
    }

    /// Ctrl-C is a key here as on the full screen: keyform ends with 130 and
    /// the script around it (`out=$(keyform run …)`) goes on to record it.
    @Test func ctrlCInterruptsKeyformAloneAndKeepsTheDraft() throws {
        let run = try FormRun(["run", "demo/todo.yaml", "--accessible"])
        defer { run.close() }
        try run.tmux.wait(forText: "Text:")
        try run.tmux.type("Buy milk")
        try run.tmux.press("Enter")
        try run.tmux.wait(forText: "Priority:")
        try run.tmux.press("C-c")
        let result = try run.result()
        #expect(result.status == 130)
        #expect(result.sttyAfter == result.sttyBefore)
        #expect(try run.tmux.screen().contains("Interrupted; the draft is kept."))
    }

    @Test(arguments: zip([SIGTERM, SIGINT], [Int32(143), 130]))
    func aSignalGivesTheTerminalBack(signal: Int32, status: Int32) throws {
        let run = try FormRun(["run", "demo/todo.yaml", "--accessible"])
        defer { run.close() }
        try run.tmux.wait(forText: "Text:")
        try run.tmux.type("Buy")
        try run.tmux.wait(forText: "Text: Buy")
        #expect(kill(try run.pid(), signal) == 0)
        let result = try run.result()
        #expect(result.status == status)
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
