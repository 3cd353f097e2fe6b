import Foundation
import SnapshotTesting
import Testing

@testable import KeyformCore

/// Type-to-filter on a long grid (issue 23): the matching, the reducer step
/// by step with the whole state, the keys that name it, and its frames.
@Suite(.snapshots(record: .missing))
struct GridFilterTests {
    // MARK: Forms

    /// `examples/countries.yaml`: 250 keys written in the form, a name shown and a code stored.
    static func countries() throws -> FormContext {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/countries.yaml").standardizedFileURL
        return try ChoicesInTheFormTests.context(try String(contentsOf: url, encoding: .utf8))
    }

    static let fruit = """
        fields:
          - id: fruit
            choices: [Apple, Apricot, Banana, Blackberry, Cherry, Date, Fig, Grape, Kiwi, Lemon, Mango, Cherimoya]
            multiple: true
          - id: note
        """

    static let short = """
        fields:
          - id: size
            choices: [Small, Medium, Large]
        """

    static func run(_ context: FormContext, _ events: [FormEvent], from state: FormState? = nil) -> FormState {
        ChoicesInTheFormTests.run(context, events, from: state)
    }

    static func typed(_ text: String) -> [FormEvent] {
        text.enumerated().map { $0.offset == 0 ? .gridHotkeyPressed($0.element) : .gridFilterTyped($0.element) }
    }

    static func labels(_ state: FormState) -> [String] {
        state.grid?.filter?.matches.map(\.key.label) ?? []
    }

    // MARK: Matching

    @Test func aQueryMatchesItsCharactersInOrderWhateverTheirCase() {
        let label = "Bosnia and Herzegovina".map { $0.lowercased() }
        // As the initials of words; not out of order; whole, at a word's start, when it is there.
        #expect(GridFilter.match(["b", "h"], in: label)?.marks == [0, 11])
        #expect(GridFilter.match(["h", "b"], in: label) == nil)
        #expect(GridFilter.match(["h", "e", "r"], in: label)?.marks == [11, 12, 13])
        // Whole inside a word (2) after initials (1); scattered last (3), as close as the first fit allows.
        #expect(GridFilter.match(["o", "v"], in: label).map { [$0.rank] + $0.marks } == [2, 17, 18])
        #expect(GridFilter.match(["s", "z"], in: label).map { [$0.rank] + $0.marks } == [3, 2, 14])
    }

    @Test func charactersAreComparedAsTheyAreSeen() throws {
        let layout = ChoiceLayout.make(
            title: "Places",
            options: [
                Field.Option(label: "Åland Islands"), Field.Option(label: "Re\u{301}union"),
                Field.Option(label: "Aland"),
            ], typing: false, done: false)
        // `Å` is one character, lowercased `å`; `é` written as e and a combining accent is one character too.
        #expect(GridFilter(layout, query: "ÅL").matches.map(\.key.label) == ["Åland Islands"])
        #expect(GridFilter(layout, query: "é").matches.map(\.marked) == [[1]])
        #expect(GridFilter(layout, query: "e").matches.isEmpty)
    }

