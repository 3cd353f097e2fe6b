import KeyformCore
import Testing

/// The list screen's state machine, step by step: every event's change of
/// state and the effects it asks of the edges.
@Suite struct RecordListTests {
    // MARK: Helpers

    /// A packing list: a required text, a boolean to toggle, an integer.
    static let packing = Form(
        title: "Packing List", name: "packing",
        pages: [
            .init(fields: [
                Field(id: "item", label: "Item", required: true),
                Field(id: "packed", label: "Packed", type: .boolean),
                Field(id: "qty", label: "Qty", type: .integer),
            ])
        ])

    static func todo() throws -> Form { try DemoForms.context("todo").form }

    static func row(_ id: Int64, _ values: [String: FieldValue], _ form: Form) -> RecordListRow {
        RecordListRow(id: id, values: Record(form: form, values: values))
    }

    /// Items 1…count of the packing list, newest (highest id) first.
    static func items(_ count: Int) -> [RecordListRow] {
        (1...count).reversed().map { row(Int64($0), ["item": .text("Item \($0)")], packing) }
    }

    /// Applies the events in order and returns the effects of the last one.
    @discardableResult
    static func send(
        _ state: inout RecordListState, _ events: RecordListEvent..., form: Form = packing
    ) -> [RecordListEffect] {
        var effects: [RecordListEffect] = []
        for event in events { effects = RecordListEngine.reduce(&state, event, form) }
        return effects
    }

    // MARK: Moving

    /// A click on a row highlights that record and opens it, as Enter does.
    @Test func aClickedRowIsOpened() throws {
        let todo = try Self.todo()
        let rows = [
            Self.row(3, ["text": .text("C")], todo), Self.row(2, ["text": .text("B")], todo),
            Self.row(1, ["text": .text("A")], todo),
        ]
        var state = RecordListState(rows: rows, visibleRows: 19)
        #expect(RecordListEngine.reduce(&state, .rowClicked(2), todo) == [.edit(rows[2])])
        #expect(state.highlight == 2)
        #expect(RecordListEngine.reduce(&state, .rowClicked(7), todo) == [], "a row that is gone opens nothing")
        #expect(state.highlight == 2)
    }

    @Test func theNewestRecordIsHighlightedFirst() {
        let state = RecordListState(rows: Self.items(3))
        #expect(state.highlight == 0)
        #expect(state.top == 0)
        #expect(state.highlighted?.id == 3)
    }

    @Test func upAndDownStopAtTheEnds() {
        var state = RecordListState(rows: Self.items(3))
        #expect(Self.send(&state, .moved(.up)) == [])
        #expect(state.highlight == 0)
        Self.send(&state, .moved(.down), .moved(.down))
        #expect(state.highlight == 2)
        #expect(Self.send(&state, .moved(.down)) == [])
        #expect(state.highlight == 2)
    }

    @Test func theListScrollsAsLittleAsNeeded() {
        var state = RecordListState(rows: Self.items(30), visibleRows: 5)
        for _ in 0..<4 { Self.send(&state, .moved(.down)) }
        #expect((state.highlight, state.top) == (4, 0))
        Self.send(&state, .moved(.down))
        #expect((state.highlight, state.top) == (5, 1))
        Self.send(&state, .moved(.up), .moved(.up))
        #expect((state.highlight, state.top) == (3, 1))
        Self.send(&state, .moved(.up), .moved(.up), .moved(.up))
        #expect((state.highlight, state.top) == (0, 0))
    }

    @Test func pagesHomeAndEnd() {
        var state = RecordListState(rows: Self.items(30), visibleRows: 5)
        Self.send(&state, .moved(.down), .moved(.pageDown))
        #expect((state.highlight, state.top) == (6, 5))
        Self.send(&state, .moved(.pageDown))
        #expect((state.highlight, state.top) == (11, 10))
        Self.send(&state, .moved(.pageUp))
        #expect((state.highlight, state.top) == (6, 5))
        Self.send(&state, .moved(.last))
        #expect((state.highlight, state.top) == (29, 25))
        Self.send(&state, .moved(.pageDown))
        #expect((state.highlight, state.top) == (29, 25))
        Self.send(&state, .moved(.pageUp))
        #expect((state.highlight, state.top) == (24, 20))
        Self.send(&state, .moved(.first))
        #expect((state.highlight, state.top) == (0, 0))
        Self.send(&state, .moved(.pageUp))
        #expect((state.highlight, state.top) == (0, 0))
    }

