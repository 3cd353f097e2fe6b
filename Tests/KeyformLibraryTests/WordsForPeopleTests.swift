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
        #expect(fields == [
            Field(id: "email", required: true, pattern: "^[^@]+@[^@]+$",
                  messages: [.pattern: "Give an email like \"ada@example.org\"", .required: "Give the email we write to"]),
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
        #expect(compiled.fields == [
            Field(id: "amount", type: .number, required: true, description: "What the receipt says", placeholder: "12.50"),
        ])
    }
}
