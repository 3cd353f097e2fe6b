/// Draws a form's state as a `Frame`: pure, width-aware, and usable from 24×8 up.
///
/// ```
/// New To-Do · Page 1/2: Basics
///
/// › Text*     Buy milk▏
///   Priority  Medium
///             ✗ must be one of: High, Medium, Low
///
/// Priority
/// ┌──────────┬──────────┬──────────┐
/// │ [h] High │[m] Medium│ [l] Low  │
/// └──────────┴──────────┴──────────┘
///
/// Enter next · Tab keys · Shift-Tab back · Esc cancel
/// [ Done ] disabled: Text is required
/// ```
public enum FormView {
    public static let minimumWidth = 24
    public static let minimumHeight = 8

    /// - Parameter color: false under `NO_COLOR`: color styles become bold or
    ///   underline, and every meaning also has a marker (›, ✗, *) or a word.
    public static func render(_ state: FormState, _ context: FormContext, width: Int, height: Int, color: Bool = true) -> Frame {
        guard width >= minimumWidth, height >= minimumHeight else { return tooSmall(width: width, height: height) }
        let palette = Palette(color: color)
        var top = [header(state, context, width: width, palette), Frame.Line()]
        let footer = footer(state, context, width: width, palette)
        let middleHeight = height - top.count - footer.count - 1
        let (middle, cursor) = body(state, context, width: width, height: middleHeight, palette)
        top += middle
        top += Array(repeating: Frame.Line(), count: max(0, height - footer.count - top.count))
        let lines = (top + footer).map { $0.truncated(to: width) }
        let shifted = cursor.map { Frame.Position(row: $0.row + 2, column: min($0.column, width - 1)) }
        return Frame(width: width, height: height, lines: lines, cursor: state.outcome == nil ? shifted : nil)
    }

    private static func tooSmall(width: Int, height: Int) -> Frame {
        let message = "Terminal too small: need \(minimumWidth)×\(minimumHeight), have \(max(0, width))×\(max(0, height))"
        var lines = [Frame.Line(message).truncated(to: max(0, width))]
        if height > 1 { lines.append(Frame.Line("Make the window larger, or press Esc.").truncated(to: max(0, width))) }
        return Frame(width: width, height: height, lines: lines)
    }

    // MARK: Header and footer

    private static func header(_ state: FormState, _ context: FormContext, width: Int, _ palette: Palette) -> Frame.Line {
        var line = Frame.Line(TerminalSafe.escaped(context.form.title ?? context.form.name), .bold)
        let pages = context.form.pages
        if pages.count > 1 {
            let page = context.pageOfField[state.focus]
            var label = " · Page \(page + 1)/\(pages.count)"
            if let title = pages[page].title { label += ": " + TerminalSafe.escaped(title) }
            line.append(label, palette.accent)
        }
        return line
    }

    private static func footer(_ state: FormState, _ context: FormContext, width: Int, _ palette: Palette) -> [Frame.Line] {
        var hints = Frame.Line()
        if let notice = state.notice {
            hints.append("! " + notice, palette.error)
        } else {
            hints.append(keyHints(state, context), .dim)
        }
        var done = Frame.Line()
        if case .submitted? = state.outcome {
            done.append("[ Done ]", [.bold, .reverse])
            done.append(" submitted", .bold)
        } else if let blocker = context.doneBlocker(state.entries) {
            done.append("[ Done ]", .dim)
            let label = TerminalSafe.escaped(context.fields[blocker.field].label)
            done.append(" disabled: \(label) \(blocker.problem.reason)", .dim)
        } else {
            done.append("[ Done ]", palette.ready)
            done.append(state.focus == context.fields.count - 1 ? " ready: press Enter" : " ready", .dim)
        }
        return [hints, done]
    }

    private static func keyHints(_ state: FormState, _ context: FormContext) -> String {
        let last = state.focus == context.fields.count - 1
        var hints: [String]
        if state.grid != nil {
            hints = ["←↑↓→ move", "Enter press", "Tab keyboard"]
        } else {
            hints = [last ? "Enter done" : "Enter next"]
            if context.layout(ofField: state.focus) != nil { hints.append("Tab keys") }
        }
        if state.focus > 0 { hints.append("Shift-Tab back") }
        hints.append("Esc cancel")
        return hints.joined(separator: " · ")
    }

    // MARK: Fields and grid

    /// The fields of the focused field's page, then the grid when it is shown,
    /// fitted into `height` lines; the cursor's position within them.
    private static func body(_ state: FormState, _ context: FormContext, width: Int, height: Int, _ palette: Palette)
        -> ([Frame.Line], Frame.Position?) {
        var grid = state.grid.map { gridLines($0, context, width: width, palette) } ?? []
        // The grid shrinks before the fields do: first its rules go, then rows far from the highlight.
        if let gridState = state.grid, grid.count + 2 > height {
            grid = compactGridLines(gridState, context, width: width, height: height - 2, palette)
        }
        let fieldHeight = height - (grid.isEmpty ? 0 : grid.count + 1)
        var (fields, cursor) = fieldLines(state, context, width: width, palette)
        // Scroll the fields so that the focused one (and its problem) stays in view.
        let focusRow = fields.firstIndex { $0.focused } ?? 0
        let first = min(max(0, focusRow - max(0, fieldHeight - 2)), max(0, fields.count - fieldHeight))
        fields = Array(fields.dropFirst(first).prefix(max(1, fieldHeight)))
        if let row = cursor?.row { cursor?.row = row - first }
        var lines = fields.map(\.line)
        if !grid.isEmpty {
            lines += [Frame.Line()] + grid
        }
        return (lines, cursor)
    }

