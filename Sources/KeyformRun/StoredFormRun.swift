import Foundation
import KeyformCore
import KeyformStore
import KeyformTerminal
import Synchronization

/// One run of a form on a store, from loading to the stored record — the only
/// place that wires a form to its store. `keyform run`, the demo apps, browse
/// (adding and editing) and the Swift library (`TerminalFormRunner`, and its
/// test double `KeyformTester` / `form.test`) all run forms through it:
///
/// 1. ``init(form:layouts:store:storeProblem:clock:)``: the form prepared
///    (`FormContext.prepared`), its `choices: {from: …}` grids filled from the store;
/// 2. ``start(drafts:repeatLast:ask:)``: `default: last` values, then the draft
///    as the policy says (asking on the terminal when it says ask);
/// 3. ``hooks(from:)``: field history, and drafts saved while typing — a form
///    left as it started is no draft, so an untouched draft is removed;
/// 4. ``runOnTerminal(from:options:caption:)`` or ``runScripted(from:keys:width:height:)``;
/// 5. ``save(_:removingDraft:)``: the record stored, or rescued to a file
///    (``NotStored``) when the store fails — by the form itself, off the
///    terminal's loop while it says it saves, with
///    ``runOnTerminalSaving(from:options:caption:removingDraft:)`` (`keyform run`).
///
/// How the person left is a ``Departure``, which carries the exit status.
/// The store is any `RecordStore`: which backend is the caller's choice.
@MainActor
public struct StoredFormRun {
    /// What to do with a draft the store holds for the form.
    public enum DraftPolicy: Sendable, Hashable {
        /// Ask the person (`keyform run` on a terminal; the library by default).
        case ask
        /// Continue from it without asking (`--resume`, the demos, browse's add).
        case resume
        /// Delete it and start afresh (`--fresh`).
        case fresh
        /// Leave it alone and start from the defaults (no terminal to ask on).
        case ignore
    }

    /// The form as it runs: `choices` fields have their grids from the store,
    /// or from the files and commands that give their lines.
    public private(set) var context: FormContext
    /// Nil when nothing is stored (`--no-store`, a library form without a store).
    /// A store opened off the loop (``init(form:layouts:opening:mayHoldDraft:clock:lines:)``) is waited for.
    public var store: (any RecordStore)? { reading.store }
    /// Why the store could not be opened: the form runs all the same and the
    /// record is rescued at the end (`keyform run`, exit 3).
    public var storeProblem: StoreError? { reading.problem }
    /// Where a record the store refused is rescued; nil: `$TMPDIR`, else `/tmp`.
    public var rescueFolder: String?
    /// The form and layouts as loaded, to read the `choices` grids anew (``reloaded()``).
    private let loaded: (form: Form, layouts: [String: Layout])
    /// The keys of `choices: {file:}` fields (and `--choices`), read by the caller, by field id.
    private var lines: [String: ChoiceLines]
    /// The store and what was read from it (the `choices: {from:}` values, read
    /// once: the form is prepared again at each step of a command's spinner).
    private let reading: StoreReading
    /// Whether the store is opened and read off the terminal's loop, after the first frame.
    private let deferred: Bool
    /// Whether a store opened later may hold a draft (its file exists; a server):
    /// then a draft policy that reads it opens the store before the first frame.
    private let mayHoldDraft: Bool
    /// Whether a store opened later is a file on this machine (`RecordStore.isLocal`).
    private let local: Bool
    /// Opens the store later for a purpose: writing off the loop, reading for a draft before the first frame.
    private let opening: (@Sendable (StoreOpener.Purpose) -> Result<any RecordStore, StoreError>)?
    /// Reads the form's draft before the first frame without opening the store
    /// (`StoreOpener.draft(of:at:author:server:)`); nil: from the store `opening` opens for reading.
    private let readingDraft: (@Sendable (Form) -> Draft?)?

