import Foundation
import KeyformTestSupport
import Testing

/// `keyform records copy --from LOCATION --to LOCATION [FORM…]`: SQLite to
/// SQLite and between SQLite and PostgreSQL both ways, times and authors kept,
/// nothing doubled on a second run.
@Suite struct RecordsCopyCLITests {
    static let todo = "demo/todo.yaml"
    static let vacation = "demo/vacation.yaml"

    /// Each record's id, created and updated times and author, read from the form's view.
    static let reader = """
        import sqlite3, sys
        for row in sqlite3.connect(sys.argv[1]).execute("SELECT _created, _updated, _author, text FROM todo ORDER BY _id"):
            print("|".join(str(v) for v in row))
        """

    func rows(_ db: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.reader, db]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func recordsAreCopiedWithTheirTimesAndAuthorsAndASecondRunCopiesNone() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("mine.sqlite").path
        let team = folder.appendingPathComponent("team.sqlite").path
        for (form, author, answers) in [
            (Self.todo, "ada@lab", #"{"text": "Buy milk", "priority": "High"}"#),
            (Self.todo, "bob@desk", #"{"text": "Swim"}"#),
            (Self.vacation, "ada@lab", #"{"place": "Lisbon", "tags": ["Food"]}"#),
        ] {
            let run = try CLIRunner.run(
                ["run", form, "--answers", "-"], stdin: answers,
                environment: ["KEYFORM_DB": mine, "KEYFORM_AUTHOR": author])
            try #require(run.status == 0, "\(run.stderr)")
        }

        let copy = try CLIRunner.run(["records", "copy", "--from", mine, "--to", "sqlite:" + team])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stderr == "copied 3 records from '\(mine)' to '\(team)' (todo 2, vacation 1)\n")
        #expect(copy.stdout.isEmpty)
        let before = try rows(mine)
        #expect(before.contains("|ada@lab|Buy milk") && before.contains("|bob@desk|Swim"), "\(before)")
        #expect(try rows(team) == before, "created and updated times and authors kept, in order")
        for form in [Self.todo, Self.vacation] {
            let export = { (db: String) in
                try CLIRunner.run(["records", "export", form, "--format", "json", "--db", db]).stdout
            }
            #expect(try export(team) == export(mine))
        }

        let again = try CLIRunner.run(["records", "copy", "--from", mine, "--to", team, "todo"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "copied 0 records from '\(mine)' to '\(team)'; 2 already there\n")
        #expect(try rows(team) == before, "nothing doubled")
    }

    /// A form's records as `records export --format json` gives them, without the store's own ids.
    func exported(_ form: String, _ location: String) throws -> [[String: String]] {
        let export = try CLIRunner.run(["records", "export", form, "--format", "json", "--db", location])
        try #require(export.status == 0, "\(export.stderr)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]])
        return objects.map { object in
            object.filter { $0.key != "_id" }.mapValues { "\($0)" }
        }
    }

    /// A person's SQLite file to the team's PostgreSQL database and back: times and
    /// authors kept both ways, what the other side gained copied, nothing doubled.
    @Test func betweenSQLiteAndPostgresBothWaysNothingDoubled() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("mine.sqlite").path
        let team = try StoreKind.postgres.location(in: folder)
        func submit(_ form: String, _ answers: String, by author: String, to location: String) throws {
            let run = try CLIRunner.run(
                ["run", form, "--answers", "-"], stdin: answers,
                environment: ["KEYFORM_DB": location, "KEYFORM_AUTHOR": author])
            try #require(run.status == 0, "\(run.stderr)")
        }
        try submit(Self.todo, #"{"text": "Buy milk", "priority": "High"}"#, by: "ada@lab", to: mine)
        try submit(Self.todo, #"{"text": "Swim"}"#, by: "bob@desk", to: mine)
        try submit(Self.vacation, #"{"place": "Lisbon", "tags": ["Food"]}"#, by: "ada@lab", to: mine)

        let up = try CLIRunner.run(["records", "copy", "--from", mine, "--to", team])
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.stderr.hasPrefix("copied 3 records from '\(mine)' to 'postgres://"), "\(up.stderr)")
        #expect(up.stderr.hasSuffix("' (todo 2, vacation 1)\n"), "\(up.stderr)")
        for form in [Self.todo, Self.vacation] {
            #expect(try exported(form, team) == exported(form, mine), "values and created times kept")
        }
        #expect(
            try TestPostgres.psql(
                team, "SELECT _author || '|' || text || '|' || (_created = _updated) FROM keyform.todo ORDER BY _id")
                == "ada@lab|Buy milk|true\nbob@desk|Swim|true\n")

        let upAgain = try CLIRunner.run(["records", "copy", "--from", mine, "--to", team])
        #expect(upAgain.status == 0, "\(upAgain.stderr)")
        #expect(upAgain.stderr.hasPrefix("copied 0 records from"), "\(upAgain.stderr)")
        #expect(upAgain.stderr.hasSuffix("; 3 already there\n"), "\(upAgain.stderr)")
        #expect(try TestPostgres.psql(team, "SELECT count(*) FROM keyform._record") == "3\n", "nothing doubled")

        // The team's store gains a record; copied back, only that one comes.
        try submit(Self.todo, #"{"text": "Call the pool"}"#, by: "cy@till", to: team)
        let down = try CLIRunner.run(["records", "copy", "--from", team, "--to", mine])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stderr.hasPrefix("copied 1 record from 'postgres://"), "\(down.stderr)")
        #expect(down.stderr.hasSuffix("' to '\(mine)' (todo 1); 3 already there\n"), "\(down.stderr)")
        let downAgain = try CLIRunner.run(["records", "copy", "--from", team, "--to", mine])
        #expect(downAgain.stderr.hasPrefix("copied 0 records from"), "\(downAgain.stderr)")
        #expect(downAgain.stderr.hasSuffix("; 4 already there\n"), "\(downAgain.stderr)")
        for form in [Self.todo, Self.vacation] {
            #expect(try exported(form, mine) == exported(form, team))
        }
        let back = try rows(mine)
        #expect(back.split(separator: "\n").count == 3, "\(back)")
        #expect(back.contains("|cy@till|Call the pool"), "the author kept on the way back: \(back)")
    }

    @Test func mistakesAreRefusedBeforeAnythingIsCopied() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("mine.sqlite").path
        let team = folder.appendingPathComponent("team.sqlite").path
        let run = try CLIRunner.run(
            ["run", Self.todo, "--answers", "-"], stdin: #"{"text": "Buy milk"}"#, environment: ["KEYFORM_DB": mine])
        try #require(run.status == 0, "\(run.stderr)")

        let same = try CLIRunner.run(["records", "copy", "--from", mine, "--to", "sqlite:" + mine])
        #expect(same.status == 2)
        #expect(same.stderr.contains("--from and --to name the same store"), "\(same.stderr)")
        let unknown = try CLIRunner.run(["records", "copy", "--from", mine, "--to", team, "tod"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("holds no records of a form named 'tod'; did you mean 'todo'?"), "\(unknown.stderr)"
        )
        let missing = try CLIRunner.run([
            "records", "copy", "--from", folder.appendingPathComponent("none.sqlite").path, "--to", team,
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no database at"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: team), "nothing made where nothing was copied")
        let usage = try CLIRunner.run(["records", "copy", "--to", team])
        #expect(usage.status == 2)
    }
}
