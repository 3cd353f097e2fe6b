import Foundation
import Glibc
import KeyformCore

/// `keyform browse` as one terminal scene: the list of a form's records
/// (`RecordListEngine`, drawn by `RecordListView`) and the form that edits or
/// adds one (a `FormSession`), pushed over the list with a page slide forward
/// and popped with a slide back when it ends; the filter key pushes the forms
/// that ask which field and which value to filter by the same way. One key
/// decoder serves all, so keys typed ahead across a push or a pop go where they
/// were meant. The store is reached only through `Hooks`; what it answers goes
/// back to the list as events.
@MainActor
public final class RecordBrowser: TerminalScene {
    /// What the browser needs from the store (the CLI wires them to `AppDatabase`).
    public struct Hooks {
        /// A field's earlier values, oldest first (readline's Up in the form):
        /// read off the loop for every field before a record's form opens.
        public var history: @Sendable (String) -> [String]
        /// The starting text of a new record's fields (`default: last`, a draft), by
        /// field id: read off the loop, keys typed meanwhile kept for the form.
        public var newValues: @Sendable () -> [String: FieldInput]
        /// Stores a new record; returns its row (with the id it got). The store's
        /// writes (`add`, `update`, `delete`) run off the terminal's loop.
        public var add: @Sendable (Record) throws -> RecordListRow
        /// Stores new values for the record with this id, only over the
        /// version saved at the given time when there is one (the row's
        /// `updated` as the edit began); returns its row. Throws
        /// `RecordEditConflict` when another terminal saved or deleted it since.
        public var update: @Sendable (Int64, Record, Date?) throws -> RecordListRow
        /// Deletes the record with this id (one already gone is not an error).
        public var delete: @Sendable (Int64) throws -> Void
        /// The records older than the one with this id (`Int64.max`: the newest)
        /// that meet the conditions, newest first, at most this many (nil: all):
        /// the next rows of a long list, or the first after a filter changed.
        /// The list's reads (`load`, `loadOldest`, `count`, `changed`, `changes`)
        /// run off the terminal's loop too, on the writes' queue, in the order asked.
        public var load: @Sendable (Int64, Int?, [FieldMatch]) throws -> [RecordListRow]
        /// The oldest records newer than the one with this id (nil: the oldest
        /// of all) that meet the conditions, at most this many (nil: all), newest
        /// first: End's page, and the rows above it as the list scrolls up. Nil:
        /// read through `load` (every record, then the oldest kept).
        public var loadOldest: (@Sendable (Int64?, Int?, [FieldMatch]) throws -> [RecordListRow])?
        /// How many records meet the conditions (after a filter changed).
        public var count: @Sendable ([FieldMatch]) throws -> Int
        /// The values the records hold in a field (by id), most used first: the
        /// grid of the filter's value for a field that has no grid of its own:
        /// read off the loop before the filter's value form opens.
        public var values: @Sendable (String) -> [String]
        /// The form's context anew, before the form opens to add or edit a
        /// record: `choices` grids then offer what was stored meanwhile. Nil:
        /// the context the browser was made with. Read off the loop: the list
        /// says the form opens, and the keys typed meanwhile go to the form.
        public var context: (@Sendable () -> FormContext?)?
        /// The form with its `choices: {from:}` grids saying they load: a
        /// record's form is drawn with it while `context` and `history` are on
        /// their way. Nil: the context the browser has (the form has no such grid).
        public var loadingContext: FormContext?
        /// Keeps what the form adding a record holds (its values as typed), as
        /// each field is committed and when it is left unsubmitted (Esc, Ctrl-C,
        /// a signal): `newValues` gives it back the next time, so nothing typed is lost.
        /// Returns nil when the draft was kept, else why not (shown in the form).
        /// Run off the loop on the writes' queue, only the newest waiting.
        public var saveDraft: @Sendable ([String: FieldInput]) -> String?
        /// Whether another terminal changed the records since the last call
        /// (`RecordStore.changeMark`), asked every `changeLookMilliseconds` while
        /// the list is idle: what changed is then read (`changes`). Nil: never.
        public var changed: (@Sendable () -> Bool)?
        /// How long the loop waits for a write's answer before it draws that the
        /// store is saving (or deleting) and goes on: a quick store answers within
        /// the key that asked, with no flicker; a slow one is answered as an event
        /// when the scene wakes. Nil: until it answers (the loop waits).
        public var writeWaitMilliseconds: Int?
        /// How long the loop waits for a read's answer (rows, a count, a look at
        /// another terminal's change) before it draws what it has, saying what it
        /// waits for, and goes on taking keys: a local file's rows are in the
        /// frame after the key. Nil: until it answers (the loop waits).
        public var readWaitMilliseconds: Int?
        /// What changed since the last call (or since the list was read, the
        /// first time) that the query asks about (`RecordStore.changedRecords`,
        /// `recordIDs`, `recordCount`). Nil: worked out from every record (`load`).
        public var changes: (@Sendable (RecordListChangeQuery) throws -> RecordListChanges)?

