import KeyformCore
import SnapshotTesting
import Testing

/// A date field's calendar (`layout: calendar`): the month grid the engine
/// generates, and the keys that move in it. Today is 2026-11-21 (a Saturday).
@Suite(.snapshots(record: .missing))
struct CalendarGridTests {
    static func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    @Test func aMonthIsWholeWeeksFromMonday() {
        let november = CalendarGrid.layout(month: Self.day("2026-11-21"), names: .english)
        #expect(november.title == "November 2026")
        let rows = november.pages[0].rows
        // 2026-11-01 is a Sunday: the first week starts on Monday 26 October.
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0.count == 7 })
        #expect(rows[0].map(\.label) == ["Mo (26)", "Tu (27)", "We (28)", "Th (29)", "Fr (30)", "Sa (31)", "Su 1"])
        #expect(rows[0][0].text == "2026-10-26")
        #expect(rows[1].map(\.label) == ["2", "3", "4", "5", "6", "7", "8"])
        #expect(rows[5].map(\.label) == ["30", "(1)", "(2)", "(3)", "(4)", "(5)", "(6)"])
        #expect(rows[5][6].text == "2026-12-06")
        // February 2027 starts on a Monday and ends on a Sunday: four rows, no other month.
        let february = CalendarGrid.layout(month: Self.day("2027-02-10"), names: .english)
        #expect(february.pages[0].rows.count == 4)
        #expect(february.pages[0].rows[0][0].label == "Mo 1")
    }

    @Test func theNamesComeFromOneTable() {
        let names = CalendarNames(months: (1...12).map { "\($0)月" }, weekdays: ["月", "火", "水", "木", "金", "土", "日"])
        let layout = CalendarGrid.layout(month: Self.day("2026-11-21"), names: names)
        #expect(layout.title == "11月 2026")
        #expect(layout.pages[0].rows[0].first?.label == "月 (26)")
    }

    @Test func namesIndexesAndMonths() {
        #expect(CalendarGrid.name(ofMonthOf: Self.day("2026-11-21")) == "calendar:2026-11")
        #expect(CalendarGrid.month(named: "calendar:2026-02", today: Self.day("2026-11-21")) == Self.day("2026-02-01"))
        #expect(CalendarGrid.month(named: "calendar", today: Self.day("2026-11-21")) == Self.day("2026-11-01"))
        #expect(CalendarGrid.month(named: "priority", today: Self.day("2026-11-21")) == nil)
        #expect(CalendarGrid.index(of: Self.day("2026-11-21")) == GridDrawing.KeyIndex(row: 3, key: 5))
        #expect(CalendarGrid.index(of: Self.day("2026-11-01")) == GridDrawing.KeyIndex(row: 0, key: 6))
        #expect(CalendarGrid.adding(months: 1, to: Self.day("2027-01-31")) == Self.day("2027-02-28"))
        #expect(CalendarGrid.adding(months: -1, to: Self.day("2026-01-15")) == Self.day("2025-12-15"))
        #expect(CalendarGrid.adding(months: 13, to: Self.day("2024-02-29")) == Self.day("2025-03-29"))
    }

    // MARK: The to-do's due date

    /// The to-do form on its Due field, swapped to the calendar.
    static func onDue() throws -> (FormState, FormContext) {
        let context = try DemoForms.context("todo")
        let due = try #require(context.index(ofField: "due"))
        var state = FormState.start(context, values: ["text": "Taxes"], focus: due)
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        return (state, context)
    }

    static func send(_ state: inout FormState, _ context: FormContext, _ events: FormEvent...) -> [FormEffect] {
        var effects: [FormEffect] = []
        for event in events { effects = FormEngine.reduce(&state, event, context) }
        return effects
    }

    static func highlighted(_ state: FormState, _ context: FormContext) -> String? {
        FormEngine.highlightedKey(state, context)?.text
    }

    @Test func theCalendarOpensOnThisMonthWithNothingHighlighted() throws {
        let (state, context) = try Self.onDue()
        #expect(state.grid == FormState.Grid(layout: "calendar:2026-11"))
        // A field that holds a date opens on its month, that day highlighted.
        var dated = FormState.start(
            context, values: ["text": "Taxes", "due": "2027-01-05"], focus: context.index(ofField: "due")!)
        _ = FormEngine.reduce(&dated, .swapViewPressed, context)
        #expect(dated.grid?.layout == "calendar:2027-01")
        #expect(Self.highlighted(dated, context) == "2027-01-05")
    }

    @Test func arrowsMoveByDayAndWeekAcrossMonths() throws {
        var (state, context) = try Self.onDue()
        // The first arrow shows today.
        #expect(Self.send(&state, context, .gridMoved(.right)) == [])
        #expect(Self.highlighted(state, context) == "2026-11-21")
        _ = Self.send(&state, context, .gridMoved(.right))
        #expect(Self.highlighted(state, context) == "2026-11-22")
        _ = Self.send(&state, context, .gridMoved(.down))
        #expect(Self.highlighted(state, context) == "2026-11-29")
        // A week on is December: its month is shown, with a slide forward.
        #expect(Self.send(&state, context, .gridMoved(.down)) == [.transition(.page(forward: true))])
        #expect(state.grid?.layout == "calendar:2026-12")
        #expect(Self.highlighted(state, context) == "2026-12-06")
        _ = Self.send(&state, context, .gridMoved(.up), .gridMoved(.left))
        #expect(Self.highlighted(state, context) == "2026-11-28")
    }

    @Test func pageKeysTurnTheMonthAndTGoesToToday() throws {
        var (state, context) = try Self.onDue()
        // Nothing highlighted: only the month turns.
        #expect(Self.send(&state, context, .calendarMonthTurned(forward: true)) == [.transition(.page(forward: true))])
        #expect(state.grid == FormState.Grid(layout: "calendar:2026-12"))
        _ = Self.send(&state, context, .calendarTodayPressed)
        #expect(state.grid?.layout == "calendar:2026-11")
        #expect(Self.highlighted(state, context) == "2026-11-21")
        _ = Self.send(&state, context, .calendarMonthTurned(forward: false), .calendarMonthTurned(forward: false))
        #expect(Self.highlighted(state, context) == "2026-09-21")
        // The day is kept within a shorter month.
        _ = Self.send(&state, context, .gridMoved(.down), .gridMoved(.down), .gridMoved(.right), .gridMoved(.right))
        #expect(Self.highlighted(state, context) == "2026-10-07")
    }

    @Test func enterPicksTheHighlightedDay() throws {
        var (state, context) = try Self.onDue()
        _ = Self.send(&state, context, .calendarTodayPressed, .gridMoved(.down), .gridKeyPressed)
        let due = try #require(context.index(ofField: "due"))
        #expect(state.entries[due].text == "2026-11-28")
        #expect(state.focus == due + 1)
        // Back on it, the calendar opens on that day.
        _ = Self.send(&state, context, .previousPressed)
        #expect(state.focus == due)
    }

    @Test func theFooterNamesTheCalendarsKeys() throws {
        var (state, context) = try Self.onDue()
        _ = Self.send(&state, context, .calendarTodayPressed)
        let footer = FormKeyMaps.standard.footer(in: FormKeySituation(state: state, context: context), width: 200)
        #expect(footer.contains("PgUp/PgDn month"), "\(footer)")
        #expect(footer.contains("t today"), "\(footer)")
        #expect(footer.contains("Enter pick 2026-11-21"), "\(footer)")
        // Other grids have no month keys, and t is a hotkey there.
        let todo = try DemoForms.context("todo")
        var priority = FormState.start(todo, values: ["text": "Taxes"], focus: 1)
        _ = FormEngine.reduce(&priority, .gridMoved(.right), todo)
        let other = FormKeyMaps.standard.footer(in: FormKeySituation(state: priority, context: todo), width: 200)
        #expect(!other.contains("month") && !other.contains("today"), "\(other)")
        #expect(
            FormKeyMaps.standard.grid.action(for: .character("t"), in: FormKeySituation(state: priority, context: todo))
                == .pressHotkey)
    }

    @Test func theCalendarFrame() throws {
        var (state, context) = try Self.onDue()
        _ = Self.send(&state, context, .calendarTodayPressed)
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func aCalendarIsForDateFieldsOnly() throws {
        let source = """
            name: wrong
            fields:
              - id: when
                layout: calendar
            """
        let parsed = FormParser.parse(bytes: Array(source.utf8), stem: "wrong", layouts: DemoForms.availability)
        #expect(
            parsed.diagnostics.map(\.description).contains {
                $0.contains("'layout: calendar' is for date and datetime fields")
            },
            "\(parsed.diagnostics)")
    }
}
