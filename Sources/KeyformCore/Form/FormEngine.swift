/// The form's state machine: `reduce` is the only place form state changes.
/// Pure: events in, effects out; the terminal, readline and the store act on
/// the effects at the edges.
public enum FormEngine {
    /// Applies `event` to `state` and returns what the edges must do.
    public static func reduce(_ state: inout FormState, _ event: FormEvent, _ context: FormContext) -> [FormEffect] {
        if case .draftSaved(let problem) = event {
            state.draftProblem = problem
            return []
        }
        if case .storeUnavailable(let problem) = event {
            state.storeProblem = problem
            return []
        }
        guard state.outcome == nil else { return [] }
        if let record = state.saving { return whileSaving(record, event, &state, context) }
        if case .timeLeft(let seconds) = event {
            // Only the count changes: a notice or problem on screen stays.
            state.secondsLeft = max(0, seconds)
            return []
        }
        if case .storeAnswered(let values) = event { return storeAnswered(values, &state, context) }
        // A form without fields (possible when built in code) can still be left.
        if state.entries.isEmpty, !event.endsTheForm { return [] }
        if case .lineEdited(let text, let cursor) = event {
            // Only a change the person made counts: the line editor is hidden under
            // the grid, and a line that repeats the entry (readline redrawing what a
            // `.setLine` put there) must not wipe the notice that came with it.
            let entry = state.entries[state.focus]
            guard state.grid == nil, entry.text != text || entry.cursor != cursor else { return [] }
            // Written in place: the evaluations kept no longer hold these entries (issue 27).
            context.letGo(of: state.entries)
            // The first edit replaces a value left standing for a new one.
            if entry.text != text { state[entryOf: state.focus].kept = nil }
        }
        state.notice = nil
        switch event {
        case .lineEdited(let text, let cursor):
            // Written as the focused field's alone: the memo compares only it (issue 27).
            state[entryOf: state.focus].text = text
            state[entryOf: state.focus].cursor = min(max(0, cursor), text.count)
            refreshProblem(of: state.focus, in: &state, context)
            return []
        case .commitPressed:
            return commit(&state, context, pressDoneOnLast: true)
        case .previousPressed:
            return previous(&state, context)
        case .swapViewPressed:
            return swapView(&state, context)
        case .nextPressed:
            return commit(&state, context, pressDoneOnLast: false)
        case .gridMoved(let direction) where isCalendar(state):
            return moveInCalendar(days: [.left: -1, .right: 1, .up: -7, .down: 7][direction] ?? 0, in: &state, context)
        case .gridMoved(let direction):
            return moveHighlight(direction, in: &state, context)
        case .calendarMonthTurned(let forward):
            return turnMonth(forward: forward, in: &state, context)
        case .calendarTodayPressed:
            guard isCalendar(state) else { return [.bell] }
            return show(context.today, in: &state)
        case .pickStepBack:
            return stepBack(&state, context)
        case .gridKeyPressed:
            guard let grid = state.grid else { return [.bell] }
            guard let key = highlightedKey(state, context) else {
                // An open filter that matches nothing has no key to press: said, not committed.
                if let filter = grid.filter { return noMatch(filter, in: &state, context) }
                // Nothing highlighted: the field as it is, never a key the person did not choose.
                return commit(&state, context, pressDoneOnLast: true)
            }
            return press(key, in: &state, context)
        case .gridHotkeyPressed(let character):
            guard let grid = state.grid else { return [.bell] }
            if grid.filter != nil { return typeInFilter(character, in: &state, context) }
            let hasKey =
                context.layout(named: grid.layout)?.pages.contains {
                    $0.rows.contains { $0.contains { $0.hotkey == character } }
                } ?? false
            guard hasKey else {
                // A long grid: a character that presses no key is the start of a filter.
                if context.hasFilter(layout: grid.layout), !character.isWhitespace {
                    return openFilter(typing: character, in: &state, context)
                }
                let name = character == " " ? "space" : TerminalSafe.escaped(String(character))
                state.notice = context.language.text(.noKeyHere(name))
                return [.bell]
            }
            return pressFirstKey(in: &state, context, anyPage: true) { $0.hotkey == character }
        case .gridFilterOpened:
            return openFilter(typing: nil, in: &state, context)
        case .gridFilterTyped(let character):
            return typeInFilter(character, in: &state, context)
        case .gridFilterErased:
            guard let filter = state.grid?.filter else { return [.bell] }
            guard !filter.query.isEmpty else { return closeFilter(in: &state, context) }
            return showFilter(filter.erasing(), in: &state)
        case .gridFilterClosed:
            return closeFilter(in: &state, context)
        case .gridBackspacePressed:
            guard state.grid?.filter == nil else { return reduce(&state, .gridFilterErased, context) }
            return pressFirstKey(in: &state, context) { $0.action == .backspace }
        case .toggle(let action):
            return toggle(action, in: &state, context)
        case .donePressed:
            return pressDone(&state, context)
        case .fieldJumpRequested(let number):
            // Numbers follow the shown fields: a hidden field takes none.
            let shown = context.evaluation(of: state).shownFields
            guard shown.indices.contains(number - 1), shown[number - 1] != state.focus else { return [.bell] }
            return enter(field: shown[number - 1], in: &state, context, from: state.focus)
        case .answered(let input):
            // A note holds no value: the answer only moves on.
            if context.fields[state.focus].holdsValue {
                state.grid = nil
                state.entries[state.focus] = FormState.Entry(input, multiple: context.fields[state.focus].multiple)
            }
            return commit(&state, context, pressDoneOnLast: true)
        case .fieldClicked(let index):
            guard context.fields.indices.contains(index), context.evaluation(of: state).shown[index] else {
                return [.bell]
            }
            guard index != state.focus else { return [] }
            return enter(field: index, in: &state, context, from: state.focus)
        case .gridKeyClicked(let index):
            guard let grid = state.grid, let key = key(at: index, of: grid, context) else { return [.bell] }
            state.grid?.highlight = index
            return press(key, in: &state, context)
        case .cancelPressed:
            return end(&state, .cancelled, context)
        case .interrupted:
            return end(&state, .interrupted, context)
        case .terminated(let signal):
            return end(&state, .terminated(signal: signal), context)
        case .editorFailed(let reason):
            state.notice = reason
            return [.bell]
        case .timeRanOut:
            state.secondsLeft = 0
            return end(&state, .timedOut, context)
        case .draftSaved, .timeLeft, .storeAnswered, .saveAnswered, .storeUnavailable:
            return []  // handled above; a save answered when none is on its way changes nothing
        }
    }