    /// The form ready to run on `store`.
    /// - Throws: the form's invalid pattern, as `FormContext` finds it.
    /// - Parameter clock: the run's one clock, read once at the edge (`WallClock.now()`).
    /// - Parameter lines: the keys of fields whose choices come from a file
    ///   (`ChoiceFiles.read`) or `--choices`, by field id.
    public init(
        form: Form, layouts: [String: Layout], store: (any RecordStore)?, storeProblem: StoreError? = nil,
        clock: WallClock, lines: [String: ChoiceLines] = [:]
    ) throws(FieldValidator.PatternError) {
        reading = StoreReading(store: store, problem: storeProblem)
        reading.fill(form: form, ahead: false)
        deferred = false
        mayHoldDraft = true
        local = store?.isLocal ?? true
        opening = nil
        readingDraft = nil
        let read = reading.read
        context = try FormContext.prepared(
            form, layouts: layouts, storedChoices: Self.lookUp(read.values), clock: clock, lines: lines,
            storedPairs: Self.lookUpPairs(read.pairs))
        self.loaded = (form, layouts)
        self.lines = lines
    }

    /// The form ready to run on a store that is opened, and read, off the
    /// terminal's loop once the first frame is drawn (``hooks(from:language:)``
    /// gives the scene the work): its `choices: {from:}` grids say they load
    /// meanwhile, `default: last` and the fields' history come when read.
    /// Until then nothing waits for it but what needs it: a draft to offer or
    /// resume (``start(drafts:repeatLast:language:ask:)`` reads it from the
    /// store opened for reading when `mayHoldDraft`: nothing written or synced
    /// before the first frame), and the record (``save(_:removingDraft:)``).
    /// - Parameter opening: opens the store for a purpose (`.writing` off the
    ///   loop: its problem is then ``storeProblem``; `.reading` for the draft).
    /// - Parameter local: the store is a file on this machine: a draft committed
    ///   before it answered waits for it, as any local draft is waited for (DECISIONS 58).
    /// - Parameter readingDraft: reads the form's draft without opening the store
    ///   (`StoreOpener.draft(of:at:author:server:)`); nil: from the store opened for reading.
    public init(
        form: Form, layouts: [String: Layout],
        opening: @escaping @Sendable (StoreOpener.Purpose) -> Result<any RecordStore, StoreError>, local: Bool,
        mayHoldDraft: Bool, readingDraft: (@Sendable (Form) -> Draft?)? = nil, clock: WallClock,
        lines: [String: ChoiceLines] = [:]
    ) throws(FieldValidator.PatternError) {
        reading = StoreReading { opening(.writing).map { $0 } }
        self.opening = opening
        self.readingDraft = readingDraft
        deferred = true
        self.local = local
        self.mayHoldDraft = mayHoldDraft
        context = try FormContext.prepared(
            form, layouts: layouts, clock: clock, lines: lines, storeLoading: form.fields.contains { $0.choices != nil }
        )
        self.loaded = (form, layouts)
        self.lines = lines
    }

    private nonisolated static func lookUp(
        _ stored: [(source: Field.ChoiceSource, values: [String])]
    ) -> (Field.ChoiceSource) -> [String] {
        { source in stored.first { $0.source == source }?.values ?? [] }
    }

    private nonisolated static func lookUpPairs(
        _ stored: [(source: Field.ChoiceSource, pairs: [(value: String, key: String)])]
    )
        -> (Field.ChoiceSource) -> [(value: String, key: String)]
    {
        { source in stored.first { $0.source == source }?.pairs ?? [] }
    }

    /// What field `id`'s file, `--choices` or command gave, when it was read or run.
    public func lines(ofField id: String) -> ChoiceLines? { lines[id] }

    /// The form prepared again with `more` keys (a command's lines), over those
    /// it was given, and the store's choices (loading while they are on their way).
    public func prepared(adding more: [String: ChoiceLines]) -> FormContext? {
        let read = reading.readSoFar
        return try? FormContext.prepared(
            loaded.form, layouts: loaded.layouts, storedChoices: Self.lookUp(read?.values ?? []),
            clock: context.clock, lines: lines.merging(more) { $1 }, storedPairs: Self.lookUpPairs(read?.pairs ?? []),
            storeLoading: read == nil && loaded.form.fields.contains { $0.choices != nil })
    }

