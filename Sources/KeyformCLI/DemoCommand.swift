import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
import KeyformRun
import KeyformStore
import KeyformTerminal

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "A menu of the demo apps in demo/, each on its own demo database.",
        discussion: """
            The menu is itself a Keyform key grid: press an app's number (or move with the
            arrows and press Enter) to open it; Esc in the menu leaves. Each app keeps its
            records in its own database under $XDG_DATA_HOME/keyform/demo/ (created on
            first use; the menu lists them); drafts are resumed without asking.
            `keyform demo NAME` opens one app.

            The to-do app is the list of its records (keyform browse). The checklist app
            opens the list used last (the first time: asks for a list's name); q goes back
            to the lists. The vacation app asks which vacation (one database each), then
            lists its notes: a adds one, f filters them by a tag; q goes back to the vacations.
            """
    )

    @Argument(help: "Open this demo app directly (its form's name or file stem).")
    var app: String?

    @Flag(help: "No transitions (also when NO_MOTION is set).")
    var noAnimation = false

    func run() throws {
        // ArgumentParser calls run() on the main thread; readline and the terminal live there.
        try MainActor.assumeIsolated { try runApps() }
    }

    @MainActor
    private func runApps() throws {
        let apps = try DemoApps.find()
        if let app {
            guard let chosen = apps.first(where: { $0.name == app || $0.stem == app }) else {
                let names = apps.map(\.name)
                let hint = Suggestion.closest(to: app, among: names).map { "did you mean '\($0)'? " } ?? ""
                throw Failure(message: "no demo app '\(app)'; \(hint)the apps are: \(names.joined(separator: ", "))")
            }
            try open(chosen)
            return
        }
        while let chosen = try menu(apps) {
            try open(chosen)
        }
    }

    /// The menu as a one-field form whose grid has one key per app; nil when the person leaves.
    @MainActor
    private func menu(_ apps: [DemoApps.App]) throws -> DemoApps.App? {
        let keys = apps.enumerated().map { index, app in
            Layout.Key(label: app.title, text: app.name, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        let rows = stride(from: 0, to: keys.count, by: 2).map { Array(keys[$0..<min($0 + 2, keys.count)]) }
        let layout = Layout(title: "Pick an app", kind: .choice, pages: [Layout.Page(rows: rows)])
        let form = Form(title: "Keyform demos", name: "demo_menu",
                        pages: [Form.Page(fields: [Field(id: "app", label: "App", required: true, layout: "demo-menu", input: .grid, strict: true)])])
        let caption = DemoApps.databases(apps).map { Frame.Line($0.text, $0.missing ? .dim : []) }
        guard let record = try fill(form, layouts: ["demo-menu": layout], caption: caption) else { return nil }
        return apps.first { $0.name == record["app"]?.text }
    }

    /// A form of the demo's own (the menu, a picker) on the terminal, storing
    /// nothing: the record, or nil when the person leaves it with Esc.
    @MainActor
    private func fill(_ form: Form, layouts: [String: Layout], caption: [Frame.Line] = []) throws -> Record? {
        let run: StoredFormRun
        do { run = try StoredFormRun(form: form, layouts: layouts, store: nil, today: CivilDate.today()) } catch { throw Failure(message: "\(error)") }
        do {
            return try run.fillOnTerminal(from: FormStart(), noAnimation: noAnimation, caption: caption,
                                          withoutTerminal: WithoutTerminal.demo)
        } catch Departure.cancelled {
            return nil
        }
    }

    /// Runs one app on its demo database, until the person leaves it: the to-do
    /// app as the browse list of its records; checklists and vacations as a
    /// list of lists (or of vacations) and the records of one; the others as
    /// one entry after another.
    @MainActor
    private func open(_ app: DemoApps.App) throws {
        let (loaded, diagnostics) = FormFiles.load(path: app.path)
        FormFiles.reportErrors(diagnostics)
        guard let loaded else { throw ExitCode(ExitStatus.badUsage) }
        switch app.name {
        case "todo":
            try browse(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)))
        case "checklist":
            try checklists(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)))
        case "vacation":
            // One database per vacation: pick one of the earlier ones, or name a new one.
            while let trip = try pickTrip(for: app) {
                let database = try Self.openDatabase(DemoApps.databasePath(for: app, trip: trip))
                var notes = loaded
                notes.form.title = (loaded.form.title ?? loaded.form.name) + " · " + trip
                try browse(notes, on: database, leaveLabel: "vacations")
            }
        default:
            try entries(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)))
        }
    }

    private static func openDatabase(_ path: String) throws -> any RecordStore {
        do { return try AppDatabase.open(path: path) } catch { throw Failure(message: "\(error)", status: 1) }
    }

    /// The browse list of the form's records (those meeting `scope`), until the person leaves it.
    @MainActor
    private func browse(_ loaded: LoadedForm, on database: any RecordStore, scope: [FieldMatch] = [], leaveLabel: String = "quit") throws {
        try BrowseCommand.browse(loaded, scope: scope, leaveLabel: leaveLabel, noAnimation: noAnimation,
                                 withoutTerminal: WithoutTerminal.demo, open: { database }).leftNormally()
    }

    /// Checklists: the items of one list (`browse --where list=NAME`); leaving it
    /// goes to the lists, where picking one (or naming a new one) opens it and
    /// is stored (`checklist_opened`), so the app opens the last one next time.
    @MainActor
    private func checklists(_ loaded: LoadedForm, on database: any RecordStore) throws {
        var list = try? database.lastValue(form: Checklists.opened, field: "list")
        while true {
            if list == nil {
                guard let picked = try pickList(database) else { return }
                do {
                    try database.saveRecord(Record(values: [("list", .text(picked))]), form: Checklists.opened)
                } catch {
                    throw Failure(message: "cannot remember the list: \(error)", status: 1)
                }
                list = picked
            }
            try browse(loaded, on: database, scope: [FieldMatch(field: "list", value: list.map(FieldValue.text))], leaveLabel: "lists")
            list = nil
        }
    }

    /// Quick entry: one entry after another, each stored as it is submitted; Esc leaves.
    @MainActor
    private func entries(_ loaded: LoadedForm, on database: any RecordStore) throws {
        var run = try StoredFormRun(loaded, store: database)
        while true {
            let start = try run.startOnTerminal(drafts: .resume, withoutTerminal: WithoutTerminal.demo)
            let record: Record
            do {
                record = try run.fillOnTerminal(from: start, noAnimation: noAnimation, caption: Self.recentLines(run.form, database),
                                                withoutTerminal: WithoutTerminal.demo)
            } catch Departure.cancelled {
                return
            }
            do { try run.save(record) } catch { throw Failure(message: error.message(), status: error.exitStatus) }
            // Anew for each entry: `choices` grids show what was just stored.
            run = run.reloaded() ?? run
        }
    }
}

