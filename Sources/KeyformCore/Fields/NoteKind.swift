/// `type: note`: text to read, not a question — a welcome, an explanation, or
/// a summary of earlier answers (`{{field}}` in its label and description). It
/// holds no value: nothing is typed into it, and it is never required, checked,
/// stored, in the record or its output (`Field.holdsValue`). Focus stops on it
/// as on a field (a note alone on the last page is the form's review page,
/// where Done is pressed); Enter and Tab go on, Shift-Tab back (DECISIONS 47).
struct NoteKind: FieldKind {
    var type: Field.ValueType { .note }

    /// Never reached from the screen (the note's view types nothing) nor from
    /// answers (which refuse a note by name): any text is no value of a note.
    func read(_ input: Substring, rules: FieldRules, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        .failure(FieldProblem(.isNoteWithoutValue))
    }

    func fromStored(_ stored: FieldValue, field: Field) -> FieldValue? { nil }

    func matchValue(_ raw: String, clock: WallClock) -> Result<FieldValue, FieldProblem> {
        .failure(FieldProblem(.noteHoldsNoValue))
    }
}
