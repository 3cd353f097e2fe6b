import Foundation
import SnapshotTesting
import Testing

@testable import KeyformCore

/// Keys written in the form itself (`choices: [Lettuce, Tomatoes]`), keys chosen
/// by another field's value (`choices: {by: country, keys: …}`), and a key whose
/// label differs from the text the record holds.
@Suite(.snapshots(record: .missing))
struct ChoicesInTheFormTests {
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!, minuteOfDay: 9 * 60)

    /// The form as a run prepares it: the parsed file, its grids generated.
    static func context(_ source: String) throws -> FormContext {
        let (form, layouts) = ChoiceLayout.apply(to: try FormParserTests.form(source)) { _ in [] }
        return try FormContext(form: form, layouts: layouts, clock: clock)
    }

    static func run(_ context: FormContext, _ events: [FormEvent], from state: FormState? = nil) -> FormState {
        var state = state ?? FormState.start(context)
        for event in events { _ = FormEngine.reduce(&state, event, context) }
        return state
    }

    static let burger = """
        fields:
          - id: bread
            choices: [White, Wheat, {label: Sourdough, text: sour}]
            strict: true
          - id: toppings
            choices: [Lettuce, Tomatoes, Onions]
            multiple: true
          - id: note
        """

    static let country = """
        fields:
          - id: country
            choices: [Canada, Mexico, United States]
            strict: true
          - id: state
            choices:
              by: country
              keys:
                Canada: [Alberta, Ontario, Quebec]
                Mexico: [Jalisco, Oaxaca]
                United States: [{label: California, text: CA}, {label: New York, text: NY}]
            strict: true
          - id: note
        """

    // MARK: Parsing

    @Test func aListOfChoicesIsReadAsKeysWithTheirTexts() throws {
        let form = try FormParserTests.form(Self.burger)
        #expect(
            form.fields[0].options
                == .fixed([
                    Field.Option(label: "White"), Field.Option(label: "Wheat"),
                    Field.Option(label: "Sourdough", text: "sour"),
                ]))
        #expect(form.fields[0].choices == nil && form.fields[0].layout == nil)
    }

    @Test func keysByAFieldAreReadInTheOrderWritten() throws {
        let form = try FormParserTests.form(Self.country)
        guard case .by(let driver, let groups)? = form.fields[1].options else {
            Issue.record("no keys by a field"); return
        }
        #expect(driver == "country")
        #expect(groups.map(\.value) == ["Canada", "Mexico", "United States"])
        #expect(
            groups[2].options == [
                Field.Option(label: "California", text: "CA"), Field.Option(label: "New York", text: "NY"),
            ])
    }

    // MARK: The grid

    @Test func aListBecomesAGridWithDigitHotkeysAsStoreChoicesDo() throws {
        let context = try Self.context(Self.burger)
        #expect(context.fields[0].input == .grid)
        let bread = try #require(context.layout(ofField: 0, []))
        #expect(bread.allKeys.map(\.label) == ["White", "Wheat", "Sourdough"])
        #expect(bread.allKeys.map(\.text) == ["White", "Wheat", "sour"])
        #expect(bread.allKeys.map(\.hotkey) == ["1", "2", "3"])
        // Not strict: a key swaps to the keyboard for another value; multiple: a Done key commits.
        let toppings = try #require(context.layout(ofField: 1, []))
        #expect(toppings.allKeys.map(\.label) == ["Lettuce", "Tomatoes", "Onions", "abc", "Done"])
        #expect(toppings.allKeys.last?.action == .done)
    }

    @Test func aStrictListAcceptsItsTextsOnly() throws {
        let context = try Self.context(Self.burger)
        let entries = FormState.start(context).entries
        var typed = entries
        typed[0] = FormState.Entry("Sourdough")
        #expect(context.validate(field: 0, typed) == .failure(.notAChoice(["White", "Wheat", "sour"])))
        typed[0] = FormState.Entry("sour")
        #expect(context.validate(field: 0, typed) == .success(.text("sour")))
    }

    @Test func hotkeysPickAndToggleAndTheRecordHoldsTheTexts() throws {
        let context = try Self.context(Self.burger)
        let state = Self.run(
            context, [.gridHotkeyPressed("3"), .gridHotkeyPressed("1"), .gridHotkeyPressed("3"), .gridKeyPressed])
        #expect(state.focus == 2)
        #expect(state.entries[0] == FormState.Entry("sour"))
        #expect(state.entries[1] == FormState.Entry(selection: ["Lettuce", "Onions"]))
        #expect(
            context.evaluation(state.entries).record
                == .success(
                    Record(
                        form: context.form,
                        values: [
                            "bread": .text("sour"), "toppings": .list(["Lettuce", "Onions"]),
                        ])))
    }

    @Test func aDefaultOpensWithItsKeyHighlighted() throws {
        let context = try Self.context(
            Self.burger.replacingOccurrences(of: "strict: true", with: "strict: true\n    default: sour"))
        let state = FormState.start(context)
        #expect(state.grid == FormState.Grid(layout: "choices:bread", highlight: .init(row: 0, key: 2)))
    }

    // MARK: The label shown, the text stored

    @Test func theFieldLineShowsTheKeysLabelWhileTheEntryHoldsItsText() throws {
        let context = try Self.context(Self.burger)
        let state = Self.run(context, [.gridHotkeyPressed("3"), .gridHotkeyPressed("2"), .gridHotkeyPressed("1")])
        #expect(state.entries[0].input.text == "sour")
        #expect(context.shownText(ofField: 0, state.entries[0]) == "Sourdough")
        assertSnapshot(of: FormViewTests.picture(state, context, width: 60, height: 20), as: .lines)
    }

    @Test func aTypedValueThatIsNoKeyShowsAsTyped() throws {
        let context = try Self.context(Self.burger)
        #expect(context.shownText(ofField: 0, FormState.Entry("Rye")) == "Rye")
        #expect(context.shownText(ofField: 1, FormState.Entry(selection: ["Onions", "Pickles"])) == "Onions, Pickles")
    }

    // MARK: Keys by another field's value

    @Test func theGridShownIsTheOneForTheDriversValue() throws {
        let context = try Self.context(Self.country)
        var entries = FormState.start(context).entries
        #expect(context.layoutName(ofField: 1, entries) == nil)
        entries[0] = FormState.Entry("Canada")
        #expect(context.layout(ofField: 1, entries)?.allKeys.map(\.label) == ["Alberta", "Ontario", "Quebec"])
        entries[0] = FormState.Entry("United States")
        #expect(context.layout(ofField: 1, entries)?.allKeys.map(\.label) == ["California", "New York"])
        entries[0] = FormState.Entry("Peru")
        #expect(context.layoutName(ofField: 1, entries) == nil)
    }

    @Test func changingTheCountryChangesTheStatesGridAndKeepsTheValueAsAProblem() throws {
        let context = try Self.context(Self.country)
        // Canada (1), then Ontario (2): the record holds both.
        var state = Self.run(context, [.gridHotkeyPressed("1"), .gridHotkeyPressed("2")])
        #expect(state.focus == 2)
        #expect(state.entries[1] == FormState.Entry("Ontario"))
        // Back to the country, Mexico (2): the state grid now offers Mexico's states,
        // Ontario is kept as typed and is no longer a valid choice.
        state = Self.run(context, [.previousPressed, .previousPressed, .gridHotkeyPressed("2")], from: state)
        #expect(state.focus == 1)
        #expect(state.entries[0] == FormState.Entry("Mexico"))
        #expect(state.entries[1] == FormState.Entry("Ontario"))
        #expect(state.grid == FormState.Grid(layout: "choices:state=Mexico"))
        #expect(context.validate(field: 1, state.entries) == .failure(.notAChoice(["Jalisco", "Oaxaca"])))
        #expect(context.evaluation(state.entries).doneBlocker?.field == 1)
        state = Self.run(context, [.gridHotkeyPressed("1")], from: state)
        #expect(state.entries[1] == FormState.Entry("Jalisco"))
        #expect(
            context.evaluation(state.entries).record
                == .success(
                    Record(
                        form: context.form,
                        values: [
                            "country": .text("Mexico"), "state": .text("Jalisco"),
                        ])))
    }

    @Test func withNoKeysForTheDriversValueTheFieldIsTypedAndStrictDoesNotApply() throws {
        let context = try Self.context(
            Self.country.replacingOccurrences(of: "strict: true\n  - id: state", with: "\n  - id: state"))
        let state = Self.run(context, [.swapViewPressed, .lineEdited(text: "Peru", cursor: 4), .commitPressed])
        #expect(state.focus == 1)
        #expect(state.grid == nil)
        #expect(
            context.validate(field: 1, Self.run(context, [.lineEdited(text: "Cusco", cursor: 5)], from: state).entries)
                == .success(.text("Cusco")))
    }

    // MARK: Stored values by another field's value

    static let trip = """
        fields:
          - id: country
            choices: [Canada, Mexico]
          - id: city
            choices: {from: trip.city, by: country, limit: 2}
            strict: true
        """

    @Test func storedValuesByAFieldAreReadOnceAndFollowItsAnswerAsKeysByAFieldDo() throws {
        let form = try FormParserTests.form(Self.trip)
        #expect(form.fields[1].choices == Field.ChoiceSource(form: "trip", field: "city", limit: 2, by: "country"))
        #expect(form.fields[1].options == nil)
        var reads = 0
        let context = try FormContext.prepared(
            form, layouts: [:], clock: Self.clock,
            storedPairs: { source in
                reads += 1
                #expect(source.by == "country")
                return [("Toronto", "Canada"), ("Oaxaca", "Mexico"), ("Ottawa", "Canada"), ("Montreal", "Canada")]
            })
        #expect(reads == 1)
        var entries = FormState.start(context).entries
        #expect(context.layoutName(ofField: 1, entries) == nil)
        entries[0] = FormState.Entry("Canada")
        // `limit` counts per answer: two of Canada's three stored cities, in the store's order.
        #expect(
            context.layout(ofField: 1, entries)?.allKeys.filter { $0.action == .text }.map(\.label) == [
                "Toronto", "Ottawa",
            ])
        entries[0] = FormState.Entry("Mexico")
        #expect(context.layout(ofField: 1, entries)?.allKeys.filter { $0.action == .text }.map(\.label) == ["Oaxaca"])
        entries[1] = FormState.Entry("Toronto")
        #expect(context.validate(field: 1, entries) == .failure(.notAChoice(["Oaxaca"])))
    }

    @Test func theStatesLabelShowsForTheCountrysText() throws {
        let context = try Self.context(Self.country)
        let state = Self.run(context, [.gridHotkeyPressed("3"), .gridHotkeyPressed("1")])
        #expect(state.entries[1] == FormState.Entry("CA"))
        #expect(context.shownText(ofField: 1, state.entries[1]) == "California")
        assertSnapshot(of: FormViewTests.picture(state, context, width: 60, height: 12), as: .lines)
    }

    @Test func aBooleanDriverMatchesItsWords() throws {
        let context = try Self.context(
            """
            fields:
              - id: done
                type: boolean
                states: {no: Open, yes: Closed}
              - id: why
                choices: {by: done, keys: {Closed: [Fixed, Duplicate], no: [Waiting]}}
            """)
        var entries = FormState.start(context).entries
        entries[0] = FormState.Entry("yes")
        #expect(context.layout(ofField: 1, entries)?.allKeys.map(\.label) == ["Fixed", "Duplicate", "abc"])
        entries[0] = FormState.Entry("Open")
        #expect(context.layout(ofField: 1, entries)?.allKeys.map(\.label) == ["Waiting", "abc"])
    }
}