extension DemoCommand {
    /// The last entries, newest first, each rendered through the form's template
    /// (the swim log's `2026-11-22 Freestyle 400m Easy`): what quick entry is for,
    /// shown under the form while the next one is made. None without a template.
    static func recentLines(_ form: Form, _ database: any RecordStore, count: Int = 5) -> [Frame.Line] {
        guard form.template != nil, let records = try? database.records(form: form, limit: count) else { return [] }
        let lines = records.compactMap { stored in
            (try? RecordFormat.template(stored.values, form: form)).map { Frame.Line("  " + TerminalSafe.escaped($0.trimmingCharacters(in: .newlines))) }
        }
        return lines.isEmpty ? [] : [Frame.Line("Logged (newest first):", .dim)] + lines
    }
}

/// The checklist app's list of lists.
enum Checklists {
    /// Each list opened from the lists, one record per opening: the newest is
    /// the one the app opens next time, and the lists are offered newest first.
    static let opened = Form(title: "Checklists", name: "checklist_opened", pages: [Form.Page(fields: [
        Field(id: "list", label: "List", required: true),
    ])])

    /// The lists, newest first: those opened before, then any other the items name
    /// (an item moved to a list never opened).
    static func lists(_ database: any RecordStore) -> [String] {
        let opened = (try? database.choiceValues(Field.ChoiceSource(form: Self.opened.name, field: "list", limit: 50))) ?? []
        let named = (try? database.choiceValues(Field.ChoiceSource(form: "checklist", field: "list", limit: 50))) ?? []
        return opened + named.filter { !opened.contains($0) }
    }
}

extension DemoCommand {
    /// The lists as a grid (the newest first: the one open last), with `/` to
    /// type a new list's name; the keyboard when there are none yet. Nil when
    /// the person leaves.
    @MainActor
    private func pickList(_ database: any RecordStore) throws -> String? {
        let lists = Checklists.lists(database)
        let title = lists.isEmpty ? "Checklists · name your first list" : "Checklists · pick a list (a new name starts a new one)"
        return try pickOrName(title: title, label: "List", grid: "Lists", values: lists)
    }

    /// The app's earlier trips (its databases) as a grid, with `/` to type a new
    /// name; nil when the person leaves.
    @MainActor
    private func pickTrip(for app: DemoApps.App) throws -> String? {
        try pickOrName(title: "Which vacation? (a new name starts a new database)", label: "Vacation", grid: "Vacations",
                       values: DemoApps.trips(of: app), pattern: "^[^/]+$")
    }

