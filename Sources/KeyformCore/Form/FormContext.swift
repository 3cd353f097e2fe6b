/// Everything the form engine needs besides its state: the form, its layouts,
/// a compiled validator per field, and the day and time of day. Built once per run.
public struct FormContext: Sendable {
    public private(set) var form: Form
    /// Every field in order, across pages.
    public let fields: [Field]
    /// The page each field is on, by field index.
    public let pageOfField: [Int]
    /// Each field's validator, by field index.
    public let validators: [FieldValidator]
    /// Every layout a field names, and those their `action: layout` keys turn to, by name.
    public private(set) var layouts: [String: Layout]
    /// The day and time of day the form is filled in: what `today` and `now` resolve to.
    public let clock: WallClock
    public var today: CivilDate { clock.today }
    /// The language the form speaks in (its footer, hints, problems, the
    /// calendar's names): chosen at start by the edge (`Language.chosen`),
    /// English unless it says otherwise. Setting it says the words Keyform
    /// wrote into the grids it made (`Loading Branch…`, `Done`) in it: the
    /// form is prepared before the edge gives the language.
    public var language: Language = .english {
        didSet {
            guard language != oldValue else { return }
            for (name, layout) in layouts where layout.hasSaidWords { layouts[name] = layout.said(in: language) }
        }
    }
    /// The month and weekday names of a date field's calendar (`layout: calendar`).
    public var calendarNames: CalendarNames { language.calendarNames }
    /// The fields whose keys follow another field's value (`choices: {by:}`), by field index.
    let followers: [Int: Follower]
    /// Each field's key labels that differ from their texts, by text, by field index:
    /// the field line shows `California` while the entry (and the record) holds `CA`.
    let labelsByText: [[String: String]]

    /// A field whose keys follow its driver's value: each group's value as the
    /// driver's kind reads it, its grid's name, and the field's validator while
    /// the group is shown (a strict field accepts that group's texts only).
    struct Follower: Sendable {
        let driver: Int
        let groups: [(value: FieldValue?, layout: String, validator: FieldValidator)]
    }
    /// Each field's `when`, compiled with the clock, by field index (nil: always shown).
    public let fieldConditions: [Condition.Compiled?]
    /// Each page's `when`, compiled, by page index.
    public let pageConditions: [Condition.Compiled?]
    /// The fields with `required_if`, by field index: the condition, compiled,
    /// and the problem an empty value is while it holds (in the form's words
    /// for `required` when it has them).
    let requiredIf: [Int: (condition: Condition.Compiled, problem: FieldProblem)]
    /// The layouts a filter opens on (`GridFilter.applies`), by name, with their
    /// keys as the filter compares them: asked for every key in a grid and
    /// every character typed in its filter, so found and folded once here, not
    /// by reading (and lowercasing) every key each time.
    let filterKeys: [String: GridFilter.Keys]
    /// Of those, the ones where `/` is no key's hotkey: there `/` opens the filter.
    let slashFilters: Set<String>
    /// Each field's label escaped for the screen (`TerminalSafe`) and its
    /// width in cells, when it names no answer (no `{{field}}`): the same on
    /// every frame, so made once here (`FormView.label(ofField:)`); nil for a
    /// label with tags, drawn anew from the answers.
    let fixedLabels: [(text: String, cells: Int)?]
    /// The fields' ids, by index: every evaluation's record names its values by them.
    let ids: [String]
    /// Whether each field's value goes in the record (every field but a note), by index.
    let holdsValue: [Bool]
    /// Whether another part of the form reads field `index`'s value: a field's or
    /// a page's `when`, a `required_if`, or the keys of a field that follow it
    /// (`choices: {by:}`). A key typed into a field nothing reads changes that
    /// field's result alone (`FormEvaluation.init(_:_:after:)`).
    let readByOthers: [Bool]
    /// The field indices of each page, by page index.
    let fieldsOfPage: [Range<Int>]
    /// Whether field `index` is drawn on one line when it is not focused and
    /// has no problem: it holds a value, and has neither rows nor a description.
    let oneLineWhenIdle: [Bool]
    /// The fields not one line when idle, in order: with the focused one, all a
    /// page without problems draws in full (`FormView` finds them without
    /// walking the page's other fields, issue 27).
    let drawnWhenIdle: [Int]
    /// The evaluations made last (see `evaluation(_:)`).
    private let evaluations = EvaluationMemo()

