import Testing

@testable import KeyformCore

@Suite struct FieldValidatorTests {
    static let today = CivilDate(iso: "2026-11-21")!

    func validator(_ field: Field, choices: [String]? = nil) throws -> FieldValidator {
        try FieldValidator(field: field, choices: choices)
    }

    func check(
        _ field: Field, _ raw: String, choices: [String]? = nil, today: CivilDate = today
    )
        throws -> Result<FieldValue?, FieldProblem>
    {
        try validator(field, choices: choices).validate(raw, at: WallClock(today: today))
    }

    func date(_ text: String) -> FieldValue { .date(CivilDate(iso: text)!) }

    // MARK: Empty and required

    @Test func emptyOptionalFieldsHaveNoValue() throws {
        for type in Field.ValueType.allCases {
            #expect(try check(Field(id: "x", type: type), "") == .success(nil))
        }
    }

    @Test func emptyRequiredFieldsAreRequired() throws {
        for type in Field.ValueType.allCases {
            let field = Field(id: "x", type: type, required: true)
            #expect(try check(field, "") == .failure(.required))
            #expect(try check(field, "   ") == .failure(.required))
            #expect(try check(field, "\u{3000}") == .failure(.required))  // ideographic space
        }
        #expect(FieldProblem.required.reason == "required")
    }

    @Test func textIsNeverTrimmed() throws {
        #expect(try check(Field(id: "x"), "  Buy milk ") == .success(.text("  Buy milk ")))
        #expect(try check(Field(id: "x"), "   ") == .success(.text("   ")))
        #expect(try check(Field(id: "x", required: true), " a ") == .success(.text(" a ")))
    }

    @Test func otherTypesAreTrimmed() throws {
        #expect(try check(Field(id: "x", type: .integer), " 12 ") == .success(.integer(12)))
        #expect(try check(Field(id: "x", type: .number), " 1.5\u{3000}") == .success(.number(1.5)))
        #expect(try check(Field(id: "x", type: .date), " today ") == .success(date("2026-11-21")))
        #expect(try check(Field(id: "x", type: .boolean), " yes ") == .success(.boolean(true)))
        #expect(try check(Field(id: "x", type: .integer), "   ") == .success(nil))
    }

    @Test func controlCharactersAreRejected() throws {
        #expect(try check(Field(id: "x"), "a\nb") == .failure(.oneLine))
        #expect(try check(Field(id: "x"), "a\r") == .failure(.oneLine))
        #expect(try check(Field(id: "x", type: .integer), "1\n") == .failure(.oneLine))
        #expect(FieldProblem.oneLine.reason == "must be one line")
        #expect(try check(Field(id: "x"), "a\u{1B}[31m") == .failure(FieldProblem.controlCharacter("\u{1B}")))
        #expect(try check(Field(id: "x"), "a\tb") == .failure(FieldProblem.controlCharacter("\t")))
        #expect(try check(Field(id: "x"), "\u{7F}") == .failure(FieldProblem.controlCharacter("\u{7F}")))
        #expect(try check(Field(id: "x"), "\u{9B}") == .failure(FieldProblem.controlCharacter("\u{9B}")))
        // Joiners are part of ordinary text (emoji sequences).
        #expect(try check(Field(id: "x"), "👨‍👩‍👧") == .success(.text("👨‍👩‍👧")))
    }

    // MARK: Integer

    @Test(arguments: [
        ("12", 12), ("-12", -12), ("+7", 7), ("007", 7), ("0", 0), ("-0", 0),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func integers(_ raw: String, _ value: Int) throws {
        #expect(try check(Field(id: "n", type: .integer), raw) == .success(.integer(value)))
    }

    @Test(arguments: [
        "1.5", "1e3", "1.0", "12a", "a12", "1 2", "1,000", "--1", "+", "-", "0x10", "١٢", "１２", "½", "inf",
    ])
    func notIntegers(_ raw: String) throws {
        #expect(try check(Field(id: "n", type: .integer), raw) == .failure(.notWholeNumber))
        #expect(FieldProblem.notWholeNumber.reason == "must be a whole number")
    }

    @Test func integerOverflow() throws {
        #expect(
            try check(Field(id: "n", type: .integer), "9223372036854775808")
                == .failure(FieldProblem(.integerTooLarge(Int.max))))
        #expect(
            try check(Field(id: "n", type: .integer), "-99999999999999999999")
                == .failure(FieldProblem(.integerTooSmall(Int.min))))
    }