    /// A one-field form: a grid of `values` (hotkeys 1–9, `/` to type a new one),
    /// or the keyboard when there are none. The value picked or typed; nil when
    /// the person leaves.
    @MainActor
    private func pickOrName(title: String, label: String, grid: String, values: [String], pattern: String? = nil) throws -> String? {
        let field = Field(id: "value", label: label, required: true, layout: "values", input: values.isEmpty ? .keyboard : .grid,
                          pattern: pattern)
        let form = Form(title: title, name: "demo_pick", pages: [Form.Page(fields: [field])])
        return try fill(form, layouts: ["values": ChoiceLayout.make(title: grid, values: values)])?["value"]?.text
    }
}

/// The demo apps: the form files in `demo/`.
enum DemoApps {
    struct App {
        var name: String
        var stem: String
        var title: String
        var path: String
    }

    /// What the menu calls the apps (their forms' titles name one entry: "New To-Do");
    /// a form added to `demo/` without a name here shows its title.
    static let menuNames = [
        "todo": "To-Do", "profile": "Profile", "swim": "Swim log", "vacation": "Vacations",
        "checklist": "Checklists", "japanese": "日本語のタスク",
    ]

    /// `demo/` in the current folder, else the one in Keyform's source tree (for `swift run` from elsewhere).
    static func folder() -> String? {
        let here = "demo"
        if FileManager.default.fileExists(atPath: here + "/todo.yaml") { return here }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = source.appendingPathComponent("demo").path
        return FileManager.default.fileExists(atPath: fallback) ? fallback : nil
    }

    static func find() throws -> [App] {
        guard let folder = folder() else { throw Failure(message: "no demo/ folder here; run keyform demo from Keyform's source folder") }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // The apps people should try first come first; others follow by name.
        let order = ["todo", "profile", "swim", "vacation", "checklist"]
        func rank(_ file: String) -> (Int, String) { (order.firstIndex(of: (file as NSString).deletingPathExtension) ?? order.count, file) }
        return files.filter { $0.hasSuffix(".yaml") && !SourceFiles.isTestFile($0) }.sorted { rank($0) < rank($1) }.compactMap { file in
            let path = folder + "/" + file
            guard let form = FormFiles.load(path: path).form?.form else { return nil }
            let stem = (file as NSString).deletingPathExtension
            return App(name: form.name, stem: stem, title: menuNames[stem] ?? form.title ?? form.name, path: path)
        }
    }

    static var dataFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.local/share"
        return data + "/keyform/demo"
    }

    static var displayFolder: String {
        dataFolder.replacingOccurrences(of: NSHomeDirectory(), with: "~")
    }

    static func databasePath(for app: App) -> String { dataFolder + "/\(app.name).sqlite" }

    static func databasePath(for app: App, trip: String) -> String { dataFolder + "/\(app.name)-\(trip).sqlite" }

    /// The menu's note on where each app keeps its records: one line per app
    /// (its number in the menu, its database file, whether it exists yet; the
    /// vacations a per-trip app has), after a heading. `missing`: not created yet.
    static func databases(_ apps: [App]) -> [(text: String, missing: Bool)] {
        var lines: [(text: String, missing: Bool)] = [("Data in \(TerminalSafe.escaped(displayFolder))/ (one database per app, made on first use)", false)]
        let rows = apps.enumerated().map { index, app -> (file: String, status: String, missing: Bool) in
            let number = index < 9 ? "[\(index + 1)] " : "    "
            if app.name == "vacation" {
                let trips = trips(of: app).map(TerminalSafe.escaped)
                return (number + app.name + "-NAME.sqlite", trips.isEmpty ? "one per vacation; none yet" : "one per vacation: " + trips.joined(separator: ", "), trips.isEmpty)
            }
            let exists = FileManager.default.fileExists(atPath: databasePath(for: app))
            return (number + app.name + ".sqlite", exists ? "exists" : "not created yet", !exists)
        }
        let width = rows.map { TextWidth.cells($0.file) }.max() ?? 0
        lines += rows.map { ("  " + TextWidth.pad($0.file, toCells: width) + "  " + $0.status, $0.missing) }
        return lines
    }

    /// The trips an app has databases for, newest first.
    static func trips(of app: App) -> [String] {
        let prefix = app.name + "-", suffix = ".sqlite"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dataFolder)) ?? []
        let files = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
        func modified(_ name: String) -> Date {
            ((try? FileManager.default.attributesOfItem(atPath: dataFolder + "/" + name))?[.modificationDate] as? Date) ?? .distantPast
        }
        return files.sorted { modified($0) > modified($1) }.map { String($0.dropFirst(prefix.count).dropLast(suffix.count)) }
    }
}
