import KeyformCore
import Testing

/// The rules' small language (docs/form-format.md "Rules across fields"):
/// parsing with columns, checking against a form's fields, evaluating over
/// typed values with the run's clock.
@Suite struct RuleLanguageTests {
    static let fields = [
        Field(id: "start", type: .time), Field(id: "end", type: .time),
        Field(id: "due", type: .date), Field(id: "amount", type: .number), Field(id: "count", type: .integer),
        Field(id: "password"), Field(id: "confirm"), Field(id: "paid", type: .boolean),
        Field(id: "toppings", layout: "toppings", multiple: true),
    ]
    static let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 26)!, minuteOfDay: 9 * 60 + 30)

    static func parse(_ text: String) throws -> RuleExpression { try RuleParser.parse(text).get() }

    static func problems(_ text: String) -> [String] {
        switch RuleParser.parse(text) {
        case .success(let expression): RuleChecker(fields: fields).problems(in: expression).map(\.description)
        case .failure(let problem): [problem.description]
        }
    }

    static func truth(_ text: String, _ values: [String: FieldValue]) throws -> RuleTruth {
        let expression = try parse(text)
        #expect(RuleChecker(fields: fields).problems(in: expression).isEmpty, "\(text)")
        return RuleEvaluator(values: values, clock: clock).truth(of: expression)
    }

    // MARK: Parsing

    @Test func comparisonsAndWordsParseIntoATreeWithColumns() throws {
        #expect(
            try Self.parse("end >= start")
                == .comparison(
                    RuleOperand(.field("end"), column: 0), .greaterOrEqual, RuleOperand(.field("start"), column: 7)))
        #expect(
            try Self.parse("not paid or count(toppings) <= 4 and due < 2026-12-01")
                == .or(
                    .not(.truth(RuleOperand(.field("paid"), column: 4)), column: 0),
                    .and(
                        .comparison(
                            RuleOperand(.count("toppings"), column: 12), .lessOrEqual,
                            RuleOperand(.number(4), column: 31)),
                        .comparison(
                            RuleOperand(.field("due"), column: 37), .less,
                            RuleOperand(.date(CivilDate(year: 2026, month: 12, day: 1)!), column: 43)))))
        #expect(
            try Self.parse("(amount > -2.5)")
                == .comparison(
                    RuleOperand(.field("amount"), column: 1), .greater, RuleOperand(.number(-2.5), column: 10)))
        #expect(
            try Self.parse("start != 09:30 and confirm == 'a b' and password == \"x\" and due <= today and end > now")
                .fieldIDs
                == ["start", "confirm", "password", "due", "end"])
    }

    @Test func syntaxErrorsSayWhereAndWhatToWrite() {
        #expect(Self.problems("") == ["column 1: the check is empty; write a comparison like end >= start"])
        #expect(
            Self.problems("end = start") == [
                "column 5: '=' alone does not compare; write '==' (equal) or '!=' (not equal)"
            ])
        #expect(Self.problems("paid && end > start") == ["column 6: '&&' is not a rule word; write 'and'"])
        #expect(
            Self.problems("end >=") == ["column 7: the check ends where a value should be; add a field or a constant"])
        #expect(Self.problems("(end > start") == ["column 13: the '(' at column 1 is not closed; add ')'"])
        #expect(
            Self.problems("start < end < 18:00") == [
                "column 13: compare two things at a time; join comparisons with 'and', like a <= b and b <= c"
            ])
        #expect(
            Self.problems("due > 2026-02-30") == [
                "column 7: '2026-02-30' is not a date; write a date as YYYY-MM-DD, like 2026-01-31 (a real day)"
            ])
        #expect(Self.problems("end > 25:00") == ["column 7: '25:00' is not a time; write a time as HH:MM, like 09:30"])
        #expect(
            Self.problems("confirm == 'abc") == ["column 12: the text opened here with ' is not closed; end it with '"])
        #expect(Self.problems("cuont(toppings) > 1") == ["column 1: unknown function 'cuont'; did you mean 'count'?"])
        #expect(
            Self.problems("end > start start") == [
                "column 13: expected 'and', 'or' or the end of the check, found 'start'"
            ])
    }

    // MARK: Checking against the form

    @Test func unknownFieldsAreNamedWithTheCloseOne() {
        #expect(
            Self.problems("end >= strat") == [
                "column 8: the rule names 'strat', which is not a field; did you mean 'start'?"
            ])
        #expect(
            Self.problems("count(topings) <= 4") == [
                "column 7: the rule names 'topings', which is not a field; did you mean 'toppings'?"
            ])
    }

    @Test func kindsThatCannotBeComparedAreErrors() {
        #expect(
            Self.problems("due > amount") == [
                "column 1: 'due' is a date and 'amount' is a number: they cannot be compared"
            ])
        #expect(
            Self.problems("start >= 2026-01-01") == [
                "column 10: 'start' is a time; compare it with a time like 09:30 or now, not a date"
            ])
        #expect(
            Self.problems("'10' < count") == [
                "column 1: 'count' is a number; compare it with a number like 10, not text"
            ])
        #expect(
            Self.problems("password < confirm") == [
                "column 1: '<' orders numbers, dates and times; text is compared with == or !="
            ])
        #expect(
            Self.problems("amount") == [
                "column 1: 'amount' is a number, not a yes or no; compare it, like amount == 10"
            ])
        #expect(
            Self.problems("toppings == 'Ham'") == [
                "column 1: 'toppings' holds a list of picks; compare how many with count(toppings)"
            ])
        #expect(
            Self.problems("count(password) > 1") == [
                "column 1: count() counts the picks of a 'multiple' field; 'password' is not one (length(password) counts its characters)"
            ])
        #expect(
            Self.problems("length(toppings) > 1") == [
                "column 1: 'toppings' is a 'multiple' field; count(toppings) counts its picks"
            ])
        #expect(
            Self.problems("length(due) > 1") == [
                "column 1: length() counts a text field's characters; 'due' is a date field"
            ])
        #expect(
            Self.problems("1 < 2") == [
                "column 1: this compares two constants; a rule compares a field's value, like end >= start"
            ])
        #expect(
            Self.problems("count >= 1 and amount <= 100.5 and paid == true and due >= today and length(password) >= 8")
                .isEmpty)
    }

    // MARK: Evaluating

    @Test func comparisonsHoldOrBreakByTheFieldsKinds() throws {
        let start = FieldValue.time(ClockTime(hour: 9, minute: 0)!)
        let end = FieldValue.time(ClockTime(hour: 8, minute: 0)!)
        #expect(try Self.truth("end >= start", ["start": start, "end": end]) == .broken)
        #expect(try Self.truth("end >= start", ["start": start, "end": start]) == .holds)
        #expect(
            try Self.truth("confirm == password", ["password": .text("s3cret"), "confirm": .text("s3cret")]) == .holds)
        #expect(
            try Self.truth("confirm == password", ["password": .text("s3cret"), "confirm": .text("S3cret")]) == .broken)
        // An integer and a number are both numbers.
        #expect(try Self.truth("count <= amount", ["count": .integer(3), "amount": .number(2.5)]) == .broken)
        #expect(try Self.truth("paid", ["paid": .boolean(true)]) == .holds)
        #expect(try Self.truth("not paid", ["paid": .boolean(true)]) == .broken)
    }

    /// A rule whose fields are empty does not fail: emptiness is `required`'s business.
    @Test func anEmptyFieldMakesTheRuleWait() throws {
        let nine = FieldValue.time(ClockTime(hour: 9, minute: 0)!)
        #expect(try Self.truth("end >= start", ["start": nine]) == .waiting)
        #expect(try Self.truth("end >= start", [:]) == .waiting)
        #expect(try Self.truth("not (end >= start)", ["start": nine]) == .waiting)
        // Kleene logic: one broken side of `and` breaks it; one holding side of `or` holds it.
        #expect(try Self.truth("end >= start and amount > 0", ["amount": .number(-1)]) == .broken)
        #expect(try Self.truth("end >= start or amount > 0", ["amount": .number(1)]) == .holds)
        #expect(try Self.truth("end >= start or amount > 0", ["amount": .number(-1)]) == .waiting)
        // A count is never missing: an empty multiple field has 0 picks, an empty text 0 characters.
        #expect(try Self.truth("count(toppings) >= 1", [:]) == .broken)
        #expect(try Self.truth("count(toppings) <= 2", ["toppings": .list(["Ham", "Egg", "Kale"])]) == .broken)
        #expect(try Self.truth("length(password) >= 8", ["password": .text("short")]) == .broken)
    }

    /// `today` and `now` are the run's clock (2026-11-26, 09:30 here), not the machine's.
    @Test func todayAndNowAreTheRunsClock() throws {
        #expect(try Self.truth("due >= today", ["due": .date(CivilDate(year: 2026, month: 11, day: 26)!)]) == .holds)
        #expect(try Self.truth("due >= today", ["due": .date(CivilDate(year: 2026, month: 11, day: 25)!)]) == .broken)
        #expect(try Self.truth("start <= now", ["start": .time(ClockTime(hour: 9, minute: 30)!)]) == .holds)
        #expect(try Self.truth("start <= now", ["start": .time(ClockTime(hour: 9, minute: 31)!)]) == .broken)
    }

    @Test func oneOfHoldsWhenAnyOfItsFieldsIsFilled() {
        let rule = FormRule(name: "contact", test: .oneOf(["password", "confirm"]), message: "Give one")
        #expect(rule.truth(values: [:], clock: Self.clock) == .broken)
        #expect(rule.truth(values: ["confirm": .text("x")], clock: Self.clock) == .holds)
    }

    // MARK: In a form file

    @Test func aFormsRulesAreReadInOrderWithTheirMessages() throws {
        let source = """
            fields:
              - {id: start, type: time}
              - {id: end, type: time}
              - {id: email, label: Email}
              - {id: phone, label: Phone}
            rules:
              - name: end-after-start
                check: end >= start
                message: The end comes after the start
              - {name: contact, one_of: [email, phone]}
            """
        let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
        #expect(parsed.diagnostics.isEmpty)
        let form = try #require(parsed.value)
        #expect(
            form.rules == [
                FormRule(
                    name: "end-after-start", test: .check(try Self.parse("end >= start")),
                    message: "The end comes after the start"),
                FormRule(name: "contact", test: .oneOf(["email", "phone"]), said: .fillInOneOf(["Email", "Phone"])),
            ])
        // Keyform's own words when the form gives none: in the reader's language.
        #expect(form.rules[1].message == "Fill in Email or Phone")
        #expect(Language.japanese.text(form.rules[1].said) == "Email、Phone のどれかを入力してください")
        #expect(form.rules.map(\.fieldIDs) == [["end", "start"], ["email", "phone"]])
    }

    /// A problem in a check written on one line (plain or quoted) is at its column in the file.
    @Test func aChecksProblemIsAtItsColumnInTheFile() {
        let source = """
            fields: [{id: start, type: time}, {id: end, type: time}]
            rules:
              - {name: a, check: "end >= strat", message: M}
              - name: b
                check: end >  2026-01-01
                message: M
            """
        let parsed = FormParser.parse(source, stem: "t") { _ in .missing }
        #expect(
            parsed.diagnostics.map(\.description) == [
                "3:30: error: rule 'a': the rule names 'strat', which is not a field; did you mean 'start'?",
                "5:19: error: rule 'b': 'end' is a time; compare it with a time like 09:30 or now, not a date",
            ])
    }
}
