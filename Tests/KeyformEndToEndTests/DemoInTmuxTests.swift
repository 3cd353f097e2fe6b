import Foundation
import KeyformTestSupport
import Testing

/// `keyform demo` in a real terminal: the menu, into each app and back.
@Suite(.serialized) struct DemoInTmuxTests {
    @Test func theMenuOpensEveryAppAndComesBack() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        let menu = try tmux.wait(forText: "Keyform demos", "Pick an app")
        // Every app in demo/, by the number on its key, in the menu's order.
        let apps = ["To-Do", "Profile", "Swim log", "Vacations", "Checklists", "日本語のタスク"]
        for (index, title) in apps.enumerated() {
            #expect(menu.contains("[\(index + 1)] \(title)"), "\(title) is not in the menu:\n\(menu)")
        }
        // Under the grid: each app's database, none made yet.
        #expect(menu.contains("Data in \(data.path)/keyform/demo/ (one database per app"), "\(menu)")
        for line in ["[1] todo.sqlite           not created yet", "[4] vacation-NAME.sqlite  one per vacation; none yet",
                     "[5] checklist.sqlite      not created yet", "[6] japanese_task.sqlite  not created yet"] {
            #expect(menu.contains(line), "\(line) is not under the menu:\n\(menu)")
        }
        // The to-do app opens on the list of its records (keyform browse); the checklist
        // app, the first time, asks for a list's name; the vacation app which vacation;
        // the others on an entry.
        // Each text is one the menu does not show, so no key is sent before the app is there.
        let opens = ["No records yet", "› Name", "Swim · Page 1/2", "Which vacation", "Checklists · name your first list", "新しいタスク"]
        for (index, text) in opens.enumerated() {
            try tmux.press(String(index + 1))
            // The app's own screen: the menu also shows "Profile" and "Swim log", so
            // Escape waits until the menu is gone, or it would land in the menu.
            try tmux.wait(for: "\(text) without the menu") { $0.contains(text) && !$0.contains("Pick an app") }
            try tmux.press("Escape")
            try tmux.wait(forText: "Keyform demos", "Pick an app")
        }
        // The apps opened have their database now; the vacation app makes one per vacation.
        let after = try tmux.wait(forText: "[1] todo.sqlite           exists")
        #expect(after.contains("[5] checklist.sqlite      exists"), "\(after)")
        #expect(after.contains("[4] vacation-NAME.sqlite  one per vacation; none yet"), "\(after)")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func eachVacationHasItsOwnDatabase() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        for trip in ["Lisbon 2026", "Kyoto"] {
            let run = try FormRun(["demo", "vacation"], environment: ["XDG_DATA_HOME": data.path])
            defer { run.close() }
            let tmux = run.tmux
            try tmux.wait(forText: "Which vacation")
            if trip == "Kyoto" {
                // The earlier trip is offered; "/" types a new one.
                try tmux.wait(forText: "[1] Lisbon 2026")
                try tmux.press("/")
            }
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
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }.sorted()
        #expect(files == ["vacation-Kyoto.sqlite", "vacation-Lisbon 2026.sqlite"])
    }

    /// Checklists: name a list, add an item (Done disabled while its text is
    /// empty), check it, go back to the lists, start another; the app opens the
    /// last list again next time.
    @Test func checklistsRememberTheLastOpenList() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
            defer { run.close() }
            let tmux = run.tmux
            // The first time: a new list's name, typed.
            try tmux.wait(forText: "Checklists · name your first list", "› List*")
            try tmux.type("Groceries")
            try tmux.press("Enter")
            try tmux.wait(forText: "Checklist item · List: Groceries · no records", "No records with List: Groceries yet")
            // a: the list is set, the item's text has the focus, Done waits for it.
            try tmux.press("a")
            try tmux.wait(forText: "  List*    Groceries", "› Item*", "[ Done ] disabled: Item is required")
            try tmux.press("Enter")
            try tmux.wait(forText: "› Item*", "[ Done ] disabled: Item is required")
            try tmux.type("Milk")
            try tmux.wait(forText: "[ Done ] ready")
            try tmux.press("C-s")
            try tmux.wait(forText: "Checklist item · List: Groceries · 1 record", "› Milk  ✗")
            // Space checks it, Space again unchecks, and again.
            try tmux.press("Space")
            try tmux.wait(forText: "› Milk  ✓")
            try tmux.press("Space")
            try tmux.wait(forText: "› Milk  ✗")
            try tmux.press("Space")
            try tmux.wait(forText: "› Milk  ✓")
            // q goes back to the lists: Groceries, and / for a new one.
            try tmux.press("q")
            try tmux.wait(forText: "Checklists · pick a list", "[1] Groceries", "[/] abc")
            try tmux.press("/")
            try tmux.type("Hardware")
            try tmux.press("Enter")
            try tmux.wait(forText: "Checklist item · List: Hardware · no records")
            try tmux.press("a")
            try tmux.wait(forText: "  List*    Hardware", "› Item*")
            try tmux.type("Nails")
            try tmux.press("C-s")
            try tmux.wait(forText: "› Nails  ✗")
            // Back to the lists, and into Groceries again: its item as it was left.
            try tmux.press("q")
            try tmux.wait(forText: "[1] Hardware", "[2] Groceries")
            try tmux.press("2")
            let groceries = try tmux.wait(forText: "Checklist item · List: Groceries · 1 record", "› Milk  ✓")
            #expect(!groceries.contains("Nails"))
            try tmux.press("Escape")
            try tmux.wait(forText: "Checklists · pick a list")
            try tmux.press("Escape")
            #expect(try run.result().status == 0)
        }
        // Next time: straight into Groceries, the list open last.
        let run = try FormRun(["demo", "checklist"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        try run.tmux.wait(forText: "Checklist item · List: Groceries · 1 record", "› Milk  ✓")
        try run.tmux.press("q")
        try run.tmux.wait(forText: "[1] Groceries", "[2] Hardware")
        try run.tmux.press("C-c")
        let result = try run.result()
        #expect(result.status == 130)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    /// Vacations: notes with tags, then only the notes of one tag, picked from the tags grid.
    @Test func vacationNotesFilteredByATag() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "vacation"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Which vacation")
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
        try tmux.wait(forText: "› Tags*", "[f] Food", "[s] Sunset")
        try tmux.press("f")
        let food = try tmux.wait(forText: "Vacation note · Lisbon 2026 · Tags: Food · 2 records")
        #expect(food.contains("› Porto   Food          Francesinha"), "\(food)")
        #expect(food.contains("  Alfama  Sunset, Food  Sunset over the river"), "\(food)")
        #expect(!food.contains("Tram 28"))
        // Another tag: f again.
        try tmux.press("f")
        try tmux.wait(forText: "Show only the records whose…", "[2] Tags")
        try tmux.press("2")
        try tmux.wait(forText: "› Tags*", "[c] City")
        try tmux.press("c")
        let city = try tmux.wait(forText: "Vacation note · Lisbon 2026 · Tags: City · 1 record")
        #expect(city.contains("› Alfama  City  Tram 28"), "\(city)")
        // Esc: all notes again; Esc: the vacations; Esc: out.
        try tmux.press("Escape")
        try tmux.wait(forText: "Vacation note · Lisbon 2026 · 3 records")
        try tmux.press("Escape")
        try tmux.wait(forText: "Which vacation", "[1] Lisbon 2026")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func anEntryIsStoredInTheAppsOwnDatabase() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kf-demo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        let run = try FormRun(["demo", "swim"], environment: ["XDG_DATA_HOME": data.path])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "Swim · Page 1/2")
        try tmux.press("t", "f", "a", "e", "C-s")
        // Quick entry: the next entry starts at once.
        // (the first screen shows both texts too: Escape waits for the entry logged under it)
        try tmux.wait(forText: "Swim · Page 1/2", "› Date*", "Logged (newest first):", "Freestyle 400m Easy")
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
}
