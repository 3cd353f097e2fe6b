import Foundation
import KeyformCore
import KeyformSQLite
import KeyformStore
import KeyformTestSupport
import Testing

/// `keyform demo` in a real terminal: the menu, into each app and back.
@Suite(.serialized) struct DemoInTmuxTests {
    @Test func theMenuOpensEveryAppAndComesBack() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        let menu = try tmux.wait(forText: "Keyform demos", "Pick an app")
        // A menu, not a form: no required star, no Done line, no keyboard to swap to.
        #expect(menu.contains("› App") && !menu.contains("App*"), "\(menu)")
        #expect(!menu.contains("[ Done ]") && !menu.contains("keyboard"), "\(menu)")
        // Every app in demo/, by the number on its key, in the menu's order.
        let apps = ["To-Do", "Profile", "Swim log", "Vacations", "Checklists", "日本語のタスク", "Account request"]
        for (index, title) in apps.enumerated() {
            #expect(menu.contains("[\(index + 1)] \(title)"), "\(title) is not in the menu:\n\(menu)")
        }
        // Under the grid: each app's database, none made yet.
        #expect(menu.contains("Data in \(data.path)/keyform/demo/ (one database per app"), "\(menu)")
        for line in [
            "[1] todo.sqlite           not created yet", "[4] vacation-NAME.sqlite  one per vacation; none yet",
            "[5] checklist.sqlite      not created yet", "[6] japanese_task.sqlite  not created yet",
            "[7] account.sqlite        not created yet",
        ] {
            #expect(menu.contains(line), "\(line) is not under the menu:\n\(menu)")
        }
        // The to-do app opens on the list of its records (keyform browse), where q goes
        // back to the menu; the vacation app, the first time, on the notes of "My
        // Vacation"; the checklist app on a sample list; the others on an entry.
        // Each text is one the menu does not show, so no key is sent before the app is there.
        let opens = [
            "q menu", "› Name", "Swim · Page 1/2", "Vacation note · My Vacation · no records", "A sample list to try",
            "新しいタスク", "› Login*",
        ]
        // Esc on a list of notes or items goes back to the vacations or the lists first.
        let between = [4: "Which vacation", 5: "Checklists · pick a list"]
        for (index, text) in opens.enumerated() {
            try tmux.press(String(index + 1))
            // The app's own screen: the menu also shows "Profile" and "Swim log", so
            // Escape waits until the menu is gone, or it would land in the menu.
            try tmux.wait(for: "\(text) without the menu") { $0.contains(text) && !$0.contains("Pick an app") }
            try tmux.press("Escape")
            if let picker = between[index + 1] {
                try tmux.wait(forText: picker)
                try tmux.press("Escape")
            }
            try tmux.wait(forText: "Keyform demos", "Pick an app")
        }
        // The apps opened have their database now; the vacation app makes one per vacation.
        let after = try tmux.wait(forText: "[1] todo.sqlite           exists")
        #expect(after.contains("[5] checklist.sqlite      exists"), "\(after)")
        #expect(after.contains("[4] vacation-NAME.sqlite  one per vacation: My Vacation"), "\(after)")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func eachVacationHasItsOwnDatabase() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        for trip in ["Lisbon 2026", "Kyoto"] {
            let run = try FormRun(["demo", "vacation"], environment: ["XDG_DATA_HOME": data.path])
            defer { run.close() }
            let tmux = run.tmux
            if trip == "Lisbon 2026" {
                // The first start opens a vacation of its own, at once; q goes to the vacations.
                try tmux.wait(forText: "Vacation note · My Vacation · no records", "q vacations")
                try tmux.press("q")
                try tmux.wait(forText: "Which vacation", "[1] My Vacation")
            } else {
                // The earlier trips are offered; "/" types a new one.
                try tmux.wait(forText: "Which vacation", "Lisbon 2026", "My Vacation")
            }
            try tmux.press("/")
            try tmux.wait(forText: "› Vacation", "Tab keys")
            try tmux.type(trip)
            try tmux.press("Enter")
            try tmux.wait(forText: "Vacation note · \(trip) · no records", "q vacations")
            // Esc goes back to the vacations; Esc there leaves.
            try tmux.press("Escape")
            try tmux.wait(forText: "Which vacation", "[1] \(trip)")
            try tmux.press("Escape")
            #expect(try run.result().status == 0)
        }
        let folder = data.appendingPathComponent("keyform/demo").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }
            .sorted()
        #expect(files == ["vacation-Kyoto.sqlite", "vacation-Lisbon 2026.sqlite", "vacation-My Vacation.sqlite"])
    }

    /// Checklists: the first start's sample list; check an item, start another list,
    /// add an item (Done disabled while its text is empty), rename a list; the app
    /// opens the last list again next time, also after its rename.
    @Test func checklistsRememberTheLastOpenList() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
            defer { run.close() }
            let tmux = run.tmux
            // The first time: a sample list, and how to start one's own.
            let sample = try tmux.wait(
                forText: "Checklist item · List: Groceries · 3 records", "› Milk   ✗",
                "A sample list to try · q: your lists, where / starts a new one")
            #expect(sample.contains("  Bread  ✓"), "\(sample)")
            #expect(sample.contains("  Eggs   ✗"), "\(sample)")
            // Space checks Milk; the notice goes with the first key.
            try tmux.press("Space")
            try tmux.wait(forText: "› Milk   ✓", "q lists")
            // q goes back to the lists: each with how many items are left unchecked.
            try tmux.press("q")
            try tmux.wait(
                forText: "Checklists · pick a list", "[1] Groceries · 1 left", "[/] abc", "[r] Rename…", "[x] Delete…")
            try tmux.press("/")
            try tmux.wait(forText: "› List", "Tab keys")
            try tmux.type("Hardware")
            try tmux.press("Enter")
            try tmux.wait(forText: "Checklist item · List: Hardware · no records", "No records with List: Hardware yet")
            // a: the list is set, the item's text has the focus, Done waits for it.
            try tmux.press("a")
            try tmux.wait(forText: "  List*    Hardware", "› Item*", "[ Done ] disabled: Item is required")
            // Enter on the empty item says it is required (the Done line already said so).
            try tmux.press("Enter")
            try tmux.wait(forText: "› Item*", "✗ required", "[ Done ] disabled: Item is required")
            try tmux.type("Nails")
            try tmux.wait(forText: "[ Done ] ready")
            try tmux.press("C-s")
            try tmux.wait(forText: "Checklist item · List: Hardware · 1 record", "› Nails  ✗")
            try tmux.press("q")
            try tmux.wait(forText: "[1] Hardware · 1 left", "[2] Groceries · 1 left")
            // r renames a list: which, then its new name.
            try tmux.press("r")
            try tmux.wait(forText: "Rename which list?", "[2] Groceries")
            try tmux.press("2")
            try tmux.wait(forText: "A new name for the list “Groceries”", "› List")
            try tmux.type("Food shop")
            try tmux.press("Enter")
            try tmux.wait(forText: "[1] Hardware · 1 left", "[2] Food shop · 1 left")
            // Its items went with it.
            try tmux.press("2")
            let renamed = try tmux.wait(forText: "Checklist item · List: Food shop · 3 records", "› Milk   ✓")
            #expect(!renamed.contains("Nails"))
            try tmux.press("Escape")
            try tmux.wait(forText: "Checklists · pick a list")
            try tmux.press("Escape")
            #expect(try run.result().status == 0)
        }
        // Next time: straight into the list open last, by its new name.
        let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        try run.tmux.wait(forText: "Checklist item · List: Food shop · 3 records", "› Milk   ✓")
        try run.tmux.press("q")
        try run.tmux.wait(forText: "[1] Food shop · 1 left", "[2] Hardware · 1 left")
        try run.tmux.press("C-c")
        let result = try run.result()
        #expect(result.status == 130)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// Checklists: x deletes a list with its items, only after a confirmation that
    /// says how many; the app then opens the list opened before it.
    @Test func aChecklistIsDeletedOnlyAfterAConfirmation() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
            defer { run.close() }
            let tmux = run.tmux
            try tmux.wait(forText: "Checklist item · List: Groceries · 3 records")
            try tmux.press("q")
            try tmux.wait(forText: "[1] Groceries · 2 left")
            try tmux.press("/")
            try tmux.wait(forText: "› List", "Tab keys")
            try tmux.type("Hardware")
            try tmux.press("Enter")
            try tmux.wait(forText: "Checklist item · List: Hardware · no records")
            try tmux.press("q")
            // A list with no items yet is a list too (it was opened).
            try tmux.wait(forText: "[1] Hardware · 0 left", "[2] Groceries · 2 left")
            try tmux.press("x")
            try tmux.wait(forText: "Delete which list?", "[2] Groceries")
            try tmux.press("2")
            try tmux.wait(forText: "Delete the list “Groceries” and its 3 items?", "[y] Yes, delete", "[n] No, keep it")
            // n keeps it.
            try tmux.press("n")
            try tmux.wait(forText: "Checklists · pick a list", "[2] Groceries · 2 left")
            try tmux.press("x")
            try tmux.wait(forText: "Delete which list?", "[2] Groceries")
            try tmux.press("2")
            try tmux.wait(forText: "Delete the list “Groceries” and its 3 items?")
            try tmux.press("y")
            let lists = try tmux.wait(forText: "Checklists · pick a list", "[1] Hardware · 0 left")
            #expect(!lists.contains("Groceries"), "\(lists)")
            try tmux.press("C-c")
            #expect(try run.result().status == 130)
        }
        let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        // Hardware was opened after Groceries: it is the one opened, and no sample comes back.
        let screen = try run.tmux.wait(forText: "Checklist item · List: Hardware · no records")
        #expect(!screen.contains("A sample list"))
        try run.tmux.press("q")
        try run.tmux.wait(forText: "[1] Hardware · 0 left")
        try run.tmux.press("x")
        try run.tmux.wait(forText: "Delete which list?", "[1] Hardware")
        try run.tmux.press("1")
        try run.tmux.wait(forText: "Delete the list “Hardware” and its 0 items?")
        try run.tmux.press("y")
        // No list left: the keyboard, for a new one.
        try run.tmux.wait(forText: "Checklists · name your first list", "› List")
        try run.tmux.press("Escape")
        #expect(try run.result().status == 0)
    }

    /// Vacations: notes with tags, then only the notes of one tag, picked from the tags grid.
    @Test func vacationNotesFilteredByATag() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "vacation"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Vacation note · My Vacation · no records")
        try tmux.press("q")
        try tmux.wait(forText: "Which vacation", "[1] My Vacation")
        try tmux.press("/")
        try tmux.wait(forText: "› Vacation", "Tab keys")
        try tmux.type("Lisbon 2026")
        try tmux.press("Enter")
        try tmux.wait(forText: "Vacation note · Lisbon 2026 · no records")
        // Three notes: a, the place (typed the first time, then from its grid), tags by hotkey, d, the note.
        let notes: [(place: [String], tags: [String], note: String)] = [
            (["Alfama"], ["s", "f"], "Sunset over the river"),
            (["1"], ["c"], "Tram 28"),
            (["/", "Porto"], ["f"], "Francesinha"),
        ]
        for (count, note) in notes.enumerated() {
            try tmux.press("a")
            try tmux.wait(forText: "› Place*")
            for key in note.place {
                if key.count > 1 { try tmux.type(key) } else { try tmux.press(key) }
            }
            if note.place == ["Alfama"] || note.place.first == "/" { try tmux.press("Enter") }
            try tmux.wait(forText: "› Tags")
            for tag in note.tags { try tmux.press(tag) }
            try tmux.press("d")
            try tmux.wait(forText: "› Note")
            try tmux.type(note.note)
            try tmux.press("Enter")
            try tmux.wait(forText: "Vacation note · Lisbon 2026 · \(count + 1) record")
        }
        let all = try tmux.wait(forText: "› Porto   Food          Francesinha")
        #expect(all.contains("  Alfama  City          Tram 28"), "\(all)")
        #expect(all.contains("  Alfama  Sunset, Food  Sunset over the river"), "\(all)")
        // f: which field (the tags are 2), then the tag from the tags grid.
        try tmux.press("f")
        try tmux.wait(forText: "Show only the records whose…", "[2] Tags")
        try tmux.press("2")
        try tmux.wait(forText: "› Tags", "[f] Food", "[s] Sunset")
        try tmux.press("f")
        let food = try tmux.wait(forText: "Vacation note · Lisbon 2026 · Tags: Food · 2 records")
        #expect(food.contains("› Porto   Food          Francesinha"), "\(food)")
        #expect(food.contains("  Alfama  Sunset, Food  Sunset over the river"), "\(food)")
        #expect(!food.contains("Tram 28"))
        // Another tag: f again.
        try tmux.press("f")
        try tmux.wait(forText: "Show only the records whose…", "[2] Tags")
        try tmux.press("2")
        try tmux.wait(forText: "› Tags", "[c] City")
        try tmux.press("c")
        let city = try tmux.wait(forText: "Vacation note · Lisbon 2026 · Tags: City · 1 record")
        #expect(city.contains("› Alfama  City  Tram 28"), "\(city)")
        // Esc: all notes again; then by place: f 1, and the place from the places grid.
        try tmux.press("Escape")
        try tmux.wait(forText: "Vacation note · Lisbon 2026 · 3 records")
        try tmux.press("f")
        try tmux.wait(forText: "Show only the records whose…", "[1] Place")
        try tmux.press("1")
        try tmux.wait(forText: "› Place", "[1] Alfama")
        try tmux.press("1")
        let alfama = try tmux.wait(forText: "Vacation note · Lisbon 2026 · Place: Alfama · 2 records")
        #expect(alfama.contains("Tram 28") && alfama.contains("Sunset over the river"), "\(alfama)")
        #expect(!alfama.contains("Francesinha"))
        try tmux.press("Escape")
        try tmux.wait(forText: "Vacation note · Lisbon 2026 · 3 records")
        // Esc: the vacations; Esc: out.
        try tmux.press("Escape")
        try tmux.wait(forText: "Which vacation", "Lisbon 2026")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func anEntryIsStoredInTheAppsOwnDatabase() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "swim"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Swim · Page 1/2")
        try tmux.press("f", "a", "e", "C-s")
        // Quick entry: the next entry starts at once, past today's date.
        // (the first screen shows both texts too: Escape waits for the entry logged under it)
        try tmux.wait(
            forText: "Swim · Page 1/2", "› Stroke*", "Logged (newest first):", "Freestyle 400m Easy",
            "This week (since Mon ", "): 400 m", "  Freestyle 400 m")
        // Another stroke today: the week adds up per stroke, the most swum first.
        try tmux.press("b", "s", "e", "C-s")
        try tmux.wait(forText: "Backstroke 800m Easy", "): 1200 m", "  Backstroke 800 m · Freestyle 400 m")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        let database = data.appendingPathComponent("keyform/demo/swim.sqlite").path
        let list = Process()
        list.executableURL = FormRun.binary
        list.arguments = ["records", "list", "swim", "--format", "csv", "--db", database]
        list.currentDirectoryURL = FormRun.packageRoot
        let out = Pipe()
        list.standardOutput = out
        try list.run()
        let csv = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        list.waitUntilExit()
        #expect(csv.contains(",Freestyle,400,Easy,"), "\(csv)")
    }

    /// Vacations: r renames one (its database file), x deletes one, only after a
    /// confirmation that names the file and how many notes it holds.
    @Test func aVacationIsRenamedAndDeletedAfterAConfirmation() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let folder = data.appendingPathComponent("keyform/demo")
        func files() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".sqlite")
            }.sorted()
        }
        let run = try FormRun(["demo", "vacation"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        // A note in the first start's vacation.
        try tmux.wait(forText: "Vacation note · My Vacation · no records")
        try tmux.press("a")
        try tmux.wait(forText: "› Place*")
        try tmux.type("Belém")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Tags")
        try tmux.press("d")
        try tmux.wait(forText: "› Note")
        try tmux.type("Pastéis")
        try tmux.press("Enter")
        try tmux.wait(forText: "Vacation note · My Vacation · 1 record")
        try tmux.press("q")
        try tmux.wait(forText: "Which vacation", "[1] My Vacation", "[r] Rename…", "[x] Delete…")
        // A name that cannot name a file is refused, saying why; o goes back.
        func rename(to name: String) throws {
            try tmux.press("r")
            try tmux.wait(forText: "Rename which vacation?", "[1] My Vacation")
            try tmux.press("1")
            try tmux.wait(forText: "A new name for the vacation “My Vacation”", "› Vacation")
            try tmux.type(name)
            try tmux.press("Enter")
        }
        try rename(to: "Lisbon/Porto")
        try tmux.wait(forText: "A vacation's name cannot hold “/” (it names a file)", "[o] OK")
        try tmux.press("o")
        try tmux.wait(forText: "Which vacation", "[1] My Vacation")
        #expect(files() == ["vacation-My Vacation.sqlite"])
        // r: which, then the new name; the file is renamed.
        try rename(to: "Lisbon")
        try tmux.wait(forText: "Which vacation", "[1] Lisbon")
        #expect(files() == ["vacation-Lisbon.sqlite"])
        // x: which, then a confirmation naming the file and its notes; n keeps it.
        try tmux.press("x")
        try tmux.wait(forText: "Delete which vacation?", "[1] Lisbon")
        try tmux.press("1")
        try tmux.wait(
            forText: "Delete vacation-Lisbon.sqlite (the vacation “Lisbon”, 1 note)?", "[y] Yes, delete",
            "[n] No, keep it")
        try tmux.press("n")
        try tmux.wait(forText: "Which vacation", "[1] Lisbon")
        #expect(files() == ["vacation-Lisbon.sqlite"])
        // The renamed vacation still holds its note.
        try tmux.press("1")
        try tmux.wait(forText: "Vacation note · Lisbon · 1 record", "Belém")
        try tmux.press("q")
        try tmux.wait(forText: "Which vacation", "[1] Lisbon")
        try tmux.press("x")
        try tmux.wait(forText: "Delete which vacation?", "[1] Lisbon")
        try tmux.press("1")
        try tmux.wait(forText: "Delete vacation-Lisbon.sqlite (the vacation “Lisbon”, 1 note)?")
        try tmux.press("y")
        // None left: the keyboard, for a new one.
        // (Enter is not offered while the name is empty: it would only say it is required.)
        try tmux.wait(forText: "Which vacation", "› Vacation", "Esc cancel")
        #expect(files() == [])
        try tmux.press("Escape")
        #expect(try run.result().status == 0)
    }

    /// To-Do: s sorts by due date, then by priority (the footer names what s does
    /// next), then newest first again; an edit that changes nothing writes
    /// nothing (the record keeps its `updated`), one that changes a value does.
    @Test func toDosSortByDueAndPriorityAndAnEditWritesOnlyWhatChanged() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "todo"], environment: ["XDG_DATA_HOME": data.path], width: 100)
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "No records yet", "a add")
        // The due dates are picked from the calendar (Tab): t today, then a week on
        // (Down) or a day on (Right), Enter picks.
        let today = CivilDate.today()
        let todos: [(text: String, priority: String, due: String?)] = [
            ("Taxes", "h", "Down"), ("Call mum", "l", "Right"), ("Buy milk", "m", nil),
        ]
        for (count, todo) in todos.enumerated() {
            try tmux.press("a")
            try tmux.wait(forText: "New To-Do", "› Text*")
            try tmux.type(todo.text)
            try tmux.press("Enter")
            try tmux.wait(forText: "› Priority", "[h] High")
            try tmux.press(todo.priority)
            try tmux.wait(forText: "› Status")
            try tmux.press("Enter")
            try tmux.wait(forText: "› Due", "Tab keys")
            if let move = todo.due {
                try tmux.press("Tab")
                try tmux.wait(forText: "t today", "Mo ")
                try tmux.press("t")
                try tmux.wait(forText: "←↑↓→ move · t today", "Enter pick \(today)")
                try tmux.press(move)
                let day = today.adding(days: move == "Down" ? 7 : 1)
                try tmux.wait(forText: "Enter pick \(day)")
                try tmux.press("Enter")
                try tmux.wait(forText: "› Note", "  Due       \(day)")
            }
            try tmux.press("C-s")
            try tmux.wait(forText: "To-Do · \(count + 1) record", "s sort by Due")
        }
        func rows(_ screen: String) -> [String] {
            screen.split(separator: "\n").map(String.init).filter { $0.hasPrefix("› ") || $0.hasPrefix("  ") }
                .compactMap { line in todos.map(\.text).first { line.contains($0) } }
        }
        #expect(try tmux.screen().contains("Taxes     High      ✗ In progress  \(today.adding(days: 7))"))
        try tmux.press("s")
        let byDue = try tmux.wait(forText: "To-Do · by Due · 3 records", "s sort by Priority")
        #expect(rows(byDue) == ["Call mum", "Taxes", "Buy milk"], "\(byDue)")
        try tmux.press("s")
        let byPriority = try tmux.wait(forText: "To-Do · by Priority · 3 records", "s sort newest first")
        #expect(rows(byPriority) == ["Taxes", "Buy milk", "Call mum"], "\(byPriority)")
        try tmux.press("s")
        let newest = try tmux.wait(forText: "To-Do · 3 records", "s sort by Due")
        #expect(rows(newest) == ["Buy milk", "Call mum", "Taxes"], "\(newest)")

        let path = data.appendingPathComponent("keyform/demo/todo.sqlite").path
        func updated(_ text: String) throws -> Date? {
            let database = try AppDatabase.open(path: path)
            let form = Form(name: "todo", pages: [Form.Page(fields: [Field(id: "text")])])
            return try database.records(form: form).first { $0.values["text"] == .text(text) }?.updated
        }
        let before = try #require(try updated("Buy milk"))
        // Enter edits the highlighted to-do (the newest); Ctrl-S with nothing changed.
        try tmux.press("Enter")
        try tmux.wait(forText: "Edit To-Do", "› Text*     Buy milk")
        try tmux.press("C-s")
        try tmux.wait(forText: "To-Do · 3 records", "› Buy milk")
        #expect(try updated("Buy milk") == before)
        // A change is written.
        try tmux.press("Enter")
        try tmux.wait(forText: "Edit To-Do", "› Text*     Buy milk")
        try tmux.type(" and eggs")
        try tmux.press("C-s")
        try tmux.wait(forText: "To-Do · 3 records", "› Buy milk and eggs")
        #expect(try updated("Buy milk and eggs").map { $0 > before } == true)
        try tmux.press("q")
        #expect(try run.result().status == 0)
    }

    /// Profile: Done says that it saved, and the profile comes back as saved.
    @Test func theProfileSaysItWasSaved() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "profile"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        let first = try tmux.wait(forText: "› Name*")
        #expect(!first.contains("Saved"))
        try tmux.type("Ada")
        try tmux.press("C-s")
        try tmux.wait(forText: "✓ Saved “Ada” — it is stored; Esc leaves", "› Name*             Ada")
        try tmux.press("Escape")
        #expect(try run.result().status == 0)
    }
}
