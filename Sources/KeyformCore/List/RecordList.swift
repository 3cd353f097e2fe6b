import Foundation

/// One record in the list screen of `keyform browse`: its id in the store and
/// its values. Plain values: the list knows nothing of the database.
public struct RecordListRow: Equatable, Sendable {
    public var id: Int64
    /// The values in the form's field order.
    public var values: Record
    /// When the record was last saved, as read: an edit opened from the row
    /// saves only over this version (`RecordEditConflict`). Nil: not known.
    public var updated: Date?

    public init(id: Int64, values: Record, updated: Date? = nil) {
        self.id = id
        self.values = values
        self.updated = updated
    }
}

/// The state of the list screen of a form's records (`keyform browse`). Only
/// `RecordListEngine.reduce` changes it.
public struct RecordListState: Equatable, Sendable {
    /// How the list was left.
    public enum Outcome: Equatable, Sendable {
        /// `q` or Esc (exit 0).
        case quit
        /// Ctrl-C or SIGINT (exit 130).
        case interrupted
        /// SIGTERM or SIGHUP (exit 143 or 129).
        case terminated(signal: Int32)
    }

    /// A one-off message in the footer, in place of the key hints until the next key.
    public enum Notice: Equatable, Sendable {
        /// Something happened as asked ("Deleted “Buy milk”").
        case info(String)
        /// Something could not be done; the text says why.
        case problem(String)
    }

    /// The records loaded so far, newest first: a long list is read a batch at
    /// a time, as it scrolls toward the end of what is loaded. They are the
    /// records in a row from one end of the list (`loadedEnd`).
    public var rows: [RecordListRow]
    /// The end of the list `rows` reach: the newest (the list as opened, read
    /// further as it scrolls down) or, after End in a list longer than what was
    /// loaded, the oldest (read further as it scrolls up): End reads the last
    /// page, never every record in between.
    public var loadedEnd: RecordListEnd
    /// How many records the form has in the store (at least `rows.count`).
    public var total: Int
    /// A `.loadRows` is on its way (or failed): no other is asked for until `.rowsLoaded`.
    public var isLoading: Bool
    /// The read on its way is the look at another terminal's change
    /// (`.storeChanged`): the list stays as it is, usable, and says nothing of it.
    public var isRefreshing = false
    /// The last read failed (`.readFailed`): the footer said why, and no other
    /// is asked for (none on every key) until the conditions change.
    public var readFailed = false
    /// Reads on their way whose answers are dropped: the conditions changed
    /// meanwhile (`.reload`), so those rows are not the list's any more. The
    /// store answers in the order asked, so they are the next answers to come.
    public var supersededReads = 0
    /// End was pressed before every row was loaded: the highlight goes to the
    /// last row once they are.
    public var goesToEndWhenLoaded: Bool
    /// The highlighted row's index in `rows` (0 when there are none).
    public var highlight: Int
    /// The index of the first row in view.
    public var top: Int
    /// How many rows the screen shows (`RecordListView.visibleRows(height:)`), told
    /// by `.resized`: how far the list scrolls, and what PageUp and PageDown move.
    public var visibleRows: Int
    /// The record whose deletion waits for y or n.
    public var confirmingDelete: Int64?
    /// A delete or a toggle on its way to the store (`.delete`, `.update`),
    /// answered off the terminal's loop: the footer says so, and keys change
    /// nothing until the answer (`.recordDeleted`, `.recordSaved`, `.storeFailed`).
    public var writing = false
    public var notice: Notice?
    /// Set once the list has been left; no event changes it afterwards.
    public var outcome: Outcome?
    /// What every record of the list meets, for the list's whole life
    /// (`keyform browse --where`): named in the title, and set in a new record.
    public var scope: [FieldMatch]
    /// What the filter key (f) picked on top of the scope, at most one per field,
    /// in the order picked: named in the title, set in a new record; Esc clears them.
    public var filters: [FieldMatch]
    /// What leaving with q (or Esc, with no filter on) does, as the footer names
    /// it: `quit`, or where the list goes back to (`lists`).
    public var leaveLabel: Message
    /// The language the list speaks: its title, footer, notices and questions
    /// (`Language.chosen`, read at the edge). What the form's author wrote is shown as written.
    public var language: Language
    /// The orders `s` goes through after newest first (`RecordListSort.offered`).
    public var sorts: [RecordListSort]
    /// The order the rows are in now; nil: newest first. Sorted, the list reads
    /// every record (the order needs them all).
    public var sort: RecordListSort?

