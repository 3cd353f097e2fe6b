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
    public let layouts: [String: Layout]
    /// The day and time of day the form is filled in: what `today` and `now` resolve to.
    public let clock: WallClock
    public var today: CivilDate { clock.today }
    /// The month and weekday names of a date field's calendar (`layout: calendar`).
    public var calendarNames: CalendarNames

    /// `today` as given, the time of day (what a time field's `now` is) read from
    /// the wall clock: the edges' door. Pure callers pass `clock:`.
    /// - Throws: a field's `pattern` that is not a valid regular expression
    ///   (`keyform form check` reports it first, with its position).
    public init(form: Form, layouts: [String: Layout], today: CivilDate) throws(FieldValidator.PatternError) {
        try self.init(form: form, layouts: layouts, clock: WallClock(today: today, minuteOfDay: WallClock.now().minuteOfDay))
    }

    /// - Throws: a field's `pattern` that is not a valid regular expression.
    public init(form: Form, layouts: [String: Layout], clock: WallClock) throws(FieldValidator.PatternError) {
        self.form = form
        self.fields = form.fields
        self.pageOfField = form.pages.enumerated().flatMap { page, content in content.fields.map { _ in page } }
        self.layouts = layouts
        self.clock = clock
        self.calendarNames = .english
        var validators: [FieldValidator] = []
        for field in form.fields {
            let choices = field.strict ? field.layout.flatMap { Self.choiceTexts(from: $0, in: layouts) } : nil
            validators.append(try FieldValidator(field: field, choices: choices))
        }
        self.validators = validators
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

    /// The layout a field swaps to, when it has one that resolved.
    public func layout(ofField index: Int) -> Layout? {
        fields[index].layout.flatMap { layout(named: $0) }
    }

    /// A layout by name: one the form's fields name, or a month of a date
    /// field's calendar, generated (`CalendarGrid`: `calendar`, `calendar:2026-11`).
    public func layout(named name: String) -> Layout? {
        layouts[name] ?? CalendarGrid.layout(named: name, today: today, names: calendarNames)
    }

    /// Whether Tab swaps field `index` between the keyboard and its grid: it has
    /// a grid, and it is not a picker's strict field (whose keys are its only answers).
    public func swapsView(ofField index: Int) -> Bool {
        layout(ofField: index) != nil && !(form.presentation == .picker && fields[index].strict)
    }

    public func index(ofField id: String) -> Int? { fields.firstIndex { $0.id == id } }

    /// What field `index` shows when it is not being typed in: a word that stands
    /// for a value resolved with the clock (`today`, `tomorrow`, `now`) shows that
    /// value (`2026-11-22`), so the screen says what will be stored; anything
    /// else shows as typed.
    public func shownText(ofField index: Int, _ entry: FormState.Entry) -> String {
        let text = entry.input.text
        guard entry.selection == nil else { return text }
        let kind = fields[index].kind
        guard kind.clockWords.contains(FieldValidator.trimmed(text).lowercased()),
              case .success(let value?) = validators[index].validate(text, at: clock)
        else { return text }
        return value.text
    }

    /// The first field, in order, that keeps Done disabled, and why.
    public func doneBlocker(_ entries: [FormState.Entry]) -> (field: Int, problem: FieldProblem)? {
        for index in fields.indices {
            if case .failure(let problem) = validators[index].validate(entries[index].input, at: clock) {
                return (index, problem)
            }
        }
        return nil
    }

    /// The record the entries make, or the first problem.
    public func record(_ entries: [FormState.Entry]) -> Result<Record, FieldProblem> {
        var values: [(id: String, value: FieldValue?)] = []
        for (index, field) in fields.enumerated() {
            switch validators[index].validate(entries[index].input, at: clock) {
            case .success(let value): values.append((field.id, value))
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(Record(values: values))
    }
}
