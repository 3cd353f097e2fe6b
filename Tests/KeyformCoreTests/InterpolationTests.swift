import SnapshotTesting
import Testing

@testable import KeyformCore

/// Issue 22: `{{field}}` in labels, page titles and descriptions names an
/// earlier answer, as the field shows it.
@Suite struct InterpolationTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    @Test func tagsAreReplacedOnceAndOnlyWellFormedOnesAreTags() {
        let values = ["country": "Canada", "a": "{{b}}", "b": "never"]
        func fill(_ text: String) -> String { Interpolation.fill(text) { values[$0] } }
        #expect(fill("States of {{country}}") == "States of Canada")
        #expect(fill("{{ country }} and {{country}}") == "Canada and Canada")
        // A value holding a tag is not expanded again.
        #expect(fill("see {{a}}") == "see {{b}}")
        // Not tags: left as written.
        #expect(
            fill("{{#country}} {{Country}} {{ }} {country} {{country")
                == "{{#country}} {{Country}} {{ }} {country} {{country")
        #expect(fill("{{unknown}}") == "{{unknown}}")
        #expect(
            Interpolation.tags(in: "é {{a}} {{ b }}") == [
                Interpolation.Tag(id: "a", offset: 2), Interpolation.Tag(id: "b", offset: 8),
            ])
    }

    static let form = Form(
        name: "trip",
        pages: [
            Form.Page(
                title: "Where",
                fields: [
                    Field(id: "country", label: "Country"),
                    Field(id: "region", label: "States of {{country}}", description: "Leaving on {{day}}, {{pool}}"),
                    Field(id: "day", label: "Day", type: .date),
                    Field(id: "pool", label: "Pool", type: .boolean, states: Field.States(no: "Lake", yes: "Pool")),
                    Field(id: "count", label: "Count", type: .integer),
                ]),
            Form.Page(title: "About {{country}} ({{count}})", fields: [Field(id: "note", label: "Note")]),
        ])

    static var context: FormContext { try! FormContext(form: form, layouts: [:], clock: WallClock(today: today)) }

    /// Issue 27: whether a text may hold a tag is a search of its bytes for
    /// `{{` (every label asks on every frame); a text without it is returned as it is.
    @Test func aTextWithoutTwoBracesIsNotScanned() {
        #expect(Interpolation.mayHoldTags("States of {{country}}"))
        #expect(Interpolation.mayHoldTags("{{a}}"))
        #expect(Interpolation.mayHoldTags("日本{{x}}語"))
        #expect(!Interpolation.mayHoldTags("{a}"))
        #expect(!Interpolation.mayHoldTags("{ {x} }"))
        #expect(!Interpolation.mayHoldTags("{{x"))  // five bytes at least
        #expect(!Interpolation.mayHoldTags(""))
        #expect(!Interpolation.mayHoldTags("Field 12 with a longer label"))
        #expect(
            Interpolation.fill("Hello {{name}} and {{ other }}") { $0 == "name" ? "Ada" : nil }
                == "Hello Ada and {{ other }}")
        #expect(Interpolation.fill("No {tags} here") { _ in "X" } == "No {tags} here")
    }

    @Test func theValueIsAsTheFieldShowsItAndEmptyWhileNotValid() {
        let context = Self.context
        var entries = FormState.start(context).entries
        #expect(context.label(ofField: 1, entries) == "States of ")
        entries[0] = FormState.Entry("Canada")
        entries[2] = FormState.Entry("today")
        entries[3] = FormState.Entry("yes")
        entries[4] = FormState.Entry("twelve")
        #expect(context.label(ofField: 1, entries) == "States of Canada")
        #expect(context.interpolated(Self.form.fields[1].description!, entries) == "Leaving on 2026-11-21, Pool")
        #expect(context.interpolated(Self.form.pages[1].title!, entries) == "About Canada ()")
    }

    @Test func theScreenShowsTheAnswersEscaped() {
        let context = Self.context
        var state = FormState.start(
            context, values: ["country": .line("Can\u{202E}ada"), "day": .line("today")], focus: 1)
        _ = FormEngine.reduce(&state, .lineEdited(text: "Ontario", cursor: 7), context)
        let text = FormView.render(state, context, width: 80, height: 24).text()
        #expect(text.contains("› States of \(TerminalSafe.escaped("Can\u{202E}ada"))  Ontario"), "\(text)")
        #expect(!text.contains("\u{202E}"))
        #expect(text.contains("    Leaving on 2026-11-21,\n"), "\(text)")
        // Done's notice names the field by its label as shown.
        var blocked = FormState.start(
            try! FormContext(
                form: Form(
                    name: "x",
                    pages: [
                        Form.Page(fields: [
                            Field(id: "a", label: "A"), Field(id: "b", label: "B after {{a}}", required: true),
                        ])
                    ]), layouts: [:], clock: WallClock(today: Self.today)), values: ["a": .line("one")])
        let small = try! FormContext(
            form: Form(
                name: "x",
                pages: [
                    Form.Page(fields: [
                        Field(id: "a", label: "A"), Field(id: "b", label: "B after {{a}}", required: true),
                    ])
                ]), layouts: [:], clock: WallClock(today: Self.today))
        _ = FormEngine.reduce(&blocked, .donePressed, small)
        #expect(blocked.notice == "Done is disabled: B after one is required")
    }

    @Test func thePageTitleFollowsTheAnswer() {
        let context = Self.context
        let state = FormState.start(context, values: ["country": .line("Chile"), "count": .line("3")], focus: 5)
        let header = FormView.render(state, context, width: 80, height: 24).lines[0].text
        #expect(header == "trip · Page 2/2: About Chile (3)")
    }
}
