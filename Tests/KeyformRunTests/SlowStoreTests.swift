import Foundation
import KeyformCore
import KeyformRun
import KeyformStore
import KeyformTerminal
import KeyformTestSupport
import Synchronization
import Testing

/// A store far away (a server over a slow network): around a `MemoryStore`,
/// each draft takes `draftDelay` to keep, and each read of what a form needs
/// before the person does (choices, `default: last`, history) `readDelay`.
/// A record's save takes `saveDelay`, then fails with `saveFailure` when it is set.
/// A gate holds its kind of call until the test opens it: what a test asks of
/// a key ("answered before the store") is then decided by the store, not the clock.
final class SlowStore: RecordStore, @unchecked Sendable {
    let inner: MemoryStore
    let draftDelay: Duration
    let readDelay: Duration
    let saveDelay: Duration
    let saveFailure: StoreError?
    let draftGate: Gate?
    let readGate: Gate?
    let saveGate: Gate?

    init(
        _ inner: MemoryStore, draftDelay: Duration = .zero, readDelay: Duration = .zero, saveDelay: Duration = .zero,
        saveFailure: StoreError? = nil, draftGate: Gate? = nil, readGate: Gate? = nil, saveGate: Gate? = nil
    ) {
        self.inner = inner
        self.draftDelay = draftDelay
        self.readDelay = readDelay
        self.saveDelay = saveDelay
        self.saveFailure = saveFailure
        (self.draftGate, self.readGate, self.saveGate) = (draftGate, readGate, saveGate)
    }

    static func sleep(_ delay: Duration) {
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
    }

    var location: String { "slow:" + inner.location }
    var isLocal: Bool { false }
    var author: String { inner.author }

    func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError) {
        Self.sleep(draftDelay)
        draftGate?.pass()
        try inner.saveDraft(form: form, values: values, focus: focus)
    }

    func saveRecord(_ record: Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64 {
        Self.sleep(saveDelay)
        saveGate?.pass()
        if let saveFailure { throw saveFailure }
        return try inner.saveRecord(record, form: form, removingDraft: removingDraft)
    }
    func saveRecords(_ records: [DatedRecord], form: Form) throws(StoreError) -> [Int64] {
        try inner.saveRecords(records, form: form)
    }
    func copyRecords(_ records: [StoredRecord], form: Form) throws(StoreError) -> [Int64] {
        try inner.copyRecords(records, form: form)
    }
    func changeMark() throws(StoreError) -> Int64? { try inner.changeMark() }
    func updateRecord(id: Int64, _ record: Record, form: Form, ifUpdated expected: Date?) throws(StoreError) {
        try inner.updateRecord(id: id, record, form: form, ifUpdated: expected)
    }
    func deleteRecord(id: Int64, form: Form) throws(StoreError) -> Bool { try inner.deleteRecord(id: id, form: form) }
    func records(
        form: Form, where matches: [FieldMatch], limit: Int?, beforeID: Int64?
    ) throws(StoreError) -> [StoredRecord] {
        try inner.records(form: form, where: matches, limit: limit, beforeID: beforeID)
    }
    func recordCount(form: Form, where matches: [FieldMatch]) throws(StoreError) -> Int {
        try inner.recordCount(form: form, where: matches)
    }
    func history(form: Form, field: String, limit: Int) throws(StoreError) -> [String] {
        Self.sleep(readDelay)
        readGate?.pass()
        return try inner.history(form: form, field: field, limit: limit)
    }
    func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput? {
        Self.sleep(readDelay)
        readGate?.pass()
        return try inner.lastValue(form: form, field: field)
    }
    func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] {
        Self.sleep(readDelay)
        readGate?.pass()
        return try inner.choiceValues(source)
    }
    func choicePairs(
        _ source: Field.ChoiceSource, by other: String
    ) throws(StoreError) -> [(value: String, key: String)] {
        try inner.choicePairs(source, by: other)
    }
    func formNames() throws(StoreError) -> [String] { try inner.formNames() }
    func storedForm(named name: String) throws(StoreError) -> Form? { try inner.storedForm(named: name) }
    func draft(form: Form) throws(StoreError) -> Draft? { try inner.draft(form: form) }
    func deleteDraft(form: Form) throws(StoreError) -> Bool { try inner.deleteDraft(form: form) }
}

