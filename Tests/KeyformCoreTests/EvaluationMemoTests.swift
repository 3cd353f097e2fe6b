import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `FormContext.evaluation` answers from the evaluations it made lately and
/// validates again only the fields whose entries changed: what it answers must
/// be what a fresh `FormEvaluation` says, whatever happened between.
@Suite struct EvaluationMemoTests {
    /// The demo forms, and forms with fields and pages that show and hide
    /// (`when:`), `required_if`, keys that follow another field's value
    /// (`choices: {by:}`) and several choices: what the random runs go through.
    static func formsThatShowHideAndFollow() throws -> [FormContext] {
        var contexts = try DemoForms.names.map(DemoForms.context)
        contexts.append(try FormViewCacheTests.conditions())
        contexts.append(RequiredIfTests.context())
        contexts.append(try ChoicesInTheFormTests.context(ChoicesInTheFormTests.country))
        contexts.append(MultipleChoiceTests.context)
        return contexts
    }

    /// Long random runs over the demo forms, fields and pages that show and hide
    /// (`when:`), `required_if`, rules, and keys that follow another field's value
    /// (`choices: {by:}`): after each event, the memo's evaluation of the state's
    /// entries, and of entries a pick would make, equal fresh ones.
    @Test(arguments: [1, 2, 3])
    func aRememberedEvaluationIsAFreshOne(seed: UInt64) throws {
        let contexts = try Self.formsThatShowHideAndFollow()
        var random = SplitMix64(seed: seed)
        var reused = 0
        for context in contexts {
            var state = FormState.start(context)
            for _ in 0..<400 {
                _ = FormEngine.reduce(&state, FormViewCacheTests.event(state, context, &random), context)
                let counter = FormEvaluation.Counter()
                let remembered = FormEvaluation.$counter.withValue(counter) { context.evaluation(state.entries) }
                let fresh = FormEvaluation(context, state.entries)
                #expect(remembered == fresh, "\(context.form.name): \(state.entries)")
                if remembered != fresh { return }
                if counter.validations < context.fields.count { reused += 1 }
                // What Enter would do in a grid asks for the entries a pick makes: answered after the state's.
                _ = FormEngine.enterAnswer(state, context)
                if state.outcome != nil { state = FormState.start(context) }
            }
        }
        #expect(reused > 1000, "most evaluations validate some fields only, or none")
    }

    /// The memo told by the state's stamps (`EntryWrites`) which fields were
    /// written since an evaluation it kept: over long random runs (typed keys,
    /// grid keys, picks, pastes, jumps, pages, Done, resets) and a copy of the
    /// state sent its own way now and then (its writes must never pass for the
    /// state's), every evaluation asked for by the state equals a fresh one. It
    /// fails when any write of an entry leaves the stamps as they were (tried:
    /// `entries`' `_modify` or `subscript(entryOf:)` without its mark).
    @Test(arguments: [7, 8, 9])
    func anEvaluationFoundByTheStatesStampsIsAFreshOne(seed: UInt64) throws {
        let contexts = try Self.formsThatShowHideAndFollow()
        var random = SplitMix64(seed: seed)
        for context in contexts {
            var state = FormState.start(context)
            for step in 0..<400 {
                if step % 7 == 3 {
                    // A copy written its own way and asked for: its stamps are its own.
                    var copy = state
                    _ = FormEngine.reduce(&copy, FormViewCacheTests.event(copy, context, &random), context)
                    #expect(context.evaluation(of: copy) == FormEvaluation(context, copy.entries))
                }
                _ = FormEngine.reduce(&state, FormViewCacheTests.event(state, context, &random), context)
                let remembered = context.evaluation(of: state)
                let fresh = FormEvaluation(context, state.entries)
                #expect(remembered == fresh, "\(context.form.name) at \(step): \(state.entries)")
                #expect(Array(remembered.results) == Array(fresh.results))
                if remembered != fresh { return }
                _ = FormEngine.enterAnswer(state, context)
                if state.outcome != nil { state = FormState.start(context) }
            }
        }
    }

