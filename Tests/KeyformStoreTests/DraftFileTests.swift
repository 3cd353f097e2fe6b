import Foundation
import GRDB
import GRDBSQLite
import KeyformCore
import Testing

@testable import KeyformSQLite
@testable import KeyformStore

/// The draft read before the first frame with SQLite alone gives what the
/// store opened for reading gives, whatever the file holds, and leaves the
/// file as that store left it.
@Suite struct DraftFileTests {
    /// The draft as `openForReading` and then `draft(form:)` give it: nil when either fails.
    func readThroughGRDB(_ path: String, author: String) -> Draft? {
        guard let reader = try? AppDatabase.openForReading(path: path, author: author) else { return nil }
        return try? reader.draft(form: todo)
    }

    /// Both readers give `expected` for `author`.
    func expectBoth(
        _ path: String, author: String = "ada", _ expected: Draft?,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let direct = AppDatabase.draft(of: todo, inFileAt: path, author: author)
        #expect(direct == readThroughGRDB(path, author: author), sourceLocation: sourceLocation)
        #expect(direct == expected, sourceLocation: sourceLocation)
    }

    /// Runs `sql` on the file at `path` through a connection of its own.
    func change(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

    @Test func everyKindOfValueReadsAsTheStoreReadsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let saved = Date(timeIntervalSince1970: 1_795_000_000)
        do {
            let database = try AppDatabase.open(path: path, author: "ada", now: { saved })
            try database.saveDraft(
                form: todo, values: ["text": "Buy 牛乳 🥛", "priority": .selection(["High", "Soon"]), "due": "2026-1"],
                focus: "due")
        }
        expectBoth(
            path,
            Draft(
                form: "todo", values: ["text": "Buy 牛乳 🥛", "priority": .selection(["High", "Soon"]), "due": "2026-1"],
                focus: "due", saved: saved))
        // Values no draft of this version holds, as a file may: numbers, null, booleans,
        // an array that is not of texts, an object; a draft with no focus.
        try change(
            path,
            #"""
            UPDATE _draft SET focus = NULL, data = '{"laps":42,"distance":1.5,"big":1e300,"none":null,"done":true,"no":false,"mixed":["a",1],"object":{"a":1},"text":"Beach, Food"}'
            """#)
        let odd = try #require(AppDatabase.draft(of: todo, inFileAt: path, author: "ada"))
        #expect(odd == readThroughGRDB(path, author: "ada"))
        #expect(odd.focus == nil && odd.values["laps"] == "42" && odd.values["none"] == "" && odd.values["done"] == "1")
        #expect(odd.values["mixed"] == #"["a",1]"# && odd.values["distance"] == "1.5", "\(odd.values)")
    }

    @Test func theAuthorsOwnDraftElseOneOfNoAuthor() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        let saved = Date(timeIntervalSince1970: 1_795_000_000)
        for (author, text) in [("ada", "Ada's"), ("bob", "Bob's")] {
            let database = try AppDatabase.open(path: path, author: author, now: { saved })
            try database.saveDraft(form: todo, values: ["text": .line(text)], focus: "text")
        }
        // As the migration to authors left a draft saved before (the next save takes it over).
        try change(
            path,
            """
            INSERT INTO _draft SELECT form, '', '{"text":"before authors"}', focus, saved FROM _draft WHERE author = 'ada'
            """)
        expectBoth(path, author: "ada", Draft(form: "todo", values: ["text": "Ada's"], focus: "text", saved: saved))
        expectBoth(
            path, author: "cy", Draft(form: "todo", values: ["text": "before authors"], focus: "text", saved: saved))
        try change(path, "DELETE FROM _draft WHERE author = ''")
        expectBoth(path, author: "cy", nil)
        // Another form's draft is not this one's.
        try change(path, "UPDATE _draft SET form = 'other'")
        expectBoth(path, author: "ada", nil)
    }

    /// No draft from what `openForReading` refuses or finds empty.
    @Test func filesTheStoreCannotReadGiveNoDraft() throws {
        let folder = try TemporaryFolder()
        let fine = folder.file("fine.sqlite")
        try AppDatabase.open(path: fine, author: "ada").saveDraft(form: todo, values: ["text": "Half"], focus: nil)
        func copy(_ name: String) throws -> String {
            let path = folder.file(name)
            try FileManager.default.copyItem(atPath: fine, toPath: path)
            return path
        }

        expectBoth(folder.file("missing.sqlite"), nil)
        expectBoth(folder.path, nil)  // a folder
        let empty = folder.file("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: Data())
        expectBoth(empty, nil)
        let text = folder.file("notes.txt")
        try Data(String(repeating: "not a database\n", count: 400).utf8).write(to: URL(fileURLWithPath: text))
        expectBoth(text, nil)

        let foreign = try copy("foreign.sqlite")
        try change(foreign, "PRAGMA application_id = 7")
        expectBoth(foreign, nil)
        let unmarked = try copy("unmarked.sqlite")
        try change(unmarked, "PRAGMA application_id = 0")
        expectBoth(unmarked, nil)
        let newer = try copy("newer.sqlite")
        try change(newer, "INSERT INTO grdb_migrations VALUES ('v9: from a later Keyform')")
        expectBoth(newer, nil)
        // Drafts as a file from before authors keeps them: the reader does not migrate.
        let older = try copy("older.sqlite")
        try change(
            older,
            """
            CREATE TABLE _draft_old (form TEXT PRIMARY KEY NOT NULL, data TEXT NOT NULL, focus TEXT, saved TEXT NOT NULL);
            INSERT INTO _draft_old SELECT form, data, focus, saved FROM _draft;
            DROP TABLE _draft;
            ALTER TABLE _draft_old RENAME TO _draft;
            DELETE FROM grdb_migrations WHERE identifier = 'v3: authors';
            """)
        expectBoth(older, nil)
        // Damaged where the draft is: the first page kept, the rest overwritten.
        let damaged = try copy("damaged.sqlite")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: damaged))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 3))
        try handle.close()
        expectBoth(damaged, nil)

        let unreadable = try copy("unreadable.sqlite")
        _ = chmod(unreadable, 0)
        if getuid() != 0 { expectBoth(unreadable, nil) }  // root reads it all the same
    }

    /// The read waits for another process's lock, as the store's connections do.
    @Test func aLockedFileIsWaitedFor() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        try AppDatabase.open(path: path, author: "ada").saveDraft(form: todo, values: ["text": "Half"], focus: nil)
        var holder: OpaquePointer?
        #expect(sqlite3_open_v2(path, &holder, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
        // In WAL, only a connection in exclusive locking mode keeps readers out: it holds
        // the file's lock from its first write until it is closed.
        #expect(
            sqlite3_exec(holder, "PRAGMA locking_mode = EXCLUSIVE; BEGIN IMMEDIATE; COMMIT", nil, nil, nil) == SQLITE_OK
        )
        let released = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let holding = holder  // used by one thread at a time: this one, then the timer's
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(400)) {
            sqlite3_close_v2(holding)
            released.signal()
        }
        let start = ContinuousClock.now
        let draft = AppDatabase.draft(of: todo, inFileAt: path, author: "ada")
        #expect(ContinuousClock.now - start >= .milliseconds(300), "read while the lock was held")
        #expect(draft?.values == ["text": "Half"])
        released.wait()
    }

    /// Nothing is created, written or left beside the file that the store opened
    /// for reading would not have left: the file's bytes are the same after.
    @Test func theReadLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("store.sqlite")
        try AppDatabase.open(path: path, author: "ada").saveDraft(form: todo, values: ["text": "Half"], focus: nil)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(AppDatabase.draft(of: todo, inFileAt: path, author: "ada") != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(AppDatabase.draft(of: todo, inFileAt: folder.file("new.sqlite"), author: "ada") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.sqlite")), "never made")
    }
}
