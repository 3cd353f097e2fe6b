import SnapshotTesting
import Testing

@testable import KeyformCore

// Exhaustive tests of the form's state machine, in the style of the Composable
// Architecture's `TestStore`: every event is sent through `FormEngine.reduce`,
// and after each one the whole new state and the exact effects are asserted.

private typealias Entry = FormState.Entry
private typealias Grid = FormState.Grid
// `Key` is `Layout.Key` (LayoutPreviewTests).

/// Drives a form one event at a time, checking the whole state and the effects
/// after every step.
private struct FormStore {
    let context: FormContext
    private(set) var state: FormState

    init(_ context: FormContext, values: [String: FieldInput] = [:], focus: Int = 0) {
        self.context = context
        self.state = FormState.start(context, values: values, focus: focus)
    }

    /// Sends `event`; `update` turns the state before the event into the state
    /// expected after it, and `effects` is the exact list the engine must return.
    mutating func send(
        _ event: FormEvent,
        effects expected: [FormEffect] = [],
        _ update: (inout FormState) -> Void = { _ in },
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        var expectedState = state
        update(&expectedState)
        let effects = FormEngine.reduce(&state, event, context)
        #expect(state == expectedState, "state after \(event)", sourceLocation: sourceLocation)
        #expect(effects == expected, "effects of \(event)", sourceLocation: sourceLocation)
    }

    /// `id: reason` of the field that keeps Done disabled; nil while Done is enabled.
    var doneBlocker: String? {
        context.evaluation(state.entries).doneBlocker.map { "\(context.fields[$0.field].id): \($0.problem.reason)" }
    }
}

/// Values for typed records.
private func date(_ iso: String) -> FieldValue { .date(CivilDate(iso: iso)!) }

// MARK: - Fixtures: plain values, no files

private enum Fixture {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    /// `[h] High  [m] Medium  [l] Low` over `abc  Clear  Done`.
    static let priority = Layout(
        title: "Priority", kind: .choice,
        pages: [
            Layout.Page(rows: [
                [Key(label: "High", hotkey: "h"), Key(label: "Medium", hotkey: "m"), Key(label: "Low", hotkey: "l")],
                [
                    Key(label: "abc", action: .keyboard), Key(label: "Clear", action: .clear),
                    Key(label: "Done", action: .done),
                ],
            ])
        ])

    /// ```
    /// │ 7 │ 8 │ 9 │
    /// │   0   │ . │
    /// │ ⌫ │Clr│Don│
    /// ```
    static let keypad = Layout(
        title: "Keypad", kind: .keypad,
        pages: [
            Layout.Page(rows: [
                [Key(label: "7", hotkey: "7"), Key(label: "8", hotkey: "8"), Key(label: "9", hotkey: "9")],
                [Key(label: "0", hotkey: "0", span: 2), Key(label: ".", hotkey: ".")],
                [
                    Key(label: "⌫", action: .backspace), Key(label: "Clear", action: .clear),
                    Key(label: "Done", action: .done),
                ],
            ])
        ])

    /// Two pages of strokes; `More…` and `Back` turn between them.
    static let strokes = Layout(
        title: "Stroke", kind: .choice,
        pages: [
            Layout.Page(
                id: "main", title: "Common",
                rows: [
                    [Key(label: "Freestyle", hotkey: "f"), Key(label: "Breaststroke", hotkey: "b")],
                    [Key(label: "Backstroke", hotkey: "k"), Key(label: "More…", action: .page("more"))],
                ]),
            Layout.Page(
                id: "more", title: "More",
                rows: [
                    [Key(label: "Butterfly", hotkey: "u"), Key(label: "Medley", hotkey: "m")],
                    [Key(label: "Back", action: .page("main"))],
                ]),
        ])

    /// A keypad with a key for every action.
    static let tools = Layout(
        title: "Tools", kind: .keypad,
        pages: [
            Layout.Page(
                id: "letters",
                rows: [
                    [
                        Key(label: "A", hotkey: "a"), Key(label: "B", hotkey: "b"),
                        Key(label: "Symbols", hotkey: "s", action: .page("symbols")),
                    ],
                    [
                        Key(label: "⌫", action: .backspace), Key(label: "Clear", action: .clear),
                        Key(label: "abc", action: .keyboard),
                    ],
                    [
                        Key(label: "Prev", action: .previous), Key(label: "Next", action: .next),
                        Key(label: "Done", action: .done),
                    ],
                    [Key(label: "Digits", span: 3, action: .layout("keypad"))],
                ]),
            Layout.Page(
                id: "symbols",
                rows: [
                    [Key(label: "-"), Key(label: "+"), Key(label: "Letters", action: .page("letters"))]
                ]),
        ])

    static let todo = context(
        Form(
            title: "New To-Do", name: "todo",
            pages: [
                Form.Page(fields: [
                    Field(id: "text", label: "Text", required: true),
                    Field(
                        id: "priority", label: "Priority", layout: "priority", strict: true,
                        defaultValue: .value("Medium")),
                    Field(id: "due", label: "Due", type: .date),
                ])
            ]))

    /// Two pages: the session (a date and a stroke picked in the grid), then the numbers.
    static let swim = context(
        Form(
            title: "Swim", name: "swim",
            pages: [
                Form.Page(
                    title: "Session",
                    fields: [
                        Field(id: "date", label: "Date", type: .date, required: true, defaultValue: .value("today")),
                        Field(
                            id: "stroke", label: "Stroke", required: true, layout: "strokes", input: .grid, strict: true
                        ),
                    ]),
                Form.Page(
                    title: "Numbers",
                    fields: [
                        Field(
                            id: "distance", label: "Distance", type: .integer, required: true, layout: "keypad",
                            min: 25, max: 10000),
                        Field(id: "felt_good", label: "Felt good", type: .boolean),
                        Field(id: "note", label: "Note", pattern: "^[^@]*$", maxLength: 20),
                    ]),
            ]))

    /// One number typed on the keypad, which it opens with.
    static let amount = context(
        Form(
            name: "amount",
            pages: [
                Form.Page(fields: [
                    Field(id: "amount", label: "Amount", type: .number, layout: "keypad", input: .grid)
                ])
            ]))

    static let actions = context(
        Form(
            name: "actions",
            pages: [
                Form.Page(fields: [
                    Field(id: "first", label: "First", required: true),
                    Field(id: "code", label: "Code", layout: "tools", input: .grid),
                    Field(id: "last", label: "Last", layout: "tools"),
                ])
            ]))

    static let japanese = context(
        Form(
            title: "新しいタスク", name: "task",
            pages: [
                Form.Page(fields: [
                    Field(id: "subject", label: "件名", required: true),
                    Field(id: "priority", label: "優先度", required: true, layout: "yusendo", input: .grid, strict: true),
                ])
            ]))

    static let yusendo = Layout(
        title: "優先度", kind: .choice,
        pages: [
            Layout.Page(rows: [
                [Key(label: "高", hotkey: "1"), Key(label: "中", hotkey: "2"), Key(label: "低", hotkey: "3")],
                [Key(label: "かな", action: .keyboard), Key(label: "完了", action: .done)],
            ])
        ])

    static let layouts = [
        "priority": priority, "keypad": keypad, "strokes": strokes, "tools": tools, "yusendo": yusendo,
    ]

    static func context(_ form: Form, layouts: [String: Layout] = layouts) -> FormContext {
        try! FormContext(form: form, layouts: layouts, clock: WallClock(today: today))
    }
}

// MARK: - Tests

@Suite struct FormEngineTests {
    // MARK: Starting

    @Test func startFillsDefaultsAndFocusesTheFirstField() {
        let state = FormState.start(Fixture.todo)
        #expect(state == FormState(entries: [Entry(""), Entry("Medium"), Entry("")], focus: 0))
        #expect(state.entries[1].cursor == 6)
        #expect(state.draft(Fixture.todo) == ["text": "", "priority": "Medium", "due": ""])

        // A `last` default is the edge's to resolve (into `values`); alone it starts empty.
        let quick = Fixture.context(
            Form(name: "quick", pages: [Form.Page(fields: [Field(id: "pool", defaultValue: .last)])]))
        #expect(FormState.start(quick) == FormState(entries: [Entry("")]))
    }

    @Test func startTakesDraftValuesOverDefaults() {
        let state = FormState.start(
            Fixture.todo, values: ["text": "Buy milk", "priority": "", "due": "tomorrow", "gone": "x"])
        // A draft that emptied a field keeps it empty; ids the form no longer has are dropped.
        #expect(state == FormState(entries: [Entry("Buy milk"), Entry(""), Entry("tomorrow")], focus: 0))
        #expect(state.draft(Fixture.todo) == ["text": "Buy milk", "priority": "", "due": "tomorrow"])
    }

