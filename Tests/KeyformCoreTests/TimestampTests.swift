import Foundation
import KeyformCore
import Testing

/// `Timestamp.parse`: the `_created` time of an imported record, as a person's
/// file may give it, read to the millisecond and turned to UTC; or why not.
@Suite struct TimestampTests {
    /// The time as the store writes it, or the problem's reason.
    func read(_ text: String) -> String {
        switch Timestamp.parse(text) {
        case .success(let date): Timestamp.string(from: date)
        case .failure(let problem): problem.reason
        }
    }

    @Test func whatExportWritesReadsBackAsTheSameText() {
        for text in [
            "2026-11-21T09:30:00.123Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z",
            "2024-02-29T23:59:59.999Z", "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
        ] {
            #expect(read(text) == text)
        }
    }

    @Test func secondsMayHaveNoFractionOrAnyDigitsOfOne() {
        #expect(read("2026-11-21T09:30:00Z") == "2026-11-21T09:30:00.000Z")
        #expect(read("2026-11-21T09:30:00.5Z") == "2026-11-21T09:30:00.500Z")
        #expect(
            read("2026-11-21T09:30:00.123456789Z") == "2026-11-21T09:30:00.123Z",
            "past milliseconds, cut as the store keeps them")
    }

    @Test func anOffsetIsTakenAwayToGiveUTC() {
        #expect(read("2026-11-21T18:30:00+09:00") == "2026-11-21T09:30:00.000Z")
        #expect(read("2026-11-21T09:30:00.250-05:30") == "2026-11-21T15:00:00.250Z")
        #expect(read("2026-01-01T02:00:00+03:00") == "2025-12-31T23:00:00.000Z", "across a year")
        #expect(read("2026-11-21T09:30:00+00:00") == "2026-11-21T09:30:00.000Z")
    }

    @Test func aDayNotInTheCalendarSaysWhy() {
        #expect(read("2026-02-30T10:00:00Z") == "'2026-02-30T10:00:00Z' must be a real date; February 2026 has 28 days")
        #expect(read("2026-13-01T10:00:00Z") == "'2026-13-01T10:00:00Z' must be a real date; months go from 1 to 12")
        #expect(
            read("2026-11-21T24:00:00Z")
                == "'2026-11-21T24:00:00Z' is not a time of day; hours go from 00 to 23, minutes and seconds from 00 to 59"
        )
        #expect(
            read("2026-11-21T10:00:60Z").hasSuffix(
                "is not a time of day; hours go from 00 to 23, minutes and seconds from 00 to 59"))
        #expect(
            read("2026-11-21T10:00:00+24:00")
                == "'2026-11-21T10:00:00+24:00' has an offset that is no time zone; offsets go from -23:59 to +23:59")
    }

    @Test func otherTextIsNoTimeAndSaysWhatToWrite() {
        let howTo =
            "is not a time; write it as records export does, in UTC like 2026-11-21T09:30:00.123Z"
            + " (or with its offset, like 2026-11-21T18:30:00+09:00)"
        for text in [
            "", "yesterday", "2026-11-21", "2026-11-21 09:30:00Z", "2026-11-21T09:30Z", "2026-11-21T09:30:00.Z",
            "2026-11-21T09:30:00ZZ", "2026-11-21T09:30:00+0900", "2026-11-21T09:30:00 Z", "+2026-11-21T09:30:00Z",
            "2026-1x-21T09:30:00Z",
        ] {
            #expect(read(text) == "'\(text)' \(howTo)", "\(text)")
        }
        #expect(
            read("2026-11-21T09:30:00")
                == "'2026-11-21T09:30:00' has no time zone; add Z for UTC (2026-11-21T09:30:00Z) or its offset (like 2026-11-21T09:30:00+09:00)"
        )
        let long = String(repeating: "x", count: 100)
        #expect(read(long) == "'\(String(repeating: "x", count: 40))…' \(howTo)", "a long cell is cut in the message")
    }
}
