import Foundation
import KeyformCore
import KeyformRun
import KeyformStore
import KeyformTerminal
import Testing

/// The one stored-form run, on a store of plain values: what `keyform run`,
/// the demo, browse and the Swift library all get.
@MainActor
struct StoredFormRunTests {
    let checklist = Form(
        title: "Checklist item", name: "checklist",
        pages: [
            Form.Page(fields: [
                Field(
                    id: "list", required: true, defaultValue: .last,
                    choices: Field.ChoiceSource(form: "checklist", field: "list")),
                Field(id: "item", required: true),
            ])
        ])
    let today = CivilDate(iso: "2026-11-23")!

    func item(_ list: String, _ item: String) -> Record {
        Record(values: [("list", .text(list)), ("item", .text(item))])
    }

    func run(_ store: (any RecordStore)?, problem: StoreError? = nil) throws -> StoredFormRun {
        try StoredFormRun(
            form: checklist, layouts: [:], store: store, storeProblem: problem, clock: WallClock(today: today))
    }

    @Test func choicesComeFromTheStoreAndAreReadAgainWhenReloaded() throws {
        let store = MemoryStore()
        let empty = try run(store)
        #expect(empty.context.fields[0].input == .keyboard)  // nothing to offer yet
        try store.saveRecord(item("Groceries", "Milk"), form: checklist)
        try store.saveRecord(item("Trip", "Passport"), form: checklist)
        let offering = try #require(empty.reloaded())
        let field = offering.context.fields[0]
        #expect(field.input == .grid)
        let grid = try #require(field.layout.flatMap { offering.context.layouts[$0] })
        #expect(grid.allKeys.map(\.label).prefix(2) == ["Trip", "Groceries"])
    }

    /// Browse's add form starts where `start(drafts: .resume)` does (`default: last`
    /// under the draft), read through its hook off the main actor (issue 26).
    @Test func browseStartsANewRecordAsResumeDoesOffTheMainActor() async throws {
        let store = MemoryStore()
        try store.saveRecord(item("Groceries", "Milk"), form: checklist)
        try store.saveDraft(form: checklist, values: ["item": "Eg"], focus: "item")
        let run = try run(store)
        let newValues = run.browserHooks(on: store).newValues
        let values = await Task.detached { newValues() }.value
        #expect(values == ["list": "Groceries", "item": "Eg"])
        #expect(values == (try run.start(drafts: .resume)).values)
    }