    /// Runs each `choices: {command:}` once, to its end or its time limit, its
    /// arguments filled in from `values` (answers: there is no terminal to
    /// wait on), and returns the run offering what they printed, with what
    /// each command gave by field id (a failure names why).
    public func runningCommands(with values: [String: FieldInput]) -> (run: StoredFormRun, lines: [String: ChoiceLines])
    {
        let found = ChoiceCommands.runOnce(context, entries: FormState.start(context, values: values).entries)
        var run = self
        if !found.isEmpty, let context = prepared(adding: found) {
            run.context = context
            run.lines.merge(found) { $1 }
        }
        return (run, found)
    }

    /// The same run with its `choices` grids read again: what was stored
    /// since shows (the next quick entry, a form opened again from browse).
    public func reloaded() -> StoredFormRun? {
        var run = try? StoredFormRun(
            form: loaded.form, layouts: loaded.layouts, store: store, storeProblem: storeProblem, clock: .now(),
            lines: lines)
        run?.rescueFolder = rescueFolder
        return run
    }

    /// What ``reloaded()`` gives as its context, callable off the main actor
    /// (browse reads it off the terminal's loop before a form opens): the
    /// `choices` grids read again from `store`, the other keys as this run has them.
    public func contextReader(on store: any RecordStore) -> @Sendable () -> FormContext? {
        let (loaded, lines) = (self.loaded, self.lines)
        return {
            let read = StoreReading.read(loaded.form, from: store, ahead: false, repeatLast: false)
            return try? FormContext.prepared(
                loaded.form, layouts: loaded.layouts, storedChoices: Self.lookUp(read.values), clock: .now(),
                lines: lines, storedPairs: Self.lookUpPairs(read.pairs))
        }
    }

    /// The form with its `choices: {from:}` grids saying they load (the
    /// store's answer on its way); nil when it has none.
    public func loadingContext() -> FormContext? {
        guard loaded.form.fields.contains(where: { $0.choices != nil }) else { return nil }
        return try? FormContext.prepared(
            loaded.form, layouts: loaded.layouts, clock: context.clock, lines: lines, storeLoading: true)
    }

    public var form: Form { context.form }

    // MARK: - Start

    /// Where the form starts: `default: last` values from the newest record
    /// (with `repeatLast`, every field without a default of its own too), then
    /// the draft's values and focus when the policy takes it up.
    /// - Parameter ask: asks the person the question (``question(for:of:)``), with the
    ///   lines above it that say what the draft holds (``details(of:in:)``), and returns
    ///   yes or no; the default asks on the controlling terminal.
    /// - Throws: ``Departure`` when the person leaves at the question (the draft
    ///   stays as it was); what `ask` throws (`TerminalError`: no terminal).
    /// - Parameter language: the question's and its details' words.
    public func start(
        drafts: DraftPolicy, repeatLast: Bool = false, language: Language = .english,
        ask: ((_ question: String, _ details: [String]) throws -> Bool)? = nil
    ) throws -> FormStart {
        var start = FormStart()
        start.repeatLast = repeatLast
        let store: (any RecordStore)?
        let found: Draft?
        if deferred {
            // Only a draft to offer or resume needs the store before the first frame, and
            // only to read it; `default: last` comes after, `--fresh`'s draft goes off the loop.
            start.discardsDraft = drafts == .fresh
            guard drafts == .ask || drafts == .resume, mayHoldDraft else { return start }
            store = nil
            if let readingDraft {
                found = readingDraft(form)
            } else {
                guard case .success(let peeked)? = opening?(.reading) else { return start }
                found = try? peeked.draft(form: form)
            }
        } else {
            guard let opened = self.store else { return start }
            store = opened
            // A secret starts empty: never the last record's (DECISIONS 38).
            for field in form.fields
            where !field.secret && (field.defaultValue == .last || (repeatLast && field.defaultValue == nil)) {
                if let last = try? opened.lastValue(form: form, field: field.id) { start.values[field.id] = last }
            }
            found = drafts == .ignore ? nil : try? opened.draft(form: form)
        }
        start.last = start.values
        guard drafts != .ignore, let draft = found else { return start }
        let resume: Bool =
            switch drafts {
            case .resume: true
            case .fresh: false
            case .ignore: false
            case .ask:
                // The question shows what the draft holds.
                try (ask ?? { try Self.askOnTerminal($0, details: $1, language: language) })(
                    Self.question(for: draft, of: form, language: language),
                    Self.details(of: draft, in: form, language: language))
            }
        if resume {
            start.values.merge(draft.values) { _, drafted in drafted }
            start.focus = draft.focus.flatMap { id in form.fields.firstIndex { $0.id == id } } ?? 0
            start.resumed = true
        } else if deferred {
            start.discardsDraft = true  // by the store opened for writing, off the loop
        } else {
            _ = try? store?.deleteDraft(form: form)
        }
        return start
    }

