import KeyformCore
import Testing

/// A list that shows only some records: a scope fixed for its life
/// (`browse --where`) and filters picked with f, step by step with plain
/// values, and the forms the filter key opens.
@Suite struct RecordListFilterTests {
    // MARK: Helpers

    static func vacation() throws -> FormContext { try DemoForms.context("vacation") }
    static func checklist() throws -> FormContext { try DemoForms.context("checklist") }

    static func note(_ id: Int64, _ place: String, _ tags: [String], _ text: String, _ form: Form) -> RecordListRow {
        var values: [String: FieldValue] = ["place": .text(place)]
        if !tags.isEmpty { values["tags"] = .list(tags) }
        if !text.isEmpty { values["note"] = .text(text) }
        return RecordListTests.row(id, values, form)
    }

    /// Four notes, newest first.
    static func notes(_ form: Form) -> [RecordListRow] {
        [
            note(4, "Sintra", ["Hiking"], "Pena palace", form),
            note(3, "Porto", ["Food"], "Francesinha", form),
            note(2, "Lisbon", ["City"], "Tram 28", form),
            note(1, "Lisbon", ["Sunset", "Food"], "Sunset over the river", form),
        ]
    }

    static let food = FieldMatch(field: "tags", value: .text("Food"))

    @discardableResult
    static func send(_ state: inout RecordListState, _ form: Form, _ events: RecordListEvent...) -> [RecordListEffect] {
        var effects: [RecordListEffect] = []
        for event in events { effects = RecordListEngine.reduce(&state, event, form) }
        return effects
    }

    // MARK: Conditions

    @Test func aConditionOnAListFieldMeansTheListHoldsTheItem() throws {
        let form = try Self.vacation().form
        let rows = Self.notes(form)
        #expect(rows.filter { Self.food.matches($0.values, in: form) }.map(\.id) == [3, 1])
        let lisbon = FieldMatch(field: "place", value: .text("Lisbon"))
        #expect(rows.filter { lisbon.matches($0.values, in: form) }.map(\.id) == [2, 1])
        // An empty value matches an empty field only.
        let noNote = FieldMatch(field: "note", value: nil)
        #expect(!noNote.matches(rows[0].values, in: form))
        #expect(noNote.matches(Self.note(5, "Faro", [], "", form).values, in: form))
        #expect(!Self.food.matches(Self.note(5, "Faro", [], "", form).values, in: form))
    }

    @Test func conditionsAreNamedByLabelAndSafe() throws {
        let form = try Self.vacation().form
        #expect(Self.food.describe(in: form) == "Tags: Food")
        #expect(FieldMatch(field: "note", value: nil).describe(in: form) == "Note: (empty)")
        #expect(
            FieldMatch(field: "place", value: .text("Bar\u{1B}[31m")).describe(in: form) == #"Place: Bar\u{1B}[31m"#)
    }