    /// Browse reads a form's `choices` anew, the fields' history and the
    /// filter's values through its hooks off the main actor, as `reloaded()`
    /// and `history(_:)` give them on it (issue 26).
    @Test func browseReadsTheFormsContextHistoryAndValuesOffTheMainActor() async throws {
        let store = MemoryStore()
        let run = try run(store)
        try store.saveRecord(item("Groceries", "Milk"), form: checklist)
        try store.saveRecord(item("Trip", "Passport"), form: checklist)
        let hooks = run.browserHooks(on: store)
        let (context, history, values) = (hooks.context, hooks.history, hooks.values)
        let read = await Task.detached { (context?(), history("item"), values("list")) }.value
        let field = try #require(read.0?.fields[0])
        let grid = try #require(field.layout.flatMap { read.0?.layouts[$0] })
        #expect(grid.allKeys.map(\.label).prefix(2) == ["Trip", "Groceries"])
        #expect(
            grid.allKeys.map(\.label)
                == (try #require(run.reloaded())).context.layouts[field.layout!]?.allKeys.map(\.label))
        #expect(read.1 == ["Milk", "Passport"] && read.1 == run.history("item"))
        #expect(Set(read.2) == ["Groceries", "Trip"])
        // Drawn while they are on their way: the grid says it loads.
        let loading = try #require(hooks.loadingContext)
        let waiting = try #require(loading.fields[0].layout.flatMap { loading.layouts[$0] })
        #expect(waiting.title?.hasPrefix("Loading ") == true && waiting.allKeys.allSatisfy { $0.action != .text })
    }

    @Test func theDraftPolicies() throws {
        let store = MemoryStore()
        try store.saveRecord(item("Groceries", "Milk"), form: checklist)
        let run = try run(store)
        func draft() throws { try store.saveDraft(form: checklist, values: ["item": "Eg"], focus: "item") }

        try draft()
        let resumed = try run.start(drafts: .resume)
        #expect(resumed.values == ["list": "Groceries", "item": "Eg"])
        #expect(resumed.focus == 1 && resumed.resumed)
        #expect(resumed.last == ["list": "Groceries"])

        let ignored = try run.start(drafts: .ignore)
        #expect(ignored.values == ["list": "Groceries"] && !ignored.resumed)
        #expect(try store.draft(form: checklist) != nil)

        var asked: [String] = []
        let declined = try run.start(drafts: .ask) { question, details in
            asked.append(question); asked += details; return false
        }
        #expect(asked.count == 2 && asked[0].hasPrefix("Resume the draft of 'Checklist item' saved at "))
        #expect(
            asked.last?.hasPrefix("Draft — ") == true && asked.last?.contains("Eg") == true,
            "the line above the question says what the draft holds (the library's runner showed none): \(asked)")
        #expect(declined.values == ["list": "Groceries"])
        #expect(try store.draft(form: checklist) == nil)

        try draft()
        #expect(try run.start(drafts: .ask) { _, _ in true }.resumed)
        // Leaving at the question leaves the draft as it was.
        #expect(throws: Departure.interrupted) { try run.start(drafts: .ask) { _, _ in throw Departure.interrupted } }
        #expect(try store.draft(form: checklist) != nil)

        // In Japanese: the question and the line above it.
        var japanese: [String] = []
        _ = try run.start(drafts: .ask, language: .japanese) { question, details in
            japanese = [question] + details; return true
        }
        #expect(japanese.count == 2 && japanese[0].hasSuffix("に保存した「Checklist item」の下書きを再開しますか？"), "\(japanese)")
        #expect(japanese.last?.hasPrefix("下書き — ") == true && japanese.last?.contains("Eg") == true, "\(japanese)")

        _ = try run.start(drafts: .fresh)
        #expect(try store.draft(form: checklist) == nil)
        // No draft: nothing is asked.
        _ = try run.start(drafts: .ask) { _, _ in
            Issue.record("asked without a draft"); return true
        }
    }

    @Test func aFormLeftAsItStartedIsNoDraft() throws {
        let store = MemoryStore()
        try store.saveRecord(item("Groceries", "Milk"), form: checklist)
        let run = try run(store)
        try store.saveDraft(form: checklist, values: ["item": "Eg"], focus: "item")
        let start = try run.start(drafts: .resume)
        let hooks = run.hooks(from: start)
        hooks.saveDraft(["list": "Groceries", "item": "Eggs"], "item")
        #expect(try store.draft(form: checklist)?.values == ["list": "Groceries", "item": "Eggs"])
        // Back to what the form holds when nothing was typed: the draft goes.
        hooks.saveDraft(["list": "Groceries", "item": ""], "item")
        #expect(try store.draft(form: checklist) == nil)
        #expect(hooks.history("item") == ["Milk"])
    }

    @Test func aScriptedRunSavesItsLastDraftAndTheRecordRemovesIt() throws {
        let store = MemoryStore()
        let run = try run(store)
        let left = run.runScripted(
            from: try run.start(drafts: .resume), keys: try KeyScript.parse("Trip<Enter>Pass<Esc>").get(), width: 80,
            height: 24)
        #expect(left.outcome == .cancelled)
        #expect(try store.draft(form: checklist)?.values == ["list": "Trip", "item": "Pass"])
        let start = try run.start(drafts: .resume)
        let done = run.runScripted(
            from: start, keys: try KeyScript.parse("port<Enter><Enter>").get(), width: 80, height: 24)
        let record = try #require(try done.outcome?.record())
        #expect(record["item"] == .text("Passport"))
        let id = try run.save(record)
        #expect(id != nil)
        #expect(try store.draft(form: checklist) == nil)
        #expect(try store.records(form: checklist).map(\.values) == [record])
    }

