import Foundation
import KeyformTestSupport
import Testing

/// The team's server goes away while a person types a form (`keyform run` in a
/// real terminal, on a PostgreSQL server of the test's own that it stops and
/// starts: `TestPostgres.PrivateServer`). Nothing typed is lost: a server back
/// within the save's patience takes the record at Done; one that stays away
/// has the record rescued to a file (exit 3), and the message says how to put
/// it in once the server is back.
@Suite(.serialized) struct ServerFaultCLITests {
    static let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path

    /// `records list` of the to-do form on `url`, as JSON.
    func texts(_ url: String) throws -> [String] {
        let listed = try CLIRunner.run(["records", "list", Self.todo, "--format", "json", "--db", url])
        try #require(listed.status == 0, "\(listed.stderr)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return records.compactMap { $0["text"] as? String }
    }

    /// Types a to-do with the server stopped after its first field, and presses Done.
    func typeWithTheServerGone(_ text: String, _ server: TestPostgres.PrivateServer, folder: URL) throws -> FormRun {
        let run = try FormRun(
            ["run", Self.todo, "--no-animation"],
            environment: ["KEYFORM_DB": server.url, "TMPDIR": folder.path, "NO_MOTION": "1"])
        try run.tmux.wait(forRow: "› Text*")
        try run.tmux.type(text)
        try run.tmux.wait(forRow: "› Text*", text)
        try run.tmux.press("Enter")
        try run.tmux.wait(forRow: "› Priority")
        // The store is opened after the first frame (DECISIONS 74): the server goes once it
        // holds the text's draft, so that the form met it, and it is Done that finds it gone.
        try run.tmux.poll(for: "the text's draft on the server") {
            (try? TestPostgres.psql(server.url, "SELECT count(*) FROM keyform._draft")) == "1\n" ? true : nil
        }
        try server.halt()
        // Priority, Status, Due: on to Note, the last field (Done was ready since the text).
        try run.tmux.press("Enter", "Enter", "Enter")
        try run.tmux.wait(forRow: "› Note")
        try run.tmux.wait(forRow: "[ Done ] ready")
        try run.tmux.press("Enter")
        return run
    }

    @Test func aServerBackWithinThePatienceTakesTheRecordAtDone() throws {
        let server = try TestPostgres.PrivateServer()
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try typeWithTheServerGone("Buy milk", server, folder: folder)
        defer { run.close() }
        // Done was pressed with the server away: the save waits for it.
        try server.resume()
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""text":"Buy milk""#), "the record on stdout: \(result.stdout)")
        #expect(!result.stderr.contains("NOT stored"), "\(result.stderr)")
        #expect(try texts(server.url) == ["Buy milk"], "stored once")
        let rescued = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("keyform-rescued-")
        }
        #expect(rescued.isEmpty, "nothing rescued: \(rescued)")
        #expect(try TestPostgres.psql(server.url, "SELECT count(*) FROM keyform._draft") == "0\n", "no draft left")
    }

    @Test func aServerThatStaysAwayHasTheRecordRescuedAndSaysHowToImportIt() throws {
        let server = try TestPostgres.PrivateServer()
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try typeWithTheServerGone("Call mom", server, folder: folder)
        defer { run.close() }
        let result = try run.result()
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains(#""text":"Call mom""#))
        let path = try #require(rescuePath(in: result.stderr), "\(result.stderr)")
        // The message gives the command that puts the record in once the server is back.
        let importing = "keyform records import '\(Self.todo)' '\(path)' --db 'postgres://keyform@/keyform?host="
        #expect(result.stderr.contains(importing), "\(result.stderr)")

        try server.resume()
        let imported = try CLIRunner.run(["records", "import", Self.todo, path, "--db", server.url])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try texts(server.url) == ["Call mom"])
        // Imported again (or stored by a save whose answer was lost): the file's token is held, not doubled.
        let again = try CLIRunner.run(["records", "import", Self.todo, path, "--db", server.url])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.hasSuffix(
                "imported 0 records of 'todo' into \(server.url); 1 record was stored already "
                    + "(the save reached the store after all), not stored again\n"), "\(again.stderr)")
        #expect(try texts(server.url) == ["Call mom"])
    }
}
