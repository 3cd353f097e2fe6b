/// Draws a form's state as a `Frame`: pure, width-aware, and usable from 24×8 up.
///
/// ```
/// New To-Do
///
///   Text*     Buy milk
/// › Priority  Medium
///   Status    To do
///
/// Priority
/// ┌────────────┬────────────┬────────────┐
/// │  [h] High  │ [m] Medium │  [l] Low   │
/// └────────────┴────────────┴────────────┘
///
/// Enter press · Tab keyboard · Esc cancel
/// [ Done ] ready
/// ```
///
/// Header (title, and the page when there are several), the fields of the
/// focused field's page (a problem wrapped under its field), the grid when it is
/// shown, then two footer lines: the keys that work now (or a notice), and Done's
/// state, which names the field that blocks it and why. When the height is short
/// the fields scroll (the focused one and its problem stay in view) and then the
/// grid shrinks (see `gridSection`); when the width is short, values scroll
/// sideways with "…" marks and the least needed key hints are left out.
public enum FormView {
    public static let minimumWidth = 24
    public static let minimumHeight = 8

    /// Whether a form or list can be drawn in `width` × `height`; if not, the
    /// screen asks for a larger window and keys only leave or redraw.
    public static func fits(width: Int, height: Int) -> Bool {
        width >= minimumWidth && height >= minimumHeight
    }

    /// - Parameter color: false under `NO_COLOR`: color styles become bold or
    ///   underline, and every meaning also has a marker (›, ✗, *) or a word.
    /// - Parameters:
    ///   - keys: the key maps the session uses: the footer names their enabled bindings.
    ///   - mode: readline's editing mode (what Esc does in vi mode differs).
    ///   - prompt: what readline would draw as its prompt while the keyboard is
    ///     in use (a history search, `(reverse-i-search)`bu': `), already escaped:
    ///     shown in place of the key hints, as the field's line shows the match.
    ///   - cache: what the last renders of this form can lend this one (see
    ///     `Cache`); the frame is the same with or without it.
    ///   - fitted: as many lines as the form needs, up to `height` (drawn under
    ///     the cursor, `--inline`), the footer right under the fields; else
    ///     the whole height, the footer at the bottom.
    public static func render(
        _ state: FormState, _ context: FormContext, width: Int, height: Int, color: Bool = true,
        keys: FormKeyMaps = .standard, mode: EditingMode = .emacs, prompt: String? = nil,
        cache: Cache? = nil, fitted: Bool = false
    ) -> Frame {
        let situation = FormKeySituation(state: state, context: context, mode: mode)
        guard fits(width: width, height: height) else {
            // The key that leaves, as the session takes it while the form cannot be seen.
            return tooSmall(
                width: width, height: height, leave: keys.map(for: situation).label(of: .cancel, in: situation),
                language: context.language)
        }
        let palette = Palette(color: color)
        let evaluation = situation.evaluation
        // A picker without a title (a prompt of a script) is its question alone: no header.
        let headed = context.form.presentation != .picker || context.form.title != nil
        var top = headed ? header(state, context, evaluation, width: width, height: height, palette) : []
        top += pageDescription(state, context, width: width, height: height)
        if headed { top.append(Frame.Line()) }
        let headerHeight = top.count
        let footer = footer(
            situation, keys, prompt: state.grid == nil ? prompt : nil, width: width, palette, cache: cache)
        let middleHeight = height - top.count - footer.count - 1
        let (middle, cursor, bodyRegions) = body(
            state, context, evaluation, width: width, height: middleHeight, palette, cache: cache)
        top += middle
        if !fitted { top += Array(repeating: Frame.Line(), count: max(0, height - footer.count - top.count)) }
        let lines = (top + footer).map { $0.truncated(to: width) }
        let shifted = cursor.map { Frame.Position(row: $0.row + headerHeight, column: min($0.column, width - 1)) }
        // Where a click acts, laid down with the cells above: none once the form has ended.
        var regions = bodyRegions.map { Frame.Region(row: $0.row + headerHeight, columns: $0.columns, $0.target) }
        if footer.count == 2, context.form.presentation != .picker {
            regions.append(Frame.Region(row: lines.count - 1, columns: 0..<TextWidth.cells("[ Done ]"), .done))
        }
        return Frame(
            width: width, height: fitted ? lines.count : height, lines: lines,
            cursor: state.outcome == nil ? shifted : nil,
            regions: state.outcome == nil ? regions : [])
    }

    /// The sizes, and what to do, in as many words as fit: the whole sentence
    /// when there is room, else shorter ones, so the sizes are never cut off.
    /// - Parameter leave: the label of the key that leaves (from the screen's key map).
    static func tooSmall(width: Int, height: Int, leave: String?, language: Language = .english) -> Frame {
        let need = "\(minimumWidth)×\(minimumHeight)"
        let have = "\(max(0, width))×\(max(0, height))"
        let sizes = language.text(.terminalTooSmall(need: need, have: have))
        let candidates = [
            [sizes, language.text(.makeWindowLarger(leaveKey: leave))],
            [sizes],
            [language.text(.tooSmallNeed(need))],
            [language.text(.windowTooSmall)],
        ]
        for paragraphs in candidates {
            let lines = paragraphs.flatMap { wrap($0, width: width) }
            if lines.count <= height, lines.allSatisfy({ TextWidth.cells($0) <= width }) {
                return Frame(width: width, height: height, lines: lines.map { Frame.Line($0) })
            }
        }
        return Frame(
            width: width, height: height,
            lines: [Frame.Line(language.text(.windowTooSmall)).truncated(to: max(0, width))])
    }

    // MARK: Header and footer

    /// The form's title, and its page (`· Page 2/3: Where?`) when it has several.
    /// When they do not fit, the title gives way before the page's question.
    /// Pages are counted as shown: a hidden page takes no number. A picker's
    /// title is its question: wrapped, not cut, on up to three lines when the
    /// screen is tall enough to spare them (a Japanese question at 40 columns).
    private static func header(
        _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation, width: Int, height: Int,
        _ palette: Palette
    ) -> [Frame.Line] {
        let title = TerminalSafe.escaped(context.form.title ?? context.form.name)
        let pages = context.form.pages
        let shownPages = pages.indices.filter { evaluation.pageShown[$0] }
        guard shownPages.count > 1 else {
            let room = 1 + min(2, height - minimumHeight)
            guard context.form.presentation == .picker, TextWidth.cells(title) > width, room > 1 else {
                return [Frame.Line(title, .bold)]
            }
            var lines = wrap(title, width: width, filling: true)
            if lines.count > room {
                // More than there is room for: the last line shown ends in "…".
                let last = TextWidth.truncate(lines[room - 1] + " " + lines[room], toCells: width)
                lines = Array(lines.prefix(room - 1)) + [last]
            }
            return lines.map { Frame.Line($0, .bold) }
        }
        let page = context.pageOfField[state.focus]
        var label =
            " · " + context.language.text(.page((shownPages.firstIndex(of: page) ?? page) + 1, of: shownPages.count))
        if let pageTitle = pages[page].title {
            label += ": " + TerminalSafe.escaped(context.interpolated(pageTitle, state.entries))
        }
        var line = Frame.Line(titleGivingWay(title, to: label, width: width), .bold)
        line.append(label, palette.accent)
        return [line]
    }