    /// The one preparation of a form to run (`keyform run`, `form preview`, `keyform
    /// test`, `records import`, the demo and the library all call it, so their first
    /// screens and their records cannot differ): each `choices: {from:}` field gets
    /// its grid of `storedChoices(source)` (empty where there is no store: the grid
    /// says "none yet" and the field opens in the keyboard), then the context is
    /// built with the run's one clock.
    /// - Throws: a field's `pattern` that is not a valid regular expression
    ///   (`keyform form check` reports it first, with its position).
    ///
    /// `lines`: the keys of `choices: {command:}` and `{file:}` fields as the
    /// edge read them, by field id (none given: the grid says they were not run).
    /// `storeLoading`: the store's choices are on their way (`ChoiceLayout.apply`).
    public static func prepared(
        _ form: Form, layouts: [String: Layout], storedChoices: (Field.ChoiceSource) -> [String] = { _ in [] },
        clock: WallClock,
        lines: [String: ChoiceLines] = [:],
        storedPairs: (Field.ChoiceSource) -> [(value: String, key: String)] = { _ in [] },
        storeLoading: Bool = false
    ) throws(FieldValidator.PatternError) -> FormContext {
        let (offering, offered) = ChoiceLayout.apply(
            to: form, values: storedChoices, pairs: storedPairs, lines: lines, storeLoading: storeLoading)
        return try FormContext(form: offering, layouts: layouts.merging(offered) { $1 }, clock: clock)
    }

    /// - Throws: a field's `pattern` that is not a valid regular expression.
    public init(form: Form, layouts: [String: Layout], clock: WallClock) throws(FieldValidator.PatternError) {
        self.form = form
        self.fields = form.fields
        self.pageOfField = form.pages.enumerated().flatMap { page, content in content.fields.map { _ in page } }
        self.layouts = Self.withPickLayouts(layouts, for: form.fields)
        self.clock = clock
        var validators: [FieldValidator] = []
        for field in form.fields {
            let choices = field.strict ? field.layout.flatMap { Self.choiceTexts(from: $0, in: layouts) } : nil
            validators.append(try FieldValidator(field: field, choices: choices))
        }
        self.validators = validators
        var followers: [Int: Follower] = [:]
        for (index, field) in form.fields.enumerated() {
            guard case .by(let driverID, let groups)? = field.options,
                let driver = form.fields.firstIndex(where: { $0.id == driverID }), driver != index
            else { continue }
            followers[index] = Follower(
                driver: driver,
                groups: try groups.map { group throws(FieldValidator.PatternError) in
                    let value = try? validators[driver].validate(.line(group.value), at: clock).get()
                    let texts = field.strict ? group.options.map(\.text) : nil
                    return (
                        value ?? nil, ChoiceLayout.name(forField: field.id, value: group.value),
                        try FieldValidator(field: field, choices: texts)
                    )
                })
        }
        self.followers = followers
        self.labelsByText = form.fields.map { field in
            let choiceLayouts: [String] =
                if case .by(_, let groups)? = field.options {
                    groups.map { ChoiceLayout.name(forField: field.id, value: $0.value) }
                } else {
                    field.layout.map { [$0] } ?? []
                }
            var labels: [String: String] = [:]
            for layout in choiceLayouts.compactMap({ layouts[$0] }) where layout.kind == .choice {
                for key in layout.allKeys where key.action == .text && key.label != key.text && labels[key.text] == nil
                {
                    labels[key.text] = key.label
                }
            }
            return labels
        }
        fieldConditions = form.fields.map { $0.when?.compiled(fields: form.fields, clock: clock) }
        pageConditions = form.pages.map { $0.when?.compiled(fields: form.fields, clock: clock) }
        var requiredIf: [Int: (condition: Condition.Compiled, problem: FieldProblem)] = [:]
        for (index, field) in form.fields.enumerated() {
            guard let condition = field.requiredIf else { continue }
            requiredIf[index] = (
                condition.compiled(fields: form.fields, clock: clock),
                FieldProblem.required(when: condition.said(in: form)).worded(by: field.messages)
            )
        }
        self.requiredIf = requiredIf
        let filterable = layouts.filter { GridFilter.applies(to: $0.value, named: $0.key) }
        filterKeys = filterable.mapValues(GridFilter.Keys.init)
        slashFilters = Set(filterable.filter { !$0.value.allKeys.contains { $0.hotkey == "/" } }.keys)
        var start = 0
        fieldsOfPage = form.pages.map { page in
            defer { start += page.fields.count }
            return start..<(start + page.fields.count)
        }
        let oneLine = form.fields.map { $0.holdsValue && $0.lines == nil && $0.description == nil }
        oneLineWhenIdle = oneLine
        drawnWhenIdle = oneLine.indices.filter { !oneLine[$0] }
        ids = form.fields.map(\.id)
        holdsValue = form.fields.map(\.holdsValue)
        readByOthers = Self.readByOthers(form, followers: followers)
        fixedLabels = form.fields.map { field in
            guard !Interpolation.mayHoldTags(field.label) else { return nil }
            let text = TerminalSafe.escaped(field.label)
            return (text, TextWidth.cells(text))
        }
    }

