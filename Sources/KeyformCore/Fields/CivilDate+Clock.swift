import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CivilDate {
    /// Today's date on the wall clock of `timeZone` (nil: the system's local
    /// time, see `WallClock.now(in:)`). For the edge (CLI, terminal) only:
    /// core logic takes "today" as a parameter and never calls this.
    public static func today(in timeZone: TimeZone? = nil) -> CivilDate {
        WallClock.now(in: timeZone).today
    }
}

extension WallClock {
    /// The day and the minute on the wall clock of `timeZone`, read once. For the
    /// edge only, like `CivilDate.today(in:)`.
    ///
    /// Without a zone, the system's local time as the C library reads it (`TZ`,
    /// else /etc/localtime), which is what `TimeZone.current` reads too: every
    /// run reads the clock before its first frame, and Foundation's `TimeZone`
    /// and `Calendar` load ICU's zone data to do it (docs/PERFORMANCE.md).
    public static func now(in timeZone: TimeZone? = nil) -> WallClock {
        guard let timeZone else { return local(at: time(nil)) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date())
        return clock(year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute)
    }

    /// The local wall clock at `seconds` since 1970 (`localtime_r`).
    public static func local(at seconds: time_t) -> WallClock {
        var seconds = seconds
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else {
            return clock(year: nil, month: nil, day: nil, hour: nil, minute: nil)
        }
        return clock(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    }

    private static func clock(year: Int?, month: Int?, day: Int?, hour: Int?, minute: Int?) -> WallClock {
        let day =
            CivilDate(year: year ?? 1970, month: month ?? 1, day: day ?? 1)
            ?? CivilDate(daysSinceEpoch: 0)
        return WallClock(today: day, minuteOfDay: (hour ?? 0) * 60 + (minute ?? 0))
    }
}
