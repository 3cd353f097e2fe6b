import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// The database as someone without Keyform sees it: `sqlite3 DB 'SELECT * FROM todo'`.
@Suite struct SchemaTests {
    let clock = TestClock()
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.inMemory(now: clock.now)
    }

    @Test func eachFormHasAViewWithOneTypedColumnPerField() throws {
        try database.saveRecord(
            todoRecord("Swim", priority: "High", due: "2026-11-21", laps: 16, distance: 400, done: true), form: todo)
        try database.saveRecord(todoRecord("Rest", done: false), form: todo)

        let rows = try database.rows("SELECT * FROM todo ORDER BY _id")
        #expect(
            Array(rows[0].columnNames) == [
                "_id", "_created", "_updated", "_author", "text", "priority", "due", "laps", "distance", "done",
            ])
        #expect(rows[0]["text"] == "Swim")
        #expect(rows[0]["priority"] == "High")
        #expect(rows[0]["due"] == "2026-11-21")
        #expect(rows[0]["laps"] == 16)
        #expect(rows[0]["distance"] == 400.0)
        #expect(rows[0]["done"] == 1)
        #expect(rows[0]["_created"] == "2026-11-21T09:30:00.000Z")
        #expect(rows[1]["done"] == 0)
        #expect((rows[1]["priority"] as DatabaseValue).isNull)

        let types = try database.rows(
            """
            SELECT typeof(_id), typeof(_created), typeof(text), typeof(due), typeof(laps), typeof(distance), typeof(done)
            FROM todo WHERE text = 'Swim'
            """)[0]
        #expect(
            Array(types.databaseValues).map { String.fromDatabaseValue($0) }
                == ["integer", "text", "text", "text", "integer", "real", "integer"])
        // The view answers the questions one would ask of it.
        #expect(try database.rows("SELECT count(*) AS n FROM todo WHERE done")[0]["n"] == 1)
        #expect(try database.rows("SELECT sum(distance) AS d FROM todo")[0]["d"] == 400.0)
    }

    @Test func aFieldAddedLaterIsNullInOldRecords() throws {
        let v1 = form("swim", [Field(id: "text")])
        let v2 = form("swim", [Field(id: "text"), Field(id: "laps", type: .integer)])
        try database.saveRecord(KeyformCore.Record(form: v1, values: ["text": .text("old")]), form: v1)
        #expect(
            Array(try database.rows("SELECT * FROM swim")[0].columnNames) == [
                "_id", "_created", "_updated", "_author", "text",
            ])

        try database.saveRecord(
            KeyformCore.Record(form: v2, values: ["text": .text("new"), "laps": .integer(8)]), form: v2)
        let rows = try database.rows("SELECT * FROM swim ORDER BY _id")
        #expect(Array(rows[0].columnNames) == ["_id", "_created", "_updated", "_author", "text", "laps"])
        #expect((rows[0]["laps"] as DatabaseValue).isNull)
        #expect(rows[1]["laps"] == 8)
        #expect(try database.records(form: v2).map { $0.values["laps"] } == [.integer(8), nil])
        // Reading with the old form still works: the new field is simply not asked for.
        #expect(try database.records(form: v1).map { $0.values["text"] } == [.text("new"), .text("old")])
    }

    @Test func aRemovedFieldKeepsItsValuesInData() throws {
        let v1 = form("swim", [Field(id: "text"), Field(id: "pool")])
        let v2 = form("swim", [Field(id: "text")])
        try database.saveRecord(
            KeyformCore.Record(form: v1, values: ["text": .text("a"), "pool": .text("Olympic")]), form: v1)
        try database.saveRecord(KeyformCore.Record(form: v2, values: ["text": .text("b")]), form: v2)
        #expect(
            Array(try database.rows("SELECT * FROM swim")[0].columnNames) == [
                "_id", "_created", "_updated", "_author", "text",
            ])
        #expect(
            try database.rows("SELECT data->>'pool' AS pool FROM _record WHERE data->>'text' = 'a'")[0]["pool"]
                == "Olympic")
        // When the field comes back, so do its values.
        #expect(try database.records(form: v1).map { $0.values["pool"] } == [nil, .text("Olympic")])
    }

    @Test func aFieldWhoseTypeChangedReadsOldValuesConverted() throws {
        let v1 = form("log", [Field(id: "laps"), Field(id: "km", type: .integer), Field(id: "done")])
        let v2 = form(
            "log",
            [Field(id: "laps", type: .integer), Field(id: "km", type: .number), Field(id: "done", type: .boolean)])
        try database.saveRecord(
            KeyformCore.Record(form: v1, values: ["laps": .text("12"), "km": .integer(3), "done": .text("yes")]),
            form: v1)
        try database.saveRecord(
            KeyformCore.Record(form: v1, values: ["laps": .text("many"), "km": .integer(4), "done": .text("maybe")]),
            form: v1)
        let records = try database.records(form: v2).map(\.values)
        #expect(
            records[1]
                == KeyformCore.Record(
                    form: v2, values: ["laps": .integer(12), "km": .number(3), "done": .boolean(true)]))
        // What cannot be converted comes back as it was stored.
        #expect(records[0]["laps"] == .text("many"))
        #expect(records[0]["done"] == .text("maybe"))
        // And a text field shows anything as text.
        let v3 = form("log", [Field(id: "km")])
        #expect(try database.records(form: v3).map { $0.values["km"] } == [.text("4"), .text("3")])
    }

    @Test func theViewIsRewrittenOnlyWhenTheFormChanges() throws {
        try database.saveRecord(todoRecord("a"), form: todo)
        let version: () throws -> Int = { try self.database.rows("PRAGMA schema_version")[0][0] }
        let before = try version()
        try database.saveRecord(todoRecord("b"), form: todo)
        try database.updateRecord(id: 1, todoRecord("c"), form: todo)
        #expect(try version() == before)
    }

    /// PostgreSQL stores a view's SQL rewritten: a view compared by its text
    /// would be dropped and made again on every save. The version decides.
    @Test func aViewIsKnownByItsVersionNotByItsSQLText() throws {
        try database.saveRecord(todoRecord("a"), form: todo)
        let rewritten = try #require(
            try database.rows("SELECT sql FROM sqlite_master WHERE name = 'todo'")[0]["sql"] as String?
        )
        .replacingOccurrences(of: "\n  ", with: " ")
        try database.writer.write { db in
            try db.execute(sql: "DROP VIEW todo")
            try db.execute(sql: rewritten)
        }
        try database.saveRecord(todoRecord("b"), form: todo)
        try database.updateRecord(id: 1, todoRecord("c"), form: todo)
        #expect(try database.rows("SELECT sql FROM sqlite_master WHERE name = 'todo'")[0]["sql"] == rewritten)
        #expect(
            try database.rows("SELECT version FROM _view WHERE name = 'todo'")[0]["version"]
                == ViewVersion.of(todo, shape: RecordView.shape))

        // A form whose fields changed gets its view made again, and the new version.
        let more = form("todo", todo.valueFields + [Field(id: "room")])
        try database.saveRecord(
            KeyformCore.Record(form: more, values: ["text": .text("d"), "room": .text("B2")]), form: more)
        #expect(try database.rows("SELECT room FROM todo WHERE text = 'd'")[0]["room"] == "B2")
        #expect(
            try database.rows("SELECT version FROM _view WHERE name = 'todo'")[0]["version"]
                == ViewVersion.of(more, shape: RecordView.shape))
    }

    @Test func aViewVersionChangesWithTheFieldsAndTheShapeOnly() {
        let base = form("log", [Field(id: "km", type: .integer), Field(id: "tags", multiple: true)])
        let version = ViewVersion.of(base, shape: 1)
        #expect(
            version
                == ViewVersion.of(
                    form(
                        "log", [Field(id: "km", label: "Distance", type: .integer), Field(id: "tags", multiple: true)]),
                    shape: 1),
            "a label is not in the view")
        #expect(version.hasPrefix("1:") && version.count == 18)
        #expect(version != ViewVersion.of(base, shape: 2))
        #expect(
            version
                != ViewVersion.of(
                    form("log", [Field(id: "km", type: .number), Field(id: "tags", multiple: true)]), shape: 1))
        #expect(version != ViewVersion.of(form("log", [Field(id: "km", type: .integer), Field(id: "tags")]), shape: 1))
        #expect(
            version
                != ViewVersion.of(
                    form("log", [Field(id: "tags", multiple: true), Field(id: "km", type: .integer)]), shape: 1))
    }

    /// A file from before view versions: migrated by its first writer, each view
    /// made again once, on its form's next save.
    @Test func aViewFromBeforeVersionsIsMadeAgainOnce() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        do {
            let database = try AppDatabase.open(path: path)
            try database.saveRecord(todoRecord("Old"), form: todo)
        }
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        DROP VIEW todo;
                        CREATE VIEW todo AS SELECT id AS _id FROM _record WHERE form = 'todo';
                        DROP TABLE _view;
                        DELETE FROM grdb_migrations WHERE identifier = 'v4: view versions';
                        """)
            }
            try queue.close()
        }
        let database = try AppDatabase.open(path: path)
        try database.saveRecord(todoRecord("New"), form: todo)
        #expect(
            try database.rows("SELECT text FROM todo ORDER BY _id").map { $0["text"] as String? } == ["Old", "New"])
        let schema: () throws -> Int = { try database.rows("PRAGMA schema_version")[0][0] }
        let before = try schema()
        try database.saveRecord(todoRecord("Newer"), form: todo)
        #expect(try schema() == before)
    }

    @Test func formsNamedLikeInternalTablesAreStoredWithoutAView() throws {
        for name in ["grdb_migrations", "sqlite_stat1"] {
            let odd = form(name, [Field(id: "text")])
            try database.saveRecord(KeyformCore.Record(form: odd, values: ["text": .text(name)]), form: odd)
            #expect(try database.records(form: odd).map { $0.values["text"] } == [.text(name)])
        }
        #expect(try database.rows("SELECT * FROM grdb_migrations")[0]["identifier"] == "v1: records and drafts")
    }

    @Test func fieldIdsThatAreSQLKeywordsAreQuoted() throws {
        let keywords = form("select", [Field(id: "from"), Field(id: "where"), Field(id: "order", type: .integer)])
        try database.saveRecord(
            KeyformCore.Record(
                form: keywords, values: ["from": .text("a"), "where": .text("b"), "order": .integer(1)]),
            form: keywords)
        let row = try database.rows(#"SELECT "from", "where", "order" FROM "select""#)[0]
        #expect(row["from"] as String? == "a")
        #expect(row["where"] as String? == "b")
        #expect(row["order"] as Int? == 1)
    }

    @Test func theDatabaseIsMarkedAndMigrated() throws {
        #expect(try database.rows("PRAGMA application_id")[0][0] == Int(AppDatabase.applicationID))
        #expect(
            try database.rows("SELECT identifier FROM grdb_migrations").map { $0["identifier"] as String }
                == AppDatabase.migrator.migrations)
        #expect(try database.integrityCheck() == ["ok"])
    }

    @Test func timestampsAreISO8601UTCWithMilliseconds() {
        let date = Timestamp.date(from: "2026-11-21T09:30:00.123Z")!
        #expect(date.timeIntervalSince1970 == 1_795_253_400.123)
        #expect(Timestamp.string(from: date) == "2026-11-21T09:30:00.123Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        // Years past four digits (or before year 0) are written out in full.
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800.5)) == "10000-01-01T00:00:00.500Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_799.999)) == "9999-12-31T23:59:59.999Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200.001)) == "-0001-12-31T23:59:59.999Z")
        #expect(Timestamp.date(from: "2026-11-21T09:30:00Z") == Timestamp.date(from: "2026-11-21T09:30:00.000Z"))
        for bad in [
            "", "2026-11-21", "2026-11-21T09:30:00", "2026-11-21 09:30:00Z", "2026-02-30T09:30:00Z",
            "2026-11-21T25:00:00Z",
        ] {
            #expect(Timestamp.date(from: bad) == nil, "\(bad)")
        }
        // Every millisecond reads back as itself.
        for ms in stride(from: Int64(1_763_717_400_000), to: 1_763_717_401_000, by: 7) {
            let text = Timestamp.string(from: Date(timeIntervalSince1970: Double(ms) / 1000))
            #expect(Timestamp.string(from: Timestamp.date(from: text)!) == text)
        }
    }
}
