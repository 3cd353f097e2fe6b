import Foundation
import KeyformCore
import Synchronization
import Testing

@testable import KeyformTerminal

/// The accessible mode by transcript: every line said and every prompt with
/// the answer typed after it, exactly, for the demo forms. The conversation
/// runs the one form engine, so the record is the full screen's.
@MainActor
@Suite(.serialized) struct AccessibleTranscriptTests {
    /// Answers given in turn; the transcript is what a person would read on a
    /// dumb terminal (a secret's answer is not echoed; Ctrl-D shows as ^D).
    final class Script: AccessibleLines {
        var answers: [AccessibleAnswer]
        var transcript: [String] = []
        var histories: [[String]] = []
        /// Signals that come while the record is saved (Ctrl-C shows as ^C).
        var signalsWhileSaving: [Int32] = []
        init(_ answers: [AccessibleAnswer]) { self.answers = answers }
        func say(_ lines: [String]) { transcript += lines }
        func wait(until done: () -> Bool) -> Int32? {
            if !signalsWhileSaving.isEmpty {
                transcript.append("^C")
                return signalsWhileSaving.removeFirst()
            }
            while !done() { usleep(1000) }
            return nil
        }
        func read(prompt: String, history: [String], secret: Bool) -> AccessibleAnswer {
            histories.append(history)
            let answer = answers.isEmpty ? .endOfInput : answers.removeFirst()
            switch answer {
            case .line(let text): transcript.append(prompt + (secret ? "" : text))
            case .endOfInput: transcript.append(prompt + "^D")
            case .signal: transcript.append(prompt + "^C")
            }
            return answer
        }
    }

