import SnapshotTesting
import Testing

@testable import KeyformCore

/// A datetime field with `layout: calendar` is picked in two steps (DECISIONS 55):
/// the day on the date kind's calendar, then the time on the time kind's
/// keypad (the shipped `time` layout), the field showing the day and the time
/// as they are picked. Today is 2026-11-21 (a Saturday), 09:05.
@Suite(.snapshots(record: .missing))
struct DateTimePickTests {
    static let clock = WallClock(today: CivilDate(iso: "2026-11-21")!, minuteOfDay: 9 * 60 + 5)
    static let source = """
        title: Meeting
        fields:
          - {id: topic, label: Topic}
          - {id: start, label: Starts, type: datetime, layout: calendar, required: true}
          - {id: room, label: Room}
        """

    static func context() throws -> FormContext {
        let parsed = FormParser.parse(source, stem: "meeting", layouts: DemoForms.availability)
        let form = try #require(parsed.value, "\(parsed.diagnostics)")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        return try FormContext(form: form, layouts: DemoForms.layouts, clock: clock)
    }

    /// The form on its Starts field (Topic filled), swapped to the calendar.
    static func onStart(_ start: String? = nil) throws -> (FormState, FormContext) {
        let context = try context()
        var values: [String: FieldInput] = ["topic": "Plan"]
        if let start { values["start"] = .line(start) }
        var state = FormState.start(context, values: values, focus: 1)
        _ = FormEngine.reduce(&state, .swapViewPressed, context)
        return (state, context)
    }

    static func send(_ state: inout FormState, _ context: FormContext, _ events: FormEvent...) -> [FormEffect] {
        var effects: [FormEffect] = []
        for event in events { effects = FormEngine.reduce(&state, event, context) }
        return effects
    }

    static func state(_ start: String, grid: FormState.Grid?, focus: Int = 1) -> FormState {
        FormState(
            entries: [FormState.Entry("Plan"), FormState.Entry(start), FormState.Entry("")], focus: focus, grid: grid)
    }

    static func day(_ iso: String) -> GridDrawing.KeyIndex { CalendarGrid.index(of: CivilDate(iso: iso)!) }

