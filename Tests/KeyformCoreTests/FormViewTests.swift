import KeyformCore
import SnapshotTesting
import Testing

/// Frame snapshots of the form view: each file holds the frame as text (the
/// cursor marked `▏`) and, below it, the style map, so highlights, dimmed Done
/// and error styles are pinned as well as the text.
@Suite(.snapshots(record: .missing))
struct FormViewTests {
    // MARK: Helpers

    /// The state after `events`, from the start of the form (optionally resumed
    /// with `values` and `focus`, as a draft would).
    static func state(
        _ context: FormContext, values: [String: FieldInput] = [:], focus: Int = 0, _ events: [FormEvent] = []
    ) -> FormState {
        var state = FormState.start(context, values: values, focus: focus)
        for event in events { _ = FormEngine.reduce(&state, event, context) }
        return state
    }

    /// Typing `text` into the line editor: the whole line, cursor at its end.
    static func typed(_ text: String) -> FormEvent { .lineEdited(text: text, cursor: text.count) }

    /// The frame as a snapshot: a header with the size and cursor, the text, then the style map.
    static func picture(
        _ state: FormState, _ context: FormContext, width: Int, height: Int, color: Bool = true
    ) -> String {
        let frame = FormView.render(state, context, width: width, height: height, color: color)
        let cursor = frame.cursor.map { "row \($0.row), column \($0.column)" } ?? "hidden"
        return """
            \(width)×\(height)\(color ? "" : " NO_COLOR"), cursor: \(cursor)
            \(frame.text(markCursor: true))
            ── styles: R reverse, E error, B bold, A accent, D dim, U underline ──
            \(frame.styleMap())

            """
    }

    /// Every styled span with its full style, by row: what the style map's one
    /// letter per cell leaves out (accent under bold, bold under reverse).
    static func spans(_ frame: Frame) -> String {
        let names: [(TextStyle, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.error, "error"),
            (.accent, "accent"),
        ]
        return frame.lines.enumerated().flatMap { row, line in
            line.spans.filter { !$0.style.isEmpty }.map { span in
                let style = names.filter { span.style.contains($0.0) }.map(\.1).joined(separator: "+")
                return "row \(row): \(style) \(span.text.debugDescription)"
            }
        }.joined(separator: "\n")
    }

    // MARK: The to-do form at 80×24

    @Test func todoEmpty() throws {
        let context = try DemoForms.context("todo")
        assertSnapshot(of: Self.picture(Self.state(context), context, width: 80, height: 24), as: .lines)
    }

    @Test func todoTyped() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk")])
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func todoPriorityGrid() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk"), .commitPressed, .gridMoved(.right)])
        #expect(state.grid?.highlight == GridDrawing.KeyIndex(row: 0, key: 2))
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func todoInvalidDue() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(
            context,
            [
                Self.typed("Buy milk"), .commitPressed,  // text → priority (grid)
                .gridKeyPressed,  // Medium → status
                .commitPressed,  // In progress → due
                Self.typed("someday"), .commitPressed,  // stays on due, invalid
            ])
        #expect(state.focus == 3)
        #expect(state.problems[3] != nil)
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func todoNoticeAfterEnterOnBlockedDone() throws {
        let context = try DemoForms.context("todo")
        // Resumed on the last field with the required Text still empty: Enter presses Done.
        let state = Self.state(context, focus: 4, [.commitPressed])
        #expect(state.focus == 0)
        #expect(state.notice != nil)
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func todoSubmitted() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, values: ["text": "Buy milk"], focus: 4, [.commitPressed])
        guard case .submitted? = state.outcome else {
            Issue.record("not submitted: \(state)")
            return
        }
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    // MARK: 40×12

