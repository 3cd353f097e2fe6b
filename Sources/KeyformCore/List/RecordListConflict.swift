/// Why an edit from the list was not saved although the store works: another
/// terminal saved or deleted the record since it was opened. The store's
/// edges throw it (`RecordBrowser.Hooks.update`); the list answers with the
/// form that shows both versions (`conflictForm`) or saves the edit anew.
public enum RecordEditConflict: Error, Equatable, Sendable {
    /// Saved meanwhile: the record as it is stored now (with its new `updated`).
    case changed(theirs: RecordListRow)
    /// Deleted meanwhile.
    case deleted
}

extension RecordListEngine {
    /// The conflict form's first field: the whole record kept as edited, taken
    /// as the other terminal saved it, or chosen field by field. A leading `_`
    /// never names a form's own field (`[a-z][a-z0-9_]*`).
    public static let conflictWholeID = "_whole"

    /// What the first field's keys say, and what they give.
    public enum ConflictChoice: String, CaseIterable, Sendable {
        case mine, theirs, each
    }

    /// The fields whose values differ between the edit and the stored record, in the form's order.
    public static func conflictingFields(mine: Record, theirs: Record, form: Form) -> [Field] {
        form.valueFields.filter { mine[$0.id] != theirs[$0.id] }
    }

    /// The form that shows both versions of a record saved meanwhile elsewhere
    /// and asks which to keep: first the whole record (keep mine, take theirs,
    /// or per field), then, when per field, each field that differs as a grid
    /// of two keys, `mine: VALUE` and `theirs: VALUE` (values as the field
    /// shows them, control characters written out). Starts on keep mine.
    public static func conflictForm(
        mine: Record, theirs: RecordListRow, in context: FormContext
    ) throws(FieldValidator.PatternError) -> (context: FormContext, values: [String: FieldInput]) {
        let language = context.language
        let form = context.form
        func shown(_ value: FieldValue?, _ field: Field) -> String {
            guard let value, !value.text.isEmpty else { return language.text(.conflictEmpty) }
            return TerminalSafe.escaped(value.kind.shown(value, field: field))
        }
        let wholeKeys = [
            Layout.Key(label: language.text(.conflictKeepMine), text: ConflictChoice.mine.rawValue, hotkey: "1"),
            Layout.Key(label: language.text(.conflictTakeTheirs), text: ConflictChoice.theirs.rawValue, hotkey: "2"),
            Layout.Key(label: language.text(.conflictPerField), text: ConflictChoice.each.rawValue, hotkey: "3"),
        ]
        var layouts = [
            "conflict-whole": Layout(
                title: language.text(.conflictWhole), kind: .choice, pages: [Layout.Page(rows: [wholeKeys])])
        ]
        var fields = [
            Field(
                id: conflictWholeID, label: language.text(.conflictWhole), required: true, layout: "conflict-whole",
                input: .grid,
                strict: true, defaultValue: .value(.line(ConflictChoice.mine.rawValue)))
        ]
        for field in conflictingFields(mine: mine, theirs: theirs.values, form: form) {
            let name = "conflict-" + field.id
            layouts[name] = Layout(
                title: field.label, kind: .choice,
                pages: [
                    Layout.Page(rows: [
                        [
                            Layout.Key(
                                label: language.text(.conflictMine(shown(mine[field.id], field))),
                                text: ConflictChoice.mine.rawValue, hotkey: "1"),
                            Layout.Key(
                                label: language.text(.conflictTheirs(shown(theirs.values[field.id], field))),
                                text: ConflictChoice.theirs.rawValue, hotkey: "2"),
                        ]
                    ])
                ])
            fields.append(
                Field(
                    id: field.id, label: field.label, required: true, layout: name, input: .grid, strict: true,
                    defaultValue: .value(.line(ConflictChoice.mine.rawValue)),
                    when: .oneOf(field: conflictWholeID, values: [ConflictChoice.each.rawValue])))
        }
        var asked = try FormContext(
            form: Form(
                title: language.text(.conflictTitle), name: form.name + "_conflict", pages: [.init(fields: fields)]),
            layouts: layouts, clock: context.clock)
        asked.language = language
        return (asked, [:])
    }

    /// The record the conflict form's answers choose: the stored values, with
    /// the edit's where the person kept theirs (all of them for keep mine).
    public static func resolved(_ answers: Record, mine: Record, theirs: Record, form: Form) -> Record {
        let whole = ConflictChoice(rawValue: answers[conflictWholeID]?.text ?? "") ?? .mine
        let kept = Set(
            conflictingFields(mine: mine, theirs: theirs, form: form).map(\.id).filter { id in
                switch whole {
                case .mine: true
                case .theirs: false
                case .each: answers[id]?.text != ConflictChoice.theirs.rawValue
                }
            })
        return Record(
            values: form.valueFields.map { field in
                (field.id, kept.contains(field.id) ? mine[field.id] : theirs[field.id])
            })
    }
}
