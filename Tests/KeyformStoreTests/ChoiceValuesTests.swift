import KeyformCore
import KeyformSQLite
import KeyformStore
import Testing

@Suite struct ChoiceValuesTests {
    let form = Form(name: "checklist", pages: [.init(fields: [Field(id: "list"), Field(id: "item")])])

    func save(_ database: AppDatabase, _ list: String, _ item: String) throws {
        try database.saveRecord(
            Record(values: [("list", list.isEmpty ? nil : .text(list)), ("item", .text(item))]), form: form)
    }

    @Test func recentIsNewestFirstFrequentIsMostUsedFirst() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Trip", "Passport")
        try save(database, "Groceries", "Milk")
        try save(database, "Groceries", "Eggs")
        try save(database, "Work", "Laptop")
        try save(database, "", "Nothing")
        #expect(try database.choiceValues(.init(form: "checklist", field: "list")) == ["Work", "Groceries", "Trip"])
        #expect(
            try database.choiceValues(.init(form: "checklist", field: "list", order: .frequent)) == [
                "Groceries", "Work", "Trip",
            ])
        #expect(try database.choiceValues(.init(form: "checklist", field: "list", limit: 1)) == ["Work"])
        #expect(try database.choiceValues(.init(form: "other", field: "list")) == [])
    }
}

/// `choices: {from: vacation.tags}` where `tags` is a `multiple` field: the
/// choices are the single items, not whole lists.
@Suite struct ListChoiceValuesTests {
    let vacation = Form(
        name: "vacation",
        pages: [
            .init(fields: [
                Field(id: "place"), Field(id: "tags", layout: "tags", multiple: true),
            ])
        ])

    func save(_ database: AppDatabase, _ place: String, _ tags: [String]?) throws {
        try database.saveRecord(
            Record(values: [("place", .text(place)), ("tags", tags.map(FieldValue.list))]), form: vacation)
    }

    func choices(
        _ database: AppDatabase, _ order: Field.ChoiceSource.Order = .recent, limit: Int = 9
    ) throws -> [String] {
        try database.choiceValues(.init(form: "vacation", field: "tags", order: order, limit: limit))
    }

    @Test func eachItemOnceNewestRecordFirstItsItemsInPickedOrder() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Lisbon", ["Food", "Beach"])
        try save(database, "Porto", ["Sunset", "Food"])
        try save(database, "Rome", nil)
        try save(database, "Oslo", ["City"])
        try save(database, "Nice", ["Beach"])
        // Beach: Nice (5); City: Oslo (4); Sunset and Food: Porto (2), picked in that order.
        #expect(try choices(database) == ["Beach", "City", "Sunset", "Food"])
        // Beach and Food are in two records each (Beach the more recently), City and Sunset in one.
        #expect(try choices(database, .frequent) == ["Beach", "Food", "City", "Sunset"])
    }

    /// The example of docs/form-format.md, "Choices from earlier records".
    @Test func theDocumentedExample() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Lisbon", ["Food", "Beach"])
        try save(database, "Porto", ["Sunset", "Food"])
        #expect(try choices(database) == ["Sunset", "Food", "Beach"])
        #expect(try choices(database, .frequent) == ["Food", "Sunset", "Beach"])
    }

    @Test func theLimitCountsItemsNotRecords() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Lisbon", ["Food", "Beach", "Sunset"])
        try save(database, "Porto", ["City", "Museum", "Food"])
        #expect(try choices(database, limit: 2) == ["City", "Museum"])
        #expect(try choices(database, .frequent, limit: 2) == ["Food", "City"])
        #expect(try choices(database, limit: 5) == ["City", "Museum", "Food", "Beach", "Sunset"])
    }

    @Test func frequentCountsTheRecordsHoldingAnItemNotItsRepeats() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Lisbon", ["Beach"])
        try save(database, "Porto", ["Beach"])
        try save(database, "Rome", ["Food", "Food", "Food"])
        #expect(try choices(database, .frequent) == ["Beach", "Food"])
    }

    @Test func textsStoredBeforeTheFieldBecameMultipleCountWithTheItems() throws {
        let before = Form(name: "vacation", pages: [.init(fields: [Field(id: "place"), Field(id: "tags")])])
        let database = try AppDatabase.inMemory()
        try database.saveRecord(Record(values: [("place", .text("Rome")), ("tags", .text("Food"))]), form: before)
        try database.saveRecord(Record(values: [("place", .text("Pisa")), ("tags", .text(""))]), form: before)
        try save(database, "Lisbon", ["Sunset", "Food"])
        try save(database, "Oslo", ["City"])
        #expect(try choices(database) == ["City", "Sunset", "Food"])
        #expect(try choices(database, .frequent) == ["Food", "City", "Sunset"])
    }
}
