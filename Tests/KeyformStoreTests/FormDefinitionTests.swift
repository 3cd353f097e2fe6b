import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// What the store keeps of a form's definition (`FormDefinition`, `_form`), and
/// the guessing that reads a database made before it kept one (`StoredForm`).
@Suite struct FormDefinitionTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func theDefinitionIsStableJSONThatReadsBack() throws {
        let definition = FormDefinition(chores)
        #expect(
            definition.json == """
                [{"id":"text","label":"Chore","type":"text"},{"id":"due","label":"Due","type":"date"},\
                {"id":"at","label":"At","type":"time"},\
                {"id":"done","label":"Status","states":{"no":"In progress","yes":"Complete"},"type":"boolean"},\
                {"id":"tags","label":"Tags","multiple":true,"type":"text"},{"id":"laps","label":"Laps","type":"integer"}]
                """)
        let read = try #require(FormDefinition(json: definition.json))
        #expect(read == definition)
        let form = read.form(named: "chores")
        #expect(form.fields.map(\.id) == chores.fields.map(\.id))
        #expect(form.fields.map(\.label) == chores.fields.map(\.label))
        #expect(form.fields.map(\.type) == chores.fields.map(\.type))
        #expect(form.fields.map(\.multiple) == chores.fields.map(\.multiple))
        #expect(form.fields.map(\.states) == chores.fields.map(\.states))
        // A type this version does not know (a later version's), or no definition at all: guess instead.
        #expect(FormDefinition(json: #"[{"id":"x","label":"X","type":"colour"}]"#) == nil)
        #expect(FormDefinition(json: "{}") == nil)
    }

    @Test func withoutADefinitionTheFormIsGuessedFromItsValues() {
        let guessed = StoredForm.form(
            named: "chores",
            fields: [
                ("text", "text"), ("due", "text"), ("at", nil), ("done", "true"), ("tags", "array"),
                ("laps", "integer"), ("km", "real"),
            ])
        #expect(guessed.fields.map(\.id) == ["text", "due", "at", "done", "tags", "laps", "km"])
        #expect(guessed.fields.map(\.type) == [.text, .text, .text, .boolean, .text, .integer, .number])
        #expect(guessed.fields.map(\.multiple) == [false, false, false, false, true, false, false])
        #expect(guessed.fields.map(\.label) == guessed.fields.map(\.id))
        #expect(StoredForm.jsonType(of: .date(CivilDate(iso: "2026-11-30")!)) == "text")
        #expect(StoredForm.jsonType(of: .time(ClockTime(hour: 7, minute: 5)!)) == "text")
        #expect(StoredForm.jsonType(of: .boolean(false)) == "false")
        #expect(StoredForm.jsonType(of: .list(["a"])) == "array")
    }

    @Test func theDefinitionIsWrittenOnlyWhenTheFormChanged() throws {
        let clock = TestClock()
        let database = try AppDatabase.inMemory(now: clock.now)
        let kept = { try database.rows("SELECT fields, updated FROM _form WHERE name = 'chores'") }
        try database.saveRecord(KeyformCore.Record(form: chores, values: ["text": .text("a")]), form: chores)
        #expect(try kept().map { $0["updated"] as String } == ["2026-11-21T09:30:00.000Z"])
        #expect(try kept().map { $0["fields"] as String } == [FormDefinition(chores).json])
        clock.advance(seconds: 60)
        let changes = { try database.rows("SELECT total_changes()")[0][0] as Int }
        let before = try changes()
        try database.saveRecord(KeyformCore.Record(form: chores, values: ["text": .text("b")]), form: chores)
        #expect(try changes() == before + 1, "the record only")
        try database.saveRecords([KeyformCore.Record(form: chores, values: ["text": .text("c")])], form: chores)
        try database.updateRecord(id: 1, KeyformCore.Record(form: chores, values: ["text": .text("A")]), form: chores)
        #expect(
            try kept().map { $0["updated"] as String } == ["2026-11-21T09:30:00.000Z"], "the same form: not written")
        var relabelled = chores
        relabelled.pages[0].fields[0].label = "Task"
        try database.saveRecord(KeyformCore.Record(form: relabelled, values: ["text": .text("d")]), form: relabelled)
        #expect(try kept().map { $0["updated"] as String } == ["2026-11-21T09:31:00.000Z"])
        #expect(try kept().map { $0["fields"] as String } == [FormDefinition(relabelled).json])
    }

    /// A database made by the version before `_form`: `records list` reads it as
    /// it did (guessing), without writing to it; the first write migrates it and
    /// the next record stored keeps its form.
    @Test func aDatabaseFromBeforeDefinitionsIsReadByGuessingAndNotWritten() throws {
        let path = folder.file("old.sqlite")
        let dated = KeyformCore.Record(
            form: chores,
            values: ["text": .text("a"), "due": .date(CivilDate(iso: "2026-11-30")!), "done": .boolean(true)])
        let bare = KeyformCore.Record(form: chores, values: ["text": .text("b")])
        do {
            let database = try AppDatabase.open(path: path)
            try database.saveRecord(dated, form: chores)
            try database.saveRecord(bare, form: chores)
        }
        // As the previous version left it: no `_form`, its migration not run.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "DROP TABLE _form")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2: form definitions'")
            }
            try queue.close()
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed cleanly: all in the main file")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let reader = try #require(try AppDatabase.openForReading(path: path))
            let guessed = try #require(try reader.storedForm(named: "chores"))
            #expect(guessed.fields.map(\.id) == chores.fields.map(\.id))
            #expect(
                guessed.fields.map(\.type) == [.text, .text, .text, .boolean, .text, .text], "guessed from the values")
            #expect(try reader.records(form: guessed).map { $0.values["due"] } == [nil, .text("2026-11-30")])
            #expect(try reader.storedForm(named: "other") == nil)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "reading wrote nothing")

        let database = try AppDatabase.open(path: path)
        #expect(
            try database.rows("SELECT identifier FROM grdb_migrations").map { $0["identifier"] as String }.sorted()
                == AppDatabase.migrator.migrations.sorted(), "a writer migrates it")
        #expect(
            try database.storedForm(named: "chores")?.fields.map(\.type) == [
                .text, .text, .text, .boolean, .text, .text,
            ],
            "no definition yet: still guessed")
        try database.saveRecord(bare, form: chores)
        #expect(try database.storedForm(named: "chores")?.fields.map(\.type) == chores.fields.map(\.type))
        #expect(
            try database.records(form: chores).map { $0.values["due"] } == [
                nil, nil, .date(CivilDate(iso: "2026-11-30")!),
            ])
    }
}
