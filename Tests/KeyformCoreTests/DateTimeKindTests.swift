import Testing

@testable import KeyformCore

/// `type: datetime`: a day and a time on the local wall clock, `YYYY-MM-DD HH:MM`
/// (DECISIONS 52), read with the date and time kinds' own readers.
@Suite struct DateTimeKindTests {
    static let clock = WallClock(today: CivilDate(iso: "2026-11-21")!, minuteOfDay: 9 * 60 + 5)
    static let meeting = Form(
        name: "meeting",
        pages: [
            Form.Page(fields: [
                Field(id: "start", label: "Start", type: .datetime, required: true),
                Field(id: "end", label: "End", type: .datetime),
            ])
        ], template: "{{start}} to {{end}}{{^end}}open{{/end}}")

    func check(_ raw: String, required: Bool = false) throws -> Result<FieldValue?, FieldProblem> {
        try FieldValidator(field: Field(id: "t", type: .datetime, required: required), choices: nil).validate(
            raw, at: Self.clock)
    }

    func moment(_ text: String) -> FieldValue { .datetime(CivilDateTime(text)!) }

    @Test func aDayThenATimeWithASpaceOrAT() throws {
        #expect(try check("2026-11-27 14:30") == .success(moment("2026-11-27 14:30")))
        #expect(try check("2026-11-27T14:30") == .success(moment("2026-11-27 14:30")))
        #expect(try check(" 2026/11/27  7:30 ") == .success(moment("2026-11-27 07:30")))
        #expect(try check("2026-11-27 0730") == .success(moment("2026-11-27 07:30")))
        #expect(try check("tomorrow 9:30") == .success(moment("2026-11-22 09:30")))
        #expect(try check("") == .success(nil))
        #expect(try check("", required: true) == .failure(.required))
    }

    @Test func nowIsTheClocksDayAndMinute() throws {
        #expect(try check("now") == .success(moment("2026-11-21 09:05")))
        #expect(try check("Now") == .success(moment("2026-11-21 09:05")))
    }

    /// Once focus leaves it, a field holding `now` or `tomorrow 9:30` shows what will be stored.
    @Test func aValueNamedWithTheClockShowsWhatItResolvesTo() throws {
        let context = try FormContext(form: Self.meeting, layouts: [:], clock: Self.clock)
        var state = FormState.start(context)
        state.entries[0].text = "tomorrow 9:30"
        #expect(context.shownText(ofField: 0, state.entries[0]) == "2026-11-22 09:30")
        state.entries[0].text = "now"
        #expect(context.shownText(ofField: 0, state.entries[0]) == "2026-11-21 09:05")
        state.entries[0].text = "2026-11-27t7:30"
        #expect(context.shownText(ofField: 0, state.entries[0]) == "2026-11-27t7:30")
    }

