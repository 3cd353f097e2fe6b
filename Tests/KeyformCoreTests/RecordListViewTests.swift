import KeyformCore
import SnapshotTesting
import Testing

/// Frame snapshots of the list screen of `keyform browse`: the text (cursor
/// marked `▏`), then the style map, as in `FormViewTests`.
@Suite(.snapshots(record: .missing))
struct RecordListViewTests {
    static let packing = RecordListTests.packing

    static func row(_ id: Int64, _ values: [String: FieldValue], _ form: Form) -> RecordListRow {
        RecordListTests.row(id, values, form)
    }

    static func picture(
        _ state: RecordListState, _ form: Form, width: Int = 80, height: Int = 24, color: Bool = true
    ) -> String {
        let frame = RecordListView.render(state, form, width: width, height: height, color: color)
        let cursor = frame.cursor.map { "row \($0.row), column \($0.column)" } ?? "hidden"
        return """
            \(width)×\(height)\(color ? "" : " NO_COLOR"), cursor: \(cursor)
            \(frame.text(markCursor: true))
            ── styles: R reverse, E error, B bold, A accent, D dim, U underline ──
            \(frame.styleMap())

            """
    }

    /// Three to-dos, newest first, as `keyform run todo` would store them.
    static func todos(_ todo: Form) -> [RecordListRow] {
        [
            row(3, ["text": .text("Water the plants"), "priority": .text("Low"), "done": .boolean(false)], todo),
            row(
                2,
                [
                    "text": .text("Call mom"), "priority": .text("High"), "done": .boolean(true),
                    "due": .date(CivilDate(year: 2026, month: 11, day: 22)!),
                ], todo),
            row(
                1,
                [
                    "text": .text("Buy milk"), "priority": .text("Medium"), "done": .boolean(false),
                    "due": .date(CivilDate(year: 2026, month: 11, day: 21)!), "note": .text("oat, not cow"),
                ], todo),
        ]
    }

    static func state(
        _ rows: [RecordListRow], height: Int = 24, _ events: [RecordListEvent] = [], form: Form = packing
    ) -> RecordListState {
        var state = RecordListState(rows: rows, visibleRows: RecordListView.visibleRows(height: height))
        for event in events { _ = RecordListEngine.reduce(&state, event, form) }
        return state
    }

    // MARK: The to-do list

    @Test func todoList() throws {
        let todo = try RecordListTests.todo()
        let state = Self.state(Self.todos(todo), [.moved(.down)], form: todo)
        assertSnapshot(of: Self.picture(state, todo), as: .lines)
    }

    @Test func todoListNoColor() throws {
        let todo = try RecordListTests.todo()
        assertSnapshot(of: Self.picture(Self.state(Self.todos(todo)), todo, color: false), as: .lines)
    }

    @Test func todoListAt40x12() throws {
        let todo = try RecordListTests.todo()
        assertSnapshot(
            of: Self.picture(Self.state(Self.todos(todo), height: 12), todo, width: 40, height: 12), as: .lines)
    }

    @Test func todoListAtTheSmallestSize() throws {
        let todo = try RecordListTests.todo()
        let state = Self.state(Self.todos(todo), height: 8, [.moved(.last)], form: todo)
        assertSnapshot(of: Self.picture(state, todo, width: 24, height: 8), as: .lines)
    }

    @Test func emptyListSaysHowToAdd() throws {
        let todo = try RecordListTests.todo()
        assertSnapshot(of: Self.picture(Self.state([]), todo), as: .lines)
    }

    /// Issue #20: with `add: n` browse said "press a to add one" (a did nothing).
    @Test func anEmptyListNamesTheKeysOfTheMap() throws {
        let todo = try RecordListTests.todo()
        let keys = ConfiguredKeys(rebinding: [.add: [.character("n")], .back: [.control("g")]]).list
        let frame = RecordListView.render(Self.state([]), todo, width: 80, height: 24, keys: keys)
        #expect(frame.text().contains("No records yet — press n to add one"), "\(frame.text())")
        let vacation = try DemoForms.context("vacation").form
        let filtered = Self.scoped(
            [], [], [.filterPicked(FieldMatch(field: "tags", value: .text("Museum"))), .rowsReloaded([], total: 0)],
            form: vacation)
        let text = RecordListView.render(filtered, vacation, width: 80, height: 24, keys: keys).text()
        #expect(text.contains("No records with Tags: Museum — Ctrl-G shows all, n adds one"), "\(text)")
        let small = RecordListView.render(Self.state([]), todo, width: 23, height: 8, keys: keys).text()
        #expect(small.contains("press Ctrl-G."), "\(small)")
    }

