import Foundation
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
        let apps = ["New To-Do", "Profile", "Swim", "Vacation note", "Checklist item", "新しいタスク"]
        for (index, title) in apps.enumerated() {
            #expect(menu.contains("[\(index + 1)] \(title)"), "\(title) is not in the menu:\n\(menu)")
        }
        // The list apps open on the list of their records (keyform browse); the others on an entry.
        let opens = ["No records yet", "Profile", "Swim", "Which vacation", "No records yet", "新しいタスク"]
        for (index, text) in opens.enumerated() {
            try tmux.press(String(index + 1))
            try tmux.wait(forText: text)
            try tmux.press("Escape")
            try tmux.wait(forText: "Pick an app")
        }
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
            try tmux.wait(forText: "Vacation note", "› Place*")
            try tmux.press("Escape")
            #expect(try run.result().status == 0)
        }
        let folder = data.appendingPathComponent("keyform/demo").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }.sorted()
        #expect(files == ["vacation-Kyoto.sqlite", "vacation-Lisbon 2026.sqlite"])
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
        try tmux.wait(forText: "Swim · Page 1/2", "› Date*")
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
