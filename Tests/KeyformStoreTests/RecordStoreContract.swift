import Foundation
import KeyformCore
import KeyformPostgres
import KeyformSQLite
import KeyformStore
import KeyformTestSupport
import Testing

/// What every `RecordStore` backend must do, written against the protocol
/// alone and run on each backend: SQLite in a file (`AppDatabase`, the
/// default), plain values in memory (`MemoryStore`) and a PostgreSQL server
/// (`PostgresStore`, a new database per test on the test server; its cases are
/// cancelled, saying why, when no server runs: `TestPostgres`).
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, memory, postgres

    var testDescription: String { rawValue }

    /// A new, empty store on a clock the test moves; the folder (for a file) lives as long as the store is used.
    func make(
        _ clock: TestClock = TestClock(), author: String = "ada@lab"
    ) throws -> (store: any RecordStore, folder: TemporaryFolder?) {
        switch self {
        case .sqlite:
            let folder = try TemporaryFolder()
            return (try AppDatabase.open(path: folder.file("keyform.sqlite"), author: author, now: clock.now), folder)
        case .memory:
            return (MemoryStore(author: author, now: clock.now), nil)
        case .postgres:
            guard TestPostgres.url != nil else { try Test.cancel(Comment(rawValue: TestPostgres.skipped)) }
            let url = try TestPostgres.freshDatabase()
            return (try #require(try PostgresStore.open(url: url, author: author, now: clock.now)), nil)
        }
    }

    /// The same store as `store`, worked on by `author` (another terminal).
    func same(as store: any RecordStore, author: String, _ clock: TestClock = TestClock()) throws -> any RecordStore {
        switch self {
        case .sqlite: return try AppDatabase.open(path: store.location, author: author, now: clock.now)
        case .memory: return try #require(store as? MemoryStore).sharing(as: author)
        case .postgres:
            let first = try #require(store as? PostgresStore)
            return try #require(try PostgresStore.open(url: first.url, author: author, now: clock.now))
        }
    }
}

@Suite struct RecordStoreContract {
    let vacation = form(
        "vacation", [Field(id: "place"), Field(id: "tags", multiple: true), Field(id: "nights", type: .integer)])

    func trip(_ place: String, _ tags: [String]? = nil, nights: Int? = nil) -> KeyformCore.Record {
        KeyformCore.Record(values: [
            ("place", .text(place)), ("tags", tags.map(FieldValue.list)), ("nights", nights.map(FieldValue.integer)),
        ])
    }