    // MARK: The store's answers

    /// `default: last` values fill the fields the person has not changed (an
    /// entry still as the form started it); the focused field is entered again
    /// when it was filled or takes its choices from the store, so its line and
    /// its view (a grid of the stored values, or the keyboard when there are
    /// none) are what the store's answers make them.
    static func storeAnswered(
        _ values: [String: FieldInput], _ state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        guard context.fields.indices.contains(state.focus) else { return [] }
        // The focused field's keys were held while its choices were on their way (`FormSession`).
        var refocus = context.fields[state.focus].choices != nil
        for (index, field) in context.fields.enumerated() {
            guard let value = values[field.id], !field.secret,
                state.entries[index] == FormState.startingEntry(of: field)
            else { continue }
            state.entries[index] = FormState.Entry(value, multiple: field.multiple)
            if index == state.focus { refocus = true }
        }
        guard refocus else { return [] }
        return enter(field: state.focus, in: &state, context, from: nil)
    }

    // MARK: Saving the record

    /// While the submitted record is on its way to the store: the answer ends
    /// the form; Ctrl-C and signals cannot take the record back, so they are
    /// said to wait for it (it is stored, or rescued to a file: never half
    /// stored, never lost); every other event (keys, the time limit, the
    /// store's late reading) changes nothing.
    static func whileSaving(
        _ record: Record, _ event: FormEvent, _ state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        switch event {
        case .saveAnswered:
            state.saving = nil
            state.notice = nil
            state.outcome = .submitted(record)
            return [.finish(.submitted(record))]
        case .interrupted, .terminated:
            state.notice = context.language.text(.savingWaits)
            return []
        default:
            return []
        }
    }

    // MARK: Fields and focus

    /// Moves focus to field `index`, opening its own input view.
    static func enter(
        field index: Int, in state: inout FormState, _ context: FormContext, from previous: Int?
    ) -> [FormEffect] {
        guard state.entries.indices.contains(index) else { return [] }
        // A value left standing over an empty line is the field's text again once focus leaves.
        if let previous, state.entries.indices.contains(previous), state.entries[previous].text.isEmpty,
            let kept = state.entries[previous].kept
        {
            state.entries[previous] = FormState.Entry(kept)
        }
        state.focus = index
        let opensGrid = context.fields[index].input == .grid && context.layout(ofField: index, state.entries) != nil
        let text = state.entries[index].text
        state.entries[index].cursor = text.count
        state.grid = opensGrid ? startingGrid(forField: index, state, context) : nil
        var effects: [FormEffect] = [.setLine(text: text, cursor: text.count)]
        if let previous, context.pageOfField[previous] != context.pageOfField[index] {
            effects.append(.transition(.page(forward: index > previous)))
        }
        return effects
    }