    @Test func startWithFocusOpensThatFieldsOwnView() {
        #expect(
            FormState.start(Fixture.todo, values: ["text": "Buy milk"], focus: 1)
                == FormState(entries: [Entry("Buy milk"), Entry("Medium"), Entry("")], focus: 1))
        // Out of range: the nearest field.
        #expect(FormState.start(Fixture.todo, focus: 9).focus == 2)
        #expect(FormState.start(Fixture.todo, focus: -1).focus == 0)
        // An `input: grid` field opens in its grid, on the page and key of its value.
        #expect(
            FormState.start(Fixture.swim, values: ["stroke": "Medley"], focus: 1)
                == FormState(
                    entries: [Entry("today"), Entry("Medley"), Entry(""), Entry(""), Entry("")], focus: 1,
                    grid: Grid(layout: "strokes", page: 1, highlight: .init(row: 0, key: 1))))
        // A value that is no key's text: the first key of the first page.
        #expect(FormState.start(Fixture.swim, values: ["stroke": "Crawl"], focus: 1).grid == Grid(layout: "strokes"))
    }

    // MARK: Done follows the input

    @Test func doneIsEnabledByTheFirstCharacterAndDisabledWhenCleared() {
        var store = FormStore(Fixture.todo)
        #expect(store.doneBlocker == "text: required")

        store.send(.lineEdited(text: "B", cursor: 1)) { $0.entries[0] = Entry("B") }
        #expect(store.doneBlocker == nil)
        store.send(.lineEdited(text: "Bu", cursor: 2)) { $0.entries[0] = Entry("Bu") }
        #expect(store.doneBlocker == nil)
        // Ctrl-U: readline kills the line.
        store.send(.lineEdited(text: "", cursor: 0)) { $0.entries[0] = Entry("") }
        #expect(store.doneBlocker == "text: required")
        // Only spaces is still empty for a required field.
        store.send(.lineEdited(text: "  ", cursor: 2)) { $0.entries[0] = Entry("  ") }
        #expect(store.doneBlocker == "text: required")
        // The cursor moves without the text changing (Home).
        store.send(.lineEdited(text: "  ", cursor: 0)) { $0.entries[0].cursor = 0 }
        store.send(.lineEdited(text: "x  ", cursor: 1)) { $0.entries[0] = Entry("x  ", cursor: 1) }
        #expect(store.doneBlocker == nil)
        // Another field can block Done too, while it is being typed.
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "x  ", "priority": "Medium", "due": ""]), .setLine(text: "Medium", cursor: 6),
            ]
        ) {
            $0.focus = 1
        }
        store.send(.lineEdited(text: "Med", cursor: 3)) { $0.entries[1] = Entry("Med") }
        #expect(store.doneBlocker == "priority: must be one of: High, Medium, Low")
        store.send(.lineEdited(text: "", cursor: 0)) { $0.entries[1] = Entry("") }
        #expect(store.doneBlocker == nil)
    }

    /// What the store answered to a `.saveDraft` comes back as `.draftSaved`: a
    /// problem stays (the notice does not wipe it) until a draft is kept again,
    /// and still lands after the form ended, so the last screen tells the truth.
    @Test func aDraftProblemLastsUntilADraftIsKeptEvenAfterTheEnd() {
        var store = FormStore(Fixture.todo)
        store.send(.draftSaved(problem: "the disk is full")) { $0.draftProblem = "the disk is full" }
        store.send(.lineEdited(text: "B", cursor: 1)) { $0.entries[0] = Entry("B", cursor: 1) }
        store.send(.draftSaved(problem: nil)) { $0.draftProblem = nil }
        store.send(
            .cancelPressed, effects: [.saveDraft(["text": "B", "priority": "Medium", "due": ""]), .finish(.cancelled)]
        ) {
            $0.outcome = .cancelled
        }
        store.send(.draftSaved(problem: "the disk is full")) { $0.draftProblem = "the disk is full" }
        let footer = FormView.render(store.state, store.context, width: 60, height: 12, color: false).text()
        #expect(footer.contains("Cancelled; the draft could NOT be kept: the disk is full"), "\(footer)")
    }

    @Test func enterOnTheLastFieldPointsAtTheBlockerThenSubmits() {
        var store = FormStore(Fixture.todo, focus: 2)
        let empty: [String: FieldInput] = ["text": "", "priority": "Medium", "due": ""]

        // Done is disabled: the focus goes to the blocking field, which shows why.
        store.send(.commitPressed, effects: [.saveDraft(empty), .setLine(text: "", cursor: 0)]) {
            $0.focus = 0
            $0.problems = [0: .required]
            $0.notice = "Done is disabled: Text is required"
        }
        #expect(store.state.outcome == nil)

        // Typing clears the problem at once; the notice goes with the next event.
        store.send(.lineEdited(text: "Buy milk", cursor: 8)) {
            $0.entries[0] = Entry("Buy milk")
            $0.problems = [:]
            $0.notice = nil
        }
        let typed: [String: FieldInput] = ["text": "Buy milk", "priority": "Medium", "due": ""]
        store.send(.commitPressed, effects: [.saveDraft(typed), .setLine(text: "Medium", cursor: 6)]) { $0.focus = 1 }
        store.send(.commitPressed, effects: [.saveDraft(typed), .setLine(text: "", cursor: 0)]) { $0.focus = 2 }
        store.send(.lineEdited(text: "2026/11/30", cursor: 10)) { $0.entries[2] = Entry("2026/11/30") }

        let record = Record(values: [
            ("text", .text("Buy milk")), ("priority", .text("Medium")), ("due", date("2026-11-30")),
        ])
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "Buy milk", "priority": "Medium", "due": "2026/11/30"]),
                .submit(record), .finish(.submitted(record)),
            ]
        ) {
            $0.outcome = .submitted(record)
        }
    }

    @Test func theBlockerOnAnotherPageIsReachedWithATransition() {
        var store = FormStore(
            Fixture.swim, values: ["stroke": "Medley", "distance": " 0400 ", "felt_good": "Y"], focus: 4)
        store.send(.lineEdited(text: "felt easy", cursor: 9)) { $0.entries[4] = Entry("felt easy") }
        let draft: [String: FieldInput] = [
            "date": "today", "stroke": "Medley", "distance": " 0400 ", "felt_good": "Y", "note": "felt easy",
        ]
        // Nothing blocks: submit, every value typed (the draft keeps them as written).
        var done = store
        let record = Record(values: [
            ("date", date("2026-11-21")), ("stroke", .text("Medley")), ("distance", .integer(400)),
            ("felt_good", .boolean(true)), ("note", .text("felt easy")),
        ])
        done.send(.commitPressed, effects: [.saveDraft(draft), .submit(record), .finish(.submitted(record))]) {
            $0.outcome = .submitted(record)
        }

        // A date that is not in the calendar, typed on page 1 before coming here.
        store = FormStore(
            Fixture.swim, values: ["date": "2026-02-30", "stroke": "Medley", "distance": "400"], focus: 4)
        let problem = FieldProblem.notARealDate(year: 2026, month: 2)
        #expect(store.doneBlocker == "date: must be a real date; February 2026 has 28 days")
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "2026-02-30", "stroke": "Medley", "distance": "400", "felt_good": "", "note": ""]),
                .setLine(text: "2026-02-30", cursor: 10), .transition(.page(forward: false)),
            ]
        ) {
            $0.focus = 0
            $0.problems = [0: problem]
            $0.notice = "Done is disabled: Date must be a real date; February 2026 has 28 days"
        }
    }

    // MARK: Committing fields

    @Test func anInvalidFieldKeepsFocusAndItsProblemFollowsTheText() {
        var store = FormStore(Fixture.swim, values: ["stroke": "Medley"], focus: 2)
        #expect(
            store.state
                == FormState(entries: [Entry("today"), Entry("Medley"), Entry(""), Entry(""), Entry("")], focus: 2))

        store.send(.lineEdited(text: "1x", cursor: 2)) { $0.entries[2] = Entry("1x") }  // no problem shown while typing
        store.send(.commitPressed) { $0.problems = [2: .notWholeNumber] }
        store.send(.lineEdited(text: "1", cursor: 1)) {
            $0.entries[2] = Entry("1")
            $0.problems = [2: FieldProblem.tooSmall(25)]
        }
        store.send(.commitPressed)  // still too small: nothing changes
        store.send(.lineEdited(text: "100", cursor: 3)) {
            $0.entries[2] = Entry("100")
            $0.problems = [:]
        }
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "today", "stroke": "Medley", "distance": "100", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.focus = 3
        }
        store.send(.lineEdited(text: "maybe", cursor: 5)) { $0.entries[3] = Entry("maybe") }
        store.send(.commitPressed) { $0.problems = [3: .notBoolean] }
        store.send(.lineEdited(text: "yes", cursor: 3)) {
            $0.entries[3] = Entry("yes")
            $0.problems = [:]
        }
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "today", "stroke": "Medley", "distance": "100", "felt_good": "yes", "note": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.focus = 4
        }
        store.send(.lineEdited(text: "twenty-one characters", cursor: 21)) {
            $0.entries[4] = Entry("twenty-one characters")
        }
        store.send(.commitPressed) { $0.problems = [4: FieldProblem.tooLong(20)] }
    }

    @Test func shiftTabIsNeverBlockedAndCrossesPages() {
        var store = FormStore(Fixture.swim, focus: 4)
        store.send(.lineEdited(text: "me@home", cursor: 7)) { $0.entries[4] = Entry("me@home") }
        store.send(.commitPressed) { $0.problems = [4: FieldProblem.patternMismatch("^[^@]*$")] }

        // Out of the invalid field: allowed; its problem stays shown.
        store.send(.previousPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.focus = 3 }
        // Out of an invalid field that was never committed: no problem appears.
        store.send(.lineEdited(text: "maybe", cursor: 3)) { $0.entries[3] = Entry("maybe", cursor: 3) }
        store.send(.previousPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.focus = 2 }
        // Back across the page boundary, into a field that opens in its grid.
        store.send(.previousPressed, effects: [.setLine(text: "", cursor: 0), .transition(.page(forward: false))]) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes")
        }
        store.send(.previousPressed, effects: [.setLine(text: "today", cursor: 5)]) {
            $0.focus = 0
            $0.grid = nil
        }
        // On the first field: the bell, nothing else.
        store.send(.previousPressed, effects: [.bell])
        #expect(store.state.problems == [4: FieldProblem.patternMismatch("^[^@]*$")])
        // Coming back to a field puts the cursor at the end of its text.
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "today", "stroke": "", "distance": "", "felt_good": "maybe", "note": "me@home"]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes")
        }
        store.send(
            .gridHotkeyPressed("f"),
            effects: [
                .setLine(text: "Freestyle", cursor: 9),
                .saveDraft([
                    "date": "today", "stroke": "Freestyle", "distance": "", "felt_good": "maybe", "note": "me@home",
                ]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Freestyle")
            $0.focus = 2
            $0.grid = nil
        }
        store.send(.lineEdited(text: "400", cursor: 3)) { $0.entries[2] = Entry("400") }
        store.send(
            .commitPressed,
            effects: [
                .saveDraft([
                    "date": "today", "stroke": "Freestyle", "distance": "400", "felt_good": "maybe", "note": "me@home",
                ]),
                .setLine(text: "maybe", cursor: 5),
            ]
        ) {
            $0.focus = 3
            $0.entries[3].cursor = 5
        }
    }

    @Test func strictChoiceRejectsTypedTextThatIsNoKey() {
        var store = FormStore(Fixture.todo, values: ["text": "Buy milk"], focus: 1)
        store.send(.lineEdited(text: "Urgent", cursor: 6)) { $0.entries[1] = Entry("Urgent") }
        store.send(.commitPressed) { $0.problems = [1: FieldProblem.notAChoice(["High", "Medium", "Low"])] }
        // Exactly as the key says: case matters.
        store.send(.lineEdited(text: "high", cursor: 4)) { $0.entries[1] = Entry("high") }
        store.send(.commitPressed)
        store.send(.lineEdited(text: "High", cursor: 4)) {
            $0.entries[1] = Entry("High")
            $0.problems = [:]
        }
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "Buy milk", "priority": "High", "due": ""]), .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.focus = 2
        }
    }

    // MARK: The grid

    @Test func tabSwapsBetweenTheKeyboardAndTheGrid() {
        var store = FormStore(Fixture.todo, focus: 1)
        // The grid opens on the key whose text is the value.
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "priority", highlight: .init(row: 0, key: 1))
        }
        // The line editor's events are ignored while the grid shows.
        store.send(.lineEdited(text: "zzz", cursor: 3))
        // A value picked from the grid: the keyboard types a new one, from an empty
        // line; the value stands until the line is edited.
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "", cursor: 0)]) {
            $0.grid = nil
            $0.entries[1] = Entry("")
            $0.entries[1].kept = "Medium"
        }
        // Text being typed (not a key's) and its cursor are kept across a swap.
        store.send(.lineEdited(text: "Lo", cursor: 1)) { $0.entries[1] = Entry("Lo", cursor: 1) }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "priority")
        }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "Lo", cursor: 1)])
        {
            $0.grid = nil
        }
        store.send(.lineEdited(text: "Low", cursor: 3)) { $0.entries[1] = Entry("Low", cursor: 3) }
        // A field without a layout: the bell.
        store.send(.previousPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.focus = 0 }
        store.send(.swapViewPressed, effects: [.bell])
        // Grid events in the keyboard view: the bell.
        store.send(.gridMoved(.down), effects: [.bell])
        store.send(.gridKeyPressed, effects: [.bell])
        store.send(.gridHotkeyPressed("h"), effects: [.bell])
    }

    @Test func tabRingsTheBellWhenTheLayoutDidNotResolve() {
        let context = Fixture.context(
            Form(
                name: "lost",
                pages: [
                    Form.Page(fields: [
                        Field(id: "where", layout: "nowhere", input: .grid)
                    ])
                ]))
        var store = FormStore(context)
        #expect(store.state == FormState(entries: [Entry("")]))  // the keyboard, for want of a grid
        store.send(.swapViewPressed, effects: [.bell])
    }

    @Test func choiceKeysSetTheValueAndCommit() {
        var store = FormStore(Fixture.todo, focus: 1)
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "priority", highlight: .init(row: 0, key: 1))
        }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 0, key: 2) }
        store.send(
            .gridKeyPressed,
            effects: [
                .setLine(text: "Low", cursor: 3),
                .saveDraft(["text": "", "priority": "Low", "due": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.entries[1] = Entry("Low")
            $0.focus = 2
            $0.grid = nil
        }
        // Back to a keyboard field: it opens in the keyboard again.
        store.send(.previousPressed, effects: [.setLine(text: "Low", cursor: 3)]) { $0.focus = 1 }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "priority", highlight: .init(row: 0, key: 2))
        }
        // A hotkey presses its key (and the highlight shows which).
        store.send(
            .gridHotkeyPressed("h"),
            effects: [
                .setLine(text: "High", cursor: 4),
                .saveDraft(["text": "", "priority": "High", "due": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.entries[1] = Entry("High")
            $0.focus = 2
            $0.grid = nil
        }
        store.send(.previousPressed, effects: [.setLine(text: "High", cursor: 4)]) { $0.focus = 1 }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "priority", highlight: .init(row: 0, key: 0))
        }
        // An unknown hotkey, and a hotkey in the wrong case: the bell, and the notice says so.
        store.send(.gridHotkeyPressed("z"), effects: [.bell]) { $0.notice = "no key 'z' here" }
        store.send(.gridHotkeyPressed("H"), effects: [.bell]) { $0.notice = "no key 'H' here" }
        // Clear empties a strict field (it is optional), without committing.
        store.send(.gridMoved(.down)) {
            $0.grid?.highlight = .init(row: 1, key: 0)
            $0.notice = nil
        }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 1) }
        store.send(.gridKeyPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.entries[1] = Entry("") }
        // Done on a field that is not the last commits it and moves on.
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 2) }
        store.send(
            .gridKeyPressed,
            effects: [.saveDraft(["text": "", "priority": "", "due": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 2
            $0.grid = nil
        }
    }

    @Test func aGridFieldOpensInItsGridAndAChoiceTurnsThePage() {
        var store = FormStore(Fixture.swim)
        #expect(store.state == FormState(entries: [Entry("today"), Entry(""), Entry(""), Entry(""), Entry("")]))
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "today", "stroke": "", "distance": "", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes")
        }
        // The next field is on the next page: the page turns forward.
        store.send(
            .gridHotkeyPressed("b"),
            effects: [
                .setLine(text: "Breaststroke", cursor: 12),
                .saveDraft(["date": "today", "stroke": "Breaststroke", "distance": "", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Breaststroke")
            $0.focus = 2
            $0.grid = nil
        }
        // Back again: the grid opens on the chosen key.
        store.send(
            .previousPressed, effects: [.setLine(text: "Breaststroke", cursor: 12), .transition(.page(forward: false))]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes", highlight: .init(row: 0, key: 1))
        }
        // Tab swaps an `input: grid` field to the keyboard too (a new value: the line
        // starts empty, Breaststroke standing), and back.
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "", cursor: 0)]) {
            $0.grid = nil
            $0.entries[1] = Entry("")
            $0.entries[1].kept = "Breaststroke"
        }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "strokes", highlight: .init(row: 0, key: 1))
        }
        // A hotkey of another page presses its key there (the page turns to it).
        store.send(
            .gridHotkeyPressed("u"),
            effects: [
                .transition(.page(forward: true)),
                .setLine(text: "Butterfly", cursor: 9),
                .saveDraft(["date": "today", "stroke": "Butterfly", "distance": "", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Butterfly")
            $0.focus = 2
            $0.grid = nil
        }
    }

    @Test func aPagedGridTurnsForwardAndBack() {
        var store = FormStore(Fixture.swim, focus: 1)
        #expect(store.state.grid == Grid(layout: "strokes"))
        // The first arrow shows the highlight on the first key.
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 1) }
        // A page turned by arrows and Enter highlights its first key.
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "strokes", page: 1, highlight: .init(row: 0, key: 0))
        }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: false))]) {
            $0.grid = Grid(layout: "strokes", page: 0, highlight: .init(row: 0, key: 0))
        }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 1) }
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "strokes", page: 1, highlight: .init(row: 0, key: 0))
        }
        // A key of the second page is a valid choice of the strict field.
        store.send(
            .gridHotkeyPressed("m"),
            effects: [
                .setLine(text: "Medley", cursor: 6),
                .saveDraft(["date": "today", "stroke": "Medley", "distance": "", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Medley")
            $0.focus = 2
            $0.grid = nil
        }
    }

    /// Left and right move along the row; up and down go to the key of the next
    /// row under the middle of this one. The middle of a key of even span falls on
    /// a border below it, and the key right of that border is taken. At the edges
    /// the highlight stays, without a bell.
    @Test func arrowsMoveTheHighlightOverRowsOfDifferentSpans() {
        var store = FormStore(Fixture.amount)
        #expect(store.state == FormState(entries: [Entry("")], grid: Grid(layout: "keypad")))
        func at(_ row: Int, _ key: Int) -> (inout FormState) -> Void {
            { $0.grid?.highlight = .init(row: row, key: key) }
        }

        store.send(.gridMoved(.left), at(0, 0))  // the first arrow shows the highlight, on 7
        store.send(.gridMoved(.left))  // edge: stays on 7
        store.send(.gridMoved(.up))  // edge
        store.send(.gridMoved(.right), at(0, 1))  // 8
        store.send(.gridMoved(.right), at(0, 2))  // 9
        store.send(.gridMoved(.right))  // edge
        store.send(.gridMoved(.down), at(1, 1))  // 9 → .
        store.send(.gridMoved(.down), at(2, 2))  // . → Done
        store.send(.gridMoved(.down))  // edge
        store.send(.gridMoved(.right))  // edge
        store.send(.gridMoved(.up), at(1, 1))  // Done → .
        store.send(.gridMoved(.left), at(1, 0))  // . → 0
        store.send(.gridMoved(.left))  // edge
        store.send(.gridMoved(.down), at(2, 1))  // 0 (columns 0–1) → Clear, right of the middle
        store.send(.gridMoved(.left), at(2, 0))  // ⌫
        store.send(.gridMoved(.up), at(1, 0))  // ⌫ → 0
        store.send(.gridMoved(.up), at(0, 1))  // 0 → 8, right of the middle
        store.send(.gridMoved(.left), at(0, 0))  // 7
        store.send(.gridMoved(.down), at(1, 0))  // 7 → 0
        store.send(.gridMoved(.right), at(1, 1))
        store.send(.gridMoved(.up), at(0, 2))  // . → 9

        // The highlight starts on the key of the value.
        #expect(
            FormState.start(Fixture.amount, values: ["amount": "9"]).grid
                == Grid(layout: "keypad", highlight: .init(row: 0, key: 2)))
        #expect(
            FormState.start(Fixture.amount, values: ["amount": "0"]).grid
                == Grid(layout: "keypad", highlight: .init(row: 1, key: 0)))
        #expect(FormState.start(Fixture.amount, values: ["amount": "90"]).grid == Grid(layout: "keypad"))
    }

    @Test func arrowsOverRaggedRows() {
        let ragged = Layout(
            kind: .choice,
            pages: [
                Layout.Page(rows: [
                    [Key(label: "Wide", span: 3)],
                    [Key(label: "A"), Key(label: "B"), Key(label: "C")],
                    [Key(label: "D")],
                ])
            ])
        let context = Fixture.context(
            Form(
                name: "ragged",
                pages: [
                    Form.Page(fields: [
                        Field(id: "pick", layout: "ragged", input: .grid)
                    ])
                ]), layouts: ["ragged": ragged])
        var store = FormStore(context)
        func at(_ row: Int, _ key: Int) -> (inout FormState) -> Void {
            { $0.grid?.highlight = .init(row: row, key: key) }
        }
        store.send(.gridMoved(.down), at(0, 0))  // the first arrow shows the highlight
        store.send(.gridMoved(.down), at(1, 1))  // under the middle of a 3-wide key: B
        store.send(.gridMoved(.right), at(1, 2))
        store.send(.gridMoved(.down), at(2, 0))  // nothing under C: the shorter row's last key
        store.send(.gridMoved(.right))  // edge
        store.send(.gridMoved(.up), at(1, 0))  // D sits over A
        store.send(.gridMoved(.up), at(0, 0))
        store.send(.gridMoved(.left))  // edge
    }

    @Test func keypadKeysInsertAtTheCursor() {
        var store = FormStore(Fixture.amount, values: ["amount": "15"])
        #expect(store.state == FormState(entries: [Entry("15")], grid: Grid(layout: "keypad")))
        // In the keyboard, Left moves the cursor between 1 and 5.
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "15", cursor: 2)])
        { $0.grid = nil }
        store.send(.lineEdited(text: "15", cursor: 1)) { $0.entries[0].cursor = 1 }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "keypad")
        }

        // A hotkey presses its key; it highlights nothing, so Enter never repeats it unasked.
        store.send(.gridHotkeyPressed("0"), effects: [.setLine(text: "105", cursor: 2)]) {
            $0.entries[0] = Entry("105", cursor: 2)
        }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridKeyPressed, effects: [.setLine(text: "1005", cursor: 3)]) {
            $0.entries[0] = Entry("1005", cursor: 3)
        }
        // Backspace deletes before the cursor.
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 2, key: 1) }
        store.send(.gridMoved(.left)) { $0.grid?.highlight = .init(row: 2, key: 0) }
        store.send(.gridKeyPressed, effects: [.setLine(text: "105", cursor: 2)]) {
            $0.entries[0] = Entry("105", cursor: 2)
        }
        store.send(.gridKeyPressed, effects: [.setLine(text: "15", cursor: 1)]) {
            $0.entries[0] = Entry("15", cursor: 1)
        }
        store.send(.gridKeyPressed, effects: [.setLine(text: "5", cursor: 0)]) { $0.entries[0] = Entry("5", cursor: 0) }
        store.send(.gridKeyPressed, effects: [.bell])  // nothing before the cursor
        // Clear empties the line.
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 2, key: 1) }
        store.send(.gridKeyPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.entries[0] = Entry("") }
        store.send(.gridHotkeyPressed("7"), effects: [.setLine(text: "7", cursor: 1)]) {
            $0.entries[0] = Entry("7")
            $0.grid?.highlight = .init(row: 0, key: 0)
        }
        store.send(.gridHotkeyPressed("."), effects: [.setLine(text: "7.", cursor: 2)]) {
            $0.entries[0] = Entry("7.")
            $0.grid?.highlight = .init(row: 1, key: 1)
        }
        store.send(.gridHotkeyPressed("."), effects: [.setLine(text: "7..", cursor: 3)]) {
            $0.entries[0] = Entry("7..")
            $0.grid?.highlight = .init(row: 1, key: 1)
        }
        // Done on the only field: invalid, so it stays with its problem ...
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 2, key: 2) }
        store.send(.gridKeyPressed) { $0.problems = [0: .notNumber] }
        // ... which follows the keys pressed.
        store.send(.gridMoved(.left)) { $0.grid?.highlight = .init(row: 2, key: 1) }
        store.send(.gridMoved(.left)) { $0.grid?.highlight = .init(row: 2, key: 0) }
        store.send(.gridKeyPressed, effects: [.setLine(text: "7.", cursor: 2)]) {
            $0.entries[0] = Entry("7.")
            $0.problems = [:]
        }
        store.send(.gridHotkeyPressed("0"), effects: [.setLine(text: "7.0", cursor: 3)]) {
            $0.entries[0] = Entry("7.0")
            $0.grid?.highlight = .init(row: 1, key: 0)
        }
        let record = Record(values: [("amount", .number(7))])
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 2, key: 1) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 2, key: 2) }
        store.send(
            .gridKeyPressed, effects: [.saveDraft(["amount": "7.0"]), .submit(record), .finish(.submitted(record))]
        ) {
            $0.grid = nil
            $0.outcome = .submitted(record)
        }
    }

    @Test func everyLayoutAction() {
        var store = FormStore(Fixture.actions, focus: 1)
        #expect(
            store.state == FormState(entries: [Entry(""), Entry(""), Entry("")], focus: 1, grid: Grid(layout: "tools")))
        func at(_ row: Int, _ key: Int) -> (inout FormState) -> Void {
            { $0.grid?.highlight = .init(row: row, key: key) }
        }

        // text (keypad): inserts.
        store.send(.gridHotkeyPressed("a"), effects: [.setLine(text: "A", cursor: 1)]) { $0.entries[1] = Entry("A") }
        store.send(.gridHotkeyPressed("b"), effects: [.setLine(text: "AB", cursor: 2)]) { $0.entries[1] = Entry("AB") }
        // page: to the symbols, and back to the letters.
        store.send(.gridHotkeyPressed("s"), effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "tools", page: 1)
        }
        store.send(.gridMoved(.right), at(0, 0))  // the first arrow shows the highlight
        store.send(.gridKeyPressed, effects: [.setLine(text: "AB-", cursor: 3)]) { $0.entries[1] = Entry("AB-") }
        store.send(.gridMoved(.right), at(0, 1))
        store.send(.gridMoved(.right), at(0, 2))
        store.send(.gridMoved(.down))  // a page of one row
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: false))]) {
            $0.grid = Grid(layout: "tools", page: 0, highlight: .init(row: 0, key: 0))
        }
        // backspace, clear.
        store.send(.gridMoved(.down), at(1, 0))
        store.send(.gridKeyPressed, effects: [.setLine(text: "AB", cursor: 2)]) { $0.entries[1] = Entry("AB") }
        store.send(.gridMoved(.right), at(1, 1))
        store.send(.gridKeyPressed, effects: [.setLine(text: "", cursor: 0)]) { $0.entries[1] = Entry("") }
        // keyboard: to the line editor.
        store.send(.gridMoved(.right), at(1, 2))
        store.send(.gridKeyPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "", cursor: 0)]) {
            $0.grid = nil
        }
        store.send(.lineEdited(text: "XY", cursor: 2)) { $0.entries[1] = Entry("XY") }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "tools")
        }
        // layout: another layout in the context, whose keys act by its own kind.
        store.send(.gridMoved(.down), at(0, 0))
        store.send(.gridMoved(.down), at(1, 0))
        store.send(.gridMoved(.down), at(2, 0))
        store.send(.gridMoved(.down), at(3, 0))
        store.send(.gridMoved(.right))  // one wide key
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "keypad", highlight: .init(row: 0, key: 0))
        }
        store.send(.gridHotkeyPressed("7"), effects: [.setLine(text: "XY7", cursor: 3)]) {
            $0.entries[1] = Entry("XY7")
        }
        // the tools' hotkeys are gone
        store.send(.gridHotkeyPressed("a"), effects: [.bell]) { $0.notice = "no key 'a' here" }
        // Tab leaves the other layout for the keyboard; Tab again shows the field's own.
        store.send(
            .swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "XY7", cursor: 3)]
        ) {
            $0.grid = nil
            $0.notice = nil
        }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "tools")
        }
        // previous.
        store.send(.gridMoved(.down), at(0, 0))
        store.send(.gridMoved(.down), at(1, 0))
        store.send(.gridMoved(.down), at(2, 0))
        store.send(.gridKeyPressed, effects: [.setLine(text: "", cursor: 0)]) {
            $0.focus = 0
            $0.grid = nil
        }
        store.send(.lineEdited(text: "Ann", cursor: 3)) { $0.entries[0] = Entry("Ann") }
        store.send(
            .commitPressed,
            effects: [.saveDraft(["first": "Ann", "code": "XY7", "last": ""]), .setLine(text: "XY7", cursor: 3)]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "tools")
        }
        // next: commits and moves on.
        store.send(.gridMoved(.down), at(0, 0))
        store.send(.gridMoved(.down), at(1, 0))
        store.send(.gridMoved(.down), at(2, 0))
        store.send(.gridMoved(.right), at(2, 1))
        store.send(
            .gridKeyPressed,
            effects: [.saveDraft(["first": "Ann", "code": "XY7", "last": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 2
            $0.grid = nil
        }
        // next on the last field: the bell, and no submission.
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "tools")
        }
        store.send(.gridHotkeyPressed("b"), effects: [.setLine(text: "B", cursor: 1)]) { $0.entries[2] = Entry("B") }
        store.send(.gridMoved(.down), at(0, 0))
        store.send(.gridMoved(.down), at(1, 0))
        store.send(.gridMoved(.down), at(2, 0))
        store.send(.gridMoved(.right), at(2, 1))
        store.send(.gridKeyPressed, effects: [.saveDraft(["first": "Ann", "code": "XY7", "last": "B"]), .bell])
        #expect(store.state.outcome == nil)
        // done on the last field: Done.
        store.send(.gridMoved(.right), at(2, 2))
        let record = Record(values: [("first", .text("Ann")), ("code", .text("XY7")), ("last", .text("B"))])
        store.send(
            .gridKeyPressed,
            effects: [
                .saveDraft(["first": "Ann", "code": "XY7", "last": "B"]), .submit(record), .finish(.submitted(record)),
            ]
        ) {
            $0.grid = nil
            $0.outcome = .submitted(record)
        }
    }

    @Test func doneInTheGridPointsAtTheBlocker() {
        var store = FormStore(Fixture.actions, focus: 2)
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "tools")
        }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 2, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 2, key: 1) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 2, key: 2) }
        store.send(
            .gridKeyPressed,
            effects: [.saveDraft(["first": "", "code": "", "last": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 0
            $0.grid = nil
            $0.problems = [0: .required]
            $0.notice = "Done is disabled: First is required"
        }
        // Any event clears the notice, even one that changes nothing else.
        store.send(.swapViewPressed, effects: [.bell]) { $0.notice = nil }
    }

    @Test func aStrictFieldAcceptsTheKeysOfLayoutsItsGridTurnsTo() {
        let levels = Layout(
            kind: .choice,
            pages: [
                Layout.Page(rows: [
                    [Key(label: "Low"), Key(label: "High"), Key(label: "More…", action: .layout("extra-levels"))]
                ])
            ])
        let extra = Layout(
            kind: .choice,
            pages: [Layout.Page(rows: [[Key(label: "Critical"), Key(label: "Trivial"), Key(label: "Low")]])])
        let context = Fixture.context(
            Form(
                name: "levels",
                pages: [
                    Form.Page(fields: [
                        Field(id: "level", layout: "levels", input: .grid, strict: true)
                    ])
                ]), layouts: ["levels": levels, "extra-levels": extra])
        var store = FormStore(context)
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 0, key: 1) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 0, key: 2) }
        store.send(.gridKeyPressed, effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "extra-levels", highlight: .init(row: 0, key: 0))
        }
        let record = Record(values: [("level", .text("Critical"))])
        store.send(
            .gridKeyPressed,
            effects: [
                .setLine(text: "Critical", cursor: 8), .saveDraft(["level": "Critical"]), .submit(record),
                .finish(.submitted(record)),
            ]
        ) {
            $0.entries[0] = Entry("Critical")
            $0.grid = nil
            $0.outcome = .submitted(record)
        }
        // Typed text is held to the same keys, each named once.
        store = FormStore(context)
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "", cursor: 0)]) {
            $0.grid = nil
        }
        store.send(.lineEdited(text: "Urgent", cursor: 6)) { $0.entries[0] = Entry("Urgent") }
        store.send(.commitPressed) {
            $0.problems = [0: FieldProblem.notAChoice(["Low", "High", "Critical", "Trivial"])]
        }
        store.send(.lineEdited(text: "Trivial", cursor: 7)) {
            $0.entries[0] = Entry("Trivial")
            $0.problems = [:]
        }
    }

    /// Readline reports the line back after a `.setLine`; that echo is no keystroke,
    /// and must not wipe the notice that came with the `.setLine`.
    @Test func anEchoOfTheLineKeepsTheNotice() {
        var store = FormStore(Fixture.todo, focus: 2)
        store.send(
            .commitPressed,
            effects: [.saveDraft(["text": "", "priority": "Medium", "due": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 0
            $0.problems = [0: .required]
            $0.notice = "Done is disabled: Text is required"
        }
        store.send(.lineEdited(text: "", cursor: 0))
        // A real edit clears it.
        store.send(.lineEdited(text: "B", cursor: 1)) {
            $0.entries[0] = Entry("B")
            $0.problems = [:]
            $0.notice = nil
        }
        // So does moving the cursor.
        store.send(.lineEdited(text: "B", cursor: 1))
        store.send(.lineEdited(text: "B", cursor: 0)) { $0.entries[0].cursor = 0 }

        // The blocker opens in its grid: the echo of its line changes nothing either.
        store = FormStore(Fixture.swim, values: ["distance": "400"], focus: 4)
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["date": "today", "stroke": "", "distance": "400", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0), .transition(.page(forward: false)),
            ]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes")
            $0.problems = [1: .required]
            $0.notice = "Done is disabled: Stroke is required"
        }
        store.send(.lineEdited(text: "", cursor: 0))
        store.send(.lineEdited(text: "Crawl", cursor: 5))  // the line editor is hidden: ignored
        store.send(
            .gridHotkeyPressed("f"),
            effects: [
                .setLine(text: "Freestyle", cursor: 9),
                .saveDraft(["date": "today", "stroke": "Freestyle", "distance": "400", "felt_good": "", "note": ""]),
                .setLine(text: "400", cursor: 3),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Freestyle")
            $0.focus = 2
            $0.grid = nil
            $0.problems = [:]
            $0.notice = nil
        }
    }

    // MARK: Ending

    @Test(
        arguments: zip(
            [FormEvent.cancelPressed, .interrupted, .terminated(signal: 15), .terminated(signal: 1)],
            [FormState.Outcome.cancelled, .interrupted, .terminated(signal: 15), .terminated(signal: 1)]
        ))
    func leavingKeepsTheDraftAndEndsTheForm(event: FormEvent, outcome: FormState.Outcome) {
        var store = FormStore(Fixture.todo)
        store.send(.lineEdited(text: "Buy", cursor: 3)) { $0.entries[0] = Entry("Buy") }
        store.send(event, effects: [.saveDraft(["text": "Buy", "priority": "Medium", "due": ""]), .finish(outcome)]) {
            $0.outcome = outcome
        }
        // Once ended, nothing changes any more.
        for after in [
            FormEvent.lineEdited(text: "Buy milk", cursor: 8), .commitPressed, .previousPressed, .swapViewPressed,
            .gridMoved(.down), .gridKeyPressed, .gridHotkeyPressed("h"), .cancelPressed, .interrupted,
            .terminated(signal: 15),
        ] {
            store.send(after)
        }
    }

    @Test(
        arguments: zip(
            [FormEvent.cancelPressed, .interrupted, .terminated(signal: 15)],
            [FormState.Outcome.cancelled, .interrupted, .terminated(signal: 15)]
        ))
    func aFormWithoutFieldsCanStillBeLeft(event: FormEvent, outcome: FormState.Outcome) {
        var store = FormStore(Fixture.context(Form(name: "empty", pages: [Form.Page(fields: [])])))
        #expect(store.state == FormState(entries: []))
        store.send(.commitPressed)
        store.send(.lineEdited(text: "x", cursor: 1))
        store.send(.swapViewPressed)
        store.send(event, effects: [.saveDraft([:]), .finish(outcome)]) { $0.outcome = outcome }
    }

    @Test func leavingFromTheGridKeepsWhatTheGridTyped() {
        var store = FormStore(Fixture.amount)
        store.send(.gridHotkeyPressed("8"), effects: [.setLine(text: "8", cursor: 1)]) { $0.entries[0] = Entry("8") }
        store.send(.cancelPressed, effects: [.saveDraft(["amount": "8"]), .finish(.cancelled)]) {
            $0.outcome = .cancelled
        }
        store.send(.gridHotkeyPressed("9"))
    }

    @Test func nothingHappensAfterSubmitting() {
        var store = FormStore(Fixture.todo, values: ["text": "Buy milk"], focus: 2)
        let record = Record(values: [("text", .text("Buy milk")), ("priority", .text("Medium")), ("due", nil)])
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "Buy milk", "priority": "Medium", "due": ""]), .submit(record),
                .finish(.submitted(record)),
            ]
        ) {
            $0.outcome = .submitted(record)
        }
        store.send(.commitPressed)
        store.send(.cancelPressed)
        store.send(.interrupted)
        store.send(.terminated(signal: 15))
    }

    // MARK: Japanese

    @Test func aJapaneseFormThroughTheGrid() {
        var store = FormStore(Fixture.japanese)
        #expect(store.doneBlocker == "subject: required")
        // Enter on the empty required field: it stays, and says why.
        store.send(.commitPressed) { $0.problems = [0: .required] }
        store.send(.lineEdited(text: "牛乳を買う", cursor: 5)) {
            $0.entries[0] = Entry("牛乳を買う")
            $0.problems = [:]
        }
        #expect(store.doneBlocker == "priority: required")
        // The priority field opens in its grid.
        store.send(
            .commitPressed, effects: [.saveDraft(["subject": "牛乳を買う", "priority": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "yusendo")
        }
        // 完了 on the empty required field: it stays, with its problem.
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 1) }
        store.send(.gridKeyPressed) { $0.problems = [1: .required] }
        // かな swaps to the keyboard; a typed value must be one of the keys.
        store.send(.gridMoved(.left)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridKeyPressed, effects: [.transition(.swapView(toGrid: false)), .setLine(text: "", cursor: 0)]) {
            $0.grid = nil
        }
        store.send(.lineEdited(text: "最高", cursor: 2)) {
            $0.entries[1] = Entry("最高")
            $0.problems = [1: FieldProblem.notAChoice(["高", "中", "低"])]
        }
        store.send(.lineEdited(text: "", cursor: 0)) {
            $0.entries[1] = Entry("")
            $0.problems = [1: .required]
        }
        store.send(.swapViewPressed, effects: [.transition(.swapView(toGrid: true))]) {
            $0.grid = Grid(layout: "yusendo")
        }
        // Up from 完了 goes to the key above its middle: 中.
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 0, key: 0) }
        store.send(.gridMoved(.down)) { $0.grid?.highlight = .init(row: 1, key: 0) }
        store.send(.gridMoved(.right)) { $0.grid?.highlight = .init(row: 1, key: 1) }
        store.send(.gridMoved(.up)) { $0.grid?.highlight = .init(row: 0, key: 1) }
        // 中 on the last field: sets it, commits it, and presses Done.
        let record = Record(values: [("subject", .text("牛乳を買う")), ("priority", .text("中"))])
        store.send(
            .gridKeyPressed,
            effects: [
                .setLine(text: "中", cursor: 1),
                .saveDraft(["subject": "牛乳を買う", "priority": "中"]),
                .submit(record), .finish(.submitted(record)),
            ]
        ) {
            $0.entries[1] = Entry("中")
            $0.problems = [:]
            $0.grid = nil
            $0.outcome = .submitted(record)
        }
    }

    @Test func aJapaneseBlockerIsNamedInTheNotice() {
        var store = FormStore(Fixture.japanese, focus: 1)
        #expect(store.state == FormState(entries: [Entry(""), Entry("")], focus: 1, grid: Grid(layout: "yusendo")))
        store.send(
            .gridHotkeyPressed("1"),
            effects: [
                .setLine(text: "高", cursor: 1),
                .saveDraft(["subject": "", "priority": "高"]),
                .setLine(text: "", cursor: 0),
            ]
        ) {
            $0.entries[1] = Entry("高")
            $0.focus = 0
            $0.grid = nil
            $0.problems = [0: .required]
            $0.notice = "Done is disabled: 件名 is required"
        }
        // Coming back, the grid opens on 高.
        store.send(.lineEdited(text: "報告書", cursor: 3)) {
            $0.entries[0] = Entry("報告書")
            $0.problems = [:]
            $0.notice = nil
        }
        store.send(
            .commitPressed, effects: [.saveDraft(["subject": "報告書", "priority": "高"]), .setLine(text: "高", cursor: 1)]
        ) {
            $0.focus = 1
            $0.grid = Grid(layout: "yusendo", highlight: .init(row: 0, key: 0))
        }
    }
}

