import Synchronization

/// What a form's entries amount to, decided in one place with the run's one
/// clock: which fields and pages are shown (`when:`), each shown field's
/// problem (its own checks, then the form's rules), the next and previous shown
/// field, Done's reason and the record. Pure: a value computed from a prepared
/// context and the entries. The reducer, the footer and Done line, headless
/// answers, `keyform test` files, the library and the store all read it, so
/// they cannot disagree about what is asked, what blocks Done or what is stored.
///
/// Cost: one validation per field (what Done's line cost before), so a consumer
/// computes it once per reduce or render, never once per field; asked through
/// `FormContext.evaluation`, entries already evaluated cost nothing and
/// entries that differ in a few fields validate those alone (`EvaluationMemo`).
public struct FormEvaluation: Equatable, Sendable {
    /// The values, in one box: an evaluation is handed to the footer, the
    /// Done line, the key maps and the reducer on every key, and a copy of the
    /// box is one retain where a copy of nine arrays was nine (issue 27's profile).
    /// What is by field and changes with a key (`results`, `own`, `values`) is
    /// `ByField`: a key's evaluation shares the earlier one's, its field replaced.
    private let storage: Storage

    /// Each field's own check, by field index: its typed value (nil: empty) or its problem.
    /// A hidden field is checked too, but its result is never used.
    public var results: ByField<Result<FieldValue?, FieldProblem>> { storage.results }
    /// Whether each field is shown, by field index: its page is shown and its own `when` holds.
    public var shown: [Bool] { storage.shown }
    /// Whether each field must be filled now, by field index: `required: true`,
    /// or its `required_if` holds (what the label's `*` says).
    public var required: [Bool] { storage.required }
    /// Whether each page is shown: its `when` holds and it has a shown field.
    public var pageShown: [Bool] { storage.pageShown }
    /// The first broken rule of the form over the shown fields' values, at its marked field.
    public var brokenRule: DoneBlocker? { storage.brokenRule }
    /// Each shown field's typed value, by id (empty and hidden fields: none): what rules read.
    public var typedValues: [String: FieldValue] { storage.typedValues }

    private final class Storage: Equatable, Sendable {
        let results: ByField<Result<FieldValue?, FieldProblem>>
        let shown: [Bool]
        let required: [Bool]
        let pageShown: [Bool]
        /// The fields' ids, by index.
        let ids: [String]
        /// Whether each field's value goes in the record: every field but a note.
        let holdsValue: [Bool]
        let brokenRule: DoneBlocker?
        let typedValues: [String: FieldValue]
        /// Why Done is disabled, decided once: the footer and the Done line ask on every frame.
        let doneBlocker: DoneBlocker?
        /// Each field's result by its own validator alone (before `required_if`):
        /// what a later evaluation reuses for a field whose entry did not change.
        let own: ByField<Result<FieldValue?, FieldProblem>>
        /// What conditions read, by field index: a shown field's value (nil when
        /// empty, hidden, or not a value yet).
        let values: ByField<FieldValue?>
        /// The first shown field whose own checks fail (`doneBlocker` before the rules).
        let firstFailure: DoneBlocker?
        /// How many fields are shown.
        let shownCount: Int

        /// - Parameter firstFailure: the first shown field that fails, when the
        ///   caller knows it (a key in one field); else found here.
        init(
            results: ByField<Result<FieldValue?, FieldProblem>>, shown: [Bool], required: [Bool], pageShown: [Bool],
            ids: [String], holdsValue: [Bool], brokenRule: DoneBlocker?, typedValues: [String: FieldValue],
            own: ByField<Result<FieldValue?, FieldProblem>>, values: ByField<FieldValue?>,
            firstFailure: DoneBlocker?? = nil,
            shownCount: Int? = nil
        ) {
            self.results = results
            self.shown = shown
            self.required = required
            self.pageShown = pageShown
            self.ids = ids
            self.holdsValue = holdsValue
            self.brokenRule = brokenRule
            self.typedValues = typedValues
            self.own = own
            self.values = values
            self.shownCount = shownCount ?? shown.lazy.filter { $0 }.count
            let failure = firstFailure ?? Self.firstFailure(results, shown, from: 0)
            self.firstFailure = failure
            self.doneBlocker = failure ?? brokenRule
        }

