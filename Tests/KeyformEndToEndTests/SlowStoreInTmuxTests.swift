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
        let lock = try SQLiteLockHolder(database, .exclusive)

        // --fresh: no draft to offer, so nothing is asked of the store before the first frame.
        let run = try FormRun(["run", "demo/checklist.yaml", "--fresh"], environment: ["KEYFORM_DB": database])
        defer { run.close() }
        let tmux = run.tmux
        let loading = try tmux.wait(forText: "Checklist item", "Loading List…")
        #expect(!loading.contains("Groceries"), "\(loading)")
        // "2" is the second list stored: kept until the lists came, never taken by the loading grid.
        try tmux.press("2")
        try lock.release()
        try tmux.wait(forText: "Garden", "› Item")
        try tmux.type("eggs")
        try tmux.wait(forText: "eggs")
        try tmux.press("C-s")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"list":"Garden","item":"eggs","checked":false}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// `demo/todo.yaml` on a database of its own, "Buy milk" typed, and another
    /// process holding the database's write lock (until `release`): Done's save waits for it.
    /// `arguments` (`keyform run demo/todo.yaml --fresh` unless given) on the
    /// database, filled by `fill` (else "Buy milk" typed in the full screen)
    /// before another process takes the write lock.
    static func todoWithTheStoreLocked(
        _ arguments: [String] = ["run", "demo/todo.yaml", "--fresh"], fill: ((FormRun) throws -> Void)? = nil,
        _ body: (_ run: FormRun, _ release: () throws -> Void) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("keyform.sqlite").path
        #expect(
            try Self.keyform(
                ["run", "demo/todo.yaml", "--answers", "-"], input: #"{"text":"Sow"}"#, database: database) == 0)
        let run = try FormRun(arguments, environment: ["KEYFORM_DB": database, "TMPDIR": folder.path])
        defer { run.close() }
        if let fill {
            try fill(run)
        } else {
            try run.tmux.wait(forText: "New To-Do", "› Text")
            try run.tmux.type("Buy milk")
            try run.tmux.wait(forText: "Buy milk")
        }
        let lock = try SQLiteLockHolder(database, .write)
        try body(run, lock.release)
    }

    /// Done while another process holds the write lock: the form says it saves,
    /// keys typed meanwhile are ignored, Ctrl-C is told to wait, and once the
    /// lock goes the record is stored and printed (exit 0).
    @Test func doneSaysItSavesWhileTheStoreWaitsAndThenStores() throws {
        try Self.todoWithTheStoreLocked { run, release in
            let tmux = run.tmux
            try tmux.press("C-s")
            let saving = try tmux.wait(forText: "[ Done ] Saving the record…")
            #expect(saving.contains("Buy milk"), "the form stays drawn: \(saving)")
            try tmux.type("x")
            try tmux.press("C-c")
            let told = try tmux.wait(forText: "! saving: the record is stored, or rescued to a file")
            #expect(!told.contains("Buy milkx"), "a key changed the form while it saved: \(told)")
            try release()
            let result = try run.result()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""text":"Buy milk""#), "\(result.stdout)")
            #expect(result.sttyAfter == result.sttyBefore)
        }
    }

    /// A lock held past SQLite's busy timeout: the form said it saved the whole
    /// time, and the record is rescued to a file (exit 3), as before.
    @Test func aSaveTheStoreNeverTakesIsRescued() throws {
        try Self.todoWithTheStoreLocked { run, _ in
            try run.tmux.press("C-s")
            try run.tmux.wait(forText: "[ Done ] Saving the record…")
            let result = try run.result(timeout: .seconds(30))
            #expect(result.status == 3, "\(result.stderr)")
            #expect(
                result.stderr.contains("NOT stored") && result.stderr.contains("keyform-rescued-todo"),
                "\(result.stderr)")
            #expect(result.stdout.contains(#""text":"Buy milk""#))
        }
    }

    /// The accessible mode (plain prompts) saves as the full screen does: a
    /// line says it saves while another process holds the write lock, Ctrl-C
    /// is said to wait (the script around keyform is not interrupted), and once
    /// the lock goes the record is stored and printed (exit 0).
    @Test func theAccessibleModeSaysItSavesAndWaitsForTheStore() throws {
        try Self.todoWithTheStoreLocked(
            ["run", "demo/todo.yaml", "--fresh", "--accessible"],
            fill: { run in
                try run.tmux.wait(forRow: "Text:")
                try run.tmux.type("Buy milk")
                try run.tmux.press("Enter")
                for prompt in ["Priority:", "Status:", "Due:"] {
                    try run.tmux.wait(forRow: prompt)
                    try run.tmux.press("Enter")
                }
                try run.tmux.wait(forRow: "Note:")
            }
        ) { run, release in
            let tmux = run.tmux
            try tmux.press("Enter")
            try tmux.wait(forRow: "Saving the record…")
            try tmux.type("x")
            try tmux.press("C-c")
            let told = try tmux.wait(
                forRow: "Saving: the record is stored, or rescued to a file, before Keyform stops.")
            #expect(!told.contains("Done: the form is submitted."), "ended before the store answered: \(told)")
            try release()
            try tmux.wait(forRow: "Done: the form is submitted.")
            let result = try run.result()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""text":"Buy milk""#), "\(result.stdout)")
            #expect(result.sttyAfter == result.sttyBefore)
        }
    }

    /// Browse's add saves off the loop too: the form says it saves while the
    /// lock is held, keys change nothing (Ctrl-C is told to wait), and the
    /// record joins the list once the store took it.
    @Test func browseSaysItSavesAnAddedRecordAndListsItOnceStored() throws {
        try Self.todoWithTheStoreLocked(
            ["browse", "demo/todo.yaml"],
            fill: { run in
                try run.tmux.wait(forText: "To-Do · 1 record")
                try run.tmux.press("a")
                try run.tmux.wait(forRow: "[ Done ] disabled: Text is required")
                try run.tmux.type("Buy milk")
                try run.tmux.wait(forText: "Buy milk")
            }
        ) { run, release in
            let tmux = run.tmux
            try tmux.press("C-s")
            let saving = try tmux.wait(forRow: "[ Done ] Saving the record…")
            #expect(saving.contains("Buy milk"), "the form stays drawn: \(saving)")
            try tmux.type("x")
            try tmux.press("C-l")
            // Ctrl-C's answer shows only once x and Ctrl-L were handled: the saving line
            // alone was on the screen before them, and proved nothing of what they did.
            try tmux.press("C-c")
            let still = try tmux.wait(forText: "! saving: the record is stored, or rescued to a file")
            #expect(still.contains("[ Done ] Saving the record…"), "\(still)")
            #expect(!still.contains("Buy milkx"), "a key changed the form while it saved: \(still)")
            try release()
            try tmux.wait(forText: "To-Do · 2 records")
            try tmux.wait(forRow: "› Buy milk")
            try tmux.press("q")
            let result = try run.result()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.sttyAfter == result.sttyBefore)
        }
    }

    /// Browse on a stalled PostgreSQL server (another session holds the records'
    /// table locked, so reading it waits; SQLite's exclusive lock cannot be taken
    /// while browse has the file open): End asks for the oldest page, and the footer
    /// says the records load while the list stays drawn and keys are answered (a
    /// move, Ctrl-L); once the lock goes, the page comes; q leaves at once while a read waits.
    @Test func browseTakesKeysWhileItsRecordsAreRead() throws {
        guard TestPostgres.url != nil else { try Test.cancel(Comment(rawValue: TestPostgres.skipped)) }
        let database = try TestPostgres.freshDatabase()
        // More than the first page (200): End reads the oldest page from the store.
        let csv = "text\n" + (1...250).map { "Task \($0)\n" }.joined()
        #expect(try Self.keyform(["records", "import", "demo/todo.yaml", "-"], input: csv, database: database) == 0)
        let run = try FormRun(["browse", "demo/todo.yaml"], environment: ["KEYFORM_DB": database])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "To-Do · 250 records")
        try tmux.wait(forRow: "› Task 250")
        let lock = try TableLock(database)
        try tmux.press("End")
        let loading = try tmux.wait(forText: "Loading records…")
        #expect(loading.contains("› Task 250"), "the list stays drawn: \(loading)")
        let clock = ContinuousClock()
        // Ctrl-L redraws the same screen: it is pressed with the Up after it, whose
        // row shows only once both were answered (alone, its wait passed at once).
        for (keys, row) in [(["Down"], "› Task 249"), (["C-l", "Up"], "› Task 250")] {
            let pressed = clock.now
            for key in keys { try tmux.press(key) }
            let screen = try tmux.wait(forRow: row)
            #expect(clock.now - pressed < .seconds(1), "\(keys) waited for the store")
            #expect(screen.contains("Loading records…"), "\(screen)")
        }
        try lock.release()
        try tmux.wait(forRow: "› Task 1")
        // A read held again: q leaves without waiting for it.
        let held = try TableLock(database)
        defer { try? held.release() }
        try tmux.press("Home")
        try tmux.wait(forText: "Loading records…")
        let quit = clock.now
        try tmux.press("q")
        let result = try run.result()
        #expect(clock.now - quit < .seconds(2), "q waited for the store")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// A psql session holding Keyform's records table in ACCESS EXCLUSIVE mode
    /// (until `release`): every read of it waits, as on a stalled server.
    final class TableLock {
        let process = Process()
        let input = Pipe()

        init(_ url: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            process.arguments = [url, "-qAtX", "-v", "ON_ERROR_STOP=1"]
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data("BEGIN; LOCK TABLE keyform._record IN ACCESS EXCLUSIVE MODE;\n".utf8))
            let held = """
                SELECT count(*) FROM pg_locks WHERE relation = 'keyform._record'::regclass
                AND mode = 'AccessExclusiveLock' AND granted
                """
            let deadline = ContinuousClock.now + .seconds(10)
            while try TestPostgres.psql(url, held).trimmingCharacters(in: .whitespacesAndNewlines) != "1" {
                guard ContinuousClock.now < deadline, process.isRunning else { throw NotHeld() }
                usleep(20_000)
            }
        }

        struct NotHeld: Error {}

        func release() throws {
            guard process.isRunning else { return }
            input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
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
