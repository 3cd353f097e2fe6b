import Testing

@testable import KeyformCore

/// `FormView.Cache` keeps the lines of fields drawn on one line from one render
/// to the next (`PlainLines`, issue 27): a kept line is drawn again whenever
/// what it shows changes, so a frame through the cache is the frame without it.
@Suite struct PlainLinesTests {
    static let form = RequiredIfTests.parsed(
        """
        fields:
          - {id: name, label: Name}
          - {id: start, label: Start, type: integer}
          - {id: end, label: End, type: integer}
          - {id: billable, label: For a client, type: boolean}
          - {id: client, label: Client, required_if: {billable: yes}}
          - {id: contact, label: 請求先のご担当者のお名前とご連絡先}
          - {id: secret, label: PIN, secret: true}
        rules:
          - {name: order, check: end >= start, message: The end comes after the start}
        """)

    /// Each step's frame through one cache, checked against a frame drawn
    /// without it; then what the lines that did not have focus show.
    @Test func aKeptLineIsDrawnAgainWhenWhatItShowsChanges() throws {
        var context = RequiredIfTests.context(try #require(Self.form.value))
        let cache = FormView.Cache()
        var state = FormState.start(context)
        var (width, color) = (80, true)
        func frame() -> [String] {
            let cached = FormView.render(state, context, width: width, height: 24, color: color, cache: cache)
            let fresh = FormView.render(state, context, width: width, height: 24, color: color)
            #expect(cached == fresh, "at \(width), color \(color): \(state)")
            return cached.lines.map(\.text)
        }
        func line(_ label: String) -> String { frame().first { $0.hasPrefix("  " + label) } ?? "" }
        func type(_ text: String) {
            _ = FormEngine.reduce(&state, .lineEdited(text: text, cursor: text.count), context)
            _ = FormEngine.reduce(&state, .commitPressed, context)
        }
        func jump(to number: Int) { _ = FormEngine.reduce(&state, .fieldJumpRequested(number), context) }

        _ = frame()
        // Values typed and committed: each line, kept while another field had focus, shows its value.
        type("Ada")
        type("5")
        type("7")
        #expect(line("Name").hasSuffix("Ada") && line("Start").hasSuffix("5") && line("End").hasSuffix("7"))
        // A value changed again: its kept line follows it.
        jump(to: 2)
        type("3")
        #expect(line("Start").hasSuffix("3"))
        // The rule breaks through another field (Start after End): Done says so under End, then it is left.
        jump(to: 2)
        type("9")
        _ = FormEngine.reduce(&state, .donePressed, context)
        #expect(state.focus == 2 && state.problems[2] != nil)
        jump(to: 1)
        #expect(frame().contains { $0.contains("The end comes after the start") })
        // Fixed: the problem goes and End is one line again, as drawn fresh.
        jump(to: 3)
        type("12")
        jump(to: 1)
        #expect(!frame().contains { $0.contains("The end comes after the start") })
        // A yes makes the client required: its star, drawn on a line kept without it.
        #expect(line("Client ").hasPrefix("  Client "))
        jump(to: 4)
        _ = FormEngine.reduce(&state, .toggle(.set(true)), context)
        jump(to: 1)
        #expect(line("Client*").hasPrefix("  Client*"))
        #expect(line("For a client").contains("[✓]"))
        // The colours, then the width: a Japanese label cut at 40 columns, a value in a narrower column.
        color = false
        _ = frame()
        color = true
        width = 40
        #expect(line("請求先").contains("…"))
        #expect(line("Start").hasSuffix("9"))
        width = 80
        #expect(line("請求先").contains("連絡先"))
        // Another language: the switch's face is said in it.
        let english = line("For a client")
        context.language = .japanese
        #expect(line("For a client") != english)
        // A secret shows masked, kept or not.
        jump(to: 7)
        type("1234")
        jump(to: 1)
        #expect(!line("PIN").contains("1234"))
    }

    /// A kept line is told by what its field holds (issue 27), so a typed key
    /// that changes what another field's line shows must draw that line again:
    /// a label naming the answer typed, a field its `when` shows and hides, the
    /// star of its `required_if`; and a context made again (a key's label that
    /// the field's text now shows, another day for `today`) draws them again too.
    @Test func anUnfocusedLineFollowsWhatATypedKeyChanges() throws {
        func made(_ state: String, day: Int) throws -> FormContext {
            let form = try FormParserTests.form(
                """
                fields:
                  - {id: name, label: Name}
                  - {id: greeting, label: "Hello {{name}}"}
                  - {id: code, label: Code, when: {name: filled}}
                  - {id: client, label: Client, required_if: {name: filled}}
                  - {id: contact, label: The contact for the bills}
                  - {id: state, label: State, choices: [\(state)]}
                  - {id: due, label: Due, type: date}
                """)
            let (prepared, layouts) = ChoiceLayout.apply(to: form) { _ in [] }
            return try FormContext(
                form: prepared, layouts: layouts, clock: WallClock(today: CivilDate(year: 2026, month: 11, day: day)!))
        }
        var context = try made("CA", day: 27)
        let cache = FormView.Cache()
        var state = FormState.start(context)
        state.entries[5] = FormState.Entry("CA")
        state.entries[6] = FormState.Entry("today")
        func lines() -> [String] {
            let cached = FormView.render(state, context, width: 80, height: 24, cache: cache)
            #expect(cached == FormView.render(state, context, width: 80, height: 24), "\(state)")
            return cached.lines.map(\.text)
        }
        func line(_ label: String) -> String? { lines().first { $0.hasPrefix("  " + label) } }
        func type(_ text: String) {
            _ = FormEngine.reduce(&state, .lineEdited(text: text, cursor: text.count), context)
        }

        #expect(line("Hello ") != nil && line("Code") == nil && line("Client ") != nil)
        #expect(line("State")?.hasSuffix("CA") == true && line("Due")?.hasSuffix("2026-11-27") == true)
        // Typed into Name (the labels' column stays: the contact's label is the widest).
        type("A")
        #expect(line("Hello A ") != nil && line("Code") != nil && line("Client*") != nil)
        type("Ad")
        #expect(line("Hello Ad ") != nil && line("Hello A ") == nil)
        type("")
        #expect(line("Hello  ") != nil && line("Code") == nil && line("Client ") != nil)
        // The same state in a context made again: the key's label, the next day.
        context = try made(#"{label: California, text: CA}"#, day: 28)
        #expect(line("State")?.hasSuffix("California") == true && line("Due")?.hasSuffix("2026-11-28") == true)
    }
}