    @Test func todoKeyboardAt40x12() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk and eggs for the weekend")])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func todoPriorityGridAt40x12() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk"), .commitPressed])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func todoStatusSwitchAt40x12() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, values: ["text": "Buy milk"], focus: 2, [.toggle(.flip)])
        #expect(state.entries[2].text == "yes")
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func todoInvalidDueAt40x12() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(
            context, values: ["text": "Buy milk"], focus: 3, [Self.typed("2026-02-30"), .commitPressed])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    // MARK: Wide characters

    @Test func japaneseTyped() throws {
        let context = try DemoForms.context("japanese")
        let state = Self.state(context, [Self.typed("日本語")])
        let frame = FormView.render(state, context, width: 80, height: 24)
        // The value starts after "› " and the widest label, two cells apart; 日本語 is 6 cells.
        let line = try #require(frame.cursor.map { frame.lines[$0.row].text })
        #expect(line.contains("日本語"))
        let valueColumn = TextWidth.cells(line.prefix { $0 != "日" })
        #expect(frame.cursor?.column == valueColumn + 6)
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func japaneseCursorInsideWideText() throws {
        let context = try DemoForms.context("japanese")
        let state = Self.state(context, [.lineEdited(text: "日本語のメモ", cursor: 2)])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func japaneseGrid() throws {
        let context = try DemoForms.context("japanese")
        let state = Self.state(context, [Self.typed("日本語"), .commitPressed])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    // MARK: Color and NO_COLOR

    /// The same state with and without color: meaning (focus, error, ready) never rests on color alone.
    @Test(arguments: [true, false]) func colorAndNoColor(color: Bool) throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(
            context, values: ["text": "Buy milk"], focus: 4, [Self.typed("me@home"), .commitPressed])
        let frame = FormView.render(state, context, width: 80, height: 24, color: color)
        let styles = frame.lines.flatMap(\.spans).map(\.style)
        if !color {
            #expect(!styles.contains { $0.contains(.error) || $0.contains(.accent) })
        }
        let picture =
            Self.picture(state, context, width: 80, height: 24, color: color) + "── spans ──\n" + Self.spans(frame)
            + "\n"
        assertSnapshot(of: picture, as: .lines, named: color ? "color" : "no-color")
    }

    @Test(arguments: [true, false]) func readyColorAndNoColor(color: Bool) throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(context, values: ["stroke": "Kick", "distance": "400"], focus: 3)
        let frame = FormView.render(state, context, width: 60, height: 16, color: color)
        let picture =
            Self.picture(state, context, width: 60, height: 16, color: color) + "── spans ──\n" + Self.spans(frame)
            + "\n"
        assertSnapshot(of: picture, as: .lines, named: color ? "color" : "no-color")
    }

    // MARK: A paged form

    @Test func swimFirstPage() throws {
        let context = try DemoForms.context("swim")
        assertSnapshot(of: Self.picture(Self.state(context), context, width: 80, height: 24), as: .lines)
    }

    @Test func swimStrokeGridSecondPage() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(context, [.gridHotkeyPressed(">")])
        #expect(state.grid?.page == 1)
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func swimSecondFormPage() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Freestyle", "distance": "400"], focus: 3, [.gridMoved(.right)])
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func swimDistanceGridAt40x12() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Freestyle"], focus: 2, [.gridMoved(.down), .gridMoved(.down)])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    /// The keypad (5 rows) at 40×12: only the rows around the highlight, in borders, and the title says which.
    @Test func keypadRowsAroundTheHighlightAt40x12() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Kick"], focus: 2,
            [
                // A hotkey highlights nothing: the first arrow shows the highlight on 7.
                .gridHotkeyPressed("o"), .gridHotkeyPressed("4"), .gridMoved(.down), .gridMoved(.down),
                .gridMoved(.down), .gridMoved(.down),
            ])
        #expect(state.grid?.layout == "keypad")
        #expect(state.grid?.highlight == GridDrawing.KeyIndex(row: 3, key: 0))
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func keypadLastRowAt40x12() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Kick"], focus: 2,
            [
                .gridHotkeyPressed("o"), .gridHotkeyPressed("1"), .gridMoved(.down), .gridMoved(.down),
                .gridMoved(.down), .gridMoved(.down),
                .gridMoved(.down), .gridMoved(.right),
            ])
        // Down from "0" (two columns wide) lands under its middle, on Clear; right is Done.
        #expect(state.grid?.highlight == GridDrawing.KeyIndex(row: 4, key: 2))
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func keypadAtTheSmallestSize() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Kick"], focus: 2, [.gridHotkeyPressed("o"), .gridHotkeyPressed("5")])
        assertSnapshot(of: Self.picture(state, context, width: 24, height: 8), as: .lines)
    }

    @Test func keypadAt80x24() throws {
        let context = try DemoForms.context("swim")
        let state = Self.state(
            context, values: ["stroke": "Kick"], focus: 2, [.gridHotkeyPressed("o"), .gridHotkeyPressed("5")])
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    // MARK: Readline's prompt

    /// A history search being typed (C-r): readline's prompt replaces the key
    /// hints while the keyboard is in use; the field's line shows the match.
    @Test func readlinesSearchPromptIsShownInTheFooter() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk")])
        let frame = FormView.render(state, context, width: 60, height: 16, prompt: "(reverse-i-search)`mi': ")
        let lines = frame.lines.map(\.text)
        #expect(lines[14] == "(reverse-i-search)`mi': ", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("› Text*") && $0.contains("Buy milk") })
        // In the grid the keyboard is not in use: the keys are named as usual.
        let grid = Self.state(context, values: ["text": "Buy milk"], focus: 1)
        #expect(grid.grid != nil)
        #expect(!FormView.render(grid, context, width: 60, height: 16, prompt: "(arg: 2) ").text().contains("(arg: 2)"))
    }

    /// Issue 20: a field's label was cut at 25 cells and "…" at 80 columns,
    /// though the value had 50 cells. Labels now take what leaves a value 30.
    @Test func aLongFieldLabelIsShownWholeWhenTheValueKeepsRoom() {
        let question = "Where did you stay on the first night?"  // 38 cells, 39 with the star
        let context = try! FormContext(
            form: Form(
                name: "stay",
                pages: [
                    Form.Page(fields: [
                        Field(id: "place", label: question, required: true), Field(id: "note", label: "Note"),
                    ])
                ]), layouts: [:], clock: WallClock(today: DemoForms.today))
        let state = Self.state(context, values: ["place": "Kyoto"], focus: 1)
        let frame = FormView.render(state, context, width: 80, height: 24)
        let text = frame.text(markCursor: false)
        #expect(text.split(separator: "\n").contains("  \(question)*  Kyoto"), "\(text)")
        #expect(frame.cursor?.column == 2 + 39 + 2, "the values start after the whole label")
        // At 60 columns the label gets a third of the width and is cut, leaving the value room.
        let narrow = FormView.render(state, context, width: 60, height: 24).text(markCursor: false)
        #expect(narrow.contains("  Where did you stay on the…  Kyoto"), "\(narrow)")
    }

    /// Issue 20: a page's question was cut at the end of the header and of
    /// the grid's title; the form's and the layout's titles now give way first.
    @Test func aPagesQuestionIsNotCutBeforeTheTitle() throws {
        let strokes = Layout(
            title: "Swimming stroke", kind: .choice,
            pages: [
                Layout.Page(
                    id: "main", title: "Which stroke did you swim most?",
                    rows: [[Layout.Key(label: "Crawl"), Layout.Key(label: "More", action: .page("more"))]]),
                Layout.Page(
                    id: "more", title: "Others",
                    rows: [[Layout.Key(label: "Butterfly"), Layout.Key(label: "Back", action: .page("main"))]]),
            ])
        let form = Form(
            title: "Daily swimming log", name: "swim",
            pages: [
                Form.Page(
                    title: "How far did you swim?",
                    fields: [Field(id: "stroke", label: "Stroke", layout: "strokes", input: .grid)]),
                Form.Page(title: "Notes", fields: [Field(id: "note", label: "Note")]),
            ])
        let context = try FormContext(
            form: form, layouts: ["strokes": strokes], clock: WallClock(today: DemoForms.today))
        let lines = FormView.render(Self.state(context), context, width: 50, height: 24).text(markCursor: false)
            .split(separator: "\n").map(String.init)
        #expect(lines.first == "Daily swimming … · Page 1/2: How far did you swim?", "\(lines)")
        #expect(lines.contains("Swimming s… · 1/2: Which stroke did you swim most?"), "\(lines)")
        let narrow = FormView.render(Self.state(context), context, width: 40, height: 24).text(markCursor: false)
        #expect(narrow.hasPrefix("Daily… · Page 1/2: How far did you swim?\n"), "\(narrow)")
    }

    // MARK: Pickers

    /// The browse filter's "which field" question is a menu: no required star,
    /// no Done line, no keyboard to swap to; Enter names the pick.
    @Test func filterFieldPicker() throws {
        let todo = try DemoForms.context("todo")
        let context = try RecordListEngine.filterFieldForm(
            todo.form.fields, of: todo.form, clock: WallClock(today: DemoForms.today))
        let state = Self.state(context, [.gridMoved(.right)])
        let frame = FormView.render(state, context, width: 80, height: 24)
        #expect(!frame.text(markCursor: false).contains("*"), "no required star")
        #expect(!frame.text(markCursor: false).contains("Done"), "no Done line")
        #expect(!frame.text(markCursor: false).contains("keyboard"), "no keyboard swap")
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    /// The value question of a field without a grid of its own: a pick of the
    /// values the records hold, with a keyboard to type another (not strict).
    @Test func filterValuePicker() throws {
        let todo = try DemoForms.context("todo")
        let note = try #require(todo.form.field(id: "note"))
        let (context, values) = try RecordListEngine.filterValueForm(
            note, in: todo, offered: ["from the shop", "call first"], current: nil)
        let state = Self.state(context, values: values)
        let frame = FormView.render(state, context, width: 80, height: 24)
        #expect(!frame.text(markCursor: false).contains("Note*"))
        #expect(!frame.text(markCursor: false).contains("[ Done ]"))
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    // MARK: Long values

    static let long = (1...30).map { "word\($0)" }.joined(separator: " ")

    @Test func longValueScrollsWithTheCursorAtTheEnd() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, values: ["text": "Buy milk"], focus: 4, [Self.typed(Self.long)])
        let frame = FormView.render(state, context, width: 80, height: 24)
        let cursor = try #require(frame.cursor)
        #expect(frame.lines[cursor.row].text.contains("word30"))
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func longValueScrollsWithTheCursorInTheMiddle() throws {
        let context = try DemoForms.context("todo")
        let cursor = Self.long.distance(from: Self.long.startIndex, to: Self.long.range(of: "word15")!.lowerBound)
        let state = Self.state(
            context, values: ["text": "Buy milk"], focus: 4, [.lineEdited(text: Self.long, cursor: cursor)])
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    @Test func longValueNotFocusedIsCut() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, values: ["text": .line(Self.long)], focus: 4)
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    // MARK: Terminals too small

    @Test(arguments: [(24, 8), (23, 8), (10, 3), (1, 1), (0, 0)])
    func tooSmall(size: (width: Int, height: Int)) throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [Self.typed("Buy milk")])
        assertSnapshot(
            of: Self.picture(state, context, width: size.width, height: size.height), as: .lines,
            named: "\(size.width)x\(size.height)"
        )
    }

    /// Issue #20: a long form (30 fields) gave no sign that fields lie above
    /// or below the ones shown. Lines of their own now count them.
    @Test(arguments: [0, 15, 29])
    func aLongFormCountsTheFieldsOutOfView(focus: Int) throws {
        let fields = (1...30).map { Field(id: "f\($0)", label: "Field \($0)") }
        let context = try FormContext(
            form: Form(name: "long", pages: [Form.Page(fields: fields)]), layouts: [:],
            clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 22)!))
        let state = Self.state(context, focus: focus)
        let text = FormView.render(state, context, width: 80, height: 24).text()
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["›", "Field", "\(focus + 1)"]), "the focused field is in view: \(text)")
        // 30 fields, 19 lines for them: from the top, a line says how many lie below; at the end, above.
        #expect(rows.contains(["↑", "\(focus == 29 ? 12 : 0)", "more"]) == (focus == 29), "\(text)")
        #expect(rows.contains(["↓", "12", "more"]) == (focus < 29), "\(text)")
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines, named: "focus\(focus)")
    }

    /// A field of several lines cut off under a grid is rows of one field out
    /// of view, not fields: the line below said "↓ 0 more".
    @Test func rowsOfAFieldOutOfViewAreCountedAsLines() throws {
        let context = try ChoicesInTheFormTests.context(
            """
            fields:
              - id: login
              - id: password
              - id: shell
                description: From the machine
                choices: [a, b, c, d, e, f, g, h, i]
              - id: country
                description: Type to narrow the list
              - id: reason
                lines: 4
                description: Ctrl-J breaks a line
            """)
        let state = Self.state(context, focus: 2)
        #expect(state.grid != nil)
        let text = FormView.render(state, context, width: 80, height: 24).text()
        #expect(!text.contains("0 more"), "\(text)")
        #expect(text.contains("↓ 4 more lines"), "\(text)")
    }

    /// Issue #20: every key a screen names comes from its key map. With
    /// `cancel: ctrl-g` the too-small screen said "press Esc" (Esc did nothing).
    @Test func tooSmallNamesTheCancelKeyOfTheMap() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context)
        let rebound = ConfiguredKeys(rebinding: [.cancel: [.control("g")]]).form
        let frame = FormView.render(state, context, width: 23, height: 8, keys: rebound)
        #expect(frame.text().contains("press Ctrl-G."), "\(frame.text())")
        #expect(!frame.text().contains("Esc"))
        // vi insert mode: the cancel binding waits for command mode, but its key still leaves a screen nobody sees.
        let vi = FormView.render(state, context, width: 23, height: 8, mode: .viInsert)
        #expect(vi.text().contains("press Esc."), "\(vi.text())")
    }

    // MARK: Text that could act on the terminal

    @Test func escapeAndBidiAreShownEscaped() throws {
        let context = try DemoForms.context("todo")
        let value = "red \u{1B}[31mX\u{202E}evil"
        let state = Self.state(context, [Self.typed(value), .commitPressed, .previousPressed, .commitPressed])
        let frame = FormView.render(state, context, width: 80, height: 24)
        #expect(!frame.lines.contains { $0.text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) })
        #expect(frame.text().contains(#"\u{1B}[31mX\u{202E}evil"#))
        assertSnapshot(of: Self.picture(state, context, width: 80, height: 24), as: .lines)
    }

    @Test func escapeTypedWithTheCursorBeforeIt() throws {
        let context = try DemoForms.context("todo")
        let state = Self.state(context, [.lineEdited(text: "a\u{1B}b\u{2066}c", cursor: 1)])
        let frame = FormView.render(state, context, width: 40, height: 12)
        #expect(!frame.lines.contains { $0.text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) })
        assertSnapshot(of: Self.picture(state, context, width: 40, height: 12), as: .lines)
    }

    // MARK: Invariants over many sizes

    static func invariantStates() throws -> [(String, FormState, FormContext)] {
        let todo = try DemoForms.context("todo")
        let swim = try DemoForms.context("swim")
        let japanese = try DemoForms.context("japanese")
        return [
            ("todo empty", state(todo), todo),
            ("todo grid", state(todo, [typed("Buy milk"), .commitPressed]), todo),
            ("todo status switch", state(todo, values: ["text": "x"], focus: 2, [.toggle(.flip)]), todo),
            ("todo notice", state(todo, focus: 4, [.commitPressed]), todo),
            ("todo long", state(todo, values: ["text": "x"], focus: 4, [.lineEdited(text: long, cursor: 40)]), todo),
            ("todo escapes", state(todo, [typed("a\u{1B}[2J\u{202E}b\u{9B}c\n")]), todo),
            ("todo invalid", state(todo, values: ["text": "x"], focus: 3, [typed("someday"), .commitPressed]), todo),
            ("swim stroke page 2", state(swim, [.commitPressed, .gridHotkeyPressed(">")]), swim),
            ("swim distance", state(swim, values: ["stroke": "Kick"], focus: 2), swim),
            ("japanese", state(japanese, [typed("日本語のメモ日本語のメモ日本語のメモ")]), japanese),
            ("japanese grid", state(japanese, [typed("日本語"), .commitPressed]), japanese),
        ]
    }

    static func style(atCell column: Int, of line: Frame.Line) -> TextStyle {
        var start = 0
        for span in line.spans {
            let cells = TextWidth.cells(span.text)
            if column < start + cells { return span.style }
            start += cells
        }
        return []
    }

    @Test func everySizeGivesAWellFormedFrame() throws {
        for (name, state, context) in try Self.invariantStates() {
            for width in 0...120 {
                for height in 0...40 {
                    for color in [true, false] where color || width % 7 == 0 {
                        let frame = FormView.render(state, context, width: width, height: height, color: color)
                        let at = "\(name) at \(width)×\(height)"
                        #expect(frame.width == width && frame.height == height, "\(at)")
                        #expect(frame.lines.count == height, "\(at)")
                        for (row, line) in frame.lines.enumerated() {
                            if line.cells > width {
                                Issue.record("\(at): line \(row) is \(line.cells) cells: \(line.text)")
                            }
                            if line.text.unicodeScalars.contains(where: { TerminalSafe.isUnsafe($0) }) {
                                Issue.record(
                                    "\(at): line \(row) has a control character: \(line.text.debugDescription)")
                            }
                        }
                        if let cursor = frame.cursor,
                            !(0..<height).contains(cursor.row) || !(0..<width).contains(cursor.column)
                        {
                            Issue.record("\(at): cursor \(cursor) outside the frame")
                        }
                        guard width >= FormView.minimumWidth, height >= FormView.minimumHeight, state.outcome == nil
                        else { continue }
                        // Big enough: the cursor is on the highlighted key, or (nothing highlighted) on the focused field's line.
                        guard let cursor = frame.cursor else {
                            Issue.record("\(at): no cursor")
                            continue
                        }
                        let line = frame.lines[cursor.row]
                        if state.grid?.highlight != nil {
                            if !Self.style(atCell: cursor.column, of: line).contains(.reverse) {
                                Issue.record("\(at): the cursor is not on the highlighted key: \(line.text)")
                            }
                        } else if !line.text.contains("› ") {
                            Issue.record("\(at): the cursor is not on the focused field: \(line.text)")
                        }
                    }
                }
            }
        }
    }
}