    @Test func aDayOnTheCalendarThenATimeOnTheKeypad() throws {
        var (state, context) = try Self.onStart()
        #expect(state == Self.state("", grid: FormState.Grid(layout: "calendar:2026-11")))
        // Today, a day on: Enter picks it, and the time keypad follows, nothing highlighted.
        _ = Self.send(&state, context, .calendarTodayPressed, .gridMoved(.right))
        #expect(
            Self.send(&state, context, .gridKeyPressed) == [
                .setLine(text: "2026-11-22 ", cursor: 11), .transition(.page(forward: true)),
            ])
        #expect(state == Self.state("2026-11-22 ", grid: FormState.Grid(layout: "time", step: 1)))
        // The keypad's hotkeys type the time after the day.
        #expect(
            Self.send(
                &state, context, .gridHotkeyPressed("0"), .gridHotkeyPressed("9"), .gridHotkeyPressed("3"),
                .gridHotkeyPressed("0")) == [.setLine(text: "2026-11-22 0930", cursor: 15)])
        #expect(state == Self.state("2026-11-22 0930", grid: FormState.Grid(layout: "time", step: 1)))
        // Enter with nothing highlighted commits the field: on to Room, the value read as the day and the time.
        let effects = Self.send(&state, context, .gridKeyPressed)
        #expect(effects.contains(.saveDraft(["topic": "Plan", "start": "2026-11-22 0930", "room": ""])), "\(effects)")
        #expect(state == Self.state("2026-11-22 0930", grid: nil, focus: 2))
        #expect(context.evaluation(state.entries).results[1] == .success(.datetime(CivilDateTime("2026-11-22 09:30")!)))
    }

    @Test func escGoesBackToTheCalendarAndAnotherDayKeepsTheTime() throws {
        var (state, context) = try Self.onStart()
        _ = Self.send(
            &state, context, .calendarTodayPressed, .gridKeyPressed, .gridHotkeyPressed("1"), .gridHotkeyPressed("4"))
        #expect(state == Self.state("2026-11-21 14", grid: FormState.Grid(layout: "time", step: 1)))
        // Esc: the calendar again on the day picked; the field keeps what was picked and typed.
        #expect(Self.send(&state, context, .pickStepBack) == [.transition(.page(forward: false))])
        #expect(
            state
                == Self.state(
                    "2026-11-21 14", grid: FormState.Grid(layout: "calendar:2026-11", highlight: Self.day("2026-11-21"))
                ))
        // A week on is another day: the time typed stands on the keypad until a key types.
        _ = Self.send(&state, context, .gridMoved(.down), .gridKeyPressed)
        #expect(state == Self.state("2026-11-28 14", grid: FormState.Grid(layout: "time", step: 1, partStands: true)))
        _ = Self.send(
            &state, context, .gridHotkeyPressed("1"), .gridHotkeyPressed("6"), .gridHotkeyPressed(":"),
            .gridHotkeyPressed("0"), .gridHotkeyPressed("0"))
        #expect(state == Self.state("2026-11-28 16:00", grid: FormState.Grid(layout: "time", step: 1)))
    }

    @Test func backspaceErasesTheTimeOnlyThenGoesBack() throws {
        var (state, context) = try Self.onStart()
        _ = Self.send(&state, context, .calendarTodayPressed, .gridKeyPressed, .gridHotkeyPressed("7"))
        #expect(Self.send(&state, context, .gridBackspacePressed) == [.setLine(text: "2026-11-21 ", cursor: 11)])
        // Nothing of the time left to erase: back to the calendar, the day kept.
        #expect(Self.send(&state, context, .gridBackspacePressed) == [.transition(.page(forward: false))])
        #expect(
            state
                == Self.state(
                    "2026-11-21 ", grid: FormState.Grid(layout: "calendar:2026-11", highlight: Self.day("2026-11-21"))))
        // Clear (c) empties the time, never the day.
        _ = Self.send(&state, context, .gridKeyPressed, .gridHotkeyPressed("8"), .gridHotkeyPressed("c"))
        #expect(state == Self.state("2026-11-21 ", grid: FormState.Grid(layout: "time", step: 1)))
        // A day without its time does not commit: the field says what a datetime looks like.
        _ = Self.send(&state, context, .gridKeyPressed)
        #expect(state.focus == 1)
        #expect(state.problems[1] == .notDateTime)
    }

    @Test func aValueHeldOpensOnItsDayAndItsTimeStands() throws {
        // `now` is the day and minute the form was opened: the calendar highlights that day.
        var (state, context) = try Self.onStart("now")
        #expect(state.grid == FormState.Grid(layout: "calendar:2026-11", highlight: Self.day("2026-11-21")))
        // Picking the day again keeps the time: Enter on the keypad keeps it and commits.
        _ = Self.send(&state, context, .gridKeyPressed)
        #expect(
            state == Self.state("2026-11-21 09:05", grid: FormState.Grid(layout: "time", step: 1, partStands: true)))
        _ = Self.send(&state, context, .gridKeyPressed)
        #expect(state == Self.state("2026-11-21 09:05", grid: nil, focus: 2))
        // The keypad's Now key types `now` for the time: the minute the form was opened, on the day picked.
        var (later, _) = try Self.onStart("2027-01-05 18:00")
        #expect(later.grid == FormState.Grid(layout: "calendar:2027-01", highlight: Self.day("2027-01-05")))
        _ = Self.send(&later, context, .gridMoved(.right), .gridKeyPressed, .gridHotkeyPressed("n"))
        #expect(later == Self.state("2027-01-06 now", grid: FormState.Grid(layout: "time", step: 1)))
        #expect(context.shownText(ofField: 1, later.entries[1]) == "2027-01-06 09:05")
    }

    @Test func tabSwapsToTheKeyboardAndBackToTheCalendar() throws {
        var (state, context) = try Self.onStart()
        _ = Self.send(&state, context, .calendarTodayPressed, .gridKeyPressed, .gridHotkeyPressed("9"))
        // The keypad's text goes on in the keyboard (a keypad types, as a time field's does).
        #expect(
            Self.send(&state, context, .swapViewPressed) == [
                .transition(.swapView(toGrid: false)), .setLine(text: "2026-11-21 9", cursor: 12),
            ])
        #expect(state.grid == nil)
        _ = Self.send(&state, context, .lineEdited(text: "2026-11-21 9:15", cursor: 15), .swapViewPressed)
        #expect(state.grid == FormState.Grid(layout: "calendar:2026-11", highlight: Self.day("2026-11-21")))
    }

    @Test func theFooterNamesEachStepsKeys() throws {
        var (state, context) = try Self.onStart()
        _ = Self.send(&state, context, .calendarTodayPressed)
        func footer() -> String {
            FormKeyMaps.standard.footer(in: FormKeySituation(state: state, context: context), width: 200)
        }
        // On the calendar Enter picks the day (the keypad follows); Esc cancels the form.
        #expect(footer().contains("Enter pick 2026-11-21"), "\(footer())")
        #expect(footer().contains("Esc cancel"), "\(footer())")
        _ = Self.send(&state, context, .gridKeyPressed)
        // On the keypad Esc goes back to the calendar, and does not cancel.
        #expect(footer().contains("Esc calendar"), "\(footer())")
        #expect(!footer().contains("cancel"), "\(footer())")
        #expect(
            FormKeyMaps.standard.grid.action(for: .escape, in: FormKeySituation(state: state, context: context))
                == .back)
        _ = Self.send(
            &state, context, .gridHotkeyPressed("1"), .gridHotkeyPressed("0"), .gridHotkeyPressed("0"),
            .gridHotkeyPressed("0"))
        #expect(footer().contains("Enter keep 2026-11-21 1000"), "\(footer())")
    }

    /// Each step as drawn: the calendar on today, the keypad after the day, the time typed.
    @Test(arguments: ["calendar", "keypad", "typed"])
    func eachStepsFrame(step: String) throws {
        var (state, context) = try Self.onStart()
        _ = Self.send(&state, context, .calendarTodayPressed, .gridMoved(.right))
        if step != "calendar" { _ = Self.send(&state, context, .gridKeyPressed) }
        if step == "typed" {
            _ = Self.send(&state, context, .gridHotkeyPressed("1"), .gridHotkeyPressed("4"), .gridHotkeyPressed("3"))
        }
        assertSnapshot(of: FormViewTests.picture(state, context, width: 80, height: 24), as: .lines, named: step)
    }

    @Test func theKindCutsItsValueIntoTheStepsParts() {
        let kind = DateTimeKind()
        #expect(kind.pickSteps == ["calendar", "time"])
        #expect(
            DateKind().pickSteps == ["calendar"] && TimeKind().pickSteps == ["time"] && TextKind().pickSteps.isEmpty)
        #expect(kind.pickParts(of: "2026-11-27 14:30") == ["2026-11-27", "14:30"])
        #expect(kind.pickParts(of: "2026-11-27T7:30") == ["2026-11-27", "7:30"])
        #expect(kind.pickParts(of: "2026-11-27 ") == ["2026-11-27", ""])
        #expect(kind.pickParts(of: "today") == ["today", ""])
        #expect(kind.joinedPickParts(["2026-11-27", ""]) == "2026-11-27 ")
        #expect(DateKind().pickParts(of: "2026-11-27") == ["2026-11-27"])
    }

    @Test func aFieldWithoutTheCalendarIsTypedAndADateIsPickedInOneStep() throws {
        let parsed = FormParser.parse(
            """
            title: Other
            fields:
              - {id: at, type: datetime}
              - {id: due, type: date, layout: calendar}
            """, stem: "other", layouts: DemoForms.availability)
        let context = try FormContext(form: try #require(parsed.value), layouts: DemoForms.layouts, clock: Self.clock)
        #expect(context.pickSteps(ofField: 0).isEmpty)
        #expect(context.pickSteps(ofField: 1).isEmpty)
        // A form in code given no layouts still gets the shipped keypad for its datetime's pick.
        let bare = try FormContext(form: try Self.context().form, layouts: [:], clock: Self.clock)
        #expect(bare.pickSteps(ofField: 1) == ["calendar", "time"])
        #expect(bare.layouts["time"]?.kind == .keypad)
    }
}
