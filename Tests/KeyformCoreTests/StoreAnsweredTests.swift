import Testing

@testable import KeyformCore

/// The store's answers that come after the first frame (read off the terminal's
/// loop): a `choices: {from:}` grid loading meanwhile, then `.storeAnswered`
/// with the `default: last` values. Every step asserts the whole state.
@Suite struct StoreAnsweredTests {
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!, minuteOfDay: 9 * 60)

    /// A list picked from the lists stored (starting on the last one), an item, a note of its own default.
    static let checklist = """
        name: checklist
        fields:
          - id: list
            label: List
            choices: {from: checklist.list}
            default: last
          - id: item
            label: Item
            default: last
          - id: note
          - id: code
            secret: true
        """

    static func loading() throws -> FormContext {
        try FormContext.prepared(
            try FormParserTests.form(checklist), layouts: [:], clock: clock, storeLoading: true)
    }

    static func answered() throws -> FormContext {
        try FormContext.prepared(
            try FormParserTests.form(checklist), layouts: [:],
            storedChoices: { _ in ["Garden", "Groceries"] }, clock: clock)
    }

    @Test func whileTheStoreLoadsAFromFieldShowsALoadingGridWithOnlyTheKeyboardKey() throws {
        let context = try Self.loading()
        let grid = try #require(context.layout(ofField: 0, []))
        #expect(grid.title == "Loading List…")
        #expect(grid.allKeys.map(\.label) == ["abc (none yet)"])
        #expect(context.fields[0].input == .grid)
        #expect(context.fields[1].input != .grid, "a field without stored choices is as ever")
    }

    @Test func lastValuesFillTheUntouchedFieldsAndTheFocusedFieldOpensInItsNewGrid() throws {
        let loading = try Self.loading()
        var state = FormState.start(loading)
        let started = state
        #expect(state.grid != nil, "the focused field opens on its loading grid")
        // The person typed the item meanwhile (keys for the list itself are held by the session).
        state.entries[1] = FormState.Entry("eggs")
        state.notice = "a notice on screen"
        let context = try Self.answered()
        let before = state
        let effects = FormEngine.reduce(
            &state, .storeAnswered(lastValues: ["list": "Groceries", "item": "milk", "code": "1234"]), context)

        var expected = before
        expected.entries[0] = FormState.Entry("Groceries")  // untouched: filled
        // item was typed into: stays; code is secret: never the last record's (DECISIONS 38)
        var entered = expected
        _ = FormEngine.enter(field: 0, in: &entered, context, from: nil)
        #expect(state == entered, "the whole state: list filled and entered again, item and notice kept")
        #expect(state.entries[1] == FormState.Entry("eggs"))
        #expect(state.entries[3] == started.entries[3])
        #expect(state.notice == "a notice on screen")
        #expect(effects == [.setLine(text: "Groceries", cursor: 9)])
        #expect(state.grid != nil && state.grid != started.grid, "the grid of stored lists, not the loading one")
        #expect(context.layout(ofField: 0, state.entries)?.allKeys.map(\.label) == ["Garden", "Groceries", "abc"])
    }

    @Test func aFieldFocusedAwayFromIsFilledWithoutMovingFocus() throws {
        let loading = try Self.loading()
        var state = FormState.start(loading, focus: 2)
        #expect(state.focus == 2)
        let context = try Self.answered()
        let before = state
        let effects = FormEngine.reduce(&state, .storeAnswered(lastValues: ["item": "milk"]), context)
        var expected = before
        expected.entries[1] = FormState.Entry("milk")
        #expect(state == expected)
        #expect(effects == [], "the focused field was neither filled nor a store's choices")
    }

    @Test func noValuesStillOpenTheFocusedChoicesFieldAgain() throws {
        var state = FormState.start(try Self.loading())
        let context = try FormContext.prepared(
            try FormParserTests.form(Self.checklist), layouts: [:], clock: Self.clock)
        let effects = FormEngine.reduce(&state, .storeAnswered(lastValues: [:]), context)
        var expected = FormState.start(try Self.loading())
        _ = FormEngine.enter(field: 0, in: &expected, context, from: nil)
        #expect(state == expected)
        #expect(state.grid == nil, "no lists stored yet: the field opens in the keyboard")
        #expect(effects == [.setLine(text: "", cursor: 0)])
    }

    @Test func afterTheFormEndedTheAnswersChangeNothing() throws {
        let loading = try Self.loading()
        var state = FormState.start(loading)
        _ = FormEngine.reduce(&state, .cancelPressed, loading)
        let ended = state
        #expect(FormEngine.reduce(&state, .storeAnswered(lastValues: ["list": "Garden"]), try Self.answered()) == [])
        #expect(state == ended)
    }
}
