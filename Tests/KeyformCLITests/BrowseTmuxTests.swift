import Foundation
import KeyformTestSupport
import Testing

/// `keyform browse` end to end in a real terminal, through the one test driver
/// (`FormRun` on `Tmux`, KeyformTestSupport): tmux on a private socket per test,
/// an 80×24 window, keyform run by a wrapper that records `stty -g` before and
/// after and its exit status. Screens are polled until the expected text shows;
/// nothing waits a fixed time.
@Suite(.serialized) struct BrowseTmuxTests {
    static let todo = CLIRunner.packageRoot.appendingPathComponent("demo/todo.yaml").path

    // MARK: Open, edit, add, Esc, delete, q

    @Test(arguments: StoreKind.allCases)
    func todoOpenEditAddDeleteAndQuit(_ store: StoreKind) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try store.location(in: folder, named: "todo.sqlite")
        try seed(
            Self.todo, db: db, [#"{"text":"Buy milk","priority":"High","due":"2026-11-21"}"#, #"{"text":"Call mom"}"#])

        let run = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(
            forText: "To-Do · 2 records", "  Text      Priority  Status         Due         Note")
        #expect(screen.contains("› Call mom  Medium    ✗ In progress"), "newest first, highlighted")
        #expect(screen.contains("  Buy milk  High      ✗ In progress  2026-11-21"))
        // At 80 columns the arrows' hint gives way to the sort key's.
        #expect(
            screen.contains("Enter edit · a add · d delete · Space toggle · f filter · s sort by Due · q quit"),
            "\(screen)")

        // Enter opens the record, filled in: Done is enabled.
        try tmux.press("Enter")
        screen = try tmux.wait(forRow: "Edit To-Do")
        try tmux.wait(forRow: "[ Done ] ready")
        #expect(screen.contains("› Text*     Call mom"))
        // Clear the text, type a new one; Enter through the fields presses Done.
        try tmux.press("C-u")
        try tmux.type("Call dad")
        try tmux.press("Enter", "Enter", "Enter", "Enter", "Enter")
        screen = try tmux.wait(forRow: "› Call dad", "Medium", "✗ In progress")
        #expect(screen.contains("To-Do · 2 records"))
        #expect(try records(Self.todo, db: db).contains(#""text":"Call dad","priority":"Medium""#))

        // a adds: the form empty but for its defaults, Done disabled until Text is typed.
        try tmux.press("a")
        // (waitForRow: a line that starts so, not one sliding in during the transition)
        try tmux.wait(forRow: "New To-Do")
        try tmux.wait(forRow: "[ Done ] disabled: Text is required")
        try tmux.type("Water the plants")
        try tmux.press("Enter", "Enter", "Enter", "Enter", "Enter")
        try tmux.wait(forRow: "› Water the plants", "Medium", "✗ In progress")
        try tmux.wait(forText: "To-Do · 3 records")
        // Space completes the to-do, and is saved at once.
        try tmux.press("Space")
        try tmux.wait(forRow: "› Water the plants", "Medium", "✓ Complete")
        #expect(try records(Self.todo, db: db).contains(#""text":"Water the plants","priority":"Medium","done":true"#))

        // Esc in the form goes back without changing anything.
        try tmux.press("Enter")
        try tmux.wait(forText: "Edit To-Do")
        try tmux.type(" and the roses")
        try tmux.wait(forText: "Water the plants and the roses")
        try tmux.press("Escape")
        screen = try tmux.wait(forRow: "› Water the plants", "Medium")
        #expect(!screen.contains("roses"))

        // d asks; n keeps the record; y deletes it.
        try tmux.press("Down", "d")
        try tmux.wait(forText: "Delete “Call dad”? (y/n)")
        try tmux.press("n")
        try tmux.wait(forText: "Enter edit · a add")
        try tmux.press("d")
        try tmux.wait(forText: "Delete “Call dad”? (y/n)")
        try tmux.press("y")
        screen = try tmux.wait(forText: "Deleted “Call dad”", "To-Do · 2 records")
        #expect(!screen.contains("  Call dad") && !screen.contains("› Call dad"))
        #expect(screen.contains("› Buy milk"), "the highlight moves to the next row")

        try tmux.press("q")
        try expectEnd(run, status: 0)
        let stored = try records(Self.todo, db: db)
        #expect(stored.contains(#""text":"Water the plants""#))
        #expect(stored.contains(#""text":"Buy milk""#))
        #expect(!stored.contains("Call"))
        #expect(!stored.contains("roses"))
    }

