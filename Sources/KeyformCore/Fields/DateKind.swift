/// `type: date`: `2026-11-21`, `2026/11/21` (month and day may have one digit),
/// `today`, `yesterday`, `tomorrow` (any case, resolved with the `WallClock`);
/// a real calendar day. Shown `YYYY-MM-DD`.
///
/// JSON: a string `"YYYY-MM-DD"`. Store: the same; SQL TEXT, which sorts by day.
struct DateKind: FieldKind {
    var type: Field.ValueType { .date }
    var synonyms: [String] { ["day"] }
    var clockWords: Set<String> { ["today", "yesterday", "tomorrow"] }
    var pickSteps: [String] { [CalendarGrid.name] }

    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        Self.parse(input, today: clock.today).map { .date($0) }
    }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? {
        if case .text(let text) = stored, let date = CivilDate(iso: text) { return .date(date) }
        return stored
    }

    /// What the form takes, the same reader: `due=tomorrow`, `due=2026/11/21`.
    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        switch Self.parse(Substring(raw), today: clock.today) {
        case .success(let date): .success(.date(date))
        case .failure(let problem): .failure(problem.quoting(raw))
        }
    }

    /// A date as a person types it; see the type's documentation.
    static func parse(_ input: Substring, today: CivilDate) -> Result<CivilDate, FieldProblem> {
        switch input.lowercased() {
        case "today": return .success(today)
        case "yesterday": return .success(today.adding(days: -1))
        case "tomorrow": return .success(today.adding(days: 1))
        default: break
        }
        let bytes = Array(input.utf8)
        guard bytes.count >= 8, bytes.count <= 10, bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "/"),
            let year = CivilDate.decimal(bytes[0..<4])
        else { return .failure(.notDate) }
        let rest = bytes[5...].split(separator: bytes[4], omittingEmptySubsequences: false)
        guard rest.count == 2, (1...2).contains(rest[0].count), (1...2).contains(rest[1].count),
            let month = CivilDate.decimal(rest[0]), let day = CivilDate.decimal(rest[1])
        else { return .failure(.notDate) }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            return .failure(.notARealDate(year: year, month: month))
        }
        return .success(date)
    }
}