    @Test func deleteQuestion() throws {
        let todo = try RecordListTests.todo()
        let state = Self.state(Self.todos(todo), [.moved(.down), .deletePressed], form: todo)
        assertSnapshot(of: Self.picture(state, todo), as: .lines)
    }

    @Test func deletedNotice() throws {
        let todo = try RecordListTests.todo()
        let state = Self.state(
            Self.todos(todo), [.moved(.down), .deletePressed, .confirmAnswered(true), .recordDeleted(id: 2)], form: todo
        )
        assertSnapshot(of: Self.picture(state, todo), as: .lines)
    }

    @Test func storeProblem() throws {
        let todo = try RecordListTests.todo()
        let state = Self.state(
            Self.todos(todo), [.storeFailed("cannot write the database: it is read-only")], form: todo)
        assertSnapshot(of: Self.picture(state, todo, color: false), as: .lines)
    }

    // MARK: Booleans, numbers, wide characters, unsafe text

    @Test func checklistWithBooleansAndNumbers() {
        let rows = [
            Self.row(4, ["item": .text("Charger"), "packed": .boolean(false), "qty": .integer(1)], Self.packing),
            Self.row(3, ["item": .text("Socks"), "packed": .boolean(true), "qty": .integer(12)], Self.packing),
            Self.row(2, ["item": .text("Passport")], Self.packing),
            Self.row(1, ["item": .text("Sunscreen"), "packed": .boolean(true), "qty": .integer(-1)], Self.packing),
        ]
        assertSnapshot(of: Self.picture(Self.state(rows, [.moved(.down)]), Self.packing), as: .lines)
    }

    @Test func wideCharactersStayAligned() throws {
        let japanese = try DemoForms.context("japanese").form
        let rows = [
            Self.row(3, ["title": .text("牛乳を買う"), "priority": .text("高"), "memo": .text("低脂肪")], japanese),
            Self.row(2, ["title": .text("Mail 📮 the letter"), "priority": .text("中")], japanese),
            Self.row(
                1,
                ["title": .text("会議の資料を準備する（とても長い件名のタスクです）"), "priority": .text("低"), "memo": .text("mixed 日本語 text")],
                japanese),
        ]
        assertSnapshot(of: Self.picture(Self.state(rows), japanese, width: 40, height: 10), as: .lines)
    }

    @Test func escapesAndBidiInValuesAreShownEscaped() throws {
        let todo = try RecordListTests.todo()
        let rows = [Self.row(1, ["text": .text("red\u{1B}[31m text"), "note": .text("\u{202E}reversed")], todo)]
        assertSnapshot(of: Self.picture(Self.state(rows), todo), as: .lines)
    }

    // MARK: Lists that show only some records

    /// Groceries items of the checklist demo, as `browse checklist --where list=Groceries` lists them.
    static func groceries(_ checklist: Form) -> [RecordListRow] {
        [
            row(3, ["list": .text("Groceries"), "item": .text("Eggs"), "checked": .boolean(false)], checklist),
            row(2, ["list": .text("Groceries"), "item": .text("Oat milk"), "checked": .boolean(true)], checklist),
            row(1, ["list": .text("Groceries"), "item": .text("Bread"), "checked": .boolean(false)], checklist),
        ]
    }

    static func scoped(
        _ rows: [RecordListRow], _ scope: [FieldMatch], leaveLabel: Message = .hintQuit,
        _ events: [RecordListEvent] = [],
        form: Form, height: Int = 24
    ) -> RecordListState {
        var state = RecordListState(
            rows: rows, visibleRows: RecordListView.visibleRows(height: height), scope: scope, leaveLabel: leaveLabel)
        for event in events { _ = RecordListEngine.reduce(&state, event, form) }
        return state
    }