        public init(
            history: @escaping @Sendable (String) -> [String] = { _ in [] },
            newValues: @escaping @Sendable () -> [String: FieldInput] = { [:] },
            add: @escaping @Sendable (Record) throws -> RecordListRow,
            update: @escaping @Sendable (Int64, Record, Date?) throws -> RecordListRow,
            delete: @escaping @Sendable (Int64) throws -> Void,
            load: @escaping @Sendable (Int64, Int?, [FieldMatch]) throws -> [RecordListRow] = { _, _, _ in [] },
            loadOldest: (@Sendable (Int64?, Int?, [FieldMatch]) throws -> [RecordListRow])? = nil,
            count: @escaping @Sendable ([FieldMatch]) throws -> Int = { _ in 0 },
            values: @escaping @Sendable (String) -> [String] = { _ in [] },
            context: (@Sendable () -> FormContext?)? = nil, loadingContext: FormContext? = nil,
            saveDraft: @escaping @Sendable ([String: FieldInput]) -> String? = { _ in nil },
            changed: (@Sendable () -> Bool)? = nil, writeWaitMilliseconds: Int? = nil,
            readWaitMilliseconds: Int? = nil,
            changes: (@Sendable (RecordListChangeQuery) throws -> RecordListChanges)? = nil
        ) {
            self.history = history
            self.newValues = newValues
            self.add = add
            self.update = update
            self.delete = delete
            self.load = load
            self.loadOldest = loadOldest
            self.count = count
            self.values = values
            self.context = context
            self.loadingContext = loadingContext
            self.saveDraft = saveDraft
            self.changed = changed
            self.writeWaitMilliseconds = writeWaitMilliseconds
            self.readWaitMilliseconds = readWaitMilliseconds
            self.changes = changes
        }
    }

    public let form: Form
    /// The list, also while the form is open over it.
    public private(set) var list: RecordListState
    private let hooks: Hooks
    /// The form as it adds a record (its own title) and as it edits one ("Edit …").
    private var addContext: FormContext
    private var editContext: FormContext
    private var editor: Editor?
    private var decoder = KeyDecoder()
    /// The list's keys (and its delete question's): looked up for each key, drawn in its footer.
    public let keys: RecordListKeyMaps
    /// The keys of the forms it opens (adding, editing, the filter's questions).
    public let formKeys: FormKeyMaps

    /// A form open over the list, and what it is for.
    private struct Editor {
        var session: FormSession
        var purpose: Purpose
        /// The values as the form opened (a draft changes only when they do).
        var startValues: [String: FieldInput]
        /// When the record edited was last saved, as the edit began: it is saved over that version only.
        var read: Date?
    }

    private enum Purpose: Equatable {
        /// Adding a record.
        case add
        /// Editing the record with this id.
        case edit(Int64)
        /// Asking which field to filter by.
        case filterField
        /// Asking for the value of this field to filter by.
        case filterValue(String)
        /// Asking which of two versions of record `id` to keep: the edit
        /// (`mine`) or what another terminal saved meanwhile (`theirs`).
        case resolve(id: Int64, mine: Record, theirs: Record)

        /// The record being edited; nil when the form does not edit one.
        var editing: Int64? {
            if case .edit(let id) = self { return id }
            return nil
        }

        /// Whether the form is the record's own (adding or editing), not one of the filter's.
        var isRecord: Bool { self == .add || editing != nil }

        /// Whether Done saves a record (adding, editing, choosing a version): the
        /// form says it saves until the store answered, off the loop.
        var savesRecord: Bool {
            if case .resolve = self { return true }
            return isRecord
        }
    }

    /// - Parameters:
    ///   - rows: the records, newest first: all of them, or the newest `total`
    ///     (the others are read with `Hooks.load` as the list scrolls to them).
    ///     Nil: the list reads them (`Hooks.load`, `count`) off the loop, saying
    ///     it loads until they come (`keyform browse` over a slow server).
    ///   - scope: what every record of the list meets (`browse --where`): the
    ///     rows and `total` must already be only those.
    ///   - context: the form, in the language the list speaks too (`FormContext.language`).
    ///   - leaveLabel: what q does, as the footer says (`quit`; `lists` when the
    ///     list goes back to a list of lists).
    ///   - notice: a word to the person in the footer until the first key (how to go on).
    public init(
        context: FormContext, rows: [RecordListRow]?, total: Int? = nil, scope: [FieldMatch] = [],
        leaveLabel: Message = .hintQuit, notice: String? = nil, hooks: Hooks, keys: RecordListKeyMaps = .standard,
        formKeys: FormKeyMaps = .standard
    ) {
        self.keys = keys
        self.formKeys = formKeys
        form = context.form
        list = RecordListState(
            rows: rows ?? [], total: total, scope: scope, leaveLabel: leaveLabel,
            sorts: RecordListSort.offered(for: context.form) { field in
                context.index(ofField: field.id).flatMap { context.layout(ofField: $0, []) }.map(Self.values(of:))
            }, language: context.language)
        list.notice = notice.map { .info($0) }
        self.hooks = hooks
        reads = Reads(hooks)
        addContext = context
        editContext = context.retitled(RecordListEngine.editTitle(of: context.form, language: context.language))
        // A local file's first rows come within `readWaitMilliseconds`: the first frame shows them.
        if rows == nil { _ = send(.opened) }
    }

    /// Whether the form is open over the list.
    public var isEditing: Bool { editor != nil }

    // MARK: TerminalScene

    public var outcome: RecordListState.Outcome? { list.outcome }
    public var hasPendingEscape: Bool { decoder.hasPendingEscape }

