import Foundation

/// Another process holding a SQLite database's lock (python3's sqlite3
/// module), until the test releases it: a busy or slow store as Keyform
/// meets it, with no test-only switch inside Keyform.
public final class SQLiteLockHolder {
    public enum Hold {
        /// `BEGIN IMMEDIATE`: readers go on; a write waits (SQLite's busy timeout at most).
        case write
        /// Exclusive locking mode: even reading the database waits.
        case exclusive
    }

    struct NotHeld: Error, CustomStringConvertible {
        var description: String
    }

    /// Holds the lock of ARGV[1] as ARGV[3] says; FOLDER (ARGV[2])/locked says
    /// it holds it; it lets go once FOLDER/release exists and then writes FOLDER/released.
    static let script = """
        import os, sqlite3, sys, time
        db, folder, hold = sys.argv[1], sys.argv[2], sys.argv[3]
        c = sqlite3.connect(db, isolation_level=None, timeout=10)
        if hold == "exclusive":
            c.execute("PRAGMA locking_mode=EXCLUSIVE")
            c.execute("BEGIN EXCLUSIVE")
            c.execute("SELECT count(*) FROM sqlite_master").fetchone()
        else:
            c.execute("BEGIN IMMEDIATE")
        open(os.path.join(folder, "locked"), "w").close()
        while not os.path.exists(os.path.join(folder, "release")):
            time.sleep(0.02)
        c.execute("COMMIT")
        c.close()
        open(os.path.join(folder, "released"), "w").close()
        """

    private let folder: URL
    private let process = Process()
    private var released = false

    /// Starts the holder and returns once it holds the lock.
    public init(_ database: String, _ hold: Hold) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", Self.script, database, folder.path, hold == .write ? "write" : "exclusive",
        ]
        try process.run()
        try waitFor("locked", "the other process never took the lock of \(database)")
    }

    /// Lets the lock go and returns once the other process has let go of it.
    public func release() throws {
        guard !released else { return }
        released = true
        try Data().write(to: folder.appendingPathComponent("release"))
        try waitFor("released", "the other process never let go of its lock")
    }

    deinit {
        try? release()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A generous bound, so that only a holder that never answers fails: a busy machine waits longer.
    private func waitFor(_ marker: String, _ failure: String) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        let path = folder.appendingPathComponent(marker).path
        while !FileManager.default.fileExists(atPath: path) {
            guard process.isRunning || FileManager.default.fileExists(atPath: path) else {
                throw NotHeld(description: "\(failure) (it ended with status \(process.terminationStatus))")
            }
            guard ContinuousClock.now < deadline else { throw NotHeld(description: failure) }
            usleep(20_000)
        }
    }
}