    /// Commits the focused field where `commitStep` says it leads (the answer
    /// the footer and the Done line name too).
    private static func commit(_ state: inout FormState, _ context: FormContext, pressDoneOnLast: Bool) -> [FormEffect]
    {
        let index = state.focus
        let step = commitStep(state, context, pressDoneOnLast: pressDoneOnLast)
        if case .stays(let problem) = step {
            state.problems[index] = problem
            return []
        }
        // The field is valid; a rule it is the marked field of may still be broken:
        // said under it, without holding the person there (a rule blocks only Done).
        state.problems[index] =
            context.form.rules.isEmpty ? nil : context.evaluation(of: state).shownProblem(ofField: index, context)
        var effects: [FormEffect] = []
        // A `multiple` field's typed item joins its selection and the line is free
        // for the next: in the keyboard, Enter on an item adds it and stays
        // (`addsItem`); Enter on the empty line commits the field.
        if case .selection(let items) = state.entries[index].input, !state.entries[index].text.isEmpty {
            state.entries[index] = FormState.Entry(selection: items)
            effects.append(.setLine(text: "", cursor: 0))
        }
        effects.append(.saveDraft(state.draft(context)))
        switch step {
        case .next(let field): return effects + enter(field: field, in: &state, context, from: index)
        case .submit, .goTo: return effects + pressDone(&state, context)
        case .end: return effects + [.bell]
        case .stays, .addsItem: return effects  // answered above; the item is added
        }
    }

    private static func previous(_ state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let field = context.evaluation(of: state).previous(before: state.focus) else { return [.bell] }
        return enter(field: field, in: &state, context, from: state.focus)
    }

    /// Done: submits when the form is valid; otherwise points at the field that blocks it.
    private static func pressDone(_ state: inout FormState, _ context: FormContext) -> [FormEffect] {
        let evaluation = context.evaluation(of: state)
        if let blocker = evaluation.doneBlocker {
            state.problems[blocker.field] = blocker.problem
            var effects: [FormEffect] = []
            if blocker.field != state.focus {
                effects = enter(field: blocker.field, in: &state, context, from: state.focus)
            }
            // A picker has no Done button to speak of: only what it still needs.
            let sentence = blocker.sentence(context, state.entries)
            state.notice =
                context.form.presentation == .picker
                ? sentence : context.language.text(.doneIsDisabled(because: sentence))
            return effects
        }
        switch evaluation.record {
        case .success(let record):
            state.grid = nil
            if state.storesOnDone {
                // The form ends when the store answered (`.saveAnswered`); it says it saves meanwhile.
                state.saving = record
                return [.submit(record)]
            }
            state.outcome = .submitted(record)
            return [.submit(record), .finish(.submitted(record))]
        case .failure:
            return [.bell]  // unreachable: no blocker means every field validates
        }
    }

    private static func end(
        _ state: inout FormState, _ outcome: FormState.Outcome, _ context: FormContext
    ) -> [FormEffect] {
        state.outcome = outcome
        return [.saveDraft(state.draft(context)), .finish(outcome)]
    }

    /// Whether the focused field's text commits as it is, so Enter and Tab move
    /// on; otherwise they only show why (and the footer does not offer them).
    public static func focusCommits(_ state: FormState, _ context: FormContext) -> Bool {
        guard state.entries.indices.contains(state.focus) else { return false }
        if case .failure = validate(state.focus, state, context) { return false }
        return true
    }

    private static func validate(
        _ index: Int, _ state: FormState, _ context: FormContext
    ) -> Result<FieldValue?, FieldProblem> {
        // A `required_if` reads earlier answers: the evaluation has them.
        guard context.requiredIf[index] != nil else { return context.validate(field: index, state.entries) }
        return context.evaluation(of: state).results[index]
    }

    /// A problem already shown follows the text as it changes (a rule's message
    /// included), and goes once the text is valid and the rule holds.
    private static func refreshProblem(of index: Int, in state: inout FormState, _ context: FormContext) {
        guard state.problems[index] != nil else { return }
        state.problems[index] = context.evaluation(of: state).shownProblem(ofField: index, context)
    }

    /// A boolean field shown as a switch: the entry becomes `yes`, `no` or empty.
    /// The field stays focused (Enter commits it), as a checkbox does.
    private static func toggle(
        _ action: ToggleAction, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        guard state.grid == nil, context.fields[state.focus].type == .boolean else { return [.bell] }
        var current: Bool?
        if case .success(.boolean(let flag)?) = validate(state.focus, state, context) { current = flag }
        let text: String
        switch action {
        case .flip: text = current == true ? "no" : "yes"
        case .set(let flag): text = flag ? "yes" : "no"
        case .clear: text = ""
        }
        return setEntry(FormState.Entry(text), in: &state, context)
    }

