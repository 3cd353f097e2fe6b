import KeyformCore
import Testing

/// The list's `s` key: newest first, then by each offered order, then newest first again.
@Suite struct RecordListSortTests {
    static let form = Form(
        title: "New To-Do", name: "todo",
        pages: [
            .init(fields: [
                Field(id: "text", label: "Text", required: true),
                Field(id: "priority", label: "Priority", layout: "priority", input: .grid, strict: true),
                Field(id: "due", label: "Due", type: .date),
            ])
        ])
    static let byDue = RecordListSort(field: "due")
    static let byPriority = RecordListSort(field: "priority", ranking: ["High", "Medium", "Low"])

    static func row(_ id: Int64, _ text: String, _ priority: String?, _ due: String?) -> RecordListRow {
        RecordListRow(
            id: id,
            values: Record(values: [
                ("text", .text(text)), ("priority", priority.map(FieldValue.text)),
                ("due", due.flatMap { CivilDate(iso: $0) }.map(FieldValue.date)),
            ]))
    }

    /// Newest first: id 4 … 1.
    static let rows = [
        row(4, "Taxes", "High", "2026-12-01"),
        row(3, "Call mum", "Low", "2026-11-25"),
        row(2, "Buy milk", "Medium", nil),
        row(1, "Plan trip", "Odd", "2026-11-25"),
    ]

    static func texts(_ state: RecordListState) -> [String] { state.rows.map { $0.values["text"]?.text ?? "" } }

    @Test func theOrdersOfferedAreTheDatesThenTheStrictGrids() {
        let sorts = RecordListSort.offered(for: Self.form) { $0.id == "priority" ? ["High", "Medium", "Low"] : nil }
        #expect(sorts == [Self.byDue, Self.byPriority])
        // A grid field that is not strict, or has no grid, is no order.
        #expect(RecordListSort.offered(for: Self.form) { _ in nil } == [Self.byDue])
    }

    @Test func sKeyGoesThroughTheOrdersAndBackToNewestFirst() {
        var state = RecordListState(rows: Self.rows, sorts: [Self.byDue, Self.byPriority])
        #expect(RecordListEngine.nextSort(state) == Self.byDue)
        #expect(RecordListEngine.reduce(&state, .sortPressed, Self.form) == [])
        // By due, earliest first; the same day newest first; none last.
        #expect(state.sort == Self.byDue)
        #expect(Self.texts(state) == ["Call mum", "Plan trip", "Taxes", "Buy milk"])
        // The highlight stays on the record it was on (Taxes, the newest).
        #expect(state.highlighted?.id == 4)
        #expect(RecordListEngine.nextSort(state) == Self.byPriority)
        _ = RecordListEngine.reduce(&state, .sortPressed, Self.form)
        // By the grid's order; a value the grid does not have after those it has.
        #expect(Self.texts(state) == ["Taxes", "Buy milk", "Call mum", "Plan trip"])
        #expect(RecordListEngine.nextSort(state) == nil)
        _ = RecordListEngine.reduce(&state, .sortPressed, Self.form)
        #expect(state.sort == nil)
        #expect(state.rows.map(\.id) == [4, 3, 2, 1])
    }

    @Test func aListWithoutOrdersRingsTheBell() {
        var state = RecordListState(rows: Self.rows)
        #expect(RecordListEngine.reduce(&state, .sortPressed, Self.form) == [.bell])
        #expect(state.sort == nil)
    }