    @Test(arguments: Backend.allCases)
    func recordsComeBackNewestFirstWithTheirTimes(_ backend: Backend) throws {
        let clock = TestClock()
        let (store, _) = try backend.make(clock)
        let first = try store.saveRecord(
            todoRecord("Buy milk", priority: "High", due: "2026-11-30", laps: 3, distance: 1.5, done: false), form: todo
        )
        clock.advance(seconds: 60)
        let second = try store.saveRecord(todoRecord("Swim"), form: todo)
        #expect(second > first)
        let records = try store.records(form: todo)
        #expect(records.map(\.id) == [second, first])
        #expect(
            records[1].values
                == todoRecord("Buy milk", priority: "High", due: "2026-11-30", laps: 3, distance: 1.5, done: false))
        #expect(records[1].created == Timestamp.date(from: "2026-11-21T09:30:00.000Z"))
        #expect(records[0].created == records[1].created.addingTimeInterval(60))
        #expect(try store.recordCount(form: todo) == 2)
        #expect(try store.records(form: todo, limit: 1).map(\.id) == [second])
        #expect(try store.records(form: todo, limit: 0).isEmpty)
        #expect(try store.records(form: todo, beforeID: second).map(\.id) == [first])
        #expect(try store.records(form: form("other", [Field(id: "text")])).isEmpty)
    }

    /// The other end of the list (browse's End): the oldest records, newest
    /// first as `records` gives them, and from there those newer than one, with
    /// the matches kept; nothing in between is read.
    @Test(arguments: Backend.allCases)
    func theOldestRecordsComeFromTheOtherEnd(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        var ids: [Int64] = []
        for (index, place) in ["Rome", "Oslo", "Lima", "Oslo", "Kyiv", "Oslo"].enumerated() {
            ids.append(try store.saveRecord(trip(place, nights: index), form: vacation))
        }
        #expect(
            try store.oldestRecords(form: vacation, where: [], limit: 2, afterID: nil).map(\.id) == [ids[1], ids[0]])
        #expect(
            try store.oldestRecords(form: vacation, where: [], limit: 2, afterID: ids[1]).map(\.id) == [ids[3], ids[2]])
        #expect(
            try store.oldestRecords(form: vacation, where: [], limit: nil, afterID: ids[3]).map(\.id) == [
                ids[5], ids[4],
            ])
        #expect(try store.oldestRecords(form: vacation, where: [], limit: 0, afterID: nil).isEmpty)
        let oslo = [FieldMatch(field: "place", value: .text("Oslo"))]
        let found = try store.oldestRecords(form: vacation, where: oslo, limit: 2, afterID: nil)
        #expect(found.map(\.id) == [ids[3], ids[1]])
        #expect(found.last?.values == trip("Oslo", nights: 1))
        #expect(try store.oldestRecords(form: vacation, where: oslo, limit: 5, afterID: ids[3]).map(\.id) == [ids[5]])
    }

    /// Records handed over one at a time (an import that never holds them all):
    /// stored in order, all or none; what `next` throws stores nothing and comes back as thrown.
    @Test(arguments: Backend.allCases)
    func recordsHandedOverOneAtATimeAreStoredAllOrNone(_ backend: Backend) throws {
        struct Stop: Error {}
        let (store, _) = try backend.make()
        var left = (1...5).map { trip("Place \($0)", nights: $0) }
        #expect(try store.saveRecords(form: vacation) { left.isEmpty ? nil : DatedRecord(left.removeFirst()) } == 5)
        #expect(
            try store.records(form: vacation).map(\.values)
                == (1...5).reversed().map { trip("Place \($0)", nights: $0) })
        var handed = 0
        #expect(throws: Stop.self) {
            try store.saveRecords(form: vacation) {
                handed += 1
                if handed == 4 { throw Stop() }
                return DatedRecord(trip("Later \(handed)"))
            }
        }
        #expect(handed == 4)
        #expect(try store.recordCount(form: vacation) == 5, "nothing of the stopped import stored")
    }

    /// `forEachRecord` hands out what `records` returns, one at a time; an error
    /// its body throws stops the reading and comes back as it was thrown.
    @Test(arguments: Backend.allCases)
    func recordsStreamOneAtATimeAsTheyAreListed(_ backend: Backend) throws {
        struct Stop: Error {}
        let (store, _) = try backend.make()
        for place in ["Rome", "Oslo", "Lima", "Oslo"] { try store.saveRecord(trip(place, nights: 2), form: vacation) }
        let matches = [FieldMatch(field: "place", value: .text("Oslo"))]
        var streamed: [StoredRecord] = []
        try store.forEachRecord(form: vacation, where: matches, limit: nil) { streamed.append($0) }
        #expect(streamed == (try store.records(form: vacation, where: matches)))
        #expect(streamed.count == 2)
        var all: [Int64] = []
        try store.forEachRecord(form: vacation, where: [], limit: 3) { all.append($0.id) }
        #expect(all == (try store.records(form: vacation, limit: 3)).map(\.id))
        var seen = 0
        #expect(throws: Stop.self) {
            try store.forEachRecord(form: vacation, where: [], limit: nil) { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
    }

    /// `forEachRecordValues` (what `records list|export` write from) hands out
    /// each record's id, creation time and values in the form's field order, as
    /// `forEachRecord` reads them: the form's current fields, a value stored under
    /// another type converted, a field added since empty.
    @Test(arguments: Backend.allCases)
    func recordValuesStreamAsTheRecordsDo(_ backend: Backend) throws {
        struct Stop: Error {}
        let clock = TestClock()
        let (store, _) = try backend.make(clock)
        for (place, nights) in [("Rome", 2), ("日本 \u{202E}", 3), ("Oslo, \"Lima\"", 1)] {
            try store.saveRecord(trip(place, ["Food", "Beach"], nights: nights), form: vacation)
            clock.advance(seconds: 1.5)
        }
        let changed = form(
            "vacation",
            [
                Field(id: "nights", type: .number), Field(id: "added", type: .date),
                Field(id: "tags", multiple: true), Field(id: "place"),
            ])
        for form in [vacation, changed] {
            for limit in [nil, 2] {
                var streamed: [StoredRecord] = []
                try store.forEachRecord(form: form, where: [], limit: limit) { streamed.append($0) }
                var rows: [(Int64, Date, [FieldValue?])] = []
                try store.forEachRecordValues(form: form, where: [], limit: limit) { rows.append(($0, $1, $2)) }
                #expect(rows.map(\.0) == streamed.map(\.id))
                #expect(rows.map(\.1) == streamed.map(\.created))
                #expect(rows.map(\.2) == streamed.map { stored in form.fields.map { stored.values[$0.id] } })
            }
        }
        var nights: [FieldValue?] = []
        try store.forEachRecordValues(
            form: changed, where: [FieldMatch(field: "place", value: .text("Rome"))], limit: nil
        ) {
            nights.append($2[0])
            #expect($2[1] == nil)
        }
        #expect(nights == [.number(2)])
        var seen = 0
        #expect(throws: Stop.self) {
            try store.forEachRecordValues(form: vacation, where: [], limit: nil) { _, _, _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
    }

    @Test(arguments: Backend.allCases)
    func updateAndDeleteTouchOneRecordOfItsForm(_ backend: Backend) throws {
        let clock = TestClock()
        let (store, _) = try backend.make(clock)
        let id = try store.saveRecord(todoRecord("Buy milk"), form: todo)
        clock.advance(seconds: 5)
        let serverTime = try store.storeTime()
        try store.updateRecord(id: id, todoRecord("Buy oat milk", done: true), form: todo)
        let updated = try #require(try store.records(form: todo).first)
        #expect(updated.values["text"] == .text("Buy oat milk"))
        #expect(updated.values["done"] == .boolean(true))
        if let serverTime {
            #expect(updated.updated >= serverTime, "a server stamps an edit by its own clock")
        } else {
            #expect(updated.updated == updated.created.addingTimeInterval(5))
        }
        // The same values again write nothing: `updated` stays.
        clock.advance(seconds: 5)
        try store.updateRecord(id: id, todoRecord("Buy oat milk", done: true), form: todo)
        #expect(try store.records(form: todo).first?.updated == updated.updated)
        let other = form("other", [Field(id: "text")])
        #expect(
            storeError { try store.updateRecord(id: id, todoRecord("x"), form: other) }
                == .recordNotFound(id: id, form: "other"))
        #expect(try store.deleteRecord(id: id, form: other) == false)
        #expect(try store.deleteRecord(id: id, form: todo) == true)
        #expect(try store.deleteRecord(id: id, form: todo) == false)
        #expect(
            storeError { try store.updateRecord(id: id, todoRecord("x"), form: todo) }
                == .recordNotFound(id: id, form: "todo"))
        #expect(try store.recordCount(form: todo) == 0)
    }

    @Test(arguments: Backend.allCases)
    func matchesKeepRecordsWhereEveryFieldHoldsItsValue(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        try store.saveRecord(trip("Lisbon", ["Food", "Beach"], nights: 3), form: vacation)
        try store.saveRecord(trip("Porto", ["Food"], nights: 2), form: vacation)
        try store.saveRecord(trip("Oslo"), form: vacation)
        func places(_ matches: [FieldMatch]) throws -> [String] {
            try store.records(form: vacation, where: matches).compactMap { $0.values["place"]?.text }
        }
        #expect(try places([FieldMatch(field: "tags", value: .text("Food"))]) == ["Porto", "Lisbon"])
        #expect(
            try places([
                FieldMatch(field: "tags", value: .text("Beach")), FieldMatch(field: "nights", value: .integer(3)),
            ]) == ["Lisbon"])
        #expect(try places([FieldMatch(field: "nights", value: nil)]) == ["Oslo"])
        #expect(try store.recordCount(form: vacation, where: [FieldMatch(field: "tags", value: .text("Food"))]) == 2)
        #expect(
            storeError { _ = try store.records(form: vacation, where: [FieldMatch(field: "nope", value: nil)]) }
                == .unknownField(form: "vacation", field: "nope"))
    }

    @Test(arguments: Backend.allCases)
    func historyAndLastValueAreAsTheFieldShowsThem(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        #expect(try store.lastValue(form: todo, field: "laps") == nil)
        for laps in [12, 8, 12, 20] { try store.saveRecord(todoRecord("Swim", laps: laps), form: todo) }
        try store.saveRecord(todoRecord("Rest"), form: todo)
        #expect(try store.history(form: todo, field: "laps") == ["20", "12", "8"])
        #expect(try store.history(form: todo, field: "laps", limit: 2) == ["20", "12"])
        #expect(try store.history(form: todo, field: "text") == ["Rest", "Swim"])
        #expect(try store.lastValue(form: todo, field: "text") == "Rest")
        #expect(try store.lastValue(form: todo, field: "laps") == nil)  // empty in the newest record
        #expect(
            storeError { _ = try store.history(form: todo, field: "nope") }
                == .unknownField(form: "todo", field: "nope"))
    }

    @Test(arguments: Backend.allCases)
    func aValueStoredUnderAnotherTypeIsReadAsTheFieldIsNow(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        let before = form("log", [Field(id: "laps", type: .integer), Field(id: "tags")])
        try store.saveRecord(
            KeyformCore.Record(values: [("laps", .integer(3)), ("tags", .text("Beach, Food"))]), form: before)
        let after = form(
            "log", [Field(id: "laps", type: .number), Field(id: "tags", multiple: true), Field(id: "note")])
        let record = try #require(try store.records(form: after).first)
        #expect(record.values["laps"] == .number(3))
        #expect(record.values["tags"] == .list(["Beach", "Food"]))
        #expect(record.values["note"] == nil)
    }

    @Test(arguments: Backend.allCases)
    func choicesOfferEachValueOrItemOnce(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        try store.saveRecord(trip("Lisbon", ["Food", "Beach"]), form: vacation)
        try store.saveRecord(trip("Porto", ["Sunset", "Food"]), form: vacation)
        try store.saveRecord(trip("Lisbon"), form: vacation)
        #expect(try store.choiceValues(.init(form: "vacation", field: "tags")) == ["Sunset", "Food", "Beach"])
        #expect(
            try store.choiceValues(.init(form: "vacation", field: "tags", order: .frequent)) == [
                "Food", "Sunset", "Beach",
            ])
        #expect(
            try store.choiceValues(.init(form: "vacation", field: "place", order: .frequent)) == ["Lisbon", "Porto"])
        #expect(try store.choiceValues(.init(form: "vacation", field: "place", limit: 1)) == ["Lisbon"])
        #expect(try store.choiceValues(.init(form: "nothing", field: "place")) == [])
        try store.saveRecord(todoRecord("Swim", distance: 1.5, done: true), form: todo)
        #expect(try store.choiceValues(.init(form: "todo", field: "distance")) == ["1.5"])
        #expect(try store.choiceValues(.init(form: "todo", field: "done")) == ["yes"])
    }

    @Test(arguments: Backend.allCases)
    func choicePairsGiveEachValueWithItsRecordsKeyOrderedWithinTheKey(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        try store.saveRecord(trip("Lisbon", ["Food", "Beach"], nights: 3), form: vacation)
        try store.saveRecord(trip("Porto", ["Sunset", "Food"]), form: vacation)
        try store.saveRecord(trip("Lisbon", ["Beach"]), form: vacation)
        try store.saveRecord(trip("Faro", nights: 3), form: vacation)
        func values(_ source: Field.ChoiceSource, by other: String, key: String) throws -> [String] {
            try store.choicePairs(source, by: other).filter { $0.key == key }.map(\.value)
        }
        let tags = Field.ChoiceSource(form: "vacation", field: "tags")
        #expect(try values(tags, by: "place", key: "Lisbon") == ["Beach", "Food"])
        #expect(try values(tags, by: "place", key: "Porto") == ["Sunset", "Food"])
        #expect(try store.choicePairs(tags, by: "place").count == 4)  // Faro stored no tags; each (key, value) once
        #expect(
            try values(Field.ChoiceSource(form: "vacation", field: "place"), by: "nights", key: "3") == [
                "Faro", "Lisbon",
            ])
        #expect(try store.choicePairs(Field.ChoiceSource(form: "nothing", field: "place"), by: "nights").isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aDraftIsOnePerFormAndGoesWithTheSubmittedRecord(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        #expect(try store.draft(form: todo) == nil)
        try store.saveDraft(form: todo, values: ["text": "Buy"], focus: "text")
        try store.saveDraft(form: todo, values: ["text": "Buy milk", "due": "2026-1"], focus: "due")
        let draft = try #require(try store.draft(form: todo))
        #expect(draft.values == ["text": "Buy milk", "due": "2026-1"])
        #expect(draft.focus == "due")
        #expect(draft.saved == Timestamp.date(from: "2026-11-21T09:30:00.000Z"))
        try store.saveRecord(todoRecord("Imported"), form: todo, removingDraft: false)
        #expect(try store.draft(form: todo) != nil)
        try store.saveRecord(todoRecord("Buy milk"), form: todo)
        #expect(try store.draft(form: todo) == nil)
        try store.saveDraft(form: todo, values: [:], focus: nil)
        #expect(try store.deleteDraft(form: todo) == true)
        #expect(try store.deleteDraft(form: todo) == false)
    }

    /// Two people on one store (a team's server): each has their own draft of a
    /// form, their own history and `default: last`; records name who saved them,
    /// and both see every record.
    @Test(arguments: Backend.allCases)
    func draftsHistoryAndLastValueAreEachAuthorsOwn(_ backend: Backend) throws {
        let (ada, folder) = try backend.make(author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }  // Bob opens the same file
        let bob = try backend.same(as: ada, author: "bob@desk")
        #expect(ada.author == "ada@lab")
        #expect(bob.author == "bob@desk")
        try ada.saveDraft(form: todo, values: ["text": "Ada's"], focus: "text")
        try bob.saveDraft(form: todo, values: ["text": "Bob's"], focus: "text")
        #expect(try ada.draft(form: todo)?.values == ["text": "Ada's"])
        #expect(try bob.draft(form: todo)?.values == ["text": "Bob's"])
        try ada.saveRecord(todoRecord("Buy milk", priority: "High"), form: todo)
        #expect(try ada.draft(form: todo) == nil, "Ada's submitted form took her draft")
        #expect(try bob.draft(form: todo)?.values == ["text": "Bob's"], "Bob's draft stays")
        try bob.saveRecord(todoRecord("Swim", priority: "Low"), form: todo, removingDraft: false)
        #expect(try ada.history(form: todo, field: "text") == ["Buy milk"])
        #expect(try bob.history(form: todo, field: "text") == ["Swim"])
        #expect(try ada.lastValue(form: todo, field: "priority") == "High")
        #expect(try bob.lastValue(form: todo, field: "priority") == "Low")
        #expect(
            try ada.records(form: todo).map(\.author) == ["bob@desk", "ada@lab"],
            "everyone's records, each naming its author")
        #expect(try bob.deleteDraft(form: todo) == true)
        #expect(try ada.deleteDraft(form: todo) == false)
    }

    /// An import keeps when each record was made (`_created`, to the millisecond);
    /// one without a time is made now. Ids are the store's, in the order given.
    @Test(arguments: Backend.allCases)
    func importedRecordsKeepTheirCreatedTimesAllOrNone(_ backend: Backend) throws {
        let clock = TestClock()
        let (store, _) = try backend.make(clock)
        let made = ["2025-01-02T03:04:05.678Z", "2024-02-29T23:59:59.999Z"].map { Timestamp.date(from: $0)! }
        let ids = try store.saveRecords(
            [
                DatedRecord(trip("Rome"), created: made[0]), DatedRecord(trip("Oslo")),
                DatedRecord(trip("Lima"), created: made[1]),
            ], form: vacation)
        let records = try store.records(form: vacation)
        #expect(records.map(\.id) == ids.reversed())
        #expect(
            records.reversed().map { Timestamp.string(from: $0.created) }
                == ["2025-01-02T03:04:05.678Z", "2026-11-21T09:30:00.000Z", "2024-02-29T23:59:59.999Z"])
        #expect(records.map(\.updated) == records.map(\.created), "not updated since it was made")
        var streamed: [Date] = []
        try store.forEachRecordValues(form: vacation, where: [], limit: nil) { _, created, _ in streamed.append(created)
        }
        #expect(streamed == records.map(\.created), "as records export reads them")
        // One value that cannot be stored: no record is, with or without its time.
        #expect(
            storeError {
                _ = try store.saveRecords(
                    [DatedRecord(todoRecord("ok"), created: made[0]), DatedRecord(todoRecord("bad", distance: .nan))],
                    form: todo)
            } != nil)
        #expect(try store.recordCount(form: todo) == 0)
    }

    @Test(arguments: Backend.allCases)
    func badNamesAndValuesAreRefusedBeforeAnythingIsStored(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        #expect(
            storeError { try store.saveRecord(todoRecord("x"), form: form("Bad-Name", [Field(id: "text")])) }
                == .invalidName("Bad-Name"))
        #expect(
            storeError { try store.saveDraft(form: form("Bad-Name", []), values: [:], focus: nil) }
                == .invalidName("Bad-Name"))
        #expect(storeError { try store.saveRecord(todoRecord("x", distance: .infinity), form: todo) } != nil)
        #expect(try store.recordCount(form: todo) == 0)
    }

    /// `keyform records list NAME` from any folder: the store describes the form.
    @Test(arguments: Backend.allCases)
    func theStoreKnowsItsFormsAndTheirFields(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        #expect(try store.formNames() == [])
        #expect(try store.storedForm(named: "todo") == nil)
        try store.saveRecord(todoRecord("Swim", laps: 3, distance: 1.5, done: true), form: todo)
        try store.saveRecord(todoRecord("Buy milk", due: "2026-11-30"), form: todo)
        try store.saveRecord(trip("Lisbon", ["Food"]), form: vacation)
        #expect(try store.formNames() == ["todo", "vacation"])
        let described = try #require(try store.storedForm(named: "todo"))
        #expect(described.name == "todo")
        #expect(described.fields.map(\.id) == ["text", "priority", "due", "laps", "distance", "done"])
        #expect(
            described.fields.map(\.type) == [.text, .text, .date, .integer, .number, .boolean],
            "as the form says, not guessed")
        let trips = try #require(try store.storedForm(named: "vacation"))
        #expect(trips.fields.map(\.multiple) == [false, true, false])
        // What it describes reads the records back.
        #expect(try store.records(form: described).first?.values["text"] == .text("Buy milk"))
    }

    /// `records list NAME` without the file reads the records as the file would:
    /// the store keeps each field's id, label, type, `multiple` and `states`.
    @Test(arguments: Backend.allCases)
    func theStoredFormIsTheFormAsItWasStored(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        // Only empty values so far: nothing in the records says what the fields are.
        let empty = KeyformCore.Record(form: chores, values: ["text": .text("Swim")])
        try store.saveRecord(empty, form: chores)
        let described = try #require(try store.storedForm(named: "chores"))
        #expect(described.name == "chores")
        #expect(described.fields.map(\.id) == ["text", "due", "at", "done", "tags", "laps"])
        #expect(described.fields.map(\.label) == ["Chore", "Due", "At", "Status", "Tags", "Laps"])
        #expect(described.fields.map(\.type) == [.text, .date, .time, .boolean, .text, .integer])
        #expect(described.fields.map(\.multiple) == [false, false, false, false, true, false])
        #expect(described.fields[3].states == Field.States(no: "In progress", yes: "Complete"))
        #expect(described.fields.filter { $0.id != "done" }.allSatisfy { $0.states == nil })
        // An empty date, time, list or boolean stays empty (JSON null), not "".
        let read = try #require(try store.records(form: described).first)
        #expect(RecordFormat.json(read.values, form: described) == RecordFormat.json(empty, form: chores))
        #expect(
            RecordFormat.json(read.values, form: described)
                == #"{"text":"Swim","due":null,"at":null,"done":null,"tags":null,"laps":null}"# + "\n")

        let full = KeyformCore.Record(
            form: chores,
            values: [
                "text": .text("Run"), "due": .date(CivilDate(iso: "2026-11-30")!),
                "at": .time(ClockTime(hour: 7, minute: 5)!),
                "done": .boolean(true), "tags": .list(["Food", "Gym"]), "laps": .integer(3),
            ])
        try store.saveRecord(full, form: chores)
        let again = try #require(try store.storedForm(named: "chores"))
        #expect(again == described, "the same form: the same definition")
        #expect(try store.records(form: again).map(\.values) == [full, empty], "values of their own kinds")
        // The table shows a boolean by its words.
        let done = try #require(again.field(id: "done"))
        #expect(full["done"].map { $0.kind.shown($0, field: done) } == "Complete")
        // --where reads a value as the field's kind: a date, a time, a state's word, a list's item.
        for match in ["due=2026-11-30", "at=07:05", "done=yes", "tags=Gym", "laps=3"] {
            let parsed = try FieldMatch(parsing: match, form: again)
            #expect(try store.records(form: again, where: [parsed]).map(\.id) == [2], "\(match)")
        }
        #expect(
            try store.recordCount(form: again, where: [FieldMatch(parsing: "due=", form: again)]) == 1,
            "empty: the first")
    }

    /// The definition follows the form: the newest one stored a record (a save, an
    /// import, an edit); a form with no records left is not described.
    @Test(arguments: Backend.allCases)
    func theStoredFormFollowsTheForm(_ backend: Backend) throws {
        let (store, _) = try backend.make()
        try store.saveRecord(KeyformCore.Record(form: chores, values: ["text": .text("a")]), form: chores)
        var renamed = chores
        renamed.pages[0].fields[0].label = "Task"
        renamed.pages[0].fields.append(Field(id: "note", label: "Note"))
        try store.saveRecords([KeyformCore.Record(form: renamed, values: ["text": .text("b")])], form: renamed)
        #expect(
            try store.storedForm(named: "chores")?.fields.map(\.label) == [
                "Task", "Due", "At", "Status", "Tags", "Laps", "Note",
            ])
        var fewer = chores
        fewer.pages[0].fields.removeLast(2)
        try store.updateRecord(id: 1, KeyformCore.Record(form: fewer, values: ["text": .text("a")]), form: fewer)
        #expect(try store.storedForm(named: "chores")?.fields.map(\.id) == ["text", "due", "at", "done"])
        #expect(try store.deleteRecord(id: 1, form: fewer))
        #expect(try store.deleteRecord(id: 2, form: fewer))
        #expect(try store.storedForm(named: "chores") == nil, "no records: nothing to read")
    }
    /// A list on one terminal learns that another added, edited or deleted a
    /// record (browse refreshes): the mark another opening reads differs after
    /// each, and stays while nobody writes.
    @Test(arguments: Backend.allCases)
    func theChangeMarkMovesWhenAnotherOpeningChangesRecords(_ backend: Backend) throws {
        let (ada, folder) = try backend.make(author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }
        let bob = try backend.same(as: ada, author: "bob@desk")
        var seen = try #require(try ada.changeMark(), "a store must tell when another opening changed it")
        #expect(try ada.changeMark() == seen, "nobody wrote")
        func changed(_ what: String, _ change: () throws -> Void) throws {
            try change()
            let mark = try ada.changeMark()
            #expect(mark != seen, "\(what)")
            seen = try #require(mark)
            #expect(try ada.changeMark() == seen, "\(what), then nothing")
        }
        var id: Int64 = 0
        try changed("added") { id = try bob.saveRecord(todoRecord("Swim"), form: todo) }
        try changed("edited") { try bob.updateRecord(id: id, todoRecord("Swim far"), form: todo) }
        try changed("imported") { try bob.saveRecords([todoRecord("Run")], form: todo) }
        try changed("deleted") { try bob.deleteRecord(id: id, form: todo) }
    }
    /// What a browse list reads after another terminal's change: the records
    /// edited or added since it looked (whatever its conditions), those newer
    /// than its newest row that meet them (an import keeps an older time), and
    /// the ids left between its rows, keys only (a delete leaves no trace).
    @Test(arguments: Backend.allCases)
    func whatChangedSinceAListLookedIsReadAlone(_ backend: Backend) throws {
        let clock = TestClock()
        let (ada, folder) = try backend.make(clock, author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }
        let bob = try backend.same(as: ada, author: "bob@desk", clock)
        var ids: [Int64] = []
        for (index, place) in ["Rome", "Oslo", "Lima", "Oslo"].enumerated() {
            ids.append(try ada.saveRecord(trip(place, nights: index), form: vacation))
        }
        try ada.saveRecord(todoRecord("Not a trip"), form: todo)
        clock.advance(seconds: 60)
        // The list looks by the clock that stamps (a server's), past every stamp so far.
        let looked = try look(at: ada, clock, past: try ada.records(form: vacation, limit: 1).first?.updated)
        let oslo = [FieldMatch(field: "place", value: .text("Oslo"))]
        #expect(try ada.changedRecords(form: vacation, since: looked, afterID: ids[3], where: oslo).isEmpty)

        clock.advance(seconds: 1)
        try bob.updateRecord(id: ids[1], trip("Bergen", nights: 1), form: vacation)
        #expect(try bob.deleteRecord(id: ids[2], form: vacation))
        let long = Timestamp.date(from: "2020-01-01T00:00:00.000Z")!
        let imported = try bob.saveRecords(
            [DatedRecord(trip("Kyiv"), created: long), DatedRecord(trip("Oslo", nights: 7), created: long)],
            form: vacation)
        let saved = try bob.saveRecord(trip("Oslo", nights: 9), form: vacation)
        try bob.saveRecord(todoRecord("Still not a trip"), form: todo)

        let changed = try ada.changedRecords(form: vacation, since: looked, afterID: ids[3], where: oslo)
        #expect(changed.map(\.id) == [saved, imported[1], ids[1]], "newest first; Kyiv's import is older and not Oslo")
        #expect(changed.map(\.values) == [trip("Oslo", nights: 9), trip("Oslo", nights: 7), trip("Bergen", nights: 1)])
        let edited = try #require(changed.last?.updated)
        #expect(try ada.storeTime() == nil ? edited == looked.addingTimeInterval(1) : edited >= looked)
        #expect(
            try ada.changedRecords(form: vacation, since: looked, afterID: nil, where: oslo).map(\.id) == [
                saved, ids[1],
            ], "without afterID: only what was stored or edited since")
        #expect(try ada.recordIDs(form: vacation, from: ids[0], through: ids[3]) == [ids[3], ids[1], ids[0]])
        #expect(try ada.recordIDs(form: vacation, from: ids[2], through: ids[2]).isEmpty)
    }

    /// `records copy`: records copied in keep their times and authors (none
    /// stays none) and get new ids; all or none.
    @Test(arguments: Backend.allCases)
    func copiedRecordsKeepTheirTimesAndAuthors(_ backend: Backend) throws {
        let clock = TestClock()
        let (store, _) = try backend.make(clock, author: "carol@home")
        try store.saveRecord(todoRecord("Here first"), form: todo)
        let made = Timestamp.date(from: "2026-01-02T03:04:05.678Z")!
        let copied = [
            StoredRecord(
                id: 7, created: made, updated: made.addingTimeInterval(60),
                values: todoRecord("Ada's", priority: "High"), author: "ada@lab"),
            StoredRecord(
                id: 9, created: made.addingTimeInterval(1), updated: made.addingTimeInterval(1),
                values: todoRecord("Old"), author: nil),
        ]
        let ids = try store.copyRecords(copied, form: todo)
        #expect(ids.count == 2 && ids[0] < ids[1] && !ids.contains(7))
        let read = try store.records(form: todo)
        #expect(
            read.map(\.values) == [todoRecord("Old"), todoRecord("Ada's", priority: "High"), todoRecord("Here first")])
        #expect(read.map(\.author) == [nil, "ada@lab", "carol@home"])
        #expect(read[1].created == made && read[1].updated == made.addingTimeInterval(60))
        #expect(
            try store.history(form: todo, field: "text") == ["Old", "Here first"],
            "a copy of no author is everyone's; Ada's is hers")

        let bad = StoredRecord(id: 1, created: made, updated: made, values: todoRecord("x", distance: .infinity))
        #expect(throws: StoreError.self) { try store.copyRecords([copied[0], bad], form: todo) }
        #expect(try store.recordCount(form: todo) == 3, "all or none")
    }
    /// An edit saved over another terminal's is refused, never silent: the
    /// `updated` time read when the edit began must still be the record's.
    @Test(arguments: Backend.allCases)
    func anEditOfARecordChangedMeanwhileIsRefusedAndOneDeletedIsReported(_ backend: Backend) throws {
        let clock = TestClock()
        let (ada, folder) = try backend.make(clock, author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }
        let bob = try backend.same(as: ada, author: "bob@desk", clock)
        let id = try ada.saveRecord(todoRecord("Buy milk", priority: "Low"), form: todo)
        let read = try #require(try ada.record(id: id, form: todo))
        #expect(read.values == todoRecord("Buy milk", priority: "Low"))
        clock.advance(seconds: 5)
        _ = try look(at: ada, clock, past: read.updated)  // a server's next stamp is another millisecond
        try bob.updateRecord(id: id, todoRecord("Buy milk", priority: "High"), form: todo, ifUpdated: read.updated)

        #expect(
            storeError {
                try ada.updateRecord(
                    id: id, todoRecord("Buy oat milk", priority: "Low"), form: todo, ifUpdated: read.updated)
            }
                == .recordChanged(id: id, form: todo.name))
        let theirs = try #require(try ada.record(id: id, form: todo))
        #expect(theirs.values == todoRecord("Buy milk", priority: "High"), "Bob's edit stands")
        // The same values as Bob's: no conflict, nothing written.
        try ada.updateRecord(id: id, todoRecord("Buy milk", priority: "High"), form: todo, ifUpdated: read.updated)
        // Chosen after seeing Bob's: saved against his time.
        clock.advance(seconds: 5)
        _ = try look(at: ada, clock, past: theirs.updated)
        try ada.updateRecord(
            id: id, todoRecord("Buy oat milk", priority: "High"), form: todo, ifUpdated: theirs.updated)
        #expect(try ada.record(id: id, form: todo)?.values == todoRecord("Buy oat milk", priority: "High"))
        // Without a time: whatever it holds.
        try bob.updateRecord(id: id, todoRecord("Swim"), form: todo)

        #expect(try bob.deleteRecord(id: id, form: todo))
        #expect(
            storeError { try ada.updateRecord(id: id, todoRecord("Late"), form: todo, ifUpdated: theirs.updated) }
                == .recordNotFound(id: id, form: todo.name))
        #expect(try ada.record(id: id, form: todo) == nil)
    }

    /// A list's look for changes: the time by the clock that stamps edits (a
    /// server's `storeTime`, else the test's), once it is past `stamp`'s
    /// millisecond (times are kept to the millisecond: a server's next stamp
    /// then reads later than `stamp`).
    func look(at store: any RecordStore, _ clock: TestClock, past stamp: Date?) throws -> Date {
        while true {
            let now = try store.storeTime() ?? clock.now()
            if stamp.map({ now > $0 }) ?? true { return now }
        }
    }

    /// Two machines whose clocks disagree by an hour: Bob's behind the list's.
    /// His edit and his new record are still read as changed since the list's
    /// look: a server stamps `updated` by its own clock, and the list looks by
    /// it too (`storeTime`). On SQLite and in memory every writer is on this
    /// machine, one clock: the same steps, with no skew to hide anything.
    @Test(arguments: Backend.allCases)
    func aWritersClockFarBehindHidesNoEditFromAList(_ backend: Backend) throws {
        let clock = TestClock()
        let (ada, folder) = try backend.make(clock, author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }
        let behind = TestClock()
        if try ada.storeTime() != nil { behind.advance(seconds: -3600) }
        let bob = try backend.same(as: ada, author: "bob@desk", behind)
        let id = try ada.saveRecord(trip("Rome", nights: 2), form: vacation)
        clock.advance(seconds: 1)
        behind.advance(seconds: 1)
        let looked = try look(at: ada, clock, past: try ada.record(id: id, form: vacation)?.updated)
        clock.advance(seconds: 1)
        behind.advance(seconds: 1)
        try bob.updateRecord(id: id, trip("Rome", nights: 3), form: vacation)
        let added = try bob.saveRecord(trip("Oslo"), form: vacation)
        let changed = try ada.changedRecords(
            form: vacation, since: looked.addingTimeInterval(-10), afterID: nil, where: [])
        #expect(changed.map(\.id) == [added, id], "Bob's edit and record, stamped by the store's clock")
        #expect(changed.last?.values == trip("Rome", nights: 3))
    }
}
