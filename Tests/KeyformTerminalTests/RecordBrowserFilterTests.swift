import Foundation
import Glibc
import KeyformCore
import KeyformTestSupport
import Testing

@testable import KeyformTerminal

/// The browse scene showing only some records, driven by key bytes over an
/// in-memory store that answers with `FieldMatch` as the database does: a list
/// scoped to one checklist, and f picking a field, then a value from its grid.
@Suite(.serialized)
@MainActor
struct RecordBrowserFilterTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    // MARK: Helpers

    nonisolated static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// Vacation notes: a place, tags picked from a grid (several), a note.
    nonisolated static let notes = try! FormContext(
        form: Form(
            title: "Vacation note", name: "vacation",
            pages: [
                .init(fields: [
                    Field(id: "place", label: "Place", required: true),
                    Field(id: "tags", label: "Tags", layout: "tags", input: .grid, strict: true, multiple: true),
                    Field(id: "note", label: "Note"),
                ])
            ]),
        layouts: [
            "tags": Layout(
                title: "Tags",
                pages: [
                    .init(rows: [
                        [
                            Layout.Key(label: "Beach", hotkey: "b"), Layout.Key(label: "Food", hotkey: "f"),
                            Layout.Key(label: "City", hotkey: "c"),
                            Layout.Key(label: "Done", hotkey: "d", action: .done),
                        ]
                    ])
                ])
        ],
        clock: WallClock(today: today))

    /// Checklist items: the list, the item's text, checked.
    nonisolated static let items = try! FormContext(
        form: Form(
            title: "Checklist item", name: "checklist",
            pages: [
                .init(fields: [
                    Field(id: "list", label: "List", required: true),
                    Field(id: "item", label: "Item", required: true),
                    Field(id: "checked", label: "Checked", type: .boolean),
                ])
            ]),
        layouts: [:], clock: WallClock(today: today))

    /// Records in memory, newest first; reads apply the conditions as the store does.
    /// How often a hook was called (from the store's queue, one call at a time).
    final class Counter: @unchecked Sendable {
        var count = 0
    }

    final class Store: @unchecked Sendable {
        let form: Form
        var rows: [RecordListRow]
        var log: [String] = []

        init(_ form: Form, _ rows: [RecordListRow]) {
            self.form = form
            self.rows = rows
        }

        func matching(_ matches: [FieldMatch]) -> [RecordListRow] {
            rows.filter { row in matches.allSatisfy { $0.matches(row.values, in: form) } }
        }

        static func describe(_ matches: [FieldMatch]) -> String {
            matches.map { "\($0.field)=\($0.value?.text ?? "")" }.joined(separator: ",")
        }

        func hooks(context: (@Sendable () -> FormContext?)? = nil) -> RecordBrowser.Hooks {
            RecordBrowser.Hooks(
                newValues: { ["checked": "no"] },
                add: { record in
                    let row = RecordListRow(id: (self.rows.map(\.id).max() ?? 0) + 1, values: record)
                    self.rows.insert(row, at: 0)
                    self.log.append("add \(RecordFormat.json(record, form: self.form).dropLast())")
                    return row
                },
                update: { id, record, _ in
                    self.log.append("update \(id)")
                    return RecordListRow(id: id, values: record)
                },
                delete: { id in self.log.append("delete \(id)") },
                load: { before, limit, matches in
                    self.log.append("load \(Self.describe(matches)) limit \(limit.map(String.init) ?? "all")")
                    let older = self.matching(matches).filter { $0.id < before }
                    return Array(older.prefix(limit ?? older.count))
                },
                count: { matches in self.matching(matches).count },
                values: { field in
                    self.log.append("values \(field)")
                    return ["Tram 28", "Francesinha"]
                },
                context: context
            )
        }
    }

    static func note(_ id: Int64, _ place: String, _ tags: [String], _ note: String) -> RecordListRow {
        RecordListRow(
            id: id,
            values: Record(values: [
                ("place", .text(place)), ("tags", tags.isEmpty ? nil : .list(tags)), ("note", .text(note)),
            ]))
    }

    static func vacation() -> (RecordBrowser, Store) {
        let store = Store(
            notes.form,
            [
                note(3, "Porto", ["Food"], "Francesinha"),
                note(2, "Lisbon", ["City"], "Tram 28"),
                note(1, "Lisbon", ["Beach", "Food"], "Sardines"),
            ])
        return (RecordBrowser(context: notes, rows: store.rows, hooks: store.hooks()), store)
    }

    static func item(_ id: Int64, _ list: String, _ text: String, checked: Bool = false) -> RecordListRow {
        RecordListRow(
            id: id,
            values: Record(values: [("list", .text(list)), ("item", .text(text)), ("checked", .boolean(checked))]))
    }

    static func screen(_ browser: RecordBrowser) -> String {
        browser.frame(width: 70, height: 14, color: false).text()
    }

    // MARK: f: a field, then a value from its grid

    @Test func fPicksAFieldThenATagAndTheListShowsOnlyThoseNotes() {
        let (browser, store) = Self.vacation()
        defer { browser.close() }
        #expect(RecordBrowserTests.type(browser, "f") == [.transition(.page(forward: true))])
        #expect(
            Self.screen(browser) == """
                Vacation note · filter

                › Filter by

                Show only the records whose…
                ┌──────────────────────┬──────────────────────┬──────────────────────┐
                │      [1] Place       │       [2] Tags       │       [3] Note       │
                └──────────────────────┴──────────────────────┴──────────────────────┘





                ←↑↓→ move · Esc cancel
                """)
        // 2: the tags field's own grid; one tag is one press.
        #expect(RecordBrowserTests.type(browser, "2") == [.transition(.page(forward: true))])
        #expect(Self.screen(browser).contains("› Tags\n"))
        #expect(Self.screen(browser).contains("[f] Food"))
        #expect(RecordBrowserTests.type(browser, "f").last == .transition(.page(forward: false)))
        #expect(!browser.isEditing)
        #expect(store.log == ["load tags=Food limit 200"])
        #expect(
            Self.screen(browser) == """
                Vacation note · Tags: Food · 2 records

                  Place   Tags         Note
                › Porto   Food         Francesinha
                  Lisbon  Beach, Food  Sardines








                Enter edit · a add · d delete · f filter · Esc show all · q quit
                """)
        // Esc shows every note again; the next Esc leaves.
        RecordBrowserTests.escape(browser)
        #expect(Self.screen(browser).hasPrefix("Vacation note · 3 records\n"))
        #expect(browser.outcome == nil)
        RecordBrowserTests.escape(browser)
        #expect(browser.outcome == .quit)
    }

    /// A place picked from the places stored (`choices: {from:}`): the filter's
    /// value grid offers what is stored when it opens, not when the list did.
    @Test func theValueGridOffersThePlacesStoredNow() {
        let store = Store(
            Self.notes.form,
            [
                Self.note(3, "Porto", ["Food"], "Francesinha"),
                Self.note(2, "Lisbon", ["City"], "Tram 28"),
            ])
        /// The form as the store makes it: the place's grid has a key per place stored.
        let context: @Sendable () -> FormContext = {
            var form = Self.notes.form
            form.pages[0].fields[0].layout = "places"
            form.pages[0].fields[0].input = .grid
            var seen: [String] = []
            for row in store.rows {
                if case .text(let place)? = row.values["place"], !seen.contains(place) { seen.append(place) }
            }
            var layouts = Self.notes.layouts
            layouts["places"] = ChoiceLayout.make(title: "Place", values: seen)
            return try! FormContext(form: form, layouts: layouts, clock: WallClock(today: Self.today))
        }
        let browser = RecordBrowser(context: context(), rows: store.rows, hooks: store.hooks(context: context))
        defer { browser.close() }
        RecordBrowserTests.type(browser, "f1")
        #expect(Self.screen(browser).contains("Porto"))
        RecordBrowserTests.escape(browser)
        // d on Porto (the first row), y: deleted from the store.
        RecordBrowserTests.type(browser, "d")
        RecordBrowserTests.type(browser, "y")
        store.rows.removeAll { $0.id == 3 }
        #expect(Self.screen(browser).hasSuffix("Deleted “Porto”"))
        RecordBrowserTests.type(browser, "f1")
        let grid = Self.screen(browser)
        #expect(grid.contains("Lisbon"), "\(grid)")
        #expect(!grid.contains("Porto"), "a deleted place is not offered:\n\(grid)")
        RecordBrowserTests.escape(browser)
        // A place added (as `a` would store it) is offered the next time.
        store.rows.insert(Self.note(4, "Faro", [], "Beach"), at: 0)
        RecordBrowserTests.type(browser, "f1")
        #expect(Self.screen(browser).contains("Faro"))
    }

    @Test func escInTheFilterFormsGoesBackToTheListAsItWas() {
        let (browser, store) = Self.vacation()
        defer { browser.close() }
        RecordBrowserTests.type(browser, "\u{1B}[Bf")
        #expect(RecordBrowserTests.escape(browser) == [.transition(.page(forward: false))])
        #expect(!browser.isEditing)
        RecordBrowserTests.type(browser, "/2")
        RecordBrowserTests.escape(browser)
        #expect(!browser.isEditing)
        #expect(browser.list.highlight == 1)
        #expect(browser.list.filters.isEmpty)
        #expect(store.log == [])
        #expect(browser.outcome == nil)
    }

    /// The values a field holds are read off the loop: the value form is drawn
    /// at once, its grid saying it loads, and the value picked meanwhile filters
    /// once they come.
    @Test func theValuesStoredAreReadOffTheLoop() {
        let store = Store(Self.notes.form, [Self.note(2, "Lisbon", ["City"], "Tram 28")])
        var hooks = store.hooks()
        let values = hooks.values
        let read = Gate()
        hooks.values = { field in
            read.pass()
            return values(field)
        }
        hooks.readWaitMilliseconds = 0
        let browser = RecordBrowser(context: Self.notes, rows: store.rows, hooks: hooks)
        defer {
            read.open()
            browser.close()
        }
        RecordBrowserTests.type(browser, "f31")
        #expect(read.passed == 0, "the loop waited for the store")
        #expect(browser.isEditing, "drawn at once")
        #expect(Self.screen(browser).contains("Loading Note…"), "\(Self.screen(browser))")
        #expect(store.log.isEmpty, "the key typed on it is held")
        read.open()
        RecordBrowserSlowStoreTests.wake(browser) { store.log.last == "load note=Tram 28 limit 200" }
        #expect(store.log == ["values note", "load note=Tram 28 limit 200"])
        #expect(browser.list.filters == [FieldMatch(field: "note", value: .text("Tram 28"))])
    }

    @Test func aFieldWithoutAGridOffersTheValuesStored() {
        let (browser, store) = Self.vacation()
        defer { browser.close() }
        RecordBrowserTests.type(browser, "f3")
        #expect(store.log == ["values note"])
        #expect(Self.screen(browser).contains("[1] Tram 28"))
        RecordBrowserTests.type(browser, "1")
        #expect(store.log.last == "load note=Tram 28 limit 200")
        #expect(browser.list.rows.map(\.id) == [2])
        // The note is the filter's value: its column goes, the title names it.
        let screen = Self.screen(browser)
        #expect(screen.hasPrefix("Vacation note · Note: Tram 28 · 1 record\n"))
        #expect(screen.contains("  Place   Tags\n› Lisbon  City"))
    }

    @Test func aNoteAddedInAFilteredListStartsWithTheTag() {
        let (browser, store) = Self.vacation()
        defer { browser.close() }
        RecordBrowserTests.type(browser, "f2f")
        RecordBrowserTests.type(browser, "a")
        let form = Self.screen(browser)
        #expect(form.contains("› Place*"))
        #expect(form.contains("  Tags    Food"))
        RecordBrowserTests.type(browser, "Faro\rbd\r")
        #expect(!browser.isEditing)
        #expect(store.log.last == #"add {"place":"Faro","tags":["Food","Beach"],"note":""}"#)
        #expect(browser.list.rows.map(\.id) == [4, 3, 1])
        // Taking the tag off again: stored, and the list says why it is gone.
        RecordBrowserTests.type(browser, "\r\rfd\r")
        #expect(store.log.last == "update 4")
        #expect(browser.list.rows.map(\.id) == [3, 1])
        #expect(Self.screen(browser).hasSuffix("Saved “Faro” · no longer listed: the list shows Tags: Food"))
    }

    // MARK: A list scoped to one checklist

    @Test func aScopedListAddsToItsListWithFocusOnTheItem() {
        let store = Store(
            Self.items.form, [Self.item(2, "Hardware", "Nails"), Self.item(1, "Groceries", "Milk", checked: true)])
        let groceries = FieldMatch(field: "list", value: .text("Groceries"))
        let refreshed = Counter()
        let browser = RecordBrowser(
            context: Self.items, rows: store.matching([groceries]), scope: [groceries], leaveLabel: .hintLists,
            hooks: store.hooks(context: {
                refreshed.count += 1; return Self.items
            }))
        defer { browser.close() }
        #expect(
            Self.screen(browser) == """
                Checklist item · List: Groceries · 1 record

                  Item  Checked
                › Milk  ✓









                Enter edit · a add · d delete · Space toggle · f filter · q lists
                """)
        RecordBrowserTests.type(browser, "a")
        #expect(refreshed.count == 1, "the form's choices are read anew before it opens")
        let form = Self.screen(browser)
        #expect(form.contains("  List*    Groceries\n› Item*"))
        #expect(form.hasSuffix("[ Done ] disabled: Item is required"))
        RecordBrowserTests.type(browser, "Eggs\u{13}")
        #expect(store.log == [#"add {"list":"Groceries","item":"Eggs","checked":false}"#])
        #expect(Self.screen(browser).contains("› Eggs  ✗"))
        // The scope's field is not offered by f; q leaves as the footer says.
        RecordBrowserTests.type(browser, "f")
        #expect(Self.screen(browser).contains("[1] Item"))
        #expect(!Self.screen(browser).contains("List"))
        RecordBrowserTests.escape(browser)
        #expect(RecordBrowserTests.type(browser, "q") == [])
        #expect(browser.outcome == .quit)
    }

    @Test func theFilterKeys() {
        #expect(RecordBrowserTests.event(.character("f"), confirming: false) == .filterPressed)
        #expect(RecordBrowserTests.event(.character("/"), confirming: false) == .filterPressed)
        #expect(RecordBrowserTests.event(.escape, confirming: false) == .backPressed)
        #expect(RecordBrowserTests.event(.character("q"), confirming: false) == .quitPressed)
    }
}