    static func demo(_ name: String) throws -> FormContext {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("demo/\(name).yaml")))
        let layouts = ShippedLayouts.sources.compactMapValues { LayoutParser.parse($0).value }
        let form = try #require(
            FormParser.parse(
                bytes: bytes, stem: name, layouts: { layouts[$0].map(LayoutAvailability.found) ?? .missing }
            ).value)
        return try FormContext(
            form: form, layouts: layouts, clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))
    }

    static func talk(
        _ context: FormContext, _ answers: [String], hooks: TerminalRunner.Hooks = TerminalRunner.Hooks(),
        signalsWhileSaving: [Int32] = []
    )
        -> (outcome: FormState.Outcome, transcript: String, script: Script)
    {
        let script = Script(answers.map { $0 == "^D" ? .endOfInput : $0 == "^C" ? .signal(SIGINT) : .line($0) })
        script.signalsWhileSaving = signalsWhileSaving
        let outcome = AccessibleRun.converse(context: context, state: .start(context), lines: script, hooks: hooks)
        return (outcome, script.transcript.joined(separator: "\n"), script)
    }

    @Test func theTodoForm() throws {
        let todo = try Self.demo("todo")
        let talk = Self.talk(todo, ["", "Buy milk", "1", "", "someday", "2026-12-24", ""])
        #expect(
            talk.transcript == """
                New To-Do: 5 fields, one at a time.
                Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels.
                A line of just < (the less-than sign) goes back to the field before.
                Field 1 of 5: Text, required, text.
                Text: 
                Text is required.
                Text: Buy milk
                Field 2 of 5: Priority, optional, one of: 1 High, 2 Medium, 3 Low.
                Now: Medium.
                Priority: 1
                Field 3 of 5: Status, optional, one of: 1 In progress, 2 Complete.
                Now: In progress.
                Status: 
                Field 4 of 5: Due, optional, a date, like 2026-11-27, today or tomorrow.
                Due: someday
                Due must be a date: 2026-11-21, today, yesterday or tomorrow.
                Due: 2026-12-24
                Field 5 of 5: Note, optional, text.
                Note: 
                Done: the form is submitted.
                """)
        guard case .submitted(let record) = talk.outcome else {
            Issue.record("not submitted: \(talk.outcome)")
            return
        }
        #expect(
            try RecordFormat.template(record, form: todo.form).trimmingCharacters(in: .newlines)
                == "2026-12-24 Buy milk [High]")
    }

    /// The swim log, opened on the stroke (its date is already today): a
    /// stroke on the grid's second page picked by its name in lower case, a
    /// distance by its text (400, not the fifth key), a value below the
    /// minimum said and asked again.
    @Test func theSwimForm() throws {
        let swim = try Self.demo("swim")
        let talk = Self.talk(swim, ["", "open water", "5", "400", "2", "1"])
        #expect(
            talk.transcript == """
                Swim: 5 fields, one at a time.
                Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels.
                A line of just < (the less-than sign) goes back to the field before.
                Field 2 of 5: Stroke, required, text, or pick: 1 Freestyle, 2 Backstroke, 3 Breaststroke, 4 Butterfly, 5 Medley, 6 Kick, 7 Drill, 8 Warm-up, 9 Cool-down, 10 Pull, 11 Sculling, 12 Open water, 13 Choice.
                Stroke: 
                Stroke is required.
                Stroke: open water
                Field 3 of 5: Distance (m), required, a whole number, or pick: 25, 50, 100, 200, 400, 800, 1500.
                Distance (m): 5
                Distance (m) must be at least 25.
                Distance (m): 400
                Field 4 of 5: Effort, optional, one of: 1 Easy, 2 Moderate, 3 Hard, 4 Max.
                Effort: 2
                Field 5 of 5: Note, optional, text, or pick: 1 Felt strong, 2 Tired, 3 With fins, 4 Technique, 5 Open water.
                Note: 1
                Done: the form is submitted.
                """)
        guard case .submitted(let record) = talk.outcome else {
            Issue.record("not submitted: \(talk.outcome)")
            return
        }
        #expect(
            try RecordFormat.template(record, form: swim.form).trimmingCharacters(in: .newlines)
                == "2026-11-27 Open water 400m Moderate (Felt strong)")
    }

    /// The 日本語 demo in Japanese (`KEYFORM_LANG=ja`): every word Keyform
    /// says is the Japanese catalogue's, the form's own words as written; an
    /// empty required field, and `<` going back a field.
    @Test func theJapaneseForm() throws {
        var japanese = try Self.demo("japanese")
        japanese.language = .japanese
        let talk = Self.talk(japanese, ["", "牛乳を買う", "高", "<", "", ""])
        #expect(
            talk.transcript == """
                新しいタスク: 3 項目を 1 つずつ尋ねます。
                答えを入力して Enter を押してください。Enter だけなら今の値のまま、空の行で Ctrl-D を押すと中止します。
                「<」（小なり記号）だけを入力すると前の項目に戻ります。
                項目 1/3: 件名、必須、テキスト。
                件名: 
                件名は必須です。
                件名: 牛乳を買う
                項目 2/3: 優先度、任意、次のどれか: 1 高、2 中、3 低。
                現在の値: 中。
                優先度: 高
                項目 3/3: メモ、任意、テキスト。
                メモ: <
                項目 2/3: 優先度、任意、次のどれか: 1 高、2 中、3 低。
                現在の値: 高。
                優先度: 
                項目 3/3: メモ、任意、テキスト。
                メモ: 
                完了: フォームを送信しました。
                """)
        guard case .submitted(let record) = talk.outcome else {
            Issue.record("not submitted: \(talk.outcome)")
            return
        }
        #expect(try RecordFormat.template(record, form: japanese.form).trimmingCharacters(in: .newlines) == "牛乳を買う（高）")
    }

    /// A `required_if` that holds is said in the person's language; its field's
    /// id and its value stay as the form wrote them.
    @Test func aRequiredIfConditionInJapanese() throws {
        let form = try #require(
            FormParser.parse(
                """
                title: 経費
                fields:
                  - {id: billable, label: 請求先あり, type: boolean}
                  - {id: client, label: 請求先, required_if: {billable: true}}
                """, stem: "expense"
            ) { _ in .missing }.value)
        var context = try FormContext(
            form: form, layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))
        context.language = .japanese
        // はい answers a boolean as yes does; the switch, its choices and the condition say はい/いいえ.
        let talk = Self.talk(context, ["はい", "<", "", "", "Acme"])
        #expect(talk.transcript.contains("請求先は、billable が はいのときは必須です。"), "\(talk.transcript)")
        #expect(talk.transcript.contains("はい か いいえ"), "\(talk.transcript)")
        #expect(talk.transcript.contains("現在の値: はい。"), "\(talk.transcript)")
        #expect(!talk.transcript.contains("required when"), "\(talk.transcript)")
    }

    /// A rule of the form keeps Done disabled: said in words, and the field it
    /// marks asked again. A field `when:` hides is not asked (nor counted).
    @Test func doneBlockedByARuleIsSaid() throws {
        let profile = try Self.demo("profile")
        let talk = Self.talk(profile, ["Ada", "", "", "1", "2030-01-01", "1990-01-31"])
        #expect(
            talk.transcript == """
                Profile: 5 fields, one at a time.
                Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels.
                A line of just < (the less-than sign) goes back to the field before.
                Field 1 of 5: Name, required, text.
                Name: Ada
                Field 2 of 5: Email, optional, text.
                Where a copy of your profile goes; leave it empty for none
                Email: 
                Field 3 of 5: City, optional, text.
                City: 
                Field 4 of 5: Favourite stroke, optional, one of: 1 Freestyle, 2 Backstroke, 3 Breaststroke, 4 Butterfly, 5 Medley, 6 Kick, 7 Drill, 8 Warm-up, 9 Cool-down, 10 Pull, 11 Sculling, 12 Open water, 13 Choice.
                Favourite stroke: 1
                Field 5 of 5: Born, optional, a date, like 2026-11-27, today or tomorrow.
                For the club's age groups
                Born: 2030-01-01
                Done is disabled: A birthday comes before today.
                Field 5 of 5: Born, optional, a date, like 2026-11-27, today or tomorrow.
                For the club's age groups
                Now: 2030-01-01.
                Born: 1990-01-31
                Done: the form is submitted.
                """)
        #expect(talk.outcome.isSubmitted)
    }

    /// A line of just `<` goes back a field, as Shift-Tab does on the screen:
    /// the field before is announced again with the value it holds; on the
    /// first field it says there is none before. Said once at the start.
    @Test func lessThanGoesBackAField() throws {
        let todo = try Self.demo("todo")
        let talk = Self.talk(todo, ["<", "Buy milk", " < ", "", "1", "", "", ""])
        #expect(
            talk.transcript == """
                New To-Do: 5 fields, one at a time.
                Type the answer and press Enter. Enter alone keeps the value said; Ctrl-D on an empty line cancels.
                A line of just < (the less-than sign) goes back to the field before.
                Field 1 of 5: Text, required, text.
                Text: <
                This is the first field; there is none before it.
                Text: Buy milk
                Field 2 of 5: Priority, optional, one of: 1 High, 2 Medium, 3 Low.
                Now: Medium.
                Priority:  < 
                Field 1 of 5: Text, required, text.
                Now: Buy milk.
                Text: 
                Field 2 of 5: Priority, optional, one of: 1 High, 2 Medium, 3 Low.
                Now: Medium.
                Priority: 1
                Field 3 of 5: Status, optional, one of: 1 In progress, 2 Complete.
                Now: In progress.
                Status: 
                Field 4 of 5: Due, optional, a date, like 2026-11-27, today or tomorrow.
                Due: 
                Field 5 of 5: Note, optional, text.
                Note: 
                Done: the form is submitted.
                """)
        guard case .submitted(let record) = talk.outcome else {
            Issue.record("not submitted: \(talk.outcome)")
            return
        }
        #expect(record["text"] == .text("Buy milk") && record["priority"] == .text("High"))
    }

    /// Ending in Japanese: Ctrl-D's cancel and a draft that could not be kept, as sentences.
    @Test func endingsInJapanese() throws {
        var todo = try Self.demo("todo")
        todo.language = .japanese
        var hooks = TerminalRunner.Hooks()
        hooks.saveDraft = { _, _ in "disk full" }
        let cancelled = Self.talk(todo, ["^D"], hooks: hooks)
        #expect(
            cancelled.transcript.hasSuffix("Text: ^D\n中止しました。下書きを保存できませんでした: disk full。"), "\(cancelled.transcript)")
        let kept = Self.talk(todo, ["^C"])
        #expect(kept.transcript.hasSuffix("Text: ^C\n中断しました。下書きは保存してあります。"), "\(kept.transcript)")
    }

    /// Ctrl-D cancels as Esc does and Ctrl-C interrupts, each keeping the
    /// draft through the same hook as the full screen; the history offered is
    /// the field's earlier values.
    @Test func leavingKeepsTheDraft() throws {
        let todo = try Self.demo("todo")
        var drafts: [[String: FieldInput]] = []
        var hooks = TerminalRunner.Hooks()
        hooks.saveDraft = { values, _ in
            drafts.append(values); return nil
        }
        hooks.history = { id in id == "text" ? ["Call mom"] : [] }
        let cancelled = Self.talk(todo, ["Buy milk", "^D"], hooks: hooks)
        #expect(cancelled.outcome == .cancelled)
        #expect(
            cancelled.transcript.hasSuffix("Priority: ^D\nCancelled; the draft is kept."), "\(cancelled.transcript)")
        #expect(drafts.last?["text"] == "Buy milk")
        #expect(cancelled.script.histories.first == ["Call mom"])
        let interrupted = Self.talk(todo, ["^C"], hooks: hooks)
        #expect(interrupted.outcome == .interrupted)
        #expect(
            interrupted.transcript.hasSuffix("Text: ^C\nInterrupted; the draft is kept."), "\(interrupted.transcript)")
    }
}

