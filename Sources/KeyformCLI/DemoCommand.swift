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
            The menu is itself a Keyform key grid: press an app's number (or move with the \
            arrows and press Enter) to open it; Esc in the menu leaves. Each app keeps its \
            records in its own database under $XDG_DATA_HOME/keyform/demo/ (created on \
            first use; the menu lists them); drafts are resumed without asking. \
            `keyform demo NAME` opens one app.

            The to-do app is the list of its records (keyform browse; s sorts by due date, \
            then by priority). The checklist app opens the list used last (the first time: a \
            sample list); q goes back to the lists, where r renames and x deletes one. The \
            vacation app opens a vacation's notes (one database each; the first time "My \
            Vacation"): a adds one, f filters them by place or tag; q goes back to the \
            vacations, where r renames and x deletes one.
            """
    )

    @Argument(help: "Open this demo app directly (its form's name or file stem).")
    var app: String?

    @Flag(help: "No transitions (also when NO_MOTION is set, or the config says animation: false).")
    var noAnimation = false

    @Flag(help: "No clicks or wheel: the terminal keeps the mouse (also when the config says mouse: false).")
    var noMouse = false

    func run() throws {
        // ArgumentParser calls run() on the main thread; readline and the terminal live there.
        _ = try Settings.load()  // a broken config stops the demo before it takes the terminal
        try MainActor.assumeIsolated { try runApps() }
    }

    @MainActor
    private func runApps() throws {
        let apps = try DemoApps.find()
        if let app {
            guard let chosen = apps.first(where: { $0.name == app || $0.stem == app }) else {
                let names = apps.map(\.name)
                throw Failure(.noDemoApp(app, suggestion: Suggestion.closest(to: app, among: names), apps: names))
            }
            try open(chosen, leaveLabel: .hintQuit)
            return
        }
        while let chosen = try menu(apps) {
            try open(chosen, leaveLabel: .hintMenu)
        }
    }

    /// The menu as a one-field form whose grid has one key per app; nil when the person leaves.
    @MainActor
    private func menu(_ apps: [DemoApps.App]) throws -> DemoApps.App? {
        let keys = apps.enumerated().map { index, app in
            Layout.Key(label: app.title, text: app.name, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        // Three to a row past six apps: the list of their databases under the grid still fits 80x24.
        let columns = keys.count > 6 ? 3 : 2
        let rows = stride(from: 0, to: keys.count, by: columns).map { Array(keys[$0..<min($0 + columns, keys.count)]) }
        let say = Speaking.language.text
        let layout = Layout(title: say(.demoPickAnApp), kind: .choice, pages: [Layout.Page(rows: rows)])
        let form = Form(
            title: say(.demoMenuTitle), name: "demo_menu",
            pages: [
                Form.Page(fields: [
                    Field(
                        id: "app", label: say(.demoAppLabel), required: true, layout: "demo-menu", input: .grid,
                        strict: true)
                ])
            ],
            presentation: .picker)
        let caption = DemoApps.databases(apps).map { Frame.Line($0.text, $0.missing ? .dim : []) }
        guard let record = try fill(form, layouts: ["demo-menu": layout], caption: caption) else { return nil }
        return apps.first { $0.name == record["app"]?.text }
    }

    /// A form of the demo's own (the menu, a picker) on the terminal, storing
    /// nothing: the record, or nil when the person leaves it with Esc.
    @MainActor
    private func fill(_ form: Form, layouts: [String: Layout], caption: [Frame.Line] = []) throws -> Record? {
        let run: StoredFormRun
        do { run = try StoredFormRun(form: form, layouts: layouts, store: nil, clock: .now()) } catch {
            throw Failure(message: Speaking.describe(error))
        }
        do {
            return try run.fillOnTerminal(
                from: FormStart(), noAnimation: noAnimation, noMouse: noMouse, caption: caption,
                withoutTerminal: WithoutTerminal.demo)
        } catch Departure.cancelled {
            return nil
        }
    }

    /// Runs one app on its demo database, until the person leaves it: the to-do
    /// app as the browse list of its records; checklists and vacations as a
    /// list of lists (or of vacations) and the records of one; the others as
    /// one entry after another.
    /// - Parameter leaveLabel: what leaving the app is, as its footer names it
    ///   (`menu` when it goes back to the menu).
    @MainActor
    private func open(_ app: DemoApps.App, leaveLabel: Message) throws {
        let (loaded, diagnostics) = FormFiles.load(path: app.path)
        FormFiles.reportErrors(diagnostics)
        guard let loaded else { throw ExitCode(ExitStatus.badUsage) }
        switch app.name {
        case "todo":
            try browse(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)), leaveLabel: leaveLabel)
        case "checklist":
            try checklists(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)))
        case "vacation":
            try vacations(app, loaded)
        default:
            try entries(loaded, on: try Self.openDatabase(DemoApps.databasePath(for: app)), weekly: app.name == "swim")
        }
    }

    private static func openDatabase(_ path: String) throws -> any RecordStore {
        do { return try StoreOpener.open(.file(path)) } catch {
            throw Failure(message: Speaking.describe(error), status: 1)
        }
    }

    /// The browse list of the form's records (those meeting `scope`), until the person leaves it.
    @MainActor
    private func browse(
        _ loaded: LoadedForm, on database: any RecordStore, scope: [FieldMatch] = [], leaveLabel: Message = .hintQuit,
        notice: String? = nil
    ) throws {
        try BrowseCommand.browse(
            loaded, scope: scope, leaveLabel: leaveLabel, notice: notice, noAnimation: noAnimation, noMouse: noMouse,
            withoutTerminal: WithoutTerminal.demo, open: { database }
        ).leftNormally()
    }

    /// Checklists: the items of one list (`browse --where list=NAME`); leaving it
    /// goes to the lists, where picking one (or naming a new one) opens it and
    /// is stored (`checklist_opened`), so the app opens the last one next time.
    @MainActor
    private func checklists(_ loaded: LoadedForm, on database: any RecordStore) throws {
        var notice: String?
        // The first start: a sample list to try, and a word on how to make one's own.
        if Checklists.lists(database).isEmpty {
            do { try Checklists.addSample(database, form: loaded.form, language: Speaking.language) } catch {
                throw Failure(.cannotMakeSampleList(reason: Speaking.describe(error)), status: 1)
            }
            notice = Self.say(.sampleListNotice)
        }
        var list = (try? database.lastValue(form: Checklists.opened, field: "list"))??.text
        while true {
            if list == nil {
                guard let picked = try pickList(database, form: loaded.form) else { return }
                do {
                    try database.saveRecord(Record(values: [("list", .text(picked))]), form: Checklists.opened)
                } catch {
                    throw Failure(.cannotRememberList(reason: Speaking.describe(error)), status: 1)
                }
                list = picked
            }
            try browse(
                loaded, on: database, scope: [FieldMatch(field: "list", value: list.map(FieldValue.text))],
                leaveLabel: .hintLists,
                notice: notice)
            notice = nil
            list = nil
        }
    }

    /// Vacations, one database each: the first start opens "My Vacation"
    /// (私の休暇 in Japanese; made then), so a note can be written at once;
    /// leaving a vacation's notes goes to the vacations, where one is picked,
    /// named anew, renamed or deleted.
    @MainActor
    private func vacations(_ app: DemoApps.App, _ loaded: LoadedForm) throws {
        var first: String? = DemoApps.trips(of: app).isEmpty ? Self.say(.defaultVacation) : nil
        while true {
            let trip: String
            if let name = first {
                trip = name
                first = nil
            } else {
                guard let picked = try pickTrip(for: app, form: loaded.form) else { return }
                trip = picked
            }
            let database = try Self.openDatabase(DemoApps.databasePath(for: app, trip: trip))
            var notes = loaded
            notes.form.title = (loaded.form.title ?? loaded.form.name) + " · " + trip
            try browse(notes, on: database, leaveLabel: .hintVacations)
        }
    }

    /// Quick entry: one entry after another, each stored as it is submitted; Esc leaves.
    /// - Parameter weekly: the swim log's week of totals under the last entries.
    @MainActor
    private func entries(_ loaded: LoadedForm, on database: any RecordStore, weekly: Bool = false) throws {
        var run = try StoredFormRun(loaded, store: database)
        var saved: [Frame.Line] = []
        while true {
            let start = try run.startOnTerminal(drafts: .resume, withoutTerminal: WithoutTerminal.demo)
            let record: Record
            let stored: Result<Int64?, StoredFormRun.NotStored>
            var caption = saved + Self.recentLines(run.form, database)
            if weekly { caption += Self.weekLines(run.form, database, today: run.context.today) }
            do {
                // Saved while the form says so, as `keyform run` saves.
                (record, stored) = try run.fillAndSaveOnTerminal(
                    from: start, noAnimation: noAnimation, noMouse: noMouse, caption: caption,
                    withoutTerminal: WithoutTerminal.demo)
            } catch Departure.cancelled {
                return
            }
            do { _ = try stored.get() } catch { throw Failure(error.said(), status: error.exitStatus) }
            // Done stored it: the next screen says so (the profile comes back as it was saved).
            let name =
                run.form.template != nil
                ? (try? RecordFormat.template(record, form: run.form)).map {
                    TextWidth.truncate(
                        TerminalSafe.escaped($0.trimmingCharacters(in: .whitespacesAndNewlines)), toCells: 50)
                }
                : nil
            let said =
                name
                ?? RecordListEngine.summary(
                    of: RecordListRow(id: 0, values: record), run.form, language: Speaking.language)
            saved = [Frame.Line(Speaking.language.text(.demoSaved(summary: said)), .bold)]
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
            (try? RecordFormat.template(stored.values, form: form)).map {
                Frame.Line("  " + TerminalSafe.escaped($0.trimmingCharacters(in: .newlines)))
            }
        }
        return lines.isEmpty ? [] : [Frame.Line(Speaking.language.text(.demoLogged), .dim)] + lines
    }

    /// The swim log's week so far: the distance per stroke since Monday, from
    /// the store (`WeekTotals`). None before the week's first swim.
    static func weekLines(_ form: Form, _ database: any RecordStore, today: CivilDate) -> [Frame.Line] {
        let monday = WeekTotals.monday(of: today)
        // Newest first: a week's entries are among the newest few hundred.
        guard let records = try? database.records(form: form, limit: 500) else { return [] }
        let sums = WeekTotals.sums(
            records.map(\.values), date: "date", group: "stroke", amount: "distance", today: today)
        guard !sums.isEmpty else { return [] }
        let total = sums.reduce(0) { $0 + $1.total }
        let parts = sums.map { TerminalSafe.escaped($0.group) + " \($0.total) m" }
        return [
            Frame.Line(say(.weekSince(monday: monday, metres: total)), .dim),
            Frame.Line("  " + parts.joined(separator: " · ")),
        ]
    }
}

/// The checklist app's list of lists.
enum Checklists {
    /// Each list opened from the lists, one record per opening: the newest is
    /// the one the app opens next time, and the lists are offered newest first.
    static let opened = Form(
        title: "Checklists", name: "checklist_opened",
        pages: [
            Form.Page(fields: [
                Field(id: "list", label: "List", required: true)
            ])
        ])

    /// The lists, newest first: those opened before, then any other the items name
    /// (an item moved to a list never opened).
    static func lists(_ database: any RecordStore) -> [String] {
        let opened =
            (try? database.choiceValues(Field.ChoiceSource(form: Self.opened.name, field: "list", limit: 50))) ?? []
        let named = (try? database.choiceValues(Field.ChoiceSource(form: "checklist", field: "list", limit: 50))) ?? []
        return opened + named.filter { !opened.contains($0) }
    }
}

extension DemoCommand {
    /// The demo's own words in the command's language.
    static func say(_ words: DemoWords) -> String { words.said(in: Speaking.language) }

    /// What the person did on a list of lists (or of vacations).
    enum Pick: Equatable {
        /// Open this one (picked, or a new name typed).
        case open(String)
        case rename
        case delete
    }

    /// The lists as a grid (the newest first: the one open last), each with how
    /// many of its items are left unchecked; `/` types a new list's name, r
    /// renames and x deletes a list. Nil when the person leaves.
    @MainActor
    private func pickList(_ database: any RecordStore, form: Form) throws -> String? {
        while true {
            let lists = Checklists.lists(database)
            let labels = lists.map {
                Self.say(.listLeft($0, unchecked: Checklists.unchecked(in: $0, database, form: form)))
            }
            let title = Self.say(lists.isEmpty ? .checklistsNameYourFirst : .checklistsPickAList)
            switch try pickOrName(
                title: title, label: Self.say(.listLabel), grid: Self.say(.listsGridTitle), values: lists,
                labels: labels)
            {
            case nil: return nil
            case .open(let name)?: return name
            case .rename?:
                guard let old = try pickOne(title: Self.say(.renameWhichList), values: lists),
                    let new = try askName(
                        title: Self.say(.newNameForList(TerminalSafe.escaped(old))), label: Self.say(.listLabel))
                else { continue }
                do { try Checklists.rename(old, to: new, database, form: form) } catch {
                    throw Failure(.cannotRenameList(reason: Speaking.describe(error)), status: 1)
                }
            case .delete?:
                guard let list = try pickOne(title: Self.say(.deleteWhichList), values: lists) else { continue }
                let count = (try? database.recordCount(form: form, where: [Checklists.match(list)])) ?? 0
                guard try confirm(.deleteList(TerminalSafe.escaped(list), items: count)) else { continue }
                do { try Checklists.delete(list, database, form: form) } catch {
                    throw Failure(.cannotDeleteList(reason: Speaking.describe(error)), status: 1)
                }
            }
        }
    }

    /// The app's vacations (its databases) as a grid, with `/` to type a new
    /// name, r to rename one (its file) and x to delete one (after a
    /// confirmation naming its file and notes); nil when the person leaves.
    @MainActor
    private func pickTrip(for app: DemoApps.App, form: Form) throws -> String? {
        while true {
            let trips = DemoApps.trips(of: app)
            switch try pickOrName(
                title: Self.say(.whichVacation), label: Self.say(.vacationLabel), grid: Self.say(.vacationsGridTitle),
                values: trips)
            {
            case nil: return nil
            case .open(let name)?:
                guard let problem = Vacations.problem(withName: name) else { return name }
                try tell(problem)
            case .rename?:
                guard let old = try pickOne(title: Self.say(.renameWhichVacation), values: trips),
                    let new = try askName(
                        title: Self.say(.newNameForVacation(TerminalSafe.escaped(old))),
                        label: Self.say(.vacationLabel))
                else { continue }
                if let problem = Vacations.problem(withName: new) ?? Vacations.rename(app, old, to: new) {
                    try tell(problem)
                }
            case .delete?:
                guard let trip = try pickOne(title: Self.say(.deleteWhichVacation), values: trips) else { continue }
                let path = DemoApps.databasePath(for: app, trip: trip)
                // Counted with the database closed again before the file goes.
                let count = try { () throws -> Int in
                    let database = try Self.openDatabase(path)
                    return (try? database.recordCount(form: form)) ?? 0
                }()
                let file = TerminalSafe.escaped((path as NSString).lastPathComponent)
                guard try confirm(.deleteVacation(file: file, vacation: TerminalSafe.escaped(trip), notes: count))
                else {
                    continue
                }
                if let problem = Vacations.delete(path) { try tell(problem) }
            }
        }
    }

    /// A one-field picker (no Done line: a key or Enter answers it): a grid of `values` (shown as `labels`; hotkeys 1–9),
    /// `/` to type a new one, r to rename and x to delete one of them (when
    /// there are some), or the keyboard when there are none. Nil when the person leaves.
    @MainActor
    private func pickOrName(
        title: String, label: String, grid: String, values: [String], labels: [String]? = nil
    ) throws -> Pick? {
        var keys = values.enumerated().map { index, value in
            Layout.Key(
                label: labels?[index] ?? value, text: value, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        keys.append(
            values.isEmpty
                ? ChoiceLayout.keyboardKey(noneYet: "/") : Layout.Key(label: "abc", hotkey: "/", action: .keyboard))
        if !values.isEmpty {
            // Their texts begin with a slash, which a typed name may not: no name is taken for them.
            keys.append(Layout.Key(label: Self.say(.renameKey), text: Self.renameKey, hotkey: "r"))
            keys.append(Layout.Key(label: Self.say(.deleteKey), text: Self.deleteKey, hotkey: "x"))
        }
        let rows = stride(from: 0, to: keys.count, by: 3).map { Array(keys[$0..<min($0 + 3, keys.count)]) }
        let layout = Layout(title: grid, kind: .choice, pages: [Layout.Page(rows: rows)])
        let field = Field(
            id: "value", label: label, required: true, layout: "values", input: values.isEmpty ? .keyboard : .grid)
        let form = Form(title: title, name: "demo_pick", pages: [Form.Page(fields: [field])], presentation: .picker)
        while true {
            guard let value = try fill(form, layouts: ["values": layout])?["value"]?.text else { return nil }
            switch value {
            case Self.renameKey: return .rename
            case Self.deleteKey: return .delete
            case let name where name.hasPrefix("/"):
                try tell(.nameCannotBeginWithSlash)
            default: return .open(value)
            }
        }
    }

    private static let renameKey = "/rename"
    private static let deleteKey = "/delete"

    /// One of `values` from a grid (no typing); nil when the person leaves.
    @MainActor
    private func pickOne(title: String, values: [String]) throws -> String? {
        let keys = values.enumerated().map { index, value in
            Layout.Key(label: value, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        let rows = stride(from: 0, to: keys.count, by: 3).map { Array(keys[$0..<min($0 + 3, keys.count)]) }
        let field = Field(
            id: "value", label: Self.say(.whichLabel), required: true, layout: "values", input: .grid, strict: true)
        let form = Form(title: title, name: "demo_pick", pages: [Form.Page(fields: [field])], presentation: .picker)
        let layout = Layout(title: Self.say(.pickOneTitle), kind: .choice, pages: [Layout.Page(rows: rows)])
        return try fill(form, layouts: ["values": layout])?["value"]?.text
    }

    /// A name typed on the keyboard; nil when the person leaves.
    @MainActor
    private func askName(title: String, label: String) throws -> String? {
        let form = Form(
            title: title, name: "demo_name",
            pages: [Form.Page(fields: [Field(id: "value", label: label, required: true)])],
            presentation: .picker)
        return try fill(form, layouts: [:])?["value"]?.text
    }

    /// A message to read (what could not be done); o (or Esc) goes back.
    @MainActor
    private func tell(_ words: DemoWords) throws {
        _ = try confirm(words, onlyOK: true)
    }

    /// A question answered with y (yes) or n (no; also Esc): true only for yes.
    /// `onlyOK`: a message to read, with one key (o; also Esc) that goes back.
    @MainActor
    private func confirm(_ question: DemoWords, onlyOK: Bool = false) throws -> Bool {
        let keys =
            onlyOK
            ? [Layout.Key(label: Self.say(.ok), text: "ok", hotkey: "o")]
            : [
                Layout.Key(label: Self.say(.yesDelete), text: "yes", hotkey: "y"),
                Layout.Key(label: Self.say(.noKeepIt), text: "no", hotkey: "n"),
            ]
        let field = Field(
            id: "answer", label: Self.say(onlyOK ? .ok : .sure), required: true, layout: "answer", input: .grid,
            strict: true)
        let form = Form(
            title: Self.say(question), name: "demo_confirm", pages: [Form.Page(fields: [field])],
            presentation: .picker)
        let layout = Layout(
            title: Self.say(onlyOK ? .okGoesBack : .yesDeletesNoKeeps), kind: .choice,
            pages: [Layout.Page(rows: [keys])])
        return try fill(form, layouts: ["answer": layout])?["answer"]?.text == "yes"
    }
}

/// The vacation app's databases, one per vacation.
enum Vacations {
    /// The most bytes a name may have: its longest file, `vacation-NAME.sqlite-journal`,
    /// within the 255 bytes a file name has on Linux's file systems (a name in
    /// Japanese takes 3 bytes a character: 77 characters).
    static let mostBytes = 255 - "vacation-.sqlite-journal".utf8.count

    /// Why `name` cannot name a vacation (its database file); nil when it can.
    static func problem(withName name: String) -> DemoWords? {
        if name.contains("/") { return .vacationNameHoldsSlash }
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return .vacationNeedsName }
        if name.utf8.count > mostBytes { return .vacationNameTooLong(bytes: name.utf8.count, most: mostBytes) }
        return nil
    }

    /// The database's files: the file, and SQLite's journal files beside it when there are any.
    private static func files(_ path: String) -> [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// Renames the vacation's database file; a message when it cannot.
    static func rename(_ app: DemoApps.App, _ old: String, to new: String) -> DemoWords? {
        guard old != new else { return nil }
        let from = DemoApps.databasePath(for: app, trip: old), to = DemoApps.databasePath(for: app, trip: new)
        let manager = FileManager.default
        if manager.fileExists(atPath: to) { return .vacationExists(TerminalSafe.escaped(new)) }
        for (source, target) in zip(files(from), files(to)) where manager.fileExists(atPath: source) {
            do { try manager.moveItem(atPath: source, toPath: target) } catch {
                return .cannotRename(
                    path: TerminalSafe.escaped(source), reason: TerminalSafe.escaped(error.localizedDescription))
            }
        }
        return nil
    }

    /// Removes the vacation's database file; a message when it cannot.
    static func delete(_ path: String) -> DemoWords? {
        for file in files(path) where FileManager.default.fileExists(atPath: file) {
            do { try FileManager.default.removeItem(atPath: file) } catch {
                return .cannotDelete(
                    path: TerminalSafe.escaped(file), reason: TerminalSafe.escaped(error.localizedDescription))
            }
        }
        return nil
    }
}

extension Checklists {
    static func match(_ list: String) -> FieldMatch { FieldMatch(field: "list", value: .text(list)) }

    /// The first start's list, to try the app on at once: in the language of
    /// that start, as the person's own lists would be; it is data from then on.
    static func addSample(_ database: any RecordStore, form: Form, language: Language) throws {
        let list = FieldValue.text(DemoWords.sampleList.said(in: language))
        for (item, checked) in [(DemoWords.sampleEggs, false), (.sampleBread, true), (.sampleMilk, false)] {
            try database.saveRecord(
                Record(values: [
                    ("list", list), ("item", .text(item.said(in: language))), ("checked", .boolean(checked)),
                ]),
                form: form)
        }
        try database.saveRecord(Record(values: [("list", list)]), form: opened)
    }

    /// How many of the list's items are not checked.
    static func unchecked(in list: String, _ database: any RecordStore, form: Form) -> Int {
        let all = (try? database.recordCount(form: form, where: [match(list)])) ?? 0
        let checked =
            (try? database.recordCount(
                form: form, where: [match(list), FieldMatch(field: "checked", value: .boolean(true))])) ?? 0
        return all - checked
    }

    /// Renames a list: its items move to the new name, and so do its openings,
    /// so the list open last is still the one opened next.
    static func rename(_ old: String, to new: String, _ database: any RecordStore, form: Form) throws {
        for (records, recordForm) in [
            (try database.records(form: form, where: [match(old)]), form),
            (try database.records(form: opened, where: [match(old)]), opened),
        ] {
            for stored in records {
                let values = Record(
                    values: stored.values.values.map { ($0.id, $0.id == "list" ? .text(new) : $0.value) })
                try database.updateRecord(id: stored.id, values, form: recordForm)
            }
        }
    }

    /// Deletes a list: its items and its openings (the list opened before it
    /// is then the one opened next).
    static func delete(_ list: String, _ database: any RecordStore, form: Form) throws {
        for recordForm in [form, opened] {
            for stored in try database.records(form: recordForm, where: [match(list)]) {
                try database.deleteRecord(id: stored.id, form: recordForm)
            }
        }
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
    static let menuNames: [String: Message] = [
        "todo": .demoAppTodo, "profile": .demoAppProfile, "swim": .demoAppSwim, "vacation": .demoAppVacations,
        "checklist": .demoAppChecklists, "japanese": .authored("日本語のタスク"), "account": .demoAppAccount,
    ]

    /// `demo/` in the current folder, else the one in Keyform's source tree (for `swift run` from elsewhere).
    static func folder() -> String? {
        let here = "demo"
        if FileManager.default.fileExists(atPath: here + "/todo.yaml") { return here }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fallback = source.appendingPathComponent("demo").path
        return FileManager.default.fileExists(atPath: fallback) ? fallback : nil
    }

    static func find() throws -> [App] {
        guard let folder = folder() else {
            throw Failure(.noDemoFolder)
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // The apps people should try first come first; others follow by name.
        let order = ["todo", "profile", "swim", "vacation", "checklist", "japanese", "account"]
        func rank(_ file: String) -> (Int, String) {
            (order.firstIndex(of: (file as NSString).deletingPathExtension) ?? order.count, file)
        }
        return files.filter { $0.hasSuffix(".yaml") && !SourceFiles.isTestFile($0) }.sorted { rank($0) < rank($1) }
            .compactMap { file in
                let path = folder + "/" + file
                guard let form = FormFiles.load(path: path).form?.form else { return nil }
                let stem = (file as NSString).deletingPathExtension
                return App(
                    name: form.name, stem: stem,
                    title: menuNames[stem].map(Speaking.language.text) ?? form.title ?? form.name, path: path)
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
        var lines: [(text: String, missing: Bool)] = [
            (Speaking.language.text(.demoDataIn(folder: TerminalSafe.escaped(displayFolder))), false)
        ]
        let rows = apps.enumerated().map { index, app -> (file: String, status: String, missing: Bool) in
            let number = index < 9 ? "[\(index + 1)] " : "    "
            if app.name == "vacation" {
                let trips = trips(of: app).map(TerminalSafe.escaped)
                return (
                    number + app.name + "-NAME.sqlite",
                    Speaking.language.text(.demoOnePerVacation(trips)),
                    trips.isEmpty
                )
            }
            let exists = FileManager.default.fileExists(atPath: databasePath(for: app))
            let status = Speaking.language.text(exists ? .demoDatabaseExists : .demoDatabaseNotCreated)
            return (number + app.name + ".sqlite", status, !exists)
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
            ((try? FileManager.default.attributesOfItem(atPath: dataFolder + "/" + name))?[.modificationDate] as? Date)
                ?? .distantPast
        }
        return files.sorted { modified($0) > modified($1) }.map {
            String($0.dropFirst(prefix.count).dropLast(suffix.count))
        }
    }
}