// MARK: - A boolean field is a switch

@Suite struct FormEngineSwitchTests {
    /// A to-do whose status is a switch with its own words, then an optional plain boolean.
    static let todo = Fixture.context(
        Form(
            name: "todo",
            pages: [
                Form.Page(fields: [
                    Field(id: "text", required: true),
                    Field(
                        id: "done", label: "Status", type: .boolean, defaultValue: .value("In progress"),
                        states: Field.States(no: "In progress", yes: "Complete")),
                    Field(id: "urgent", type: .boolean),
                ])
            ]))

    @Test func spaceFlipsAndTheFieldKeepsFocus() {
        var store = FormStore(Self.todo, values: ["text": "Buy milk"], focus: 1)
        #expect(store.state.entries[1] == Entry("In progress"), "the default, as written")
        store.send(.toggle(.flip), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[1] = Entry("yes") }
        store.send(.toggle(.flip), effects: [.setLine(text: "no", cursor: 2)]) { $0.entries[1] = Entry("no") }
        store.send(.toggle(.set(true)), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[1] = Entry("yes") }
        store.send(.toggle(.set(true)), effects: [.setLine(text: "yes", cursor: 3)])
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "Buy milk", "done": "yes", "urgent": ""]),
                .setLine(text: "", cursor: 0),
            ]
        ) { $0.focus = 2 }
    }

    @Test func anEmptySwitchFlipsToYesAndClearsBackToEmpty() {
        var store = FormStore(Self.todo, values: ["text": "x"], focus: 2)
        store.send(.toggle(.flip), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[2] = Entry("yes") }
        store.send(.toggle(.clear), effects: [.setLine(text: "", cursor: 0)]) { $0.entries[2] = Entry("") }
        // Submitted empty: an optional boolean with nothing is null, not false.
        let record = Record(values: [("text", .text("x")), ("done", .boolean(false)), ("urgent", nil)])
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["text": "x", "done": "In progress", "urgent": ""]),
                .submit(record), .finish(.submitted(record)),
            ]
        ) { $0.outcome = .submitted(record) }
    }

    @Test func aStatesWordFlipsLikeYesOrNo() {
        var store = FormStore(Self.todo, values: ["text": "x", "done": "complete"], focus: 1)
        store.send(.toggle(.flip), effects: [.setLine(text: "no", cursor: 2)]) { $0.entries[1] = Entry("no") }
    }

    @Test func aToggleOnAnotherFieldRingsTheBell() {
        var store = FormStore(Self.todo)
        store.send(.toggle(.flip), effects: [.bell])
        // …and in a grid, where keys belong to the layout.
        var grid = FormStore(Fixture.swim, focus: 1)
        #expect(grid.state.grid != nil)
        grid.send(.toggle(.flip), effects: [.bell])
    }

    @Test func theSwitchClearsAProblemOnceValid() {
        var store = FormStore(Self.todo, values: ["text": "x", "urgent": "maybe"], focus: 2)
        store.send(.commitPressed) { $0.problems = [2: .notBoolean] }
        store.send(.toggle(.flip), effects: [.setLine(text: "yes", cursor: 3)]) {
            $0.entries[2] = Entry("yes")
            $0.problems = [:]
        }
    }
}

