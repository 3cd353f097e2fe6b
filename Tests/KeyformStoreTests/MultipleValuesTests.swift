import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// A `multiple` field's list: a JSON array in `data`, its joined text in the view.
@Suite struct MultipleValuesTests {
    let database: AppDatabase
    let vacation = form("vacation", [Field(id: "place"), Field(id: "tags", layout: "tags", multiple: true)])

    init() throws {
        database = try AppDatabase.inMemory(now: TestClock().now)
    }

    func record(_ place: String, _ tags: [String]?) -> KeyformCore.Record {
        var values: [String: FieldValue] = ["place": .text(place)]
        if let tags { values["tags"] = .list(tags) }
        return KeyformCore.Record(form: vacation, values: values)
    }

    @Test func aListRoundTrips() throws {
        try database.saveRecord(record("Lisbon", ["Sunset", "Fo\"od, ish", "日本"]), form: vacation)
        try database.saveRecord(record("Porto", nil), form: vacation)
        let records = try database.records(form: vacation)
        #expect(records.map(\.values) == [record("Porto", nil), record("Lisbon", ["Sunset", "Fo\"od, ish", "日本"])])

        let data = try database.rows("SELECT data FROM _record ORDER BY id").map { $0["data"] as String }
        #expect(
            data == [#"{"place":"Lisbon","tags":["Sunset","Fo\"od, ish","日本"]}"#, #"{"place":"Porto","tags":null}"#])
        let view = try database.rows("SELECT place, tags FROM vacation ORDER BY _id").map {
            [$0["place"] as String?, $0["tags"] as String?]
        }
        #expect(view == [["Lisbon", "Sunset, Fo\"od, ish, 日本"], ["Porto", nil]])
    }

    @Test func aDraftKeepsASelectionAsAList() throws {
        try database.saveDraft(
            form: vacation, values: ["place": "Li", "tags": .selection(["Salt, pepper", "Food"])], focus: "tags")
        let data = try database.rows("SELECT data FROM _draft").map { $0["data"] as String }
        #expect(data == [#"{"place":"Li","tags":["Salt, pepper","Food"]}"#])
        #expect(
            try database.draft(form: vacation)?.values == [
                "place": "Li", "tags": .selection(["Salt, pepper", "Food"]),
            ])
        #expect(try database.lastValue(form: vacation, field: "tags") == nil)
        try database.saveRecord(record("Lisbon", ["Salt, pepper"]), form: vacation)
        #expect(try database.lastValue(form: vacation, field: "tags") == .selection(["Salt, pepper"]))
    }

    @Test func aDraftSavedAsTextByAnOlderVersionStillLoads() throws {
        // Before entries were typed, a draft held a selection as its joined text.
        try database.saveDraft(form: vacation, values: ["tags": "Beach, Food"], focus: "tags")
        let values = try #require(try database.draft(form: vacation)?.values)
        #expect(values == ["tags": .line("Beach, Food")])
        let context = try FormContext(
            form: vacation, layouts: ["tags": Layout(title: "Tags", kind: .choice, pages: [])],
            clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!))
        #expect(FormState.start(context, values: values).entries[1].input == .selection(["Beach", "Food"]))
    }

    @Test func aTextStoredBeforeReadsAsAList() throws {
        let before = form("vacation", [Field(id: "place"), Field(id: "tags")])
        try database.saveRecord(
            KeyformCore.Record(form: before, values: ["place": .text("Rome"), "tags": .text("Food, City")]),
            form: before)
        #expect(try database.records(form: vacation).map(\.values) == [record("Rome", ["Food", "City"])])
        // And back: a field no longer `multiple` reads the list as its joined text.
        try database.saveRecord(record("Oslo", ["Fjord", "Boat"]), form: vacation)
        #expect(try database.records(form: before).first?.values["tags"] == .text("Fjord, Boat"))
    }
}

@Suite struct ListMembershipMatchTests {
    @Test func whereOnAListFieldMatchesRecordsThatHoldTheItem() throws {
        let form = Form(
            name: "vacation",
            pages: [
                .init(fields: [
                    Field(id: "place"), Field(id: "tags", layout: "tags", multiple: true),
                ])
            ])
        let database = try AppDatabase.inMemory()
        try database.saveRecord(
            Record(values: [("place", .text("Alfama")), ("tags", .list(["Sunset", "Food"]))]), form: form)
        try database.saveRecord(Record(values: [("place", .text("Belem")), ("tags", .list(["Museum"]))]), form: form)
        let food = try database.records(form: form, where: [FieldMatch(parsing: "tags=Food", form: form)])
        #expect(food.map { $0.values["place"] } == [.text("Alfama")])
        let none = try database.records(form: form, where: [FieldMatch(parsing: "tags=Fo", form: form)])
        #expect(none.isEmpty)
    }

    /// What `browse --where` and the filter key count and page through: the same
    /// conditions as `records(form:where:)`, and the same answer as matching in memory.
    @Test func countsAndPagesFollowTheConditions() throws {
        let form = Form(
            name: "vacation",
            pages: [
                .init(fields: [
                    Field(id: "place"), Field(id: "tags", layout: "tags", multiple: true), Field(id: "note"),
                ])
            ])
        let database = try AppDatabase.inMemory()
        let places = ["Alfama", "Belem", "Porto"]
        for index in 0..<30 {
            let tags: FieldValue? =
                index % 3 == 2 ? nil : .list(index % 2 == 0 ? ["Food"] : ["Sunset", "Food", "City"])
            try database.saveRecord(
                Record(values: [("place", .text(places[index % 3])), ("tags", tags), ("note", nil)]), form: form)
        }
        let all = try database.records(form: form)
        for conditions in [
            ["tags=Food"], ["tags=City", "place=Belem"], ["tags="], ["note="], ["place=Porto", "tags=Food"],
        ] {
            let matches = try conditions.map { text throws(StoreError) in try FieldMatch(parsing: text, form: form) }
            let expected = all.filter { stored in matches.allSatisfy { $0.matches(stored.values, in: form) } }
            #expect(try database.recordCount(form: form, where: matches) == expected.count, "\(conditions)")
            let firstPage = try database.records(form: form, where: matches, limit: 4)
            let rest = try database.records(form: form, where: matches, beforeID: firstPage.last?.id ?? .max)
            #expect((firstPage + rest).map(\.id) == expected.map(\.id), "\(conditions)")
        }
        #expect(try database.recordCount(form: form) == 30)
        #expect(throws: StoreError.unknownField(form: "vacation", field: "colour")) {
            try database.recordCount(form: form, where: [FieldMatch(field: "colour", value: nil)])
        }
    }
}
