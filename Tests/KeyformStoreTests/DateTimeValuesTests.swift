import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// A datetime field's value: `"YYYY-MM-DD HH:MM"` in `data`, TEXT in the form's
/// view (sorting in time order), read back as a datetime.
@Suite struct DateTimeValuesTests {
    let database: AppDatabase
    let meeting = form("meeting", [Field(id: "start", type: .datetime), Field(id: "end", type: .datetime)])

    init() throws {
        database = try AppDatabase.inMemory(now: TestClock().now)
    }

    func record(_ start: String, _ end: String?) -> KeyformCore.Record {
        var values: [String: FieldValue] = ["start": .datetime(CivilDateTime(start)!)]
        if let end { values["end"] = .datetime(CivilDateTime(end)!) }
        return KeyformCore.Record(form: meeting, values: values)
    }

    @Test func aDateTimeRoundTripsAsSortableText() throws {
        try database.saveRecord(record("2026-11-28 09:00", "2026-11-28 10:00"), form: meeting)
        try database.saveRecord(record("2026-11-27 23:30", nil), form: meeting)
        let data = try database.rows("SELECT data FROM _record ORDER BY id").map { $0["data"] as String }
        #expect(
            data == [
                #"{"start":"2026-11-28 09:00","end":"2026-11-28 10:00"}"#, #"{"start":"2026-11-27 23:30","end":null}"#,
            ])
        let view = try database.rows("SELECT start, typeof(start) AS type FROM meeting ORDER BY start")
            .map { [$0["start"] as String, $0["type"] as String] }
        #expect(view == [["2026-11-27 23:30", "text"], ["2026-11-28 09:00", "text"]])
        // SQLite's own date functions read the stored text.
        let later = try database.rows("SELECT datetime(start, '+1 hour') AS later FROM meeting ORDER BY start").map {
            $0["later"] as String
        }
        #expect(later == ["2026-11-28 00:30:00", "2026-11-28 10:00:00"])
        #expect(
            try database.records(form: meeting).map(\.values) == [
                record("2026-11-27 23:30", nil), record("2026-11-28 09:00", "2026-11-28 10:00"),
            ])
    }

    @Test func whereTakesADateTimeAsTheFieldDoes() throws {
        try database.saveRecord(record("2026-11-28 09:00", nil), form: meeting)
        try database.saveRecord(record("2026-11-27 23:30", nil), form: meeting)
        let match = try FieldMatch(parsing: "start=2026-11-28T9:00", form: meeting)
        #expect(try database.records(form: meeting, where: [match]).map(\.values) == [record("2026-11-28 09:00", nil)])
        #expect(
            storeError { _ = try FieldMatch(parsing: "start=2026-11-28", form: meeting) }
                == .invalidValue(
                    field: "start",
                    reason: "'2026-11-28' must be a date and a time like 2026-11-27 14:30, 2026-11-27T14:30 or now"))
    }
}
