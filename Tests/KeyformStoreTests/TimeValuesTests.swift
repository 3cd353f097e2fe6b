import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// A time field's value: `"HH:MM"` in `data`, TEXT in the form's view, read back as a time.
@Suite struct TimeValuesTests {
    let database: AppDatabase
    let shift = form("shift", [Field(id: "start", type: .time), Field(id: "stop", type: .time)])

    init() throws {
        database = try AppDatabase.inMemory(now: TestClock().now)
    }

    func record(_ start: String, _ stop: String?) -> KeyformCore.Record {
        var values: [String: FieldValue] = ["start": .time(ClockTime(start)!)]
        if let stop { values["stop"] = .time(ClockTime(stop)!) }
        return KeyformCore.Record(form: shift, values: values)
    }

    @Test func aTimeRoundTripsAsTextHHMM() throws {
        try database.saveRecord(record("07:30", "17:15"), form: shift)
        try database.saveRecord(record("06:05", nil), form: shift)
        #expect(try database.records(form: shift).map(\.values) == [record("06:05", nil), record("07:30", "17:15")])

        let data = try database.rows("SELECT data FROM _record ORDER BY id").map { $0["data"] as String }
        #expect(data == [#"{"start":"07:30","stop":"17:15"}"#, #"{"start":"06:05","stop":null}"#])
        let view = try database.rows("SELECT start, typeof(start) AS type FROM shift ORDER BY start")
            .map { [$0["start"] as String, $0["type"] as String] }
        #expect(view == [["06:05", "text"], ["07:30", "text"]])
        #expect(try database.lastValue(form: shift, field: "start") == "06:05")
        #expect(try database.history(form: shift, field: "start") == ["06:05", "07:30"])
    }

    @Test func whereTakesATimeAsTheFieldDoes() throws {
        try database.saveRecord(record("07:30", "17:15"), form: shift)
        try database.saveRecord(record("06:05", nil), form: shift)
        let match = try FieldMatch(parsing: "start=7:30", form: shift)
        #expect(match == FieldMatch(field: "start", value: .time(ClockTime("07:30")!)))
        #expect(try database.records(form: shift, where: [match]).map(\.values) == [record("07:30", "17:15")])
        #expect(try database.records(form: shift, where: [FieldMatch(parsing: "stop=", form: shift)]).count == 1)
        #expect(
            storeError { _ = try FieldMatch(parsing: "start=7.30", form: shift) }
                == .invalidValue(field: "start", reason: "'7.30' must be a time like 07:30, 7:30, 0730 or now"))
    }

    /// Issue 12: `--where` reads a date as the form does, `tomorrow` included.
    @Test func whereTakesTheWordsADateFieldTakes() throws {
        let trip = form("trip", [Field(id: "place"), Field(id: "leave", type: .date)])
        let clock = WallClock(today: CivilDate(iso: "2026-11-21")!)
        try database.saveRecord(
            KeyformCore.Record(
                form: trip, values: ["place": .text("Porto"), "leave": .date(CivilDate(iso: "2026-11-22")!)]),
            form: trip)
        try database.saveRecord(
            KeyformCore.Record(
                form: trip, values: ["place": .text("Rome"), "leave": .date(CivilDate(iso: "2026-11-21")!)]), form: trip
        )
        let tomorrow = try FieldMatch(parsing: "leave=tomorrow", form: trip, clock: clock)
        #expect(try database.records(form: trip, where: [tomorrow]).map { $0.values["place"] } == [.text("Porto")])
        let slashes = try FieldMatch(parsing: "leave=2026/11/21", form: trip, clock: clock)
        #expect(try database.records(form: trip, where: [slashes]).map { $0.values["place"] } == [.text("Rome")])
        #expect(
            storeError { _ = try FieldMatch(parsing: "leave=someday", form: trip, clock: clock) }
                == .invalidValue(
                    field: "leave", reason: "'someday' must be a date: 2026-11-21, today, yesterday or tomorrow"))
    }

    @Test func aTextFieldThatBecomesATimeReadsItsTimes() throws {
        let before = form("shift", [Field(id: "start"), Field(id: "stop")])
        try database.saveRecord(
            KeyformCore.Record(form: before, values: ["start": .text("07:30"), "stop": .text("late")]), form: before)
        let values = try #require(try database.records(form: shift).first?.values)
        #expect(values["start"] == .time(ClockTime("07:30")!))
        #expect(values["stop"] == .text("late"))
    }
}
