import KeyformCore
import KeyformStore
import Testing

@Suite struct ChoiceValuesTests {
    let form = Form(name: "checklist", pages: [.init(fields: [Field(id: "list"), Field(id: "item")])])

    func save(_ database: AppDatabase, _ list: String, _ item: String) throws {
        try database.saveRecord(Record(values: [("list", list.isEmpty ? nil : .text(list)), ("item", .text(item))]), form: form)
    }

    @Test func recentIsNewestFirstFrequentIsMostUsedFirst() throws {
        let database = try AppDatabase.inMemory()
        try save(database, "Trip", "Passport")
        try save(database, "Groceries", "Milk")
        try save(database, "Groceries", "Eggs")
        try save(database, "Work", "Laptop")
        try save(database, "", "Nothing")
        #expect(try database.choiceValues(.init(form: "checklist", field: "list")) == ["Work", "Groceries", "Trip"])
        #expect(try database.choiceValues(.init(form: "checklist", field: "list", order: .frequent)) == ["Groceries", "Work", "Trip"])
        #expect(try database.choiceValues(.init(form: "checklist", field: "list", limit: 1)) == ["Work"])
        #expect(try database.choiceValues(.init(form: "other", field: "list")) == [])
    }
}