    /// - Parameters:
    ///   - total: how many records there are, when `rows` are only the newest of them.
    ///   - scope: what every record in `rows` meets (`browse --where`).
    public init(
        rows: [RecordListRow], total: Int? = nil, highlight: Int = 0, visibleRows: Int = 19,
        scope: [FieldMatch] = [], leaveLabel: Message = .hintQuit, sorts: [RecordListSort] = [],
        language: Language = .english
    ) {
        self.rows = rows
        self.loadedEnd = .newest
        self.sorts = sorts
        self.sort = nil
        self.scope = scope
        self.filters = []
        self.leaveLabel = leaveLabel
        self.language = language
        self.total = max(rows.count, total ?? 0)
        self.isLoading = false
        self.goesToEndWhenLoaded = false
        self.highlight = 0
        self.top = 0
        self.visibleRows = max(1, visibleRows)
        self.confirmingDelete = nil
        self.notice = nil
        self.outcome = nil
        self.highlight = min(max(0, highlight), max(0, rows.count - 1))
        RecordListEngine.keepHighlightInView(&self)
    }

    /// Whether every record is loaded.
    public var isComplete: Bool { rows.count >= total }

    /// Whether the list waits for rows the person asked for (the first ones, a
    /// filter's, End's page, the next as it scrolls): the screen says it loads.
    /// Not a refresh look (quiet), nor a read that failed (its notice said so).
    public var isWaitingForRows: Bool { isLoading && !isRefreshing && !readFailed }

    /// How many records of the list come before the first of `rows` (newer ones
    /// not loaded, from the oldest end): where the rows shown are in the list.
    public var skipped: Int { loadedEnd == .oldest ? max(0, total - rows.count) : 0 }

    /// Whether the rows may be read again for another terminal's change
    /// (`.storeChanged`): the list is shown, no rows are on their way and no
    /// delete waits for its y (the row asked about stays where it was).
    public var canRefresh: Bool { outcome == nil && !isLoading && confirmingDelete == nil && !writing }

    /// Every condition the listed records meet: the scope, then the filters.
    public var matches: [FieldMatch] { scope + filters }

    /// The highlighted record; nil when the list is empty.
    public var highlighted: RecordListRow? {
        rows.indices.contains(highlight) ? rows[highlight] : nil
    }
}

/// What happened on the list screen: the only way its state changes.
/// Key events are named for the key's meaning; the terminal maps keys to them.
public enum RecordListEvent: Equatable, Sendable {
    /// The list is shown with no rows yet: its first rows are read (`.reload`), the screen saying so.
    case opened
    /// Up, Down, PageUp, PageDown, Home, End.
    case moved(RecordListMove)
    /// Enter: open the highlighted record for editing.
    case openPressed
    /// `a`: add a record.
    case addPressed
    /// `d`: ask whether to delete the highlighted record.
    case deletePressed
    /// The answer to "Delete …? (y/n)": `y` is yes, any other key no.
    case confirmAnswered(Bool)
    /// Space: toggle the first boolean field of the highlighted record.
    case togglePressed
    /// `q`: leave the list.
    case quitPressed
    /// Esc: clear the filters when there are any, else leave the list.
    case backPressed
    /// `f`: filter the list by a value of a field (the edges ask which field, then which value).
    case filterPressed
    /// `s`: sort the list in the next of its orders (`RecordListEngine.nextSort`).
    case sortPressed
    /// A click on the record at this index of `rows` (the frame's regions say
    /// which): it is highlighted and opened, as Enter opens it.
    case rowClicked(Int)
    /// Ctrl-C or SIGINT.
    case interrupted
    /// SIGTERM or SIGHUP.
    case terminated(signal: Int32)
    /// The screen now shows this many rows.
    case resized(visibleRows: Int)

    // What the edges report back after acting on an effect.