/// Done's record saved by the conversation itself, off the terminal's loop (as
/// the full screen saves it, DECISIONS 79): the line says it saves, Ctrl-C is
/// said to wait, and the form ends once the store answered.
@MainActor
@Suite(.serialized) struct AccessibleSavingTests {
    /// A store that takes `delay` to keep a record, and where (which thread) it was asked.
    final class SlowSave: Sendable {
        let delay: Duration
        let saved = Mutex<[(record: Record, onMainThread: Bool)]>([])
        init(_ delay: Duration) { self.delay = delay }
        func hooks() -> TerminalRunner.Hooks {
            var hooks = TerminalRunner.Hooks()
            hooks.saveRecord = { [self] record in
                Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18)
                saved.withLock { $0.append((record, Thread.isMainThread)) }
            }
            return hooks
        }
    }

    @Test func doneSaysItSavesAndEndsOnceTheStoreAnswered() throws {
        let todo = try AccessibleTranscriptTests.demo("todo")
        let store = SlowSave(.milliseconds(300))
        let started = ContinuousClock.now
        let talk = AccessibleTranscriptTests.talk(todo, ["Buy milk", "", "", "", ""], hooks: store.hooks())
        #expect(ContinuousClock.now - started >= .milliseconds(300), "the form ends once the store answered")
        #expect(
            talk.transcript.hasSuffix(
                """
                Note: 
                Saving the record…
                Done: the form is submitted.
                """), "\(talk.transcript)")
        let saved = store.saved.withLock { $0 }
        #expect(saved.count == 1 && saved.first?.onMainThread == false, "saved once, off the terminal's loop")
        #expect(talk.outcome == .submitted(try #require(saved.first?.record)))
    }

    @Test func ctrlCWhileSavingIsSaidAndTheRecordIsStillSaved() throws {
        let todo = try AccessibleTranscriptTests.demo("todo")
        let store = SlowSave(.milliseconds(200))
        let talk = AccessibleTranscriptTests.talk(
            todo, ["Buy milk", "", "", "", ""], hooks: store.hooks(), signalsWhileSaving: [SIGINT])
        #expect(
            talk.transcript.hasSuffix(
                """
                Saving the record…
                ^C
                Saving: the record is stored, or rescued to a file, before Keyform stops.
                Done: the form is submitted.
                """), "\(talk.transcript)")
        #expect(talk.outcome.isSubmitted, "never interrupted: the record was on its way")
        #expect(store.saved.withLock { $0.count } == 1)
    }

    @Test func inJapanese() throws {
        var japanese = try AccessibleTranscriptTests.demo("japanese")
        japanese.language = .japanese
        let store = SlowSave(.milliseconds(100))
        let talk = AccessibleTranscriptTests.talk(
            japanese, ["牛乳を買う", "", ""], hooks: store.hooks(), signalsWhileSaving: [SIGTERM])
        #expect(
            talk.transcript.hasSuffix(
                """
                メモ: 
                記録を保存しています…
                ^C
                保存中です。記録は保存されるか、ファイルに退避されてから終了します。
                完了: フォームを送信しました。
                """), "\(talk.transcript)")
        #expect(talk.outcome.isSubmitted && store.saved.withLock { $0.count } == 1)
    }
}

extension FormState.Outcome {
    var isSubmitted: Bool { if case .submitted = self { true } else { false } }
}