    /// Which fields another part of the form reads (see `readByOthers`).
    private static func readByOthers(_ form: Form, followers: [Int: Follower]) -> [Bool] {
        let fields = form.fields
        var read = [Bool](repeating: false, count: fields.count)
        let conditions = fields.flatMap { [$0.when, $0.requiredIf] } + form.pages.map(\.when)
        let named = Set(conditions.compactMap { $0 }.flatMap(\.fieldIDs))
        for (index, field) in fields.enumerated() where named.contains(field.id) { read[index] = true }
        for follower in followers.values { read[follower.driver] = true }
        return read
    }

    /// Whether the keys of another field follow field `index` (`choices: {by:}`).
    func drives(_ index: Int) -> Bool { followers.values.contains { $0.driver == index } }

    /// `layouts` with the grids of the later pick steps of the fields picked in
    /// steps (a datetime's time keypad) that the caller did not give: the
    /// shipped ones. A form file's are found as any layout is (a Layouts
    /// folder's `time` first); a form in code or a prompt gets them here.
    private static func withPickLayouts(_ layouts: [String: Layout], for fields: [Field]) -> [String: Layout] {
        var all = layouts
        for field in fields {
            let steps = field.kind.pickSteps
            guard steps.count > 1, field.layout == steps.first else { continue }
            for name in steps.dropFirst() where all[name] == nil && !CalendarGrid.isCalendar(name) {
                all[name] = ShippedLayouts.layout(named: name)
            }
        }
        return all
    }

    /// The grids field `index` is picked on, one part of its value each
    /// (`FieldKind.pickSteps`: a datetime's calendar, then the time keypad), when
    /// its `layout:` names the first and every one resolves; empty for a field
    /// picked on one grid (a date's calendar too), or typed.
    public func pickSteps(ofField index: Int) -> [String] {
        guard fields.indices.contains(index) else { return [] }
        let steps = fields[index].kind.pickSteps
        guard steps.count > 1, fields[index].layout == steps.first,
            steps.allSatisfy({ CalendarGrid.isCalendar($0) || layouts[$0] != nil })
        else { return [] }
        return steps
    }

    /// Whether field `index` must be filled with these earlier values (by field
    /// index; nil: empty or hidden): `required: true`, or a `required_if` that holds.
    public func isRequired(field index: Int, values: [FieldValue?]) -> Bool {
        fields[index].required || requiredIf[index]?.condition.holds(values) == true
    }

    /// Field `index`'s own check, and its `required_if` over the earlier values
    /// (by field index; nil: empty or hidden): an empty value is then a problem,
    /// as for a required field (spaces alone count as empty).
    func requiring(
        _ result: Result<FieldValue?, FieldProblem>, field index: Int, values: [FieldValue?]
    ) -> Result<FieldValue?, FieldProblem> {
        guard let (condition, problem) = requiredIf[index], case .success(let value) = result else { return result }
        let empty =
            switch value {
            case nil: true
            case .text(let text)?: text.allSatisfy(\.isWhitespace)
            case .list(let items)?: items.isEmpty
            default: false
            }
        return empty && condition.holds(values) ? .failure(problem) : result
    }

    /// Whether the grid `layout` (a name of `layouts`) has a filter: typing a
    /// character that is no key's hotkey opens it.
    public func hasFilter(layout name: String) -> Bool { filterKeys[name] != nil }

    /// The keys of the grid `layout` as its filter compares them; nil where it has no filter.
    public func filterKeys(layout name: String) -> GridFilter.Keys? { filterKeys[name] }

    /// Whether `/` opens the filter of the grid `layout` (it has one, and no key there has `/` as its hotkey).
    public func slashOpensFilter(layout name: String) -> Bool { slashFilters.contains(name) }

    /// The name of the grid field `index` offers with these entries: its layout,
    /// or, for a field whose keys follow another field, the grid of the group
    /// its driver's value names (nil when no group does: the keyboard only).
    public func layoutName(ofField index: Int, _ entries: [FormState.Entry]) -> String? {
        guard let follower = followers[index] else { return fields[index].layout }
        return group(of: follower, entries).map { follower.groups[$0].layout }
    }

    /// The validator of field `index` with these entries: a strict field whose
    /// keys follow another field accepts the texts of the group shown now.
    public func validator(ofField index: Int, _ entries: [FormState.Entry]) -> FieldValidator {
        guard let follower = followers[index], let group = group(of: follower, entries) else {
            return validators[index]
        }
        return follower.groups[group].validator
    }

    /// Field `index`'s entry checked by its validator with these entries.
    public func validate(field index: Int, _ entries: [FormState.Entry]) -> Result<FieldValue?, FieldProblem> {
        validator(ofField: index, entries).validate(entries[index].input, at: clock)
    }

