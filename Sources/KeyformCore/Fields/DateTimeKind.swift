/// `type: datetime`: a day and a time of day on the local wall clock, with no
/// time zone (DECISIONS 52). Typed as the date, a space or `T`, then the time,
/// each part as a date or a time field takes it: `2026-11-27 14:30`,
/// `2026-11-27T14:30`, `2026/11/27 7:30`, `tomorrow 0930`, `2026-11-27 now`; or
/// `now` (the day and minute on the `WallClock` the form was opened with). No
/// seconds, no offset. Picked on the calendar, then the time keypad (`pickSteps`).
/// Shown `YYYY-MM-DD HH:MM`.
///
/// JSON: a string `"YYYY-MM-DD HH:MM"`. Store: the same; SQL TEXT, which sorts
/// in time order (and which SQLite's own `datetime()` reads). A wall time in a
/// DST gap is kept as written: Keyform does not know the zone the time is in.
struct DateTimeKind: FieldKind {
    var type: Field.ValueType { .datetime }
    var clockWords: Set<String> { ["now"] }

    /// `now`, a day named by a word (`tomorrow 9:30`), or a time named so (`2026-11-28 now`).
    func resolvesWithClock(_ text: String) -> Bool {
        text == "now" || text.hasSuffix(" now")
            || DateKind().clockWords.contains { text.hasPrefix($0 + " ") || text.hasPrefix($0 + "t") }
    }

    /// Picked as a date then a time: the day on the calendar, then the time on
    /// the time kind's keypad (DECISIONS 55).
    var pickSteps: [String] { DateKind().pickSteps + TimeKind().pickSteps }

    /// The day and the time, parted where the reader parts them (the last space,
    /// else a `T` after a digit); text with neither is all day, no time yet.
    func pickParts(of text: String) -> [String] {
        let cut =
            text.lastIndex(of: " ")
            ?? text.indices.last { index in
                (text[index] == "T" || text[index] == "t") && index > text.startIndex
                    && text[text.index(before: index)].isWholeNumber
            }
        guard let cut else { return [text, ""] }
        return [String(text[..<cut]), String(text[text.index(after: cut)...])]
    }

    /// `DAY TIME`: a day picked before its time shows as `2026-11-28 ` while the time is typed.
    func joinedPickParts(_ parts: [String]) -> String { parts.joined(separator: " ") }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        Self.parse(input, clock: clock).map { .datetime($0) }
    }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        if case .text(let text) = stored, let moment = CivilDateTime(text) { return .datetime(moment) }
        return stored
    }

    /// What the form takes, the same reader: `at=2026-11-27 14:30`, `at=now`.
    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        switch Self.parse(Substring(raw), clock: clock) {
        case .success(let moment): .success(.datetime(moment))
        case .failure(let problem): .failure(problem.quoting(raw))
        }
    }

    /// Expected as the field takes it: `2026-11-27T7:30` matches 2026-11-27 07:30.
    func testMismatch(
        expected: String, actual: FieldValue?, field: Field, validator: FieldValidator, clock: WallClock
    ) -> String? {
        let text = actual?.text ?? ""
        if text == expected { return nil }
        if case .success(let wanted?) = validator.validate(expected, at: clock), wanted == actual { return nil }
        return text
    }

    /// A date and a time as a person types them; see the type's documentation.
    static func parse(_ input: Substring, clock: WallClock) -> Result<CivilDateTime, FieldProblem> {
        if input.lowercased() == "now" {
            return .success(CivilDateTime(date: clock.today, time: ClockTime(minuteOfDay: clock.minuteOfDay)))
        }
        // The last space or T parts the day from the time (`tomorrow 9:00` too).
        guard let cut = input.lastIndex(where: { $0 == " " || $0 == "T" || $0 == "t" }) else {
            return .failure(.notDateTime)
        }
        let dayText = input[..<cut].trimmingSuffix(" "), timeText = input[input.index(after: cut)...]
        guard !dayText.isEmpty, !timeText.isEmpty else { return .failure(.notDateTime) }
        let day: CivilDate
        switch DateKind.parse(dayText, today: clock.today) {
        case .success(let parsed): day = parsed
        case .failure(let problem) where problem == .notDate: return .failure(.notDateTime)
        case .failure(let problem): return .failure(problem)
        }
        // The time part as a time field reads it: `now` too (the time keypad's Now key).
        if timeText.lowercased() == "now" {
            return .success(CivilDateTime(date: day, time: ClockTime(minuteOfDay: clock.minuteOfDay)))
        }
        switch TimeKind.parse(timeText) {
        case .success(let time): return .success(CivilDateTime(date: day, time: time))
        case .failure(let problem) where problem == .notTime: return .failure(.notDateTime)
        case .failure(let problem): return .failure(problem)
        }
    }
}

/// A day and a time of day, to the minute, on no particular clock's zone: what a
/// datetime field holds. Written `YYYY-MM-DD HH:MM`, which sorts as it compares.
public struct CivilDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: CivilDate
    public let time: ClockTime

    public init(date: CivilDate, time: ClockTime) {
        self.date = date
        self.time = time
    }

    /// Strict `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM`, or nil: how the value is
    /// stored, and what an import from another tool is likely to hold.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
            let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let time = ClockTime(String(decoding: bytes[11...], as: UTF8.self))
        else { return nil }
        self.init(date: date, time: time)
    }

    /// `YYYY-MM-DD HH:MM`.
    public var description: String { date.description + " " + time.description }

    public static func < (a: CivilDateTime, b: CivilDateTime) -> Bool { (a.date, a.time) < (b.date, b.time) }
}

extension FieldProblem {
    public static let notDateTime = FieldProblem(.notDateTime)
}

private extension Substring {
    func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character { text = text.dropLast() }
        return text
    }
}
