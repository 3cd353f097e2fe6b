import KeyformTestSupport
import Testing

@testable import KeyformCore

/// `FormContext.evaluation` answers from the evaluations it made lately and
/// validates again only the fields whose entries changed: what it answers must
/// be what a fresh `FormEvaluation` says, whatever happened between.
@Suite struct EvaluationMemoTests {
    /// Long random runs over the demo forms, fields and pages that show and hide
    /// (`when:`), `required_if`, rules, and keys that follow another field's value
    /// (`choices: {by:}`): after each event, the memo's evaluation of the state's
    /// entries, and of entries a pick would make, equal fresh ones.
    @Test(arguments: [1, 2, 3])
    func aRememberedEvaluationIsAFreshOne(seed: UInt64) throws {
        var contexts = try DemoForms.names.map(DemoForms.context)
        contexts.append(try FormViewCacheTests.conditions())
        contexts.append(RequiredIfTests.context())
        contexts.append(try ChoicesInTheFormTests.context(ChoicesInTheFormTests.country))
        contexts.append(MultipleChoiceTests.context)
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
