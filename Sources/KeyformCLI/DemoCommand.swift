import ArgumentParser
import Foundation
import KeyformCore
import KeyformFiles
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
            first use); drafts are resumed without asking. `keyform demo NAME` opens one app.
            """
    )

    @Argument(help: "Open this demo app directly (its form's name or file stem).")
    var app: String?

    @Flag(help: "No transitions (also when NO_MOTION is set).")
    var noAnimation = false

    func run() throws {
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
    private func menu(_ apps: [DemoApps.App]) throws -> DemoApps.App? {
        let keys = apps.enumerated().map { index, app in
            Layout.Key(label: app.title, text: app.name, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        let rows = stride(from: 0, to: keys.count, by: 2).map { Array(keys[$0..<min($0 + 2, keys.count)]) }
        let layout = Layout(title: "Pick an app", kind: .choice, pages: [Layout.Page(rows: rows)])
        let form = Form(title: "Keyform demos · data in \(DemoApps.displayFolder)", name: "demo_menu",
                        pages: [Form.Page(fields: [Field(id: "app", label: "App", required: true, layout: "demo-menu", input: .grid, strict: true)])])
        let context = try FormContext(form: form, layouts: ["demo-menu": layout], today: CivilDate.today())
        switch try FormLauncher.runOnTerminal(context, nil, start: .init(), noAnimation: noAnimation) {
        case .submitted(let record):
            return apps.first { $0.name == record["app"]?.text }
        case .cancelled:
            return nil
        case .interrupted:
            throw ExitCode(130)
        case .terminated(let signal):
            throw ExitCode(128 + signal)
        }
    }

    /// Runs one app on its demo database: a list app (to-do, checklist) as the
    /// browse list of its records; the others as one entry after another, until the person leaves.
    private func open(_ app: DemoApps.App) throws {
        let (loaded, diagnostics) = FormFiles.load(path: app.path)
        for (origin, diagnostic) in diagnostics { Output.error(diagnostic.formatted(path: origin)) }
        guard let loaded else { throw ExitCode(2) }
        if DemoApps.listApps.contains(app.name) {
            let path = DemoApps.databasePath(for: app)
            switch try BrowseCommand.browse(loaded, noAnimation: noAnimation, open: {
                do { return try AppDatabase.open(path: path) } catch { throw Failure(message: "\(error)", status: 1) }
            }) {
            case .quit: return
            case .interrupted: throw ExitCode(130)
            case .terminated(let signal): throw ExitCode(128 + signal)
            }
        }
        var databasePath = DemoApps.databasePath(for: app)
        if DemoApps.perTripApps.contains(app.name) {
            // One database per trip: pick one of the earlier ones, or name a new one.
            guard let trip = try pickTrip(for: app) else { return }
            databasePath = DemoApps.databasePath(for: app, trip: trip)
        }
        let database: AppDatabase
        do {
            database = try AppDatabase.open(path: databasePath)
        } catch {
            throw Failure(message: "\(error)", status: 1)
        }
        while true {
            // Built anew for each entry: `choices` grids show what was just stored.
            let context = try FormLauncher.context(loaded, database: database)
            let start = try FormLauncher.startingValues(context, database, drafts: .resume)
            switch try FormLauncher.runOnTerminal(context, database, start: start, noAnimation: noAnimation) {
            case .submitted(let record):
                do { try database.saveRecord(record, form: context.form) } catch {
                    throw Failure(message: "the record was NOT stored: \(error)", status: Rescue.notStoredStatus)
                }
                // Quick entry: the next entry starts at once; Esc goes back to the menu.
                continue
            case .cancelled:
                return
            case .interrupted:
                throw ExitCode(130)
            case .terminated(let signal):
                throw ExitCode(128 + signal)
            }
        }
    }
}

extension DemoCommand {
    /// A one-field form whose grid offers the app's earlier trips (its databases),
    /// with `/` to type a new name; nil when the person leaves.
    private func pickTrip(for app: DemoApps.App) throws -> String? {
        let trips = DemoApps.trips(of: app)
        let field = Field(id: "trip", label: "Vacation", required: true, layout: "trips", input: trips.isEmpty ? .keyboard : .grid,
                          pattern: "^[^/]+$")
        let form = Form(title: "Which vacation? (a new name starts a new database)", name: "trip", pages: [Form.Page(fields: [field])])
        let context = try FormContext(form: form, layouts: ["trips": ChoiceLayout.make(title: "Vacations", values: trips)], today: CivilDate.today())
        switch try FormLauncher.runOnTerminal(context, nil, start: .init(), noAnimation: noAnimation) {
        case .submitted(let record): return record["trip"]?.text
        case .cancelled: return nil
        case .interrupted: throw ExitCode(130)
        case .terminated(let signal): throw ExitCode(128 + signal)
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
            return App(name: form.name, stem: stem, title: form.title ?? form.name, path: path)
        }
    }

    /// Apps that open on the list of their records (`keyform browse`), not on a new entry.
    static let listApps: Set<String> = ["todo", "checklist"]

    static var dataFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.local/share"
        return data + "/keyform/demo"
    }

    static var displayFolder: String {
        dataFolder.replacingOccurrences(of: NSHomeDirectory(), with: "~")
    }

    static func databasePath(for app: App) -> String { dataFolder + "/\(app.name).sqlite" }

    /// Apps that keep one database per trip (`vacation-Lisbon 2026.sqlite`).
    static let perTripApps: Set<String> = ["vacation"]

    static func databasePath(for app: App, trip: String) -> String { dataFolder + "/\(app.name)-\(trip).sqlite" }

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
