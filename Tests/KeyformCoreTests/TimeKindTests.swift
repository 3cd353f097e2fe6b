import Testing

@testable import KeyformCore

/// `type: time`: a time of day, `HH:MM` on the 24-hour clock (DECISIONS 21: the kind
/// added to prove that a kind is one descriptor).
@Suite struct TimeKindTests {
    static let clock = WallClock(today: CivilDate(iso: "2026-11-21")!, minuteOfDay: 9 * 60 + 5)
    static let shift = Form(
        name: "shift",
        pages: [
            Form.Page(fields: [
                Field(id: "start", label: "Start", type: .time, required: true),
                Field(id: "stop", label: "Stop", type: .time),
            ])
        ], template: "{{start}}–{{stop}}{{^stop}}open{{/stop}}")

    func check(_ raw: String, required: Bool = false) throws -> Result<FieldValue?, FieldProblem> {
        try FieldValidator(field: Field(id: "t", type: .time, required: required), choices: nil).validate(
            raw, at: Self.clock)
    }

    func time(_ text: String) -> FieldValue { .time(ClockTime(text)!) }

    @Test func timesAreTypedWithOrWithoutAColonOnThe24HourClock() throws {
        #expect(try check("07:30") == .success(time("07:30")))
        #expect(try check("7:30") == .success(time("07:30")))
        #expect(try check(" 0730 ") == .success(time("07:30")))
        #expect(try check("730") == .success(time("07:30")))
        #expect(try check("23:59") == .success(time("23:59")))
        #expect(try check("0:00") == .success(time("00:00")))
        #expect(try check("") == .success(nil))
        #expect(try check("", required: true) == .failure(.required))
    }

    @Test func nowIsTheClocksMinute() throws {
        #expect(try check("now") == .success(time("09:05")))
        #expect(try check("NOW") == .success(time("09:05")))
    }

    @Test func otherTextSaysWhatATimeLooksLike() throws {
        for wrong in ["7.30", "7:3", "07:300", "7pm", "07:30:00", "noon", ":30", "12345", "٠٧:٣٠"] {
            #expect(try check(wrong) == .failure(.notTime), "\(wrong)")
        }
        #expect(FieldProblem.notTime.reason == "must be a time like 07:30, 7:30, 0730 or now")
        #expect(try check("24:00") == .failure(.notARealTime))
        #expect(try check("12:60") == .failure(.notARealTime))
        #expect(FieldProblem.notARealTime.reason == "must be a real time; hours go from 0 to 23, minutes from 0 to 59")
    }

    @Test func clockTimeIsWrittenHHMMAndReadStrictly() {
        #expect(ClockTime(hour: 7, minute: 5)?.description == "07:05")
        #expect(ClockTime(hour: 24, minute: 0) == nil)
        #expect(ClockTime("7:05") == nil)
        #expect(ClockTime("07:05") == ClockTime(hour: 7, minute: 5))
        #expect(ClockTime(minuteOfDay: -1).description == "23:59")
        #expect(ClockTime("06:00")! < ClockTime("17:15")!)
    }

    @Test func formatsWriteHHMM() throws {
        let record = Record(values: [("start", time("07:30")), ("stop", nil)])
        #expect(RecordFormat.json(record, form: Self.shift) == #"{"start":"07:30","stop":null}"# + "\n")
        #expect(RecordFormat.env(record, form: Self.shift) == "start='07:30'\nstop=''\n")
        #expect(try RecordFormat.template(record, form: Self.shift) == "07:30–open\n")
    }