    @Test func aSmallerScreenScrollsTheHighlightBackIntoView() {
        var state = RecordListState(rows: Self.items(30), visibleRows: 20)
        Self.send(&state, .moved(.last), .moved(.up), .resized(visibleRows: 20))
        #expect((state.highlight, state.top) == (28, 10))
        Self.send(&state, .resized(visibleRows: 3))
        #expect((state.highlight, state.top) == (28, 26))
        // Taller again: no empty rows below the last record.
        Self.send(&state, .resized(visibleRows: 25))
        #expect((state.highlight, state.top) == (28, 5))
        Self.send(&state, .resized(visibleRows: 40))
        #expect(state.top == 0)
    }

    @Test func movingAnEmptyListDoesNothing() {
        var state = RecordListState(rows: [])
        for move in [RecordListMove.up, .down, .pageUp, .pageDown, .first, .last] {
            #expect(Self.send(&state, .moved(move)) == [])
        }
        #expect((state.highlight, state.top) == (0, 0))
    }

    // MARK: Open and add

    @Test func enterOpensTheHighlightedRecordAndChangesNothing() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .moved(.down))
        let before = state
        #expect(Self.send(&state, .openPressed) == [.edit(Self.items(3)[1])])
        #expect(state == before)
    }

    @Test func anEditedRecordChangesInPlace() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .moved(.down))
        let edited = Self.row(2, ["item": .text("Socks"), "qty": .integer(4)], Self.packing)
        #expect(Self.send(&state, .recordSaved(edited)) == [])
        #expect(state.rows.map(\.id) == [3, 2, 1])
        #expect(state.rows[1] == edited)
        #expect(state.highlight == 1)
        // A record deleted meanwhile (by another process) is not brought back.
        Self.send(&state, .recordSaved(Self.row(9, ["item": .text("Gone")], Self.packing)))
        #expect(state.rows.map(\.id) == [3, 2, 1])
    }

    @Test func aNewRecordGoesOnTopHighlighted() {
        var state = RecordListState(rows: Self.items(30), visibleRows: 5)
        Self.send(&state, .moved(.last))
        #expect(Self.send(&state, .addPressed) == [.add])
        let added = Self.row(31, ["item": .text("Charger")], Self.packing)
        Self.send(&state, .recordAdded(added))
        #expect(state.rows.first == added)
        #expect(state.rows.count == 31)
        #expect((state.highlight, state.top) == (0, 0))
    }

    /// What the form over the list submitted is stored as an effect of the list,
    /// and the store's answer comes back as an event; a failed save opens the
    /// form again with what it held, saying why.
    @Test func aSubmittedFormIsSavedThroughTheList() {
        var state = RecordListState(rows: Self.items(2))
        let record = Record(form: Self.packing, values: ["item": .text("Charger")])
        #expect(Self.send(&state, .formSubmitted(record, editing: nil)) == [.save(record, editing: nil)])
        #expect(Self.send(&state, .formSubmitted(record, editing: 2)) == [.save(record, editing: 2)])
        #expect(state == RecordListState(rows: Self.items(2)), "nothing changes until the store answers")
        #expect(
            Self.send(&state, .saveFailed(record, editing: 2, "disk full")) == [
                .reopen(record, editing: 2, notice: "Not saved: disk full")
            ])
        #expect(state.rows.map(\.id) == [2, 1])
    }

    @Test func enterOnAnEmptyListRings() {
        var state = RecordListState(rows: [])
        #expect(Self.send(&state, .openPressed) == [.bell])
        #expect(Self.send(&state, .deletePressed) == [.bell])
        #expect(Self.send(&state, .togglePressed) == [.bell])
        #expect(Self.send(&state, .addPressed) == [.add])
    }

    // MARK: Delete

    @Test func deleteAsksAndDeletesOnYes() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .moved(.down))
        #expect(Self.send(&state, .deletePressed) == [])
        #expect(state.confirmingDelete == 2)
        #expect(Self.send(&state, .confirmAnswered(true)) == [.delete(id: 2)])
        #expect(state.confirmingDelete == nil)
        #expect(state.rows.count == 3, "the row goes when the store says it is deleted")
        Self.send(&state, .recordDeleted(id: 2))
        #expect(state.rows.map(\.id) == [3, 1])
        #expect(state.highlight == 1)
        #expect(state.notice == .info("Deleted “Item 2”"))
        // The next key clears the notice.
        Self.send(&state, .moved(.up))
        #expect(state.notice == nil)
    }

    /// The delete goes to the store off the terminal's loop: until it answers,
    /// the footer says so and keys change nothing (the whole state); the answer
    /// ends it, deleted or not, and no refresh reads the rows meanwhile.
    @Test func aDeleteOnItsWayIsSaidAndKeysWaitForTheStore() {
        for language in [Language.english, .japanese] {
            var state = RecordListState(rows: Self.items(3), language: language)
            Self.send(&state, .moved(.down), .deletePressed)
            var expected = state
            #expect(Self.send(&state, .confirmAnswered(true)) == [.delete(id: 2)])
            expected.confirmingDelete = nil
            expected.writing = true
            expected.notice = .info(language.text(.deletingRecord))
            #expect(state == expected)
            #expect(!state.canRefresh, "the rows are not read again under a delete on its way")
            for key in [
                RecordListEvent.moved(.down), .openPressed, .addPressed, .deletePressed, .togglePressed, .quitPressed,
                .backPressed, .filterPressed, .sortPressed, .rowClicked(0), .confirmAnswered(true), .storeChanged,
            ] {
                #expect(Self.send(&state, key).isEmpty, "\(key)")
                #expect(state == expected, "\(key) changed the list while the store deleted")
            }
            Self.send(&state, .recordDeleted(id: 2))
            #expect(!state.writing && state.rows.map(\.id) == [3, 1])
            #expect(state.notice == .info(language.text(.recordDeleted("Item 2"))))
            // A delete the store refused: said, and the list takes keys again.
            Self.send(&state, .deletePressed, .confirmAnswered(true), .storeFailed("the server cannot be reached"))
            #expect(!state.writing && state.notice == .problem("the server cannot be reached"))
            #expect(Self.send(&state, .moved(.down)) == [] && state.highlight == 1)
        }
    }

    /// Space's toggle waits for the store the same way, saying it saves.
    @Test func aToggleOnItsWayIsSaidUntilTheStoreAnswers() {
        var state = RecordListState(rows: Self.items(2))
        #expect(Self.send(&state, .togglePressed).count == 1)
        #expect(state.writing && state.notice == .info("Saving the record…"))
        #expect(Self.send(&state, .togglePressed).isEmpty, "one write at a time")
        Self.send(&state, .recordSaved(Self.row(2, ["item": .text("Item 2"), "packed": .boolean(true)], Self.packing)))
        #expect(!state.writing && state.notice == nil)
        #expect(state.rows[0].values["packed"] == .boolean(true))
        // Ctrl-C still leaves the list: the edge lets the write on its way finish before it ends.
        Self.send(&state, .togglePressed, .interrupted)
        #expect(state.outcome == .interrupted)
    }

    @Test func deletingTheLastRowMovesTheHighlightUp() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .moved(.last), .deletePressed, .confirmAnswered(true), .recordDeleted(id: 1))
        #expect(state.highlight == 1)
        Self.send(&state, .recordDeleted(id: 3), .recordDeleted(id: 2))
        #expect(state.rows.isEmpty)
        #expect(state.highlight == 0)
        #expect(state.highlighted == nil)
    }

    @Test func deletingARowAboveKeepsTheSameRecordHighlighted() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .moved(.last), .recordDeleted(id: 3))
        #expect(state.highlighted?.id == 1)
    }

    @Test func anyAnswerButYesKeepsTheRecordAndDoesNothingElse() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .deletePressed)
        #expect(Self.send(&state, .confirmAnswered(false)) == [])
        #expect(state.confirmingDelete == nil)
        Self.send(&state, .deletePressed)
        #expect(Self.send(&state, .moved(.down)) == [])
        #expect(state.highlight == 0, "the key only answered the question")
        Self.send(&state, .deletePressed)
        #expect(Self.send(&state, .quitPressed) == [])
        #expect(state.outcome == nil)
        #expect(state.rows.count == 3)
        #expect(Self.send(&state, .confirmAnswered(true)) == [.bell], "nothing is asked now")
    }

    // MARK: Toggle

    @Test func spaceTogglesTheFirstBooleanFieldAndAsksToStoreIt() {
        let rows = [
            Self.row(2, ["item": .text("Socks"), "packed": .boolean(true), "qty": .integer(4)], Self.packing),
            Self.row(1, ["item": .text("Passport")], Self.packing),
        ]
        var state = RecordListState(rows: rows)
        #expect(
            Self.send(&state, .togglePressed) == [
                .update(
                    id: 2,
                    Self.row(2, ["item": .text("Socks"), "packed": .boolean(false), "qty": .integer(4)], Self.packing)
                        .values)
            ])
        #expect(state.rows == rows, "the row changes when the store says it is saved")
        Self.send(
            &state,
            .recordSaved(
                Self.row(2, ["item": .text("Socks"), "packed": .boolean(false), "qty": .integer(4)], Self.packing)))
        Self.send(&state, .moved(.down))
        // An empty boolean is off: Space turns it on.
        #expect(
            Self.send(&state, .togglePressed) == [
                .update(id: 1, Self.row(1, ["item": .text("Passport"), "packed": .boolean(true)], Self.packing).values)
            ])
    }

    @Test func aFormWithoutABooleanHasNothingToToggle() throws {
        let notes = Form(name: "notes", pages: [.init(fields: [Field(id: "text"), Field(id: "due", type: .date)])])
        var state = RecordListState(rows: [Self.row(1, ["text": .text("Buy milk")], notes)])
        #expect(Self.send(&state, .togglePressed, form: notes) == [.bell])
        #expect(state.notice == .problem("Nothing to toggle: notes has no yes/no field"))
    }

    @Test func spaceCompletesATodo() throws {
        let todo = try Self.todo()
        var state = RecordListState(rows: [Self.row(1, ["text": .text("Buy milk"), "done": .boolean(false)], todo)])
        #expect(
            Self.send(&state, .togglePressed, form: todo) == [
                .update(id: 1, Self.row(1, ["text": .text("Buy milk"), "done": .boolean(true)], todo).values)
            ])
    }

    @Test func aStoreFailureIsShownUntilTheNextKey() {
        var state = RecordListState(rows: Self.items(2))
        Self.send(&state, .togglePressed, .storeFailed("the database is read-only"))
        #expect(state.notice == .problem("the database is read-only"))
        #expect(state.rows == Self.items(2))
        Self.send(&state, .moved(.down))
        #expect(state.notice == nil)
    }

    // MARK: Long lists, read a batch at a time

    /// The newest 200 of 1,000 items loaded.
    static func partial() -> (RecordListState, all: [RecordListRow]) {
        let all = items(1000)
        return (RecordListState(rows: Array(all.prefix(200)), total: 1000, visibleRows: 19), all)
    }

    @Test func scrollingNearTheEndOfWhatIsLoadedAsksForMore() {
        var (state, all) = Self.partial()
        #expect(state.total == 1000)
        #expect(!state.isComplete)
        var pages = 0
        var effects: [RecordListEffect] = []
        while effects.isEmpty, pages < 20 {
            effects = Self.send(&state, .moved(.pageDown))
            pages += 1
        }
        #expect(effects == [.loadRows(before: 801, limit: RecordListEngine.batch)])
        #expect(pages == 8)
        #expect(state.top + 3 * state.visibleRows >= 200, "within two screens of the end of the loaded rows")
        #expect(state.isLoading)
        #expect(Self.send(&state, .moved(.pageDown)) == [], "one load at a time")
        Self.send(&state, .rowsLoaded(Array(all[200..<700])))
        #expect(state.rows == Array(all.prefix(700)))
        #expect(!state.isLoading)
        #expect(state.highlight == 171)
    }

    /// Issue 27: End read every record before the last (6.8 s at 300,000).
    /// It reads the oldest page only; the list then holds that end, reads the
    /// rows above as it scrolls up, and Home reads the newest again.
    @Test func endReadsTheOldestPageOnlyAndTheListScrollsUpFromThere() {
        var (state, all) = Self.partial()
        #expect(Self.send(&state, .moved(.last)) == [.loadOldest(limit: RecordListEngine.firstBatch)])
        #expect(Self.send(&state, .moved(.last)) == [], "one load at a time")
        Self.send(&state, .oldestRowsLoaded(Array(all.suffix(200))))
        var atEnd = RecordListState(rows: Array(all.suffix(200)), total: 1000, highlight: 199, visibleRows: 19)
        atEnd.loadedEnd = .oldest
        #expect(state == atEnd)
        #expect((state.highlighted?.id, state.top, state.skipped) == (1, 181, 800))
        // The title counts the rows shown in the whole list: its last 19 of 1,000.
        let title = RecordListView.render(state, Self.packing, width: 80, height: 24, color: false).lines[0].text
        #expect(title.hasSuffix("1000 records · rows 982–1000"), "\(title)")
        // Up from there: the rows above are read when the top comes within two screens.
        var effects: [RecordListEffect] = []
        var pages = 0
        while effects.isEmpty, pages < 20 {
            effects = Self.send(&state, .moved(.pageUp))
            pages += 1
        }
        #expect(effects == [.loadNewer(after: 200, limit: RecordListEngine.batch)])
        #expect(state.top <= 2 * state.visibleRows)
        let (highlighted, line) = (state.highlighted?.id, state.highlight - state.top)
        Self.send(&state, .newerRowsLoaded(Array(all[300..<800])))
        #expect(state.rows == Array(all[300...]))
        #expect((state.highlighted?.id, state.highlight - state.top) == (highlighted, line), "in place on screen")
        #expect((state.skipped, state.isLoading) == (300, false))
        // Home: the newest again, as the list opened.
        #expect(Self.send(&state, .moved(.first)) == [.reload(matching: [], limit: RecordListEngine.firstBatch)])
        Self.send(&state, .rowsReloaded(Array(all.prefix(200)), total: 1000))
        #expect(state == RecordListState(rows: Array(all.prefix(200)), total: 1000, visibleRows: 19))
    }

    /// From the oldest end, another terminal's change reads what changed among
    /// the rows there (no newer records: they are read as the list scrolls up),
    /// and a record added here (the newest) takes the list back to its top.
    @Test func theOldestEndIsRefreshedThereAndAnAddedRecordGoesToTheTop() {
        var (state, all) = Self.partial()
        Self.send(&state, .moved(.last), .oldestRowsLoaded(Array(all.suffix(200))))
        #expect(
            Self.send(&state, .storeChanged) == [
                .refreshChanges(RecordListChangeQuery(ids: 1...200, newerThan: nil, matching: []))
            ])
        // Record 1 deleted; 1,001 added above the rows loaded, and 500 edited: neither is loaded here.
        let later = [
            Self.row(1001, ["item": .text("New")], Self.packing),
            Self.row(500, ["item": .text("Edited")], Self.packing),
        ]
        Self.send(
            &state, .rowsChanged(RecordListChanges(ids: 1...200, present: Set(2...200), rows: later, total: 1000)))
        #expect(state.rows == Array(all.suffix(200).dropLast()))
        #expect((state.highlighted?.id, state.skipped, state.loadedEnd) == (2, 801, .oldest))
        let added = Self.row(1002, ["item": .text("Newer")], Self.packing)
        #expect(Self.send(&state, .recordAdded(added)) == [.reload(matching: [], limit: RecordListEngine.firstBatch)])
        Self.send(&state, .rowsReloaded([added] + all.prefix(199), total: 1000))
        #expect((state.highlighted?.id, state.loadedEnd, state.skipped) == (1002, .newest, 0))
    }

    /// All the rows there are: End only moves.
    @Test func endInAListLoadedWholeOnlyMoves() {
        var state = RecordListState(rows: Self.items(300), visibleRows: 19)
        #expect(Self.send(&state, .moved(.last)) == [])
        #expect((state.highlight, state.top, state.loadedEnd) == (299, 281, .newest))
    }

    @Test func rowsAlreadyThereAreNotAddedTwiceAndNoneMeansNoMore() {
        var (state, all) = Self.partial()
        state.isLoading = true
        Self.send(&state, .rowsLoaded(Array(all[150..<300])))
        #expect(state.rows == Array(all.prefix(300)), "only rows older than the last one loaded")
        // Records deleted elsewhere meanwhile: the store has no more.
        state.isLoading = true
        Self.send(&state, .rowsLoaded([]))
        #expect(state.isComplete)
        #expect(state.total == 300)
        #expect(Self.send(&state, .moved(.last)) == [])
        #expect((state.highlight, state.top) == (299, 281))
    }

    @Test func aFailedReadIsNotTriedAgain() {
        var (state, _) = Self.partial()
        #expect(Self.send(&state, .moved(.last), .storeFailed("the database is corrupt")) == [])
        #expect(state.notice == .problem("the database is corrupt"))
        #expect((state.highlight, state.total, state.goesToEndWhenLoaded) == (0, 1000, false))
        #expect(Self.send(&state, .moved(.up), .moved(.last)) == [])
        #expect(state.highlight == 199, "to the last row loaded")
    }

    @Test func addingAndDeletingCountInTheTotal() {
        var (state, _) = Self.partial()
        Self.send(&state, .recordAdded(Self.row(1001, ["item": .text("New")], Self.packing)))
        #expect((state.total, state.rows.count) == (1001, 201))
        Self.send(&state, .recordDeleted(id: 1001), .recordDeleted(id: 999))
        #expect((state.total, state.rows.count) == (999, 199))
    }

    @Test func aShortListNeverAsksForMore() {
        var state = RecordListState(rows: Self.items(3), visibleRows: 19)
        for event in [RecordListEvent.moved(.last), .moved(.pageDown), .resized(visibleRows: 1)] {
            #expect(Self.send(&state, event) == [])
        }
    }

    // MARK: Leaving

    @Test func qLeavesAndNothingHappensAfterwards() {
        var state = RecordListState(rows: Self.items(2))
        #expect(Self.send(&state, .quitPressed) == [.finish(.quit)])
        #expect(state.outcome == .quit)
        #expect(Self.send(&state, .moved(.down)) == [])
        #expect(Self.send(&state, .interrupted) == [])
        #expect(state.outcome == .quit)
        #expect(state.highlight == 0)
    }

    @Test func ctrlCAndSignalsLeaveEvenWhileAsking() {
        var asking = RecordListState(rows: Self.items(2))
        Self.send(&asking, .deletePressed)
        #expect(Self.send(&asking, .interrupted) == [.finish(.interrupted)])
        #expect(asking.confirmingDelete == nil)
        #expect(asking.rows.count == 2)
        var state = RecordListState(rows: Self.items(2))
        #expect(Self.send(&state, .terminated(signal: 15)) == [.finish(.terminated(signal: 15))])
    }

    // MARK: Names

    @Test func titlesDropALeadingNew() throws {
        #expect(RecordListEngine.title(of: try Self.todo()) == "To-Do")
        #expect(RecordListEngine.editTitle(of: try Self.todo()) == "Edit To-Do")
        #expect(RecordListEngine.title(of: Self.packing) == "Packing List")
        #expect(RecordListEngine.title(of: Form(name: "swims", pages: [])) == "swims")
        #expect(RecordListEngine.title(of: Form(title: "New ", name: "x", pages: [])) == "New ")
        #expect(RecordListEngine.title(of: Form(title: "Newsletter", name: "x", pages: [])) == "Newsletter")
    }

    @Test func aRecordIsNamedByItsFirstText() throws {
        let todo = try Self.todo()
        #expect(
            RecordListEngine.summary(
                of: Self.row(1, ["text": .text("Buy milk"), "priority": .text("High")], todo), todo) == "Buy milk")
        #expect(RecordListEngine.summary(of: Self.row(1, ["priority": .text("High")], todo), todo) == "High")
        #expect(RecordListEngine.summary(of: Self.row(7, [:], todo), todo) == "record 7")
        #expect(RecordListEngine.summary(of: Self.row(7, [:], todo), todo, language: .japanese) == "記録 7")
        #expect(RecordListEngine.summary(of: Self.row(1, ["text": .text("bell\u{7}")], todo), todo) == #"bell\u{7}"#)
        let long = RecordListEngine.summary(
            of: Self.row(1, ["text": .text(String(repeating: "x", count: 50))], todo), todo)
        #expect(long == String(repeating: "x", count: 29) + "…")
    }
    // MARK: Another terminal's changes

    /// The store's change mark moved: only what changed is read (records
    /// added or edited since, and which loaded rows are still stored), not the
    /// rows again; the highlight stays on its record on the same line.
    @Test func anotherTerminalsChangeReadsOnlyWhatChangedInPlace() {
        var state = RecordListState(rows: Self.items(30), visibleRows: 5)
        for _ in 0..<7 { Self.send(&state, .moved(.down)) }
        #expect((state.highlighted?.id, state.highlight, state.top) == (23, 7, 3))
        #expect(
            Self.send(&state, .storeChanged) == [
                .refreshChanges(RecordListChangeQuery(ids: 1...30, newerThan: 30, matching: []))
            ])
        #expect(state.isLoading)
        #expect(Self.send(&state, .storeChanged) == [], "one read at a time")

        // Two records added, one deleted above the highlight, one edited below it.
        let added = [
            Self.row(32, ["item": .text("Item 32")], Self.packing),
            Self.row(31, ["item": .text("Item 31")], Self.packing),
        ]
        let edited = Self.row(10, ["item": .text("Item ten"), "qty": .integer(2)], Self.packing)
        var expected = state
        expected.rows = added + Self.items(30).filter { $0.id != 25 }.map { $0.id == 10 ? edited : $0 }
        (expected.total, expected.highlight, expected.top, expected.isLoading) = (31, 8, 4, false)
        expected.isRefreshing = false
        let changes = RecordListChanges(
            ids: 1...30, present: Set(1...30).subtracting([25]), rows: added + [edited], total: 31)
        #expect(Self.send(&state, .rowsChanged(changes)) == [])
        #expect(state == expected)

        // The highlighted record deleted: the one now in its place.
        #expect(Self.send(&state, .storeChanged) != [])
        let gone = RecordListChanges(
            ids: 1...32, present: Set(state.rows.map(\.id)).subtracting([23]), rows: [], total: 30)
        Self.send(&state, .rowsChanged(gone))
        #expect((state.highlighted?.id, state.highlight, state.total) == (22, 8, 30))
        #expect(!state.rows.contains { $0.id == 23 })
    }

    /// In a filtered list an edit may take a record out or bring one in (at
    /// its place by id); a new record that does not meet the filter stays out;
    /// what changed below the rows loaded is left for the scroll that reads it.
    @Test func anEditTakesARecordOutOfAFilteredListOrBringsOneIn() {
        let packed = FieldMatch(field: "packed", value: .boolean(true))
        func item(_ id: Int64, packed: Bool) -> RecordListRow {
            Self.row(id, ["item": .text("Item \(id)"), "packed": .boolean(packed)], Self.packing)
        }
        var state = RecordListState(rows: [9, 7, 5].map { item($0, packed: true) }, total: 5, scope: [packed])
        #expect(!state.isComplete)
        #expect(
            Self.send(&state, .storeChanged) == [
                .refreshChanges(RecordListChangeQuery(ids: 5...9, newerThan: 9, matching: [packed]))
            ])
        let changed = [
            item(11, packed: false), item(10, packed: true), item(8, packed: false), item(7, packed: false),
            item(6, packed: true), item(2, packed: true),
        ]
        var expected = state
        expected.rows = [10, 9, 6, 5].map { item($0, packed: true) }
        // Still short of the 6 there are: the next rows are read; the highlight stays on record 9.
        (expected.total, expected.highlight, expected.isRefreshing) = (6, 1, false)
        #expect(
            Self.send(
                &state, .rowsChanged(RecordListChanges(ids: 5...9, present: Set(5...9), rows: changed, total: 6)))
                == [.loadRows(before: 5, limit: RecordListEngine.batch, matching: [packed])])
        #expect(state == expected)
    }

    /// A list loaded whole takes a record wherever it belongs, and a sorted one
    /// puts it in its order; a list with no rows is read again.
    @Test func aSortedListTakesChangesInItsOrderAndAnEmptyOneIsReadAgain() {
        var state = RecordListState(rows: Self.items(3))
        state.sort = RecordListSort(field: "item", ranking: nil)
        Self.send(&state, .rowsRefreshed(Self.items(3), total: 3))
        #expect(state.rows.map(\.id) == [1, 2, 3])
        #expect(
            Self.send(&state, .storeChanged) == [
                .refreshChanges(RecordListChangeQuery(ids: 1...3, newerThan: 3, matching: []))
            ])
        let changes = RecordListChanges(
            ids: 1...3, present: [1, 3],
            rows: [
                Self.row(4, ["item": .text("Item 0")], Self.packing),
                Self.row(3, ["item": .text("Item 9")], Self.packing),
            ], total: 3)
        Self.send(&state, .rowsChanged(changes))
        #expect(state.rows.map(\.id) == [4, 1, 3])
        #expect((state.total, state.isLoading) == (3, false))

        var empty = RecordListState(rows: [])
        #expect(Self.send(&empty, .storeChanged) == [.refresh(matching: [], limit: RecordListEngine.firstBatch)])
        Self.send(&empty, .rowsRefreshed(Self.items(1), total: 1))
        #expect(empty.rows == Self.items(1))
    }

    /// Not while a delete waits for its y (the row asked about stays), nor
    /// after the list was left.
    @Test func aChangeWaitsForTheDeleteQuestion() {
        var state = RecordListState(rows: Self.items(3))
        Self.send(&state, .deletePressed)
        #expect(state.confirmingDelete == 3)
        #expect(!state.canRefresh)
        #expect(Self.send(&state, .storeChanged) == [])
        #expect(state.confirmingDelete == 3)
        Self.send(&state, .confirmAnswered(false))
        Self.send(&state, .quitPressed)
        #expect(!state.canRefresh)
    }
    // MARK: An edit saved over another terminal's

    /// Another terminal saved the record meanwhile: the list shows their
    /// version and the person is asked; one deleted meanwhile opens as new.
    @Test func anEditSavedMeanwhileIsResolvedAndOneDeletedOpensAsNew() {
        var state = RecordListState(rows: Self.items(3))
        let mine = Record(form: Self.packing, values: ["item": .text("Mine")])
        let theirs = Self.row(2, ["item": .text("Theirs"), "qty": .integer(4)], Self.packing)
        #expect(Self.send(&state, .formSubmitted(mine, editing: 2)) == [.save(mine, editing: 2)])
        #expect(Self.send(&state, .editConflicted(mine, theirs: theirs)) == [.resolve(mine: mine, theirs: theirs)])
        #expect(state.rows[1] == theirs, "the list shows what is stored")
        #expect(Self.send(&state, .editedRecordDeleted(mine, id: 2)) == [.reopenAsNew(mine)])
        #expect(state.rows.map(\.id) == [3, 1])
        #expect(state.total == 2)
    }

    /// The conflict form asks about the whole record, then about each field
    /// that differs; its answers make the record saved.
    @Test func theConflictFormOffersBothValuesAndItsAnswersChooseThem() throws {
        let context = try FormContext(
            form: Self.packing, layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))
        let mine = Record(
            form: Self.packing, values: ["item": .text("Tent"), "packed": .boolean(true), "qty": .integer(1)])
        let theirs = Record(
            form: Self.packing, values: ["item": .text("Tent"), "packed": .boolean(false), "qty": .integer(2)])
        let (asked, _) = try RecordListEngine.conflictForm(
            mine: mine, theirs: RecordListRow(id: 7, values: theirs), in: context)
        #expect(
            asked.form.fields.map(\.id) == [RecordListEngine.conflictWholeID, "packed", "qty"], "only what differs")
        #expect(asked.form.title == "Saved meanwhile in another terminal")
        let keys = asked.layouts.values.flatMap { $0.pages.flatMap { $0.rows.flatMap { $0.map(\.label) } } }
        #expect(
            Set(keys).isSuperset(of: [
                "my edit", "theirs", "per field", "mine: yes", "theirs: no", "mine: 1", "theirs: 2",
            ]), "\(keys)")

        func answers(_ whole: String, _ each: [String: String] = [:]) -> Record {
            Record(
                values: [(RecordListEngine.conflictWholeID, .text(whole))]
                    + each.sorted { $0.key < $1.key }.map { ($0.key, .text($0.value)) })
        }
        #expect(RecordListEngine.resolved(answers("mine"), mine: mine, theirs: theirs, form: Self.packing) == mine)
        #expect(RecordListEngine.resolved(answers("theirs"), mine: mine, theirs: theirs, form: Self.packing) == theirs)
        #expect(
            RecordListEngine.resolved(
                answers("each", ["packed": "mine", "qty": "theirs"]), mine: mine, theirs: theirs, form: Self.packing)
                == Record(
                    form: Self.packing, values: ["item": .text("Tent"), "packed": .boolean(true), "qty": .integer(2)]))
    }
}
