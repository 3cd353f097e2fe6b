/// Draws the list screen of `keyform browse` as a `Frame`: pure and width-aware.
///
/// ```
/// To-Do · 3 records
///
///   Text          Priority  Status  Due         Note
/// › Water plants  Medium    To do                        ← reverse video
///   Call mom      High      Doing   2026-11-22
///   Buy milk      Medium    To do   2026-11-21  oat milk
///
/// ↑↓ move · Enter edit · a add · d delete · q quit
/// ```
///
/// A title (what the records are, how many, and which rows are shown when not
/// all fit), a header of field labels, one row per record, newest first, and a
/// footer: the keys that work, or a notice, or the delete question. Columns are
/// as wide as the rows in view need (labels included); when they do not fit,
/// the widest text columns give way first (values cut with "…"), and columns
/// that still do not fit are left out from the right (`columns`). A field the
/// list's conditions fix to one value (`List: Groceries`) has no column: the
/// title names its value. A boolean
/// shows as ✓ or ✗; numbers line up on the right. The
/// highlighted row is in reverse video and starts with ›, and the terminal
/// cursor sits on it, for screen readers.
public enum RecordListView {
    /// Rows of records a screen of `height` lines shows.
    public static func visibleRows(height: Int) -> Int { max(1, height - chromeHeight) }

    /// Title, blank, header, blank, footer.
    static let chromeHeight = 5
    /// The gap between columns, in cells.
    static let gap = 2
    /// A text column is not cut narrower than this (unless its values are narrower).
    static let minimumColumn = 8

    /// `keys`: the key maps the browser uses; the footer names their bindings.
    public static func render(
        _ state: RecordListState, _ form: Form, width: Int, height: Int, color: Bool = true,
        keys: RecordListKeyMaps = .standard
    ) -> Frame {
        guard FormView.fits(width: width, height: height) else {
            // The key that leaves, as the browser takes it while the list cannot be seen.
            return FormView.tooSmall(
                width: width, height: height,
                leave: keys.list.label(of: .back, in: RecordListKeySituation(state: state, form: form)),
                language: state.language)
        }
        let visible = visibleRows(height: height)
        let first = RecordListEngine.firstVisible(
            top: state.top, highlight: state.highlight, count: state.rows.count, visible: visible)
        let shown = state.rows[first..<min(state.rows.count, first + visible)]

        var lines = [title(state, form, shown: first..<(first + shown.count)), Frame.Line()]
        var cursor: Frame.Position?
        // A click on a record's row opens it: laid down with the row's cells.
        var regions: [Frame.Region] = []
        if state.rows.isEmpty {
            // Not "no records" before the store said so.
            lines.append(
                Frame.Line(
                    state.isWaitingForRows ? state.language.text(.loadingRecords) : emptyText(state, form, keys: keys)))
            cursor = Frame.Position(row: lines.count - 1, column: 0)
        } else {
            let columns = columns(RecordListEngine.listedFields(state, form), rows: shown, width: width)
            var header = Frame.Line("  ")
            header.append(columns.map { $0.fit($0.label) }.joined(separator: String(repeating: " ", count: gap)), .bold)
            lines.append(header)
            for (index, row) in zip(shown.indices, shown) {
                let highlighted = index == state.highlight
                if state.confirmingDelete == nil {
                    regions.append(Frame.Region(row: lines.count, columns: 0..<width, .record(index)))
                }
                let text =
                    (highlighted ? "› " : "  ")
                    + columns.map { $0.fit(cell(row.values[$0.field.id], $0.field)) }.joined(
                        separator: String(repeating: " ", count: gap))
                if highlighted {
                    cursor = Frame.Position(row: lines.count, column: 0)
                    lines.append(Frame.Line(TextWidth.pad(text, toCells: width), [.reverse, .bold]))
                } else {
                    lines.append(Frame.Line(text))
                }
            }
        }
        lines += Array(repeating: Frame.Line(), count: max(0, height - 1 - lines.count))
        let (footer, footerCursor) = footer(state, form, width: width, color: color, keys: keys)
        lines.append(footer)
        if let footerCursor { cursor = Frame.Position(row: height - 1, column: min(footerCursor, width - 1)) }
        return Frame(
            width: width, height: height, lines: lines.map { $0.truncated(to: width) },
            cursor: state.outcome == nil ? cursor : nil,
            regions: state.outcome == nil ? regions : [])
    }

    // MARK: Title and footer

    private static func title(_ state: RecordListState, _ form: Form, shown: Range<Int>) -> Frame.Line {
        let say = state.language.text
        var line = Frame.Line(TerminalSafe.escaped(RecordListEngine.title(of: form)), .bold)
        // Which records the list shows, when not all: `· List: Groceries · Tags: Food`.
        for match in state.matches {
            line.append(" · ")
            line.append(match.describe(in: form, language: state.language), .bold)
        }
        if let sort = state.sort { line.append(" · " + sort.describe(in: form, language: state.language)) }
        let count = state.total
        // Uncounted until the first rows come: the body says they load.
        if state.rows.isEmpty, state.isWaitingForRows { return line }
        line.append(" · " + say(.recordCount(count)), .dim)
        if shown.count < count {
            // Counted in the whole list: rows read from its oldest end are its last.
            let skipped = state.skipped
            line.append(
                " · " + say(.rowsShown(first: skipped + shown.lowerBound + 1, last: skipped + shown.upperBound)), .dim)
        }
        return line
    }