// MARK: - The form's own words for a failed check (issue 22, messages:)

@Suite struct FieldMessagesEngineTests {
    static let form = Form(
        name: "signup",
        pages: [
            Form.Page(fields: [
                Field(
                    id: "email", label: "Email", required: true, pattern: "^[^@]+@[^@]+$",
                    messages: [.pattern: "Give an email like ada@example.org", .required: "Give the email we write to"]),
                Field(id: "age", label: "Age", type: .integer, min: 0),
            ])
        ])
    static let context = try! FormContext(form: form, layouts: [:], clock: WallClock(today: Fixture.today))

    @Test func aBrokenPatternIsSaidInTheFormsWords() {
        var store = FormStore(Self.context)
        store.send(.lineEdited(text: "ada", cursor: 3)) { $0.entries[0] = Entry("ada") }
        var worded = FieldProblem.patternMismatch("^[^@]+@[^@]+$")
        worded.message = .authored("Give an email like ada@example.org")
        worded.worded = true
        store.send(.commitPressed) { $0.problems = [0: worded] }
        #expect(store.doneBlocker == "email: Give an email like ada@example.org")
    }

    @Test func theScreenSaysTheMessageUnderTheFieldAndOnDonesLine() {
        var store = FormStore(Self.context)
        store.send(.lineEdited(text: "ada", cursor: 3)) { $0.entries[0] = Entry("ada") }
        store.send(.commitPressed) {
            $0.problems = [0: FieldProblem.patternMismatch("^[^@]+@[^@]+$").worded(by: Self.form.fields[0].messages)]
        }
        let lines = FormView.render(store.state, Self.context, width: 80, height: 12).lines.map(\.text)
        #expect(lines.contains { $0 == "          ✗ Give an email like ada@example.org" }, "\(lines)")
        #expect(lines.last == "[ Done ] disabled: Email: Give an email like ada@example.org", "\(lines)")
    }