    @Test func aNewRecordStartsWithTheConditionsValuesAndFocusesTheFirstFreeField() throws {
        let checklist = try Self.checklist().form
        let groceries = FieldMatch(field: "list", value: .text("Groceries"))
        let start = RecordListEngine.newRecord(
            start: ["list": "Hardware", "checked": "no"], matching: [groceries], checklist)
        #expect(start.values == ["list": "Groceries", "checked": "no"])
        #expect(start.focus == 1, "on the item's text")

        let vacation = try Self.vacation().form
        // A list field gets the item added to what it starts with; an empty condition empties the field.
        let tagged = RecordListEngine.newRecord(
            start: ["tags": "Sunset"], matching: [Self.food, FieldMatch(field: "note", value: nil)], vacation)
        #expect(tagged.values == ["tags": .selection(["Sunset", "Food"]), "note": ""])
        #expect(tagged.focus == 0)
        #expect(
            RecordListEngine.newRecord(start: ["tags": "Food, City"], matching: [Self.food], vacation).values == [
                "tags": .selection(["Food", "City"])
            ])
        #expect(RecordListEngine.newRecord(start: [:], matching: [], vacation) == (values: [:], focus: 0))
    }

    // MARK: A scope (browse --where)

    @Test func aScopedListKeepsItsScopeAndLeavesItsFieldsColumnOut() throws {
        let form = try Self.checklist().form
        let groceries = FieldMatch(field: "list", value: .text("Groceries"))
        let state = RecordListState(rows: [], scope: [groceries], leaveLabel: .hintLists)
        #expect(state.matches == [groceries])
        #expect(RecordListEngine.listedFields(state, form).map(\.id) == ["item", "checked"])
        // A list field's condition is one item of several: its column stays.
        let vacation = try Self.vacation().form
        let tagged = RecordListState(rows: [], scope: [Self.food])
        #expect(RecordListEngine.listedFields(tagged, vacation).map(\.id) == ["place", "tags", "note"])
        // Every field fixed: all columns, rather than none.
        let all = RecordListState(
            rows: [], scope: ["list", "item", "checked"].map { FieldMatch(field: $0, value: nil) })
        #expect(RecordListEngine.listedFields(all, form).count == 3)
    }

    @Test func aRecordAddedOutsideTheConditionsIsStoredButNotListed() throws {
        let form = try Self.vacation().form
        var state = RecordListState(
            rows: Array(Self.notes(form).filter { Self.food.matches($0.values, in: form) }), scope: [Self.food])
        #expect(Self.send(&state, form, .recordAdded(Self.note(5, "Faro", ["Beach"], "", form))) == [])
        #expect(state.rows.map(\.id) == [3, 1])
        #expect(state.total == 2)
        #expect(state.notice == .info("Added “Faro” · not listed: the list shows Tags: Food"))
        Self.send(&state, form, .recordAdded(Self.note(6, "Faro", ["Beach", "Food"], "", form)))
        #expect(state.rows.map(\.id) == [6, 3, 1])
        #expect((state.total, state.highlight) == (3, 0))
    }

    @Test func aRecordEditedOutOfTheConditionsLeavesTheList() throws {
        let form = try Self.vacation().form
        var state = RecordListState(rows: [Self.notes(form)[1], Self.notes(form)[3]], scope: [Self.food])
        Self.send(&state, form, .moved(.down))
        // Edited, still with Food: changed in place.
        let still = Self.note(1, "Lisbon", ["Food"], "Sunset", form)
        Self.send(&state, form, .recordSaved(still))
        #expect(state.rows.map(\.id) == [3, 1])
        #expect(state.rows[1] == still)
        #expect(state.notice == nil)
        // Without Food: it goes, and the list says so.
        Self.send(&state, form, .recordSaved(Self.note(1, "Lisbon", ["Sunset"], "Sunset", form)))
        #expect(state.rows.map(\.id) == [3])
        #expect((state.total, state.highlight) == (1, 0))
        #expect(state.notice == .info("Saved “Lisbon” · no longer listed: the list shows Tags: Food"))
    }

    // MARK: The filter key

    @Test func fAsksWhichFieldAmongThoseTheScopeLeavesOpen() throws {
        let form = try Self.checklist().form
        var open = RecordListState(rows: [])
        #expect(Self.send(&open, form, .filterPressed) == [.pickFilterField(["list", "item", "checked"])])
        var scoped = RecordListState(rows: [], scope: [FieldMatch(field: "list", value: .text("Groceries"))])
        #expect(Self.send(&scoped, form, .filterPressed) == [.pickFilterField(["item", "checked"])])
        #expect(
            Self.send(&scoped, form, .filterFieldPicked("checked")) == [
                .pickFilterValue(field: "checked", current: nil)
            ])
        // A field the scope fixes, or none at all, is not a filter.
        #expect(Self.send(&scoped, form, .filterFieldPicked("list")) == [.bell])
        #expect(Self.send(&scoped, form, .filterPicked(FieldMatch(field: "list", value: .text("Hardware")))) == [.bell])
        #expect(scoped.filters.isEmpty)
    }

    @Test func withOneFieldLeftFGoesStraightToItsValue() throws {
        let form = try Self.checklist().form
        var state = RecordListState(rows: [], scope: ["list", "item"].map { FieldMatch(field: $0, value: .text("x")) })
        #expect(Self.send(&state, form, .filterPressed) == [.pickFilterValue(field: "checked", current: nil)])
        var fixed = RecordListState(
            rows: [], scope: ["list", "item", "checked"].map { FieldMatch(field: $0, value: nil) })
        #expect(Self.send(&fixed, form, .filterPressed) == [.bell])
        #expect(fixed.notice == .problem("Nothing to filter by: the list already shows one value of each field"))
    }

    @Test func aPickedFilterReadsTheListAgainFromTheNewest() throws {
        let form = try Self.vacation().form
        let all = Self.notes(form)
        var state = RecordListState(rows: all, visibleRows: 2)
        Self.send(&state, form, .moved(.last))
        #expect(
            Self.send(&state, form, .filterPicked(Self.food)) == [
                .reload(matching: [Self.food], limit: RecordListEngine.firstBatch)
            ])
        #expect(state.filters == [Self.food])
        #expect(state.rows.isEmpty && state.isLoading)
        // Keys meanwhile ask for nothing more.
        #expect(Self.send(&state, form, .moved(.pageDown)) == [])
        #expect(Self.send(&state, form, .rowsReloaded([all[1], all[3]], total: 2)) == [])
        #expect(state.rows.map(\.id) == [3, 1])
        #expect((state.total, state.highlight, state.top, state.isLoading) == (2, 0, 0, false))
        // f again on the same field: its value is offered to change, and replaced.
        #expect(
            Self.send(&state, form, .filterFieldPicked("tags")) == [
                .pickFilterValue(field: "tags", current: .text("Food"))
            ])
        let city = FieldMatch(field: "tags", value: .text("City"))
        #expect(
            Self.send(&state, form, .filterPicked(city)) == [
                .reload(matching: [city], limit: RecordListEngine.firstBatch)
            ])
        // Another field's filter adds to it, after the scope.
        var scoped = RecordListState(rows: [], scope: [Self.food])
        let lisbon = FieldMatch(field: "place", value: .text("Lisbon"))
        #expect(
            Self.send(&scoped, form, .filterPicked(lisbon)) == [
                .reload(matching: [Self.food, lisbon], limit: RecordListEngine.firstBatch)
            ])
    }

    @Test func aFilteredLongListLoadsMoreOfTheSameRecords() throws {
        let form = try Self.vacation().form
        let rows = (1...1000).reversed().map { Self.note(Int64($0), "Lisbon", ["Food"], "", form) }
        var state = RecordListState(rows: [], visibleRows: 19)
        Self.send(&state, form, .filterPicked(Self.food))
        Self.send(&state, form, .rowsReloaded(Array(rows.prefix(200)), total: 1000))
        // End reads the oldest page of the same records (issue 27).
        #expect(
            Self.send(&state, form, .moved(.last)) == [
                .loadOldest(limit: RecordListEngine.firstBatch, matching: [Self.food])
            ])
    }

    @Test func escClearsTheFiltersFirstThenLeaves() throws {
        let form = try Self.checklist().form
        let groceries = FieldMatch(field: "list", value: .text("Groceries"))
        let unchecked = FieldMatch(field: "checked", value: .boolean(false))
        var state = RecordListState(rows: [], scope: [groceries])
        Self.send(&state, form, .filterPicked(unchecked), .rowsReloaded([], total: 0))
        #expect(
            Self.send(&state, form, .backPressed) == [
                .reload(matching: [groceries], limit: RecordListEngine.firstBatch)
            ])
        #expect(state.filters.isEmpty)
        #expect(state.outcome == nil)
        Self.send(&state, form, .rowsReloaded([], total: 0))
        #expect(Self.send(&state, form, .backPressed) == [.finish(.quit)], "the scope stays: Esc now leaves")
        // q leaves at once, filtered or not.
        var filtered = RecordListState(rows: [])
        Self.send(&filtered, form, .filterPicked(unchecked), .rowsReloaded([], total: 0))
        #expect(Self.send(&filtered, form, .quitPressed) == [.finish(.quit)])
    }

    @Test func aFailedReloadIsShownAndEscTriesAgain() throws {
        let form = try Self.vacation().form
        var state = RecordListState(rows: Self.notes(form))
        Self.send(&state, form, .filterPicked(Self.food), .storeFailed("the database is corrupt"))
        #expect(state.notice == .problem("the database is corrupt"))
        #expect(state.rows.isEmpty)
        #expect(Self.send(&state, form, .moved(.last)) == [], "not tried again on every key")
        #expect(Self.send(&state, form, .backPressed) == [.reload(matching: [], limit: RecordListEngine.firstBatch)])
    }

    // MARK: The filter's forms

    @Test func theFieldFormHasAKeyPerField() throws {
        let form = try Self.vacation().form
        let context = try RecordListEngine.filterFieldForm(
            form.fields, of: form, clock: WallClock(today: DemoForms.today))
        #expect(context.form.title == "Vacation note · filter")
        let field = context.fields[0]
        #expect((field.id, field.required, field.input, field.strict) == ("filter", true, .grid, true))
        let keys = try #require(context.layout(ofField: 0, [])).allKeys
        #expect(keys.map(\.label) == ["Place", "Tags", "Note"])
        #expect(keys.map(\.text) == ["place", "tags", "note"])
        #expect(keys.map(\.hotkey) == ["1", "2", "3"])
    }

    /// A picker's strict grid has no keyboard behind it: Tab is bound to
    /// nothing there and the engine refuses the swap.
    @Test func theFieldFormIsAPickerWithoutAKeyboard() throws {
        let form = try Self.vacation().form
        let context = try RecordListEngine.filterFieldForm(
            form.fields, of: form, clock: WallClock(today: DemoForms.today))
        #expect(context.form.presentation == .picker)
        var state = FormState.start(context, values: [:], focus: 0)
        #expect(state.grid != nil)
        let situation = FormKeySituation(state: state, context: context)
        #expect(FormKeyMaps.standard.map(for: situation).action(for: .tab, in: situation) == nil)
        #expect(FormEngine.reduce(&state, .swapViewPressed, context) == [.bell])
        #expect(state.grid != nil)
        // The value form of a field without a grid is a picker too, but not strict: Tab types another value.
        let note = try #require(form.field(id: "note"))
        let (asked, _) = try RecordListEngine.filterValueForm(
            note, in: try Self.vacation(), offered: ["Tram 28"], current: nil)
        let valueState = FormState.start(asked, values: [:], focus: 0)
        let there = FormKeySituation(state: valueState, context: asked)
        #expect(FormKeyMaps.standard.map(for: there).action(for: .tab, in: there) == .swapView)
    }

    @Test func theValueFormUsesTheFieldsOwnGridForOneItem() throws {
        let context = try Self.vacation()
        let tags = try #require(context.form.field(id: "tags"))
        let (asked, values) = try RecordListEngine.filterValueForm(
            tags, in: context, offered: [], current: .text("Food"))
        let field = asked.fields[0]
        #expect(
            (field.label, field.layout, field.input, field.multiple, field.required) == (
                "Tags", "vacation-tags", .grid, false, true
            ))
        #expect(values == ["filter": "Food"])
        // One tag is a value; a field's own rules beyond its type do not apply.
        #expect(asked.validators[0].validate("Food", at: WallClock(today: DemoForms.today)) == .success(.text("Food")))
        let note = try #require(context.form.field(id: "note"))
        let (noteForm, _) = try RecordListEngine.filterValueForm(note, in: context, offered: [], current: nil)
        #expect(
            noteForm.validators[0].validate(String(repeating: "x", count: 300), at: WallClock(today: DemoForms.today))
                == .success(.text(String(repeating: "x", count: 300))))
    }

    @Test func aFieldWithoutAGridOffersTheValuesTheRecordsHold() throws {
        let context = try Self.vacation()
        let note = try #require(context.form.field(id: "note"))
        let (asked, values) = try RecordListEngine.filterValueForm(
            note, in: context, offered: ["Tram 28", "Francesinha"], current: nil)
        #expect(values.isEmpty)
        #expect(asked.fields[0].input == .grid)
        #expect(try #require(asked.layout(ofField: 0, [])).allKeys.map(\.label) == ["Tram 28", "Francesinha", "abc"])
        // None stored yet: the keyboard.
        let (typed, _) = try RecordListEngine.filterValueForm(note, in: context, offered: [], current: nil)
        #expect(typed.fields[0].input == .keyboard)
        // A boolean is asked as a boolean.
        let checklist = try Self.checklist()
        let checked = try #require(checklist.form.field(id: "checked"))
        let (yesNo, _) = try RecordListEngine.filterValueForm(checked, in: checklist, offered: [], current: nil)
        #expect(yesNo.fields[0].type == .boolean)
        #expect(yesNo.fields[0].layout == "yes-no")
        #expect(yesNo.validators[0].validate("yes", at: WallClock(today: DemoForms.today)) == .success(.boolean(true)))
    }

    /// Issue 12: a boolean with `states` offers the form's words, and a word picked is the stored value.
    @Test func aBooleansValuesAreOfferedInItsOwnWords() throws {
        let status = Field(
            id: "done", label: "Status", type: .boolean, states: Field.States(no: "In progress", yes: "Complete"))
        let context = try FormContext(
            form: Form(title: "To-Do", name: "todo", pages: [.init(fields: [Field(id: "text"), status])]),
            layouts: [:], clock: WallClock(today: DemoForms.today))
        let (asked, values) = try RecordListEngine.filterValueForm(
            status, in: context, offered: ["no", "yes"], current: .boolean(true))
        #expect(
            try #require(asked.layout(ofField: 0, [])).allKeys.filter { $0.action == .text }.map(\.label) == [
                "In progress", "Complete",
            ])
        #expect(values == [RecordListEngine.filterFieldID: "Complete"])
        #expect(
            asked.validators[0].validate("In progress", at: WallClock(today: DemoForms.today))
                == .success(.boolean(false)))
        #expect(
            asked.evaluation([FormState.Entry("Complete")]).record
                == .success(Record(values: [(RecordListEngine.filterFieldID, .boolean(true))])))
    }
}