    @Test func anIntegerPastWhatAnIntegerHoldsIsToldTheFieldsOwnBound() throws {
        let field = Field(id: "n", type: .integer, min: -5, max: 100)
        #expect(try check(field, "99999999999999999999") == .failure(.tooLarge(100)))
        #expect(try check(field, "-99999999999999999999") == .failure(.tooSmall(-5)))
        // Only the bound it passes: a field with a minimum alone still names the integer's limit.
        #expect(
            try check(Field(id: "n", type: .integer, min: 0), "99999999999999999999")
                == .failure(FieldProblem(.integerTooLarge(Int.max))))
    }

    @Test func integerBoundsAreInclusive() throws {
        let field = Field(id: "n", type: .integer, min: 1, max: 10)
        #expect(try check(field, "1") == .success(.integer(1)))
        #expect(try check(field, "10") == .success(.integer(10)))
        #expect(try check(field, "0") == .failure(.tooSmall(1)))
        #expect(try check(field, "11") == .failure(.tooLarge(10)))
        #expect(FieldProblem.tooSmall(1).reason == "must be at least 1")
        #expect(FieldProblem.tooLarge(10).reason == "must be at most 10")
        #expect(try check(Field(id: "n", type: .integer, min: 0.5), "0") == .failure(FieldProblem.tooSmall(0.5)))
        #expect(try check(Field(id: "n", type: .integer, max: -1), "0") == .failure(FieldProblem.tooLarge(-1)))
    }

    // MARK: Number

    @Test(
        arguments: [
            ("3.14", 3.14), ("-2", -2), ("+2", 2), ("1e3", 1000), ("1E-2", 0.01), ("2.5e+1", 25),
            (".5", 0.5), ("5.", 5), ("-0", 0), ("007.50", 7.5), ("400", 400),
        ] as [(String, Double)])
    func numbers(_ raw: String, _ value: Double) throws {
        #expect(try check(Field(id: "n", type: .number), raw) == .success(.number(value)))
    }

    @Test(arguments: [
        "1,5", "1.2.3", ".", "e3", "1e", "1e+", "inf", "-inf", "nan", "NaN", "infinity", "0x1p3",
        "1_000", "1 000", "3.14abc", "--2", "+-2", "１.５", "1e999", "-1e999",
    ])
    func notNumbers(_ raw: String) throws {
        #expect(try check(Field(id: "n", type: .number), raw) == .failure(.notNumber))
        #expect(FieldProblem.notNumber.reason == "must be a number")
    }

    @Test func numberBoundsAreInclusive() throws {
        let field = Field(id: "n", type: .number, min: 0.5, max: 2.5)
        #expect(try check(field, "0.5") == .success(.number(0.5)))
        #expect(try check(field, "2.5") == .success(.number(2.5)))
        #expect(try check(field, "0.49") == .failure(FieldProblem.tooSmall(0.5)))
        #expect(try check(field, "2.51") == .failure(FieldProblem.tooLarge(2.5)))
        #expect(try check(field, "1e1") == .failure(FieldProblem.tooLarge(2.5)))
    }

    @Test func negativeZeroIsZero() throws {
        guard case .success(.number(let zero)?) = try check(Field(id: "n", type: .number), "-0.0") else {
            Issue.record("not a number")
            return
        }
        #expect(zero.sign == .plus)
    }

    // MARK: Date

    @Test func datesAsAPersonTypesThem() throws {
        let field = Field(id: "due", type: .date)
        #expect(try check(field, "2026-11-21") == .success(date("2026-11-21")))
        #expect(try check(field, "2026/11/21") == .success(date("2026-11-21")))
        #expect(try check(field, "2026-1-5") == .success(date("2026-01-05")))
        #expect(try check(field, "2026/1/05") == .success(date("2026-01-05")))
        #expect(try check(field, "today") == .success(date("2026-11-21")))
        #expect(try check(field, "Today") == .success(date("2026-11-21")))
        #expect(try check(field, "YESTERDAY") == .success(date("2026-11-20")))
        #expect(try check(field, "tomorrow") == .success(date("2026-11-22")))
    }

    @Test func relativeDatesCrossMonthsYearsAndLeapDays() throws {
        let field = Field(id: "due", type: .date)
        #expect(try check(field, "yesterday", today: CivilDate(iso: "2024-03-01")!) == .success(date("2024-02-29")))
        #expect(try check(field, "yesterday", today: CivilDate(iso: "2026-03-01")!) == .success(date("2026-02-28")))
        #expect(try check(field, "yesterday", today: CivilDate(iso: "2026-01-01")!) == .success(date("2025-12-31")))
        #expect(try check(field, "tomorrow", today: CivilDate(iso: "2024-02-28")!) == .success(date("2024-02-29")))
    }

    @Test func leapDays() throws {
        let field = Field(id: "due", type: .date)
        #expect(try check(field, "2024-02-29") == .success(date("2024-02-29")))
        #expect(try check(field, "2000/02/29") == .success(date("2000-02-29")))
        #expect(try check(field, "2026-02-29") == .failure(FieldProblem.notARealDate(year: 2026, month: 2)))
        #expect(try check(field, "1900-02-29") == .failure(FieldProblem.notARealDate(year: 1900, month: 2)))
    }

    @Test func impossibleDates() throws {
        let field = Field(id: "due", type: .date)
        #expect(try check(field, "2026-02-30") == .failure(.notARealDate(year: 2026, month: 2)))
        #expect(try check(field, "2026-04-31") == .failure(FieldProblem.notARealDate(year: 2026, month: 4)))
        #expect(try check(field, "2026-13-01") == .failure(FieldProblem.notARealDate(year: 2026, month: 13)))
        #expect(try check(field, "2026-00-01") == .failure(FieldProblem.notARealDate(year: 2026, month: 0)))
        #expect(try check(field, "2026-01-00") == .failure(FieldProblem.notARealDate(year: 2026, month: 1)))
    }

    @Test(arguments: [
        "21.11.2026", "11/21/2026", "2026-11", "2026-11-21-1", "2026-11/21", "2026--21", "2026-111-1",
        "26-11-21", "now", "toda", "2026-11-21T10:00", "２０２６-11-21", "2026 11 21", "20261121",
    ])
    func notDates(_ raw: String) throws {
        #expect(try check(Field(id: "due", type: .date), raw) == .failure(.notDate))
        #expect(FieldProblem.notDate.reason == "must be a date: 2026-11-21, today, yesterday or tomorrow")
    }

    // MARK: Boolean

    @Test(arguments: [
        ("yes", true), ("Y", true), ("true", true), ("TRUE", true), ("on", true), ("1", true),
        ("no", false), ("n", false), ("False", false), ("off", false), ("0", false), ("No", false),
    ])
    func booleans(_ raw: String, _ value: Bool) throws {
        #expect(try check(Field(id: "b", type: .boolean), raw) == .success(.boolean(value)))
    }

    @Test(arguments: ["maybe", "yess", "2", "t", "f", "oui", "да", "-1"])
    func notBooleans(_ raw: String) throws {
        #expect(try check(Field(id: "b", type: .boolean), raw) == .failure(.notBoolean))
        #expect(FieldProblem.notBoolean.reason == "must be yes or no")
    }

    @Test func aBooleanAcceptsItsStatesWordsInAnyCase() throws {
        let status = Field(id: "done", type: .boolean, states: Field.States(no: "In progress", yes: "Complete"))
        #expect(try check(status, "Complete") == .success(.boolean(true)))
        #expect(try check(status, " in PROGRESS ") == .success(.boolean(false)))
        #expect(try check(status, "yes") == .success(.boolean(true)), "yes/no still work")
        #expect(try check(status, "Finished") == .failure(FieldProblem(.notState(no: "In progress", yes: "Complete"))))
        // The words belong to booleans: a text field with states is the checker's error, not a second meaning.
        #expect(try check(Field(id: "b", type: .boolean), "Complete") == .failure(.notBoolean))
    }

    // MARK: Text length, in characters a person sees

    @Test func lengthsCountGraphemeClusters() throws {
        let field = Field(id: "t", minLength: 3, maxLength: 3)
        #expect(try check(field, "日本語") == .success(.text("日本語")))
        #expect(try check(field, "e\u{301}e\u{301}e\u{301}") == .success(.text("e\u{301}e\u{301}e\u{301}")))
        #expect(try check(field, "👍🏽👍🏽👍🏽") == .success(.text("👍🏽👍🏽👍🏽")))
        #expect(try check(field, "🇯🇵🇯🇵🇯🇵") == .success(.text("🇯🇵🇯🇵🇯🇵")))
        #expect(try check(field, "👨‍👩‍👧ab") == .success(.text("👨‍👩‍👧ab")))
        #expect(try check(Field(id: "t", maxLength: 1), "e\u{301}") == .success(.text("e\u{301}")))
        #expect(try check(Field(id: "t", maxLength: 1), "👍🏽") == .success(.text("👍🏽")))
        #expect(try check(Field(id: "t", maxLength: 2), "日本語") == .failure(.tooLong(2)))
        #expect(try check(Field(id: "t", minLength: 4), "日本語") == .failure(.tooShort(4)))
    }

    @Test func lengthBounds() throws {
        #expect(try check(Field(id: "t", minLength: 3), "ab") == .failure(FieldProblem.tooShort(3)))
        #expect(try check(Field(id: "t", minLength: 3), "abc") == .success(.text("abc")))
        #expect(
            try check(Field(id: "t", maxLength: 140), String(repeating: "a", count: 140)) != .failure(.tooLong(140)))
        #expect(
            try check(Field(id: "t", maxLength: 140), String(repeating: "a", count: 141))
                == .failure(FieldProblem.tooLong(140)))
        #expect(try check(Field(id: "t", maxLength: 1), "ab") == .failure(FieldProblem.tooLong(1)))
        #expect(try check(Field(id: "t", minLength: 1), "") == .success(nil))  // empty is checked by required only
    }

    // MARK: Pattern

    @Test func patternMustMatchTheWholeValue() throws {
        let note = Field(id: "note", pattern: "^[^@]*$")
        #expect(try check(note, "no at sign") == .success(.text("no at sign")))
        #expect(try check(note, "me@example.com") == .failure(FieldProblem.patternMismatch("^[^@]*$")))
        let code = Field(id: "code", pattern: "[A-Z]{3}")
        #expect(try check(code, "ABC") == .success(.text("ABC")))
        #expect(try check(code, "ABCD") == .failure(.patternMismatch("[A-Z]{3}")))
        #expect(try check(code, "xABC") == .failure(.patternMismatch("[A-Z]{3}")))
        // An alternation counts as a whole, not only its first branch.
        let choice = Field(id: "c", pattern: "a|ab")
        #expect(try check(choice, "ab") == .success(.text("ab")))
        #expect(try check(choice, "abc") == .failure(.patternMismatch("a|ab")))
        // Patterns see non-ASCII text.
        #expect(try check(Field(id: "j", pattern: "\\p{Han}+"), "日本") == .success(.text("日本")))
        #expect(try check(Field(id: "j", pattern: "\\p{Han}+"), "日本a") == .failure(.patternMismatch("\\p{Han}+")))
        #expect(try check(Field(id: "e", pattern: "[^@]+@[^@]+"), "é@日本.jp") == .success(.text("é@日本.jp")))
    }

    @Test func patternAppliesAfterLengths() throws {
        let field = Field(id: "t", pattern: "[a-z]+", maxLength: 3)
        #expect(try check(field, "ABCD") == .failure(.tooLong(3)))
        #expect(try check(field, "ABC") == .failure(.patternMismatch("[a-z]+")))
    }

    @Test(arguments: ["(", "[a-", "a{2,1}", "a**", "\\", "a)(b", "(?<n>a)\\k<m>"])
    func badPatternsAreErrors(_ pattern: String) {
        #expect(throws: FieldValidator.PatternError.self) {
            try FieldValidator(field: Field(id: "t", pattern: pattern), choices: nil)
        }
    }

    @Test func badPatternSaysWhy() {
        #expect(throws: FieldValidator.PatternError(pattern: "(", reason: "expected ')'")) {
            try FieldValidator(field: Field(id: "t", pattern: "("), choices: nil)
        }
        #expect(
            FieldValidator.PatternError(pattern: "(", reason: "expected ')'").description
                == "invalid pattern '(': expected ')'")
    }

    /// Validation runs on every keystroke: the pattern is compiled when the validator
    /// is made, never while validating.
    @Test func patternIsCompiledOnceNotPerKeystroke() throws {
        final class Counter { var compiles = 0 }
        let counter = Counter()
        let field = Field(id: "t", pattern: "[a-z ]*", maxLength: 40)
        let validator = try FieldValidator(field: field, choices: nil) { pattern throws(FieldValidator.PatternError) in
            counter.compiles += 1
            return try CompiledPattern.compile(pattern)
        }
        #expect(counter.compiles == 1)
        var typed = ""
        for character in "buy milk and bread on the way home" {
            typed.append(character)
            #expect(validator.validate(typed, at: WallClock(today: Self.today)) == .success(.text(typed)))
        }
        let copy = validator
        _ = copy.validate("x", at: WallClock(today: Self.today))
        #expect(counter.compiles == 1)
        // A field without a pattern compiles nothing.
        _ = try FieldValidator(field: Field(id: "u"), choices: nil) { pattern throws(FieldValidator.PatternError) in
            counter.compiles += 1
            return try CompiledPattern.compile(pattern)
        }
        #expect(counter.compiles == 1)
    }

    // MARK: Strict

    @Test func strictFieldsTakeOnlyChoices() throws {
        let field = Field(id: "priority", layout: "priority", strict: true)
        let choices = ["High", "Medium", "Low"]
        #expect(try check(field, "High", choices: choices) == .success(.text("High")))
        #expect(
            try check(field, "high", choices: choices) == .failure(FieldProblem.notAChoice(["High", "Medium", "Low"])))
        #expect(try check(field, "High ", choices: choices) == .failure(.notAChoice(choices)))
        #expect(try check(field, "", choices: choices) == .success(nil))
        // Not strict: choices are only suggestions.
        #expect(try check(Field(id: "p", layout: "priority"), "Urgent", choices: choices) == .success(.text("Urgent")))
        // Strict without choices (no layout) is for the form checker to report.
        #expect(try check(field, "Urgent", choices: nil) == .success(.text("Urgent")))
    }

    @Test func strictAppliesToOtherTypesAsTyped() throws {
        let field = Field(id: "laps", type: .integer, layout: "laps", strict: true)
        let choices = ["1", "2", "4", "8"]
        #expect(try check(field, " 4 ", choices: choices) == .success(.integer(4)))
        #expect(try check(field, "3", choices: choices) == .failure(FieldProblem.notAChoice(["1", "2", "4", "8"])))
        #expect(try check(field, "04", choices: choices) == .failure(.notAChoice(choices)))
    }

    @Test func manyChoicesAreShortened() {
        let choices = (1...14).map { "k\($0)" }
        #expect(
            FieldProblem.notAChoice(choices).reason
                == "must be one of: k1, k2, k3, k4, k5, k6, k7, k8, k9, k10 (and 4 more)")
    }

    @Test func validatorsAreSendable() async throws {
        let validator = try FieldValidator(field: Field(id: "t", pattern: "[0-9]+"), choices: nil)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    (try? validator.validate(String(index), at: WallClock(today: Self.today)).get()) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    // MARK: The form's own words (messages:)

    @Test func eachCheckIsSaidInTheFormsWordsWhenItHasThem() throws {
        func reason(_ field: Field, _ raw: String, choices: [String]? = nil) throws -> String? {
            guard case .failure(let problem) = try check(field, raw, choices: choices) else { return nil }
            return problem.worded ? "worded: " + problem.reason : problem.reason
        }
        let text = Field(
            id: "t", required: true, pattern: "^[a-z]+$", minLength: 2, maxLength: 4,
            messages: [
                .required: "Say something", .pattern: "Only small letters", .minLength: "Two letters or more",
                .maxLength: "Four letters at most",
            ])
        #expect(try reason(text, "") == "worded: Say something")
        #expect(try reason(text, "a") == "worded: Two letters or more")
        #expect(try reason(text, "abcde") == "worded: Four letters at most")
        #expect(try reason(text, "AB") == "worded: Only small letters")
        #expect(try reason(text, "ab") == nil)
        // What the form did not word keeps Keyform's words: a control character, a line break.
        #expect(try reason(text, "a\tb") == "must not contain U+0009 (tab), a control character")
        let number = Field(
            id: "n", type: .integer, min: 1, max: 9,
            messages: [.min: "At least one guest", .max: "Nine guests at most"])
        #expect(try reason(number, "0") == "worded: At least one guest")
        #expect(try reason(number, "10") == "worded: Nine guests at most")
        #expect(try reason(number, "99999999999999999999") == "worded: Nine guests at most")
        #expect(try reason(number, "two") == "must be a whole number")
        let choice = Field(id: "c", layout: "priority", strict: true, messages: [.strict: "Pick High, Medium or Low"])
        #expect(try reason(choice, "Urgent", choices: ["High", "Medium", "Low"]) == "worded: Pick High, Medium or Low")
        var list = choice
        list.multiple = true
        #expect(
            try reason(list, "High, Urgent", choices: ["High", "Medium", "Low"]) == "worded: Pick High, Medium or Low")
    }

    @Test func aWordedProblemReadsAfterTheLabelAsASentenceOfItsOwn() {
        #expect(FieldProblem.required.afterLabel.english == " is required")
        #expect(FieldProblem.tooSmall(1).afterLabel.english == " must be at least 1")
        let worded = FieldProblem.required.worded(by: [.required: "Give the amount on the receipt"])
        #expect(worded.afterLabel.english == ": Give the amount on the receipt")
        #expect(worded.reason == "Give the amount on the receipt")
        // The same problems in Japanese: a required field reads as one sentence with its label.
        #expect(FieldProblem.required.afterLabel.japanese == "は必須です")
        #expect(worded.afterLabel.japanese == "：Give the amount on the receipt")
    }
}
