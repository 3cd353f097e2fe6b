import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

@Suite struct RecordStoreTests {
    let clock = TestClock()
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.inMemory(now: clock.now)
    }

    @Test func savedRecordsComeBackNewestFirstWithTheirTimes() throws {
        let first = try database.saveRecord(todoRecord("Buy milk", priority: "High"), form: todo)
        clock.advance(seconds: 60)
        let second = try database.saveRecord(
            todoRecord("Swim", priority: "Low", due: "2026-11-21", laps: 16, distance: 400, done: true), form: todo)
        #expect(second > first)

        let records = try database.records(form: todo)
        #expect(records.map(\.id) == [second, first])
        #expect(
            records[0].values
                == todoRecord("Swim", priority: "Low", due: "2026-11-21", laps: 16, distance: 400, done: true))
        #expect(records[1].values == todoRecord("Buy milk", priority: "High"))
        #expect(records[1].values["due"] == nil)
        #expect(Timestamp.string(from: records[1].created) == "2026-11-21T09:30:00.000Z")
        #expect(Timestamp.string(from: records[0].created) == "2026-11-21T09:31:00.000Z")
        #expect(records[0].updated == records[0].created)
        #expect(try database.recordCount(form: todo) == 2)
    }

    @Test func valuesRoundTripExactly() throws {
        let tricky = [
            "", "quote \" and backslash \\", "line\nbreak\ttab", "日本語 🇫🇷 e\u{301}", "\u{2028}\u{2029}",
            "'; DROP TABLE _record; --",
        ]
        for text in tricky {
            try database.saveRecord(todoRecord("x" + text, priority: text.isEmpty ? nil : text), form: todo)
        }
        let numbers: [Double] = [
            0, -0.0, 1.5, 400, 1e21, 1e-7, -123.456, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
        ]
        for number in numbers {
            try database.saveRecord(todoRecord("n", distance: number), form: todo)
        }
        for laps in [0, -1, Int.max, Int.min] {
            try database.saveRecord(todoRecord("i", laps: laps), form: todo)
        }
        let records = try database.records(form: todo).reversed().map(\.values)
        #expect(records.prefix(tricky.count).map { $0["priority"] } == tricky.map { $0.isEmpty ? nil : .text($0) })
        #expect(
            records.dropFirst(tricky.count).prefix(numbers.count).map { $0["distance"] } == numbers.map { .number($0) })
        #expect(records.suffix(4).map { $0["laps"] } == [0, -1, Int.max, Int.min].map { .integer($0) })
    }

    @Test func whereMatchesTypedValuesAndEmptyFields() throws {
        try database.saveRecord(
            todoRecord("a", priority: "High", due: "2026-11-20", laps: 3, distance: 3, done: true), form: todo)
        try database.saveRecord(
            todoRecord("b", priority: "Low", due: "2026-11-21", laps: 4, distance: 2.5, done: false), form: todo)
        try database.saveRecord(todoRecord("c", priority: "High"), form: todo)
        try database.saveRecord(todoRecord("d", priority: "High", laps: 3, done: true), form: todo)

        func texts(_ matches: [String], limit: Int? = nil) throws -> [String] {
            let parsed = try matches.map { text throws(StoreError) in try FieldMatch(parsing: text, form: todo) }
            return try database.records(form: todo, where: parsed, limit: limit).map { $0.values["text"]?.text ?? "" }
        }
        #expect(try texts(["priority=High"]) == ["d", "c", "a"])
        #expect(try texts(["priority=High"], limit: 2) == ["d", "c"])
        #expect(try texts(["priority=High", "done=yes"]) == ["d", "a"])
        #expect(try texts(["done=false"]) == ["b"])
        #expect(try texts(["done="]) == ["c"])
        #expect(try texts(["laps=3"]) == ["d", "a"])
        #expect(try texts(["distance=3"]) == ["a"])  // 3 matches the stored 3.0
        #expect(try texts(["distance=2.5"]) == ["b"])
        #expect(try texts(["due=2026-11-21"]) == ["b"])
        #expect(try texts(["priority=high"]) == [])  // exact, case-sensitive
        #expect(try texts([], limit: 1) == ["d"])
        #expect(try texts([], limit: 0) == [])
        #expect(
            try database.records(form: todo, where: [FieldMatch(field: "priority", value: .text("Low"))]).count == 1)
    }

    @Test func whereRejectsUnknownFieldsAndBadValues() throws {
        #expect(
            storeError { _ = try FieldMatch(parsing: "colour=red", form: todo) }
                == .unknownField(form: "todo", field: "colour"))
        // A field that is close gets a did-you-mean, as an answer naming no field does.
        #expect(
            storeError { _ = try FieldMatch(parsing: "prio=High", form: todo) }
                == .unknownField(form: "todo", field: "prio", suggestion: "priority"))
        #expect(
            StoreError.unknownField(form: "todo", field: "prio", suggestion: "priority").description
                == "the form 'todo' has no field 'prio'; did you mean 'priority'?")
        #expect(
            storeError { _ = try FieldMatch(parsing: "laps=many", form: todo) }
                == .invalidValue(field: "laps", reason: "'many' is not a whole number"))
        #expect(storeError { _ = try FieldMatch(parsing: "due=someday", form: todo) } != nil)
        #expect(storeError { _ = try FieldMatch(parsing: "done=maybe", form: todo) } != nil)
        #expect(storeError { _ = try FieldMatch(parsing: "priority", form: todo) } != nil)
        #expect(try FieldMatch(parsing: "text=a=b", form: todo) == FieldMatch(field: "text", value: .text("a=b")))
        #expect(
            storeError { _ = try database.records(form: todo, where: [FieldMatch(field: "nope", value: nil)]) }
                == .unknownField(form: "todo", field: "nope"))
    }

    @Test func updateReplacesValuesAndKeepsCreated() throws {
        let id = try database.saveRecord(todoRecord("Buy milk", priority: "High"), form: todo)
        clock.advance(seconds: 3600)
        try database.updateRecord(id: id, todoRecord("Buy oat milk", priority: "Low", done: true), form: todo)
        let record = try #require(try database.records(form: todo).first)
        #expect(record.id == id)
        #expect(record.values == todoRecord("Buy oat milk", priority: "Low", done: true))
        #expect(Timestamp.string(from: record.created) == "2026-11-21T09:30:00.000Z")
        #expect(Timestamp.string(from: record.updated) == "2026-11-21T10:30:00.000Z")

        #expect(
            storeError { try database.updateRecord(id: id + 1, todoRecord("x"), form: todo) }
                == .recordNotFound(id: id + 1, form: "todo"))
        // A record of another form is not this form's record.
        let other = form("other", [Field(id: "text")])
        #expect(
            storeError { try database.updateRecord(id: id, todoRecord("x"), form: other) }
                == .recordNotFound(id: id, form: "other"))
    }

    @Test func deleteRemovesOneRecordAndIdsAreNeverReused() throws {
        let first = try database.saveRecord(todoRecord("a"), form: todo)
        let second = try database.saveRecord(todoRecord("b"), form: todo)
        #expect(try database.deleteRecord(id: second, form: todo))
        #expect(try !database.deleteRecord(id: second, form: todo))
        #expect(try database.records(form: todo).map(\.id) == [first])
        let third = try database.saveRecord(todoRecord("c"), form: todo)
        #expect(third > second)
    }

    @Test func anImportSavesAllRecordsInOneTransaction() throws {
        try database.saveDraft(form: todo, values: ["text": "half"], focus: nil)
        let ids = try database.saveRecords((0..<100).map { (n: Int) in todoRecord("r\(n)", laps: n) }, form: todo)
        #expect(ids.count == 100 && ids == ids.sorted())
        let records = try database.records(form: todo)
        #expect(records.map(\.id) == ids.reversed())
        #expect(records.last?.values == todoRecord("r0", laps: 0))
        #expect(try database.draft(form: todo) != nil)  // an import is not a submission
        // One value that cannot be stored: nothing is.
        #expect(
            storeError {
                _ = try database.saveRecords([todoRecord("ok"), todoRecord("bad", distance: .nan)], form: todo)
            } != nil)
        #expect(try database.recordCount(form: todo) == 100)
        #expect(try database.saveRecords([], form: todo).isEmpty)
    }

    /// The store interface's other backend keeps the same promise (`records import`).
    @Test func theMemoryStoreImportsAllOrNoneToo() throws {
        let memory = MemoryStore()
        let ids = try memory.saveRecords([todoRecord("a"), todoRecord("b")], form: todo)
        #expect(try memory.records(form: todo).map(\.id) == ids.reversed())
        #expect(
            storeError {
                _ = try memory.saveRecords([todoRecord("ok"), todoRecord("bad", distance: .nan)], form: todo)
            } != nil)
        #expect(try memory.recordCount(form: todo) == 2)
    }

    @Test func formsKeepTheirRecordsApart() throws {
        let notes = form("note", [Field(id: "text")])
        try database.saveRecord(todoRecord("todo item"), form: todo)
        try database.saveRecord(KeyformCore.Record(form: notes, values: ["text": .text("a note")]), form: notes)
        #expect(try database.records(form: todo).map { $0.values["text"] } == [.text("todo item")])
        #expect(try database.records(form: notes).map { $0.values["text"] } == [.text("a note")])
        #expect(try database.history(form: notes, field: "text") == ["a note"])
    }

    @Test func invalidNamesAndValuesAreRefused() throws {
        let bad = form("To Do", [Field(id: "text")])
        #expect(
            storeError { _ = try database.saveRecord(KeyformCore.Record(values: []), form: bad) }
                == .invalidName("To Do"))
        let badField = form("todo", [Field(id: "a\"b")])
        #expect(
            storeError { _ = try database.saveRecord(KeyformCore.Record(values: []), form: badField) }
                == .invalidName("a\"b"))
        #expect(storeError { _ = try database.saveRecord(todoRecord("x", distance: .infinity), form: todo) } != nil)
        #expect(try database.records(form: todo).isEmpty)
    }

    // MARK: - History and last value

    @Test func historyIsNewestFirstWithoutDuplicatesPerField() throws {
        for (text, priority) in [("a", "High"), ("b", "Low"), ("a", "High"), ("c", "Medium"), ("b", "High")] {
            try database.saveRecord(todoRecord(text, priority: priority), form: todo)
        }
        try database.saveRecord(todoRecord("d"), form: todo)  // no priority: not in its history
        #expect(try database.history(form: todo, field: "text") == ["d", "b", "c", "a"])
        #expect(try database.history(form: todo, field: "priority") == ["High", "Medium", "Low"])
        #expect(try database.history(form: todo, field: "priority", limit: 2) == ["High", "Medium"])
        #expect(try database.history(form: todo, field: "due").isEmpty)
        #expect(
            storeError { _ = try database.history(form: todo, field: "nope") }
                == .unknownField(form: "todo", field: "nope"))
    }

    @Test func historyShowsValuesAsTheyAreTyped() throws {
        try database.saveRecord(todoRecord("x", due: "2026-11-20", laps: 3, distance: 400, done: true), form: todo)
        try database.saveRecord(todoRecord("x", due: "2026-11-21", laps: 3, distance: 1.5, done: false), form: todo)
        #expect(try database.history(form: todo, field: "due") == ["2026-11-21", "2026-11-20"])
        #expect(try database.history(form: todo, field: "laps") == ["3"])
        #expect(try database.history(form: todo, field: "distance") == ["1.5", "400"])
        #expect(try database.history(form: todo, field: "done") == ["no", "yes"])
    }

    @Test func lastValueIsTheNewestRecordsValue() throws {
        #expect(try database.lastValue(form: todo, field: "priority") == nil)
        try database.saveRecord(todoRecord("a", priority: "High", distance: 400), form: todo)
        try database.saveRecord(todoRecord("b", priority: "Low"), form: todo)
        #expect(try database.lastValue(form: todo, field: "priority") == "Low")
        #expect(try database.lastValue(form: todo, field: "text") == "b")
        // The newest record had no distance: nothing to repeat.
        #expect(try database.lastValue(form: todo, field: "distance") == nil)
        #expect(storeError { _ = try database.lastValue(form: todo, field: "nope") } != nil)
    }

    // MARK: - Drafts

    @Test func draftsAreSavedReplacedReadAndDeleted() throws {
        #expect(try database.draft(form: todo) == nil)
        try database.saveDraft(form: todo, values: ["text": "Buy mi"], focus: "text")
        #expect(
            try database.draft(form: todo)
                == Draft(form: "todo", values: ["text": "Buy mi"], focus: "text", saved: clock.now()))

        clock.advance(seconds: 5)
        let values: [String: FieldInput] = [
            "text": "Buy milk", "priority": "Hi", "due": "2026-1", "note \"x\"": "日本 \n 🇫🇷",
        ]
        try database.saveDraft(form: todo, values: values, focus: "due")
        #expect(try database.draft(form: todo) == Draft(form: "todo", values: values, focus: "due", saved: clock.now()))

        try database.saveDraft(form: todo, values: [:], focus: nil)
        #expect(try database.draft(form: todo) == Draft(form: "todo", values: [:], focus: nil, saved: clock.now()))

        #expect(try database.deleteDraft(form: todo))
        #expect(try !database.deleteDraft(form: todo))
        #expect(try database.draft(form: todo) == nil)
    }

    @Test func draftsBelongToOneForm() throws {
        let notes = form("note", [Field(id: "text")])
        try database.saveDraft(form: todo, values: ["text": "todo"], focus: nil)
        try database.saveDraft(form: notes, values: ["text": "note"], focus: nil)
        #expect(try database.draft(form: todo)?.values == ["text": "todo"])
        #expect(try database.draft(form: notes)?.values == ["text": "note"])
    }

    @Test func submittingRemovesTheDraftUnlessAskedNotTo() throws {
        try database.saveDraft(form: todo, values: ["text": "Buy"], focus: "text")
        try database.saveRecord(todoRecord("Buy milk"), form: todo, removingDraft: false)
        #expect(try database.draft(form: todo) != nil)
        try database.saveRecord(todoRecord("Buy milk"), form: todo)
        #expect(try database.draft(form: todo) == nil)
    }

    @Test func draftValuesAreStoredInFieldOrder() throws {
        try database.saveDraft(form: todo, values: ["zzz": "3", "due": "2", "text": "1", "aaa": "4"], focus: nil)
        let data = try database.rows("SELECT data FROM _draft").first?["data"] as String?
        #expect(data == #"{"text":"1","due":"2","aaa":"4","zzz":"3"}"#)
    }
}
