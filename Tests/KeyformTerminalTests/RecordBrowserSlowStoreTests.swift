import Foundation
import Glibc
import KeyformCore
import KeyformTestSupport
import Testing

@testable import KeyformTerminal

/// Browse on a store slow to write (a far server, another process's lock): a
/// record's save, a toggle and a delete run off the terminal's loop, the
/// screen says so, keys change nothing meanwhile, and the store's answer comes
/// back as an event when the scene wakes — stored, a conflict to choose from,
/// or a failure that keeps the person's edit.
@Suite(.serialized)
@MainActor
struct RecordBrowserSlowStoreTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    /// The browser of `RecordBrowserTests`, whose store writes nothing until
    /// `gate` opens, the loop not waiting for it at all.
    static func slowBrowser(_ gate: Gate) -> (RecordBrowser, RecordBrowserTests.Store) {
        let (_, store) = RecordBrowserTests.browser()
        var hooks = store.hooks()
        let (add, update, delete) = (hooks.add, hooks.update, hooks.delete)
        hooks.add = { record in
            gate.pass()
            return try add(record)
        }
        hooks.update = { id, record, read in
            gate.pass()
            return try update(id, record, read)
        }
        hooks.delete = { id in
            gate.pass()
            try delete(id)
        }
        hooks.writeWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        return (browser, store)
    }

    /// Wakes the scene as the runner does until `done` (10 s at most).
    static func wake(_ browser: RecordBrowser, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !done(), ContinuousClock.now < deadline {
            usleep(UInt32(max(1, browser.wakeUpMilliseconds ?? 10)) * 1000)
            _ = browser.wakeUp()
        }
    }

    static func screen(_ browser: RecordBrowser) -> String { RecordBrowserTests.screen(browser) }

    @Test func anAddedRecordIsSavedOffTheLoopTheFormSayingSo() {
        let gate = Gate()
        let (browser, store) = Self.slowBrowser(gate)
        defer {
            gate.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "a")
        RecordBrowserTests.type(browser, "Take out the bins\r\r")
        #expect(gate.passed == 0 && store.log.isEmpty, "the loop waited for the store")
        #expect(browser.isEditing, "the form stays until the store has the record")
        #expect(Self.screen(browser).hasSuffix("[ Done ] Saving the record…"), "\(Self.screen(browser))")
        #expect(browser.wakeUpMilliseconds != nil, "the scene wakes for the store's answer")
        // Keys meanwhile change nothing; Ctrl-C is said to wait.
        RecordBrowserTests.type(browser, "xyz\u{7F}\r")
        #expect(Self.screen(browser).contains("Text*  Take out the bins"))
        _ = browser.stop(signal: SIGINT)
        #expect(browser.outcome == nil, "Ctrl-C does not take the record back")
        #expect(Self.screen(browser).contains("! saving: the record is stored"), "\(Self.screen(browser))")

        gate.open()
        Self.wake(browser) { !browser.isEditing }
        #expect(!browser.isEditing)
        #expect(store.log == [#"add 3 {"text":"Take out the bins","done":false}"#])
        #expect(browser.list.rows.map(\.id) == [3, 2, 1])
        #expect(Self.screen(browser).contains("› Take out the bins  ✗"))
        #expect(browser.outcome == nil, "the list goes on")
    }

    @Test func aSaveThatFailsKeepsTheEditAndSaysWhy() {
        let gate = Gate()
        let (browser, store) = Self.slowBrowser(gate)
        defer {
            gate.open()
            browser.close()
        }
        store.failure = "the server cannot be reached"
        RecordBrowserTests.type(browser, "\r\u{15}Water the roses\r\r")
        #expect(Self.screen(browser).hasSuffix("[ Done ] Saving the record…"))
        gate.open()
        Self.wake(browser) { Self.screen(browser).contains("Not saved") }
        let screen = Self.screen(browser)
        #expect(browser.isEditing, "nothing typed is lost")
        #expect(screen.contains("Text*  Water the roses"), "\(screen)")
        #expect(screen.contains("! Not saved: the server cannot be reached"), "\(screen)")
        // Enter on the last field tries again, off the loop as before.
        store.failure = nil
        RecordBrowserTests.type(browser, "\r")
        Self.wake(browser) { !browser.isEditing }
        #expect(store.log == [#"update 2 {"text":"Water the roses","done":false}"#])
    }

    @Test func anEditSavedElsewhereMeanwhileShowsBothAfterTheSave() {
        let theirs = RecordListRow(
            id: 2, values: RecordBrowserTests.record("Water the ferns", done: true),
            updated: Date(timeIntervalSince1970: 1_800_000_000))
        let store = RecordBrowserTests.Store([
            RecordListRow(
                id: 2, values: RecordBrowserTests.record("Water the plants", done: false),
                updated: Date(timeIntervalSince1970: 1_700_000_000))
        ])
        var hooks = store.hooks()
        let update = hooks.update
        hooks.update = { id, record, read in
            Thread.sleep(forTimeInterval: 0.1)
            if read == Date(timeIntervalSince1970: 1_700_000_000) { throw RecordEditConflict.changed(theirs: theirs) }
            return try update(id, record, read)
        }
        hooks.writeWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        defer { browser.close() }
        RecordBrowserTests.type(browser, "\r\u{15}Water the roses\r\r")
        #expect(Self.screen(browser).hasSuffix("[ Done ] Saving the record…"))
        Self.wake(browser) { Self.screen(browser).contains("Saved meanwhile in another terminal") }
        let screen = Self.screen(browser)
        #expect(browser.isEditing && screen.contains("[1] my edit") && screen.contains("[2] theirs"), "\(screen)")
        #expect(store.log.isEmpty, "nothing saved over their version")
        #expect(browser.list.rows.first?.values["text"] == .text("Water the ferns"), "the list shows what is stored")
        // Keeping the edit saves it over their version, off the loop too.
        RecordBrowserTests.type(browser, "\r")
        #expect(Self.screen(browser).hasSuffix("[ Done ] Saving the record…"), "\(Self.screen(browser))")
        Self.wake(browser) { !browser.isEditing }
        #expect(store.log == [#"update 2 {"text":"Water the roses","done":false}"#])
        #expect(Self.screen(browser).contains("› Water the roses  ✗"))
    }

    @Test func aDeleteAndAToggleWaitOffTheLoopSayingSo() {
        let gate = Gate()
        let (browser, store) = Self.slowBrowser(gate)
        defer {
            gate.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "dy")
        #expect(Self.screen(browser).hasSuffix("Deleting the record…"), "\(Self.screen(browser))")
        RecordBrowserTests.type(browser, "\u{1B}[B ")  // Down and Space: nothing while the store deletes
        #expect(browser.list.highlight == 0 && store.log.isEmpty)
        gate.open()
        Self.wake(browser) { !browser.list.writing }
        #expect(store.log == ["delete 2"])
        #expect(Self.screen(browser).hasSuffix("Deleted “Water the plants”"))
        gate.close()
        RecordBrowserTests.type(browser, " ")
        #expect(Self.screen(browser).hasSuffix("Saving the record…"))
        gate.open()
        Self.wake(browser) { !browser.list.writing }
        #expect(store.log == ["delete 2", #"update 1 {"text":"Buy milk","done":false}"#])
        #expect(Self.screen(browser).contains("› Buy milk  ✗"))
    }

    /// Browse over a store that takes seconds to read: the list is drawn at
    /// once saying it loads; a move, Ctrl-L and q are answered meanwhile; the
    /// rows come as an event when the scene wakes; a look at another terminal's
    /// change on its way leaves the list drawn and moving; q leaves without
    /// waiting for a read (a write would be waited for).
    @Test func aReadThatTakesSecondsNeverHoldsTheKeys() {
        let store = RecordBrowserTests.Store([
            RecordListRow(id: 2, values: RecordBrowserTests.record("Water the plants", done: false)),
            RecordListRow(id: 1, values: RecordBrowserTests.record("Buy milk", done: true)),
        ])
        // The reads answer when the test opens their gate: a key that returns before is not waiting for them.
        let (reads, looks) = (Gate(), Gate())
        var hooks = store.hooks()
        let load = hooks.load
        hooks.load = { before, limit, matching in
            reads.pass()
            return try load(before, limit, matching)
        }
        hooks.changed = {
            looks.pass()
            defer { store.changed = false }
            return store.changed
        }
        hooks.readWaitMilliseconds = 0
        defer {
            reads.open()
            looks.open()
        }
        looks.open()
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: nil, hooks: hooks)
        defer { browser.close() }
        #expect(reads.passed == 0, "the first frame waited for the store")
        #expect(
            Self.screen(browser).hasPrefix("Chore\n\nLoading records…"), "\(Self.screen(browser))")
        RecordBrowserTests.type(browser, "\u{1B}[B")
        #expect(RecordBrowserTests.type(browser, "\u{0C}") == [.redraw])
        #expect(reads.passed == 0, "a move or Ctrl-L waited for the store")
        #expect(browser.wakeUpMilliseconds == Int32(DraftWorker.lookMilliseconds), "the scene wakes for the rows")
        reads.open()
        Self.wake(browser) { !browser.list.isLoading }
        #expect(Self.screen(browser).contains("› Water the plants"), "\(Self.screen(browser))")

        // Another terminal adds a record: the look and the read are held, the list moves meanwhile.
        looks.close()
        reads.close()
        let (looked, read) = (looks.passed, reads.passed)
        store.rows.insert(RecordListRow(id: 3, values: RecordBrowserTests.record("Call the plumber")), at: 0)
        store.changed = true
        _ = browser.wakeUp()
        #expect(browser.wakeUpMilliseconds == Int32(DraftWorker.lookMilliseconds), "the look is on its way")
        RecordBrowserTests.type(browser, "\u{1B}[B")
        #expect(looks.passed == looked && reads.passed == read, "the look or the move waited for the store")
        #expect(Self.screen(browser).contains("› Buy milk"), "\(Self.screen(browser))")
        looks.open()
        reads.open()
        Self.wake(browser) { browser.list.rows.count == 3 }
        #expect(Self.screen(browser).contains("  Call the plumber"), "\(Self.screen(browser))")
        #expect(Self.screen(browser).contains("› Buy milk"), "the highlight stayed: \(Self.screen(browser))")

        // A look on its way: q leaves at once, and closing does not wait for the read.
        looks.close()
        let lookedBefore = looks.passed
        store.changed = true
        _ = browser.wakeUp()
        #expect(browser.wakeUpMilliseconds == Int32(DraftWorker.lookMilliseconds), "the look is on its way")
        RecordBrowserTests.type(browser, "q")
        #expect(browser.outcome == .quit)
        browser.close()
        #expect(looks.passed == lookedBefore, "q or closing waited for the look")
    }

    /// The add form's starting values (`default: last`, a draft) are a read:
    /// off the loop, the list saying the form opens; the keys typed meanwhile
    /// are kept and go into the form once it opens.
    @Test func theAddFormOpensOffTheLoopWithTheKeysTypedMeanwhile() {
        let (_, store) = RecordBrowserTests.browser()
        var hooks = store.hooks()
        let read = Gate()
        hooks.newValues = {
            read.pass()
            return ["text": "Buy ", "done": "yes"]
        }
        hooks.readWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        defer {
            read.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "abread")
        #expect(read.passed == 0, "the loop waited for the store")
        #expect(!browser.isEditing)
        #expect(Self.screen(browser).hasSuffix("Opening the form…"), "\(Self.screen(browser))")
        #expect(Self.screen(browser).contains("› Water the plants"), "the list stays drawn")
        read.open()
        Self.wake(browser) { browser.isEditing }
        #expect(Self.screen(browser).contains("Text*  Buy bread"), "\(Self.screen(browser))")
    }

    /// The add form's drafts go to a slow store off the loop: a committed field
    /// moves on at once and Esc goes back to the list at once; the draft on
    /// its way and the newest after it are both stored before the run ends.
    @Test func theAddFormsDraftsAreSavedOffTheLoop() {
        let (_, store) = RecordBrowserTests.browser()
        var hooks = store.hooks()
        let saveDraft = hooks.saveDraft
        let write = Gate()
        hooks.saveDraft = { values in
            write.pass()
            return saveDraft(values)
        }
        hooks.writeWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        RecordBrowserTests.type(browser, "a")
        RecordBrowserTests.type(browser, "Fix the tap\r ")
        #expect(write.passed == 0, "the loop waited for the draft")
        #expect(Self.screen(browser).contains("Text*  Fix the tap"), "\(Self.screen(browser))")
        #expect(browser.wakeUpMilliseconds != nil, "the scene wakes for the draft's answer")
        RecordBrowserTests.escape(browser)
        #expect(write.passed == 0, "Esc waited for the draft")
        #expect(!browser.isEditing)
        #expect(store.drafts.isEmpty, "still on its way")
        write.open()
        browser.close()
        #expect(store.drafts == ["Fix the tap|no", "Fix the tap|yes"], "both stored, the newest last")
    }

    /// A draft the slow store did not keep is said in the form when its answer comes.
    @Test func aDraftNotKeptOffTheLoopIsSaidInTheForm() {
        let (_, store) = RecordBrowserTests.browser()
        var hooks = store.hooks()
        let saveDraft = hooks.saveDraft
        let write = Gate()
        hooks.saveDraft = { values in
            write.pass()
            return saveDraft(values)
        }
        hooks.writeWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        defer {
            write.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "a")
        store.failure = "the disk is full"
        RecordBrowserTests.type(browser, "Fix the tap\r")
        #expect(!Self.screen(browser).contains("draft not kept"), "not answered yet")
        write.open()
        Self.wake(browser) { Self.screen(browser).contains("! draft not kept: the disk is full") }
        #expect(Self.screen(browser).contains("! draft not kept: the disk is full"), "\(Self.screen(browser))")
    }

    /// An edit's form reads its `choices` anew and the fields' history off the
    /// loop: the form is drawn at once, and Ctrl-P typed meanwhile is held
    /// until the history comes, then recalls it.
    @Test func theEditFormReadsItsContextAndHistoryOffTheLoop() {
        let (_, store) = RecordBrowserTests.browser()
        var hooks = store.hooks()
        let read = Gate()
        hooks.context = {
            read.pass()
            return RecordBrowserTests.context
        }
        hooks.history = { id in id == "text" ? ["Call mom", "Buy bread"] : [] }
        hooks.readWaitMilliseconds = 0
        let browser = RecordBrowser(context: RecordBrowserTests.context, rows: store.rows, hooks: hooks)
        defer {
            read.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "\r\u{10}")
        #expect(read.passed == 0, "the loop waited for the store")
        #expect(browser.isEditing, "drawn at once")
        #expect(Self.screen(browser).contains("Text*  Water the plants"), "held: \(Self.screen(browser))")
        read.open()
        Self.wake(browser) { Self.screen(browser).contains("Text*  Buy bread") }
        #expect(Self.screen(browser).contains("Text*  Buy bread"), "\(Self.screen(browser))")
    }

    /// A record's form whose `choices` grid is read anew is drawn at once with
    /// the grid saying it loads; a key typed on it is held, then picks from
    /// what the store gave (never from the grid that was drawn before).
    @Test func aRecordsFormIsDrawnAtOnceItsGridSayingItLoads() {
        let form = Form(
            title: "Checklist item", name: "checklist",
            pages: [
                .init(fields: [
                    Field(
                        id: "list", label: "List", required: true,
                        choices: Field.ChoiceSource(form: "checklist", field: "list")),
                    Field(id: "item", label: "Item", required: true),
                ])
            ])
        let clock = WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!)
        let context: @Sendable ([String], Bool) -> FormContext = { lists, loading in
            try! FormContext.prepared(
                form, layouts: [:], storedChoices: { _ in lists }, clock: clock, storeLoading: loading)
        }
        var hooks = RecordBrowserTests.Store([]).hooks()
        hooks.newValues = { [:] }
        let read = Gate()
        hooks.context = {
            read.pass()
            return context(["Trip", "Groceries"], false)
        }
        hooks.loadingContext = context([], true)
        hooks.readWaitMilliseconds = 0
        let browser = RecordBrowser(context: context(["Groceries"], false), rows: [], hooks: hooks)
        defer {
            read.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "a")
        Self.wake(browser) { browser.isEditing }
        RecordBrowserTests.type(browser, "1")
        #expect(browser.isEditing && read.passed == 0, "the form waited for the store")
        #expect(Self.screen(browser).contains("Loading List…"), "\(Self.screen(browser))")
        read.open()
        Self.wake(browser) { Self.screen(browser).contains("Item*") && !Self.screen(browser).contains("Loading") }
        #expect(Self.screen(browser).contains("List*  Trip"), "\(Self.screen(browser))")
    }

    /// SIGTERM while the record is saved waits for the store, then ends the browser.
    @Test func aSignalThatEndsBrowseWaitsForTheSave() {
        let (browser, store) = Self.slowBrowser(.opening(after: 0.3))
        defer { browser.close() }
        RecordBrowserTests.type(browser, "aTake out the bins\r\r")
        #expect(browser.isEditing)
        #expect(browser.stop(signal: SIGTERM) == .terminated(signal: SIGTERM))
        #expect(store.log == [#"add 3 {"text":"Take out the bins","done":false}"#], "stored before it ended")
    }
}