    @Test func doneNamesTheFieldThenItsMessage() {
        var store = FormStore(Self.context, focus: 1)
        store.send(.donePressed, effects: [.setLine(text: "", cursor: 0)]) {
            $0.focus = 0
            $0.problems = [0: FieldProblem.required.worded(by: [.required: "Give the email we write to"])]
            $0.notice = "Done is disabled: Email: Give the email we write to"
        }
    }
}

/// A form's `rules:` in the engine: a broken rule keeps Done disabled with its
/// message, shows it under the field it marks, never holds Enter, and lets go
/// as soon as the values fix it (docs/form-format.md "Rules across fields").
@Suite struct FormRulesEngineTests {
    static let shift = Fixture.context(
        Form(
            title: "Shift", name: "shift",
            pages: [
                Form.Page(fields: [
                    Field(id: "start", label: "Start", type: .time),
                    Field(id: "end", label: "End", type: .time),
                    Field(id: "note", label: "Note"),
                ])
            ],
            rules: [
                FormRule(
                    name: "end-after-start", test: .check(try! RuleParser.parse("end >= start").get()),
                    message: "The end comes after the start")
            ]))

    static let broken = FieldProblem(authored: "The end comes after the start")

    @Test func aBrokenRuleBlocksDoneUntilTheValueIsFixed() {
        var store = FormStore(Self.shift)
        store.send(.lineEdited(text: "10:00", cursor: 5)) { $0.entries[0] = Entry("10:00") }
        // The end is empty: the rule waits, Done is enabled (nothing is required).
        #expect(store.doneBlocker == nil)
        store.send(
            .commitPressed,
            effects: [.saveDraft(["start": "10:00", "end": "", "note": ""]), .setLine(text: "", cursor: 0)]
        ) {
            $0.focus = 1
        }
        store.send(.lineEdited(text: "09:00", cursor: 5)) { $0.entries[1] = Entry("09:00") }
        #expect(store.doneBlocker == "end: The end comes after the start")
        // Enter moves on (a rule never holds the person), saying the message under End.
        let late: [String: FieldInput] = ["start": "10:00", "end": "09:00", "note": ""]
        store.send(.commitPressed, effects: [.saveDraft(late), .setLine(text: "", cursor: 0)]) {
            $0.focus = 2
            $0.problems = [1: Self.broken]
        }
        // Done points at the field the rule marks, with the message as its reason.
        store.send(.donePressed, effects: [.setLine(text: "09:00", cursor: 5)]) {
            $0.focus = 1
            $0.notice = "Done is disabled: The end comes after the start"
        }
        #expect(store.state.outcome == nil)
        // Fixing the value clears the message at once; Done is enabled again.
        store.send(.lineEdited(text: "11:00", cursor: 5)) {
            $0.entries[1] = Entry("11:00")
            $0.problems = [:]
            $0.notice = nil
        }
        #expect(store.doneBlocker == nil)
        // Breaking it again from the other field: Done is disabled again.
        store.send(.previousPressed, effects: [.setLine(text: "10:00", cursor: 5)]) {
            $0.focus = 0
        }
        store.send(.lineEdited(text: "12:00", cursor: 5)) { $0.entries[0] = Entry("12:00") }
        #expect(store.doneBlocker == "end: The end comes after the start")
        store.send(.lineEdited(text: "08:00", cursor: 5)) { $0.entries[0] = Entry("08:00") }
        let record = Record(values: [
            ("start", .time(ClockTime(hour: 8, minute: 0)!)), ("end", .time(ClockTime(hour: 11, minute: 0)!)),
            ("note", nil),
        ])
        store.send(.donePressed, effects: [.submit(record), .finish(.submitted(record))]) {
            $0.outcome = .submitted(record)
        }
    }