    /// What an empty list says: how to add a record, and which records it
    /// would show. The keys it names are the key map's (a config's own).
    private static func emptyText(_ state: RecordListState, _ form: Form, keys: RecordListKeyMaps) -> String {
        let situation = RecordListKeySituation(state: state, form: form)
        let say = state.language.text
        let add = keys.list.label(of: .add, in: situation)
        let matches = state.matches
        if matches.isEmpty { return say(.noRecordsYet(addKey: add)) }
        let which = say(.spokenList(matches.map { $0.describe(in: form, language: state.language) }))
        guard !state.filters.isEmpty else { return say(.noRecordsWithYet(which, addKey: add)) }
        return say(.noRecordsWith(which, showAllKey: keys.list.label(of: .back, in: situation), addKey: add))
    }

    /// The footer line, and the cursor's column on it when it asks a question.
    private static func footer(
        _ state: RecordListState, _ form: Form, width: Int, color: Bool, keys: RecordListKeyMaps
    ) -> (Frame.Line, Int?) {
        if let id = state.confirmingDelete, let row = state.rows.first(where: { $0.id == id }) {
            let question = state.language.text(.deleteRecord(RecordListEngine.summary(of: row, in: state, form)))
            return (Frame.Line(question, color ? [.bold, .accent] : .bold), TextWidth.cells(question))
        }
        switch state.notice {
        case .info(let text)?:
            return (Frame.Line(text, .bold), nil)
        case .problem(let text)?:
            return (Frame.Line("! " + text, color ? [.error, .bold] : .bold), nil)
        case nil where state.isWaitingForRows && !state.rows.isEmpty:
            // Rows on their way (End's page, the next as it scrolls): the rows shown still move, open and leave.
            return (Frame.Line(state.language.text(.loadingRecords), .bold), nil)
        case nil:
            return (
                Frame.Line(keys.list.footer(in: RecordListKeySituation(state: state, form: form), width: width), .dim),
                nil
            )
        }
    }

    // MARK: Columns

    struct Column {
        var field: Field
        var label: String
        var width: Int
        /// Numbers line up on the right.
        var alignRight: Bool

        /// `text` cut to the column's width (with "…") and padded to it.
        func fit(_ text: String) -> String {
            let fitted = TextWidth.truncate(text, toCells: width)
            let padding = String(repeating: " ", count: max(0, width - TextWidth.cells(fitted)))
            return alignRight ? padding + fitted : fitted + padding
        }
    }

    /// How a value shows in its column, as its kind says (`FieldKind.listCell`):
    /// safe for the terminal, a boolean as ✓ or ✗ (with the field's word for it
    /// when it has `states`).
    static func cell(_ value: FieldValue?, _ field: Field) -> String {
        // A secret stored with `store: true` shows masked, as in the form.
        value.map { field.masked($0.kind.listCell($0, field: field)) } ?? ""
    }

    /// The columns that fit in `width` (after the 2-cell row marker), each as
    /// wide as its label and the values in view need. When they do not all fit,
    /// text columns are narrowed, the widest first, down to `minimumColumn`
    /// (dates, numbers and booleans are never cut: a cut date says nothing);
    /// columns that still do not fit are left out from the right (the first
    /// always stays, cut as much as it must).
    static func columns(_ fields: [Field], rows: ArraySlice<RecordListRow>, width: Int) -> [Column] {
        let labels = fields.map { TerminalSafe.escaped($0.label) }
        let natural = fields.indices.map { index in
            rows.reduce(max(1, TextWidth.cells(labels[index]))) { widest, row in
                max(widest, TextWidth.cells(cell(row.values[fields[index].id], fields[index])))
            }
        }
        let shrinks = fields.map(\.kind.shrinksInList)
        let available = width - 2
        func minimum(_ index: Int) -> Int { shrinks[index] ? min(natural[index], minimumColumn) : natural[index] }
        var count = fields.count
        while count > 1, (0..<count).reduce(0, { $0 + minimum($1) }) + gap * (count - 1) > available { count -= 1 }
        var widths = Array(natural.prefix(count))
        let room = available - gap * (count - 1)
        if widths.reduce(0, +) > room {
            // The largest cap on the widths of text columns that fits (the first
            // column alone is capped whatever its type), then what is left over
            // given back, a cell each, to the columns that were cut, left first.
            let capped = (0..<count).map { count == 1 || shrinks[$0] }
            func total(_ cap: Int) -> Int {
                widths.indices.reduce(0) { $0 + (capped[$1] ? min(widths[$1], cap) : widths[$1]) }
            }
            var cap = widths.max() ?? 1
            while cap > 1, total(cap) > room { cap -= 1 }
            widths = widths.indices.map { capped[$0] ? min(widths[$0], cap) : widths[$0] }
            var spare = room - widths.reduce(0, +)
            for index in widths.indices where spare > 0 && widths[index] < natural[index] {
                widths[index] += 1
                spare -= 1
            }
        }
        return (0..<count).map { index in
            Column(
                field: fields[index], label: labels[index], width: max(1, widths[index]),
                alignRight: fields[index].kind.alignsRight)
        }
    }
}
