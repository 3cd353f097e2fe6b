import Foundation
import KeyformCore
import Testing

@Suite struct CivilDateTests {
    func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    @Test func isoRoundTrips() throws {
        for text in ["2026-11-21", "2024-02-29", "0001-01-01", "9999-12-31", "1970-01-01", "2000-02-29"] {
            #expect(try date(text).description == text)
        }
        let d = try date("2026-03-07")
        #expect((d.year, d.month, d.day) == (2026, 3, 7))
    }

    @Test(arguments: [
        "2026-02-30", "2026-02-29", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00",
        "2026-01-32", "2026-1-05", "26-01-05", "2026/01/05", "2026-01-05 ", " 2026-01-05", "2026-01-05T00:00",
        "", "today", "２０２６-01-05", "2026-0a-05", "+026-01-05",
    ])
    func isoIsStrict(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func leapYears() {
        #expect(CivilDate.isLeapYear(2024))
        #expect(CivilDate.isLeapYear(2000))
        #expect(!CivilDate.isLeapYear(1900))
        #expect(!CivilDate.isLeapYear(2026))
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2100, month: 2, day: 29) == nil)
        #expect(CivilDate.daysInMonth(year: 2024, month: 2) == 29)
        #expect(CivilDate.daysInMonth(year: 2026, month: 2) == 28)
        #expect(CivilDate.daysInMonth(year: 2026, month: 4) == 30)
        #expect(CivilDate.daysInMonth(year: 2026, month: 12) == 31)
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() throws {
        #expect(try date("2026-11-21").adding(days: -1) == date("2026-11-20"))
        #expect(try date("2026-03-01").adding(days: -1) == date("2026-02-28"))
        #expect(try date("2024-03-01").adding(days: -1) == date("2024-02-29"))
        #expect(try date("2024-02-28").adding(days: 1) == date("2024-02-29"))
        #expect(try date("2024-02-29").adding(days: 1) == date("2024-03-01"))
        #expect(try date("2026-12-31").adding(days: 1) == date("2027-01-01"))
        #expect(try date("2027-01-01").adding(days: -1) == date("2026-12-31"))
        #expect(try date("2024-01-01").adding(days: 366) == date("2025-01-01"))
        #expect(try date("2026-01-31").adding(days: 28) == date("2026-02-28"))
        #expect(try date("2000-02-28").adding(days: 1) == date("2000-02-29"))
        #expect(try date("1900-02-28").adding(days: 1) == date("1900-03-01"))
        #expect(try date("2026-11-21").adding(days: 0) == date("2026-11-21"))
        #expect(try date("1970-01-01").adding(days: -1) == date("1969-12-31"))
        #expect(try date("2026-11-21").adding(days: 36500).adding(days: -36500) == date("2026-11-21"))
    }

    @Test func daysSinceEpoch() throws {
        #expect(try date("1970-01-01").daysSinceEpoch == 0)
        #expect(try date("2000-03-01").daysSinceEpoch == 11017)
        #expect(try date("1969-12-31").daysSinceEpoch == -1)
        #expect(CivilDate(daysSinceEpoch: 20413) == (try date("2025-11-21")))
        // Every day of four centuries round-trips and follows the one before.
        var previous = try date("1899-12-31")
        for day in try date("1900-01-01").daysSinceEpoch...(try date("2300-12-31").daysSinceEpoch) {
            let current = CivilDate(daysSinceEpoch: day)
            #expect(current.daysSinceEpoch == day)
            #expect(previous < current)
            #expect(CivilDate(iso: current.description) == current)
            previous = current
        }
    }

    @Test func ordering() throws {
        #expect(try date("2026-01-31") < date("2026-02-01"))
        #expect(try date("2025-12-31") < date("2026-01-01"))
        #expect(try date("2026-02-01") > date("2026-01-31"))
        #expect(
            try [date("2026-03-01"), date("2024-02-29"), date("2026-02-28")].sorted().map(\.description)
                == ["2024-02-29", "2026-02-28", "2026-03-01"])
    }

    /// Issue 27: the local clock read through the C library gives the day and
    /// minute that Foundation's calendar in `TimeZone.current` gives.
    @Test func theLocalClockIsFoundationsInTheCurrentZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        for seconds in [0, 951_782_400, 1_711_846_800, 1_730_000_000, 1_795_000_000, Int(Date().timeIntervalSince1970)]
        {
            let parts = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: Double(seconds)))
            let clock = WallClock.local(at: time_t(seconds))
            #expect(
                clock
                    == WallClock(
                        today: CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!,
                        minuteOfDay: parts.hour! * 60 + parts.minute!), "\(seconds)")
        }
    }

    @Test func todayIsARealDate() {
        let today = CivilDate.today()
        #expect(CivilDate(iso: today.description) == today)
        #expect(today.year >= 2024)
    }
}