    @Test func aSortedListReadsEveryRecordAndKeepsThemInOrder() {
        var state = RecordListState(rows: Array(Self.rows.prefix(2)), total: 4, sorts: [Self.byDue])
        // Sorted, the rest are read at once, all of them.
        #expect(
            RecordListEngine.reduce(&state, .sortPressed, Self.form) == [.loadRows(before: 3, limit: nil, matching: [])]
        )
        _ = RecordListEngine.reduce(&state, .rowsLoaded(Array(Self.rows.suffix(2))), Self.form)
        #expect(Self.texts(state) == ["Call mum", "Plan trip", "Taxes", "Buy milk"])
        #expect(state.isComplete)
        // A new record goes where the order puts it, highlighted.
        _ = RecordListEngine.reduce(&state, .recordAdded(Self.row(5, "Dentist", "High", "2026-11-30")), Self.form)
        #expect(Self.texts(state) == ["Call mum", "Plan trip", "Dentist", "Taxes", "Buy milk"])
        #expect(state.highlighted?.id == 5)
        // A record saved with another due date moves.
        _ = RecordListEngine.reduce(&state, .recordSaved(Self.row(2, "Buy milk", "Medium", "2026-11-20")), Self.form)
        #expect(Self.texts(state).first == "Buy milk")
    }

    @Test func theFooterNamesWhatSDoesNextAndTheTitleTheOrder() {
        var state = RecordListState(rows: Self.rows, sorts: [Self.byDue, Self.byPriority])
        func footer() -> String {
            RecordListKeyMaps.standard.list.footer(
                in: RecordListKeySituation(state: state, form: Self.form), width: 200)
        }
        #expect(footer().contains("s sort by Due"))
        _ = RecordListEngine.reduce(&state, .sortPressed, Self.form)
        #expect(footer().contains("s sort by Priority"))
        let title = RecordListView.render(state, Self.form, width: 80, height: 10, color: false).lines[0].text
        #expect(title.hasPrefix("To-Do · by Due · 4 records"), "\(title)")
        _ = RecordListEngine.reduce(&state, .sortPressed, Self.form)
        #expect(footer().contains("s sort newest first"))
        // Without orders the footer does not name s.
        let plain = RecordListState(rows: Self.rows)
        #expect(
            !RecordListKeyMaps.standard.list.footer(
                in: RecordListKeySituation(state: plain, form: Self.form), width: 200
            ).contains("sort"))
        #expect(
            RecordListKeyMaps.standard.event(
                for: .character("s"), in: RecordListKeySituation(state: state, form: Self.form)) == .sortPressed)
    }
}

/// The swim log's week: the distance per stroke since Monday.
@Suite struct WeekTotalsTests {
    @Test func mondayIsTheWeeksFirstDay() {
        #expect(WeekTotals.monday(of: CivilDate(iso: "2026-11-24")!) == CivilDate(iso: "2026-11-23"))
        #expect(WeekTotals.monday(of: CivilDate(iso: "2026-11-23")!) == CivilDate(iso: "2026-11-23"))
        #expect(WeekTotals.monday(of: CivilDate(iso: "2026-11-22")!) == CivilDate(iso: "2026-11-16"))
        #expect(WeekTotals.monday(of: CivilDate(iso: "1970-01-01")!) == CivilDate(iso: "1969-12-29"))
    }

    @Test func sumsPerStrokeOfThisWeeksSwims() {
        func swim(_ date: String?, _ stroke: String?, _ distance: Int?) -> Record {
            Record(values: [
                ("date", date.flatMap { CivilDate(iso: $0) }.map(FieldValue.date)),
                ("stroke", stroke.map(FieldValue.text)),
                ("distance", distance.map(FieldValue.integer)),
            ])
        }
        let records = [
            swim("2026-11-25", "Freestyle", 400), swim("2026-11-23", "Freestyle", 800),
            swim("2026-11-24", "Breaststroke", 1500),
            swim("2026-11-22", "Freestyle", 1000),  // last week
            swim("2026-11-26", "Freestyle", 200),  // after today
            swim(nil, "Backstroke", 100), swim("2026-11-24", nil, 100), swim("2026-11-24", "Backstroke", nil),
        ]
        let sums = WeekTotals.sums(
            records, date: "date", group: "stroke", amount: "distance", today: CivilDate(iso: "2026-11-25")!)
        #expect(sums.map(\.group) == ["Breaststroke", "Freestyle"])
        #expect(sums.map(\.total) == [1500, 1200])
    }
}
