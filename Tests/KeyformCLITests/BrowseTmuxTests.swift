import Foundation
import Glibc
import Testing

/// `keyform browse` end to end in a real terminal: tmux on a private socket per
/// test, an 80×24 window, the built `keyform` run by a small script that
/// records `stty -g` before and after. Screens are polled with `capture-pane`
/// every 20 ms until the expected text shows; nothing waits a fixed time.
@Suite(.serialized) struct BrowseTmuxTests {
    static let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path

    // MARK: Open, edit, add, Esc, delete, q

    @Test func todoOpenEditAddDeleteAndQuit() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        try seed(Self.todo, db: db, [#"{"text":"Buy milk","priority":"High","due":"2026-11-21"}"#, #"{"text":"Call mom"}"#])

        let tmux = try BrowseTmux(folder: folder, db: db, arguments: [Self.todo])
        defer { tmux.close() }
        var screen = try tmux.waitFor("To-Do · 2 records", "  Text      Priority  Status         Due         Note")
        #expect(screen.contains("› Call mom  Medium    ✗ In progress"), "newest first, highlighted")
        #expect(screen.contains("  Buy milk  High      ✗ In progress  2026-11-21"))
        #expect(screen.contains("↑↓ move · Enter edit · a add · d delete · Space toggle · f filter · q quit"))

        // Enter opens the record, filled in: Done is enabled.
        tmux.keys("Enter")
        screen = try tmux.waitForRow("Edit To-Do")
        try tmux.waitForRow("[ Done ] ready")
        #expect(screen.contains("› Text*     Call mom"))
        // Clear the text, type a new one; Enter through the fields presses Done.
        tmux.keys("C-u")
        tmux.type("Call dad")
        tmux.keys("Enter", "Enter", "Enter", "Enter", "Enter")
        screen = try tmux.waitForRow("› Call dad", "Medium", "✗ In progress")
        #expect(screen.contains("To-Do · 2 records"))
        #expect(try records(Self.todo, db: db).contains(#""text":"Call dad","priority":"Medium""#))

        // a adds: the form empty but for its defaults, Done disabled until Text is typed.
        tmux.keys("a")
        // (waitForRow: a line that starts so, not one sliding in during the transition)
        try tmux.waitForRow("New To-Do")
        try tmux.waitForRow("[ Done ] disabled: Text is required")
        tmux.type("Water the plants")
        tmux.keys("Enter", "Enter", "Enter", "Enter", "Enter")
        try tmux.waitForRow("› Water the plants", "Medium", "✗ In progress")
        try tmux.waitFor("To-Do · 3 records")
        // Space completes the to-do, and is saved at once.
        tmux.keys("Space")
        try tmux.waitForRow("› Water the plants", "Medium", "✓ Complete")
        #expect(try records(Self.todo, db: db).contains(#""text":"Water the plants","priority":"Medium","done":true"#))

        // Esc in the form goes back without changing anything.
        tmux.keys("Enter")
        try tmux.waitFor("Edit To-Do")
        tmux.type(" and the roses")
        try tmux.waitFor("Water the plants and the roses")
        tmux.keys("Escape")
        screen = try tmux.waitForRow("› Water the plants", "Medium")
        #expect(!screen.contains("roses"))

        // d asks; n keeps the record; y deletes it.
        tmux.keys("Down", "d")
        try tmux.waitFor("Delete “Call dad”? (y/n)")
        tmux.keys("n")
        try tmux.waitFor("↑↓ move · Enter edit")
        tmux.keys("d")
        try tmux.waitFor("Delete “Call dad”? (y/n)")
        tmux.keys("y")
        screen = try tmux.waitFor("Deleted “Call dad”", "To-Do · 2 records")
        #expect(!screen.contains("  Call dad") && !screen.contains("› Call dad"))
        #expect(screen.contains("› Buy milk"), "the highlight moves to the next row")

        tmux.keys("q")
        try tmux.waitFor("exit=0")
        try tmux.expectTerminalRestored()
        let stored = try records(Self.todo, db: db)
        #expect(stored.contains(#""text":"Water the plants""#))
        #expect(stored.contains(#""text":"Buy milk""#))
        #expect(!stored.contains("Call"))
        #expect(!stored.contains("roses"))
    }

    // MARK: Toggle, Ctrl-C

    @Test func spaceTogglesABooleanAndCtrlCExits130() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("packing.yaml").path
        try """
            title: Packing List
            name: packing
            fields:
              - id: item
                label: Item
                required: true
              - id: packed
                label: Packed
                type: boolean
            """.write(toFile: form, atomically: true, encoding: .utf8)
        let db = folder.appendingPathComponent("packing.sqlite").path
        try seed(form, db: db, [#"{"item":"Passport","packed":false}"#, #"{"item":"Socks","packed":true}"#])

        let tmux = try BrowseTmux(folder: folder, db: db, arguments: [form])
        defer { tmux.close() }
        let screen = try tmux.waitFor("Packing List · 2 records")
        #expect(screen.contains("  Item      Packed"))
        #expect(screen.contains("› Socks     ✓"))
        #expect(screen.contains("  Passport  ✗"))
        #expect(screen.contains("Space toggle"))

        tmux.keys("Down", "Space")
        try tmux.waitFor("› Passport  ✓")
        #expect(try records(form, db: db).contains(#""item":"Passport","packed":true"#), "saved at once")
        tmux.keys("Space")
        try tmux.waitFor("› Passport  ✗")
        #expect(try records(form, db: db).contains(#""item":"Passport","packed":false"#))

        tmux.keys("C-c")
        try tmux.waitFor("exit=130")
        try tmux.expectTerminalRestored()
    }

    // MARK: Some records: --where, and f

    static let vacation = CLIRunner.packageRoot.appendingPathComponent("demo/vacation.yaml").path

    @Test func whereListsOnlyMatchingRecordsAndAddsWithThem() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("vacation.sqlite").path
        try seed(Self.vacation, db: db, [
            #"{"place":"Lisbon","tags":["Sunset","Food"],"note":"Sunset over the river"}"#,
            #"{"place":"Lisbon","tags":["City"],"note":"Tram 28"}"#,
            #"{"place":"Porto","tags":["Food"],"note":"Francesinha"}"#,
        ])
        let tmux = try BrowseTmux(folder: folder, db: db, arguments: [Self.vacation, "--where", "place=Lisbon"])
        defer { tmux.close() }
        // The place is the condition: named in the title, no column.
        var screen = try tmux.waitFor("Vacation note · Place: Lisbon · 2 records", "  Tags          Note")
        #expect(screen.contains("› City          Tram 28"))
        #expect(!screen.contains("Porto"))

        // f, 1 (the tags: place is fixed), f (Food): one tag's notes.
        tmux.keys("f")
        try tmux.waitForRow("› Filter by*")
        tmux.keys("1")
        try tmux.waitForRow("› Tags*")
        tmux.keys("f")
        screen = try tmux.waitFor("Vacation note · Place: Lisbon · Tags: Food · 1 record")
        #expect(screen.contains("› Sunset, Food  Sunset over the river"))
        #expect(screen.contains("Esc show all"))

        // a: the place and the tag are set, the note has the focus; Ctrl-S stores it.
        tmux.keys("a")
        try tmux.waitForRow("  Place*  Lisbon")
        try tmux.waitForRow("  Tags    Food")
        try tmux.waitForRow("› Note")
        try tmux.waitForRow("[ Done ] ready")
        tmux.keys("Escape")
        try tmux.waitFor("Vacation note · Place: Lisbon · Tags: Food · 1 record")
        tmux.keys("a")
        try tmux.waitForRow("› Note")
        tmux.keys("BTab")
        try tmux.waitForRow("› Tags    Food")
        tmux.keys("b", "d")
        try tmux.waitForRow("› Note")
        tmux.type("Beach day")
        tmux.keys("C-s")
        try tmux.waitForRow("› Food, Beach", "Beach day")
        try tmux.waitFor("Vacation note · Place: Lisbon · Tags: Food · 2 records")
        #expect(try records(Self.vacation, db: db).contains(#""place":"Lisbon","tags":["Food","Beach"],"note":"Beach day""#))

        // Esc: all of Lisbon again; Esc again leaves.
        tmux.keys("Escape")
        try tmux.waitFor("Vacation note · Place: Lisbon · 3 records")
        tmux.keys("Escape")
        try tmux.waitFor("exit=0")
        try tmux.expectTerminalRestored()
    }

    @Test func aWhereTheFormCannotMeetIsBadUsage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["KEYFORM_DB": folder.appendingPathComponent("x.sqlite").path]
        let unknown = try CLIRunner.run(["browse", Self.vacation, "--where", "colour=red"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("colour"), "\(unknown.stderr)")
        let malformed = try CLIRunner.run(["browse", Self.todo, "--where", "due=tomorrow"], environment: environment)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("'tomorrow' is not a date like 2026-11-21"), "\(malformed.stderr)")
    }

