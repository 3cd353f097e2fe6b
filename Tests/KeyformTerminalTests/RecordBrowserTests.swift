import Glibc
import KeyformCore
import Testing

@testable import KeyformTerminal

/// The browse scene driven by key bytes, as the terminal would send them, over
/// an in-memory store: the list, the form pushed over it, and what is stored.
/// Readline is process-global, so these run one at a time on the main actor.
@Suite(.serialized)
@MainActor
struct RecordBrowserTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    // MARK: Helpers

    /// A checklist: a required text and a boolean.
    nonisolated static let context = try! FormContext(
        form: Form(
            title: "New Chore", name: "chore",
            pages: [
                .init(fields: [
                    Field(id: "text", label: "Text", required: true),
                    Field(id: "done", label: "Done", type: .boolean),
                ])
            ]),
        layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 21)!))

    static func record(_ text: String, done: Bool? = nil) -> Record {
        Record(values: [("text", .text(text)), ("done", done.map(FieldValue.boolean))])
    }

    /// The store the hooks write to, and a log of what they were asked.
    final class Store: @unchecked Sendable {
        var rows: [RecordListRow]
        var nextID: Int64
        /// Set: every write fails with this message.
        var failure: String?
        var log: [String] = []
        /// The drafts the add form left, in order (`text|done`).
        var drafts: [String] = []
        /// Another terminal changed the records: the next look says so (once).
        var changed = false

        init(_ rows: [RecordListRow]) {
            self.rows = rows
            nextID = (rows.map(\.id).max() ?? 0) + 1
        }

        struct Failure: Error, CustomStringConvertible { var description: String }

        func hooks() -> RecordBrowser.Hooks {
            RecordBrowser.Hooks(
                newValues: { ["done": "no"] },
                add: { record in
                    if let failure = self.failure { throw Failure(description: failure) }
                    let row = RecordListRow(id: self.nextID, values: record)
                    self.nextID += 1
                    self.rows.insert(row, at: 0)
                    self.log.append(
                        "add \(row.id) \(RecordFormat.json(record, form: RecordBrowserTests.context.form).dropLast())")
                    return row
                },
                update: { id, record, _ in
                    if let failure = self.failure { throw Failure(description: failure) }
                    self.log.append(
                        "update \(id) \(RecordFormat.json(record, form: RecordBrowserTests.context.form).dropLast())")
                    return RecordListRow(id: id, values: record)
                },
                delete: { id in
                    if let failure = self.failure { throw Failure(description: failure) }
                    self.log.append("delete \(id)")
                },
                load: { before, limit, _ in
                    self.log.append("load before \(before) limit \(limit.map(String.init) ?? "all")")
                    if let failure = self.failure { throw Failure(description: failure) }
                    let older = self.rows.filter { $0.id < before }
                    return Array(older.prefix(limit ?? older.count))
                },
                loadOldest: { after, limit, _ in
                    self.log.append(
                        "oldest after \(after.map(String.init) ?? "none") limit \(limit.map(String.init) ?? "all")")
                    if let failure = self.failure { throw Failure(description: failure) }
                    let newer = self.rows.filter { row in after.map { row.id > $0 } ?? true }
                    return Array(newer.suffix(limit ?? newer.count))
                },
                saveDraft: { values in
                    if let failure = self.failure { return failure }
                    self.drafts.append("\(values["text"]?.text ?? "")|\(values["done"]?.text ?? "")")
                    return nil
                }
            )
        }
    }

    /// Two chores, newest first: "Water the plants" (id 2), "Buy milk" (id 1, done).
    static func browser() -> (RecordBrowser, Store) {
        let store = Store([
            RecordListRow(id: 2, values: record("Water the plants", done: false)),
            RecordListRow(id: 1, values: record("Buy milk", done: true)),
        ])
        return (RecordBrowser(context: context, rows: store.rows, hooks: store.hooks()), store)
    }

    static func screen(_ browser: RecordBrowser, width: Int = 70, height: Int = 12) -> String {
        browser.frame(width: width, height: height, color: false).text()
    }

    @discardableResult
    static func type(_ browser: RecordBrowser, _ text: String) -> [TerminalRequest] {
        browser.receive(Array(text.utf8))
    }

    /// A lone Esc: the byte, then the pause that tells it from a sequence.
    @discardableResult
    static func escape(_ browser: RecordBrowser) -> [TerminalRequest] {
        browser.receive([0x1B]) + browser.flushPendingEscape()
    }

    // MARK: A config's keys

    /// A config's rebindings reach the list and the forms it opens: the footers
    /// name the person's keys, and those keys act.
    @Test func theConfiguredKeysWorkInTheListAndInTheFormsItOpens() {
        var config = UserConfig()
        config.keys = [.add: [.character("n")], .cancel: [.control("g")], .quit: [.character("x")]]
        let keys = config.configuredKeys
        let store = Store([RecordListRow(id: 1, values: Self.record("Buy milk", done: true))])
        let browser = RecordBrowser(
            context: Self.context, rows: store.rows, hooks: store.hooks(), keys: keys.list, formKeys: keys.form)
        defer { browser.close() }
        #expect(Self.screen(browser, width: 90).contains("n add"), "\(Self.screen(browser, width: 90))")
        #expect(Self.screen(browser, width: 90).contains("x quit"))
        Self.type(browser, "a")
        #expect(!browser.isEditing, "a adds no more")
        Self.type(browser, "n")
        #expect(browser.isEditing)
        #expect(Self.screen(browser, width: 90).contains("Ctrl-G cancel"), "\(Self.screen(browser, width: 90))")
        Self.escape(browser)
        #expect(browser.isEditing, "Esc cancels no more")
        Self.type(browser, "\u{07}")
        #expect(!browser.isEditing, "Ctrl-G leaves the form")
        Self.type(browser, "x")
        #expect(browser.outcome != nil)
    }

    // MARK: Another terminal's changes

    /// While the list is idle it asks, every quarter second, whether another
    /// terminal changed the records, and reads its rows again when one did:
    /// the highlight stays on its record. Never while a form is over the list.
    @Test func anIdleListReadsItsRowsAgainWhenAnotherTerminalChangedThem() {
        let store = Store([
            RecordListRow(id: 2, values: Self.record("Water the plants", done: false)),
            RecordListRow(id: 1, values: Self.record("Buy milk", done: true)),
        ])
        var hooks = store.hooks()
        hooks.changed = {
            defer { store.changed = false }
            return store.changed
        }
        let browser = RecordBrowser(context: Self.context, rows: store.rows, hooks: hooks)
        defer { browser.close() }
        Self.type(browser, "\u{1B}[B")  // Down: Buy milk
        #expect(browser.wakeUpMilliseconds == RecordBrowser.changeLookMilliseconds)
        #expect(browser.wakeUp() == [])
        #expect(!store.log.contains { $0.hasPrefix("load") }, "nothing changed: nothing read")

        // Another terminal adds a record and edits one.
        store.rows.insert(RecordListRow(id: 3, values: Self.record("Call the plumber")), at: 0)
        store.rows[2] = RecordListRow(id: 1, values: Self.record("Buy oat milk", done: true))
        store.changed = true
        _ = browser.wakeUp()
        let screen = Self.screen(browser)
        #expect(screen.contains("  Call the plumber"), "\(screen)")
        #expect(screen.contains("› Buy oat milk"), "the highlight stays on its record: \(screen)")
        #expect(browser.list.total == 3)

        // And deletes one.
        store.rows.removeAll { $0.id == 2 }
        store.changed = true
        _ = browser.wakeUp()
        #expect(!Self.screen(browser).contains("Water the plants"))
        #expect(Self.screen(browser).contains("› Buy oat milk"))

        // A form over the list: the list does not look (the form's own keys go on).
        Self.type(browser, "a")
        #expect(browser.isEditing)
        #expect(browser.wakeUpMilliseconds == nil)
        Self.escape(browser)
        #expect(browser.wakeUpMilliseconds == RecordBrowser.changeLookMilliseconds)
    }

    // MARK: Drafts of a record being added

    @Test func anAddLeftWithEscKeepsWhatWasTypedAsADraft() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "a")
        Self.type(browser, "Call the plumber")
        Self.escape(browser)
        #expect(!browser.isEditing)
        #expect(store.drafts == ["Call the plumber|no"])
        #expect(store.log.isEmpty, "nothing stored as a record")
    }

    /// Issue 14: a draft that cannot be kept (a full disk) is said on the form's
    /// footer for as long as it lasts, and its last screen does not claim it was kept.
    @Test func aDraftThatCannotBeKeptIsSaidOnTheScreen() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "a")
        store.failure = "the disk is full"
        Self.type(browser, "Fix the tap\r")
        #expect(Self.screen(browser).contains("! draft not kept: the disk is full"), "\(Self.screen(browser))")
        store.failure = nil
        Self.type(browser, " \u{1B}[Z\r")  // flip the switch, back to the text, commit it again
        #expect(!Self.screen(browser).contains("draft not kept"), "kept again: the warning goes")
        #expect(store.drafts == ["Fix the tap|yes"])
    }

    @Test func anAddLeftAsItOpenedIsNoDraft() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "a")
        Self.escape(browser)
        Self.type(browser, "a\r")  // Enter on the empty required text: nothing changes
        Self.escape(browser)
        #expect(store.drafts.isEmpty)
    }

    @Test func eachCommittedFieldAndASignalKeepTheDraft() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "a")
        Self.type(browser, "Fix the tap\r ")
        #expect(store.drafts == ["Fix the tap|no"], "committed: safe from kill -9")
        #expect(browser.stop(signal: SIGTERM) == .terminated(signal: SIGTERM))
        #expect(
            store.drafts == ["Fix the tap|no", "Fix the tap|yes"], "the switch flipped after the commit is kept too")
    }

    @Test func anEditLeftWithEscKeepsNoDraft() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "\r")
        Self.type(browser, " and the roses\r")
        Self.escape(browser)
        #expect(store.drafts.isEmpty)
        #expect(store.log.isEmpty)
    }

    // MARK: The list

    @Test func theListShowsTheRecordsNewestFirst() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        #expect(
            Self.screen(browser) == """
                Chore · 2 records

                  Text              Done
                › Water the plants  ✗
                  Buy milk          ✓






                Enter edit · a add · d delete · Space toggle · f filter · q quit
                """)
    }

    @Test func keysMoveTheHighlight() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "\u{1B}[B")
        #expect(browser.list.highlight == 1)
        Self.type(browser, "k")
        #expect(browser.list.highlight == 0)
        Self.type(browser, "j\u{1B}[H")
        #expect(browser.list.highlight == 0)
        Self.type(browser, "\u{1B}[F")
        #expect(browser.list.highlight == 1)
        #expect(Self.type(browser, "x") == [.bell])
    }

    // MARK: Edit

    @Test func enterEditsTheRecordAndTheRowChangesAtOnce() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        #expect(Self.type(browser, "\r") == [.transition(.page(forward: true))])
        #expect(browser.isEditing)
        let editor = Self.screen(browser)
        #expect(editor.hasPrefix("Edit Chore\n"))
        #expect(editor.contains("Text*  Water the plants"))
        #expect(editor.hasSuffix("[ Done ] ready"), "filled: Done is enabled")
        // Ctrl-U clears the line; Enter commits the text, Enter on the last field submits.
        let requests = Self.type(browser, "\u{15}Water the roses\r\r")
        #expect(requests.last == .transition(.page(forward: false)))
        #expect(!browser.isEditing)
        #expect(store.log == [#"update 2 {"text":"Water the roses","done":false}"#])
        #expect(Self.screen(browser).contains("› Water the roses  ✗"))
        #expect(browser.list.highlight == 0)
    }

    @Test func keysTypedAheadGoWhereTheyWereMeant() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        // Down, open, retype, submit, then back on the list: Up and Space, in one read.
        Self.type(browser, "\u{1B}[B\r\u{15}Buy oat milk\r\r\u{1B}[A ")
        #expect(!browser.isEditing)
        #expect(
            store.log == [
                #"update 1 {"text":"Buy oat milk","done":true}"#,
                #"update 2 {"text":"Water the plants","done":true}"#,
            ])
    }

    @Test func escInTheFormGoesBackWithoutChangingAnything() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "\rchanged")
        #expect(Self.escape(browser) == [.transition(.page(forward: false))])
        #expect(!browser.isEditing)
        #expect(store.log == [])
        #expect(Self.screen(browser).contains("› Water the plants  ✗"))
        #expect(browser.outcome == nil, "Esc in the form leaves the form, not the list")
    }

    @Test func aFailedSaveKeepsTheFormOpenWithTheValues() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        store.failure = "cannot write /tmp/x.sqlite: it is read-only."
        Self.type(browser, "\r\u{15}Water the roses\r\r")
        #expect(browser.isEditing)
        let screen = Self.screen(browser)
        #expect(screen.contains("Text*  Water the roses"))
        #expect(screen.contains("! Not saved: cannot write /tmp/x.sqlite: it is read-only"))
        // Enter on the last field tries again.
        store.failure = nil
        Self.type(browser, "\r")
        #expect(!browser.isEditing)
        #expect(store.log == [#"update 2 {"text":"Water the roses","done":false}"#])
    }

    // MARK: Add

    @Test func aAddsWithDoneDisabledUntilTheRequiredFieldIsFilled() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        #expect(Self.type(browser, "\u{1B}[B" + "a") == [.transition(.page(forward: true))])
        let empty = Self.screen(browser)
        #expect(empty.hasPrefix("New Chore\n"))
        #expect(empty.contains("Done   [ ] no"), "the starting values the hooks gave")
        #expect(empty.hasSuffix("[ Done ] disabled: Text is required"))
        Self.type(browser, "\r")
        #expect(browser.isEditing, "Enter on an empty required field stays")
        Self.type(browser, "Take out the bins\r\r")
        #expect(!browser.isEditing)
        #expect(store.log == [#"add 3 {"text":"Take out the bins","done":false}"#])
        #expect(browser.list.rows.map(\.id) == [3, 2, 1])
        #expect(browser.list.highlight == 0)
        #expect(Self.screen(browser).contains("› Take out the bins  ✗"))
    }

    // MARK: Toggle and delete

    @Test func spaceTogglesAndSavesAtOnce() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, " ")
        #expect(store.log == [#"update 2 {"text":"Water the plants","done":true}"#])
        #expect(Self.screen(browser).contains("› Water the plants  ✓"))
        Self.type(browser, " ")
        #expect(Self.screen(browser).contains("› Water the plants  ✗"))
    }

    @Test func aToggleThatCannotBeStoredSaysWhy() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        store.failure = "the database is locked by another program."
        Self.type(browser, " ")
        let screen = Self.screen(browser)
        #expect(screen.contains("› Water the plants  ✗"))
        #expect(screen.hasSuffix("! the database is locked by another program"))
    }

    @Test func dDeletesAfterYes() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "d")
        #expect(Self.screen(browser).hasSuffix("Delete “Water the plants”? (y/n)"))
        Self.type(browser, "n")
        #expect(store.log == [])
        Self.type(browser, "dy")
        #expect(store.log == ["delete 2"])
        let screen = Self.screen(browser)
        #expect(!screen.contains("Water the plants  "))
        #expect(screen.contains("› Buy milk  ✓"))
        #expect(screen.hasSuffix("Deleted “Water the plants”"))
    }

    /// While the window is too small for the list, keys open, toggle and delete
    /// nothing (a `y` would have answered a delete question nobody could see);
    /// Esc leaves, as the screen says.
    @Test func aListTooSmallToSeeTakesNoKeysButEsc() {
        let (browser, store) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "d")
        #expect(Self.screen(browser).hasSuffix("Delete “Water the plants”? (y/n)"))
        #expect(Self.screen(browser, width: 20, height: 4).lowercased().contains("too small"))
        #expect(Self.type(browser, "y") == [.bell])
        #expect(Self.type(browser, " a\r") == [.bell, .bell, .bell])
        #expect(store.log == [], "nothing deleted, toggled or added blind")
        #expect(!browser.isEditing)
        #expect(
            Self.screen(browser).hasSuffix("Delete “Water the plants”? (y/n)"),
            "larger again: the question is still asked")
        Self.type(browser, "n")
        _ = Self.screen(browser, width: 20, height: 4)
        Self.escape(browser)
        #expect(browser.outcome == .quit)
    }

    @Test func anEmptyListSaysHowToAdd() {
        let store = Store([])
        let browser = RecordBrowser(context: Self.context, rows: [], hooks: store.hooks())
        defer { browser.close() }
        #expect(Self.screen(browser).contains("No records yet — press a to add one"))
        #expect(Self.type(browser, "\r") == [.bell])
        #expect(Self.type(browser, " ") == [.bell])
    }

    // MARK: A long list

    @Test func aLongListIsReadAsItScrolls() {
        let store = Store(
            (1...2000).reversed().map { RecordListRow(id: Int64($0), values: Self.record("Chore \($0)")) })
        let browser = RecordBrowser(
            context: Self.context, rows: Array(store.rows.prefix(50)), total: 2000, hooks: store.hooks())
        defer { browser.close() }
        #expect(Self.screen(browser).hasPrefix("Chore · 2000 records · rows 1–7\n"))
        Self.type(browser, String(repeating: "\u{1B}[6~", count: 5))
        #expect(store.log == ["load before 1951 limit 500"])
        #expect(browser.list.rows.count == 550)
        // End reads the oldest 200, not the 1,450 between (issue 27).
        Self.type(browser, "\u{1B}[F")
        #expect(store.log.last == "oldest after none limit 200")
        #expect(Self.screen(browser).contains("› Chore 1\n"))
        #expect(Self.screen(browser).hasPrefix("Chore · 2000 records · rows 1994–2000\n"))
        // Up from there, the rows above are read as the list comes near them; Home reads the newest again.
        Self.type(browser, String(repeating: "\u{1B}[5~", count: 30))
        #expect(store.log.last == "oldest after 200 limit 500")
        #expect(browser.list.rows.count == 700)
        Self.type(browser, "\u{1B}[H")
        #expect(store.log.last == "load before 9223372036854775807 limit 200")
        #expect(Self.screen(browser).contains(" · rows 1–7\n"))
        #expect(Self.screen(browser).contains("› Chore 2000\n"))
    }

    @Test func aFailedReadSaysWhyAndStopsReading() {
        let store = Store((1...100).reversed().map { RecordListRow(id: Int64($0), values: Self.record("Chore \($0)")) })
        let browser = RecordBrowser(
            context: Self.context, rows: Array(store.rows.prefix(10)), total: 100, hooks: store.hooks())
        defer { browser.close() }
        store.failure = "the database is corrupt."
        Self.type(browser, "\u{1B}[F")
        #expect(Self.screen(browser).hasSuffix("! the database is corrupt"))
        #expect(Self.screen(browser).contains("› Chore 100\n"))
        #expect(Self.screen(browser).hasPrefix("Chore · 100 records · rows 1–7\n"))
        Self.type(browser, "\u{1B}[A\u{1B}[F")
        #expect(store.log == ["oldest after none limit 200"], "a failed read is not tried again on every key")
        #expect(Self.screen(browser).contains("› Chore 91\n"), "End goes to the last row read")
    }

    // MARK: Leaving

    @Test func qAndEscLeave() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "q")
        #expect(browser.outcome == .quit)
        let (other, _) = Self.browser()
        defer { other.close() }
        Self.escape(other)
        #expect(other.outcome == .quit)
    }

    @Test func ctrlCLeavesFromTheListAndFromTheForm() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "\u{3}")
        #expect(browser.outcome == .interrupted)
        let (editing, store) = Self.browser()
        defer { editing.close() }
        Self.type(editing, "\rhalf typed\u{3}")
        #expect(editing.outcome == .interrupted)
        #expect(!editing.isEditing)
        #expect(store.log == [])
    }

    @Test func signalsEndTheBrowserWhereverItIs() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        Self.type(browser, "a")
        #expect(browser.stop(signal: SIGTERM) == .terminated(signal: SIGTERM))
        #expect(!browser.isEditing)
        #expect(browser.stop(signal: SIGINT) == .terminated(signal: SIGTERM), "the first way out stays")
    }

    @Test func ctrlZAndCtrlLAreAskedOfTheRunner() {
        let (browser, _) = Self.browser()
        defer { browser.close() }
        #expect(Self.type(browser, "\u{1A}") == [.suspend])
        #expect(Self.type(browser, "\u{C}") == [.redraw])
        Self.type(browser, "\r")
        #expect(Self.type(browser, "\u{1A}") == [.suspend])
        #expect(Self.type(browser, "\u{C}") == [.redraw])
    }

    /// What a key means on the list, by the list's key map.
    static func event(_ chord: KeyChord, confirming: Bool) -> RecordListEvent? {
        var state = RecordListState(rows: [])
        state.confirmingDelete = confirming ? 1 : nil
        return RecordListKeyMaps.standard.event(
            for: chord, in: RecordListKeySituation(state: state, form: Form(name: "t", pages: [])))
    }

    @Test func confirmingTakesYOrAnythingElse() {
        #expect(Self.event(.character("y"), confirming: true) == .confirmAnswered(true))
        #expect(Self.event(.character("Y"), confirming: true) == .confirmAnswered(true))
        #expect(Self.event(.character("n"), confirming: true) == .confirmAnswered(false))
        #expect(Self.event(.escape, confirming: true) == .confirmAnswered(false))
        #expect(Self.event(.enter, confirming: true) == .confirmAnswered(false))
        #expect(Self.event(.control("c"), confirming: true) == .interrupted)
        #expect(Self.event(.pageDown, confirming: false) == .moved(.pageDown))
        #expect(Self.event(.delete, confirming: false) == .deletePressed)
        #expect(Self.event(.tab, confirming: false) == nil)
    }
}