    /// The focused page's description under the header, dimmed, wrapped: at
    /// most three lines, and none when the screen is too short to spare them.
    private static func pageDescription(
        _ state: FormState, _ context: FormContext, width: Int, height: Int
    ) -> [Frame.Line] {
        guard let text = context.form.pages[context.pageOfField[state.focus]].description else { return [] }
        let room = min(3, height - minimumHeight)
        guard room > 0 else { return [] }
        return Array(note(context.interpolated(text, state.entries), width: width).prefix(room)).map {
            Frame.Line($0, .dim)
        }
    }

    /// A note (a description) wrapped to `width`: each of its lines on its own,
    /// made safe for the screen.
    static func note(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let wrapped = wrap(TerminalSafe.escaped(String(line)), width: width)
            return wrapped.isEmpty ? [""] : wrapped
        }
    }

    /// `title`, cut to leave `rest` (what follows it on the line) whole in
    /// `width` cells when it can; at least its first character and "…".
    static func titleGivingWay(_ title: String, to rest: String, width: Int) -> String {
        let room = width - TextWidth.cells(rest)
        return TextWidth.cells(title) <= room ? title : TextWidth.truncate(title, toCells: max(2, room))
    }

    private static func footer(
        _ situation: FormKeySituation, _ keys: FormKeyMaps, prompt: String?, width: Int, _ palette: Palette,
        cache: Cache?
    ) -> [Frame.Line] {
        var situation = situation
        let (state, context) = (situation.state, situation.context)
        let say = context.language.text
        /// The key hints that fit `width`: kept in the cache under what the bindings say now.
        func keyHints(width: Int) -> Frame.Line {
            let inputs = keys.map(for: situation).hintInputs(in: situation)
            guard let cache else { return KeyHints.footerLine(from: inputs, width: width) }
            return cache.footer(inputs, width: width)
        }
        var hints = Frame.Line()
        var done = Frame.Line()
        // A picker that ended leaves its question and answer alone (what an inline prompt leaves on the screen).
        if state.outcome != nil, context.form.presentation == .picker { return [] }
        switch state.outcome {
        case .submitted?:
            done.append(say(.doneButton), [.bold, .reverse])
            done.append(" " + say(.submitted), .bold)
            return [hints, done]
        case .cancelled?, .interrupted?, .terminated?, .timedOut?:
            let ended: Message =
                switch state.outcome {
                case .cancelled?: .cancelled
                case .interrupted?: .interrupted
                case .timedOut?: .timeIsUp
                default: .stopped
                }
            guard let problem = state.draftProblem else {
                return [hints, Frame.Line(say(.endedDraftKept(ended)), .bold)]
            }
            return [
                hints,
                Frame.Line(say(.endedDraftNotKept(ended, problem: TerminalSafe.escaped(problem))), palette.error),
            ]
        case nil:
            break
        }
        if state.saving != nil {
            // Done was pressed: the record is on its way to the store; keys change nothing meanwhile.
            if let notice = state.notice { hints.append("! " + notice, palette.error) }
            done.append(say(.doneButton), [.bold, .reverse])
            done.append(" " + say(.saving), .bold)
            return [hints, done]
        }
        // Enter's hint and Done's line both say what Enter does: worked out once.
        situation = situation.answeringEnter()
        if let prompt {
            // Readline's own prompt (a search being typed) is what the keys act on now.
            hints.append(prompt, palette.focus)
        } else if let notice = state.notice {
            hints.append("! " + notice, palette.error)
        } else if let problem = state.draftProblem {
            // Until a draft is kept again: said before the keys, which get what room is left.
            let warning = "! " + say(.draftNotKept(problem: TerminalSafe.escaped(problem)))
            hints.append(warning, palette.error)
            let room = width - TextWidth.cells(warning) - 3
            if room > 8 {
                hints.append(" · ", .dim)
                hints.append(keyHints(width: room))
            }
        } else if let problem = state.storeProblem {
            // The store could not be opened: what is typed is kept by Done's rescue file only.
            let warning = "! " + say(.storeWillRescue(problem: TerminalSafe.escaped(problem)))
            hints.append(warning, palette.error)
            let room = width - TextWidth.cells(warning) - 3
            if room > 8 {
                hints.append(" · ", .dim)
                hints.append(keyHints(width: room))
            }
        } else {
            // The line as kept, its width known: nothing before it to join.
            hints = keyHints(width: width)
        }
        // A picker is answered by a key: there is no Done to show.
        if context.form.presentation == .picker {
            return [hints] + (state.secondsLeft.map { [timeLeft($0, palette, context.language)] } ?? [])
        }
        if let blocker = situation.evaluation.doneBlocker {
            // The button is dimmed; the reason is not, since it is what to read.
            done.append(say(.doneDisabled), .dim)
            done.append(" ")
            if let rule = blocker.rule {
                done.append(TerminalSafe.escaped(say(rule.said)))
            } else {
                done.append(TerminalSafe.escaped(context.label(ofField: blocker.field, state.entries)), .bold)
                done.append(say(blocker.problem.afterLabel))
            }
        } else {
            done.append(say(.doneButton), palette.ready)
            // Enter's key, when the engine's answer to it now is to submit.
            let submits = situation.enterAnswer.step == .submit
            let enter =
                submits
                ? keys.map(for: situation).label(of: situation.view == .grid ? .pressKey : .commit, in: situation) : nil
            done.append(" " + say(enter.map { .readyPress(key: $0) } ?? .ready), .dim)
        }
        if let seconds = state.secondsLeft {
            // At the end of Done's line, so the reason Done is disabled reads first.
            let left = timeLeft(seconds, palette, context.language)
            let room = width - TextWidth.cells(left.text) - 2
            if room > 8 {
                if done.cells > room { done = done.truncated(to: room) }
                done.append(String(repeating: " ", count: max(2, width - done.cells - left.cells)))
                done.append(left)
            }
        }
        return [hints, done]
    }

    /// `42 s left` (`1:05 left` from a minute), in the error colour for the last ten seconds.
    private static func timeLeft(_ seconds: Int, _ palette: Palette, _ language: Language) -> Frame.Line {
        Frame.Line(language.text(.timeLeft(seconds: seconds)), seconds <= 10 ? palette.error : .dim)
    }

    // MARK: Fields and grid

    /// The fields of the focused field's page, then the grid when it is shown,
    /// fitted into `height` lines; the cursor's position within them (in the grid
    /// view, on the highlighted key, where screen readers and magnifiers look).
    private static func body(
        _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation, width: Int, height: Int,
        _ palette: Palette, cache: Cache?
    ) -> ([Frame.Line], Frame.Position?, [Frame.Region]) {
        let fields: FieldLines
        var cursor: Frame.Position?
        let drawPlain: (Int) -> Frame.Line
        if context.form.compact {
            let drawn: [FieldLine]
            (drawn, cursor) = compactFieldLines(state, context, evaluation, width: width, palette)
            fields = FieldLines(drawn)
            drawPlain = { _ in Frame.Line() }
        } else {
            (fields, cursor, drawPlain) = fieldLines(
                state, context, evaluation, width: width, height: height, palette, kept: cache?.plainLines,
                column: cache?.labelColumn, typed: cache?.typedLine)
        }
        let focusRow = fields.focusRow ?? 0
        let focusBlock = 1 + fields.dropFirst(focusRow + 1).prefix { $0.under }.count
        var grid: GridSection?
        if let gridState = state.grid {
            let label = context.label(ofField: state.focus, state.entries)
            // A `multiple` field's selected keys are marked `✓`.
            let selected = context.fields[state.focus].multiple ? Set(state.entries[state.focus].input.items) : []
            grid = gridSection(
                gridState, context, fieldLabel: label, rawLabel: context.fields[state.focus].label, selected: selected,
                width: width,
                height: height - min(focusBlock, max(1, height - 1)), cache: cache)
        }
        let fieldHeight = max(1, height - (grid?.height ?? 0))
        // Scroll the fields so that the focused one and its problem stay in view,
        // with the line after them too when there is room.
        let wantedEnd = min(fields.count - 1, focusRow + max(focusBlock, 2) - 1)
        func start(_ room: Int) -> Int { max(0, min(wantedEnd - room + 1, focusRow, fields.count - room)) }
        // Fields out of view are counted on a line of their own at the top or
        // bottom ("↑ 3 more", "↓ 12 more"), when there are three lines or more.
        var (first, room) = (start(fieldHeight), fieldHeight)
        var (marksAbove, marksBelow) = (false, false)
        if fields.count > fieldHeight, fieldHeight >= 3 {
            let last = fields.count - (fieldHeight - 1)
            if start(fieldHeight - 1) == 0 {
                (first, room, marksBelow) = (0, fieldHeight - 1, true)
            } else if start(fieldHeight - 1) == last {
                (first, room, marksAbove) = (last, fieldHeight - 1, true)
            } else {
                (first, room, marksAbove, marksBelow) = (start(fieldHeight - 2), fieldHeight - 2, true, true)
            }
        }
        // When only rows of a field lie out of view (a field of several lines,
        // a description), they are counted as lines: "0 more" would hide them.
        func more(_ hidden: Range<Int>, _ arrow: String) -> Frame.Line {
            let count = fields.fields(in: hidden)
            let words = context.language.text(count > 0 ? .moreFields(count) : .moreLines(hidden.count))
            return Frame.Line("  \(arrow) \(words)", .dim)
        }
        var lines: [Frame.Line] = marksAbove ? [more(0..<first, "↑")] : []
        var regions: [Frame.Region] = []
        for field in fields.dropFirst(first).prefix(room) {
            if let plain = field.plain {
                regions.append(Frame.Region(row: lines.count, columns: 0..<width, .field(plain)))
            }
            regions += field.targets.map { Frame.Region(row: lines.count, columns: $0.columns, .field($0.field)) }
            lines.append(field.plain.map(drawPlain) ?? field.line)
        }
        if marksBelow { lines.append(more((first + room)..<fields.count, "↓")) }
        if let row = cursor?.row { cursor?.row = row - first + (marksAbove ? 1 : 0) }
        if let grid {
            if grid.blank { lines.append(Frame.Line()) }
            // Typing goes to an open filter: the cursor waits at its end; else it is on the highlighted key.
            if let at = grid.filterCursor ?? grid.highlight {
                cursor = Frame.Position(row: lines.count + at.row, column: at.column)
            }
            for (line, keys) in grid.keys {
                regions += keys.map { key in
                    Frame.Region(
                        row: lines.count + line, columns: key.cell.x..<(key.cell.x + key.cell.innerWidth + 2),
                        .gridKey(key.index))
                }
            }
            lines += grid.lines
        }
        return (lines, cursor, regions)
    }

    /// The lines of the page's fields, as `body` scrolls them: the lines of the
    /// fields drawn (the focused one, one with a problem, rows or a description)
    /// between runs of plain fields (`FieldLine.plain`), one line each, whose
    /// `FieldLine` is made only when asked for: a frame of a form of 200 fields
    /// made, and then freed, a line for each of them though some 18 show (issue 27).
    private struct FieldLines: RandomAccessCollection {
        private enum Part {
            /// Plain fields, by index, a line each.
            case plain(ArraySlice<Int>)
            case drawn([FieldLine])
        }

        /// Each part and its first line, in order.
        private var parts: [(start: Int, part: Part)] = []
        private(set) var endIndex = 0
        var startIndex: Int { 0 }
        /// The first focused line (a plain field is never focused).
        private(set) var focusRow: Int?

        init() {}

        init(_ lines: [FieldLine]) { append(lines) }

        mutating func append(plain fields: ArraySlice<Int>) {
            guard !fields.isEmpty else { return }
            parts.append((endIndex, .plain(fields)))
            endIndex += fields.count
        }

        mutating func append(_ lines: [FieldLine]) {
            guard !lines.isEmpty else { return }
            if focusRow == nil, let row = lines.firstIndex(where: \.focused) { focusRow = endIndex + row }
            parts.append((endIndex, .drawn(lines)))
            endIndex += lines.count
        }

        subscript(position: Int) -> FieldLine {
            // The last part starting at or before `position`.
            var (low, high) = (0, parts.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if parts[middle].start <= position { low = middle } else { high = middle - 1 }
            }
            let (start, part) = parts[low]
            switch part {
            case .plain(let fields):
                return FieldLine(line: Frame.Line(), plain: fields[fields.startIndex + position - start])
            case .drawn(let lines): return lines[position - start]
            }
        }

        /// How many fields the lines in `range` show: a line under a field is not one.
        func fields(in range: Range<Int>) -> Int {
            var count = 0
            for (start, part) in parts {
                switch part {
                case .plain(let fields):
                    count += Swift.max(
                        0, Swift.min(range.upperBound, start + fields.count) - Swift.max(range.lowerBound, start))
                case .drawn(let lines):
                    let (from, to) = (
                        Swift.max(range.lowerBound, start), Swift.min(range.upperBound, start + lines.count)
                    )
                    if from < to { count += lines[(from - start)..<(to - start)].lazy.filter { !$0.under }.count }
                }
            }
            return count
        }
    }

    private struct FieldLine {
        var line: Frame.Line
        var focused = false
        /// A line under a field, of its description or its problem: it scrolls
        /// with the field and is not counted as a field out of view.
        var under = false
        /// The fields a click on the line focuses, by the cells they take.
        var targets: [(columns: Range<Int>, field: Int)] = []
        /// The field whose one line this is, not drawn yet (`line` is empty):
        /// a field of one line, nothing under it, not focused, is drawn only
        /// when it scrolls into view, so a key in a long form draws the fields
        /// shown, not all of the page's. A click on any cell of it focuses it.
        var plain: Int?
    }

    /// Quick entry (`compact: true`): the page's fields on one line (wrapping when
    /// they do not fit) as `Label value · Label value`, the focused one marked `›`,
    /// then any problems, each naming its field.
    private static func compactFieldLines(
        _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation, width: Int,
        _ palette: Palette
    ) -> ([FieldLine], Frame.Position?) {
        let shown = evaluation.shown
        let page = context.pageOfField[state.focus]
        var lines: [FieldLine] = []
        var line = Frame.Line()
        var lineHasFocus = false
        var lineTargets: [(columns: Range<Int>, field: Int)] = []
        var cursor: Frame.Position?
        for index in context.fields.indices where context.pageOfField[index] == page && shown[index] {
            let focused = index == state.focus
            let entry = state.entries[index]
            let face = switchFace(of: index, state, context)
            let isNote = !context.fields[index].holdsValue
            let editing = focused && state.grid == nil && state.outcome == nil && !isNote
            let (value, column) =
                if let face {
                    (face, 1)
                } else if editing {
                    scrolled(context.fields[index].masked(entry.editedLine), width: max(8, width / 2))
                } else {
                    (
                        TextWidth.truncate(
                            TerminalSafe.escaped(shownValue(ofField: index, entry, context)), toCells: max(1, width / 3)
                        ), 0
                    )
                }
            var standing =
                editing && face == nil ? standingValue(of: index, entry, context, width: max(1, width / 3)) : ""
            // Not over a secret typed with `mask: none`, whose line shows nothing but is not empty.
            if editing, face == nil, entry.editedLine.text.isEmpty, standing.isEmpty {
                standing = placeholder(of: context.fields[index], width: max(1, width / 3))
            }
            var segment = Frame.Line()
            segment.append(focused ? "› " : "", palette.focus)
            if isNote {
                // A note holds no value: its heading alone (its text shows under the line while focused).
                let heading = label(ofField: index, state, context, evaluation)
                let shownHeading =
                    heading.isEmpty
                    ? TextWidth.truncate(
                        note(context.interpolated(context.fields[index].description ?? "", state.entries), width: width)
                            .first ?? "", toCells: max(1, width / 3)) : heading
                segment.append(shownHeading, focused ? palette.focus : .dim)
            } else {
                segment.append(label(ofField: index, state, context, evaluation), focused ? palette.focus : .dim)
                segment.append(" ")
                segment.append(value.isEmpty && !editing ? "–" : value, focused ? .bold : (value.isEmpty ? .dim : []))
                segment.append(standing, .dim)
            }
            let separator = line.cells > 0 ? 3 : 0
            if line.cells > 0, line.cells + separator + segment.cells > width {
                lines.append(FieldLine(line: line, focused: lineHasFocus, targets: lineTargets))
                (line, lineHasFocus, lineTargets) = (Frame.Line(), false, [])
            }
            if line.cells > 0 { line.append(" · ", .dim) }
            lineTargets.append((line.cells..<(line.cells + segment.cells), index))
            if editing {
                cursor = Frame.Position(
                    row: lines.count,
                    column: line.cells + segment.cells - TextWidth.cells(value) - TextWidth.cells(standing) + column)
            } else if isNote, focused, state.outcome == nil {
                cursor = Frame.Position(row: lines.count, column: line.cells + 2)
            } else if focused, face == nil, state.outcome == nil {
                // A grid with nothing highlighted: the cursor rests on the value Enter keeps.
                cursor = Frame.Position(
                    row: lines.count, column: line.cells + segment.cells - TextWidth.cells(value.isEmpty ? "–" : value))
            }
            line.append(segment)
            lineHasFocus = lineHasFocus || focused
        }
        lines.append(FieldLine(line: line, focused: lineHasFocus, targets: lineTargets))
        // One line holds many fields: only the focused one's description, under them.
        if let description = context.fields[state.focus].description {
            for text in note(context.interpolated(description, state.entries), width: max(1, width - 2)).prefix(2) {
                lines.append(
                    FieldLine(line: Frame.Line("  " + text, .dim), under: true, targets: [(0..<width, state.focus)]))
            }
        }
        for index in context.fields.indices where context.pageOfField[index] == page && shown[index] {
            guard let problem = state.problems[index] else { continue }
            let said = context.language.text(
                .fieldLine(label: context.label(ofField: index, state.entries), problem: problem.message))
            for (n, text) in wrap(said, width: max(1, width - 2)).prefix(3).enumerated() {
                lines.append(
                    FieldLine(
                        line: Frame.Line((n == 0 ? "✗ " : "  ") + text, palette.error), under: true,
                        targets: [(0..<width, index)]))
            }
        }
        return (lines, cursor)
    }

    /// What field `index` shows when it is not typed in (`FormContext.shownText`),
    /// a secret masked (`Field.masked`).
    private static func shownValue(ofField index: Int, _ entry: FormState.Entry, _ context: FormContext) -> String {
        context.fields[index].masked(context.shownText(ofField: index, entry))
    }

    /// The value left standing while the line is empty for a new one (a key
    /// opened the keyboard), drawn dimmed behind the cursor: what Enter keeps, as
    /// the field shows it (a date, never the word `today`). Empty otherwise.
    private static func standingValue(
        of index: Int, _ entry: FormState.Entry, _ context: FormContext, width: Int
    ) -> String {
        guard entry.text.isEmpty, entry.kept != nil else { return "" }
        return TextWidth.truncate(
            TerminalSafe.escaped(shownValue(ofField: index, entry, context)), toCells: max(1, width))
    }

    /// The field's placeholder, cut to `width`, made safe: drawn dimmed in an
    /// empty field (never where a value stands, which takes precedence).
    private static func placeholder(of field: Field, width: Int) -> String {
        guard let text = field.placeholder else { return "" }
        return TextWidth.truncate(TerminalSafe.escaped(text), toCells: max(1, width))
    }

    /// The shown fields of the focused field's page (a hidden field is not drawn: the page reflows):
    /// their lines, the cursor, and what draws a line left `plain` (see `FieldLine.plain`):
    /// the line `kept` from an earlier render when it shows the same (see `PlainLines`).
    private static func fieldLines(
        _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation, width: Int, height: Int,
        _ palette: Palette, kept: PlainLines?, column: LabelColumn?, typed: TypedLine?
    ) -> (FieldLines, Frame.Position?, (Int) -> Frame.Line) {
        let (indices, labelWidth) = labelColumn(state, context, evaluation, width: width, kept: column)
        let counter = FormEvaluation.counter
        func block(_ index: Int) -> (lines: [FieldLine], cursor: Frame.Position?) {
            counter?.drewField()
            return fieldBlock(
                index, label(ofField: index, state, context, evaluation), labelWidth: labelWidth, state, context,
                width: width, height: height, palette, typed: typed)
        }
        var lines = FieldLines()
        var cursor: Frame.Position?
        let oneLine = context.oneLineWhenIdle
        let noProblems = state.problems.isEmpty
        // Where the run of plain fields since the last field drawn starts, in `indices`.
        var plainFrom = 0
        func draw(_ index: Int, at position: Int) {
            lines.append(plain: indices[plainFrom..<position])
            plainFrom = position + 1
            let (drawn, at) = block(index)
            if let at { cursor = Frame.Position(row: lines.count + at.row, column: at.column) }
            lines.append(drawn)
        }
        if noProblems {
            // Drawn: the focused field and those not one line when idle, each found among the
            // page's shown fields (in order) by a binary search; the plain ones are not walked (issue 27).
            func drawIfShown(_ index: Int) {
                var (low, high) = (plainFrom, indices.count)
                while low < high {
                    let middle = (low + high) / 2
                    if indices[middle] < index { low = middle + 1 } else { high = middle }
                }
                if low < indices.count, indices[low] == index { draw(index, at: low) }
            }
            var focusDrawn = false
            for index in context.drawnWhenIdle {
                if !focusDrawn, state.focus <= index {
                    if state.focus < index { drawIfShown(state.focus) }
                    focusDrawn = true
                }
                drawIfShown(index)
            }
            if !focusDrawn { drawIfShown(state.focus) }
        } else {
            for (position, index) in indices.enumerated() {
                // A plain field's click target is the whole line, laid down only if it scrolls into view.
                if index != state.focus, oneLine[index], state.problems[index] == nil { continue }
                draw(index, at: position)
            }
        }
        lines.append(plain: indices[plainFrom...])
        func plain(_ index: Int) -> Frame.Line {
            guard let kept,
                let source = plainSource(
                    ofField: index, labelWidth: labelWidth, state, context, evaluation, width: width)
            else { return block(index).lines[0].line }
            return kept.line(ofField: index, source) { block(index).lines[0].line }
        }
        return (lines, cursor, plain)
    }

    /// Field `index`'s lines (its rows, description, problem), as the first
    /// lines of the page would be, and the cursor when it is in them.
    private static func fieldBlock(
        _ index: Int, _ labelText: String, labelWidth: Int, _ state: FormState, _ context: FormContext, width: Int,
        height: Int, _ palette: Palette, typed: TypedLine? = nil
    ) -> (lines: [FieldLine], cursor: Frame.Position?) {
        let valueColumn = 2 + labelWidth + 2
        let valueWidth = max(1, width - valueColumn)
        let focused = index == state.focus
        // Every line the field takes (its rows, description, problem) focuses it when clicked.
        func clickable(_ lines: [FieldLine]) -> [FieldLine] {
            lines.map { line in
                var line = line
                line.targets = [(0..<width, index)]
                return line
            }
        }
        if !context.fields[index].holdsValue {
            let cursor = focused && state.outcome == nil ? Frame.Position(row: 0, column: 2) : nil
            return (
                clickable(
                    noteLines(index, heading: labelText, focused: focused, state, context, width: width, palette)),
                cursor
            )
        }
        var lines: [FieldLine] = []
        var cursor: Frame.Position?
        var line = Frame.Line()
        line.append(focused ? "› " : "  ", focused ? palette.focus : [])
        line.append(TextWidth.pad(labelText, toCells: labelWidth), focused ? palette.focus : [])
        line.append("  ")
        let entry = state.entries[index]
        if let rows = context.fields[index].lines {
            // Several lines: the first beside the label, the others under it, in the value's column.
            let editing = focused && state.grid == nil && state.outcome == nil
            let (block, row) = multiLineRows(
                of: index, entry, context, editing: editing, width: valueWidth,
                rows: min(rows, max(1, height - 1)))
            for (n, text) in block.enumerated() {
                var rowLine = n == 0 ? line : Frame.Line(String(repeating: " ", count: valueColumn))
                rowLine.append(text.text, text.dim ? .dim : (focused && !editing ? .bold : []))
                if let row, let column = row.column, row.index == n {
                    cursor = Frame.Position(row: lines.count, column: valueColumn + column)
                }
                lines.append(FieldLine(line: rowLine, focused: focused && n == 0, under: n > 0))
            }
        } else if let face = switchFace(of: index, state, context) {
            line.append(TextWidth.truncate(face, toCells: valueWidth), focused ? .bold : [])
            if focused, state.grid == nil, state.outcome == nil {
                cursor = Frame.Position(row: lines.count, column: valueColumn + 1)
            }
        } else if focused, state.grid == nil, state.outcome == nil {
            // The entry itself unless a selection goes before the line: `editedLine` is a new
            // entry, whose characters it counts to place a cursor `scrolled` places as it measures.
            let edited = entry.selection?.isEmpty == false ? entry.editedLine : entry
            let (visible, column) = scrolled(context.fields[index].masked(edited), width: valueWidth, typed: typed)
            line.append(visible)
            let standing = standingValue(of: index, entry, context, width: valueWidth)
            // The cursor sits at the start of the placeholder, which the first typed key replaces.
            // (Not over a secret typed with `mask: none`: nothing shows, yet it is not empty.)
            line.append(
                edited.text.isEmpty && standing.isEmpty
                    ? placeholder(of: context.fields[index], width: valueWidth) : standing, .dim)
            cursor = Frame.Position(row: lines.count, column: valueColumn + column)
        } else {
            let shown = TextWidth.truncate(
                TerminalSafe.escaped(shownValue(ofField: index, entry, context)), toCells: valueWidth)
            line.append(shown, focused ? .bold : [])
            if context.shownText(ofField: index, entry).isEmpty {
                line.append(placeholder(of: context.fields[index], width: valueWidth), .dim)
            }
            if focused, state.outcome == nil {
                // A grid with nothing highlighted: the cursor rests on the value Enter keeps.
                cursor = Frame.Position(
                    row: lines.count, column: valueColumn + min(TextWidth.cells(shown), valueWidth - 1))
            }
        }
        if context.fields[index].lines == nil { lines.append(FieldLine(line: line, focused: focused)) }
        if let description = context.fields[index].description {
            // Under the label, dimmed: what the field is for, before what is wrong with it.
            for text in note(context.interpolated(description, state.entries), width: max(1, width - 4)).prefix(3) {
                lines.append(FieldLine(line: Frame.Line("    " + text, .dim), under: true))
            }
        }
        if let problem = state.problems[index] {
            // The reason is what says what to do: wrapped, never cut, up to three lines.
            let indent = String(repeating: " ", count: valueColumn)
            var wrapped = wrap(problem.reason(in: context.language), width: max(1, valueWidth - 2))
            if wrapped.count > 3 {
                wrapped = Array(wrapped.prefix(3))
                wrapped[2] = TextWidth.truncate(wrapped[2] + " …", toCells: max(1, valueWidth - 2))
            }
            for (n, text) in wrapped.enumerated() {
                var problemLine = Frame.Line(indent)
                problemLine.append((n == 0 ? "✗ " : "  ") + text, palette.error)
                lines.append(FieldLine(line: problemLine, under: true))
            }
        }
        return (clickable(lines), cursor)
    }

    /// The shown fields of the focused page, and the cells of the labels' column.
    private static func labelColumn(
        _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation, width: Int,
        kept: LabelColumn? = nil
    )
        -> (indices: [Int], width: Int)
    {
        let fields = context.fieldsOfPage[context.pageOfField[state.focus]]
        func make() -> (indices: [Int], width: Int, fixed: Bool) {
            let (shown, holdsValue) = (evaluation.shown, context.holdsValue)
            var indices: [Int] = []
            var fixed = true
            // A note's heading is not a label: it takes the line, not the column of labels.
            var widest = 0
            for index in fields where shown[index] {
                indices.append(index)
                if holdsValue[index] { widest = max(widest, labelCells(ofField: index, state, context, evaluation)) }
                if context.fixedLabels[index] == nil { fixed = false }
            }
            return (indices, min(widest, labelRoom(width: width)), fixed)
        }
        guard let kept else {
            let made = make()
            return (made.indices, made.width)
        }
        return kept.column(page: fields, width: width, evaluation, context, make: make)
    }

    /// The cells a value is drawn in at `width` (after the labels' column): where
    /// a field of several lines wraps, so ↑ and ↓ move by the rows drawn. A
    /// compact form draws the field on one line: its rows are its lines.
    public static func valueWidth(_ state: FormState, _ context: FormContext, width: Int) -> Int {
        guard !context.form.compact else { return Int.max / 4 }
        return max(1, width - 4 - labelColumn(state, context, context.evaluation(of: state), width: width).width)
    }

    /// A field of several lines (`lines:`) as `rows` rows of `width` cells
    /// (`WrappedText`: wrapped, escaped, line breaks kept). Typed in, the rows
    /// scroll to keep the cursor in view (the cursor's row is the last shown
    /// once it is past the first `rows`), and the cursor's row and column are
    /// given; an empty field shows its placeholder, dimmed. Not typed in, the
    /// value's first rows, the last ending in "…" when more follow.
    static func multiLineRows(
        of index: Int, _ entry: FormState.Entry, _ context: FormContext, editing: Bool, width: Int, rows: Int
    )
        -> (rows: [(text: String, dim: Bool)], cursor: (index: Int, column: Int?)?)
    {
        let text = editing ? entry.editedLine.text : context.shownText(ofField: index, entry)
        if text.isEmpty {
            let hint = placeholder(of: context.fields[index], width: width)
            let block = [(hint, true)] + Array(repeating: ("", false), count: rows - 1)
            return (block, editing ? (0, 0) : nil)
        }
        let wrapped = WrappedText(text, width: width)
        var first = 0
        var cursor: (index: Int, column: Int?)?
        if editing {
            let position = wrapped.position(ofCursor: entry.editedLine.cursor)
            first = max(0, position.row - rows + 1)
            cursor = (position.row - first, min(position.column, width - 1))
        }
        var block = wrapped.rows.dropFirst(first).prefix(rows).map { (text: $0.shown, dim: false) }
        if !editing, wrapped.rows.count > rows, let last = block.indices.last {
            block[last].text = TextWidth.truncate(block[last].text, toCells: max(1, width - 2)) + " …"
        }
        block += Array(repeating: (text: "", dim: false), count: rows - block.count)
        return (block, cursor)
    }

    /// A note (`type: note`): its heading (the label, bold) on the field's line,
    /// then its text, wrapped, in full and not dimmed — it is what there is to
    /// read, not a hint about a value; its lines break where the file breaks
    /// them. Without a heading, the text starts on the field's line.
    private static func noteLines(
        _ index: Int, heading: String, focused: Bool, _ state: FormState, _ context: FormContext,
        width: Int, _ palette: Palette
    ) -> [FieldLine] {
        let marker = focused ? "› " : "  "
        let text =
            context.fields[index].description.map {
                note(context.interpolated($0, state.entries), width: max(1, width - 2))
            } ?? []
        var rows = heading.isEmpty ? text : [heading] + text
        if rows.isEmpty { rows = [""] }
        return rows.enumerated().map { row, content in
            var line = Frame.Line(row == 0 ? marker : "  ", focused ? palette.focus : [])
            line.append(content, row == 0 && !heading.isEmpty ? (focused ? palette.focus : .bold) : [])
            return FieldLine(line: line, focused: row == 0 && focused, under: row > 0)
        }
    }

    /// A boolean field drawn as its switch: `[✓] Complete`, `[ ] In progress`, or
    /// `[ ] –` when it holds nothing yet; nil for other fields, and for a boolean
    /// whose text is not yet a yes or a no (typed elsewhere), which shows as typed.
    static func switchFace(of index: Int, _ state: FormState, _ context: FormContext) -> String? {
        let field = context.fields[index]
        guard field.type == .boolean else { return nil }
        switch context.validate(field: index, state.entries) {
        case .success(.boolean(let flag)?):
            return (flag ? "[✓] " : "[ ] ") + TerminalSafe.escaped(field.shown(flag, in: context.language))
        case .success(nil): return "[ ] –"
        case .failure(let problem) where problem.check == .required: return "[ ] –"
        default: return nil
        }
    }

    /// Cells the column of labels may take at `width`: as many as leave a value
    /// 30 cells (values scroll sideways; a label cut says less), and never less
    /// than a third of the width. A longer label is cut with "…"; `form check`
    /// warns by this same room at 80 columns.
    static func labelRoom(width: Int) -> Int { max(width / 3, width - 4 - 30) }

    /// `Label*` for a required field: the star says so without color. A
    /// picker's one question is answered by picking, so it has no star.
    static func label(of field: Field, in form: Form) -> String {
        TerminalSafe.escaped(field.label) + (field.required && form.presentation == .form ? "*" : "")
    }

    /// Field `index`'s label as drawn now: with the earlier answers it names
    /// (`States of {{country}}`), escaped, and the star while it must be filled
    /// (`required`, or a `required_if` that holds now).
    static func label(
        ofField index: Int, _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation
    ) -> String {
        let star = evaluation.required[index] && context.form.presentation == .form
        if let fixed = context.fixedLabels[index] { return star ? fixed.text + "*" : fixed.text }
        return TerminalSafe.escaped(context.label(ofField: index, state.entries)) + (star ? "*" : "")
    }

    /// The cells of `label(ofField:)`: a label that names no answer is measured
    /// once per form (`FormContext.fixedLabels`), not on every frame.
    static func labelCells(
        ofField index: Int, _ state: FormState, _ context: FormContext, _ evaluation: FormEvaluation
    ) -> Int {
        guard let fixed = context.fixedLabels[index] else {
            return TextWidth.cells(label(ofField: index, state, context, evaluation))
        }
        return fixed.cells + (evaluation.required[index] && context.form.presentation == .form ? 1 : 0)
    }

    /// The part of the text that fits `width` cells with the cursor in view, and
    /// the cursor's cell column within it. Wide characters count 2 cells. Text
    /// scrolled out of view on either side is marked with "…" (when `width`
    /// leaves room for the marks); the cursor never sits on a mark.
    /// - Parameter typed: the focused field's line as measured last, which this one is measured from.
    static func scrolled(_ entry: FormState.Entry, width: Int, typed: TypedLine? = nil) -> (String, Int) {
        let value: (text: String, cursor: Int, cells: [Int], offsets: [Int])
        if let typed {
            value = typed.measured(entry)
        } else {
            let made = measured(entry)
            value = (made.text, made.cursor, made.cells, made.offsets)
        }
        let (cells, cursor, count) = (value.cells, value.cursor, value.cells.count)
        // Cells before each character: any run's cells without adding them up again.
        var before = [0]
        before.reserveCapacity(count + 1)
        for width in cells { before.append(before[before.count - 1] + width) }
        func span(_ range: Range<Int>) -> Int { before[range.upperBound] - before[range.lowerBound] }
        let total = span(0..<count)
        guard width > 0 else { return ("", 0) }
        // Everything fits, with a cell for the cursor after the last character.
        if total + (cursor == count ? 1 : 0) <= width { return (value.text, span(0..<cursor)) }
        let utf8 = Array(value.text.utf8)
        func characters(_ range: Range<Int>) -> String {
            String(decoding: utf8[value.offsets[range.lowerBound]..<value.offsets[range.upperBound]], as: UTF8.self)
        }
        let marks = width >= 4
        let cursorCells = cursor < count ? max(1, cells[cursor]) : 1
        // A cell right of the cursor for the next character, or the mark that says more follows.
        let after = marks && cursor + 1 < count ? 1 : 0
        func leftMark(_ start: Int) -> Int { marks && start > 0 ? 1 : 0 }
        var start = 0
        while start < cursor, leftMark(start) + span(start..<cursor) + cursorCells + after > width { start += 1 }
        // Scroll in jumps of a third of the width, not a character at a time: typing
        // at the end then redraws the line once per jump instead of on every key.
        if start > 0 {
            let step = max(1, width / 3)
            start = min(cursor, (start + step - 1) / step * step)
        }
        var visible = leftMark(start) == 1 ? "…" : ""
        var used = leftMark(start)
        if used + span(start..<count) <= width {
            visible += characters(start..<count)
        } else {
            let room = width - (marks ? 1 : 0)
            var end = start
            while end < count, used + cells[end] <= room {
                used += cells[end]
                end += 1
            }
            visible += characters(start..<end)
            if marks { visible += "…" }
        }
        return (visible, leftMark(start) + span(start..<cursor))
    }

    /// The entry made safe for the screen (`TerminalSafe.escapedCharacters`): its
    /// text and cursor, the cells of each character, and where each character
    /// starts in the text's UTF-8 (and, last, where the text ends). Text that
    /// needs no escaping and whose every scalar is a cluster of its own (most
    /// typed text, Japanese included) is taken scalar by scalar: a keystroke in a
    /// long value does not break the whole value into grapheme clusters again.
    /// `scalarwise`: the text was taken scalar by scalar (see `TypedLine`).
    static func measured(
        _ entry: FormState.Entry
    ) -> (
        text: String, cursor: Int, cells: [Int], offsets: [Int], scalarwise: Bool
    ) {
        var cells: [Int] = []
        var offsets = [0]
        for scalar in entry.text.unicodeScalars {
            guard let width = scalarCells(scalar) else {
                let safe = TerminalSafe.escapedCharacters(entry.text, cursor: entry.cursor)
                var offsets = [0]
                var cells: [Int] = []
                for character in safe.text {
                    offsets.append(offsets[offsets.count - 1] + character.utf8.count)
                    cells.append(TextWidth.cells(character))
                }
                return (safe.text, safe.cursor, cells, offsets, false)
            }
            cells.append(width)
            offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar))
        }
        return (entry.text, min(max(0, entry.cursor), cells.count), cells, offsets, true)
    }

    /// The cells of a scalar shown as it is, a character of its own whatever is
    /// next to it; nil for any other (escaped, or measured in its cluster).
    static func scalarCells(_ scalar: Unicode.Scalar) -> Int? {
        TerminalSafe.isUnsafe(scalar) ? nil : TextWidth.loneScalarCells(scalar)
    }

    // MARK: The grid, shrunk to fit

    /// The grid's lines under the fields, and where its highlighted key's label starts.
    private struct GridSection {
        /// A blank line between the fields and the grid.
        var blank: Bool
        var lines: [Frame.Line]
        /// Row (within `lines`) and column of the highlighted key's label.
        var highlight: (row: Int, column: Int)?
        /// Row and column of the end of an open filter's line.
        var filterCursor: (row: Int, column: Int)?
        /// The rows of keys drawn, by the line (within `lines`) each is on: where a click presses a key.
        var keys: [(line: Int, cells: [GridDrawing.KeyCell])] = []
        var height: Int { lines.count + (blank ? 1 : 0) }
    }

    /// The grid in the first shape that fits `height` lines, shrinking step by
    /// step: the whole grid under a blank line; without its title when the title
    /// only repeats the field's label; without the blank line; without the rules
    /// between rows (top and bottom borders kept); only the rows around the
    /// highlight, in borders; then without borders; then without the title.
    /// An open filter's line, under the title, is kept in every shape.
    private static func gridSection(
        _ grid: FormState.Grid, _ context: FormContext, fieldLabel: String, rawLabel: String,
        selected: Set<String>, width: Int, height allLines: Int, cache: Cache?
    ) -> GridSection? {
        let filtering = grid.filter.map { Self.filterLine($0, width: width, context.language) }
        let height = allLines - (filtering == nil ? 0 : 1)
        guard height > 0, let layout = context.layout(named: grid.layout), let page = FormEngine.page(of: grid, context)
        else { return nil }
        let drawn = GridLines(
            page, width: width, highlight: grid.highlight, selected: selected, filter: grid.filter, cache: cache)
        let drawing = drawn.drawing
        // A grid made from the field's own `choices` is titled by the field's
        // label, which may name earlier answers (`{{country}}`): shown filled in.
        let layoutTitle = layout.title == rawLabel ? fieldLabel : layout.title ?? grid.layout
        // An open filter shows the keys of every page: the title names no page.
        let titleText =
            grid.filter == nil ? gridTitle(layoutTitle, grid, layout, width: width) : TerminalSafe.escaped(layoutTitle)
        let title = GridPart.title(Frame.Line(titleText, .bold))
        let section = { (blank: Bool, parts: [GridPart]) in gridSection(blank: blank, parts, drawn, filter: filtering) }
        guard !drawing.isEmpty else {
            // "(no keys on this page)"; a filter that matches nothing says so on its own line.
            let lines = [title] + (filtering == nil ? drawing.lines.map(GridPart.line) : [])
            if lines.count + 1 <= height { return section(true, lines) }
            return section(false, Array(lines.suffix(height)))
        }
        let rowCount = drawing.rows.count
        // The whole grid, each row between rules: made only when it fits (a
        // long list's rows are not all drawn to show a few of them).
        let fullCount = 2 * rowCount + 1
        var full: [GridPart] {
            (0..<rowCount).flatMap { [GridPart.line(drawn.rule(between: $0 == 0 ? nil : $0 - 1, and: $0)), .keys($0)] }
                + [.line(drawn.rule(between: rowCount - 1, and: nil))]
        }
        let highlightRow = min(max(0, grid.highlight?.row ?? 0), rowCount - 1)
        /// Rows `rows` without the rules between them, in a top and a bottom border.
        func bordered(_ rows: Range<Int>) -> [GridPart] {
            [.line(drawn.border(of: rows.lowerBound, top: true))] + rows.map(GridPart.keys)
                + [.line(drawn.border(of: rows.upperBound - 1, top: false))]
        }

        if fullCount + 2 <= height { return section(true, [title] + full) }
        let repeatsLabel = layout.pages.count == 1 && layoutTitle == fieldLabel
        if repeatsLabel, fullCount + 1 <= height { return section(true, full) }
        if fullCount + 1 <= height { return section(false, [title] + full) }
        if repeatsLabel, rowCount + 3 <= height {
            return section(true, bordered(0..<rowCount))
        }
        if rowCount + 3 <= height {
            return section(false, [title] + bordered(0..<rowCount))
        }
        // Only some rows: as many as fit, and say which. The rows turn a page at a
        // time, the page the highlight is on: a move within the page redraws two
        // keys, whatever the grid's length (a window kept centred on the highlight
        // redrew every row shown at every move).
        func window(_ room: Int) -> Range<Int> {
            let count = max(1, min(room, rowCount))
            let first = min(highlightRow / count * count, rowCount - count)
            return first..<(first + count)
        }
        func partTitle(_ rows: Range<Int>) -> GridPart {
            var line = Frame.Line(titleText, .bold)
            line.append(
                " · "
                    + context.language.text(.gridRows(first: rows.lowerBound + 1, last: rows.upperBound, of: rowCount)),
                .dim)
            return .title(line)
        }
        if height - 3 >= 1 {
            let rows = window(height - 3)
            return section(false, [partTitle(rows)] + bordered(rows))
        }
        if height - 1 >= 1 {
            let rows = window(height - 1)
            return section(false, [partTitle(rows)] + rows.map(GridPart.keys))
        }
        return section(false, [.keys(highlightRow)])
    }

    /// A line of the grid section: drawn as it is, the title, or a row of keys of the drawing.
    private enum GridPart {
        case line(Frame.Line)
        /// The grid's title: an open filter's line follows it.
        case title(Frame.Line)
        case keys(Int)
    }

    /// An open filter's line: `Filter: fra · 3 of 250`, or `· no match`; the
    /// query as typed (escaped), the cursor after it.
    private static func filterLine(
        _ filter: GridFilter, width: Int, _ language: Language
    ) -> (line: Frame.Line, cursor: Int) {
        let query = TerminalSafe.escaped(filter.query)
        let label = language.text(.filterLabel)
        var line = Frame.Line(label)
        line.append(query, .bold)
        let cursor = min(width - 1, TextWidth.cells(label + query))
        if filter.matches.isEmpty {
            line.append(" · " + language.text(.noMatch), .bold)
        } else {
            line.append(" · " + language.text(.matches(filter.matches.count, of: filter.total)), .dim)
        }
        return (line, cursor)
    }

    /// The section's lines, with the highlighted key's face located from the
    /// drawing's structure (the row it is on, the column its face starts at),
    /// and an open filter's line after the title (first when there is none).
    private static func gridSection(
        blank: Bool, _ parts: [GridPart], _ grid: GridLines,
        filter: (line: Frame.Line, cursor: Int)?
    ) -> GridSection {
        let drawing = grid.drawing
        // Sized at once: a move makes the section's lines anew on every frame.
        var lines: [Frame.Line] = []
        lines.reserveCapacity(parts.count + 1)
        var highlight: (row: Int, column: Int)?
        var filterCursor: (row: Int, column: Int)?
        var keys: [(line: Int, cells: [GridDrawing.KeyCell])] = []
        keys.reserveCapacity(parts.count)
        func addFilterLine() {
            guard let filter, filterCursor == nil else { return }
            filterCursor = (lines.count, filter.cursor)
            lines.append(filter.line)
        }
        if case .title? = parts.first {} else { addFilterLine() }
        for part in parts {
            switch part {
            case .line(let line):
                lines.append(line)
            case .title(let line):
                lines.append(line)
                addFilterLine()
            case .keys(let row):
                if let cell = drawing.highlightedCell, cell.index.row == row, highlight == nil {
                    highlight = (lines.count, cell.faceColumn)
                }
                keys.append((lines.count, drawing.rows[row]))
                lines.append(grid.keyLine(row))
            }
        }
        return GridSection(blank: blank, lines: lines, highlight: highlight, filterCursor: filterCursor, keys: keys)
    }

    /// The grid's title, and its page (`· 1/2: Which stroke?`) when the layout has
    /// several: the layout's title gives way before the page's question.
    private static func gridTitle(_ layoutTitle: String, _ grid: FormState.Grid, _ layout: Layout, width: Int) -> String
    {
        let title = TerminalSafe.escaped(layoutTitle)
        guard layout.pages.count > 1 else { return title }
        var page = " · \(grid.page + 1)/\(layout.pages.count)"
        if let pageTitle = layout.pages[grid.page].title { page += ": " + TerminalSafe.escaped(pageTitle) }
        return titleGivingWay(title, to: page, width: width) + page
    }

    // MARK: Text

    /// Marks a Japanese line does not begin with.
    private static let noLineStart: Set<Character> = ["、", "。", "，", "．", "」", "』", "）", "？", "！", "ー", "…", "・"]

    /// `text` broken at spaces into lines of at most `width` cells; a word
    /// longer than a line is broken where the line ends. With `filling`,
    /// Japanese (a word that begins with a wide character) fills the line and
    /// goes on at the next, as Japanese is set, never starting a line with a
    /// closing mark (、。」？…): a picker's question at 40 columns.
    public static func wrap(_ text: String, width: Int, filling: Bool = false) -> [String] {
        guard width > 0 else { return [] }
        let filling = filling && width > 3
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TextWidth.cells(candidate) <= width {
                line = candidate
                continue
            }
            let fills = filling && (word.first.map { TextWidth.cells($0) > 1 } ?? false)
            if fills, !line.isEmpty, TextWidth.cells(line) + 3 <= width {
                line += " "
            } else {
                if !line.isEmpty { lines.append(line) }
                line = ""
            }
            for character in word {
                if TextWidth.cells(line) + TextWidth.cells(character) > width, !line.isEmpty {
                    // A closing mark takes the character before it to the next line.
                    var carried = ""
                    if filling, noLineStart.contains(character), line.count > 1, let last = line.popLast() {
                        carried = String(last)
                    }
                    lines.append(line)
                    line = carried
                }
                line.append(character)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
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