    /// Puts `entry` in the focused field and tells the line editor.
    private static func setEntry(
        _ entry: FormState.Entry, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        state.entries[state.focus] = entry
        refreshProblem(of: state.focus, in: &state, context)
        return [.setLine(text: entry.text, cursor: entry.cursor)]
    }
}

// MARK: - The grid view

extension FormEngine {
    private static func swapView(_ state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard context.swapsView(ofField: state.focus, state.entries) else { return [.bell] }
        if state.grid == nil {
            state.grid = startingGrid(forField: state.focus, state, context)
            return [.transition(.swapView(toGrid: true))]
        }
        openKeyboard(from: state.grid, in: &state, context)
        let entry = state.entries[state.focus]
        return [.transition(.swapView(toGrid: false)), .setLine(text: entry.text, cursor: entry.cursor)]
    }

    /// The keyboard view opens on the focused field. When the field holds a
    /// value picked from a grid of choices (one of its keys' texts: `Hardware`,
    /// `today`, `Medium`), the keyboard is there to type a new value: the line
    /// starts empty, the value standing until something is typed (typing
    /// `Garden` after `Hardware` gave `HardwareGarden`, and the line said
    /// `today` where the field showed its date). Text being typed goes on.
    private static func openKeyboard(from grid: FormState.Grid?, in state: inout FormState, _ context: FormContext) {
        state.grid = nil
        guard let grid, let layout = context.layout(named: grid.layout), layout.kind == .choice else { return }
        let value = state.entries[state.focus].input.text
        let picked = layout.pages.contains {
            $0.rows.contains { $0.contains { $0.action == .text && $0.text == value } }
        }
        if picked || CalendarGrid.isCalendar(grid.layout) { state.entries[state.focus].openForNewValue() }
    }

    /// The field's own layout, on the page and key that hold its current value
    /// (so a field set to "Medium" opens with Medium highlighted), else on its
    /// first page with nothing highlighted.
    ///
    /// A field picked in steps (a datetime) opens step `step` on its own part
    /// of the value: the calendar on the day, the time keypad with the time
    /// standing (`Grid.partStands`).
    private static func startingGrid(
        forField index: Int, step: Int = 0, _ state: FormState, _ context: FormContext
    ) -> FormState.Grid? {
        let steps = context.pickSteps(ofField: index)
        guard step == 0 || steps.indices.contains(step) else { return nil }
        let name = step > 0 ? steps[step] : context.layoutName(ofField: index, state.entries)
        guard let name, let layout = context.layout(named: name) else { return nil }
        let parts = steps.isEmpty ? [state.entries[index].input.text] : pickParts(ofField: index, state, context)
        let value = parts.indices.contains(step) ? parts[step] : ""
        let stands = step > 0 && !value.isEmpty
        if CalendarGrid.isCalendar(name) {
            // The month of the field's date, that day highlighted; else today's month, nothing highlighted.
            guard let day = CivilDate(iso: value) else {
                return FormState.Grid(
                    layout: CalendarGrid.name(ofMonthOf: context.today), step: step, partStands: stands)
            }
            return FormState.Grid(
                layout: CalendarGrid.name(ofMonthOf: day), highlight: CalendarGrid.index(of: day), step: step,
                partStands: stands)
        }
        // A selection highlights none of its keys: Enter with nothing highlighted
        // keeps it and commits (a highlight on its first item toggled a default off).
        if context.fields[index].multiple { return FormState.Grid(layout: name) }
        for (p, page) in layout.pages.enumerated() {
            for (r, row) in page.rows.enumerated() {
                if let k = row.firstIndex(where: { $0.action == .text && $0.text == value }) {
                    return FormState.Grid(
                        layout: name, page: p, highlight: .init(row: r, key: k), step: step, partStands: stands)
                }
            }
        }
        return FormState.Grid(layout: name, step: step, partStands: stands)
    }

    /// The page the grid shows: the filter's matches while it is open, else the layout's page.
    static func page(of grid: FormState.Grid, _ context: FormContext) -> Layout.Page? {
        if let filter = grid.filter { return filter.page }
        guard let layout = context.layout(named: grid.layout), layout.pages.indices.contains(grid.page) else {
            return nil
        }
        return layout.pages[grid.page]
    }

    /// The key Enter presses now in the grid view; nil when nothing is highlighted.
    public static func highlightedKey(_ state: FormState, _ context: FormContext) -> Layout.Key? {
        guard let grid = state.grid, let index = grid.highlight else { return nil }
        return key(at: index, of: grid, context)
    }

    private static func key(
        at index: GridDrawing.KeyIndex, of grid: FormState.Grid, _ context: FormContext
    ) -> Layout.Key? {
        guard let page = page(of: grid, context), page.rows.indices.contains(index.row),
            page.rows[index.row].indices.contains(index.key)
        else { return nil }
        return page.rows[index.row][index.key]
    }