    /// A field's own problem comes first: the rule is said only once every field is valid.
    @Test func aFieldsOwnProblemComesBeforeARule() {
        var store = FormStore(Self.shift, values: ["start": "10:00", "end": "09:00", "note": ""])
        #expect(store.doneBlocker == "end: The end comes after the start")
        store.send(.lineEdited(text: "25:00", cursor: 5)) { $0.entries[0] = Entry("25:00") }
        #expect(store.doneBlocker == "start: must be a real time; hours go from 0 to 23, minutes from 0 to 59")
    }

    /// The frame while the rule is broken: Done's line says the message, and End
    /// (the field the rule marks) has it under it after Done was pressed.
    @Test func theFrameSaysTheMessageOnDonesLineAndUnderTheMarkedField() {
        var store = FormStore(Self.shift, values: ["start": "10:00", "end": "09:00"], focus: 2)
        store.send(.donePressed, effects: [.setLine(text: "09:00", cursor: 5)]) {
            $0.focus = 1
            $0.problems = [1: Self.broken]
            $0.notice = "Done is disabled: The end comes after the start"
        }
        withSnapshotTesting(record: .missing) {
            assertSnapshot(of: FormViewTests.picture(store.state, store.context, width: 80, height: 12), as: .lines)
        }
        let text = FormView.render(store.state, store.context, width: 80, height: 12, color: false).text()
        #expect(text.contains("[ Done ] disabled: The end comes after the start"), "\(text)")
        #expect(text.contains("✗ The end comes after the start"), "\(text)")
    }
}