    /// The form over the list was submitted: store its record, a new one
    /// (`editing` nil) or new values for record `editing`.
    case formSubmitted(Record, editing: Int64?)
    /// The store could not save what the form submitted (after `.save`); the
    /// message says why.
    case saveFailed(Record, editing: Int64?, String)
    /// A new record was stored (after `.add` and `.save`).
    case recordAdded(RecordListRow)
    /// A record's new values were stored (an edit, or after `.update`).
    case recordSaved(RecordListRow)
    /// A record was deleted (after `.delete`).
    case recordDeleted(id: Int64)
    /// The store could not do what an effect asked; the message says why.
    case storeFailed(String)
    /// A read the list asked for (rows, a count, what changed) failed; the
    /// message says why. No other is asked for until the conditions change
    /// (not on every key); a failed refresh look is tried again at the next change.
    case readFailed(String)
    /// Older records, newest first, after `.loadRows` (none: there are no more).
    case rowsLoaded([RecordListRow])
    /// The oldest records, newest first, after `.loadOldest`: the list's other
    /// end, where End goes (fewer than asked for: they are all there are).
    case oldestRowsLoaded([RecordListRow])
    /// Newer records, newest first, after `.loadNewer` (none: there are no more).
    case newerRowsLoaded([RecordListRow])
    /// The field to filter by, after `.pickFilterField`.
    case filterFieldPicked(String)
    /// The condition to filter by, after `.pickFilterValue`.
    case filterPicked(FieldMatch)
    /// The newest records that meet the list's conditions now, and how many
    /// there are, after `.reload`.
    case rowsReloaded([RecordListRow], total: Int)
    /// Another terminal added, edited or deleted records (the store's change
    /// mark moved, `RecordStore.changeMark`): what changed is read, and the rows
    /// take it in place.
    case storeChanged
    /// The rows read again after `.refresh`, and how many there are now.
    case rowsRefreshed([RecordListRow], total: Int)
    /// What changed among the records, after `.refreshChanges`.
    case rowsChanged(RecordListChanges)
    /// An edit was not saved: another terminal saved the record meanwhile, and
    /// it now holds `theirs` (after `.save`).
    case editConflicted(Record, theirs: RecordListRow)
    /// An edit was not saved: another terminal deleted record `id` meanwhile (after `.save`).
    case editedRecordDeleted(Record, id: Int64)
}

/// An end of a list of records, newest first: its top or its bottom.
public enum RecordListEnd: Equatable, Sendable {
    case newest, oldest
}

public enum RecordListMove: Equatable, Sendable {
    case up, down, pageUp, pageDown, first, last
}

