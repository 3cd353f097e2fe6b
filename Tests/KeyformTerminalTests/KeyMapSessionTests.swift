import Foundation
import KeyformCore
import Testing

@testable import KeyformTerminal

/// The keys a person presses, through the real session (decoder, readline, key
/// maps, engine), and what the screen says they do (issue 12).
@MainActor
@Suite(.serialized) struct KeyMapSessionTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    func run(_ script: String, in context: FormContext) throws -> ScriptedRun.Result {
        ScriptedRun.run(context: context, state: .start(context), keys: try KeyScript.parse(script).get())
    }

    // MARK: A grid never picks a value the person did not choose

    @Test func enterOnAnEmptyGridLeavesTheFieldEmpty() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let before = try run("fae", in: swim)
        #expect(before.frame.text().contains("Enter leave empty, Done"), "\(before.frame.text())")
        #expect(before.frame.text().contains("[ Done ] ready: press Enter"))
        #expect(
            !before.frame.styleMap().split(separator: "\n").dropLast().contains { $0.contains("R") },
            "no key is highlighted")
        let result = try run("fae<Enter>", in: swim)
        guard case .submitted(let record)? = result.outcome else {
            Issue.record("not submitted:\n\(result.frame.text())")
            return
        }
        #expect(
            try RecordFormat.template(record, form: swim.form).trimmingCharacters(in: .newlines)
                == "2026-11-22 Freestyle 400m Easy")
    }

    @Test func theFirstArrowShowsTheHighlightAndEnterSaysWhatItPicks() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let result = try run("fae<Down>", in: swim)
        #expect(result.frame.text().contains("Enter pick Felt strong, Done"), "\(result.frame.text())")
    }

    @Test func anEmptyRequiredGridIsNotFilledByEnter() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let result = try run("t<Enter>", in: swim)
        #expect(result.state.focus == 1)
        #expect(result.state.entries[1].text == "", "not Freestyle")
        #expect(result.frame.text().contains("required"))
    }

    // MARK: Readline's history search

    /// Issue #20: Esc during Ctrl-R cancelled the whole form (exit 1); in bash
    /// it only leaves the search, keeping the line it found.
    @Test func escLeavesTheHistorySearchNotTheForm() throws {
        let todo = SwitchKeysTests.context
        let keys = try KeyScript.parse("<C-r>mil<Esc>").get()
        let result = ScriptedRun.run(
            context: todo, state: .start(todo), keys: keys,
            history: { id in id == "text" ? ["Buy milk", "Call mom"] : [] })
        #expect(result.outcome == nil, "the form is still open")
        #expect(result.state.entries[0].text == "Buy milk")
        #expect(!result.frame.text().contains("reverse-i-search"), "the search is over: \(result.frame.text())")
        // A second Esc, with no search, cancels as ever.
        let again = ScriptedRun.run(
            context: todo, state: .start(todo), keys: try KeyScript.parse("<C-r>mil<Esc><Esc>").get(),
            history: { id in id == "text" ? ["Buy milk"] : [] })
        #expect(again.outcome == .cancelled)
    }

    // MARK: The key list

    /// Issue #20: F1 lists every key of the view, from the same map; the next
    /// key closes it and does nothing else. In the keyboard `?` is typed text.
    @Test func f1ListsTheKeysAndAnyKeyClosesTheList() throws {
        let todo = SwitchKeysTests.context
        let open = try run("Buy milk<F1>", in: todo)
        let text = open.frame.text()
        #expect(text.contains("Keys · text (keyboard)"), "\(text)")
        for line in ["Enter/Tab", "Ctrl-S", "Alt-1…9", "Ctrl-C", "typing", "Any key goes back to the form."] {
            #expect(text.contains(line), "\(line): \(text)")
        }
        let closed = try run("Buy milk<F1>x", in: todo)
        #expect(closed.state.entries[0].text == "Buy milk", "the key that closes the list is not typed")
        #expect(closed.frame.text().contains("› text*"), "\(closed.frame.text())")
        let typed = try run("Why?", in: todo)
        #expect(typed.state.entries[0].text == "Why?", "? is typed in the keyboard")
        // In a switch F1 lists the switch's keys.
        let toggle = try run("Buy milk<Enter><F1>", in: todo)
        #expect(toggle.frame.text().contains("Keys · Status (switch)"), "\(toggle.frame.text())")
        #expect(toggle.frame.text().contains("Space"))
    }

    // MARK: Hints and keys

    @Test func tabOnAFieldWithoutKeysGoesToTheNextField() throws {
        let result = try run("Buy milk<Tab>", in: SwitchKeysTests.context)
        #expect(result.state.focus == 1)
        #expect(result.state.entries[0].text == "Buy milk")
        #expect(result.frame.text().contains("› Status"))
    }

    @Test func aLetterThatIsNoKeySaysSo() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let result = try run("tz", in: swim)
        #expect(result.frame.text().contains("! no key 'z' here"), "\(result.frame.text())")
        #expect(result.effects.last == .bell)
        #expect(result.state.focus == 1)
    }

    @Test func aHotkeyWorksFromAnyPageOfItsLayout() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        for (key, stroke) in [("w", "Warm-up"), ("p", "Pull"), ("o", "Open water")] {
            let result = try run("t" + key, in: swim)
            #expect(result.state.entries[1].text == stroke, "\(key)")
            #expect(result.state.focus == 2, "\(key): the pick commits the field")
        }
    }

    @Test func suspendAndRedrawAreOutputsOfTheSession() {
        let session = FormSession(context: SwitchKeysTests.context, state: .start(SwitchKeysTests.context))
        defer { session.close() }
        #expect(session.receive([0x1A]) == FormSession.Output(requests: [.suspend]))
        #expect(session.receive([0x0C]) == FormSession.Output(requests: [.redraw]))
        #expect(session.receive(Array("ab".utf8)).requests.isEmpty)
    }

    @Test func aRebindingChangesTheKeyAndTheFooter() throws {
        let keys = FormKeyMaps.standard.rebinding(.cancel, to: [.control("q")])
        let context = SwitchKeysTests.context
        let session = FormSession(context: context, state: .start(context), keys: keys)
        defer { session.close() }
        _ = session.receive(Array("ab".utf8))
        #expect(session.frame(width: 80, height: 24, color: false).text().contains("Enter/Tab next · Ctrl-Q cancel"))
        _ = session.receive([0x11])
        #expect(session.state.outcome == .cancelled)
    }

    // MARK: The question before a form

    @Test func typingAtTheQuestionIsShownAndNeverTakenAsAnAnswer() {
        let scene = QuestionScene(question: "Resume the draft?", details: ["Text: Buy milk"])
        #expect(scene.frame(width: 80, height: 24, color: false).text() == "Text: Buy milk\nResume the draft? [Y/n]")
        #expect(scene.receive(Array("Buy".utf8)) == [.bell, .bell, .bell])
        #expect(scene.outcome == nil, "the y of Buy is no yes")
        #expect(
            scene.frame(width: 80, height: 24, color: false).text()
                == "Text: Buy milk\nResume the draft? [Y/n] Buy\n“Buy” is no answer: Backspace erase · Esc cancel")
        _ = scene.receive([13])
        #expect(scene.outcome == nil, "Enter answers nothing while typing is shown")
        _ = scene.receive([127, 127, 127])
        #expect(scene.frame(width: 80, height: 24, color: false).text() == "Text: Buy milk\nResume the draft? [Y/n]")
        _ = scene.receive(Array("y".utf8))
        #expect(scene.outcome == .yes)
        #expect(
            scene.frame(width: 80, height: 24, color: false).text() == "Text: Buy milk\nResume the draft? [Y/n] yes")
    }

    /// In Japanese the question's footer and its word on stray keys are the
    /// catalogue's; y, n and Enter still answer.
    @Test func theQuestionInJapanese() {
        let scene = QuestionScene(
            question: "14:05 に保存した「新しいタスク」の下書きを再開しますか？", details: ["下書き — 件名: 牛乳"],
            language: .japanese)
        _ = scene.receive(Array("Bu".utf8))
        #expect(
            scene.frame(width: 80, height: 24, color: false).text()
                == "下書き — 件名: 牛乳\n14:05 に保存した「新しいタスク」の下書きを再開しますか？ [Y/n] Bu\n「Bu」は答えになりません: Backspace 消す · Esc 中止")
        _ = scene.receive([127, 127])
        _ = scene.receive(Array("n".utf8))
        #expect(scene.outcome == .no)
        #expect(
            scene.frame(width: 80, height: 24, color: false).text()
                == "下書き — 件名: 牛乳\n14:05 に保存した「新しいタスク」の下書きを再開しますか？ [Y/n] いいえ", "the answer in its words")
    }

    /// At 40 columns the Japanese question is wrapped, never cut: every word of it is on the screen.
    @Test func theQuestionIsWrappedNotCutAt40Columns() {
        let question = "14:05 に保存した「新しいタスク」の下書きを再開しますか？"
        let scene = QuestionScene(question: question, details: ["下書き — 件名: 牛乳"], language: .japanese)
        let frame = scene.frame(width: 40, height: 24, color: false)
        for line in frame.lines { #expect(TextWidth.cells(line.text) < 40, "'\(line.text)'") }
        #expect(
            frame.lines.dropFirst().map(\.text).joined().replacingOccurrences(of: " ", with: "")
                == (question + "[Y/n]").replacingOccurrences(of: " ", with: ""), "\(frame.text())")
        #expect(frame.cursor?.row == frame.lines.count - 1, "the cursor after [Y/n]")
        _ = scene.receive(Array("Bu".utf8))
        let stray = scene.frame(width: 40, height: 24, color: false)
        for line in stray.lines { #expect(TextWidth.cells(line.text) < 40, "'\(line.text)'") }
    }

    @Test func theQuestionsAnswerKeys() {
        for (bytes, answer) in [
            ([UInt8]([13]), TerminalRunner.Answer.yes), (Array("n".utf8), .no), ([3], .interrupted),
        ] {
            let scene = QuestionScene(question: "Resume?")
            _ = scene.receive(bytes)
            #expect(scene.outcome == answer)
        }
        let scene = QuestionScene(question: "Resume?")
        _ = scene.receive([27])
        _ = scene.flushPendingEscape()
        #expect(scene.outcome == .cancelled)
        #expect(scene.receive([26]) == [], "nothing after the answer")
        let suspending = QuestionScene(question: "Resume?")
        #expect(suspending.receive([26]) == [.suspend])
        #expect(suspending.stop(signal: SIGTERM) == .terminated(signal: SIGTERM))
    }

    @Test func theInlineWriterRewritesItsLinesInPlace() {
        var writer = InlineWriter(color: false)
        let one = Frame(width: 20, height: 1, lines: [Frame.Line("Resume? [Y/n] ")], cursor: .init(row: 0, column: 14))
        let first = String(decoding: writer.render(one), as: UTF8.self)
        #expect(first.hasPrefix("\r") && first.contains("Resume? [Y/n] ") && !first.contains("\u{1B}[1A"))
        #expect(writer.render(one).isEmpty, "nothing changed")
        let two = Frame(
            width: 20, height: 2, lines: [Frame.Line("Resume? [Y/n] B"), Frame.Line("hint")],
            cursor: .init(row: 0, column: 15))
        let second = String(decoding: writer.render(two), as: UTF8.self)
        #expect(second.hasPrefix("\r\u{1B}[0m") && second.contains("hint") && second.hasSuffix("\u{1B}[1A\r\u{1B}[15C"))
        let third = String(decoding: writer.render(one), as: UTF8.self)
        #expect(third.contains("\u{1B}[J"), "the hint line is cleared")
        #expect(String(decoding: writer.leave(), as: UTF8.self) == "\r\n")
        #expect(writer.leave().isEmpty)
    }
}