    @Test func oneChecklistsItems() throws {
        let checklist = try DemoForms.context("checklist").form
        let state = Self.scoped(
            Self.groceries(checklist), [FieldMatch(field: "list", value: .text("Groceries"))], leaveLabel: .hintLists,
            form: checklist)
        assertSnapshot(of: Self.picture(state, checklist), as: .lines)
    }

    @Test func aNewChecklistIsEmpty() throws {
        let checklist = try DemoForms.context("checklist").form
        let state = Self.scoped(
            [], [FieldMatch(field: "list", value: .text("Hardware"))], leaveLabel: .hintLists, form: checklist)
        assertSnapshot(of: Self.picture(state, checklist), as: .lines)
    }

    /// Vacation notes filtered with f by the tag Food: the tags column stays (other tags show).
    @Test func notesFilteredByATag() throws {
        let vacation = try DemoForms.context("vacation").form
        let food = FieldMatch(field: "tags", value: .text("Food"))
        let rows = [
            Self.row(3, ["place": .text("Porto"), "tags": .list(["Food"]), "note": .text("Francesinha")], vacation),
            Self.row(
                1,
                ["place": .text("Lisbon"), "tags": .list(["Sunset", "Food"]), "note": .text("Sunset over the river")],
                vacation),
        ]
        let state = Self.scoped([], [], [.filterPicked(food), .rowsReloaded(rows, total: 2)], form: vacation)
        assertSnapshot(of: Self.picture(state, vacation), as: .lines)
    }

    @Test func notesFilteredAt40x12() throws {
        let vacation = try DemoForms.context("vacation").form
        let food = FieldMatch(field: "tags", value: .text("Food"))
        let rows = (1...12).reversed().map {
            Self.row(
                Int64($0), ["place": .text("Lisbon"), "tags": .list(["Food"]), "note": .text("Dinner \($0)")], vacation)
        }
        let state = Self.scoped(
            [], [], [.filterPicked(food), .rowsReloaded(rows, total: 12), .resized(visibleRows: 7)], form: vacation,
            height: 12)
        assertSnapshot(of: Self.picture(state, vacation, width: 40, height: 12), as: .lines)
    }

    @Test func aFilterWithNoRecordsSaysEscShowsAll() throws {
        let vacation = try DemoForms.context("vacation").form
        let state = Self.scoped(
            [], [], [.filterPicked(FieldMatch(field: "tags", value: .text("Museum"))), .rowsReloaded([], total: 0)],
            form: vacation)
        assertSnapshot(of: Self.picture(state, vacation, color: false), as: .lines)
    }

    @Test func anAddedRecordOutsideTheFilterIsNamed() throws {
        let checklist = try DemoForms.context("checklist").form
        let hardware = Self.row(
            4, ["list": .text("Hardware"), "item": .text("Nails"), "checked": .boolean(false)], checklist)
        let state = Self.scoped(
            Self.groceries(checklist), [FieldMatch(field: "list", value: .text("Groceries"))], leaveLabel: .hintLists,
            [.recordAdded(hardware)], form: checklist)
        assertSnapshot(of: Self.picture(state, checklist), as: .lines)
    }

    // MARK: Long lists

    // MARK: In Japanese