/// What the edges must do after a list event.
public enum RecordListEffect: Equatable, Sendable {
    /// Open this record in the form, pre-filled, to edit it (a push).
    case edit(RecordListRow)
    /// Open the form empty (its defaults) to add a record (a push).
    case add
    /// Store what the form submitted: a new record (`editing` nil) or new values
    /// for record `editing`; answer `.recordAdded` / `.recordSaved`, or `.saveFailed`.
    case save(Record, editing: Int64?)
    /// Open the form again with this record, its save having failed, saying
    /// why: nothing typed is lost, and Enter on its last field tries again.
    case reopen(Record, editing: Int64?, notice: String)
    /// Store these values for record `id` (a toggle); answer `.recordSaved` or `.storeFailed`.
    case update(id: Int64, Record)
    /// Delete record `id`; answer `.recordDeleted` or `.storeFailed`.
    case delete(id: Int64)
    /// Read the records older than record `before` that meet `matching`, newest
    /// first, at most `limit` of them (nil: all); answer `.rowsLoaded`, or
    /// `.storeFailed` (then no more rows are read: a read that failed is not
    /// tried on every key).
    case loadRows(before: Int64, limit: Int?, matching: [FieldMatch] = [])
    /// Read the oldest `limit` records that meet `matching`, newest first (End
    /// in a list longer than what is loaded); answer `.oldestRowsLoaded`, or `.storeFailed`.
    case loadOldest(limit: Int, matching: [FieldMatch] = [])
    /// Read the records newer than record `after` that meet `matching`, the
    /// oldest `limit` of them (nil: all), newest first: the list scrolled up
    /// from its oldest end; answer `.newerRowsLoaded`, or `.storeFailed`.
    case loadNewer(after: Int64, limit: Int?, matching: [FieldMatch] = [])
    /// The conditions changed: count the records that meet `matching` and read
    /// the newest `limit` of them; answer `.rowsReloaded` or `.storeFailed`.
    case reload(matching: [FieldMatch], limit: Int)
    /// Another terminal changed the records: count those that meet `matching`
    /// and read the newest `limit` of them (nil: all) again; answer
    /// `.rowsRefreshed` or `.storeFailed`.
    case refresh(matching: [FieldMatch], limit: Int?)
    /// Another terminal changed the records: read only what changed (the
    /// records added or edited since the list last looked, and which of its
    /// rows are still stored); answer `.rowsChanged` or `.storeFailed`.
    case refreshChanges(RecordListChangeQuery)
    /// Show both versions of a record saved meanwhile elsewhere and ask which
    /// to keep (`RecordListEngine.conflictForm`); the answer is a `.formSubmitted`
    /// of the chosen record, saved over `theirs`.
    case resolve(mine: Record, theirs: RecordListRow)
    /// Open the add form with this record, its edit having found it deleted:
    /// Done stores it as a new record.
    case reopenAsNew(Record)
    /// Ask which of these fields (ids, in the form's order) to filter by; answer
    /// `.filterFieldPicked`, or nothing when the person cancels.
    case pickFilterField([String])
    /// Ask for the value of `field` to filter by (`current`: the one it is
    /// filtered by now); answer `.filterPicked`, or nothing when the person cancels.
    case pickFilterValue(field: String, current: FieldValue?)
    /// The list has been left.
    case finish(RecordListState.Outcome)
    case bell
}

/// The list screen's state machine: `reduce` is the only place list state
/// changes. Pure: events in, effects out; the store and the form editor act on
/// the effects at the edges and report back with events.
public enum RecordListEngine {
    /// How many records a `.loadRows` asks for as the list scrolls.
    public static let batch = 500
    /// How many records are read for the first screen (and after a filter changes):
    /// a few screens' worth.
    public static let firstBatch = 200

    public static func reduce(
        _ state: inout RecordListState, _ event: RecordListEvent, _ form: Form
    ) -> [RecordListEffect] {
        guard state.outcome == nil else { return [] }
        // The answer to a read the conditions changed under (`reload`): not the list's rows.
        if state.supersededReads > 0, event.answersRead {
            state.supersededReads -= 1
            return []
        }
        switch event {
        case .recordDeleted, .recordSaved, .storeFailed:
            // The store answered: what the footer said it waits for is over (the answer says its own).
            if state.writing { state.notice = nil }
            state.writing = false
        default: break
        }
        var effects = step(&state, event, form)
        if let load = loadIfNeeded(&state) { effects.append(load) }
        return effects
    }

    /// More rows are asked for when the rows in view come within two screens
    /// of the edge of those loaded toward the end not loaded (the bottom, or
    /// from the oldest end the top; all of them for a sorted list).
    private static func loadIfNeeded(_ state: inout RecordListState) -> RecordListEffect? {
        guard state.outcome == nil, !state.isLoading, !state.isComplete else { return nil }
        // A sorted list needs every record: the order may put the oldest first.
        let all = state.goesToEndWhenLoaded || state.sort != nil
        if state.loadedEnd == .oldest {
            guard all || state.top <= 2 * state.visibleRows else { return nil }
            state.isLoading = true
            return .loadNewer(after: newestLoaded(state), limit: all ? nil : batch, matching: state.matches)
        }
        guard all || state.top + 3 * state.visibleRows >= state.rows.count else { return nil }
        state.isLoading = true
        return .loadRows(before: oldestLoaded(state), limit: all ? nil : batch, matching: state.matches)
    }

