/// `type: time`: a time of day on the 24-hour clock, without a date or a time
/// zone. Typed as `07:30` or `7:30`, as digits only (`0730`, `730`: the last two
/// are the minutes, handy on a keypad), or `now` (any case: the minute on the
/// `WallClock` the form was opened with, as `today` is its day; the field shows
/// that time once focus leaves it). Hours 0–23, minutes 0–59; no seconds, no
/// am/pm. Shown `HH:MM`.
///
/// JSON: a string `"HH:MM"`. Store: the same; SQL TEXT, which sorts in time
/// order. `--where start=7:30` takes what the field takes.
struct TimeKind: FieldKind {
    var type: Field.ValueType { .time }
    var clockWords: Set<String> { ["now"] }
    /// The shipped keypad (`Layouts/time.yaml`), or a Layouts folder's own `time`.
    var pickSteps: [String] { [Self.keypad] }
    static let keypad = "time"

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        if input.lowercased() == "now" { return .success(.time(ClockTime(minuteOfDay: clock.minuteOfDay))) }
        return Self.parse(input).map { .time($0) }
    }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        if case .text(let text) = stored, let time = ClockTime(text) { return .time(time) }
        return stored
    }

    /// What the form takes, the same reader: `start=7:30`, `start=now`.
    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        switch read(
            Substring(raw), rules: FieldRules(field: Field(id: "value", type: .time), pattern: nil), clock: clock)
        {
        case .success(let value): .success(value)
        case .failure(let problem): .failure(problem.quoting(raw))
        }
    }

    /// Expected as the field takes it: `7:30` matches 07:30.
    func testMismatch(
        expected: String, actual: FieldValue?, field: Field, validator: FieldValidator, clock: WallClock
    ) -> String? {
        let text = actual?.text ?? ""
        if text == expected { return nil }
        if case .success(let wanted?) = validator.validate(expected, at: clock), wanted == actual { return nil }
        return text
    }

    /// `H:MM`, `HH:MM`, `HMM` or `HHMM` (ASCII digits).
    static func parse(_ input: Substring) -> Result<ClockTime, FieldProblem> {
        let bytes = Array(input.utf8)
        let hours: ArraySlice<UInt8>, minutes: ArraySlice<UInt8>
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            hours = bytes[..<colon]
            minutes = bytes[(colon + 1)...]
        } else {
            hours = bytes.dropLast(2)
            minutes = bytes.suffix(2)
        }
        guard (1...2).contains(hours.count), minutes.count == 2,
            let hour = CivilDate.decimal(hours), let minute = CivilDate.decimal(minutes)
        else { return .failure(.notTime) }
        guard let time = ClockTime(hour: hour, minute: minute) else { return .failure(.notARealTime) }
        return .success(time)
    }
}

/// A time of day on the 24-hour clock, to the minute: what a time field holds.
/// Written `HH:MM`.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// A time on the clock (hour 0...23, minute 0...59), or nil.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Strict `HH:MM` (two digits each), or nil: how the time is stored.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = CivilDate.decimal(bytes[0..<2]), let minute = CivilDate.decimal(bytes[3..<5])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// The time `minutes` after midnight (wrapped into one day).
    public init(minuteOfDay minutes: Int) {
        let wrapped = ((minutes % 1440) + 1440) % 1440
        hour = wrapped / 60
        minute = wrapped % 60
    }

    public var minuteOfDay: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String { String(hour).leftPadded(to: 2) + ":" + String(minute).leftPadded(to: 2) }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minuteOfDay < b.minuteOfDay }
}

extension FieldProblem {
    public static let notTime = FieldProblem(.notTime)
    public static let notARealTime = FieldProblem(.notARealTime)
}