    /// The list in Japanese (`KEYFORM_LANG=ja`): the title's count, the
    /// footer, the delete question, the notice after it, a long list's rows
    /// and an empty filtered list are the catalogue's; labels and values are the form's.
    @Test func theListInJapanese() throws {
        let todo = try RecordListTests.todo()
        func japanese(
            _ rows: [RecordListRow], height: Int = 24, _ events: [RecordListEvent], form: Form
        ) -> RecordListState {
            var state = RecordListState(
                rows: rows, visibleRows: RecordListView.visibleRows(height: height), language: .japanese)
            for event in events { _ = RecordListEngine.reduce(&state, event, form) }
            return state
        }
        let list = japanese(Self.todos(todo), [.moved(.down)], form: todo)
        let text = RecordListView.render(list, todo, width: 80, height: 24).text()
        #expect(
            text.hasPrefix("To-Do · 3 件")
                && text.hasSuffix("↑↓ 移動 · Enter 編集 · a 追加 · d 削除 · Space 切替 · f 絞り込み · q 終了"), "\(text)")
        assertSnapshot(of: Self.picture(list, todo), as: .lines, named: "list")
        let asked = japanese(Self.todos(todo), [.moved(.down), .deletePressed], form: todo)
        #expect(RecordListView.render(asked, todo, width: 80, height: 24).text().hasSuffix("「Call mom」を削除しますか？ (y/n)"))
        let deleted = japanese(
            Self.todos(todo), [.moved(.down), .deletePressed, .confirmAnswered(true), .recordDeleted(id: 2)], form: todo
        )
        #expect(RecordListView.render(deleted, todo, width: 80, height: 24).text().hasSuffix("「Call mom」を削除しました"))
        let long = japanese(RecordListTests.items(40), height: 12, [.moved(.pageDown)], form: Self.packing)
        #expect(
            RecordListView.render(long, Self.packing, width: 50, height: 12).text().hasPrefix("Packing List · 40 件 · ")
                && RecordListView.render(long, Self.packing, width: 50, height: 12).text().contains("件目"),
            "\(RecordListView.render(long, Self.packing, width: 50, height: 12).text())")
        let vacation = try DemoForms.context("vacation").form
        let empty = japanese(
            [], [.filterPicked(FieldMatch(field: "tags", value: .text("Museum"))), .rowsReloaded([], total: 0)],
            form: vacation)
        assertSnapshot(of: Self.picture(empty, vacation, color: false), as: .lines, named: "emptyFiltered")
    }

    /// A click on a record's row opens it: each row shown is a region of the
    /// frame, laid with its cells; the header, the title and the footer are none.
    @Test func eachRecordRowIsClickable() throws {
        let todo = try RecordListTests.todo()
        let frame = RecordListView.render(Self.state(Self.todos(todo), form: todo), todo, width: 80, height: 24)
        #expect(
            frame.target(row: 3, column: 0) == .record(0) && frame.target(row: 4, column: 40) == .record(1)
                && frame.target(row: 5, column: 79) == .record(2), "\(frame.text())")
        #expect(
            frame.target(row: 0, column: 0) == nil && frame.target(row: 2, column: 4) == nil
                && frame.target(row: 6, column: 0) == nil)
        let asking = RecordListView.render(
            Self.state(Self.todos(todo), [.deletePressed], form: todo), todo, width: 80, height: 24)
        #expect(asking.regions.isEmpty, "while a delete is asked, a click opens nothing")
    }

    @Test func aLongListShowsWhichRows() {
        let state = Self.state(RecordListTests.items(40), height: 12, [.moved(.pageDown), .moved(.down)])
        assertSnapshot(of: Self.picture(state, Self.packing, width: 50, height: 12), as: .lines)
    }

    @Test(arguments: [(23, 8), (24, 7), (0, 0)])
    func tooSmall(size: (width: Int, height: Int)) {
        let frame = RecordListView.render(
            Self.state(RecordListTests.items(3)), Self.packing, width: size.width, height: size.height)
        #expect(frame.text().hasPrefix("Terminal too small") || frame.text().hasPrefix("Too small") || size.width < 9)
        #expect(frame.lines.count == size.height)
    }

    /// Every size from the smallest up: exactly `height` lines, none wider than
    /// the screen, the highlighted row in view and reversed.
    @Test func everySizeGivesAWellFormedFrame() throws {
        let todo = try RecordListTests.todo()
        for width in stride(from: 24, through: 100, by: 3) {
            for height in 8...30 {
                for highlight in [0, 1, 2] {
                    var state = RecordListState(rows: Self.todos(todo), highlight: highlight)
                    _ = RecordListEngine.reduce(
                        &state, .resized(visibleRows: RecordListView.visibleRows(height: height)), todo)
                    let frame = RecordListView.render(state, todo, width: width, height: height)
                    #expect(frame.lines.count == height)
                    #expect(frame.lines.allSatisfy { $0.cells <= width }, "\(width)×\(height)")
                    let marked = frame.lines.filter { $0.text.hasPrefix("› ") }
                    #expect(marked.count == 1, "\(width)×\(height)")
                    #expect(marked.first?.spans.allSatisfy { $0.style.contains(.reverse) } == true)
                    #expect(marked.first?.cells == width, "the highlight spans the screen")
                }
            }
        }
    }
}
