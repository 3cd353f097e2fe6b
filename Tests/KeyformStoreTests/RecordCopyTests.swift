import Foundation
import KeyformCore
import KeyformSQLite
import Testing

@testable import KeyformStore

/// `keyform records copy` through the interface: between any two backends,
/// as they were, and never doubled.
@Suite struct RecordCopyTests {
    @Test(arguments: [(Backend.sqlite, Backend.memory), (.memory, .sqlite), (.sqlite, .sqlite)])
    func recordsAreCopiedOnceAndBackWithoutDoubling(_ from: Backend, _ to: Backend) throws {
        let clock = TestClock()
        let (ada, folder) = try from.make(clock, author: "ada@lab")
        defer { withExtendedLifetime(folder) {} }
        let bob = try from.same(as: ada, author: "bob@desk", clock)
        try ada.saveRecord(todoRecord("Buy milk", priority: "High"), form: todo)
        clock.advance(seconds: 60)
        try bob.saveRecord(todoRecord("Swim"), form: todo)
        try bob.saveRecord(todoRecord("Buy milk", priority: "High"), form: todo)  // the same values, by someone else
        let swim = form("swim", [Field(id: "laps", type: .integer)])
        try ada.saveRecord(KeyformCore.Record(form: swim, values: ["laps": .integer(16)]), form: swim)

        let (team, teamFolder) = try to.make(TestClock("2026-11-27T08:00:00.000Z"), author: "carol@home")
        defer { withExtendedLifetime(teamFolder) {} }
        try team.saveRecord(todoRecord("The team's own"), form: todo)
        let copied = try RecordCopy.copy(from: ada, to: team, forms: try ada.formNames())
        #expect(
            copied == [
                RecordCopy.Copied(form: "swim", copied: 1, present: 0),
                RecordCopy.Copied(form: "todo", copied: 3, present: 0),
            ])
        let original = try ada.records(form: todo)
        let there = try team.records(form: todo)
        #expect(there.count == 4)
        #expect(Array(there.prefix(3)).map(\.values) == original.map(\.values), "in the same order")
        #expect(Array(there.prefix(3)).map(\.author) == original.map(\.author))
        #expect(Array(there.prefix(3)).map(\.created) == original.map(\.created))
        #expect(Array(there.prefix(3)).map(\.updated) == original.map(\.updated))
        #expect(try team.storedForm(named: "swim")?.fields.map(\.id) == ["laps"])

        // Again: nothing doubled. And back: nothing doubled there either, the team's own record added.
        #expect(
            try RecordCopy.copy(from: ada, to: team, forms: ["todo"]) == [
                RecordCopy.Copied(form: "todo", copied: 0, present: 3)
            ])
        #expect(try team.recordCount(form: todo) == 4)
        #expect(
            try RecordCopy.copy(from: team, to: ada, forms: ["todo"]) == [
                RecordCopy.Copied(form: "todo", copied: 1, present: 3)
            ])
        #expect(
            try ada.records(form: todo).map { $0.values["text"] } == [
                .text("The team's own"), .text("Buy milk"), .text("Swim"), .text("Buy milk"),
            ])
    }
}
