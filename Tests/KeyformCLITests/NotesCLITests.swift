import Foundation
import Testing

/// A note through the command line: answers naming it are exit 2, the output
/// and the store have nothing of it (its view has no column, `records list`
/// and CSV none), and the burger's review page passes its `keyform test`.
@Suite struct NotesCLITests {
    static let burger = CLIRunner.packageRoot.appendingPathComponent("examples/burger.yaml").path

    @Test func anAnswerNamingANoteIsAnError() throws {
        let result = try CLIRunner.run(
            ["run", Self.burger, "--no-store", "--answers", "-"],
            stdin: #"{"burger":"Chickwich","name":"Ada","review":"ok"}"#)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "keyform: field 'review': is a note, which takes no answer; remove 'review' from the answers\n")
    }

    @Test func theStoreAndItsListsHaveNoNote() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("r.sqlite").path
        let run = try CLIRunner.run(
            ["run", Self.burger, "--db", db, "--answers", "-"], stdin: #"{"burger":"Chickwich","name":"Ada"}"#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("review"), "\(run.stdout)")
        let csv = try CLIRunner.run(["records", "list", "burger", "--db", db, "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(
            csv.stdout.hasPrefix("_id,_created,burger,toppings,spice,side,name,instructions,discount\r\n"),
            "\(csv.stdout)")
        // The form's view in SQLite (what another tool reads) has a column a field that holds a value.
        if let sqlite3 = Programs.find("sqlite3") {
            let columns = try Programs.run(
                sqlite3, [db, "SELECT group_concat(name, ',') FROM pragma_table_info('burger')"])
            #expect(
                columns.stdout
                    == "_id,_created,_updated,_author,burger,toppings,spice,side,name,instructions,discount\n",
                "\(columns.stderr)")
        }
    }
}