        /// The first shown field at or after `start` whose result is a problem.
        static func firstFailure(
            _ results: ByField<Result<FieldValue?, FieldProblem>>, _ shown: [Bool], from start: Int
        ) -> DoneBlocker? {
            for index in results.indices.dropFirst(start) where shown[index] {
                if case .failure(let problem) = results[index] { return DoneBlocker(field: index, problem: problem) }
            }
            return nil
        }

        static func == (a: Storage, b: Storage) -> Bool {
            a === b
                || (a.results == b.results && a.shown == b.shown && a.doneBlocker == b.doneBlocker
                    && a.required == b.required
                    && a.pageShown == b.pageShown && a.ids == b.ids && a.holdsValue == b.holdsValue
                    && a.brokenRule == b.brokenRule && a.typedValues == b.typedValues && a.own == b.own
                    && a.values == b.values && a.firstFailure == b.firstFailure)
        }
    }

    /// From what each field was given (headless answers, a draft), by field index.
    public init(_ context: FormContext, inputs: [FieldInput]) {
        self.init(
            context,
            context.fields.indices.map { index in
                FormState.Entry(
                    inputs.indices.contains(index) ? inputs[index] : .line(""), multiple: context.fields[index].multiple
                )
            })
    }

    public init(_ context: FormContext, _ entries: [FormState.Entry]) {
        self.init(context, entries, after: nil, changing: nil)
    }

    /// - Parameters:
    ///   - earlier: an evaluation of the same context and the entries it was
    ///     made from (`EvaluationMemo`'s): a field whose entry holds the same
    ///     input there keeps its own check's result (unless its validator
    ///     follows another field's value); everything that reads across fields
    ///     is decided again.
    ///   - changed: the one field whose entry holds another input than in
    ///     `earlier` (the caller compared them), nil when none or several.
    init(
        _ context: FormContext, _ entries: [FormState.Entry],
        after earlier: (inputs: ByField<FormState.Entry>, evaluation: FormEvaluation)?, changing changed: Int?
    ) {
        let counter = Self.counter
        counter?.evaluated()
        if let earlier, let changed,
            let one = Self(context, entries, changingOnly: changed, of: earlier.evaluation.storage)
        {
            self = one
            return
        }
        let count = context.fields.count
        var results: [Result<FieldValue?, FieldProblem>] = []
        results.reserveCapacity(count)
        var own: [Result<FieldValue?, FieldProblem>] = []
        own.reserveCapacity(count)
        // What conditions read: a hidden field, or one whose text is not a value yet, is empty.
        var values = [FieldValue?](repeating: nil, count: count)
        var shown = [Bool](repeating: false, count: count)
        var required = [Bool](repeating: false, count: count)
        var pageShown = [Bool](repeating: false, count: context.form.pages.count)
        var pageHolds = [Bool](repeating: true, count: context.form.pages.count)
        var lastPage = -1
        for index in 0..<count {
            counter?.decided()
            // A field whose keys follow another field is checked against the keys shown now;
            // its `required_if` reads the earlier values, all decided by now.
            let checked: Result<FieldValue?, FieldProblem>
            if let earlier, context.followers[index] == nil, earlier.inputs.count == entries.count,
                entries.indices.contains(index), earlier.inputs[index].holdsSameInput(as: entries[index])
            {
                checked = earlier.evaluation.storage.own[index]
            } else {
                counter?.validated()
                checked =
                    entries.indices.contains(index)
                    ? context.validate(field: index, entries)
                    : context.validators[index].validate(.line(""), at: context.clock)
            }
            own.append(checked)
            let result = context.requiring(checked, field: index, values: values)
            results.append(result)
            required[index] = context.isRequired(field: index, values: values)
            let page = context.pageOfField[index]
            if page != lastPage {
                // A page's condition names fields before it only: decided as its first field comes.
                pageHolds[page] = context.pageConditions[page]?.holds(values) ?? true
                lastPage = page
            }
            let isShown = pageHolds[page] && (context.fieldConditions[index]?.holds(values) ?? true)
            shown[index] = isShown
            if isShown {
                pageShown[page] = true
                if case .success(let value) = result { values[index] = value }
            }
        }
        // The form's rules read the shown fields' values only: a hidden field is no value.
        var typed: [String: FieldValue] = [:]
        for index in 0..<count where shown[index] {
            if case .success(let value?) = results[index] { typed[context.fields[index].id] = value }
        }
        self.storage = Storage(
            results: ByField(results), shown: shown, required: required, pageShown: pageShown,
            ids: context.ids, holdsValue: context.holdsValue,
            brokenRule: context.form.rules.isEmpty ? nil : context.brokenRule(values: typed), typedValues: typed,
            own: ByField(own), values: ByField(values))
    }

