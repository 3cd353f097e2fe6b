/// The month and weekday names a calendar grid shows: one table, so that an
/// interface language replaces it as a whole (`Language.calendarNames`).
public struct CalendarNames: Equatable, Sendable {
    /// January … December.
    public var months: [String]
    /// Short weekday names, Monday first (the grid's weeks start on Monday).
    public var weekdays: [String]

    /// The language whose catalogue writes the month's title (`November 2026`, `2026年11月`).
    public var language: Language

    public init(months: [String], weekdays: [String], language: Language = .english) {
        precondition(months.count == 12 && weekdays.count == 7, "12 months and 7 weekdays")
        self.months = months
        self.weekdays = weekdays
        self.language = language
    }

    public static let english = Language.english.calendarNames

    /// The title of `month` (1…12) of `year`.
    public func title(month: Int, year: Int) -> String {
        language.text(.calendarTitle(monthName: months[month - 1], year: year))
    }
}

/// A date field's calendar (`layout: calendar`): a month of day keys the engine
/// generates, one row per week (Monday first), each key typing its day as
/// `YYYY-MM-DD`. The weeks are whole: the days of the months around it fill
/// the first and last rows, shown in parentheses. The first row's keys carry
/// the weekday names. Pure: a month and the names in, a `Layout` out; the
/// grid state names the month shown (`calendar:2026-11`), and arrows, PgUp/PgDn
/// and `t` move a day, a week, a month or to today (`FormEngine`).
public enum CalendarGrid {
    /// What a date field's `layout:` says for the calendar.
    public static let name = "calendar"
    private static let prefix = name + ":"

    /// The layout name of the month holding `day`: `calendar:2026-11`.
    public static func name(ofMonthOf day: CivilDate) -> String {
        prefix + String(String(describing: day).prefix(7))
    }

    /// Whether a layout name is a calendar's (the field's `calendar`, or a month's).
    public static func isCalendar(_ layoutName: String) -> Bool {
        layoutName == name || layoutName.hasPrefix(prefix)
    }

    /// The first day of the month a layout name shows; `calendar` alone is today's month.
    public static func month(named layoutName: String, today: CivilDate) -> CivilDate? {
        if layoutName == name { return CivilDate(year: today.year, month: today.month, day: 1) }
        guard layoutName.hasPrefix(prefix) else { return nil }
        return CivilDate(iso: String(layoutName.dropFirst(prefix.count)) + "-01")
    }

    /// The layout a calendar name stands for; nil for any other name.
    public static func layout(named layoutName: String, today: CivilDate, names: CalendarNames) -> Layout? {
        month(named: layoutName, today: today).map { layout(month: $0, names: names) }
    }

    /// The Monday the grid of `month`'s month starts on.
    static func firstShown(_ month: CivilDate) -> CivilDate {
        WeekTotals.monday(of: CivilDate(year: month.year, month: month.month, day: 1)!)
    }

    /// The month of `month` (any day of it) as a grid.
    public static func layout(month: CivilDate, names: CalendarNames) -> Layout {
        let first = CivilDate(year: month.year, month: month.month, day: 1)!
        let last = first.adding(days: CivilDate.daysInMonth(year: month.year, month: month.month) - 1)
        let start = firstShown(first)
        let weeks = (last.daysSinceEpoch - start.daysSinceEpoch) / 7 + 1
        let rows = (0..<weeks).map { week in
            (0..<7).map { weekday -> Layout.Key in
                let day = start.adding(days: week * 7 + weekday)
                let number = day.month == month.month ? "\(day.day)" : "(\(day.day))"
                let label = week == 0 ? names.weekdays[weekday] + " " + number : number
                return Layout.Key(label: label, text: String(describing: day))
            }
        }
        return Layout(
            title: names.title(month: month.month, year: month.year), kind: .choice, pages: [Layout.Page(rows: rows)])
    }

    /// Where `day` is in its month's grid.
    public static func index(of day: CivilDate) -> GridDrawing.KeyIndex {
        let offset = day.daysSinceEpoch - firstShown(day).daysSinceEpoch
        return GridDrawing.KeyIndex(row: offset / 7, key: offset % 7)
    }

    /// The same day `months` months later (earlier when negative), the day
    /// kept within the month (January 31 + 1 month: February 28 or 29).
    public static func adding(months: Int, to day: CivilDate) -> CivilDate {
        let index = day.year * 12 + (day.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        return CivilDate(year: year, month: month, day: min(day.day, CivilDate.daysInMonth(year: year, month: month)))!
    }
}