    @Test func otherTextSaysWhatADateTimeLooksLike() throws {
        for wrong in [
            "2026-11-27", "14:30", "2026-11-27 14:30:00", "2026-11-27T14:30Z", "2026-11-27 14:30+01:00",
            "today", "2026-11-27 noon", " 14:30", "2026-11-27 ", "T14:30",
        ] {
            #expect(try check(wrong) == .failure(.notDateTime), "\(wrong)")
        }
        #expect(
            FieldProblem.notDateTime.reason
                == "must be a date and a time like 2026-11-27 14:30, 2026-11-27T14:30 or now")
        // A real day and a real time: each part says what is wrong with it.
        #expect(try check("2026-02-30 10:00") == .failure(.notARealDate(year: 2026, month: 2)))
        #expect(try check("2026-11-27 24:00") == .failure(.notARealTime))
    }

    @Test func writtenSortableAndOrderedByDayThenTime() {
        let a = CivilDateTime("2026-11-27 23:59")!, b = CivilDateTime("2026-11-28T00:00")!
        #expect(a < b && !(b < a))
        #expect(b.description == "2026-11-28 00:00")
        #expect(a.description < b.description)
        #expect(CivilDateTime("2026-11-27 7:30") == nil)
        #expect(CivilDateTime("2026-11-27") == nil)
        #expect(
            CivilDateTime("2026-11-27 14:30")
                == CivilDateTime(date: CivilDate(iso: "2026-11-27")!, time: ClockTime("14:30")!))
    }

    /// A naive wall time: a time in a DST gap (Europe's 2026-03-29 02:30 does not
    /// happen in Paris) or in its repeated hour is kept and ordered as written.
    @Test func daylightSavingGapsAndRepeatsAreKeptAsWritten() throws {
        #expect(try check("2026-03-29 02:30") == .success(moment("2026-03-29 02:30")))
        #expect(CivilDateTime("2026-10-25 02:30")! < CivilDateTime("2026-10-25 02:45")!)
        #expect(CivilDateTime("2026-03-29 01:59")! < CivilDateTime("2026-03-29 02:30")!)
    }

    @Test func formatsWriteTheDaySpaceTime() throws {
        let record = Record(values: [("start", moment("2026-11-27 14:30")), ("end", nil)])
        #expect(RecordFormat.json(record, form: Self.meeting) == #"{"start":"2026-11-27 14:30","end":null}"# + "\n")
        #expect(RecordFormat.env(record, form: Self.meeting) == "start='2026-11-27 14:30'\nend=''\n")
        #expect(try RecordFormat.template(record, form: Self.meeting) == "2026-11-27 14:30 to open\n")
    }

    @Test func answersTakeTextAndResolveNow() throws {
        let json = Answers.fromJSON(Array(#"{"start":"2026-11-27T14:30","end":"now"}"#.utf8), form: Self.meeting)
        #expect(json == .success(["start": "2026-11-27T14:30", "end": "now"]))
        let filled = HeadlessFill.fill(
            try FormContext(form: Self.meeting, layouts: [:], clock: Self.clock), answers: try json.get())
        #expect(
            filled
                == .success(
                    Record(values: [("start", moment("2026-11-27 14:30")), ("end", moment("2026-11-21 09:05"))])))
        #expect(
            HeadlessFill.fill(
                try FormContext(form: Self.meeting, layouts: [:], clock: Self.clock), answers: ["start": "2026-11-27"])
                == .failure([AnswerProblem(field: "start", FieldProblem.notDateTime.reason)]))
    }

    @Test func theStoreAndWhereReadTheText() {
        let kind = DateTimeKind()
        let field = Field(id: "t", type: .datetime)
        #expect(kind.storedJSON(moment("2026-11-27 14:30")) == "\"2026-11-27 14:30\"")
        #expect(kind.fromStored(.text("2026-11-27 14:30"), field: field) == moment("2026-11-27 14:30"))
        #expect(kind.fromStored(.text("2026-11-27T14:30"), field: field) == moment("2026-11-27 14:30"))
        #expect(kind.fromStored(.text("later"), field: field) == .text("later"))
        #expect(kind.matchValue("2026-11-27T14:30", clock: Self.clock) == .success(moment("2026-11-27 14:30")))
        #expect(
            kind.matchValue("14:30", clock: Self.clock)
                == .failure(FieldProblem(.quoted("14:30", .notDateTime))))
    }

    @Test func testFilesExpectADateTimeAsTheFieldTakesIt() throws {
        let field = Field(id: "t", type: .datetime)
        let validator = try FieldValidator(field: field, choices: nil)
        func mismatch(_ expected: String, _ actual: FieldValue?) -> String? {
            field.kind.testMismatch(
                expected: expected, actual: actual, field: field, validator: validator, clock: Self.clock)
        }
        #expect(mismatch("2026-11-27 14:30", moment("2026-11-27 14:30")) == nil)
        #expect(mismatch("2026-11-27T14:30", moment("2026-11-27 14:30")) == nil)
        #expect(mismatch("now", moment("2026-11-21 09:05")) == nil)
        #expect(mismatch("2026-11-27 15:00", moment("2026-11-27 14:30")) == "2026-11-27 14:30")
    }

    @Test func rulesCompareTwoDateTimes() throws {
        let rule = FormRule(
            name: "order", test: .check(try RuleParser.parse("end > start").get()), message: "ends after it starts")
        let form = Form(name: "m", pages: [Form.Page(fields: Self.meeting.pages[0].fields)], rules: [rule])
        let context = try FormContext(form: form, layouts: [:], clock: Self.clock)
        let late = HeadlessFill.fill(context, answers: ["start": "2026-11-27 14:30", "end": "2026-11-28 09:00"])
        #expect(
            late
                == .success(
                    Record(values: [("start", moment("2026-11-27 14:30")), ("end", moment("2026-11-28 09:00"))])))
        let early = HeadlessFill.fill(context, answers: ["start": "2026-11-27 14:30", "end": "2026-11-27 09:00"])
        #expect(early == .failure([AnswerProblem(rule: rule)]))
    }

    @Test func aFormFileTakesTheTypeAndChecksItsDefault() {
        let parsed = FormParser.parse(
            """
            fields:
              - {id: start, type: datetime, default: now}
              - {id: end, type: datetime, default: "2026-11-27 25:00"}
              - {id: at, type: datetime, min: 6}
            rules:
              - {name: order, check: end > start, message: ends after it starts}
              - {name: future, check: end > today, message: not in the past}
            """, stem: "meeting"
        ) { _ in .missing }
        #expect(
            parsed.diagnostics.map(\.description) == [
                "3:40: error: default '2026-11-27 25:00' fails the field's own rules: must be a real time; hours go from 0 to 23, minutes from 0 to 59",
                "4:30: error: 'min' applies to integer and number fields; 'at' is a datetime field",
                "7:33: error: rule 'future': 'end' is a date and time; compare it with a date and time like another datetime field, not a date",
            ])
    }
}
