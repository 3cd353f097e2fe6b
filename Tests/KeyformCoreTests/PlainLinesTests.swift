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
}