    /// `earlier` with field `index` checked again, when that is all that can
    /// change: its value is the same for what reads it, or nothing reads it
    /// (`FormContext.readByOthers`), so which fields and pages are shown and
    /// required stays; the form's rules are read again (over the typed values),
    /// and Done's blocker is found again only when it was this field. A key's
    /// cost is then one field's, whatever the form's size (issue 27). Nil when
    /// a change reaches other fields: the whole evaluation is made.
    private init?(
        _ context: FormContext, _ entries: [FormState.Entry], changingOnly index: Int, of earlier: Storage
    ) {
        guard entries.count == context.fields.count, earlier.results.count == entries.count else { return nil }
        Self.counter?.validated()
        let checked = context.validate(field: index, entries)
        // A `required_if` reads the earlier fields' values only, as the whole evaluation gives them.
        let result =
            context.requiredIf[index] == nil
            ? checked
            : context.requiring(
                checked, field: index, values: earlier.values.indices.map { $0 < index ? earlier.values[$0] : nil })
        let isShown = earlier.shown[index]
        var value: FieldValue?
        if isShown, case .success(let typed) = result { value = typed }
        // A driver's keys follow its entry even while it is hidden (no value): the whole evaluation.
        guard !context.readByOthers[index] || (value == earlier.values[index] && !context.drives(index)) else {
            return nil
        }
        // The other fields' results shared with the earlier evaluation, not copied (`ByField`).
        let results = earlier.results.replacing(index, with: result)
        var typed = earlier.typedValues
        typed[context.ids[index]] = value
        let firstFailure: DoneBlocker?
        if isShown, case .failure(let problem) = result {
            firstFailure =
                earlier.firstFailure.map { $0.field < index } == true
                ? earlier.firstFailure : DoneBlocker(field: index, problem: problem)
        } else if earlier.firstFailure?.field == index {
            firstFailure = Storage.firstFailure(results, earlier.shown, from: index + 1)
        } else {
            firstFailure = earlier.firstFailure
        }
        Self.counter?.decided()
        storage = Storage(
            results: results, shown: earlier.shown, required: earlier.required, pageShown: earlier.pageShown,
            ids: earlier.ids, holdsValue: earlier.holdsValue,
            brokenRule: context.form.rules.isEmpty ? nil : context.brokenRule(values: typed), typedValues: typed,
            own: earlier.own.replacing(index, with: checked), values: earlier.values.replacing(index, with: value),
            firstFailure: .some(firstFailure), shownCount: earlier.shownCount)
    }

    /// Field `index`'s problem as shown under it: its own, else the message of a
    /// broken rule it is the marked field of (rules read shown fields only).
    public func shownProblem(ofField index: Int, _ context: FormContext) -> FieldProblem? {
        if let problem = problem(ofField: index) { return problem }
        guard storage.shown.indices.contains(index), storage.shown[index], !context.form.rules.isEmpty else {
            return nil
        }
        return context.form.rules.first {
            context.markedField(of: $0) == index && $0.truth(values: typedValues, clock: context.clock) == .broken
        }
        .map { FieldProblem($0.said) }
    }

