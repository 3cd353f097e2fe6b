import KeyformCore
import KeyformTerminal
import Testing

/// A note's view through the real session (key decoder, readline beside it):
/// keys type nothing into it, Enter and Tab go on, Shift-Tab and Up come back,
/// and the review page's Enter submits a record without the notes.
@MainActor
@Suite(.serialized) struct NoteKeysTests {
    static let context = try! FormContext(
        form: Form(
            name: "order",
            pages: [
                Form.Page(fields: [
                    Field(id: "welcome", label: "Welcome", type: .note, description: "Two questions."),
                    Field(id: "bun", label: "Bun", required: true),
                ]),
                Form.Page(
                    title: "Review",
                    fields: [
                        Field(id: "review", label: "Your order", type: .note, description: "A {{bun}} bun.")
                    ]),
            ]), layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 22)!))

    func run(_ script: String) throws -> ScriptedRun.Result {
        ScriptedRun.run(context: Self.context, state: .start(Self.context), keys: try KeyScript.parse(script).get())
    }

    @Test func keysTypeNothingIntoANote() throws {
        let result = try run("abc <BS><Enter>Sesame")
        // Nothing reached the bun but what was typed there.
        #expect(result.frame.text().contains("› Bun*  Sesame"), "\(result.frame.text())")
        #expect(!result.frame.text().contains("abc"), "\(result.frame.text())")
    }

    @Test func tabGoesOnAndShiftTabAndUpComeBack() throws {
        #expect(try run("<Tab>").frame.text().contains("› Bun*"))
        #expect(try run("<Tab><S-Tab>").frame.text().contains("› Welcome"))
        #expect(try run("<Down>Sesame<Enter><Up>").frame.text().contains("› Bun*  Sesame"))
    }

    @Test func theReviewPageReadsTheAnswerBackAndEnterSubmits() throws {
        let review = try run("<Enter>Sesame<Enter>")
        #expect(review.frame.text().contains("› Your order\n  A Sesame bun.\n"), "\(review.frame.text())")
        #expect(review.frame.text().contains("[ Done ] ready: press Enter"), "\(review.frame.text())")
        let done = try run("<Enter>Sesame<Enter><Enter>")
        #expect(done.outcome == .submitted(Record(values: [("bun", .text("Sesame"))])))
    }
}