    /// Left and right move along the row; up and down go to the key of the next
    /// row that sits under the middle of this one (spans differ between rows).
    private static func moveHighlight(
        _ direction: GridDirection, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        guard let grid = state.grid, let page = page(of: grid, context) else { return [.bell] }
        // The first arrow shows the highlight, on the page's first key.
        guard let here = grid.highlight else {
            guard let row = page.rows.firstIndex(where: { !$0.isEmpty }) else { return [.bell] }
            state.grid?.highlight = GridDrawing.KeyIndex(row: row, key: 0)
            return []
        }
        var target = here
        switch direction {
        case .left: target.key -= 1
        case .right: target.key += 1
        case .up, .down:
            target.row += direction == .up ? -1 : 1
            guard page.rows.indices.contains(target.row) else { return [] }
            let middle = 2 * startColumn(of: here, in: page) + page.rows[here.row][here.key].span
            target.key = keyCovering(halfColumn: middle, in: page.rows[target.row])
        }
        guard page.rows.indices.contains(target.row), page.rows[target.row].indices.contains(target.key) else {
            return []
        }
        state.grid?.highlight = target
        return []
    }

    /// Highlights and presses the first key of the page that matches; with
    /// `anyPage`, else the first of the layout's other pages, turning to it.
    /// The bell when none does.
    private static func pressFirstKey(
        in state: inout FormState, _ context: FormContext, anyPage: Bool = false,
        where matches: (Layout.Key) -> Bool
    ) -> [FormEffect] {
        guard let grid = state.grid, let layout = context.layout(named: grid.layout), page(of: grid, context) != nil
        else { return [.bell] }
        let others = anyPage ? layout.pages.indices.filter { $0 != grid.page } : []
        for p in [grid.page] + others {
            for (r, row) in layout.pages[p].rows.enumerated() {
                guard let k = row.firstIndex(where: matches) else { continue }
                // The highlight follows the key pressed once arrows have shown it; a
                // hotkey alone shows none, so Enter never repeats a key unasked.
                var pressed = grid
                pressed.page = p
                pressed.highlight = grid.highlight.map { _ in GridDrawing.KeyIndex(row: r, key: k) }
                state.grid = pressed
                let turn: [FormEffect] = p == grid.page ? [] : [.transition(.page(forward: p > grid.page))]
                return turn + press(row[k], in: &state, context)
            }
        }
        return [.bell]
    }

    private static func startColumn(of index: GridDrawing.KeyIndex, in page: Layout.Page) -> Int {
        page.rows[index.row].prefix(index.key).reduce(0) { $0 + $1.span }
    }

    /// The key whose columns hold the half-column `halfColumn` (0 = left edge of
    /// column 0, 1 = its middle), or the row's last key when the row is shorter.
    private static func keyCovering(halfColumn: Int, in row: [Layout.Key]) -> Int {
        var start = 0
        for (k, key) in row.enumerated() {
            if halfColumn < 2 * (start + key.span) { return k }
            start += key.span
        }
        return max(0, row.count - 1)
    }

    private static func press(_ key: Layout.Key, in state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, let layout = context.layout(named: grid.layout) else { return [.bell] }
        let entry = state.entries[state.focus]
        if let effects = pressInLaterStep(key, layout: layout, in: &state, context) { return effects }
        switch key.action {
        case .text where layout.kind == .choice && context.fields[state.focus].multiple:
            // A `multiple` field: the key toggles in the selection; `done` commits.
            var items = entry.input.items
            if let at = items.firstIndex(of: key.text) { items.remove(at: at) } else { items.append(key.text) }
            return setEntry(FormState.Entry(selection: items), in: &state, context)
        case .text where layout.kind == .choice && !context.pickSteps(ofField: state.focus).isEmpty:
            return pickPart(key, in: &state, context)
        case .text where layout.kind == .choice:
            let effects = setEntry(FormState.Entry(key.text), in: &state, context)
            return effects + commit(&state, context, pressDoneOnLast: true)
        case .text:
            var characters = Array(entry.text)
            characters.insert(contentsOf: key.text, at: entry.cursor)
            return setEntry(
                FormState.Entry(String(characters), cursor: entry.cursor + key.text.count), in: &state, context)
        case .keyboard:
            openKeyboard(from: grid, in: &state, context)
            let opened = state.entries[state.focus]
            return [.transition(.swapView(toGrid: false)), .setLine(text: opened.text, cursor: opened.cursor)]
        case .page(let id):
            guard let target = layout.pageIndex(id: id) else { return [.bell] }
            // Arrows brought the person here: the new page highlights its first key; a hotkey did not.
            state.grid = FormState.Grid(
                layout: grid.layout, page: target, highlight: grid.highlight.map { _ in .init(row: 0, key: 0) },
                step: grid.step, partStands: grid.partStands)
            return [.transition(.page(forward: target > grid.page))]
        case .layout(let name):
            guard let target = context.layout(named: name) else { return [.bell] }
            state.grid = FormState.Grid(layout: name, highlight: grid.highlight.map { _ in .init(row: 0, key: 0) })
            // From choices to a keypad ("Other…"): the keypad types a new value, not after the old one.
            guard layout.kind == .choice, target.kind == .keypad else { return [.transition(.page(forward: true))] }
            state.entries[state.focus].openForNewValue()
            let opened = state.entries[state.focus]
            return [.transition(.page(forward: true)), .setLine(text: opened.text, cursor: opened.cursor)]
        case .backspace:
            guard entry.cursor > 0 else { return [.bell] }
            var characters = Array(entry.text)
            characters.remove(at: entry.cursor - 1)
            return setEntry(FormState.Entry(String(characters), cursor: entry.cursor - 1), in: &state, context)
        case .clear:
            return setEntry(
                FormState.Entry(.line(""), multiple: context.fields[state.focus].multiple), in: &state, context)
        case .done:
            return commit(&state, context, pressDoneOnLast: true)
        case .next:
            return commit(&state, context, pressDoneOnLast: false)
        case .previous:
            return previous(&state, context)
        }
    }
}