    /// The problem of field `index` by its own checks; nil when it is valid or hidden.
    public func problem(ofField index: Int) -> FieldProblem? {
        guard storage.shown[index], case .failure(let problem) = storage.results[index] else { return nil }
        return problem
    }

    /// The first shown field after `index`, in order across pages; nil after the last.
    public func next(after index: Int) -> Int? {
        storage.shown.indices.dropFirst(index + 1).first { storage.shown[$0] }
    }

    /// The last shown field before `index`; nil before the first.
    public func previous(before index: Int) -> Int? {
        storage.shown.indices.prefix(max(0, index)).last { storage.shown[$0] }
    }

    /// The first shown field at or after `index`, else the last shown before it:
    /// where focus goes when its field is hidden (the first field is always shown).
    public func nearestShown(to index: Int) -> Int {
        if storage.shown.indices.contains(index), storage.shown[index] { return index }
        return next(after: index) ?? previous(before: index) ?? 0
    }

    /// The shown fields in order: what Alt-1…9 number (a hidden field takes no number).
    public var shownFields: [Int] { storage.shown.indices.filter { storage.shown[$0] } }

    /// How many fields are shown: `shownFields.count`, counted once (the footer asks on every frame).
    public var shownCount: Int { storage.shownCount }

    /// Why Done is disabled: the first shown field whose own checks fail, in
    /// order; then the first of the form's rules that does not hold. Nil: Done submits.
    public var doneBlocker: DoneBlocker? { storage.doneBlocker }

    /// The record: each shown field's value in field order, a hidden field and a
    /// note absent; or Done's reason.
    public var record: Result<Record, FieldProblem> {
        if let blocker = doneBlocker { return .failure(blocker.problem) }
        let values = storage.results.indices.compactMap { index -> (id: String, value: FieldValue?)? in
            guard storage.shown[index], storage.holdsValue[index], case .success(let value) = storage.results[index]
            else { return nil }
            return (storage.ids[index], value)
        }
        return .success(Record(values: values))
    }
}

extension FormEvaluation {
    /// Counts, while a test runs code under it (`FormEvaluation.$counter.withValue`),
    /// the evaluations made, the fields validated and the fields' lines drawn:
    /// the seam that pins what a key costs. Nil otherwise, and then nothing is counted.
    @TaskLocal public static var counter: Counter?

    public final class Counter: Sendable {
        private let counts = Mutex(
            (evaluations: 0, validations: 0, fieldsDecided: 0, fieldsDrawn: 0, entriesCompared: 0))

        public init() {}

        /// Evaluations made (a memo's answer for entries it has is none).
        public var evaluations: Int { counts.withLock { $0.evaluations } }
        /// Fields checked by their validators (a field kept from an earlier evaluation is none).
        public var validations: Int { counts.withLock { $0.validations } }

        /// Fields whose result, whether shown and whether required an evaluation
        /// decided (a key in a field nothing else reads: that field alone).
        public var fieldsDecided: Int { counts.withLock { $0.fieldsDecided } }

        /// Fields whose lines a frame drew (`FormView`: a field out of view is not
        /// drawn, nor one whose line a cache kept from an earlier frame).
        public var fieldsDrawn: Int { counts.withLock { $0.fieldsDrawn } }
        /// Entries the memo compared with those it kept, looking for an evaluation
        /// it made already (`EvaluationMemo`: the state's own entries asked for again are none).
        public var entriesCompared: Int { counts.withLock { $0.entriesCompared } }

        func evaluated() { counts.withLock { $0.evaluations += 1 } }
        func validated() { counts.withLock { $0.validations += 1 } }
        func decided() { counts.withLock { $0.fieldsDecided += 1 } }
        func drewField() { counts.withLock { $0.fieldsDrawn += 1 } }
        func compared(_ entries: Int) { counts.withLock { $0.entriesCompared += entries } }
    }
}

extension FormState.Entry {
    /// Whether the field's validator reads the same here as in `other` (the
    /// cursor aside): what `input` is made from.
    func holdsSameInput(as other: FormState.Entry) -> Bool {
        text == other.text && selection == other.selection && kept == other.kept
    }
}