    // MARK: An empty list

    @Test func anEmptyListSaysHowToAddAndEscLeaves() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try BrowseTmux(folder: folder, db: folder.appendingPathComponent("empty.sqlite").path, arguments: [Self.todo])
        defer { tmux.close() }
        try tmux.waitFor("No records yet — press a to add one")
        try tmux.waitForRow("To-Do · no records")
        tmux.keys("Escape")
        try tmux.waitFor("exit=0")
        try tmux.expectTerminalRestored()
    }

    // MARK: Helpers

    /// Stores records with `keyform run FORM --answers -`, one per JSON object.
    private func seed(_ form: String, db: String, _ answers: [String]) throws {
        for json in answers {
            let result = try CLIRunner.run(["run", form, "--answers", "-"], stdin: json, environment: ["KEYFORM_DB": db])
            try #require(result.status == 0, "seeding \(json): \(result.stderr)")
        }
    }

    /// `keyform records list FORM --format json`.
    private func records(_ form: String, db: String) throws -> String {
        let result = try CLIRunner.run(["records", "list", form, "--format", "json"], environment: ["KEYFORM_DB": db])
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout
    }
}

/// One tmux server on a private socket, running `keyform browse ARGUMENTS` in
/// an 80×24 window through a script that saves `stty -g` before and after and
/// prints `exit=STATUS`.
private final class BrowseTmux {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket = "keyform-browse-\(UUID().uuidString.prefix(8))"
    let folder: URL
    let tmux: String