    /// Issue 27: a key typed into one of 200 fields is found by the state's
    /// stamps: the memo compares that field's entry alone, not the 200 (it
    /// compared all of them before the stamps).
    @Test func aTypedKeyIsFoundByItsFieldNotByComparingEveryEntry() throws {
        let form = try #require(
            RequiredIfTests.parsed("fields:" + (1...200).map { "\n  - {id: f\($0)}" }.joined()).value)
        let context = RequiredIfTests.context(form)
        var state = FormState.start(context)
        _ = context.evaluation(of: state)
        for (step, text) in ["a", "ab", "abc", "ab", "abd"].enumerated() {
            _ = FormEngine.reduce(&state, .lineEdited(text: text, cursor: text.count), context)
            let counter = FormEvaluation.Counter()
            let remembered = FormEvaluation.$counter.withValue(counter) { context.evaluation(of: state) }
            #expect(remembered == FormEvaluation(context, state.entries), "key \(step)")
            // One entry for each evaluation the memo keeps (two), of the 200.
            #expect(counter.entriesCompared <= 2, "key \(step): \(counter.entriesCompared) entries compared")
            #expect(counter.validations <= 1, "key \(step)")
        }
    }

    /// Issue 27: a key typed into a field that nothing else reads decides that
    /// field alone, whatever the form's size; a key in a field that others read
    /// (a later field's `when`, a `required_if`) decides the form again, and the
    /// form's rules are read again on every key: what shows, what must be filled
    /// and what blocks Done follow the key as a fresh evaluation says.
    @Test func aKeyDecidesItsFieldAloneUnlessOthersReadIt() throws {
        let form = try #require(
            RequiredIfTests.parsed(
                """
                fields:
                  - {id: name}
                  - {id: code}
                  - {id: billable, type: boolean}
                  - {id: client, required_if: {billable: yes}}
                  - {id: reason, when: {code: filled}}
                  - {id: start, type: integer}
                  - {id: end, type: integer}
                rules:
                  - {name: order, check: end >= start, message: The end comes after the start}
                """
            ).value)
        let context = RequiredIfTests.context(form)
        var entries = context.fields.map { _ in FormState.Entry() }
        _ = context.evaluation(entries)
        func typed(_ text: String, into field: Int) -> (evaluation: FormEvaluation, decided: Int) {
            entries[field] = FormState.Entry(text)
            let counter = FormEvaluation.Counter()
            let evaluation = FormEvaluation.$counter.withValue(counter) { context.evaluation(entries) }
            #expect(evaluation == FormEvaluation(context, entries), "\(text) into \(context.ids[field])")
            return (evaluation, counter.fieldsDecided)
        }
        // Nothing reads the name: its field alone, Done still blocked by nothing of it.
        #expect(typed("Ada", into: 0).decided == 1)
        // The code shows the reason while it is filled: the form is decided again.
        let coded = typed("A1", into: 1)
        #expect(coded.decided == context.fields.count && coded.evaluation.shown[4])
        // Another code keeps it filled: the value changed, so again; the reason still shows.
        #expect(typed("A2", into: 1).evaluation.shown[4])
        #expect(!typed("", into: 1).evaluation.shown[4], "an empty code hides the reason")
        // A yes makes the client required: its star and Done's blocker follow.
        let billable = typed("yes", into: 2)
        #expect(billable.evaluation.required[3] && billable.evaluation.doneBlocker?.field == 3)
        #expect(typed("Acme", into: 3).decided == 1, "nothing reads the client")
        #expect(typed("Acme", into: 3).evaluation.doneBlocker == nil)
        // A rule reads the typed values on each key, though no field's `when` names them.
        #expect(typed("9", into: 5).decided == 1)
        #expect(typed("8", into: 6).evaluation.doneBlocker?.rule?.name == "order")
        #expect(typed("10", into: 6).evaluation.doneBlocker == nil, "the end after the start again")
        // A value that is not one yet blocks Done at its field, and lets go when it reads.
        #expect(typed("1x", into: 5).evaluation.doneBlocker?.field == 5)
        #expect(typed("1", into: 5).evaluation.doneBlocker == nil)
    }

    /// Issue 27: a key's evaluation shares the earlier one's results by field
    /// (`ByField`), its field replaced; keys in many fields one after another
    /// (more than it keeps as changes) read as a fresh evaluation each time.
    @Test(arguments: [5, 6])
    func keysInManyFieldsInTurnAreAFreshEvaluationEachTime(seed: UInt64) throws {
        let form = try #require(
            RequiredIfTests.parsed(
                """
                fields:
                  - {id: billable, type: boolean}
                  - {id: client, required_if: {billable: yes}}
                  - {id: start, type: integer}
                  - {id: end, type: integer}
                """
                    + (1...26).map { "\n  - {id: f\($0)\($0 % 5 == 0 ? ", type: integer" : "")}" }.joined()
                        + """

                        rules:
                          - {name: order, check: end >= start, message: The end comes after the start}
                        """
            ).value)
        let context = RequiredIfTests.context(form)
        #expect(context.fields.count == 30)
        var entries = context.fields.map { _ in FormState.Entry() }
        var random = SplitMix64(seed: seed)
        let texts = ["", "yes", "no", "1", "12", "x", "Acme", "日本", "7"]
        for _ in 0..<600 {
            entries[Int.random(in: 0..<30, using: &random)] = FormState.Entry(texts.randomElement(using: &random)!)
            let remembered = context.evaluation(entries)
            let fresh = FormEvaluation(context, entries)
            #expect(remembered == fresh, "\(entries.map(\.text))")
            #expect(Array(remembered.results) == Array(fresh.results))
            if remembered != fresh { return }
        }
    }

    /// A field's own check is kept only while its entry is the same; one whose
    /// keys follow another field is checked again when that field changes.
    @Test func aFollowerIsCheckedAgainWhenItsDriverChanges() throws {
        let context = try ChoicesInTheFormTests.context(ChoicesInTheFormTests.country)
        var entries = context.fields.map { _ in FormState.Entry() }
        let driver = try #require(context.followers.values.first?.driver)
        let follower = try #require(context.followers.keys.first)
        entries[driver] = FormState.Entry("Canada")
        entries[follower] = FormState.Entry("Ontario")
        _ = context.evaluation(entries)
        entries[driver] = FormState.Entry("Mexico")
        #expect(context.evaluation(entries) == FormEvaluation(context, entries))
        #expect(context.evaluation(entries).problem(ofField: follower) != nil, "Ontario is not a state of Mexico")
    }
}