    /// "Resume the draft of 'New To-Do' saved at 14:05?" (today), else "… saved
    /// on 2026-11-20 at 14:05?", in local time and `language`: the one wording.
    public static func question(for draft: Draft, of form: Form, language: Language = .english) -> String {
        let title = form.title ?? form.name
        let (day, time) = localDayAndTime(draft.saved)
        return language.text(
            Calendar.current.isDateInToday(draft.saved)
                ? .resumeDraft(title: title, time: time)
                : .resumeDraftFrom(title: title, day: day, time: time))
    }

    /// Asks on the controlling terminal.
    /// - Throws: ``Departure``; `TerminalError` when there is no terminal.
    public static func askOnTerminal(_ question: String) throws -> Bool {
        try askOnTerminal(question, ttyPath: "/dev/tty", details: [])
    }

    public static func askOnTerminal(
        _ question: String, ttyPath: String = "/dev/tty", details: [String] = [],
        language: Language = .english
    ) throws -> Bool {
        try TerminalRunner.ask(question, ttyPath: ttyPath, details: details, language: language).yes()
    }

    /// "Draft — Text: Buy milk · Priority: High": the line above the question.
    public static func details(of draft: Draft, in form: Form, language: Language = .english) -> [String] {
        FormState.summary(of: draft.values, in: form, language: language).map { [language.text(.draftHolds($0))] } ?? []
    }

    /// The local day and `14:05` of `date`.
    static func localDayAndTime(_ date: Date) -> (CivilDate, String) {
        let calendar = Calendar.current
        let time = String(
            format: "%02d:%02d", calendar.component(.hour, from: date), calendar.component(.minute, from: date))
        let day =
            CivilDate(
                year: calendar.component(.year, from: date), month: calendar.component(.month, from: date),
                day: calendar.component(.day, from: date)) ?? CivilDate(year: 1970, month: 1, day: 1)!
        return (day, time)
    }

    // MARK: - While it runs

    /// Field history and drafts while typing, for a form that started at `start`.
    /// A form holding what it holds when nothing was typed (the fresh start with
    /// `default: last`) is no draft: none is kept, and a draft it was resumed
    /// from is removed, so none is offered next time.
    /// `language`: the words of a draft that could not be kept (`StoreError.shortMessage`).
    /// `saving`: the record Done submits is saved by the form, off the loop, the
    /// screen saying so until the store answered (its answer in `saving`); nil:
    /// Done ends the form and the caller saves the record.
    public func hooks(
        from start: FormStart, language: Language = .english, saving: RecordSave? = nil
    ) -> TerminalRunner.Hooks {
        var hooks = TerminalRunner.Hooks()
        // Choices commands run while the form shows, with a store or without.
        hooks.prepare = { [self] in prepared(adding: $0) }
        if let saving {
            // Stored or rescued like any record (`save`), on the drafts' queue, after them.
            let (form, reading, rescueFolder) = (form, reading, rescueFolder)
            hooks.saveRecord = { record in
                saving.answered(
                    Result { () throws(NotStored) in
                        try Self.save(
                            record, form: form, reading: reading, rescueFolder: rescueFolder,
                            removingDraft: saving.removingDraft)
                    })
            }
        }
        if deferred {
            let (reading, form, repeatLast) = (reading, form, start.repeatLast)
            let discardsDraft = start.discardsDraft
            hooks.storeAnswers = TerminalRunner.StoreAnswers(
                read: { reading.fill(form: form, ahead: true, repeatLast: repeatLast, discardingDraft: discardsDraft) },
                // A resumed draft holds every field: `default: last` fills none of them.
                lastValues: { start.resumed ? [:] : reading.read.last },
                problem: { reading.problem.map { language.text($0.shortMessage) } })
        } else if store == nil {
            return hooks
        }
        let (form, context, reading, deferred) = (self.form, self.context, self.reading, self.deferred)
        // Known now, or once the store answered (`default: last` read off the loop).
        let untouchedNow = deferred ? nil : FormState.start(context, values: start.last).draft(context)
        hooks.history = { [self] in history($0) }
        @Sendable func save(_ values: [String: FieldInput], _ focus: String) throws(StoreError) {
            // A store opened off the loop is waited for here (off the loop too, while typing).
            guard let store = reading.store else { return }
            let untouched = untouchedNow ?? FormState.start(context, values: reading.read.last).draft(context)
            if values == untouched {
                _ = try store.deleteDraft(form: form)
            } else {
                try store.saveDraft(form: form, values: values, focus: focus)
            }
        }
        hooks.saveDraft = { values, focus in
            do throws(StoreError) { try save(values, focus) } catch { return language.text(error.shortMessage) }
            return nil
        }
        // While typing, another process's lock is waited for briefly, never the
        // store's 5 s: the scene tries the draft again until the lock is gone.
        hooks.draftWaitMilliseconds = local ? nil : Self.remoteDraftWaitMilliseconds
        hooks.saveDraftWhileTyping = { values, focus in
            do throws(StoreError) {
                guard let store = reading.store else { return nil }
                try store.impatient(milliseconds: Self.draftPatienceMilliseconds) { () throws(StoreError) in
                    try save(values, focus)
                }
            } catch {
                return language.text(error.shortMessage)
            }
            return nil
        }
        return hooks
    }