/// Store work is off the terminal's loop: a slow store never freezes the screen.
@MainActor
struct SlowStoreTests {
    let todo = Form(name: "todo", pages: [Form.Page(fields: [Field(id: "text"), Field(id: "note")])])

    func screen(_ scene: FormScene) -> String {
        scene.frame(width: 80, height: 24, color: false).lines.map(\.text).joined(separator: "\n")
    }

    @Test func keysAreAnsweredWhileASlowStoreKeepsTheDraft() throws {
        let held = Gate()
        let slow = SlowStore(MemoryStore(), draftGate: held)
        let run = try StoredFormRun(
            form: todo, layouts: [:], store: slow, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let hooks = run.hooks(from: FormStart())
        let scene = FormScene(
            session: FormSession(context: run.context, state: .start(run.context), history: hooks.history), hooks: hooks
        )
        defer { scene.close() }
        defer { held.open() }
        _ = scene.receive(Array("Buy milk".utf8))
        // Enter commits the field: its draft goes to the store, which holds it.
        _ = scene.receive([13])
        #expect(held.passed == 0, "the loop waited for the store")
        // Keys typed meanwhile are answered at once.
        _ = scene.receive(Array("Soon".utf8))
        #expect(held.passed == 0, "a key waited for the store")
        #expect(screen(scene).contains("Soon"), "\(screen(scene))")
        #expect(try slow.inner.draft(form: todo) == nil, "the draft is still on its way")
        #expect(scene.wakeUpMilliseconds != nil, "the scene wakes to take the store's answer")
        held.open()

        // The store's answer comes back as an event when the scene wakes.
        let deadline = ContinuousClock.now + .seconds(20)
        while try slow.inner.draft(form: todo) == nil, ContinuousClock.now < deadline { usleep(10_000) }
        _ = scene.wakeUp()
        #expect(try slow.inner.draft(form: todo)?.values["text"] == "Buy milk")
        #expect(scene.session.state.draftProblem == nil)
        #expect(scene.wakeUpMilliseconds == nil, "nothing more to wait for")
    }

    /// A checklist: the list picked from those stored, starting on the last; the item with its history.
    let checklist = Form(
        name: "checklist",
        pages: [
            Form.Page(fields: [
                Field(id: "list", defaultValue: .last, choices: Field.ChoiceSource(form: "checklist", field: "list")),
                Field(id: "item"),
            ])
        ])

    /// The store opened and read off the loop, each read taking 300 ms: the
    /// first frame does not wait for it, a key for the list typed meanwhile is
    /// held and then picks from the stored lists, `default: last` fills the
    /// list, and the item's history comes with the answer.
    @Test func theFormShowsAtOnceAndKeysWaitOnlyForTheChoicesTheyNeed() throws {
        let memory = MemoryStore()
        for (list, item) in [("Garden", "rake"), ("Groceries", "milk")] {
            try memory.saveRecord(
                Record(form: checklist, values: ["list": .text(list), "item": .text(item)]), form: checklist,
                removingDraft: true)
        }
        let held = Gate()
        let slow = SlowStore(memory, readGate: held)
        defer { held.open() }
        let opened = Mutex(false)
        let run = try StoredFormRun(
            form: checklist, layouts: [:],
            opening: { _ in
                opened.withLock { $0 = true }
                return .success(slow)
            }, local: false, mayHoldDraft: true, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let start = try run.start(drafts: .ignore)
        #expect(!opened.withLock { $0 }, "nothing asked of the store before the first frame")
        let hooks = run.hooks(from: start)
        let form = FormScene(
            session: FormSession(
                context: run.context, state: .start(run.context, values: start.values), history: hooks.history),
            hooks: hooks)
        defer { form.close() }
        #expect(screen(form).contains("Loading list…"), "\(screen(form))")
        #expect(held.passed == 0, "the first frame waited for the store")
        #expect(form.session.awaitingStore)

        // "2" picks the second list stored — once the lists are there, never on the loading grid.
        _ = form.receive(Array("2".utf8))
        #expect(held.passed == 0, "the key waited for the store")
        #expect(form.session.state.focus == 0 && form.session.state.entries[0].text == "", "the key is held")
        held.open()

        let deadline = ContinuousClock.now + .seconds(20)
        while form.session.awaitingStore, ContinuousClock.now < deadline {
            usleep(10_000)
            _ = form.wakeUp()
        }
        #expect(!form.session.awaitingStore, "the store answered")
        // Recent first: Groceries, Garden. default: last gave Groceries; the held "2" then picked Garden.
        #expect(form.session.state.entries[0].text == "Garden", "\(screen(form))")
        #expect(form.session.state.focus == 1, "the held key picked and moved on")
        #expect(run.history("item") == ["rake", "milk"], "the item's history came with the answer")
    }

    /// The one thing needed before the first frame, the draft to offer, is read
    /// from the store opened for reading (nothing written or synced); declining
    /// it deletes it off the loop, where the store is opened for writing.
    @Test func theDraftQuestionReadsTheStoreOnlyAndTheRestComesOffTheLoop() throws {
        let memory = MemoryStore()
        try memory.saveDraft(form: checklist, values: ["item": "half typed"], focus: "item")
        let purposes = Mutex<[StoreOpener.Purpose]>([])
        let run = try StoredFormRun(
            form: checklist, layouts: [:],
            opening: { purpose in
                purposes.withLock { $0.append(purpose) }
                return .success(memory)
            }, local: true, mayHoldDraft: true, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        var asked: [String] = []
        let start = try run.start(drafts: .ask) { question, _ in
            asked.append(question)
            return false
        }
        #expect(asked.count == 1, "the draft was offered")
        #expect(purposes.withLock { $0 } == [.reading], "opened for reading only before the first frame")
        #expect(start.discardsDraft && !start.resumed)
        #expect(try memory.draft(form: checklist) != nil, "declined, but not deleted on the loop")

        let answers = try #require(run.hooks(from: start).storeAnswers)
        answers.read()
        #expect(purposes.withLock { $0 } == [.reading, .writing])
        #expect(try memory.draft(form: checklist) == nil, "deleted off the loop")
        #expect(run.storeProblem == nil)
    }

    /// `keyform run`'s way: the draft is read without opening the store at all
    /// (`StoreOpener.draft`); the store is opened once, for writing, off the loop.
    @Test func aDraftReaderAsksNothingOfTheStoreBeforeTheFirstFrame() throws {
        let memory = MemoryStore()
        try memory.saveDraft(form: checklist, values: ["item": "half typed"], focus: "item")
        let purposes = Mutex<[StoreOpener.Purpose]>([])
        let read = Mutex<[String]>([])
        let run = try StoredFormRun(
            form: checklist, layouts: [:],
            opening: { purpose in
                purposes.withLock { $0.append(purpose) }
                return .success(memory)
            }, local: true, mayHoldDraft: true,
            readingDraft: { form in
                read.withLock { $0.append(form.name) }
                return try? memory.draft(form: form)
            }, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let resumed = try run.start(drafts: .resume)
        #expect(read.withLock { $0 } == [checklist.name] && purposes.withLock { $0 }.isEmpty)
        #expect(resumed.resumed && resumed.values["item"] == "half typed")
        #expect(resumed.focus == checklist.fields.firstIndex { $0.id == "item" })

        var asked = 0
        let declined = try run.start(drafts: .ask) { _, _ in
            asked += 1
            return false
        }
        #expect(asked == 1 && declined.discardsDraft && !declined.resumed)
        #expect(purposes.withLock { $0 }.isEmpty, "nothing opened before the first frame")
        _ = try run.start(drafts: .fresh)
        #expect(read.withLock { $0 }.count == 2, "--fresh reads no draft")

        try #require(run.hooks(from: declined).storeAnswers).read()
        #expect(purposes.withLock { $0 } == [.writing])
        #expect(try memory.draft(form: checklist) == nil, "declined: deleted off the loop")
    }

    /// A scene of `todo` filled in ("Buy milk"), whose record Done saves off the loop into `store`.
    func filledScene(
        _ store: any RecordStore, rescueFolder: String? = nil
    ) throws -> (scene: FormScene, saving: StoredFormRun.RecordSave) {
        var run = try StoredFormRun(
            form: todo, layouts: [:], store: store, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        run.rescueFolder = rescueFolder
        let saving = StoredFormRun.RecordSave()
        let hooks = run.hooks(from: FormStart(), saving: saving)
        let scene = FormScene(
            session: FormSession(context: run.context, state: .start(run.context), history: hooks.history), hooks: hooks
        )
        _ = scene.receive(Array("Buy milk".utf8))
        return (scene, saving)
    }

    /// Wakes the scene as the runner does until it ended (20 s at most).
    func waitForTheEnd(_ scene: FormScene) {
        let deadline = ContinuousClock.now + .seconds(20)
        while scene.outcome == nil, ContinuousClock.now < deadline {
            usleep(UInt32(max(1, scene.wakeUpMilliseconds ?? 10)) * 1000)
            _ = scene.wakeUp()
        }
    }

    /// Done on a store that takes 1.5 s to keep a record (a far server): the
    /// loop does not wait, the screen says it saves, keys change nothing,
    /// Ctrl-C is said to wait, and the form ends once the record is stored.
    @Test func doneSavesOffTheLoopAndTheScreenSaysSo() throws {
        let held = Gate()
        let slow = SlowStore(MemoryStore(), saveGate: held)
        let (scene, saving) = try filledScene(slow)
        defer { scene.close() }
        defer { held.open() }
        _ = scene.receive([0x13])  // Ctrl-S: Done
        #expect(held.passed == 0, "the loop waited for the store")
        #expect(scene.outcome == nil, "the form ends when the store answered")
        #expect(screen(scene).contains("[ Done ] Saving the record…"), "\(screen(scene))")
        #expect(scene.wakeUpMilliseconds != nil, "the scene wakes to take the store's answer")

        // Keys typed meanwhile are ignored; Ctrl-C says the record is being saved.
        let before = scene.session.state
        _ = scene.receive(Array("xyz".utf8) + [0x1B, 0x7F, 13])
        _ = scene.flushPendingEscape()
        #expect(scene.session.state == before, "keys changed the form while it saved")
        _ = scene.receive([3])
        #expect(scene.outcome == nil, "Ctrl-C does not take the record back")
        #expect(screen(scene).contains("! saving: the record is stored, or rescued to a file"), "\(screen(scene))")
        #expect(held.passed == 0 && scene.outcome == nil, "the record was stored before the test let it")

        held.open()
        waitForTheEnd(scene)
        let record = Record(form: todo, values: ["text": .text("Buy milk")])
        #expect(scene.outcome == .submitted(record))
        let id = try #require(try saving.result?.get())
        #expect(try slow.inner.records(form: todo, where: [], limit: nil, beforeID: nil).map(\.id) == [id])
        #expect(try slow.inner.draft(form: todo) == nil, "the draft went with the record")
    }

    /// A store that refuses the record after a while: the form still ends as
    /// submitted, and the record is rescued to a file (`keyform run`: exit 3).
    @Test func aRecordTheStoreRefusesIsRescuedAndTheFormEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-rescue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lost = StoreError.connectionLost(path: "postgres://ada@db.lab/club")
        let slow = SlowStore(MemoryStore(), saveDelay: .milliseconds(300), saveFailure: lost)
        let (scene, saving) = try filledScene(slow, rescueFolder: folder.path)
        defer { scene.close() }
        _ = scene.receive([0x13])
        #expect(screen(scene).contains("Saving the record…"))
        waitForTheEnd(scene)
        #expect(scene.outcome == .submitted(Record(form: todo, values: ["text": .text("Buy milk")])))
        guard case .failure(let notStored)? = saving.result else {
            Issue.record("stored: \(String(describing: saving.result))")
            return
        }
        #expect(notStored.reason == lost && notStored.exitStatus == 3)
        let rescued = try String(contentsOfFile: try #require(notStored.rescuedAt), encoding: .utf8)
        // The failed save's token first (DECISIONS 80), then the record.
        let tokenFirst = #/^\{"_token":"[0-9a-f-]{36}","text":"Buy milk",/#
        #expect(rescued.firstMatch(of: tokenFirst) != nil && rescued.utf8.last == 10, "\(rescued)")
    }

    /// SIGTERM (or the terminal gone) while the record is saved ends the scene
    /// now: it waits for the store's answer first, so the record is stored.
    @Test func aSignalThatEndsTheRunWaitsForTheSave() throws {
        let slow = SlowStore(MemoryStore(), saveDelay: .milliseconds(800))
        let (scene, saving) = try filledScene(slow)
        defer { scene.close() }
        _ = scene.receive([0x13])
        let record = Record(form: todo, values: ["text": .text("Buy milk")])
        #expect(scene.stop(signal: SIGTERM) == .submitted(record))
        #expect(scene.outcome == .submitted(record))
        #expect(try saving.result?.get() != nil, "stored before the scene ended")
        #expect(try slow.inner.recordCount(form: todo, where: []) == 1)
    }

    /// SIGINT (`kill -INT`) while the record is saved is said, and the form
    /// goes on until the store answered: it ends submitted, not interrupted.
    @Test func sigintWhileSavingIsSaidAndTheFormEndsAsTheSaveDoes() throws {
        let slow = SlowStore(MemoryStore(), saveDelay: .milliseconds(500))
        let (scene, _) = try filledScene(slow)
        defer { scene.close() }
        _ = scene.receive([0x13])
        _ = scene.stop(signal: SIGINT)
        #expect(scene.outcome == nil)
        #expect(screen(scene).contains("! saving: the record is stored"), "\(screen(scene))")
        waitForTheEnd(scene)
        #expect(scene.outcome == .submitted(Record(form: todo, values: ["text": .text("Buy milk")])))
        #expect(try slow.inner.recordCount(form: todo, where: []) == 1)
    }

    /// A server down at start: the form shows at once, and once the store's
    /// open (off the loop) failed its footer says the record will be saved to
    /// a file; the form still works, and Done rescues the record (exit 3).
    @Test func aStoreThatCannotBeOpenedIsSaidWhileTheFormIsFilled() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyform-rescue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let down = StoreError.serverUnreachable(
            path: "postgres://ada@db.lab/club", reason: .systemSaid("connection refused"))
        var run = try StoredFormRun(
            form: todo, layouts: [:], opening: { _ in .failure(down) }, local: false, mayHoldDraft: true,
            clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        run.rescueFolder = folder.path
        let start = try run.start(drafts: .ask) { _, _ in
            Issue.record("no draft can be read from a store that does not open")
            return false
        }
        let saving = StoredFormRun.RecordSave()
        let hooks = run.hooks(from: start, saving: saving)
        let scene = FormScene(
            session: FormSession(context: run.context, state: .start(run.context), history: hooks.history), hooks: hooks
        )
        defer { scene.close() }
        let warning = "! the server cannot be reached: the record will be saved to a file"
        let deadline = ContinuousClock.now + .seconds(20)
        while !screen(scene).contains(warning), ContinuousClock.now < deadline {
            usleep(UInt32(max(1, scene.wakeUpMilliseconds ?? 10)) * 1000)
            _ = scene.wakeUp()
        }
        #expect(screen(scene).contains(warning), "\(screen(scene))")
        _ = scene.receive(Array("Buy milk".utf8) + [13])
        #expect(screen(scene).contains(warning), "said for as long as the form lasts: \(screen(scene))")
        _ = scene.receive([0x13])  // Ctrl-S: Done
        waitForTheEnd(scene)
        #expect(scene.outcome == .submitted(Record(form: todo, values: ["text": .text("Buy milk")])))
        guard case .failure(let notStored)? = saving.result else {
            Issue.record("stored: \(String(describing: saving.result))")
            return
        }
        #expect(notStored.reason == down && notStored.exitStatus == 3 && notStored.rescuedAt != nil)
    }

    /// The accessible mode's answers typed in turn, and whether the store held
    /// a draft when each line was asked.
    final class Answers: AccessibleLines {
        var answers: [AccessibleAnswer]
        let store: MemoryStore
        let form: Form
        /// Opened as the last answer is read: the store keeps nothing before.
        let gate: Gate
        /// For each line asked, whether the store held a draft then.
        var draftStoredWhenAsked: [Bool] = []
        init(_ answers: [AccessibleAnswer], store: MemoryStore, form: Form, gate: Gate) {
            (self.answers, self.store, self.form, self.gate) = (answers, store, form, gate)
        }
        func say(_ lines: [String]) {}
        func read(prompt: String, history: [String], secret: Bool) -> AccessibleAnswer {
            draftStoredWhenAsked.append((try? store.draft(form: form)) != nil)
            if answers.count <= 1 { gate.open() }
            return answers.isEmpty ? .endOfInput : answers.removeFirst()
        }
    }

    let chores = Form(
        name: "chores", pages: [Form.Page(fields: [Field(id: "text"), Field(id: "note"), Field(id: "room")])])

    /// `--accessible` on a store that takes 1.5 s to keep a draft: the next
    /// line is asked at once, the draft still on its way; Ctrl-D then keeps
    /// the newest values, written after the draft on its way (never under it).
    @Test func theAccessibleModeAsksTheNextLineWhileASlowStoreKeepsTheDraft() throws {
        let held = Gate()
        let slow = SlowStore(MemoryStore(), draftGate: held)
        let run = try StoredFormRun(
            form: chores, layouts: [:], store: slow, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let lines = Answers(
            [.line("Buy milk"), .line("Soon"), .endOfInput], store: slow.inner, form: chores, gate: held)
        let outcome = AccessibleRun.converse(
            context: run.context, state: .start(run.context), lines: lines, hooks: run.hooks(from: FormStart()))
        #expect(outcome == .cancelled)
        try #require(lines.draftStoredWhenAsked.count == 3)
        // The store kept nothing until the last line was read: asking each line did not wait for it.
        #expect(!lines.draftStoredWhenAsked[1] && !lines.draftStoredWhenAsked[2], "the draft was still on its way")
        let draft = try #require(try slow.inner.draft(form: chores))
        #expect(draft.values == ["text": "Buy milk", "note": "Soon", "room": ""], "the newest values stay")
    }

    /// Done in the accessible mode while a draft is on its way: the record is
    /// stored after it, and the draft goes with the record.
    @Test func theAccessibleModeStoresTheRecordAfterTheDraftOnItsWay() throws {
        let held = Gate()
        let slow = SlowStore(MemoryStore(), draftGate: held)
        let run = try StoredFormRun(
            form: todo, layouts: [:], store: slow, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let saving = StoredFormRun.RecordSave()
        let lines = Answers([.line("Buy milk"), .line("")], store: slow.inner, form: todo, gate: held)
        let outcome = AccessibleRun.converse(
            context: run.context, state: .start(run.context), lines: lines,
            hooks: run.hooks(from: FormStart(), saving: saving))
        #expect(outcome == .submitted(Record(form: todo, values: ["text": .text("Buy milk")])))
        try #require(lines.draftStoredWhenAsked.count == 2)
        #expect(!lines.draftStoredWhenAsked[1], "the second line waited for the first one's draft")
        let id = try #require(try saving.result?.get())
        #expect(try slow.inner.records(form: todo, where: [], limit: nil, beforeID: nil).map(\.id) == [id])
        #expect(try slow.inner.draft(form: todo) == nil, "no draft outlives the record")
    }
}
