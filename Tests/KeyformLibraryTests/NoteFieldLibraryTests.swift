import Foundation
import KeyformCore
import Testing

@testable import Keyform

/// Issue 22's note, written in Swift: `.note(...)` makes the form file's
/// `type: note`, checked by the same parser; the record has nothing of it.
@MainActor
struct NoteFieldLibraryTests {
    static let order = KeyformForm("Burger") {
        NoteField("welcome", label: "Welcome", text: "Two questions.")
        TextField("bun", required: true)
        Page("Review") {
            .note("review", text: "A {{bun}} bun.")
        }
    }

    @Test func aNoteIsTheFormFilesNote() throws {
        let fields = try Self.order.compile().form.fields
        #expect(fields[0] == Field(id: "welcome", label: "Welcome", type: .note, description: "Two questions."))
        #expect(fields[2] == Field(id: "review", label: "", type: .note, description: "A {{bun}} bun."))
    }

    @Test func theReviewPageShowsTheAnswerAndTheRecordHasNoNote() async throws {
        let open = try await Self.order.test(keys: "<Enter>Sesame<Enter>")
        #expect(open.outcome == .open)
        #expect(open.screen.contains("› A Sesame bun."), "\(open.screen)")
        let done = try await Self.order.test(keys: "<Enter>Sesame<Enter><Enter>")
        #expect(done.outcome == .submitted)
        #expect(done.record?.json == #"{"bun":"Sesame"}"#)
    }
}