    /// How long a draft saved while the person types waits for another process's
    /// lock before the footer says the database is busy (and it is tried again).
    public nonisolated static let draftPatienceMilliseconds = 50

    /// How long a form waits for a draft's answer from a store that is not
    /// local before it goes on taking keys (the answer comes as an event).
    public static let remoteDraftWaitMilliseconds = 50

    /// A field's earlier values, oldest first (readline's Up); none without a
    /// store, and none for a secret field, even one stored.
    public func history(_ field: String) -> [String] {
        if let read = reading.readSoFar?.history[field] {
            return form.field(id: field)?.secret == true ? [] : read.reversed()
        }
        // Off the loop, a field focused before the store answered gets its history with the answer.
        guard !deferred, let store else { return [] }
        return Self.history(field, of: form, on: store)
    }

    /// A field's earlier values on `store`, oldest first; none for a secret
    /// field. Callable off the main actor (browse reads them off the loop).
    nonisolated static func history(_ field: String, of form: Form, on store: any RecordStore) -> [String] {
        guard form.field(id: field)?.secret != true else { return [] }
        return ((try? store.history(form: form, field: field)) ?? []).reversed()
    }

    /// The form's state at `start`; a store known not to open (opened before the
    /// form) is said in its footer from the first frame (one opened off the loop
    /// is said when its answer comes).
    private func startState(from start: FormStart, language: Language) -> FormState {
        var state = FormState.start(context, values: start.values, focus: start.focus)
        if !deferred, let problem = storeProblem { state.storeProblem = language.text(problem.shortMessage) }
        return state
    }

    /// The form filled in on the terminal from `start`.
    /// - Returns: the submitted record, not yet stored (``save(_:removingDraft:)``).
    /// - Throws: ``Departure`` when the person left it; `TerminalError` when
    ///   there is no terminal to draw on.
    public func runOnTerminal(
        from start: FormStart, options: TerminalRunner.Options,
        caption: [Frame.Line] = []
    ) throws -> Record {
        let state = startState(from: start, language: options.language)
        return try TerminalRunner.run(
            context: context, state: state, options: options, hooks: hooks(from: start, language: options.language),
            caption: caption
        ).record()
    }

