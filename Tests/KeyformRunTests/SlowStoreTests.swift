import Foundation
import KeyformCore
import KeyformRun
import KeyformStore
import KeyformTerminal
import Testing

/// A store far away (a server over a slow network): around a `MemoryStore`,
/// each draft takes `draftDelay` to keep.
final class SlowStore: RecordStore, @unchecked Sendable {
    let inner: MemoryStore
    let draftDelay: Duration

    init(_ inner: MemoryStore, draftDelay: Duration) {
        self.inner = inner
        self.draftDelay = draftDelay
    }

    var location: String { "slow:" + inner.location }
    var isLocal: Bool { false }
    var author: String { inner.author }

    func saveDraft(form: Form, values: [String: FieldInput], focus: String?) throws(StoreError) {
        Thread.sleep(
            forTimeInterval: Double(draftDelay.components.seconds) + Double(draftDelay.components.attoseconds) / 1e18)
        try inner.saveDraft(form: form, values: values, focus: focus)
    }

    func saveRecord(_ record: Record, form: Form, removingDraft: Bool) throws(StoreError) -> Int64 {
        try inner.saveRecord(record, form: form, removingDraft: removingDraft)
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
        try inner.history(form: form, field: field, limit: limit)
    }
    func lastValue(form: Form, field: String) throws(StoreError) -> FieldInput? {
        try inner.lastValue(form: form, field: field)
    }
    func choiceValues(_ source: Field.ChoiceSource) throws(StoreError) -> [String] { try inner.choiceValues(source) }
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
        let slow = SlowStore(MemoryStore(), draftDelay: .milliseconds(1500))
        let run = try StoredFormRun(
            form: todo, layouts: [:], store: slow, clock: WallClock(today: CivilDate(iso: "2026-11-27")!))
        let hooks = run.hooks(from: FormStart())
        let scene = FormScene(
            session: FormSession(context: run.context, state: .start(run.context), history: hooks.history), hooks: hooks
        )
        defer { scene.close() }
        _ = scene.receive(Array("Buy milk".utf8))
        // Enter commits the field: its draft goes to the store, which takes 1.5 s.
        let committed = ContinuousClock().measure { _ = scene.receive([13]) }
        #expect(committed < .milliseconds(700), "the loop waited for the store: \(committed)")
        // Keys typed meanwhile are answered at once.
        let typed = ContinuousClock().measure { _ = scene.receive(Array("Soon".utf8)) }
        #expect(typed < .milliseconds(300), "\(typed)")
        #expect(screen(scene).contains("Soon"), "\(screen(scene))")
        #expect(try slow.inner.draft(form: todo) == nil, "the draft is still on its way")
        #expect(scene.wakeUpMilliseconds != nil, "the scene wakes to take the store's answer")

        // The store's answer comes back as an event when the scene wakes.
        let deadline = ContinuousClock.now + .seconds(20)
        while try slow.inner.draft(form: todo) == nil, ContinuousClock.now < deadline { usleep(10_000) }
        _ = scene.wakeUp()
        #expect(try slow.inner.draft(form: todo)?.values["text"] == "Buy milk")
        #expect(scene.session.state.draftProblem == nil)
        #expect(scene.wakeUpMilliseconds == nil, "nothing more to wait for")
    }
}
