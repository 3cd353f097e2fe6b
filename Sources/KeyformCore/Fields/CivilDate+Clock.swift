import Foundation

extension CivilDate {
    /// Today's date on the wall clock of `timeZone`. For the edge (CLI, terminal) only:
    /// core logic takes "today" as a parameter and never calls this.
    public static func today(in timeZone: TimeZone = .current) -> CivilDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CivilDate(daysSinceEpoch: 0)
    }
}