/// A long page of every kind of line (descriptions, several lines, a note, a
/// switch, placeholders, a label naming an answer, a problem), scrolled to its
/// top, middle and end: the frames pinned while the fields out of view stopped
/// being drawn on each key (issue 27).
@Suite(.snapshots(record: .missing))
struct LongMixedPageTests {
    static func context() throws -> FormContext {
        var yaml = "fields:\n  - id: name\n    label: Name\n"
        for n in 2...40 {
            yaml += "  - id: f\(n)\n"
            switch n {
            case 10: yaml += "    type: note\n    label: Part two\n    description: The rest is about {{name}}.\n"
            case 12: yaml += "    label: Hello {{name}}\n"
            case 15: yaml += "    type: boolean\n    label: Ready\n"
            case 25: yaml += "    type: number\n    label: Count\n"
            default:
                yaml += "    label: Field \(n)\(n % 4 == 0 ? " with a longer label" : "")\n"
                if n % 7 == 0 { yaml += "    description: What field \(n) is for\n" }
                if n % 9 == 3 { yaml += "    lines: 3\n" }
                if n % 5 == 1 { yaml += "    required: true\n" }
                if n % 6 == 2 { yaml += "    placeholder: type here\n" }
            }
        }
        return try ChoicesInTheFormTests.context(yaml)
    }

    /// `focus`: the field's number as Alt-N jumps to it (from 1; 0 stays on Count, where the problem is).
    @Test(arguments: [0, 11, 24, 30, 39])
    func aLongPageScrolledDrawsAsBefore(focus: Int) throws {
        let context = try Self.context()
        var state = FormViewTests.state(
            context, values: ["name": .line("Ada"), "f20": .line("twenty"), "f15": .line("yes")], focus: 24,
            [FormViewTests.typed("abc"), .commitPressed])
        #expect(state.problems[24] != nil)
        _ = FormEngine.reduce(&state, .fieldJumpRequested(focus), context)
        for (width, height) in [(80, 24), (60, 14)] {
            assertSnapshot(
                of: FormViewTests.picture(state, context, width: width, height: height), as: .lines,
                named: "focus\(focus)-\(width)x\(height)")
        }
    }
}