    @Test func answersTakeTextLinesAndResolveNow() throws {
        let json = Answers.fromJSON(Array(#"{"start":"730","stop":"now"}"#.utf8), form: Self.shift)
        #expect(json == .success(["start": "730", "stop": "now"]))
        let filled = HeadlessFill.fill(
            try FormContext(form: Self.shift, layouts: [:], clock: Self.clock), answers: try json.get())
        #expect(filled == .success(Record(values: [("start", time("07:30")), ("stop", time("09:05"))])))
        #expect(
            Answers.fromJSON(Array(#"{"start":730}"#.utf8), form: Self.shift)
                == .failure([AnswerProblem(field: "start", "must be text, not a number")]))
        #expect(Answers.fromLines("7:30\n", form: Self.shift) == .success(["start": "7:30"]))
        #expect(
            HeadlessFill.fill(
                try FormContext(form: Self.shift, layouts: [:], clock: Self.clock), answers: ["start": "25:00"])
                == .failure([AnswerProblem(field: "start", FieldProblem.notARealTime.reason)]))
    }

    @Test func theEngineResolvesNowWithTheContextsClock() throws {
        let context = try FormContext(form: Self.shift, layouts: [:], clock: Self.clock)
        var state = FormState.start(context)
        state.entries[0].text = "now"
        #expect(
            context.evaluation(state.entries).record
                == .success(Record(values: [("start", time("09:05")), ("stop", nil)])))
    }

    @Test func theStoreAndWhereReadTheText() {
        let kind = TimeKind()
        #expect(kind.storedJSON(time("07:30")) == "\"07:30\"")
        #expect(kind.fromStored(.text("07:30"), field: Field(id: "t", type: .time)) == time("07:30"))
        #expect(kind.fromStored(.text("later"), field: Field(id: "t", type: .time)) == .text("later"))
        #expect(kind.matchValue("7:30", clock: Self.clock) == .success(time("07:30")))
        #expect(kind.matchValue("now", clock: Self.clock) == .success(time("09:05")))
        #expect(kind.matchValue("7.30", clock: Self.clock) == .failure(FieldProblem(.quoted("7.30", .notTime))))
        #expect(!kind.alignsRight && !kind.shrinksInList)
    }

    @Test func testFilesExpectATimeAsTheFieldTakesIt() throws {
        let field = Field(id: "t", type: .time)
        let validator = try FieldValidator(field: field, choices: nil)
        func mismatch(_ expected: String, _ actual: FieldValue?) -> String? {
            field.kind.testMismatch(
                expected: expected, actual: actual, field: field, validator: validator, clock: Self.clock)
        }
        #expect(mismatch("07:30", time("07:30")) == nil)
        #expect(mismatch("7:30", time("07:30")) == nil)
        #expect(mismatch("now", time("09:05")) == nil)
        #expect(mismatch("8:00", time("07:30")) == "07:30")
        #expect(mismatch("", nil) == nil)
    }

    @Test func optionsOfOtherKindsAreErrorsAndDefaultsFollowTheRules() {
        let parsed = FormParser.parse(
            """
            fields:
              - {id: start, type: time, min: 6}
              - {id: stop, type: time, states: {no: a, yes: b}}
              - {id: late, type: time, default: "25:00"}
              - {id: early, type: time, default: now}
            """, stem: "shift"
        ) { _ in .missing }
        #expect(
            parsed.diagnostics.map(\.description) == [
                "2:29: error: 'min' applies to integer and number fields; 'start' is a time field",
                "3:36: error: 'states' names a boolean field's two values; add 'type: boolean' to 'stop', or remove 'states'",
                "4:37: error: default '25:00' fails the field's own rules: must be a real time; hours go from 0 to 23, minutes from 0 to 59",
            ])
    }

    @Test func theShippedTimeKeypadTypesATime() throws {
        let source = try #require(ShippedLayouts.sources["time"])
        let layout = try #require(LayoutParser.parse(source) { _ in true }.value)
        #expect(layout.kind == .keypad)
        let form = Form(
            name: "t", pages: [Form.Page(fields: [Field(id: "start", type: .time, layout: "time", input: .grid)])])
        let context = try FormContext(form: form, layouts: ["time": layout], clock: Self.clock)
        var state = FormState.start(context)
        for key in ["0", "7", ":", "3", "0"] {
            _ = FormEngine.reduce(&state, .gridHotkeyPressed(Character(key)), context)
        }
        #expect(state.entries[0].text == "07:30")
        _ = FormEngine.reduce(&state, .gridHotkeyPressed("c"), context)
        _ = FormEngine.reduce(&state, .gridHotkeyPressed("n"), context)
        #expect(state.entries[0].text == "now")
        #expect(context.evaluation(state.entries).record == .success(Record(values: [("start", time("09:05"))])))
    }
}