// MARK: A long grid's filter

extension FormEngine {
    /// The filter opens on the grid, holding `character` when one was typed.
    private static func openFilter(
        typing character: Character?, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        guard let grid = state.grid, grid.filter == nil, let keys = context.filterKeys(layout: grid.layout) else {
            return [.bell]
        }
        let filter = GridFilter(keys)
        return showFilter(character.map(filter.typing) ?? filter, in: &state)
    }

    private static func typeInFilter(
        _ character: Character, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect] {
        guard let filter = state.grid?.filter else { return openFilter(typing: character, in: &state, context) }
        return showFilter(filter.typing(character), in: &state)
    }

    /// The grid narrowed to `filter`, its best match highlighted (Enter picks it);
    /// nothing highlighted and the bell when nothing matches.
    private static func showFilter(_ filter: GridFilter, in state: inout FormState) -> [FormEffect] {
        state.grid?.filter = filter
        state.grid?.highlight = filter.matches.isEmpty ? nil : GridDrawing.KeyIndex(row: 0, key: 0)
        return filter.matches.isEmpty ? [.bell] : []
    }

    private static func noMatch(_ filter: GridFilter, in state: inout FormState, _ context: FormContext) -> [FormEffect]
    {
        state.notice = context.language.text(.noKeyMatches(TerminalSafe.escaped(filter.query)))
        return [.bell]
    }

    /// The whole grid again, on the page of the key that was highlighted in the
    /// filter, with that key highlighted; as it was opened when none was.
    private static func closeFilter(in state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, grid.filter != nil else { return [.bell] }
        let picked = highlightedKey(state, context)
        state.grid = FormState.Grid(layout: grid.layout, page: grid.page)
        guard let picked, let layout = context.layout(named: grid.layout) else { return [] }
        for (p, page) in layout.pages.enumerated() {
            for (r, row) in page.rows.enumerated() {
                if let k = row.firstIndex(where: {
                    $0.action == .text && $0.text == picked.text && $0.label == picked.label
                }) {
                    state.grid = FormState.Grid(layout: grid.layout, page: p, highlight: .init(row: r, key: k))
                    return []
                }
            }
        }
        return []
    }
}

extension FormEvent {
    /// Esc, Ctrl-C and signals: events that end the form whatever it holds.
    var endsTheForm: Bool {
        switch self {
        case .cancelPressed, .interrupted, .terminated, .timeRanOut: true
        default: false
        }
    }
}

// MARK: A date field's calendar

extension FormEngine {
    /// Whether the grid shown is a calendar's month.
    static func isCalendar(_ state: FormState) -> Bool {
        state.grid.map { CalendarGrid.isCalendar($0.layout) } ?? false
    }

    /// The day highlighted in the calendar; nil when none is.
    static func calendarDay(_ state: FormState, _ context: FormContext) -> CivilDate? {
        highlightedKey(state, context).flatMap { CivilDate(iso: $0.text) }
    }

    /// Arrows: a day or a week from the highlighted day, into the month before
    /// or after when it gets there. The first arrow highlights today when its
    /// month is shown, else the month's first day.
    private static func moveInCalendar(days: Int, in state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, let month = CalendarGrid.month(named: grid.layout, today: context.today) else {
            return [.bell]
        }
        guard let day = calendarDay(state, context) else {
            let today = context.today
            return show(today.year == month.year && today.month == month.month ? today : month, in: &state)
        }
        return show(day.adding(days: days), in: &state)
    }