    private struct FieldLine {
        var line: Frame.Line
        var focused = false
    }

    private static func fieldLines(_ state: FormState, _ context: FormContext, width: Int, _ palette: Palette)
        -> ([FieldLine], Frame.Position?) {
        let page = context.pageOfField[state.focus]
        let indices = context.fields.indices.filter { context.pageOfField[$0] == page }
        let labels = indices.map { label(of: context.fields[$0]) }
        let labelWidth = min(labels.map(TextWidth.cells).max() ?? 0, width / 3)
        let valueColumn = 2 + labelWidth + 2
        let valueWidth = max(1, width - valueColumn)
        var lines: [FieldLine] = []
        var cursor: Frame.Position?
        for (index, labelText) in zip(indices, labels) {
            let focused = index == state.focus
            var line = Frame.Line()
            line.append(focused ? "› " : "  ", focused ? palette.focus : [])
            line.append(TextWidth.pad(labelText, toCells: labelWidth), focused ? palette.focus : [])
            line.append("  ")
            let entry = state.entries[index]
            if focused, state.grid == nil, state.outcome == nil {
                let (visible, column) = scrolled(entry, width: valueWidth)
                line.append(visible)
                cursor = Frame.Position(row: lines.count, column: valueColumn + column)
            } else {
                line.append(TextWidth.truncate(TerminalSafe.escaped(entry.text), toCells: valueWidth), focused ? .bold : [])
            }
            lines.append(FieldLine(line: line, focused: focused))
            if let problem = state.problems[index] {
                var problemLine = Frame.Line(String(repeating: " ", count: valueColumn))
                problemLine.append("✗ " + problem.reason, palette.error)
                lines.append(FieldLine(line: problemLine))
            }
        }
        return (lines, cursor)
    }

    /// `Label*` for a required field: the star says so without color.
    private static func label(of field: Field) -> String {
        TerminalSafe.escaped(field.label) + (field.required ? "*" : "")
    }

    /// The part of the text that fits `width` cells with the cursor in view, and
    /// the cursor's cell column within it. Wide characters count 2 cells.
    static func scrolled(_ entry: FormState.Entry, width: Int) -> (String, Int) {
        let safe = TerminalSafe.escapedCharacters(entry.text, cursor: entry.cursor)
        let characters = Array(safe.text)
        let cursor = safe.cursor
        var start = 0
        // Keep one cell for the cursor after the last character.
        while TextWidth.cells(String(characters[start..<cursor])) > width - 1 { start += 1 }
        var visible = ""
        var used = 0
        for character in characters[start...] {
            let cells = TextWidth.cells(character)
            if used + cells > width { break }
            visible.append(character)
            used += cells
        }
        return (visible, TextWidth.cells(String(characters[start..<cursor])))
    }

    private static func gridTitle(_ grid: FormState.Grid, _ layout: Layout) -> String {
        var title = TerminalSafe.escaped(layout.title ?? grid.layout)
        if layout.pages.count > 1 {
            title += " · \(grid.page + 1)/\(layout.pages.count)"
            if let pageTitle = layout.pages[grid.page].title { title += ": " + TerminalSafe.escaped(pageTitle) }
        }
        return title
    }

    private static func gridLines(_ grid: FormState.Grid, _ context: FormContext, width: Int, _ palette: Palette) -> [Frame.Line] {
        guard let layout = context.layouts[grid.layout], let page = FormEngine.page(of: grid, context) else { return [] }
        return [Frame.Line(gridTitle(grid, layout), .bold)] + GridDrawing.lines(of: page, width: width, highlight: grid.highlight)
    }

    /// Only the key rows (no rules), and only as many as fit around the highlight.
    private static func compactGridLines(_ grid: FormState.Grid, _ context: FormContext, width: Int, height: Int, _ palette: Palette) -> [Frame.Line] {
        guard let layout = context.layouts[grid.layout], let page = FormEngine.page(of: grid, context) else { return [] }
        let full = GridDrawing.lines(of: page, width: width, highlight: grid.highlight)
        let keyRows = stride(from: 1, to: full.count, by: 2).map { full[$0] }
        let room = max(1, height - 1)
        let first = min(max(0, grid.highlight.row - room / 2), max(0, keyRows.count - room))
        return [Frame.Line(gridTitle(grid, layout), .bold)] + keyRows.dropFirst(first).prefix(room)
    }
}

/// The semantic styles, with and without color.
private struct Palette {
    var color: Bool
    var focus: TextStyle { color ? [.bold, .accent] : [.bold] }
    var accent: TextStyle { color ? .accent : [] }
    var error: TextStyle { color ? [.error, .bold] : [.bold] }
    var ready: TextStyle { color ? [.bold, .accent, .reverse] : [.bold, .reverse] }
}

extension TerminalSafe {
    /// The text made safe for the screen, with the cursor (in characters of the
    /// original) moved to the same place in the escaped text.
    static func escapedCharacters(_ text: String, cursor: Int) -> (text: String, cursor: Int) {
        var out = ""
        var newCursor = 0
        for (index, character) in text.enumerated() {
            if index == cursor { newCursor = out.count }
            out += escaped(String(character))
        }
        if cursor >= text.count { newCursor = out.count }
        return (out, newCursor)
    }
}