    /// The form filled in on the terminal from `start`, its record saved before
    /// the terminal is given back: Done says it is saving while the store takes
    /// the record off the loop (a server may be waited for 10 s: the screen is
    /// drawn meanwhile), keys are ignored, and Ctrl-C or a signal waits for the
    /// answer: the record is stored, or rescued to a file, never half stored
    /// nor lost. What ``save(_:removingDraft:)`` says, it says.
    /// - Returns: the submitted record and how its save went: its id (nil
    ///   without a store), or ``NotStored`` (the record rescued).
    /// - Throws: ``Departure`` when the person left it; `TerminalError` when
    ///   there is no terminal to draw on.
    public func runOnTerminalSaving(
        from start: FormStart, options: TerminalRunner.Options, caption: [Frame.Line] = [],
        removingDraft: Bool = true
    ) throws -> (record: Record, saved: Result<Int64?, NotStored>) {
        let state = startState(from: start, language: options.language)
        let saving = RecordSave(removingDraft: removingDraft)
        let record = try TerminalRunner.run(
            context: context, state: state, options: options,
            hooks: hooks(from: start, language: options.language, saving: saving), caption: caption
        ).record()
        // Saved by the form (the full screen, the accessible mode); else here, after it.
        let saved =
            saving.result ?? Result { () throws(NotStored) in try save(record, removingDraft: removingDraft) }
        return (record, saved)
    }

    /// The save of the record Done submits, made by the form off the terminal's
    /// loop (``hooks(from:language:saving:)``), and how it went.
    public final class RecordSave: Sendable {
        /// Whether the form's draft goes with the record (see ``save(_:removingDraft:)``).
        public let removingDraft: Bool
        private let answer = Mutex<Result<Int64?, NotStored>?>(nil)

        public init(removingDraft: Bool = true) { self.removingDraft = removingDraft }

        /// The record's id (nil without a store), or ``NotStored`` (rescued); nil
        /// while no save was made (none yet, or the form did not save it itself).
        public var result: Result<Int64?, NotStored>? { answer.withLock { $0 } }

        func answered(_ result: Result<Int64?, NotStored>) { answer.withLock { $0 = result } }
    }

    /// The form filled in by a key script on a virtual screen (the library's
    /// test double). The drafts go to the store as on the terminal; the last
    /// one, saved with the field the keys left focused, is what stays.
    public func runScripted(
        from start: FormStart, keys: [KeyScript.Press], width: Int, height: Int
    ) -> ScriptedRun.Result {
        let hooks = hooks(from: start)
        hooks.storeAnswers?.read()  // no frame to show first: the store is read before the keys
        let result = ScriptedRun.run(
            context: context, state: .start(context, values: start.values, focus: start.focus),
            keys: keys, width: max(1, width), height: max(1, height), history: hooks.history)
        let focus = context.fields.indices.contains(result.state.focus) ? context.fields[result.state.focus].id : ""
        for case .saveDraft(let values) in result.effects {
            _ = hooks.saveDraft(values, focus)
        }
        return result
    }

    // MARK: - The end

    /// Stores a submitted record and returns its id (nil without a store).
    /// - Parameter removingDraft: whether the form's draft goes with it: true on
    ///   the terminal (the draft was resumed, declined, or saved by this run).
    /// - Throws: ``NotStored`` when the store failed, or could not be opened:
    ///   the record is then in a rescue file, whose path it names.
    /// A secret field's value is kept by neither unless the field says
    /// `store: true` (``Record/storable(in:)``); the caller's output still has it.
    @discardableResult
    public func save(_ record: Record, removingDraft: Bool = true) throws(NotStored) -> Int64? {
        try Self.save(record, form: form, reading: reading, rescueFolder: rescueFolder, removingDraft: removingDraft)
    }

    /// `save` on any thread (off the loop, while the form says it saves).
    private nonisolated static func save(
        _ record: Record, form: Form, reading: StoreReading, rescueFolder: String?, removingDraft: Bool
    ) throws(NotStored) -> Int64? {
        let record = record.storable(in: form)
        var problem = reading.problem
        // The save's token goes to the rescue file too: a server may have stored it though its answer was lost.
        let token = UUID()
        if let store = reading.store {
            do { return try store.saveRecord(record, form: form, removingDraft: removingDraft, token: token) } catch {
                problem = error
            }
        }
        guard let problem else { return nil }
        throw NotStored(reason: problem, rescuedAt: Rescue.save(record, form: form, token: token, in: rescueFolder))
    }