    public func receive(_ bytes: [UInt8]) -> [TerminalRequest] {
        decoder.feed(bytes).flatMap(handle)
    }

    public func flushPendingEscape() -> [TerminalRequest] {
        decoder.flushPendingEscape().flatMap(handle)
    }

    public func stop(signal: Int32) -> RecordListState.Outcome {
        if let editor, editor.session.state.saving != nil {
            // A record on its way to the store is not taken back: SIGINT is said in the
            // form, which goes on until the store answered; the others wait for the answer.
            _ = editor.session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal))
            if signal == SIGINT { return list.outcome ?? .interrupted }
            _ = finishWriting()
        }
        if let editor {
            keepDrafts(editor.session.send(signal == SIGINT ? .interrupted : .terminated(signal: signal)))
            closeEditor()
        }
        _ = send(signal == SIGINT ? .interrupted : .terminated(signal: signal))
        return list.outcome ?? (signal == SIGINT ? .interrupted : .terminated(signal: signal))
    }

    public func frame(width: Int, height: Int, color: Bool) -> Frame {
        let rows = RecordListView.visibleRows(height: height)
        if rows != list.visibleRows { _ = send(.resized(visibleRows: rows)) }
        if let editor { return editor.session.frame(width: width, height: height, color: color) }
        listTooSmall = !FormView.fits(width: width, height: height)
        var frame = RecordListView.render(list, form, width: width, height: height, color: color, keys: keys)
        if opening != nil, !listTooSmall, !frame.lines.isEmpty {
            // What the list waits for, in place of its keys (held for the form).
            frame.lines[frame.lines.count - 1] = Frame.Line(list.language.text(.openingForm), .bold)
        }
        lastListFrame = frame
        return frame
    }

    /// The list's last frame: a click opens the record its regions say is under it.
    private var lastListFrame: Frame?

    /// Whether the list's last frame asked for a larger window ("…or press Esc")
    /// instead of showing the list: keys then only leave or redraw, so nothing
    /// is opened, toggled or deleted (a `y` to a question nobody sees) blind.
    private var listTooSmall = false

    public func close() {
        // A write on its way is let finish: stored or not, never half. Reads are left to the queue.
        pending.last { $0.isWrite }?.job.wait()
        pending = []
        look = nil
        opening = nil
        recordReading = nil
        closeEditor()
        finishDrafts()
    }

    /// How often an idle list asks whether another terminal changed the
    /// records: a change shows within a second (SPEC), and the question is
    /// cheap (SQLite reads no page for it).
    public static let changeLookMilliseconds: Int32 = 250

    /// While the list is shown and idle (no form over it, no question, no rows
    /// on their way), it looks for other terminals' changes.
    public var wakeUpMilliseconds: Int32? {
        if !pending.isEmpty || look != nil || opening != nil || drafting != nil || recordReading != nil {
            return Int32(DraftWorker.lookMilliseconds)
        }
        if changeSeen, editor == nil, list.canRefresh { return 0 }
        return reads.changed != nil && editor == nil && list.canRefresh ? Self.changeLookMilliseconds : nil
    }

    public func wakeUp() -> [TerminalRequest] {
        if let job = drafting?.job, let answer = job.answered { draftAnswered(answer) }
        if let waiting = opening, let reading = waiting.job.answered {
            opening = nil
            if let read = waiting.then {
                return openRecordForm(waiting.purpose, values: reading.values, read: read, then: waiting.held)
            }
            return opened(reading, for: waiting.purpose, then: waiting.held)
        }
        var requests = recordFormRead()
        requests += takeAnswers()
        if let job = look, job.isDone {
            look = nil
            changeSeen = changeSeen || job.answered == true
        }
        if changeSeen {
            // Seen while a write or a read was on its way, or a form was open: read once the list is idle.
            guard editor == nil, list.canRefresh else { return requests }
            changeSeen = false
            return requests + send(.storeChanged)
        }
        guard look == nil, pending.isEmpty, let changed = reads.changed, editor == nil, list.canRefresh else {
            return requests
        }
        // The look itself is a store call (a round trip to a server): off the loop as well.
        let job = OffLoop(on: storeQueue, changed)
        guard job.wait(milliseconds: hooks.readWaitMilliseconds), let answer = job.answered else {
            look = job
            return requests
        }
        if answer { requests += send(.storeChanged) }
        return requests
    }

    // MARK: The store's work off the loop

    /// What a form reads from the store before it opens, off the loop: the
    /// context anew (`Hooks.context`), the fields' history, a new record's
    /// starting values (`Hooks.newValues`), the filter's values (`Hooks.values`).
    private struct FormReading: Sendable {
        var context: FormContext?
        var history: [String: [String]] = [:]
        var values: [String: FieldInput] = [:]
        var offered: [String] = []
    }

    /// Which form waits for its reading.
    private enum Opening {
        case add
        case edit(RecordListRow)
        case filterValue(id: String, current: FieldValue?)

        /// The value the list is filtered by now, for the filter's value form.
        var current: FieldValue? {
            if case .filterValue(_, let current) = self { return current }
            return nil
        }
    }

    /// A form's reading on its way, and the keys typed meanwhile: they were
    /// meant for the form, and go to it once it opens. `then`: the record's
    /// form's context and history, asked after it (the form opens without them).
    private var opening: (job: OffLoop<FormReading>, purpose: Opening, held: [KeyPress], then: OffLoop<FormReading>?)?
    /// The context anew and the fields' history on their way for the record's
    /// form open meanwhile: it is drawn with its grids saying they load, and
    /// holds the keys that need them (`FormSession.awaitStore`), as `keyform run` does.
    private var recordReading: (job: OffLoop<FormReading>, session: FormSession)?
    /// The fields' history as last read, by field id (the record's form reads it; a form opened again reuses it).
    private var histories: [String: [String]] = [:]

    /// Reads what the form needs off the loop, on the store's queue (after the
    /// writes and drafts asked before): a local file's answer opens it within
    /// the key; a slower one when the scene wakes, the list saying the form opens.
    private func startOpening(_ purpose: Opening) -> [TerminalRequest] {
        let (contextHook, history, newValues, values, base) = (
            hooks.context, hooks.history, hooks.newValues, hooks.values, addContext
        )
        let wait = hooks.readWaitMilliseconds
        guard case .filterValue(let id, _) = purpose else {
            // A new record's starting values first: its form opens with them. The
            // context and the history after: the form opens without them, and
            // they come as it is drawn (a local file's within the key).
            let fields = form.fields.map(\.id)
            let starting: OffLoop<FormReading>? =
                if case .add = purpose { OffLoop(on: storeQueue) { FormReading(values: newValues()) } } else { nil }
            let read = OffLoop(on: storeQueue) {
                FormReading(
                    context: contextHook?(),
                    history: Dictionary(fields.map { ($0, history($0)) }, uniquingKeysWith: { first, _ in first }))
            }
            if let starting, !pending.isEmpty || !starting.wait(milliseconds: wait) || starting.answered == nil {
                opening = (starting, purpose, [], read)
                return []
            }
            if pending.isEmpty { _ = read.wait(milliseconds: wait) }
            return openRecordForm(purpose, values: starting?.answered?.values ?? [:], read: read)
        }
        let job = OffLoop(on: storeQueue) { () -> FormReading in
            var reading = FormReading(context: contextHook?())
            // A field with a grid of its own offers it; the others what the records hold.
            let context = reading.context ?? base
            if let index = context.index(ofField: id), context.layout(ofField: index, []) == nil {
                reading.offered = values(id)
            }
            return reading
        }
        if pending.isEmpty, job.wait(milliseconds: wait), let reading = job.answered {
            return opened(reading, for: purpose)
        }
        // Drawn meanwhile with its grid saying it loads; the keys typed on it are
        // held (`opening`) for the form with the values, which replaces it.
        let requests = openFilterForm(for: .filterValue(id)) {
            guard let index = addContext.index(ofField: id) else { throw FilterFieldGone(id: id) }
            return try RecordListEngine.filterValueForm(
                addContext.fields[index], in: addContext, offered: [], current: purpose.current, loading: true)
        }
        opening = (job, purpose, [], nil)
        return requests
    }

    /// Opens a record's form: with its context anew and the history when they
    /// came, else drawn with its grids saying they load, the keys that need
    /// them held until they come (`recordFormRead`). Then gives it the keys held.
    private func openRecordForm(
        _ purpose: Opening, values: [String: FieldInput], read: OffLoop<FormReading>, then held: [KeyPress] = []
    ) -> [TerminalRequest] {
        if let reading = read.answered {
            adopt(reading.context)
            histories = reading.history
        }
        var loading = read.isDone ? nil : hooks.loadingContext
        loading?.language = list.language
        var requests: [TerminalRequest]
        switch purpose {
        case .edit(let row):
            let context =
                loading.map { $0.retitled(RecordListEngine.editTitle(of: $0.form, language: list.language)) }
                ?? editContext
            requests = openEditor(context, values: Self.texts(of: row.values), for: .edit(row.id), read: row.updated)
        default:
            let start = RecordListEngine.newRecord(start: values, matching: list.matches, form)
            requests = openEditor(loading ?? addContext, values: start.values, focus: start.focus, for: .add)
        }
        if let session = editor?.session, !read.isDone {
            session.awaitStore()
            recordReading = (read, session)
        }
        if let session = editor?.session, !held.isEmpty { requests += handleInEditor(session.receive(held), session) }
        return requests
    }

    /// The record's form's context anew and history came: the form open
    /// meanwhile takes them, and the keys it held.
    private func recordFormRead() -> [TerminalRequest] {
        guard let (job, session) = recordReading, let reading = job.answered else { return [] }
        recordReading = nil
        adopt(reading.context)
        histories = reading.history
        guard let editor, editor.session === session else { return [] }
        let context = editor.purpose == .add ? addContext : editContext
        return handleInEditor(session.storeAnswered(context, lastValues: [:]), session)
    }

    /// Takes a context read anew (nil: none read), in the list's language.
    private func adopt(_ read: FormContext?) {
        guard var context = read else { return }
        context.language = list.language
        addContext = context
        editContext = context.retitled(RecordListEngine.editTitle(of: context.form, language: list.language))
    }

    /// Opens the filter's value form with what the store gave, then gives it the keys held.
    private func opened(_ reading: FormReading, for purpose: Opening, then held: [KeyPress] = []) -> [TerminalRequest] {
        adopt(reading.context)
        guard case .filterValue(let id, let current) = purpose else { return [] }
        // The form drawn while the values were read is replaced in place: no second slide.
        let replacing = editor?.purpose == .filterValue(id)
        var requests = openFilterForm(for: .filterValue(id)) {
            guard let index = addContext.index(ofField: id) else { throw FilterFieldGone(id: id) }
            return try RecordListEngine.filterValueForm(
                addContext.fields[index], in: addContext, offered: reading.offered, current: current)
        }
        if replacing { requests.removeAll { if case .transition = $0 { true } else { false } } }
        if let session = editor?.session, !held.isEmpty { requests += handleInEditor(session.receive(held), session) }
        return requests
    }

    /// The add form's draft on its way to the store (`Hooks.saveDraft`, on the
    /// writes' queue), and the form it is for: its answer is said there.
    private var drafting: (job: OffLoop<DraftAnswer>, session: FormSession)?
    /// The newest draft committed while another was on its way: it goes next (only the newest is worth saving).
    private var nextDraft: (values: [String: FieldInput], session: FormSession)?

    private struct DraftAnswer: Sendable {
        var problem: String?
    }

    /// Saves a draft off the loop, after the store work asked before it (a
    /// save of the record asked after it comes after it: no draft outlives its record).
    private func saveDraft(_ values: [String: FieldInput], for session: FormSession) {
        guard drafting == nil else {
            nextDraft = (values, session)
            return
        }
        let save = hooks.saveDraft
        let job = OffLoop(on: storeQueue) { DraftAnswer(problem: save(values)) }
        drafting = (job, session)
        if job.wait(milliseconds: hooks.writeWaitMilliseconds), let answer = job.answered { draftAnswered(answer) }
    }

    /// The store's answer to a draft, said in its form while that form is open; the newest waiting goes next.
    private func draftAnswered(_ answer: DraftAnswer) {
        guard let session = drafting?.session else { return }
        drafting = nil
        if editor?.session === session, answer.problem != session.state.draftProblem {
            _ = session.send(.draftSaved(problem: answer.problem))
        }
        if let next = nextDraft {
            nextDraft = nil
            saveDraft(next.values, for: next.session)
        }
    }

    /// The run ends: the draft on its way, and the newest waiting, are stored before it does.
    private func finishDrafts() {
        drafting?.job.wait()
        drafting = nil
        if let next = nextDraft {
            nextDraft = nil
            let save = hooks.saveDraft
            OffLoop(on: storeQueue) { DraftAnswer(problem: save(next.values)) }.wait()
        }
    }

    /// The store's work on its way, oldest first: reads and writes on one queue
    /// (`storeQueue`), so they answer in the order they were asked (a refresh
    /// read before a toggle never undoes it), each answer an event.
    private var pending: [Pending] = []
    private let storeQueue = DispatchQueue(label: "keyform.browse")
    /// The list's reads, callable off the loop.
    private let reads: Reads
    /// The look at another terminal's change on its way (`Hooks.changed`).
    private var look: OffLoop<Bool>?
    /// Another terminal changed the records while the list could not read
    /// them (a write or a read on its way, a form open): read once it can.
    private var changeSeen = false

    /// One piece of the store's work on its way. `isWrite`: a save, toggle or
    /// delete (let finish before the run ends); `closesEditor`: the form over
    /// the list goes once the record is stored.
    private struct Pending {
        var job: OffLoop<RecordListEvent>
        var isWrite: Bool
        var closesEditor: Bool
    }

    /// Starts the store's work off the loop and waits up to `wait` ms for it
    /// (nil: until it is done): its answer, when it came, else nil (the scene
    /// wakes for it). Work queued behind other work is never answered ahead of it.
    private func start(
        write isWrite: Bool, closesEditor: Bool = false, wait: Int?, _ work: @escaping @Sendable () -> RecordListEvent
    ) -> RecordListEvent? {
        let job = OffLoop(on: storeQueue, work)
        guard pending.isEmpty, job.wait(milliseconds: wait), let answer = job.answered else {
            pending.append(Pending(job: job, isWrite: isWrite, closesEditor: closesEditor))
            return nil
        }
        return answer
    }

    /// A read off the loop; its answer (or its failure, `.readFailed`) as the list's event.
    private func read(_ body: @escaping @Sendable () throws -> RecordListEvent) -> [RecordListEvent] {
        let language = list.language
        let answer = start(write: false, wait: hooks.readWaitMilliseconds) {
            do { return try body() } catch { return .readFailed(Self.describe(error, in: language)) }
        }
        return answer.map { [$0] } ?? []
    }

    /// Gives the list the answers that came, in the order asked.
    private func takeAnswers() -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        while let first = pending.first, let answer = first.job.answered {
            pending.removeFirst()
            requests += closeEditor(after: answer, closesEditor: first.closesEditor)
            requests += send(answer)
        }
        return requests
    }

    /// Waits for the writes on their way, if any, and gives the list the answers that came.
    private func finishWriting() -> [TerminalRequest] {
        pending.last { $0.isWrite }?.job.wait()
        return takeAnswers()
    }

    /// A record the form saved is stored: the form goes back to the list. (A
    /// conflict, or a failure, opens a form of its own: nothing typed is lost.)
    private func closeEditor(after answer: RecordListEvent, closesEditor: Bool) -> [TerminalRequest] {
        guard closesEditor else { return [] }
        switch answer {
        case .recordAdded, .recordSaved:
            closeEditor()
            return [.transition(.page(forward: false))]
        default:
            return []
        }
    }

    /// What the store answered to a record the form submitted, as the list's event.
    private nonisolated static func saved(
        _ record: Record, editing: Int64?, read: Date?, hooks: (add: AddHook, update: UpdateHook), language: Language
    ) -> RecordListEvent {
        do {
            let row = try editing.map { try hooks.update($0, record, read) } ?? hooks.add(record)
            return editing == nil ? .recordAdded(row) : .recordSaved(row)
        } catch RecordEditConflict.changed(let theirs) {
            return .editConflicted(record, theirs: theirs)
        } catch RecordEditConflict.deleted {
            return .editedRecordDeleted(record, id: editing ?? 0)
        } catch {
            return .saveFailed(record, editing: editing, describe(error, in: language))
        }
    }

    private typealias AddHook = @Sendable (Record) throws -> RecordListRow
    private typealias UpdateHook = @Sendable (Int64, Record, Date?) throws -> RecordListRow

    // MARK: Keys

    private func handle(_ press: KeyPress) -> [TerminalRequest] {
        guard list.outcome == nil else { return [] }
        if opening != nil {
            // Typed for the form about to open: kept until it does.
            opening?.held.append(press)
            return []
        }
        if let editor { return handleInEditor(press, editor.session) }
        if case .mouse(let event) = press.key {
            // The wheel scrolls the list a row at a time; a left click on a record opens it, as Enter does.
            guard !listTooSmall, list.confirmingDelete == nil else { return [] }
            switch (event.button, event.action) {
            case (.wheelUp, _), (.wheelDown, _): return send(.moved(event.button == .wheelUp ? .up : .down))
            case (.left, .press):
                guard case .record(let index)? = lastListFrame?.target(row: event.row, column: event.column) else {
                    return []
                }
                return send(.rowClicked(index))
            default: return []
            }
        }
        let situation = RecordListKeySituation(state: list, form: form)
        guard let chord = KeyChord(press, isBound: { self.keys.list.binding(for: $0, in: situation) != nil }) else {
            return list.confirmingDelete == nil ? [.bell] : send(.confirmAnswered(false))
        }
        if let request = terminalRequest(for: chord, in: situation) { return [request] }
        if listTooSmall {
            // The keys that leave leave, as the screen says; a pending question is left unanswered.
            let action = keys.list.action(for: chord, in: situation)
            return action == .back || action == .quit ? send(.quitPressed) : [.bell]
        }
        guard let event = keys.event(for: chord, in: situation) else { return [.bell] }
        return send(event)
    }

    /// Suspend or redraw, from the map in use now (the list's, or the delete
    /// question's); nil for the keys the list's reducer answers.
    private func terminalRequest(for chord: KeyChord, in situation: RecordListKeySituation) -> TerminalRequest? {
        if list.confirmingDelete != nil {
            switch keys.confirm.action(for: chord, in: situation) {
            case .suspend?: return .suspend
            case .redraw?: return .redraw
            case .yes?, .interrupt?, nil: return nil
            }
        }
        switch keys.list.action(for: chord, in: situation) {
        case .suspend?: return .suspend
        case .redraw?: return .redraw
        case .listUp?, .listDown?, .listPageUp?, .listPageDown?, .listFirst?, .listLast?, .open?, .add?, .delete?,
            .toggle?, .filter?, .sort?, .quit?, .back?, .interrupt?, nil:
            return nil
        }
    }

    /// Sends an event to the list and carries out its effects, feeding the
    /// store's answers back in as events, until there is nothing left to do.
    private func send(_ event: RecordListEvent) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        var events = [event]
        while !events.isEmpty {
            for effect in RecordListEngine.reduce(&list, events.removeFirst(), form) {
                switch effect {
                case .edit(let row):
                    // The context anew and the history are reads: off the loop, the list saying the form opens.
                    requests += startOpening(.edit(row))
                case .add:
                    requests += startOpening(.add)
                case .pickFilterField(let ids):
                    let fields = ids.compactMap { form.field(id: $0) }
                    requests += openFilterForm(for: .filterField) {
                        (
                            try RecordListEngine.filterFieldForm(
                                fields, of: form, clock: addContext.clock, language: list.language), [:]
                        )
                    }
                case .pickFilterValue(let id, let current):
                    // A `choices` grid offers what is stored now: records added or deleted since count.
                    requests += startOpening(.filterValue(id: id, current: current))
                case .reload(let matching, let limit):
                    let reads = reads
                    events += read {
                        .rowsReloaded(try reads.load(.max, limit, matching), total: try reads.count(matching))
                    }
                case .refresh(let matching, let limit):
                    let reads = reads
                    events += read {
                        .rowsRefreshed(try reads.load(.max, limit, matching), total: try reads.count(matching))
                    }
                case .save(let record, let editing):
                    // What the form submitted, off the loop: the form says it saves, and goes once the store has it.
                    let (read, language, writes) = (editor?.read, list.language, (add: hooks.add, update: hooks.update))
                    if let answer = start(
                        write: true, closesEditor: true, wait: hooks.writeWaitMilliseconds,
                        { Self.saved(record, editing: editing, read: read, hooks: writes, language: language) })
                    {
                        requests += closeEditor(after: answer, closesEditor: true)
                        events.append(answer)
                    }
                case .reopen(let record, let editing, let notice):
                    let context = editing == nil ? addContext : editContext
                    requests += openEditor(
                        context, values: Self.texts(of: record), focus: context.fields.count - 1,
                        for: editing.map { .edit($0) } ?? .add, notice: notice, read: editor?.read)
                case .resolve(let mine, let theirs):
                    requests += openFilterForm(
                        for: .resolve(id: theirs.id, mine: mine, theirs: theirs.values), read: theirs.updated
                    ) {
                        try RecordListEngine.conflictForm(mine: mine, theirs: theirs, in: editContext)
                    }
                case .reopenAsNew(let record):
                    requests += openEditor(
                        addContext, values: Self.texts(of: record), focus: addContext.fields.count - 1, for: .add,
                        notice: addContext.language.text(.recordDeletedMeanwhile))
                case .update(let id, let values):
                    // A toggle flips what the list shows, whatever was saved since; off the loop.
                    let (update, language) = (hooks.update, list.language)
                    if let answer = start(
                        write: true, wait: hooks.writeWaitMilliseconds,
                        { Self.storing(in: language) { .recordSaved(try update(id, values, nil)) } })
                    {
                        events.append(answer)
                    }
                case .delete(let id):
                    let (delete, language) = (hooks.delete, list.language)
                    if let answer = start(
                        write: true, wait: hooks.writeWaitMilliseconds,
                        {
                            Self.storing(in: language) {
                                try delete(id)
                                return .recordDeleted(id: id)
                            }
                        })
                    {
                        events.append(answer)
                    }
                case .loadRows(let before, let limit, let matching):
                    let reads = reads
                    events += read { .rowsLoaded(try reads.load(before, limit, matching)) }
                case .loadOldest(let limit, let matching):
                    let reads = reads
                    events += read { .oldestRowsLoaded(try reads.oldest(after: nil, limit, matching)) }
                case .loadNewer(let after, let limit, let matching):
                    let reads = reads
                    events += read { .newerRowsLoaded(try reads.oldest(after: after, limit, matching)) }
                case .refreshChanges(let query):
                    let reads = reads
                    events += read { .rowsChanged(try reads.changes(query)) }
                case .bell:
                    requests.append(.bell)
                case .finish:
                    break  // the outcome ends the run
                }
            }
        }
        return requests
    }

    /// The hooks that read the list's records: run off the loop, on the store's queue.
    private struct Reads: Sendable {
        let load: @Sendable (Int64, Int?, [FieldMatch]) throws -> [RecordListRow]
        let loadOldest: (@Sendable (Int64?, Int?, [FieldMatch]) throws -> [RecordListRow])?
        let count: @Sendable ([FieldMatch]) throws -> Int
        let changed: (@Sendable () -> Bool)?
        let changesHook: (@Sendable (RecordListChangeQuery) throws -> RecordListChanges)?

        init(_ hooks: Hooks) {
            (load, loadOldest, count, changed, changesHook) = (
                hooks.load, hooks.loadOldest, hooks.count, hooks.changed, hooks.changes
            )
        }

        /// What changed for the list (`RecordListChangeQuery`): from the hook, else
        /// worked out from every record read through `load` (all of them taken as changed).
        func changes(_ query: RecordListChangeQuery) throws -> RecordListChanges {
            if let changesHook { return try changesHook(query) }
            let all = try load(.max, nil, [])
            return RecordListChanges(
                ids: query.ids, present: Set(all.map(\.id).filter { query.ids.contains($0) }),
                rows: all.filter { row in query.ids.contains(row.id) || query.newerThan.map { row.id > $0 } ?? false },
                total: try count(query.matching))
        }

        /// The oldest records newer than `after` (nil: from the oldest), newest
        /// first: from the hook, else every record read through `load`.
        func oldest(after: Int64?, _ limit: Int?, _ matching: [FieldMatch]) throws -> [RecordListRow] {
            if let loadOldest { return try loadOldest(after, limit, matching) }
            let newer = try load(.max, nil, matching).filter { row in after.map { row.id > $0 } ?? true }
            return Array(newer.suffix(max(0, limit ?? newer.count)))
        }
    }

    private nonisolated static func storing(
        in language: Language, _ body: () throws -> RecordListEvent
    ) -> RecordListEvent {
        do { return try body() } catch { return .storeFailed(describe(error, in: language)) }
    }

    // MARK: The form over the list

    private func openEditor(
        _ context: FormContext, values: [String: FieldInput], focus: Int = 0, for purpose: Purpose,
        notice: String? = nil, read: Date? = nil
    ) -> [TerminalRequest] {
        closeEditor()
        var state = FormState.start(context, values: values, focus: focus)
        state.notice = notice
        // A filter's forms have no history: Up recalls nothing there.
        // The record's form reads the history last read: it may come after the form opens.
        let history: (String) -> [String] =
            purpose.isRecord ? { [weak self] in self?.histories[$0] ?? [] } : { _ in [] }
        let session = FormSession(context: context, state: state, history: history, keys: formKeys)
        // Done saves the record off the loop, the form saying so until the store answered.
        if purpose.savesRecord { session.storeOnDone() }
        editor = Editor(session: session, purpose: purpose, startValues: state.draft(context), read: read)
        return notice == nil ? [.transition(.page(forward: true))] : [.bell]
    }

    private struct FilterFieldGone: MessageError {
        var id: String
        var message: Message { .noFieldToFilterBy(TerminalSafe.escaped(id)) }
    }

    /// Opens one of the filter's forms; when it cannot be made (a field's
    /// pattern that does not compile), the list says why.
    private func openFilterForm(
        for purpose: Purpose, read: Date? = nil, _ make: () throws -> (FormContext, [String: FieldInput])
    ) -> [TerminalRequest] {
        do {
            let (context, values) = try make()
            return openEditor(context, values: values, for: purpose, read: read)
        } catch {
            closeEditor()
            return send(.storeFailed(list.language.text(.cannotFilter(Self.describe(error, in: list.language)))))
        }
    }

    private func closeEditor() {
        editor?.session.close()
        editor = nil
    }

    private func handleInEditor(_ press: KeyPress, _ session: FormSession) -> [TerminalRequest] {
        handleInEditor(session.receive([press]), session)
    }

    /// A record's field of several lines handed to the person's editor (Ctrl-E) came back.
    public func editorReturned(_ result: Result<String, ExternalEditor.Failure>) -> [TerminalRequest] {
        guard let editor else { return [] }
        return handleInEditor(FormSession.Output(effects: editor.session.editorReturned(result)), editor.session)
    }

    private func handleInEditor(_ output: FormSession.Output, _ session: FormSession) -> [TerminalRequest] {
        var requests: [TerminalRequest] = []
        keepDrafts(output.effects)
        for effect in output.effects {
            switch effect {
            case .bell: requests.append(.bell)
            case .transition(let transition): requests.append(.transition(transition))
            case .submit(let record) where session.state.saving != nil:
                // Done: the form stays, saying it saves, while the store takes the record.
                requests += recordSubmitted(record)
            default: break  // drafts: above; finish: the outcome below
            }
        }
        requests += output.requests
        if let outcome = session.state.outcome { requests += editorEnded(outcome) }
        return requests
    }

    /// A record being added keeps its draft; an edit does not (Esc there means
    /// "leave the record as it was"), nor do the filter's questions.
    /// A form left as it opened is no draft: nothing is saved over the draft it
    /// may have resumed, and no empty draft is offered later.
    private func keepDrafts(_ effects: [FormEffect]) {
        guard let editor, editor.purpose == .add else { return }
        for case .saveDraft(let values) in effects where values != editor.startValues {
            saveDraft(values, for: editor.session)
        }
    }

    /// The form ended: the list stores what was submitted (`.save`, answered by
    /// `.recordAdded`/`.recordSaved`, or `.saveFailed`, which opens the form
    /// again), or filters by what was picked; then back to the list.
    private func editorEnded(_ outcome: FormState.Outcome) -> [TerminalRequest] {
        guard let purpose = editor?.purpose else { return [] }
        switch outcome {
        case .submitted(let record):
            switch purpose {
            case .filterField:
                // The next question replaces this one: which value.
                closeEditor()
                let requests = send(.filterFieldPicked(record[RecordListEngine.filterFieldID]?.text ?? ""))
                return isEditing ? requests : requests + [.transition(.page(forward: false))]
            case .filterValue(let id):
                closeEditor()
                let match = FieldMatch(field: id, value: record[RecordListEngine.filterFieldID])
                return send(.filterPicked(match)) + [.transition(.page(forward: false))]
            case .resolve, .add, .edit:
                return recordSubmitted(record)
            }
        case .cancelled, .timedOut:  // a form opened from the list has no time limit; as Esc
            closeEditor()
            return [.transition(.page(forward: false))]
        case .interrupted:
            closeEditor()
            return send(.interrupted)
        case .terminated(let signal):
            closeEditor()
            return send(.terminated(signal: signal))
        }
    }

    /// The record form's Done: saving is the list's effect; the store's answer comes back as an event.
    private func recordSubmitted(_ record: Record) -> [TerminalRequest] {
        // The record's save removes the draft: one still waiting is not worth storing.
        nextDraft = nil
        switch editor?.purpose {
        case .resolve(let id, let mine, let theirs)?:
            // Saved over their version (the editor keeps its time) as an edit is.
            return send(
                .formSubmitted(RecordListEngine.resolved(record, mine: mine, theirs: theirs, form: form), editing: id))
        case let purpose?:
            return send(.formSubmitted(record, editing: purpose.editing))
        case nil:
            return []
        }
    }

    /// A record's values as the form's fields are given them (a list as its
    /// selection; an empty value stays empty: a default is for new records only).
    static func texts(of record: Record) -> [String: FieldInput] {
        Dictionary(
            record.values.map { ($0.id, $0.value.map(FieldInput.init) ?? .line("")) },
            uniquingKeysWith: { first, _ in first })
    }

    /// What a choice grid's keys type, in the grid's order: a sort's ranking.
    static func values(of layout: Layout) -> [String] {
        guard layout.kind == .choice else { return [] }
        return layout.pages.flatMap { $0.rows.flatMap { $0 } }.filter { $0.action == .text }.map(\.text)
    }

    /// An error for the footer, in `language` when it says itself as a message.
    nonisolated static func describe(_ error: any Error, in language: Language = .english) -> String {
        var text = language.describe(error)
        if text.hasSuffix(".") || text.hasSuffix("。") { text.removeLast() }
        return text
    }
}
