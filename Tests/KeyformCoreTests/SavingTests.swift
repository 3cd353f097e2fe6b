import Testing

@testable import KeyformCore

/// Done on a form whose record the edge saves off the terminal's loop
/// (`FormState.storesOnDone`, `keyform run`): the form says it saves, keys
/// change nothing, Ctrl-C and signals wait for the save, and `.saveAnswered`
/// ends it. Every step asserts the whole state.
@Suite struct SavingTests {
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!, minuteOfDay: 9 * 60)

    static func context(language: Language = .english) throws -> FormContext {
        var context = try FormContext.prepared(
            try FormParserTests.form(
                """
                name: todo
                title: New To-Do
                fields:
                  - id: text
                    label: Text
                    required: true
                  - id: note
                    label: Note
                """), layouts: [:], clock: clock)
        context.language = language
        return context
    }

    /// The form filled in, focus on its last field, Done waiting for the store.
    static func filled(_ context: FormContext) -> FormState {
        var state = FormState.start(context, values: ["text": "Buy milk"], focus: 1)
        state.storesOnDone = true
        return state
    }

    @Test func doneSubmitsTheRecordToTheStoreAndTheFormWaitsForItsAnswer() throws {
        let context = try Self.context()
        var state = Self.filled(context)
        let before = state
        let effects = FormEngine.reduce(&state, .donePressed, context)

        let record = Record(form: context.form, values: ["text": .text("Buy milk")])
        var expected = before
        expected.saving = record
        #expect(state == expected, "the form does not end yet: no outcome, the record on its way")
        #expect(effects == [.submit(record)], "no .finish until the store answered")

        // The store answered (stored, or the edge rescued it): the form ends, submitted.
        let answered = FormEngine.reduce(&state, .saveAnswered, context)
        expected.saving = nil
        expected.outcome = .submitted(record)
        #expect(state == expected)
        #expect(answered == [.finish(.submitted(record))])
    }

    @Test func keysChangeNothingWhileTheRecordIsSaved() throws {
        let context = try Self.context()
        var state = Self.filled(context)
        _ = FormEngine.reduce(&state, .donePressed, context)
        let saving = state
        let events: [FormEvent] = [
            .lineEdited(text: "Buy eggs", cursor: 8), .commitPressed, .previousPressed, .donePressed, .cancelPressed,
            .fieldJumpRequested(1), .fieldClicked(0), .timeRanOut, .timeLeft(seconds: 3),
            .storeAnswered(lastValues: ["note": "late"]),
        ]
        for event in events {
            let effects = FormEngine.reduce(&state, event, context)
            #expect(state == saving, "\(event) changed the form while it saved")
            #expect(effects.isEmpty, "\(event): \(effects)")
        }
    }

    @Test func ctrlCAndSignalsWaitForTheSaveAndAreSaidToWait() throws {
        for language in [Language.english, .japanese] {
            let context = try Self.context(language: language)
            var state = Self.filled(context)
            _ = FormEngine.reduce(&state, .donePressed, context)
            let saving = state
            for event in [FormEvent.interrupted, .terminated(signal: 15)] {
                state = saving
                let effects = FormEngine.reduce(&state, event, context)
                var expected = saving
                expected.notice = language.text(.savingWaits)
                #expect(state == expected, "no outcome: neither interrupted nor terminated, the record still goes")
                #expect(effects.isEmpty, "no draft: the record is what is kept")
                _ = FormEngine.reduce(&state, .saveAnswered, context)
                #expect(state.outcome == .submitted(try #require(saving.saving)))
                #expect(state.notice == nil)
            }
        }
    }

    @Test func withoutTheStoreDoneEndsTheFormAtOnceAsBefore() throws {
        let context = try Self.context()
        var state = Self.filled(context)
        state.storesOnDone = false
        let effects = FormEngine.reduce(&state, .donePressed, context)
        let record = Record(form: context.form, values: ["text": .text("Buy milk")])
        #expect(state.outcome == .submitted(record) && state.saving == nil)
        #expect(effects == [.submit(record), .finish(.submitted(record))])
        #expect(FormEngine.reduce(&state, .saveAnswered, context).isEmpty)
    }

    @Test func theScreenSaysTheRecordIsBeingSaved() throws {
        let context = try Self.context()
        var state = Self.filled(context)
        _ = FormEngine.reduce(&state, .donePressed, context)
        let frame = FormView.render(state, context, width: 40, height: 8, color: false)
        #expect(
            frame.lines.map(\.text) == [
                "New To-Do", "", "  Text*  Buy milk", "› Note   ", "", "", "", "[ Done ] Saving the record…",
            ], "\(frame.lines.map(\.text))")
        _ = FormEngine.reduce(&state, .interrupted, context)
        let told = FormView.render(state, context, width: 80, height: 8, color: false).lines.map(\.text)
        #expect(told[6] == "! saving: the record is stored, or rescued to a file, before Keyform stops")
        var japanese = try Self.context(language: .japanese)
        japanese.language = .japanese
        let inJapanese = FormView.render(state, japanese, width: 80, height: 8, color: false).lines.map(\.text)
        #expect(inJapanese[7] == "[ 完了 ] 記録を保存しています…")
    }

    /// The store could not be opened while the form shows (a server down at
    /// start): the form goes on as it was, and its footer says, until the end,
    /// that the record will be rescued to a file; Done still submits it.
    @Test func aStoreThatCannotBeOpenedIsSaidInTheFooterAndTheFormGoesOn() throws {
        for language in [Language.english, .japanese] {
            let context = try Self.context(language: language)
            var state = FormState.start(context, values: ["text": "Buy milk"], focus: 0)
            state.storesOnDone = true
            state.notice = "a notice on screen"
            let before = state
            let problem = language.text(.storeShortServerUnreachable)
            #expect(FormEngine.reduce(&state, .storeUnavailable(problem: problem), context).isEmpty)
            var expected = before
            expected.storeProblem = problem
            #expect(state == expected, "nothing else changes, the notice on screen included")

            _ = FormEngine.reduce(&state, .commitPressed, context)
            let footer = FormView.render(state, context, width: 80, height: 8, color: false).lines.map(\.text)[6]
            let said = language.text(.storeWillRescue(problem: problem))
            #expect(footer.hasPrefix("! " + said + " · "), "\(footer)")
            #expect(
                said
                    == (language == .english
                        ? "the server cannot be reached: the record will be saved to a file"
                        : "サーバーにつながりません。記録はファイルに保存されます"))
            // Done submits the record as ever: the edge rescues it.
            let record = Record(form: context.form, values: ["text": .text("Buy milk")])
            #expect(FormEngine.reduce(&state, .donePressed, context) == [.submit(record)])
            #expect(state.storeProblem == problem)
        }
    }

    /// The accessible mode says it before the first field.
    @Test func theAccessibleModeSaysTheStoreCannotBeOpenedFirst() throws {
        for language in [Language.english, .japanese] {
            let context = try Self.context(language: language)
            var state = FormState.start(context)
            _ = FormEngine.reduce(
                &state, .storeUnavailable(problem: language.text(.storeShortServerUnreachable)), context)
            let opening = SpokenForm.opening(state, context)
            #expect(opening.count == 4)
            #expect(
                opening.last
                    == (language == .english
                        ? "The server cannot be reached: the record will be saved to a file."
                        : "サーバーにつながりません。記録はファイルに保存されます。"),
                "\(opening)")
        }
    }
}
