import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// `records(form:beforeID:limit:)`: a list reads a long history a page at a time.
@Suite struct RecordPagesTests {
    @Test func pagesFollowEachOtherNewestFirstWithoutGapsOrRepeats() throws {
        let database = try AppDatabase.inMemory()
        let ids = try database.saveRecords((1...25).map { todoRecord("item \($0)") }, form: todo)
        try database.saveRecord(todoRecord("other form"), form: form("other", [Field(id: "text")]))
        var pages: [[Int64]] = []
        var before: Int64?
        while true {
            let page = try database.records(form: todo, limit: 10, beforeID: before).map(\.id)
            guard let last = page.last else { break }
            pages.append(page)
            before = last
        }
        #expect(pages.map(\.count) == [10, 10, 5])
        #expect(pages.flatMap { $0 } == ids.reversed())
        #expect(try database.records(form: todo, beforeID: ids[3]).map(\.id) == [ids[2], ids[1], ids[0]])
        #expect(
            try database.records(
                form: todo, where: [FieldMatch(field: "text", value: .text("item 2"))], beforeID: ids[5]
            ).map(\.id) == [ids[1]])
        #expect(try database.records(form: todo, beforeID: ids[0]).isEmpty)
    }
}
