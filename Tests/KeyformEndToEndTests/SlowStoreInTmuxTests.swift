import Foundation
import KeyformTestSupport
import Testing

/// A store that cannot answer yet: another process holds the SQLite file in
/// exclusive locking mode, so even reading it waits (SQLite's busy timeout)
/// until that process lets go — a real slow path, what a far server is to the
/// screen. The form is drawn at once all the same; the list picked from the
/// stored lists says it loads, and a key typed for it meanwhile is kept and
/// applied once the lists came.
@Suite(.serialized)
struct SlowStoreInTmuxTests {
    /// Holds the database ARGV[1] exclusively (no other process can read it) until
    /// FOLDER/release exists; FOLDER/locked says it holds it.
    static let locker = """
        import os, sqlite3, sys, time
        db, folder = sys.argv[1], sys.argv[2]
        c = sqlite3.connect(db, isolation_level=None, timeout=10)
        c.execute("PRAGMA locking_mode=EXCLUSIVE")
        c.execute("BEGIN EXCLUSIVE")
        c.execute("SELECT count(*) FROM sqlite_master").fetchone()
        open(os.path.join(folder, "locked"), "w").close()
        while not os.path.exists(os.path.join(folder, "release")):
            time.sleep(0.02)
        c.execute("COMMIT")
        c.close()
        """

    @Test func aStoreHeldByAnotherProcessIsWaitedForAfterTheFirstFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("keyform.sqlite").path
        // Two lists stored, Groceries last: the grid offers Groceries then Garden (recent first).
        for answers in [#"{"list":"Garden","item":"rake"}"#, #"{"list":"Groceries","item":"milk"}"#] {
            let stored = try Self.keyform(
                ["run", "demo/checklist.yaml", "--answers", "-"], input: answers, database: database)
            #expect(stored == 0)
        }
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["python3", "-c", Self.locker, database, folder.path]
        try locker.run()
        defer {
            try? Data().write(to: folder.appendingPathComponent("release"))
            locker.waitUntilExit()
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("locked").path) {
            try #require(ContinuousClock.now < deadline, "the locker never took the lock")
            usleep(20_000)
        }

        // --fresh: no draft to offer, so nothing is asked of the store before the first frame.
        let run = try FormRun(["run", "demo/checklist.yaml", "--fresh"], environment: ["KEYFORM_DB": database])
        defer { run.close() }
        let tmux = run.tmux
        let loading = try tmux.wait(forText: "Checklist item", "Loading List…")
        #expect(!loading.contains("Groceries"), "\(loading)")
        // "2" is the second list stored: kept until the lists came, never taken by the loading grid.
        try tmux.press("2")
        try Data().write(to: folder.appendingPathComponent("release"))
        try tmux.wait(forText: "Garden", "› Item")
        try tmux.type("eggs")
        try tmux.wait(forText: "eggs")
        try tmux.press("C-s")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"list":"Garden","item":"eggs","checked":false}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// Runs the built keyform with `input` on stdin and the database given; its exit status.
    static func keyform(_ arguments: [String], input: String, database: String) throws -> Int32 {
        let process = Process()
        process.executableURL = FormRun.binary
        process.arguments = arguments
        process.currentDirectoryURL = FormRun.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["KEYFORM_DB"] = database
        environment["KEYFORM_CONFIG"] = "/dev/null"
        process.environment = environment
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