    /// The group whose value the driver holds now, read by the driver's kind
    /// (`yes` and `Complete` are one boolean; a text matches trimmed of spaces).
    private func group(of follower: Follower, _ entries: [FormState.Entry]) -> Int? {
        guard entries.indices.contains(follower.driver),
            case .success(let value?) = validators[follower.driver].validate(entries[follower.driver].input, at: clock)
        else { return nil }
        return follower.groups.firstIndex { group in
            if case .text(let a)? = group.value, case .text(let b) = value {
                return FieldValidator.trimmed(a) == FieldValidator.trimmed(b)
            }
            return group.value == value
        }
    }

    /// What must hold for field `index` to be shown: its page's `when` and its own.
    public func condition(ofField index: Int) -> Condition {
        let parts = [form.pages[pageOfField[index]].when, fields[index].when].compactMap { $0 }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    /// What the entries amount to: shown fields, problems, Done's reason, the
    /// record. Entries evaluated lately are not evaluated again, and entries
    /// that differ from the newest in some fields validate those only (`EvaluationMemo`).
    public func evaluation(_ entries: [FormState.Entry]) -> FormEvaluation {
        evaluations.evaluation(of: entries, in: self)
    }

    /// The evaluation of `state`'s entries: one kept at an earlier stamp of the
    /// state is found by the fields it wrote since, compared alone (`EntryWrites`).
    public func evaluation(of state: FormState) -> FormEvaluation {
        evaluations.evaluation(of: state.entries, writes: state.entryWrites, in: self)
    }

    /// `entries` (the state's) are about to be written into: the evaluations kept
    /// stop holding them, so the write does not copy every entry (`EvaluationMemo`).
    func letGo(of entries: [FormState.Entry]) {
        evaluations.letGo(of: entries)
    }

    /// What a strict field accepts: the text keys of its layout and of every layout
    /// its grid turns to (`action: layout`, followed on), since any key the grid
    /// offers must be a valid choice. Each text once, in the order the grids show
    /// them; nil when the field's layout did not resolve.
    static func choiceTexts(from name: String, in layouts: [String: Layout]) -> [String]? {
        guard layouts[name] != nil else { return nil }
        var texts: [String] = []
        var seenTexts: Set<String> = []
        var visited: Set<String> = [name]
        var queue = [name]
        while !queue.isEmpty {
            guard let layout = layouts[queue.removeFirst()] else { continue }
            for key in layout.allKeys {
                switch key.action {
                case .text where seenTexts.insert(key.text).inserted:
                    texts.append(key.text)
                case .layout(let next) where visited.insert(next).inserted:
                    queue.append(next)
                default:
                    break
                }
            }
        }
        return texts
    }

    /// The same context with the form titled `title` (the form that edits a
    /// stored record is titled "Edit …").
    public func retitled(_ title: String) -> FormContext {
        var context = self
        context.form.title = title
        return context
    }

    /// The layout a field swaps to with these entries, when it has one that resolved.
    public func layout(ofField index: Int, _ entries: [FormState.Entry]) -> Layout? {
        layoutName(ofField: index, entries).flatMap { layout(named: $0) }
    }

    /// A layout by name: one the form's fields name, or a month of a date
    /// field's calendar, generated (`CalendarGrid`: `calendar`, `calendar:2026-11`).
    public func layout(named name: String) -> Layout? {
        layouts[name] ?? CalendarGrid.layout(named: name, today: today, names: calendarNames)
    }

    /// Whether Tab swaps field `index` between the keyboard and its grid: it has
    /// a grid, and it is not a picker's strict field (whose keys are its only answers).
    public func swapsView(ofField index: Int, _ entries: [FormState.Entry]) -> Bool {
        layout(ofField: index, entries) != nil && !(form.presentation == .picker && fields[index].strict)
    }

    public func index(ofField id: String) -> Int? { fields.firstIndex { $0.id == id } }

    /// What field `index` shows when it is not being typed in: a word that stands
    /// for a value resolved with the clock (`today`, `tomorrow`, `now`) shows that
    /// value (`2026-11-22`), so the screen says what will be stored; the text of
    /// a key whose label differs shows as the label (`CA` as `California`);
    /// anything else shows as typed.
    public func shownText(ofField index: Int, _ entry: FormState.Entry) -> String {
        let text = entry.input.text
        if let selection = entry.selection {
            let labels = labelsByText[index]
            return labels.isEmpty ? text : FieldInput.selection(selection.map { labels[$0] ?? $0 }).text
        }
        let kind = fields[index].kind
        guard kind.resolvesWithClock(FieldValidator.trimmed(text).lowercased()),
            case .success(let value?) = validators[index].validate(text, at: clock)
        else { return labelsByText[index][text] ?? text }
        return value.text
    }

}
