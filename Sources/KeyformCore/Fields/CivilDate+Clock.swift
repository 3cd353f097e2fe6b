import Foundation

extension CivilDate {
    /// Today's date on the wall clock of `timeZone`. For the edge (CLI, terminal) only:
    /// core logic takes "today" as a parameter and never calls this.
    public static func today(in timeZone: TimeZone = .current) -> CivilDate {
        WallClock.now(in: timeZone).today
    }
}

extension WallClock {
    /// The day and the minute on the wall clock of `timeZone`, read once. For the
    /// edge only, like `CivilDate.today(in:)`.
    public static func now(in timeZone: TimeZone = .current) -> WallClock {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        let day =
            CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CivilDate(daysSinceEpoch: 0)
        return WallClock(today: day, minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}