    @Test func matchesComeBestFirstThenInTheLayoutsOrder() throws {
        let layout = try #require(try Self.countries().layout(named: "choices:country"))
        let filter = GridFilter(layout, query: "ind")
        // Begins with it; then whole at a word's start; then whole anywhere; then scattered.
        #expect(
            Array(filter.matches.map(\.key.label).prefix(3)) == [
                "India", "Indonesia", "British Indian Ocean Territory",
            ])
        #expect(filter.matches.map(\.rank) == filter.matches.map(\.rank).sorted())
        #expect(filter.matches.first?.key.label == "India")
        #expect(filter.matches.first?.marked == [0, 1, 2])
        #expect(filter.total == 250)
        #expect(filter.columns == 3)
        // Narrowing by a typed character tries only the keys that matched: the same as filtering from the start.
        #expect(GridFilter(layout, query: "in").typing("d") == filter)
    }

    @Test func aGridWithKeysWithoutHotkeysHasAFilter() throws {
        let context = try Self.countries()
        #expect(context.hasFilter(layout: "choices:country"))
        #expect(context.slashOpensFilter(layout: "choices:country"))
        let short = try ChoicesInTheFormTests.context(Self.short)
        #expect(!short.hasFilter(layout: "choices:size"))
        // Past nine options the keyboard's key gives `/` to the filter.
        let open = ChoiceLayout.make(
            title: "t", options: (1...10).map { Field.Option(label: "o\($0)") }, typing: true, done: false)
        #expect(open.allKeys.last?.action == .keyboard && open.allKeys.last?.hotkey == nil)
        let few = ChoiceLayout.make(
            title: "t", options: (1...9).map { Field.Option(label: "o\($0)") }, typing: true, done: false)
        #expect(few.allKeys.last?.hotkey == "/")
        // A calendar is no list to filter, nor a keypad.
        #expect(
            !GridFilter.applies(
                to: Layout(kind: .keypad, pages: [Layout.Page(rows: [[Layout.Key(label: "1")]])]), named: "digits"))
    }

    /// A grid's labels are folded once, when the form is prepared: the filter
    /// the reducer opens narrows the context's keys, and erasing needs no layout.
    @Test func aGridsLabelsAreFoldedOnceWhenTheFormIsPrepared() throws {
        let context = try Self.countries()
        let layout = try #require(context.layout(named: "choices:country"))
        let keys = try #require(context.filterKeys(layout: "choices:country"))
        #expect(keys == GridFilter.Keys(layout))
        let aland = try #require(keys.keys.firstIndex { $0.label == "Åland Islands" })
        #expect(keys.folded[aland] == "åland islands".map(String.init))
        #expect(context.filterKeys(layout: "calendar:2026-11") == nil)
        let state = Self.run(context, Self.typed("nzl"))
        #expect(state.grid?.filter == GridFilter(keys, query: "nzl"))
        #expect(state.grid?.filter?.erasing() == GridFilter(layout, query: "nz"))
        // ASCII is folded without Unicode's tables, anything else as `lowercased()` folds it.
        #expect(
            ["Q", "q", "7", "-", "É", "İ", "ß"].map { GridFilter.folded($0) } == [
                "q", "q", "7", "-", "é", "i\u{307}", "ß",
            ])
    }

    // MARK: The reducer

    @Test func typingALetterThatIsNoHotkeyOpensTheFilterOnItAndTheGridNarrows() throws {
        let context = try Self.countries()
        let layout = try #require(context.layout(named: "choices:country"))
        let start = FormState.start(context)
        #expect(start.grid == FormState.Grid(layout: "choices:country"))

        var expected = start
        expected.grid = FormState.Grid(
            layout: "choices:country", highlight: .init(row: 0, key: 0),
            filter: GridFilter(layout, query: "nz"))
        let state = Self.run(context, Self.typed("nz"))
        #expect(state == expected)
        // Initials first, then whole in a word, then scattered.
        #expect(Self.labels(state) == ["New Zealand", "Tanzania", "Bosnia and Herzegovina", "Venezuela"])
        // Answers are untouched by a filter: it is only a view.
        #expect(state.entries == start.entries)
    }

    @Test func enterPicksTheHighlightedMatchAndTheArrowsMoveAmongThem() throws {
        let context = try Self.countries()
        var state = Self.run(context, Self.typed("nz") + [.gridKeyPressed])
        #expect(state.entries[0].input == .line("NZ"))
        #expect(state.focus == 1 && state.grid == nil)

        state = Self.run(context, Self.typed("nz") + [.gridMoved(.down), .gridMoved(.right)])
        // four matches, three to a row: Down and Right stop at the last
        #expect(state.grid?.highlight == .init(row: 1, key: 0))
        state = Self.run(context, [.gridMoved(.up), .gridMoved(.right), .gridKeyPressed], from: state)
        #expect(state.entries[0].input == .line("TZ"))
    }

    @Test func escClosesTheFilterOnTheKeyItHighlightedAndASecondEscCancels() throws {
        let context = try Self.countries()
        var state = Self.run(context, Self.typed("nz") + [.gridFilterClosed])
        let layout = try #require(context.layout(named: "choices:country"))
        let index = try #require(layout.allKeys.firstIndex { $0.label == "New Zealand" })
        var expected = FormState.start(context)
        expected.grid = FormState.Grid(layout: "choices:country", highlight: .init(row: index / 3, key: index % 3))
        #expect(state == expected)
        state = Self.run(context, [.cancelPressed], from: state)
        #expect(state.outcome == .cancelled)
    }

    @Test func backspaceErasesAndOnAnEmptyFilterClosesIt() throws {
        let context = try Self.countries()
        let layout = try #require(context.layout(named: "choices:country"))
        var state = Self.run(context, Self.typed("nz") + [.gridFilterErased])
        #expect(state.grid?.filter == GridFilter(layout, query: "n"))
        #expect(state.grid?.highlight == .init(row: 0, key: 0))
        state = Self.run(context, [.gridFilterErased], from: state)
        #expect(state.grid?.filter == GridFilter(layout, query: ""))
        // The whole list again, as the open filter shows it; one more erase closes it.
        #expect(state.grid?.filter?.matches.count == 250)
        state = Self.run(context, [.gridBackspacePressed], from: state)
        #expect(state.grid?.filter == nil)
        #expect(state.grid?.highlight == .init(row: 0, key: 0))
    }

    @Test func noMatchIsSaidAndEnterPicksNothing() throws {
        let context = try Self.countries()
        var state = FormState.start(context)
        var effects: [FormEffect] = []
        for event in Self.typed("qqx") { effects = FormEngine.reduce(&state, event, context) }
        #expect(effects == [.bell])
        #expect(state.grid?.filter?.matches == [])
        #expect(state.grid?.highlight == nil)
        effects = FormEngine.reduce(&state, .gridKeyPressed, context)
        #expect(effects == [.bell])
        #expect(state.notice == "no key matches 'qqx'")
        #expect(state.focus == 0 && state.entries[0].input == .line(""))
        #expect(FormEngine.reduce(&state, .gridMoved(.down), context) == [.bell])
    }

    @Test func slashOpensAnEmptyFilterAndAShortGridKeepsItsHotkeyNotice() throws {
        let context = try Self.countries()
        let state = Self.run(context, [.gridFilterOpened])
        #expect(state.grid?.filter?.query == "")
        #expect(state.grid?.highlight == .init(row: 0, key: 0))

        let short = try ChoicesInTheFormTests.context(Self.short)
        let shortState = Self.run(short, [.gridHotkeyPressed("x")])
        #expect(shortState.grid?.filter == nil)
        #expect(shortState.notice == "no key 'x' here")
        #expect(Self.run(short, [.gridFilterOpened]).grid?.filter == nil)
    }

    @Test func aMultipleFieldKeepsItsPicksAcrossFilters() throws {
        let context = try ChoicesInTheFormTests.context(Self.fruit)
        var state = Self.run(context, Self.typed("apr") + [.gridKeyPressed])
        #expect(state.entries[0].selection == ["Apricot"])
        #expect(state.grid?.filter?.query == "apr")  // the filter stays for the next pick
        state = Self.run(
            context,
            [
                .gridFilterErased, .gridFilterErased, .gridFilterErased, .gridFilterTyped("c"), .gridFilterTyped("h"),
                .gridMoved(.right), .gridKeyPressed,
            ], from: state)
        #expect(Self.labels(state) == ["Cherry", "Cherimoya"])
        #expect(state.entries[0].selection == ["Apricot", "Cherimoya"])
        state = Self.run(context, [.gridFilterClosed, .gridKeyPressed], from: state)
        // Esc, then Enter on the key the filter highlighted: toggled off again, the other pick kept.
        #expect(state.entries[0].selection == ["Apricot"])
    }

    @Test func theRecordIsTheSameWhetherTheKeyWasFoundByFilterOrByArrows() throws {
        let context = try Self.countries()
        let filtered = Self.run(context, Self.typed("nzl") + [.gridKeyPressed])
        let index = try #require(
            context.layout(named: "choices:country")?.allKeys.firstIndex { $0.label == "New Zealand" })
        let moves =
            [FormEvent.gridMoved(.down)] + Array(repeating: .gridMoved(.down), count: index / 3)
            + Array(repeating: .gridMoved(.right), count: index % 3)
        var arrows = Self.run(context, moves)
        #expect(FormEngine.highlightedKey(arrows, context)?.label == "New Zealand")
        _ = FormEngine.reduce(&arrows, .gridKeyPressed, context)
        #expect(filtered.entries == arrows.entries)
        #expect(context.evaluation(filtered.entries).record == context.evaluation(arrows.entries).record)
    }

    // MARK: Keys

    @Test func whileTheFilterIsOpenTypingBackspaceAndEscAreItsOwn() throws {
        let context = try Self.countries()
        let grid = FormKeyMaps.standard.grid
        let closed = FormKeySituation(state: FormState.start(context), context: context)
        let open = FormKeySituation(state: Self.run(context, Self.typed("nz")), context: context)
        #expect(grid.action(for: .character("/"), in: closed) == .filter)
        #expect(grid.action(for: .character("x"), in: closed) == .pressHotkey)
        #expect(grid.action(for: .escape, in: closed) == .cancel)
        #expect(grid.action(for: .character("/"), in: open) == .typeFilter)
        #expect(grid.action(for: .space, in: open) == .typeFilter)
        #expect(grid.action(for: .backspace, in: open) == .eraseFilter)
        #expect(grid.action(for: .escape, in: open) == .closeFilter)
        #expect(grid.action(for: .down, in: open) == .moveDown)
        #expect(grid.action(for: .enter, in: open) == .pressKey)
        // The footer names them from the map.
        #expect(grid.footer(in: closed, width: 200).contains("/ filter"))
        let footer = grid.footer(in: open, width: 200)
        #expect(footer.contains("Enter pick New Zealand"))
        #expect(footer.contains("Esc close filter"))
        #expect(!footer.contains("cancel"))
    }

    // MARK: Frames

    static func picture(
        _ state: FormState, _ context: FormContext, width: Int, height: Int, color: Bool = true
    ) -> String {
        FormViewTests.picture(state, context, width: width, height: height, color: color)
    }

    @Test func theWholeListAt80x24() throws {
        let context = try Self.countries()
        assertSnapshot(of: Self.picture(FormState.start(context), context, width: 80, height: 24), as: .lines)
    }

    @Test func theListNarrowsWithTheMatchedLettersMarked() throws {
        let context = try Self.countries()
        assertSnapshot(
            of: Self.picture(Self.run(context, Self.typed("ger")), context, width: 80, height: 24), as: .lines)
    }

    @Test func theMarksNeedNoColor() throws {
        let context = try Self.countries()
        let state = Self.run(context, Self.typed("ger") + [.gridMoved(.right)])
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24, color: false), as: .lines)
    }

    @Test func noMatchIsSaid() throws {
        let context = try Self.countries()
        let state = Self.run(context, Self.typed("qqx") + [.gridKeyPressed])
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func theListAt60x20() throws {
        let context = try Self.countries()
        var state = FormState.start(context)
        for _ in 0..<40 { _ = FormEngine.reduce(&state, .gridMoved(.down), context) }
        assertSnapshot(of: Self.picture(state, context, width: 60, height: 20), as: .lines, named: "scrolled")
        assertSnapshot(
            of: Self.picture(Self.run(context, Self.typed("an")), context, width: 60, height: 20), as: .lines,
            named: "filtered")
    }

    @Test func aMultipleFieldsPicksShowInTheFilter() throws {
        let context = try ChoicesInTheFormTests.context(Self.fruit)
        let state = Self.run(context, Self.typed("apr") + [.gridKeyPressed, .gridFilterErased, .gridFilterErased])
        assertSnapshot(of: Self.picture(state, context, width: 60, height: 20), as: .lines)
    }
}