    /// A submitted record that the store did not take. Nothing is lost: it is in
    /// the rescue file when `rescuedAt` is set (exit status 3 in `keyform run`).
    public struct NotStored: Error, Equatable, Sendable, CustomStringConvertible {
        /// Why the store refused it.
        public var reason: StoreError
        /// The rescue file holding the record's JSON; nil when even that failed.
        public var rescuedAt: String?

        public var exitStatus: Int32 { ExitStatus.notStored }

        /// "the record was NOT stored: REASON. Nothing is lost: the record is on
        /// stdout and saved in FILE." — `onStdout` when the caller printed it there.
        public func said(onStdout: Bool = false) -> Message {
            .recordNotStored(
                reason: reason.message,
                places: (onStdout ? [.recordOnStdout] : []) + (rescuedAt.map { [.recordSavedIn($0)] } ?? []))
        }

        /// `said` in `language`.
        public func message(onStdout: Bool = false, in language: Language = .english) -> String {
            language.text(said(onStdout: onStdout))
        }

        public var description: String { message() }

        /// `keyform records import 'FORM' 'FILE' --db 'LOCATION'`: the command,
        /// shell-quoted, that stores the rescued record once the store takes records
        /// again (a server back, a file writable again); nil when nothing was
        /// rescued. `form` as the run was given it; `location` without a password
        /// (`StoreLocation.description`).
        public func importCommand(form: String, location: String) -> String? {
            guard let rescuedAt else { return nil }
            let words =
                ["keyform", "records", "import"]
                + [form, rescuedAt].map(RecordFormat.shellQuoted) + ["--db", RecordFormat.shellQuoted(location)]
            return words.joined(separator: " ")
        }
    }
}

/// Where a form starts when it is opened on a store: values and focus.
public struct FormStart: Equatable, Sendable {
    public var values: [String: FieldInput] = [:]
    /// The focused field's index.
    public var focus = 0
    /// Whether a draft was taken up (then submitting removes it).
    public var resumed = false
    /// The values from the last record alone: with the defaults, the form as it
    /// is when nothing was typed.
    public var last: [String: FieldInput] = [:]
    /// Every field without a default of its own starts from the last record (`--repeat`).
    public var repeatLast = false
    /// The draft is deleted when the store is read off the loop (`--fresh`).
    public var discardsDraft = false

    public init() {}
}

extension TerminalRunner.Options {
    /// Color unless NO_COLOR, transitions when `animate` (no --no-animation),
    /// the config's `animation` and not NO_MOTION, the mouse when `mouse` (no
    /// --no-mouse) and the config's `mouse`; a terminal that cannot show
    /// motion or color well (TERM=dumb) gets none of them, and its forms
    /// asked in the accessible mode (as --accessible and the config's
    /// `accessible` ask them). The config's colours and
    /// keys (a person's `config.yaml` and `KEYFORM_*`; see `ResolvedConfig`).
    public static func fromEnvironment(
        animate: Bool, mouse: Bool = true, accessible: Bool = false, config: UserConfig = .standard,
        ttyPath: String = "/dev/tty"
    ) -> TerminalRunner.Options {
        from(
            environment: ProcessInfo.processInfo.environment, animate: animate, mouse: mouse, accessible: accessible,
            config: config, ttyPath: ttyPath)
    }

    /// `fromEnvironment` with the environment given: the variables that turn
    /// things off (NO_COLOR, NO_MOTION, TERM=dumb) win over the config; the
    /// language is `KEYFORM_LANG`'s, else the locale's (`Language.chosen`).
    public static func from(
        environment: [String: String], animate: Bool, mouse: Bool = true, accessible: Bool = false, config: UserConfig,
        ttyPath: String = "/dev/tty"
    ) -> TerminalRunner.Options {
        let dumb = ["", "dumb"].contains(environment["TERM"] ?? "")
        return TerminalRunner.Options(
            color: (environment["NO_COLOR"] ?? "").isEmpty && !dumb,
            animate: animate && config.animation && (environment["NO_MOTION"] ?? "").isEmpty && !dumb,
            ttyPath: ttyPath,
            palette: config.colors,
            keys: config.configuredKeys,
            mouse: mouse && config.mouse && !dumb,
            accessible: accessible || config.accessible || environment["TERM"] == "dumb",
            language: Language.chosen(from: environment))
    }
}
