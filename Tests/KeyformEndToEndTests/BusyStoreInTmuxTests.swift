import Foundation
import KeyformSQLite
import KeyformTestSupport
import Testing

/// A form filled in while another process holds the database's write lock
/// (`BEGIN IMMEDIATE` in a second connection): the screen answers every key at
/// once, says the draft is not kept, and keeps it once the lock is gone.
@Suite(.serialized)
struct BusyStoreInTmuxTests {
    /// Writes the draft of the database ARGV[1] to ARGV[2] whole or not at all
    /// (renamed into place): a file read while it is being written reads empty.
    static let draftReader = """
        import os, sqlite3, sys
        row = sqlite3.connect(sys.argv[1]).execute("SELECT data FROM _draft WHERE form = 'todo'").fetchone()
        with open(sys.argv[2] + ".part", "w") as f:
            f.write(row[0] if row else "none")
        os.replace(sys.argv[2] + ".part", sys.argv[2])
        """

    @Test func aLockedStoreNeverFreezesTypingAndTheDraftIsKeptOnceItIsFree() throws {
        let run = try FormRun(["run", "demo/todo.yaml"])
        defer { run.close() }
        let tmux = run.tmux
        let database = run.file("keyform.sqlite").path
        try tmux.wait(forText: "New To-Do", "› Text*")
        // The first frame comes before the store is opened (DECISIONS 74): the lock is
        // taken once keyform has made its tables, or it would hold up the making of them,
        // which the first draft waits for, not a draft.
        try tmux.poll(for: "keyform's tables in the new database") {
            (try? AppDatabase.openForReading(path: database)) != nil ? true : nil
        }
        let lock = try SQLiteLockHolder(database, .write)

        try tmux.type("Buy milk")
        try tmux.wait(forText: "Buy milk")
        // Committing a field writes the draft: it must not wait the store's 5 s for the lock.
        var started = ContinuousClock.now
        try tmux.press("Enter")
        try tmux.wait(forText: "› Priority", "draft not kept: the database is busy")
        let first = ContinuousClock.now - started
        started = ContinuousClock.now
        try tmux.press("h")
        try tmux.wait(forText: "Priority  High", "› Status", "draft not kept: the database is busy")
        let second = ContinuousClock.now - started
        #expect(first < .milliseconds(2500), "the form froze for \(first) after Enter")
        #expect(second < .milliseconds(2500), "the form froze for \(second) after h")

        // The lock goes: the draft is kept without another key, and the footer says nothing more.
        try lock.release()
        let kept = try tmux.wait(for: "the footer without the busy warning") { !$0.contains("draft not kept") }
        #expect(kept.contains("› Status"))
        // The footer clears once the retried draft was kept (DraftWorker's answer): it is there, read once.
        try Self.python(Self.draftReader, [database, run.file("draft.json").path], in: tmux)
        let draft = try tmux.poll(for: "the draft read back") {
            try? String(contentsOf: run.file("draft.json"), encoding: .utf8)
        }
        #expect(draft.contains(#""text":"Buy milk""#) && draft.contains(#""priority":"High""#), "\(draft)")

        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// Runs a Python script in a window of the test's tmux server, beside the form (which stays on screen).
    static func python(_ script: String, _ arguments: [String], in tmux: Tmux) throws {
        let started = try Tmux.tmux(["-S", tmux.socket, "new-window", "-d", "python3", "-c", script] + arguments)
        guard started.status == 0 else { throw NotStarted(description: "tmux new-window: \(started.error)") }
    }

    struct NotStarted: Error, CustomStringConvertible {
        var description: String
    }
}