    /// PgUp/PgDn: the month before or after, on the same day (kept within the
    /// month) when one was highlighted.
    private static func turnMonth(forward: Bool, in state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, let month = CalendarGrid.month(named: grid.layout, today: context.today) else {
            return [.bell]
        }
        let step = forward ? 1 : -1
        guard let day = calendarDay(state, context) else {
            state.grid = FormState.Grid(
                layout: CalendarGrid.name(ofMonthOf: CalendarGrid.adding(months: step, to: month)), step: grid.step)
            return [.transition(.page(forward: forward))]
        }
        return show(CalendarGrid.adding(months: step, to: day), in: &state)
    }

    /// Shows `day`'s month with `day` highlighted; a slide when the month changes.
    private static func show(_ day: CivilDate, in state: inout FormState) -> [FormEffect] {
        let name = CalendarGrid.name(ofMonthOf: day)
        let before = state.grid?.layout
        state.grid = FormState.Grid(layout: name, highlight: CalendarGrid.index(of: day), step: state.grid?.step ?? 0)
        guard let before, before != name, let shown = CalendarGrid.month(named: before, today: day) else { return [] }
        return [.transition(.page(forward: day > shown))]
    }
}

// MARK: A value picked in steps

extension FormEngine {
    /// Field `index`'s text cut into its pick parts (`FieldKind.pickParts`), as
    /// the field shows it: a datetime holding `now` is its day and its time.
    static func pickParts(ofField index: Int, _ state: FormState, _ context: FormContext) -> [String] {
        let kind = context.fields[index].kind
        return kind.pickParts(of: context.shownText(ofField: index, state.entries[index]))
    }

    /// The focused field's text with step `step`'s part replaced by `part`.
    private static func replacingPart(
        _ step: Int, with part: String, _ state: FormState, _ context: FormContext
    ) -> String? {
        var parts = pickParts(ofField: state.focus, state, context)
        guard parts.indices.contains(step) else { return nil }
        parts[step] = part
        return context.fields[state.focus].kind.joinedPickParts(parts)
    }

    /// A key of a pick step's grid gave its part (a day): it goes in the field,
    /// the other parts kept, and the next step's grid opens on its own part (the
    /// time keypad, a time the field held standing until a key types); after
    /// the last step the field commits. The next grid highlights nothing:
    /// Enter after typing the time commits it, and types no key unasked.
    private static func pickPart(_ key: Layout.Key, in state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, let text = replacingPart(grid.step, with: key.text, state, context) else {
            return [.bell]
        }
        let effects = setEntry(FormState.Entry(text), in: &state, context)
        guard let next = startingGrid(forField: state.focus, step: grid.step + 1, state, context) else {
            return effects + commit(&state, context, pressDoneOnLast: true)
        }
        state.grid = next
        return effects + [.transition(.page(forward: true))]
    }

    /// A key of a later step's keypad changes that step's part only (a
    /// datetime's time, after its day): a text key types after it (replacing a
    /// part that stands), ⌫ erases its last character (a part that stands
    /// whole; on an empty part, back to the step before), Clear empties it. Nil
    /// for a key that acts as on any grid (Done, a page, the keyboard).
    private static func pressInLaterStep(
        _ key: Layout.Key, layout: Layout, in state: inout FormState, _ context: FormContext
    ) -> [FormEffect]? {
        guard let grid = state.grid, grid.step > 0, !(layout.kind == .choice && key.action == .text) else { return nil }
        let parts = pickParts(ofField: state.focus, state, context)
        guard parts.indices.contains(grid.step) else { return nil }
        let part = grid.partStands ? "" : parts[grid.step]
        let changed: String
        switch key.action {
        case .text: changed = part + key.text
        case .backspace:
            if !grid.partStands, part.isEmpty { return stepBack(&state, context) }
            changed = String(part.dropLast())
        case .clear: changed = ""
        default: return nil
        }
        guard let text = replacingPart(grid.step, with: changed, state, context) else { return nil }
        state.grid?.partStands = false
        return setEntry(FormState.Entry(text), in: &state, context)
    }

    /// Esc on a later pick step (⌫ on its empty part too): the step before,
    /// on its own part (the calendar on the day picked). The field keeps what
    /// was picked and typed.
    private static func stepBack(_ state: inout FormState, _ context: FormContext) -> [FormEffect] {
        guard let grid = state.grid, grid.step > 0,
            let before = startingGrid(forField: state.focus, step: grid.step - 1, state, context)
        else { return [.bell] }
        state.grid = before
        return [.transition(.page(forward: false))]
    }
}