    init(folder: URL, db: String, arguments: [String]) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let tmux = path.split(separator: ":").map({ "\($0)/tmux" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "tmux is not installed (these tests drive keyform browse in it): apt-get install tmux")
        }
        self.tmux = tmux
        self.folder = folder
        let script = folder.appendingPathComponent("browse.sh")
        try """
            stty -g > '\(folder.path)/before.stty'
            "$KEYFORM" browse "$@"
            echo "exit=$?"
            stty -g > '\(folder.path)/after.stty'
            exec sleep 600

            """.write(to: script, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["KEYFORM_LAYOUTS"] = nil
        environment["KEYFORM_DB"] = db
        environment["KEYFORM"] = CLIRunner.binary.path
        environment["INPUTRC"] = "/dev/null"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The server takes this environment: the window's shell and keyform get it.
        let started = run(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-c", CLIRunner.packageRoot.path,
                           "sh", script.path] + arguments, environment: environment)
        guard started.status == 0 else {
            throw Failure(description: "tmux new-session failed (\(started.status)): \(started.output)")
        }
    }

    func close() {
        _ = run(["kill-server"])
        // tmux leaves the socket file behind.
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Keys by tmux name (`Enter`, `Down`, `C-c`, `Escape`, `Space`, `a`).
    func keys(_ names: String...) {
        _ = run(["send-keys", "-t", "0"] + names)
    }

    /// Text typed literally.
    func type(_ text: String) {
        _ = run(["send-keys", "-t", "0", "-l", text])
    }

    func screen() -> String {
        run(["capture-pane", "-p", "-t", "0"]).output
    }

    /// Polls the screen every 20 ms until it shows every one of `texts`, and
    /// returns it; fails, showing the last screen, after 15 seconds.
    @discardableResult
    func waitFor(_ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("\(texts)", sourceLocation: sourceLocation) { screen in texts.allSatisfy(screen.contains) }
    }

    /// Polls until a line starts with `prefix` and holds every one of `parts`
    /// (a row of the list, whatever the column widths); returns the screen.
    @discardableResult
    func waitForRow(_ prefix: String, _ parts: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("a line starting \(prefix.debugDescription) with \(parts)", sourceLocation: sourceLocation) { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix(prefix) && parts.allSatisfy($0.contains) }
        }
    }

    private func waitUntil(_ what: String, sourceLocation: SourceLocation, _ shows: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(15)
        var last = ""
        while Date() < deadline {
            last = screen()
            if shows(last) { return last }
            usleep(20_000)
        }
        let message = "timed out waiting for \(what) on the screen:\n\(last)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        throw Failure(description: message)
    }

    /// The terminal settings after keyform left are those from before it started.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try String(contentsOf: folder.appendingPathComponent("before.stty"), encoding: .utf8)
        // The script writes the second file right after printing the exit status.
        let deadline = Date().addingTimeInterval(5)
        var after = ""
        while Date() < deadline {
            after = (try? String(contentsOf: folder.appendingPathComponent("after.stty"), encoding: .utf8)) ?? ""
            if after.hasSuffix("\n") { break }
            usleep(20_000)
        }
        #expect(!before.isEmpty, sourceLocation: sourceLocation)
        #expect(after == before, "stty -g differs after keyform browse", sourceLocation: sourceLocation)
    }

    /// Runs tmux with `arguments` (and `environment`, else this process's) and
    /// waits for it. Not with Foundation's `Process`: `new-session` starts the
    /// server, which keeps the descriptors it inherited, and `Process` then
    /// never sees the client end. Spawned with no signal blocked.
    @discardableResult
    private func run(_ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let outputPath = folder.appendingPathComponent("tmux-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv: [UnsafeMutablePointer<CChar>?] = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, argv, envp)
        guard spawned == 0 else { return (-1, "posix_spawn \(tmux): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
    }
}
