/// The forms the list's filter key opens, and how a new record starts in a list
/// that shows only some records: pure, so the terminal only runs them.
extension RecordListEngine {
    /// The starting text of a new record's fields in a list that shows only the
    /// records meeting `matches`: `start` (the form's defaults, `default: last`)
    /// with each condition's value set (for a `multiple` field, its item added),
    /// and the field to focus: the first that no condition sets.
    public static func newRecord(
        start: [String: FieldInput], matching matches: [FieldMatch], _ form: Form
    ) -> (values: [String: FieldInput], focus: Int) {
        var values = start
        for match in matches where form.field(id: match.field) != nil {
            values[match.field] = match.startingInput(after: values[match.field], in: form)
        }
        let focus = form.fields.firstIndex { field in !matches.contains { $0.field == field.id } } ?? 0
        return (values, focus)
    }

    /// The title of the forms that ask what to filter by: "Vacation note · filter".
    public static func filterTitle(of form: Form, language: Language = .english) -> String {
        language.text(.filterTitle(title(of: form)))
    }

    /// The id of the one field of the filter forms.
    public static let filterFieldID = "filter"

    /// The form that asks which field to filter by: one field whose grid has a
    /// key per field (its label; hotkeys 1–9), in the form's order. Its value is
    /// the picked field's id (`filterFieldID`).
    public static func filterFieldForm(
        _ fields: [Field], of form: Form, clock: WallClock,
        language: Language = .english
    ) throws(FieldValidator.PatternError) -> FormContext {
        let keys = fields.enumerated().map { index, field in
            Layout.Key(label: field.label, text: field.id, hotkey: index < 9 ? Character(String(index + 1)) : nil)
        }
        let rows = stride(from: 0, to: keys.count, by: 3).map { Array(keys[$0..<min($0 + 3, keys.count)]) }
        let layout = Layout(title: language.text(.filterGridTitle), kind: .choice, pages: [Layout.Page(rows: rows)])
        let name = "filter-fields"
        let field = Field(
            id: filterFieldID, label: language.text(.filterBy), required: true, layout: name, input: .grid, strict: true
        )
        var context = try FormContext(
            form: Form(
                title: filterTitle(of: form, language: language), name: form.name + "_filter",
                pages: [.init(fields: [field])], presentation: .picker),
            layouts: [name: layout], clock: clock)
        context.language = language
        return context
    }

    /// The form that asks for the value to filter `field` by: one field, typed as
    /// `field` is, with its grid (the layout it has in `context`, else `offered`:
    /// the values the records hold, as a choice grid), its type's rules but no
    /// others (a value stored before a `pattern` was added can still be looked
    /// for), one value even for a `multiple` field (one item: a key picks and
    /// commits it), values shown as the field shows them (a boolean's `states`
    /// words, which it reads back), and required (records with the field empty are listed with
    /// `--where FIELD=`). Starts with `current` (the value the list is filtered by now).
    /// `loading`: the values are on their way (read off the terminal's loop):
    /// the grid says it loads (`Loading Note…`), whatever the field's own.
    public static func filterValueForm(
        _ field: Field, in context: FormContext, offered: [String], current: FieldValue?, loading: Bool = false
    ) throws(FieldValidator.PatternError) -> (context: FormContext, values: [String: FieldInput]) {
        var asked = Field(id: filterFieldID, label: field.label, type: field.type, required: true, states: field.states)
        // Values as the field shows them to a person (a boolean's `states` words);
        // the asked field reads them back, so the match is the stored value.
        let reader = try FieldValidator(field: asked, choices: nil)
        func shown(_ text: String) -> String {
            guard case .success(let value?) = reader.validate(text, at: context.clock) else { return text }
            return value.kind.shown(value, field: field)
        }
        var layouts: [String: Layout] = [:]
        if loading {
            var waiting = ChoiceLayout.make(title: field.label, values: [])
            waiting.saidTitle = ChoiceLines.loadingTitle(label: field.label)
            waiting.title = waiting.saidTitle?.english
            layouts["filter-values"] = waiting
            asked.layout = "filter-values"
            asked.input = .grid
        } else if let name = field.layout, let layout = context.layouts[name] {
            // The field's own grid, with every layout its keys turn to.
            layouts = context.layouts
            asked.layout = name
            asked.input = layout.kind == .choice ? .grid : field.input
        } else {
            let name = "filter-values"
            layouts[name] = ChoiceLayout.make(title: field.label, values: offered.map(shown))
            asked.layout = name
            asked.input = offered.isEmpty ? .keyboard : .grid
        }
        let form = Form(
            title: filterTitle(of: context.form, language: context.language), name: context.form.name + "_filter",
            pages: [.init(fields: [asked])], presentation: .picker)
        let values = current.map { [filterFieldID: FieldInput.line($0.kind.shown($0, field: field))] } ?? [:]
        var asking = try FormContext(form: form, layouts: layouts, clock: context.clock)
        // Asked in the list's language, as the form it filters is.
        asking.language = context.language
        return (asking, values)
    }
}