// MARK: What Enter does

extension FormEngine {
    /// Where committing the focused field leads: the one answer the reducer
    /// acts on and the footer and the Done line name (through `enterAnswer`),
    /// with the run's one clock.
    public enum CommitStep: Equatable, Sendable {
        /// The field does not commit as it is: it stays, and shows why.
        case stays(FieldProblem)
        /// On to the next shown field.
        case next(Int)
        /// The last field: Done submits the record.
        case submit
        /// The last field, while another field keeps Done disabled: focus goes
        /// there, which shows why.
        case goTo(field: Int)
        /// The last field, by a key that does not press Done (Tab): the bell.
        case end
        /// A `multiple` field's keyboard holds a typed item: it joins the
        /// selection and the field stays for the next (Enter on the empty line commits).
        case addsItem
    }

    /// Where committing the focused field leads now. `pressDoneOnLast`: Enter
    /// and a grid's `done` key press Done after the last field; Tab does not.
    /// - Parameter evaluation: the entries' evaluation when the caller has it (a render's), else made here.
    public static func commitStep(
        _ state: FormState, _ context: FormContext, pressDoneOnLast: Bool,
        evaluation given: FormEvaluation? = nil
    ) -> CommitStep {
        guard state.entries.indices.contains(state.focus) else { return .end }
        if case .failure(let problem) = validate(state.focus, state, context) { return .stays(problem) }
        let entry = state.entries[state.focus]
        if state.grid == nil, entry.selection != nil, !FieldValidator.trimmed(entry.text).isEmpty { return .addsItem }
        let evaluation = given ?? context.evaluation(of: state)
        if let next = evaluation.next(after: state.focus) { return .next(next) }
        guard pressDoneOnLast else { return .end }
        if let blocker = evaluation.doneBlocker { return .goTo(field: blocker.field) }
        return .submit
    }

    /// What Enter does now, in the view the form is in.
    public enum EnterAnswer: Equatable, Sendable {
        /// The focused field committed as it is (the keyboard, a switch, a grid
        /// with nothing highlighted).
        case commit(CommitStep)
        /// A choice grid's highlighted key: its value goes in the field, which then commits.
        case pick(Layout.Key, CommitStep)
        /// A `multiple` field's highlighted key: toggled in the selection.
        case toggle(Layout.Key)
        /// A key that types its text into the field.
        case type(Layout.Key)
        /// A key that gives its part of a value picked in steps, the next step's
        /// grid following (a datetime's day, then its time).
        case pickPart(Layout.Key)
        /// Another key: a `done` or `next` key commits (its step), a page,
        /// layout, keyboard, backspace, clear or previous key does not (nil).
        case press(Layout.Key, CommitStep?)

        /// Where the field's commit leads, when Enter commits it.
        public var step: CommitStep? {
            switch self {
            case .commit(let step), .pick(_, let step): step
            case .press(_, let step): step
            case .toggle, .type, .pickPart: nil
            }
        }
    }

    /// What Enter does now: the highlighted key the reducer presses (see
    /// `gridKeyPressed`), or the commit it makes, with its step.
    /// - Parameter evaluation: the entries' evaluation when the caller has it (a render's).
    public static func enterAnswer(
        _ state: FormState, _ context: FormContext, evaluation: FormEvaluation? = nil
    ) -> EnterAnswer {
        guard let grid = state.grid, let key = highlightedKey(state, context),
            let layout = context.layout(named: grid.layout)
        else {
            return .commit(commitStep(state, context, pressDoneOnLast: true, evaluation: evaluation))
        }
        switch key.action {
        case .text where layout.kind == .choice && context.fields[state.focus].multiple:
            return .toggle(key)
        case .text where layout.kind == .choice && !context.pickSteps(ofField: state.focus).isEmpty:
            guard grid.step + 1 >= context.pickSteps(ofField: state.focus).count else { return .pickPart(key) }
            var picked = state
            picked.entries[state.focus] = FormState.Entry(
                replacingPart(grid.step, with: key.text, state, context) ?? key.text)
            return .pick(key, commitStep(picked, context, pressDoneOnLast: true))
        case .text where layout.kind == .choice:
            var picked = state
            picked.entries[state.focus] = FormState.Entry(key.text)
            return .pick(key, commitStep(picked, context, pressDoneOnLast: true))
        case .text:
            return .type(key)
        case .done:
            return .press(key, commitStep(state, context, pressDoneOnLast: true, evaluation: evaluation))
        case .next:
            return .press(key, commitStep(state, context, pressDoneOnLast: false, evaluation: evaluation))
        case .keyboard, .page, .layout, .backspace, .clear, .previous:
            return .press(key, nil)
        }
    }
}