    private static func step(
        _ state: inout RecordListState, _ event: RecordListEvent, _ form: Form
    ) -> [RecordListEffect] {
        switch event {
        case .opened:
            return reload(&state)
        case .resized(let rows):
            state.visibleRows = max(1, rows)
            keepHighlightInView(&state)
            return []
        case .interrupted:
            return leave(&state, .interrupted)
        case .terminated(let signal):
            return leave(&state, .terminated(signal: signal))
        case .oldestRowsLoaded(let rows):
            state.isLoading = false
            state.loadedEnd = .oldest
            state.goesToEndWhenLoaded = false
            state.rows = rows
            // Fewer than asked for: they are all there are.
            state.total = rows.count < firstBatch ? rows.count : max(state.total, rows.count)
            if state.sort != nil { applySort(&state) }
            state.highlight = max(0, state.rows.count - 1)
            keepHighlightInView(&state)
            return []
        case .newerRowsLoaded(let rows):
            state.isLoading = false
            guard state.loadedEnd == .oldest else { return [] }  // the list went back to its top meanwhile
            let first = newestLoaded(state)
            let newer = rows.filter { $0.id > first }
            // Above the rows in view: the highlighted record stays where it is on the screen.
            state.rows.insert(contentsOf: newer, at: 0)
            state.highlight += newer.count
            state.top += newer.count
            if state.sort != nil { applySort(&state) }
            state.total = newer.isEmpty ? state.rows.count : max(state.total, state.rows.count)
            keepHighlightInView(&state)
            return []
        case .rowsLoaded(let rows):
            state.isLoading = false
            // Read before End went to the oldest end: those rows are not next to these.
            guard state.loadedEnd == .newest else { return [] }
            let last = oldestLoaded(state)
            let older = rows.filter { $0.id < last }
            state.rows += older
            if state.sort != nil { applySort(&state) }
            // None came: there are no more (deleted elsewhere meanwhile).
            state.total = older.isEmpty ? state.rows.count : max(state.total, state.rows.count)
            if state.goesToEndWhenLoaded, state.isComplete {
                state.goesToEndWhenLoaded = false
                state.highlight = max(0, state.rows.count - 1)
                keepHighlightInView(&state)
            }
            return []
        case .rowsReloaded(let rows, let total):
            state.isLoading = false
            state.loadedEnd = .newest
            state.rows = rows
            state.total = max(rows.count, total)
            state.highlight = 0
            state.top = 0
            if state.sort != nil { applySort(&state) }
            return []
        case .storeChanged:
            // Not while rows are on their way, nor under a delete's question:
            // the edge looks again when the list is idle (`canRefresh`).
            guard state.canRefresh else { return [] }
            state.isLoading = true
            state.isRefreshing = true
            // Only what changed, not every row loaded (a list may hold thousands).
            if let query = changeQuery(state) { return [.refreshChanges(query)] }
            return [.refresh(matching: state.matches, limit: firstBatch)]
        case .rowsRefreshed(let rows, let total):
            state.isLoading = false
            state.isRefreshing = false
            keepingHighlight(&state) {
                $0.rows = rows
                $0.total = max(rows.count, total)
                if $0.sort != nil { applySort(&$0) }
            }
            return []
        case .rowsChanged(let changes):
            state.isLoading = false
            state.isRefreshing = false
            keepingHighlight(&state) { merge(changes, into: &$0, form) }
            return []
        case .editConflicted(let mine, let theirs):
            // The list shows what is stored; the person chooses what stays.
            if let index = state.rows.firstIndex(where: { $0.id == theirs.id }) { state.rows[index] = theirs }
            return [.resolve(mine: mine, theirs: theirs)]
        case .editedRecordDeleted(let record, let id):
            if let index = state.rows.firstIndex(where: { $0.id == id }) { remove(at: index, &state) }
            return [.reopenAsNew(record)]
        case .formSubmitted(let record, let editing):
            return [.save(record, editing: editing)]
        case .saveFailed(let record, let editing, let message):
            return [.reopen(record, editing: editing, notice: state.language.text(.notSaved(message)))]
        case .recordAdded(let row):
            // A record the list's conditions leave out is stored, but not listed.
            if let unmet = unmet(row, state, form) {
                state.notice = .info(
                    state.language.text(
                        .recordAddedNotListed(
                            summary(of: row, in: state, form),
                            shows: unmet.describe(in: form, language: state.language))))
                return []
            }
            state.total += 1
            // The newest record, not next to rows read from the oldest end: the list goes back to its top.
            if state.loadedEnd == .oldest, !state.isComplete { return reload(&state) }
            state.rows.insert(row, at: 0)
            state.highlight = 0
            // Sorted, the new record goes where the order puts it, highlighted.
            if state.sort != nil { applySort(&state) }
            keepHighlightInView(&state)
            return []
        case .recordSaved(let row):
            guard let index = state.rows.firstIndex(where: { $0.id == row.id }) else { return [] }
            if let unmet = unmet(row, state, form) {
                remove(at: index, &state)
                state.notice = .info(
                    state.language.text(
                        .recordSavedNoLongerListed(
                            summary(of: row, in: state, form),
                            shows: unmet.describe(in: form, language: state.language))))
                return []
            }
            state.rows[index] = row
            if state.sort != nil { applySort(&state) }
            return []
        case .recordDeleted(let id):
            guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return [] }
            let removed = remove(at: index, &state)
            state.notice = .info(state.language.text(.recordDeleted(summary(of: removed, in: state, form))))
            return []
        case .storeFailed(let message):
            state.notice = .problem(message)
            state.goesToEndWhenLoaded = false
            return []
        case .readFailed(let message):
            state.notice = .problem(message)
            state.goesToEndWhenLoaded = false
            if state.isRefreshing {
                // The list is as it was; the next change is looked at again.
                state.isLoading = false
                state.isRefreshing = false
            } else {
                state.readFailed = true
            }
            return []
        case .filterFieldPicked(let id):
            guard filterFields(state, form).contains(where: { $0.id == id }) else { return [.bell] }
            return [.pickFilterValue(field: id, current: state.filters.first { $0.field == id }?.value)]
        case .filterPicked(let match):
            guard filterFields(state, form).contains(where: { $0.id == match.field }) else { return [.bell] }
            state.notice = nil
            state.filters.removeAll { $0.field == match.field }
            state.filters.append(match)
            return reload(&state)
        default:
            break
        }
        // A key while the store writes changes nothing: the footer says what it waits for.
        guard !state.writing else { return [] }
        // A key: the notice has been seen.
        state.notice = nil
        if let id = state.confirmingDelete {
            // Only y deletes; any other key is a no, and does nothing else.
            state.confirmingDelete = nil
            guard event == .confirmAnswered(true) else { return [] }
            state.writing = true
            state.notice = .info(state.language.text(.deletingRecord))
            return [.delete(id: id)]
        }
        switch event {
        case .moved(let move):
            if !state.isComplete, state.sort == nil, !state.isLoading {
                // End reads the oldest page, not every record before it; Home from there reads the newest again.
                if move == .last, state.loadedEnd == .newest {
                    state.isLoading = true
                    return [.loadOldest(limit: firstBatch, matching: state.matches)]
                }
                if move == .first, state.loadedEnd == .oldest { return reload(&state) }
            }
            // A sorted list goes to its last record once every record is loaded (the order needs them all).
            state.goesToEndWhenLoaded = move == .last && !state.isComplete && state.sort != nil
            moveHighlight(move, &state)
            return []
        case .openPressed:
            guard let row = state.highlighted else { return [.bell] }
            return [.edit(row)]
        case .rowClicked(let index):
            guard state.rows.indices.contains(index) else { return [] }
            state.highlight = index
            keepHighlightInView(&state)
            return [.edit(state.rows[index])]
        case .addPressed:
            return [.add]
        case .deletePressed:
            guard let row = state.highlighted else { return [.bell] }
            state.confirmingDelete = row.id
            return []
        case .togglePressed:
            guard let row = state.highlighted else { return [.bell] }
            guard let field = toggledField(form) else {
                state.notice = .problem(state.language.text(.nothingToToggle(form: TerminalSafe.escaped(form.name))))
                return [.bell]
            }
            let flipped = row.values[field.id] != .boolean(true)
            let values = Record(
                values: form.valueFields.map { ($0.id, $0.id == field.id ? .boolean(flipped) : row.values[$0.id]) })
            state.writing = true
            state.notice = .info(state.language.text(.saving))
            return [.update(id: row.id, values)]
        case .quitPressed:
            return leave(&state, .quit)
        case .backPressed:
            guard state.filters.isEmpty else {
                state.filters = []
                return reload(&state)
            }
            return leave(&state, .quit)
        case .filterPressed:
            let fields = filterFields(state, form)
            switch fields.count {
            case 0:
                state.notice = .problem(state.language.text(.nothingToFilterBy))
                return [.bell]
            case 1:
                return [
                    .pickFilterValue(
                        field: fields[0].id, current: state.filters.first { $0.field == fields[0].id }?.value)
                ]
            default:
                return [.pickFilterField(fields.map(\.id))]
            }
        case .sortPressed:
            guard !state.sorts.isEmpty else { return [.bell] }
            state.sort = nextSort(state)
            state.goesToEndWhenLoaded = false
            applySort(&state)
            return []
        case .confirmAnswered:
            return [.bell]  // nothing was asked
        default:
            return []
        }
    }

    /// The field Space toggles: the form's first boolean field.
    public static func toggledField(_ form: Form) -> Field? {
        form.fields.first { $0.type == .boolean }
    }

    /// What the list calls the form's records: its title without a leading
    /// "New " ("New To-Do" → "To-Do"), else its name.
    public static func title(of form: Form) -> String {
        guard let title = form.title, !title.isEmpty else { return form.name }
        if title.hasPrefix("New "), title.count > 4 { return String(title.dropFirst(4)) }
        return title
    }

    /// The title of the form when it edits a record: "Edit To-Do".
    public static func editTitle(of form: Form, language: Language = .english) -> String {
        language.text(.editTitle(title(of: form)))
    }

    /// A few words that name a record in messages: its first non-empty text
    /// value (else any value, else its number), safe and at most 30 cells.
    public static func summary(of row: RecordListRow, _ form: Form, language: Language = .english) -> String {
        summary(of: row, fields: form.valueFields, language: language)
    }

    /// The same, from the fields the list has columns for (`listedFields`): in a
    /// list of one checklist's items, an item is named by its text, not its list.
    public static func summary(of row: RecordListRow, in state: RecordListState, _ form: Form) -> String {
        summary(of: row, fields: listedFields(state, form), language: state.language)
    }

    private static func summary(of row: RecordListRow, fields: [Field], language: Language) -> String {
        // A record is never named by its secret (a stored one: `store: true`).
        let values = fields.filter { !$0.secret }.map { (field: $0, value: row.values[$0.id]) }
        let text =
            values.first { $0.field.type == .text && !($0.value?.text.isEmpty ?? true) }?.value?.text
            ?? values.first { !($0.value?.text.isEmpty ?? true) }?.value?.text
            ?? language.text(.recordNumbered(row.id))
        return TextWidth.truncate(TerminalSafe.escaped(text), toCells: 30)
    }

    /// The fields the list has columns for: every field but those its conditions
    /// fix to one value (the title names it); a `multiple` field's condition is
    /// one item of several, so it keeps its column. All fields when that would
    /// leave none.
    public static func listedFields(_ state: RecordListState, _ form: Form) -> [Field] {
        let fixed = Set(state.matches.filter { form.field(id: $0.field)?.multiple != true }.map(\.field))
        let listed = form.valueFields.filter { !fixed.contains($0.id) }
        return listed.isEmpty ? form.valueFields : listed
    }

    /// The fields the filter key offers: those the scope does not fix already.
    public static func filterFields(_ state: RecordListState, _ form: Form) -> [Field] {
        // A secret is never offered as a filter: its values would show as the filter's keys (DECISIONS 38).
        form.valueFields.filter { field in !field.secret && !state.scope.contains { $0.field == field.id } }
    }

    /// The first of the list's conditions that `row` does not meet; nil when it meets them all.
    static func unmet(_ row: RecordListRow, _ state: RecordListState, _ form: Form) -> FieldMatch? {
        state.matches.first { !$0.matches(row.values, in: form) }
    }

    /// The list's conditions changed: the rows are read again from the newest.
    private static func reload(_ state: inout RecordListState) -> [RecordListEffect] {
        // A read still on its way answers for the conditions before: its answer is dropped.
        if state.isLoading, !state.readFailed { state.supersededReads += 1 }
        state.isRefreshing = false
        state.readFailed = false
        state.rows = []
        state.loadedEnd = .newest
        state.total = 0
        state.highlight = 0
        state.top = 0
        state.confirmingDelete = nil
        state.goesToEndWhenLoaded = false
        state.isLoading = true
        return [.reload(matching: state.matches, limit: firstBatch)]
    }

    /// The rows changed under the list (another terminal's changes): the
    /// highlighted record stays highlighted, on the same line of the screen;
    /// when it is gone, the one now in its place.
    private static func keepingHighlight(_ state: inout RecordListState, _ change: (inout RecordListState) -> Void) {
        let kept = state.highlighted?.id
        let line = state.highlight - state.top
        change(&state)
        state.highlight =
            kept.flatMap { id in state.rows.firstIndex { $0.id == id } }
            ?? min(state.highlight, max(0, state.rows.count - 1))
        state.top = max(0, state.highlight - line)
        keepHighlightInView(&state)
    }

    /// Takes the row at `index` out of the list (deleted, or no longer meeting
    /// its conditions); the highlight stays on the same record or the next.
    @discardableResult
    private static func remove(at index: Int, _ state: inout RecordListState) -> RecordListRow {
        let removed = state.rows.remove(at: index)
        state.total = max(state.rows.count, state.total - 1)
        if index < state.highlight { state.highlight -= 1 }
        state.highlight = min(state.highlight, max(0, state.rows.count - 1))
        keepHighlightInView(&state)
        return removed
    }

    private static func leave(_ state: inout RecordListState, _ outcome: RecordListState.Outcome) -> [RecordListEffect]
    {
        state.outcome = outcome
        state.confirmingDelete = nil
        return [.finish(outcome)]
    }

    private static func moveHighlight(_ move: RecordListMove, _ state: inout RecordListState) {
        guard !state.rows.isEmpty else { return }
        let last = state.rows.count - 1
        let page = max(1, state.visibleRows)
        switch move {
        case .up: state.highlight = max(0, state.highlight - 1)
        case .down: state.highlight = min(last, state.highlight + 1)
        case .first: state.highlight = 0
        case .last: state.highlight = last
        case .pageUp:
            // The page before comes into view, the highlight as many rows up.
            state.highlight = max(0, state.highlight - page)
            state.top = max(0, state.top - page)
        case .pageDown:
            state.highlight = min(last, state.highlight + page)
            state.top = min(max(0, state.rows.count - page), state.top + page)
        }
        keepHighlightInView(&state)
    }

    /// The id of the oldest record loaded (`Int64.max` when none is): the last
    /// row, unless the list is sorted in another order.
    static func oldestLoaded(_ state: RecordListState) -> Int64 {
        (state.sort == nil ? state.rows.last?.id : state.rows.map(\.id).min()) ?? .max
    }

    /// The id of the newest record loaded (`Int64.min` when none is): the first
    /// row, unless the list is sorted in another order.
    static func newestLoaded(_ state: RecordListState) -> Int64 {
        (state.sort == nil ? state.rows.first?.id : state.rows.map(\.id).max()) ?? .min
    }

    /// Scrolls as little as needed for the highlighted row to be in view, and
    /// never past the end (the last page is full when there are enough rows).
    static func keepHighlightInView(_ state: inout RecordListState) {
        state.top = firstVisible(
            top: state.top, highlight: state.highlight, count: state.rows.count, visible: state.visibleRows)
    }

    static func firstVisible(top: Int, highlight: Int, count: Int, visible: Int) -> Int {
        let visible = max(1, visible)
        var first = top
        if highlight < first { first = highlight }
        if highlight >= first + visible { first = highlight - visible + 1 }
        return max(0, min(first, count - visible))
    }
}

extension RecordListEvent {
    /// Whether this is the store's answer to one of the list's reads (rows,
    /// the oldest or newer rows, a reload, a refresh, what changed), or its failure.
    var answersRead: Bool {
        switch self {
        case .rowsLoaded, .oldestRowsLoaded, .newerRowsLoaded, .rowsReloaded, .rowsRefreshed, .rowsChanged, .readFailed:
            return true
        default:
            return false
        }
    }
}