    @Test func aRecordTheStoreRefusesIsRescuedToAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-rescue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = item("Trip", "Passport")
        var unavailable = try run(nil, problem: .diskFull(path: "/data/keyform.sqlite"))
        unavailable.rescueFolder = folder.path  // not TMPDIR: the other suites run in this process at the same time
        do {
            try unavailable.save(record)
            Issue.record("saved without a store")
        } catch {
            #expect(error.exitStatus == 3)
            let file = try #require(error.rescuedAt)
            #expect(file.hasPrefix(folder.path + "/keyform-rescued-checklist-"))
            let rescued =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
                as? [String: String]
            // The failed save's token comes first: a server that took the record after all is not given it twice.
            #expect(rescued?.filter { $0.key != "_token" } == ["list": "Trip", "item": "Passport"])
            #expect(rescued?["_token"].flatMap(UUID.init(uuidString:)) != nil)
            #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix(#"{"_token":""#))
            #expect(
                error.message(onStdout: true) == "the record was NOT stored: cannot write to the database "
                    + "'/data/keyform.sqlite': the disk is full. Free some space and try again. Nothing is lost: the record is on stdout and saved in \(file)."
            )
        }
        // Without a store and without a problem, nothing is stored and nothing is wrong.
        #expect(try self.run(nil).save(record) == nil)
    }

    @Test func oneMappingFromEndingsToExitStatuses() throws {
        #expect(Departure.cancelled.exitStatus == 1)
        #expect(Departure.interrupted.exitStatus == 130)
        #expect(Departure.terminated(signal: 15).exitStatus == 143)
        #expect(Departure.terminated(signal: 1).exitStatus == 129)
        #expect(throws: Departure.terminated(signal: 15)) { try FormState.Outcome.terminated(signal: 15).record() }
        #expect(throws: Departure.cancelled) { try FormState.Outcome.cancelled.record() }
        #expect(throws: Departure.interrupted) { try RecordListState.Outcome.interrupted.leftNormally() }
        #expect(throws: Departure.cancelled) { try TerminalRunner.Answer.cancelled.yes() }
        #expect(try TerminalRunner.Answer.no.yes() == false)
    }
}

/// The terminal's options from the config and the environment: what turns
/// colour and motion off wins over the config.
struct TerminalOptionsTests {
    var config: UserConfig {
        var config = UserConfig()
        config.colors.accent = .basic(5)
        config.keys[.cancel] = [.control("g")]
        return config
    }

    @Test func theConfigsColoursKeysAndAnimationReachTheOptions() {
        let options = TerminalRunner.Options.from(environment: ["TERM": "xterm"], animate: true, config: config)
        #expect(options.color && options.animate)
        #expect(options.palette.accent == .basic(5))
        #expect(options.keys.form.keyboard.keys(for: .cancel) == [.control("g")])
        var still = config
        still.animation = false
        #expect(!TerminalRunner.Options.from(environment: ["TERM": "xterm"], animate: true, config: still).animate)
    }

    @Test func noColorNoMotionAndTheFlagWinOverTheConfig() {
        let environment = ["TERM": "xterm", "NO_COLOR": "1", "NO_MOTION": "1"]
        let options = TerminalRunner.Options.from(environment: environment, animate: true, config: config)
        #expect(!options.color && !options.animate)
        #expect(
            !TerminalRunner.Options.from(environment: ["TERM": "xterm"], animate: false, config: config).animate,
            "--no-animation")
        #expect(!TerminalRunner.Options.from(environment: ["TERM": "dumb"], animate: true, config: config).color)
    }
}
