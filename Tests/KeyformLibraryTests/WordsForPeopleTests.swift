import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// Issue 22's words for people, written in Swift: the modifiers make the
/// options a form file would write, checked by the same parser.
@MainActor
struct WordsForPeopleTests {
    @Test func aMessageWordsTheFieldsCheck() throws {
        let form = KeyformForm("Sign up") {
            TextField("email", required: true, pattern: "^[^@]+@[^@]+$")
                .message(.pattern, "Give an email like \"ada@example.org\"")
                .message(.required, "Give the email we write to")
        }
        let fields = try form.compile().form.fields
        #expect(
            fields == [
                Field(
                    id: "email", required: true, pattern: "^[^@]+@[^@]+$",
                    messages: [
                        .pattern: "Give an email like \"ada@example.org\"", .required: "Give the email we write to",
                    ])
            ])
    }

    @Test func aMessageForACheckTheFieldLacksIsReportedAtTheField() {
        let form = KeyformForm("Sign up") {
            TextField("email").message(.pattern, "Give an email")
        }
        #expect(throws: (any Error).self) { try form.compile() }
        do {
            _ = try form.compile()
        } catch {
            #expect("\(error)".contains("a message for 'pattern', but 'email' has no 'pattern'"), "\(error)")
        }
    }
}

extension WordsForPeopleTests {
    @Test func descriptionsAndPlaceholdersMakeTheOptionsAFileWould() throws {
        let form = KeyformForm("Receipt") {
            Page("Paid", description: "One receipt a form.\nKeep the paper.") {
                NumberField("amount", required: true)
                    .description("What the receipt says")
                    .placeholder("12.50")
            }
        }
        let compiled = try form.compile().form
        #expect(compiled.pages[0].description == "One receipt a form.\nKeep the paper.")
        #expect(
            compiled.fields == [
                Field(
                    id: "amount", type: .number, required: true, description: "What the receipt says",
                    placeholder: "12.50")
            ])
    }
}

/// Issue 22's rules across fields, written in Swift: `Rule` in the form's
/// builder writes the form file's `rules:`, checked by the same parser.
@MainActor
struct RulesInSwiftTests {
    @Test func aRuleIsReadAndCheckedAsInAFormFile() throws {
        let form = KeyformForm("Shift") {
            TimeField("start")
            TimeField("end")
            MultipleChoiceField("toppings", choices: ["Ham", "Egg", "Kale"]).picks(max: 2).message(
                .maxPicks, "Two at most")
            Rule("end-after-start", check: "end >= start", message: "The end comes after the start")
            Rule("any-topping", oneOf: ["toppings", "end"])
        }
        let compiled = try form.compile().form
        #expect(compiled.rules.map(\.name) == ["end-after-start", "any-topping"])
        #expect(compiled.rules.map(\.message) == ["The end comes after the start", "Fill in toppings or end"])
        #expect(compiled.field(id: "toppings")?.maxPicks == 2)
        #expect(compiled.field(id: "toppings")?.messages == [.maxPicks: "Two at most"])
    }

    @Test func aRuleNamingNoFieldIsAnErrorAtTheRule() {
        let form = KeyformForm("Shift") {
            TimeField("start")
            Rule("late", check: "start > ned", message: "Late")
        }
        do {
            _ = try form.compile()
            Issue.record("a rule naming no field compiled")
        } catch {
            #expect("\(error)".contains("rule 'late': the rule names 'ned', which is not a field"), "\(error)")
        }
    }

    /// The test double's keys end on a form whose rule keeps Done disabled: a
    /// typed error with the rule's name and message (as answers say it, exit 2),
    /// and the test result names it beside the screen that says it.
    @Test func aBrokenRuleIsATypedErrorWithItsNameAndMessage() async throws {
        let form = KeyformForm("Shift") {
            TimeField("start")
            TimeField("end")
            Rule("end-after-start", check: "end >= start", message: "The end comes after the start")
        }
        do {
            _ = try await KeyformTester(keys: "10:00<Enter>9:00<Enter>").run(form)
            Issue.record("a broken rule submitted")
        } catch KeyformError.ruleBroken(let name, let message) {
            #expect(name == "end-after-start")
            #expect(message == "The end comes after the start")
            let error = KeyformError.ruleBroken(name: name, message: message)
            #expect(error.description == "rule 'end-after-start': The end comes after the start")
            #expect(error.exitStatus == 2)
        }
        let result = try await form.test(keys: "10:00<Enter>9:00<Enter>")
        #expect(result.outcome == .open)
        #expect(result.brokenRule?.name == "end-after-start")
        #expect(result.screen.contains("[ Done ] disabled: The end comes after the start"), "\(result.screen)")
        // A field still in error is not the rule's doing: the keys ran out, as before.
        do {
            _ = try await KeyformTester(keys: "10:00<Enter>25:00").run(form)
            Issue.record("an invalid time submitted")
        } catch KeyformError.unfinished(let screen) {
            #expect(screen.contains("end"), "\(screen)")
        }
        #expect(try await form.test(keys: "10:00<Enter>25:00").brokenRule == nil)
        let record = try await KeyformTester(keys: "10:00<Enter>11:00<Enter>").run(form)
        #expect(record.json == #"{"start":"10:00","end":"11:00"}"#)
    }
}
