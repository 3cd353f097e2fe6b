import Foundation
import GRDB
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// A SQLite file from before stores knew authors: what it held keeps working
/// for its person, and is everyone's on a shared file.
@Suite struct AuthorMigrationTests {
    @Test func aFileFromBeforeAuthorsKeepsItsDraftAndHistoryForItsPerson() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        do {
            let database = try AppDatabase.open(path: path, author: "someone")
            try database.saveRecord(todoRecord("Old milk", priority: "High"), form: todo)
            try database.saveDraft(form: todo, values: ["text": "Half"], focus: "text")
        }
        // As the version before authors left it: no author column, one draft per form.
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(
                    sql: """
                        DROP VIEW todo;
                        ALTER TABLE _record DROP COLUMN author;
                        CREATE TABLE _draft_old (form TEXT PRIMARY KEY NOT NULL, data TEXT NOT NULL CHECK (json_valid(data)),
                                                 focus TEXT, saved TEXT NOT NULL);
                        INSERT INTO _draft_old SELECT form, data, focus, saved FROM _draft;
                        DROP TABLE _draft;
                        ALTER TABLE _draft_old RENAME TO _draft;
                        DELETE FROM grdb_migrations WHERE identifier = 'v3: authors';
                        """)
            }
            try queue.close()
        }
        // A reader takes the file as it is: records of no author.
        let reader = try #require(try AppDatabase.openForReading(path: path, author: "ada@lab"))
        #expect(try reader.records(form: todo).map(\.author) == [nil])
        #expect(try reader.history(form: todo, field: "text") == ["Old milk"])

        // The first writer migrates it; the draft and the history still serve its person.
        let ada = try AppDatabase.open(path: path, author: "ada@lab")
        #expect(
            try ada.rows("SELECT identifier FROM grdb_migrations").map { $0["identifier"] as String }.contains(
                "v3: authors"))
        #expect(try ada.draft(form: todo)?.values == ["text": "Half"])
        #expect(try ada.history(form: todo, field: "text") == ["Old milk"])
        #expect(try ada.lastValue(form: todo, field: "priority") == "High")
        try ada.saveDraft(form: todo, values: ["text": "Half a"], focus: "text")

        let bob = try AppDatabase.open(path: path, author: "bob@desk")
        #expect(try bob.draft(form: todo) == nil, "the draft of before was taken over by Ada, who saved it")
        #expect(try bob.history(form: todo, field: "text") == ["Old milk"], "records of before are everyone's")
        try bob.saveRecord(todoRecord("Bob's"), form: todo)
        #expect(try ada.draft(form: todo)?.values == ["text": "Half a"], "Bob's record left Ada's draft alone")
        #expect(try ada.records(form: todo).map(\.author) == ["bob@desk", nil])
        // The view shows who saved each record.
        #expect(
            try ada.rows("SELECT _author FROM todo ORDER BY _id").map { $0["_author"] as String? } == [nil, "bob@desk"])
    }
}