    // MARK: A click, in Japanese

    /// A real mouse click on a record's row opens it, as Enter would; Esc goes
    /// back to it highlighted. With `KEYFORM_LANG=ja` the list, the form it
    /// opens and the delete question speak Japanese.
    @Test func aClickOpensARecordAndTheListSpeaksJapanese() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        try seed(Self.todo, db: db, [#"{"text":"Buy milk","priority":"High"}"#, #"{"text":"Call mom"}"#])

        let run = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db, "KEYFORM_LANG": "ja"])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(forText: "To-Do · 2 件", "› Call mom", "Enter 編集 · a 追加 · d 削除")
        #expect(try tmux.mouseReporting() == (true, true))
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.hasPrefix("  Buy milk") }, "\(screen)")
        try tmux.click(row: row, column: 12)
        screen = try tmux.wait(forRow: "To-Do の編集")
        try tmux.wait(forText: "Buy milk", "[ 完了 ]")
        try tmux.press("Escape")
        screen = try tmux.wait(forRow: "› Buy milk")
        #expect(!screen.contains("[<"), "no report shows as text")
        try tmux.press("d")
        try tmux.wait(forText: "「Buy milk」を削除しますか？ (y/n)")
        try tmux.press("n")
        try tmux.wait(forText: "q 終了")
        try tmux.press("q")
        try expectEnd(run, status: 0)
        #expect(try tmux.mouseReporting() == (false, false), "mouse reports left on after the list")
    }

    // MARK: The wheel

    /// The wheel scrolls the list: each notch down moves the highlight a
    /// record down, past the rows the screen shows, and up brings it back.
    @Test func theWheelScrollsTheList() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("todo.sqlite").path
        let items = (1...30).map { #"{"text":"Item \#($0)"}"# }
        let imported = try CLIRunner.run(
            ["records", "import", Self.todo, "-"], stdin: "[" + items.joined(separator: ",") + "]",
            environment: ["KEYFORM_DB": db])
        try #require(imported.status == 0, "\(imported.stderr)")

        let run = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(forText: "To-Do · 30 records", "› Item 30")
        #expect(!screen.contains("Item 1 "), "the oldest is past the rows shown")
        for _ in 0..<20 { try tmux.wheel(down: true, row: 5, column: 10) }
        screen = try tmux.wait(forText: "› Item 10 ")
        #expect(!screen.contains("Item 30"), "the list scrolled with the highlight: \(screen)")
        #expect(!screen.contains("[<"), "no report shows as text")
        try tmux.wheel(down: false, row: 5, column: 10)
        try tmux.wait(forText: "› Item 11 ")
        try tmux.press("q")
        try expectEnd(run, status: 0)
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

        let run = try FormRun(["browse", form], environment: ["KEYFORM_DB": db])
        defer { run.close() }
        let tmux = run.tmux
        let screen = try tmux.wait(forText: "Packing List · 2 records")
        #expect(screen.contains("  Item      Packed"))
        #expect(screen.contains("› Socks     ✓"))
        #expect(screen.contains("  Passport  ✗"))
        #expect(screen.contains("Space toggle"))

        try tmux.press("Down", "Space")
        try tmux.wait(forText: "› Passport  ✓")
        #expect(try records(form, db: db).contains(#""item":"Passport","packed":true"#), "saved at once")
        try tmux.press("Space")
        try tmux.wait(forText: "› Passport  ✗")
        #expect(try records(form, db: db).contains(#""item":"Passport","packed":false"#))

        try tmux.press("C-c")
        try expectEnd(run, status: 130)
    }

    // MARK: Some records: --where, and f

    static let vacation = CLIRunner.packageRoot.appendingPathComponent("demo/vacation.yaml").path

    @Test func whereListsOnlyMatchingRecordsAndAddsWithThem() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("vacation.sqlite").path
        try seed(
            Self.vacation, db: db,
            [
                #"{"place":"Lisbon","tags":["Sunset","Food"],"note":"Sunset over the river"}"#,
                #"{"place":"Lisbon","tags":["City"],"note":"Tram 28"}"#,
                #"{"place":"Porto","tags":["Food"],"note":"Francesinha"}"#,
            ])
        let run = try FormRun(["browse", Self.vacation, "--where", "place=Lisbon"], environment: ["KEYFORM_DB": db])
        defer { run.close() }
        let tmux = run.tmux
        // The place is the condition: named in the title, no column.
        var screen = try tmux.wait(forText: "Vacation note · Place: Lisbon · 2 records", "  Tags          Note")
        #expect(screen.contains("› City          Tram 28"))
        #expect(!screen.contains("Porto"))

        // f, 1 (the tags: place is fixed), f (Food): one tag's notes.
        try tmux.press("f")
        // A menu, not a form: no required star, no Done line, no keyboard swap.
        let picker = try tmux.wait(forRow: "› Filter by")
        #expect(
            !picker.contains("Filter by*") && !picker.contains("[ Done ]") && !picker.contains("keyboard"), "\(picker)")
        try tmux.press("1")
        let values = try tmux.wait(forRow: "› Tags")
        #expect(!values.contains("Tags*") && !values.contains("[ Done ]"), "\(values)")
        try tmux.press("f")
        screen = try tmux.wait(forText: "Vacation note · Place: Lisbon · Tags: Food · 1 record")
        #expect(screen.contains("› Sunset, Food  Sunset over the river"))
        #expect(screen.contains("Esc show all"))

        // a: the place and the tag are set, the note has the focus; Ctrl-S stores it.
        try tmux.press("a")
        try tmux.wait(forRow: "  Place*  Lisbon")
        try tmux.wait(forRow: "  Tags    Food")
        try tmux.wait(forRow: "› Note")
        try tmux.wait(forRow: "[ Done ] ready")
        try tmux.press("Escape")
        try tmux.wait(forText: "Vacation note · Place: Lisbon · Tags: Food · 1 record")
        try tmux.press("a")
        try tmux.wait(forRow: "› Note")
        try tmux.press("BTab")
        try tmux.wait(forRow: "› Tags    Food")
        try tmux.press("b", "d")
        try tmux.wait(forRow: "› Note")
        try tmux.type("Beach day")
        try tmux.press("C-s")
        try tmux.wait(forRow: "› Food, Beach", "Beach day")
        try tmux.wait(forText: "Vacation note · Place: Lisbon · Tags: Food · 2 records")
        #expect(
            try records(Self.vacation, db: db).contains(#""place":"Lisbon","tags":["Food","Beach"],"note":"Beach day""#)
        )

        // Esc: all of Lisbon again; Esc again leaves.
        try tmux.press("Escape")
        try tmux.wait(forText: "Vacation note · Place: Lisbon · 3 records")
        try tmux.press("Escape")
        try expectEnd(run, status: 0)
    }

    @Test func aWhereTheFormCannotMeetIsBadUsage() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["KEYFORM_DB": folder.appendingPathComponent("x.sqlite").path]
        let unknown = try CLIRunner.run(["browse", Self.vacation, "--where", "colour=red"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("colour"), "\(unknown.stderr)")
        let malformed = try CLIRunner.run(["browse", Self.todo, "--where", "due=someday"], environment: environment)
        #expect(malformed.status == 2)
        #expect(
            malformed.stderr.contains("'someday' must be a date: 2026-11-21, today, yesterday or tomorrow"),
            "\(malformed.stderr)")
    }

    // MARK: An empty list

    @Test func anEmptyListSaysHowToAddAndEscLeaves() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try FormRun(
            ["browse", Self.todo], environment: ["KEYFORM_DB": folder.appendingPathComponent("empty.sqlite").path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "No records yet — press a to add one")
        try tmux.wait(forRow: "To-Do · no records")
        try tmux.press("Escape")
        try expectEnd(run, status: 0)
    }

    // MARK: Two terminals on one store

    /// Two people browse the same database: what one adds, edits or deletes
    /// shows in the other's list within a second, without a key there, and the
    /// other's highlight stays on its record (SQLite: `data_version`; PostgreSQL:
    /// LISTEN/NOTIFY).
    @Test(arguments: StoreKind.allCases)
    func anotherTerminalsChangesShowInTheListWithinASecond(_ store: StoreKind) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try store.location(in: folder, named: "todo.sqlite")
        try seed(Self.todo, db: db, [#"{"text":"Buy milk","priority":"High"}"#, #"{"text":"Call mom"}"#])

        let ada = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db, "KEYFORM_AUTHOR": "ada@lab"])
        defer { ada.close() }
        let bob = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db, "KEYFORM_AUTHOR": "bob@desk"])
        defer { bob.close() }
        try ada.tmux.wait(forText: "To-Do · 2 records", "› Call mom")
        try bob.tmux.wait(forText: "To-Do · 2 records", "› Call mom")
        try ada.tmux.press("Down")
        try ada.tmux.wait(forRow: "› Buy milk")

        /// Ada's list after Bob's change, and how long after it showed on Bob's screen she saw it.
        func seenByAda(_ texts: String...) throws -> (screen: String, after: Duration) {
            let started = ContinuousClock.now
            let screen = try ada.tmux.wait(for: texts.joined(separator: ", ")) { screen in
                texts.allSatisfy(screen.contains)
            }
            return (screen, ContinuousClock.now - started)
        }

        // Bob adds a record.
        try bob.tmux.press("a")
        try bob.tmux.wait(forRow: "[ Done ] disabled: Text is required")
        try bob.tmux.type("Water the plants")
        try bob.tmux.press("Enter", "Enter", "Enter", "Enter", "Enter")
        try bob.tmux.wait(forText: "To-Do · 3 records")
        var seen = try seenByAda("To-Do · 3 records", "Water the plants")
        #expect(seen.after < .seconds(1), "Ada saw Bob's record after \(seen.after)")
        #expect(seen.screen.contains("› Buy milk"), "her highlight stays on her record: \(seen.screen)")

        // Bob completes it (Space saves at once).
        try bob.tmux.press("Space")
        try bob.tmux.wait(forRow: "› Water the plants", "Medium", "✓ Complete")
        seen = try seenByAda("✓ Complete")
        #expect(seen.after < .seconds(1), "Ada saw Bob's edit after \(seen.after)")

        // Bob deletes it.
        try bob.tmux.press("d")
        try bob.tmux.wait(forText: "Delete")
        try bob.tmux.press("y")
        try bob.tmux.wait(forText: "To-Do · 2 records")
        seen = try seenByAda("To-Do · 2 records")
        #expect(seen.after < .seconds(1), "Ada saw Bob's delete after \(seen.after)")
        #expect(!seen.screen.contains("Water the plants"))
        #expect(seen.screen.contains("› Buy milk"))

        try ada.tmux.press("q")
        try bob.tmux.press("q")
        try expectEnd(ada, status: 0)
        try expectEnd(bob, status: 0)
    }

    /// Ada and Bob edit the same record: Bob saves first, so Ada's save shows
    /// both versions and she chooses per field (her text, his priority); then
    /// Bob deletes a record Ada is editing, and her save offers it as new.
    @Test(arguments: StoreKind.allCases)
    func anEditSavedOverAnotherTerminalsIsChosenNotSilent(_ store: StoreKind) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try store.location(in: folder, named: "todo.sqlite")
        try seed(Self.todo, db: db, [#"{"text":"Buy milk","priority":"Low"}"#, #"{"text":"Call mom"}"#])
        let ada = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db, "KEYFORM_AUTHOR": "ada@lab"])
        defer { ada.close() }
        let bob = try FormRun(["browse", Self.todo], environment: ["KEYFORM_DB": db, "KEYFORM_AUTHOR": "bob@desk"])
        defer { bob.close() }
        for run in [ada, bob] {
            try run.tmux.wait(forText: "To-Do · 2 records", "› Call mom")
            try run.tmux.press("Down")
            try run.tmux.wait(forRow: "› Buy milk")
            try run.tmux.press("Enter")
            try run.tmux.wait(forRow: "[ Done ] ready")
        }
        // Bob: priority High, saved.
        try bob.tmux.press("Enter")
        try bob.tmux.wait(forRow: "› Priority")
        try bob.tmux.press("h")
        try bob.tmux.wait(forRow: "› Status")
        try bob.tmux.press("Enter", "Enter", "Enter")
        try bob.tmux.wait(forRow: "› Buy milk", "High")
        // Ada: the text changed, saved over Bob's.
        try ada.tmux.press("C-u")
        try ada.tmux.type("Buy oat milk")
        try ada.tmux.press("Enter", "Enter", "Enter", "Enter", "Enter")
        var screen = try ada.tmux.wait(
            forText: "Saved meanwhile in another terminal", "[1] my edit", "[2] theirs", "[3] per field")
        try ada.tmux.press("3")
        screen = try ada.tmux.wait(forText: "mine: Buy oat milk", "theirs: Buy milk")
        try ada.tmux.press("1")
        try ada.tmux.wait(forText: "mine: Low", "theirs: High")
        // A key on the last field picks it and presses Done.
        try ada.tmux.press("2")
        try ada.tmux.wait(forRow: "› Buy oat milk", "High")
        #expect(try records(Self.todo, db: db).contains(#""text":"Buy oat milk","priority":"High""#))

        // Ada edits Call mom; Bob deletes it first.
        try ada.tmux.press("Up")
        try ada.tmux.wait(forRow: "› Call mom")
        try ada.tmux.press("Enter")
        try ada.tmux.wait(forRow: "[ Done ] ready")
        try bob.tmux.wait(forRow: "  Call mom")
        try bob.tmux.press("Up")
        try bob.tmux.wait(forRow: "› Call mom")
        try bob.tmux.press("d")
        try bob.tmux.wait(forText: "Delete")
        try bob.tmux.press("y")
        try bob.tmux.wait(forText: "To-Do · 1 record")
        try ada.tmux.press("C-e")
        try ada.tmux.type(" again")
        try ada.tmux.press("Enter", "Enter", "Enter", "Enter", "Enter")
        screen = try ada.tmux.wait(forText: "Deleted meanwhile in another terminal")
        #expect(screen.contains("New To-Do"), "the add form: \(screen)")
        try ada.tmux.press("Enter")
        try ada.tmux.wait(forText: "To-Do · 2 records", "Call mom again")
        try ada.tmux.press("q")
        try bob.tmux.press("q")
        try expectEnd(ada, status: 0)
        try expectEnd(bob, status: 0)
    }

    // MARK: Helpers

    /// keyform ended with `status` and left the terminal's settings as it found them.
    private func expectEnd(_ run: FormRun, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run.result()
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.sttyBefore.isEmpty, sourceLocation: sourceLocation)
        #expect(
            result.sttyAfter == result.sttyBefore, "stty -g differs after keyform browse",
            sourceLocation: sourceLocation)
    }

    /// Stores records with `keyform run FORM --answers -`, one per JSON object.
    private func seed(_ form: String, db: String, _ answers: [String]) throws {
        for json in answers {
            let result = try CLIRunner.run(
                ["run", form, "--answers", "-"], stdin: json, environment: ["KEYFORM_DB": db])
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
