import Testing

@testable import KeyformCore

/// `FormView.LabelColumn` keeps the focused page's shown fields and the cells of
/// its labels' column (issue 27): made again whenever anything it is made from
/// changes, and never kept for a page whose labels name answers.
@Suite struct LabelColumnTests {
    static let form = RequiredIfTests.parsed(
        """
        fields:
          - {id: name, label: Name}
          - {id: billable, label: For a client, type: boolean}
          - {id: client, label: The client's name in full, required_if: {billable: yes}}
          - {id: note, label: Note, when: {billable: yes}}
        """)

    @Test func theColumnIsMadeAgainWhenWhatItIsMadeFromChanges() throws {
        let context = RequiredIfTests.context(try #require(Self.form.value))
        let column = FormView.LabelColumn()
        var made = 0
        func ask(_ entries: [String], width: Int = 80) -> (indices: [Int], width: Int) {
            let evaluation = context.evaluation(RequiredIfTests.entries(entries))
            return column.column(page: 0..<4, width: width, evaluation, context) {
                made += 1
                let indices = (0..<4).filter { evaluation.shown[$0] }
                return (indices, indices.map { evaluation.required[$0] ? 1 : 0 }.reduce(20, +), true)
            }
        }
        #expect(ask(["", "", "", ""]).indices == [0, 1, 2])
        // A key typed into Name: its evaluation shares which fields are shown and required.
        _ = ask(["A", "", "", ""])
        _ = ask(["Ad", "", "", ""])
        #expect(made == 1)
        // Another width, a star (`required_if`), a field shown: each makes it again.
        _ = ask(["Ad", "", "", ""], width: 60)
        #expect(made == 2)
        let billed = ask(["Ad", "yes", "", ""], width: 60)
        #expect(made == 3 && billed.indices == [0, 1, 2, 3] && billed.width == 21)
        _ = ask(["Ad", "yes", "Acme", ""], width: 60)
        #expect(made == 3)
    }

    @Test func aPageWhoseLabelsNameAnswersIsNotKept() throws {
        let context = RequiredIfTests.context(try #require(Self.form.value))
        let column = FormView.LabelColumn()
        var made = 0
        let evaluation = context.evaluation(RequiredIfTests.entries(["", "", "", ""]))
        for _ in 0..<3 {
            _ = column.column(page: 0..<4, width: 80, evaluation, context) {
                made += 1
                return ([0, 1, 2], 12, false)
            }
        }
        #expect(made == 3)
    }

    /// Through the view: a label that names an answer follows it on every frame,
    /// and the column widens with it, as a frame drawn without a cache shows.
    @Test func aFrameThroughTheCacheIsTheFrameWithout() throws {
        let form = try #require(
            RequiredIfTests.parsed(
                """
                fields:
                  - {id: name, label: Name}
                  - {id: greeting, label: "Hello {{name}}"}
                  - {id: other, label: Other}
                """
            ).value)
        let context = RequiredIfTests.context(form)
        let cache = FormView.Cache()
        var state = FormState.start(context)
        for text in ["A", "Ada", "Ada Lovelace of the long name", ""] {
            _ = FormEngine.reduce(&state, .lineEdited(text: text, cursor: text.count), context)
            for width in [80, 50] {
                let cached = FormView.render(state, context, width: width, height: 24, cache: cache)
                #expect(cached == FormView.render(state, context, width: width, height: 24))
                #expect(cached.lines.contains { $0.text.hasPrefix("  Hello " + text) } || text.count > 20)
            }
        }
    }
}