// MARK: - Conditions (`when:`): one evaluation decides what is asked

private enum Receipt {
    /// paid (a switch), amount (required, shown only while paid is yes), note.
    static let form = Form(
        name: "receipt",
        pages: [
            Form.Page(fields: [
                Field(id: "paid", type: .boolean),
                Field(id: "amount", type: .number, required: true, when: .equals("paid", "true")),
                Field(id: "note"),
            ])
        ])
    static let context = Fixture.context(form, layouts: [:])
}

@Suite struct ConditionReducerTests {
    /// The driver shows and hides the field as it changes; Enter and Shift-Tab skip it
    /// while hidden; its entry is kept (and drafted) while hidden; Done is not blocked
    /// by it, and the record leaves it out.
    @Test func aConditionShowsAndHidesAFieldAsItsDriverChanges() {
        var store = FormStore(Receipt.context)
        #expect(Receipt.context.evaluation(store.state.entries).shown == [true, false, true])
        store.send(.toggle(.set(true)), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[0] = Entry("yes") }
        #expect(Receipt.context.evaluation(store.state.entries).shown == [true, true, true])
        #expect(store.doneBlocker == "amount: required")
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["paid": .line("yes"), "amount": .line(""), "note": .line("")]),
                .setLine(text: "", cursor: 0),
            ]
        ) { $0.focus = 1 }
        store.send(.lineEdited(text: "12.5", cursor: 4)) { $0.entries[1] = Entry("12.5") }
        store.send(.previousPressed, effects: [.setLine(text: "yes", cursor: 3)]) { $0.focus = 0 }
        store.send(.toggle(.set(false)), effects: [.setLine(text: "no", cursor: 2)]) { $0.entries[0] = Entry("no") }
        #expect(store.doneBlocker == nil)
        // Enter skips the hidden amount; its entry stays, and is drafted.
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["paid": .line("no"), "amount": .line("12.5"), "note": .line("")]),
                .setLine(text: "", cursor: 0),
            ]
        ) { $0.focus = 2 }
        // Shift-Tab skips it back too.
        store.send(.previousPressed, effects: [.setLine(text: "no", cursor: 2)]) { $0.focus = 0 }
        store.send(.toggle(.set(true)), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[0] = Entry("yes") }
        // Shown again, it holds what was typed.
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["paid": .line("yes"), "amount": .line("12.5"), "note": .line("")]),
                .setLine(text: "12.5", cursor: 4),
            ]
        ) { $0.focus = 1 }
        store.send(.previousPressed, effects: [.setLine(text: "yes", cursor: 3)]) { $0.focus = 0 }
        store.send(.toggle(.set(false)), effects: [.setLine(text: "no", cursor: 2)]) { $0.entries[0] = Entry("no") }
        let record = Record(values: [("paid", .boolean(false)), ("note", nil)])
        store.send(.donePressed, effects: [.submit(record), .finish(.submitted(record))]) {
            $0.outcome = .submitted(record)
        }
    }

    /// Alt-digits number the shown fields: with amount hidden, Alt-2 is the note.
    @Test func altDigitsNumberTheShownFields() {
        var store = FormStore(Receipt.context, values: ["paid": "no"])
        store.send(.fieldJumpRequested(2), effects: [.setLine(text: "", cursor: 0)]) { $0.focus = 2 }
        store.send(.fieldJumpRequested(3), effects: [.bell])
    }

    // MARK: The mouse

    /// A click on a field focuses it as Alt-digit does, never blocked by
    /// validation (the required Text is empty); a click on the focused field
    /// changes nothing, and a hidden or unknown field rings the bell.
    @Test func aClickOnAFieldFocusesIt() {
        var store = FormStore(Fixture.todo)
        store.send(.fieldClicked(2), effects: [.setLine(text: "", cursor: 0)]) { $0.focus = 2 }
        store.send(.fieldClicked(2))
        store.send(.fieldClicked(7), effects: [.bell])
        var receipt = FormStore(Receipt.context, values: ["paid": "no"])
        receipt.send(.fieldClicked(1), effects: [.bell])  // the amount, hidden while unpaid
    }

    /// A click on a grid key highlights and presses it, as Enter on it would:
    /// More… turns the page (its first key highlighted, as after arrows), a
    /// stroke is picked and the field committed. Off the page, or with no
    /// grid open, the bell.
    @Test func aClickOnAGridKeyPressesIt() {
        var store = FormStore(Fixture.swim)
        store.send(.fieldClicked(1), effects: [.setLine(text: "", cursor: 0)]) {
            $0.focus = 1
            $0.grid = Grid(layout: "strokes")
        }
        store.send(.gridKeyClicked(.init(row: 5, key: 0)), effects: [.bell])
        store.send(.gridKeyClicked(.init(row: 1, key: 1)), effects: [.transition(.page(forward: true))]) {
            $0.grid = Grid(layout: "strokes", page: 1, highlight: .init(row: 0, key: 0))
        }
        store.send(
            .gridKeyClicked(.init(row: 0, key: 1)),
            effects: [
                .setLine(text: "Medley", cursor: 6),
                .saveDraft(["date": "today", "stroke": "Medley", "distance": "", "felt_good": "", "note": ""]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) {
            $0.entries[1] = Entry("Medley")
            $0.focus = 2
            $0.grid = nil
        }
        store.send(.gridKeyClicked(.init(row: 0, key: 0)), effects: [.bell])
    }

    /// A draft whose focus is a field hidden now opens on the next shown field.
    @Test func aDraftFocusedOnAHiddenFieldOpensOnTheNextShownOne() {
        let state = FormState.start(Receipt.context, values: ["paid": "no", "amount": "3"], focus: 1)
        #expect(state.focus == 2)
        #expect(state.entries[1] == Entry("3"))
    }

    /// A hidden field is not drawn (the page reflows), and the Done line does not name it.
    @Test func aHiddenFieldIsNotDrawn() {
        let hidden = FormState.start(Receipt.context, values: ["paid": "no"])
        let text = FormView.render(hidden, Receipt.context, width: 60, height: 12, color: false).text()
        #expect(!text.contains("amount"), "\(text)")
        #expect(text.contains("[ Done ] ready"), "\(text)")
        let shown = FormState.start(Receipt.context, values: ["paid": "yes"])
        let drawn = FormView.render(shown, Receipt.context, width: 60, height: 12, color: false).text()
        #expect(drawn.contains("  amount*\n"), "\(drawn)")
        #expect(drawn.contains("[ Done ] disabled: amount is required"), "\(drawn)")
    }

    /// A page's `when` hides its fields; a hidden page takes no number in the header.
    @Test func aHiddenPageIsSkippedAndNotCounted() {
        let form = Form(
            title: "Trip", name: "trip",
            pages: [
                Form.Page(fields: [Field(id: "abroad", type: .boolean)]),
                Form.Page(
                    title: "Passport", fields: [Field(id: "passport", required: true)], when: .equals("abroad", "yes")),
                Form.Page(title: "Notes", fields: [Field(id: "note")]),
            ])
        let context = Fixture.context(form, layouts: [:])
        var store = FormStore(context, values: ["abroad": "no"])
        #expect(context.evaluation(store.state.entries).pageShown == [true, false, true])
        store.send(
            .commitPressed,
            effects: [
                .saveDraft(["abroad": .line("no"), "passport": .line(""), "note": .line("")]),
                .setLine(text: "", cursor: 0),
                .transition(.page(forward: true)),
            ]
        ) { $0.focus = 2 }
        let header = FormView.render(store.state, context, width: 60, height: 12, color: false).text().split(
            separator: "\n")[0]
        #expect(header == "Trip · Page 2/2: Notes")
    }

    /// A page with no `when` of its own whose every field is hidden right now is
    /// skipped as a whole, forward and back, and never drawn empty; a changed
    /// answer brings it back.
    @Test func aPageWhoseFieldsAreAllHiddenNowIsSkippedBothWays() {
        let form = Form(
            title: "Trip", name: "trip",
            pages: [
                Form.Page(fields: [Field(id: "abroad", type: .boolean)]),
                Form.Page(
                    title: "Passport",
                    fields: [
                        Field(id: "passport", required: true, when: .equals("abroad", "yes")),
                        Field(id: "expires", type: .date, when: .equals("abroad", "yes")),
                    ]),
                Form.Page(title: "Notes", fields: [Field(id: "note")]),
            ])
        let context = Fixture.context(form, layouts: [:])
        var store = FormStore(context, values: ["abroad": "no"])
        #expect(context.evaluation(store.state.entries).pageShown == [true, false, true])
        let draft: [String: FieldInput] = [
            "abroad": .line("no"), "passport": .line(""), "expires": .line(""), "note": .line(""),
        ]
        store.send(
            .commitPressed,
            effects: [.saveDraft(draft), .setLine(text: "", cursor: 0), .transition(.page(forward: true))]
        ) {
            $0.focus = 3
        }
        let header = FormView.render(store.state, context, width: 60, height: 12, color: false).text().split(
            separator: "\n")[0]
        #expect(header == "Trip · Page 2/2: Notes")
        store.send(.previousPressed, effects: [.setLine(text: "no", cursor: 2), .transition(.page(forward: false))]) {
            $0.focus = 0
        }
        // Yes: the page is asked again, and counted.
        store.send(.toggle(.set(true)), effects: [.setLine(text: "yes", cursor: 3)]) { $0.entries[0] = Entry("yes") }
        #expect(context.evaluation(store.state.entries).pageShown == [true, true, true])
        var yes = draft
        yes["abroad"] = .line("yes")
        store.send(
            .commitPressed,
            effects: [.saveDraft(yes), .setLine(text: "", cursor: 0), .transition(.page(forward: true))]
        ) {
            $0.focus = 1
        }
        let asked = FormView.render(store.state, context, width: 60, height: 12, color: false).text().split(
            separator: "\n")[0]
        #expect(asked == "Trip · Page 2/3: Passport")
    }

    /// Values read by the field's kind: one of several, a `multiple` field's item,
    /// filled/empty, any/all/not; a field not valid yet counts as empty.
    @Test func conditionsReadValuesAsTheFieldsKindDoes() {
        let form = Form(
            name: "c",
            pages: [
                Form.Page(fields: [
                    Field(id: "country"),
                    Field(id: "count", type: .integer),
                    Field(id: "a", when: .oneOf(field: "country", values: ["Canada", "Mexico"])),
                    Field(id: "b", when: .equals("count", "3")),
                    Field(id: "c", when: .all([.filled(field: "country"), .not(.empty(field: "count"))])),
                    Field(id: "d", when: .any([.equals("count", "03"), .equals("country", "Peru")])),
                ])
            ])
        let context = Fixture.context(form, layouts: [:])
        func shown(_ country: String, _ count: String) -> [Bool] {
            Array(
                context.evaluation([Entry(country), Entry(count), Entry(), Entry(), Entry(), Entry()]).shown.dropFirst(
                    2))
        }
        #expect(shown("Mexico", "3") == [true, true, true, true])
        #expect(shown("Peru", "x") == [false, false, false, true])
        #expect(shown("", "") == [false, false, false, false])
    }
}
