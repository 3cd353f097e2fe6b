import Foundation
import SnapshotTesting
import Testing

@testable import KeyformCore

/// A text field of several lines (`lines: N`, issue 23): its value holds line
/// breaks, wraps by cells as drawn, and its cursor moves by the rows drawn.
@Suite(.snapshots(record: .missing))
struct MultiLineFieldTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static let form = Form(
        name: "order",
        pages: [
            Form.Page(fields: [
                Field(id: "name", label: "Name"),
                Field(id: "notes", label: "Notes", maxLength: 40, placeholder: "Anything we should know?", lines: 3),
                Field(id: "size", label: "Size"),
            ])
        ])

    static func context(_ form: Form = form) throws -> FormContext {
        try FormContext(form: form, layouts: [:], clock: WallClock(today: today, minuteOfDay: 0))
    }

    static func typed(_ text: String, cursor: Int? = nil) -> FormEvent {
        .lineEdited(text: text, cursor: cursor ?? text.count)
    }

    // MARK: Wrapping

    /// A line break ends a row; a line wraps at its last space that fits; a
    /// word longer than a row is cut where the row ends.
    @Test func rowsWrapAtSpacesAndBreakAtLineBreaks() {
        let wrapped = WrappedText("No onions\nplease, extra pickles\nsupercalifragilistic", width: 10)
        #expect(
            wrapped.rows.map(\.shown) == ["No onions", "please, ", "extra ", "pickles", "supercalif", "ragilistic", ""])
        #expect(wrapped.rows.map(\.endsLine) == [true, false, false, true, false, false, false])
    }

    /// CJK and emoji take 2 cells: a row of 10 cells holds five of them.
    @Test func wideCharactersCountTwoCells() {
        let wrapped = WrappedText("日本語のテキストです😀", width: 10)
        #expect(wrapped.rows.map(\.shown) == ["日本語のテ", "キストです", "😀"])
        #expect(wrapped.rows.map(\.cells) == [10, 10, 2])
        #expect(wrapped.position(ofCursor: 7) == (row: 1, column: 4))
    }

    /// Control characters other than the line break are drawn escaped, never as themselves.
    @Test func controlCharactersAreDrawnEscaped() {
        let wrapped = WrappedText("a\u{1B}[2Jb\nc", width: 20)
        #expect(wrapped.rows.map(\.shown) == [#"a\u{1B}[2Jb"#, "c"])
    }

    /// The cursor after a text that ends with a line break, or fills its last row, has a row of its own.
    @Test func theCursorAtTheEndHasARow() {
        #expect(WrappedText("ab\n", width: 5).position(ofCursor: 3) == (row: 1, column: 0))
        #expect(WrappedText("abcde", width: 5).position(ofCursor: 5) == (row: 1, column: 0))
        #expect(WrappedText("", width: 5).position(ofCursor: 0) == (row: 0, column: 0))
    }

    /// ↑ and ↓ keep the cell column (at most the row's end); past the first
    /// row ↑ goes to the start, past the last ↓ to the end.
    @Test func upAndDownMoveByRowsDrawn() {
        let text = "first line\nab\n日本語です"
        let wrapped = WrappedText(text, width: 20)
        #expect(wrapped.cursor(from: 8, rows: 1) == 13, "from column 8 to the end of 'ab'")
        #expect(wrapped.cursor(from: 13, rows: 1) == 15, "column 2 is after 日 (2 cells)")
        #expect(wrapped.cursor(from: 16, rows: -1) == 13)
        #expect(wrapped.cursor(from: 13, rows: -1) == 2)
        #expect(wrapped.cursor(from: 2, rows: -1) == 0)
        #expect(wrapped.cursor(from: 15, rows: 1) == text.count)
        // A wrapped row: the place at its end is the next row's start, so ↓ stops before it.
        let long = WrappedText("aaaa bbbb cc", width: 5)
        #expect(long.rows.map(\.shown) == ["aaaa ", "bbbb ", "cc"])
        #expect(long.cursor(from: 2, rows: 1) == 7)
        #expect(long.cursor(from: 9, rows: 1) == 12, "the last row ends at the text's end")
    }

    // MARK: The form file

    @Test func linesIsReadOnATextField() throws {
        let form = try FormParserTests.form("fields:\n  - id: notes\n    lines: 4\n")
        #expect(form.fields[0].lines == 4)
        #expect(form.fields[0].isMultiLine)
    }

    @Test func linesOnlyOnATypedTextField() {
        func errors(_ source: String) -> [String] { FormParserTests.parse(source).diagnostics.map(\.description) }
        #expect(
            errors("fields:\n  - id: n\n    type: integer\n    lines: 3\n")
                == ["4:5: error: 'lines' applies to text fields; 'n' is an integer field"])
        #expect(
            errors("fields:\n  - id: n\n    lines: 0\n")
                == ["3:12: error: 'lines' must be a whole number of lines from 1 to 20, found '0'"])
        #expect(
            errors("fields:\n  - id: n\n    secret: true\n    lines: 3\n")
                == [
                    "4:12: error: a secret is one line, typed masked (and never handed to an editor); remove 'lines' or 'secret'"
                ])
        #expect(
            errors("fields:\n  - id: n\n    choices: [a, b]\n    lines: 3\n")
                == ["3:5: error: a field of several lines is typed, and has no 'choices'; remove 'choices' or 'lines'"])
    }

    @Test func formatterPutsLinesAfterTheType() throws {
        let source = "fields:\n  - lines: 3\n    label: Notes\n    id: notes\n"
        #expect(
            try YAMLFormatter.format(source, as: .form) == "fields:\n  - id: notes\n    label: Notes\n    lines: 3\n")
    }

    // MARK: Values

    /// A field of several lines takes `\n`; a one-line field still refuses it,
    /// and other control characters are refused in both.
    @Test func lineBreaksAreValuesOfAFieldOfSeveralLines() throws {
        let context = try Self.context()
        func problem(_ field: Int, _ text: String) -> String? {
            var entries = Self.form.fields.map { _ in FormState.Entry() }
            entries[field] = FormState.Entry(text)
            if case .failure(let problem) = context.validate(field: field, entries) { return problem.reason }
            return nil
        }
        #expect(problem(1, "No onions\nExtra pickles") == nil)
        #expect(problem(0, "No onions\nExtra pickles") == "must be one line")
        #expect(problem(1, "tab\there") == "must not contain U+0009 (tab), a control character")
        #expect(problem(1, "a\rb") == "must not contain U+000D (line break), a control character")
        // max_length counts characters: a line break is one.
        #expect(problem(1, String(repeating: "a", count: 39) + "\n") == nil)
        #expect(problem(1, String(repeating: "a", count: 40) + "\n") == "must be at most 40 characters")
    }

    /// Answers in JSON give the breaks as `\n` (a CR LF is one); a one-line field still refuses them.
    @Test func answersTakeLineBreaksInJSON() throws {
        let answers = try Answers.fromJSON(
            Array(#"{"notes": "No onions\r\nExtra pickles\n", "name": "Ada"}"#.utf8), form: Self.form
        ).get()
        #expect(answers["notes"] == .line("No onions\nExtra pickles\n"))
        let record = try HeadlessFill.fill(try Self.context(), answers: answers).get()
        #expect(
            RecordFormat.json(record, form: Self.form)
                == #"{"name":"Ada","notes":"No onions\nExtra pickles\n","size":""}"# + "\n")
        #expect(
            RecordFormat.env(record, form: Self.form) == "name='Ada'\nnotes='No onions\nExtra pickles\n'\nsize=''\n")
        guard case .failure(let problems) = Answers.fromJSON(Array(#"{"name": "A\nB"}"#.utf8), form: Self.form) else {
            Issue.record("a line break in a one-line field's answer")
            return
        }
        #expect(problems.description == "keyform: field 'name': must be one line\n")
    }

    /// A template keeps a value's line breaks (a receipt's note) and still escapes its other control characters.
    @Test func templatesKeepLineBreaksAndEscapeTheRest() throws {
        var form = Self.form
        form.template = "Order for {{name}}\nNotes:\n{{notes}}"
        let record = Record(
            form: form, values: ["name": .text("Ada"), "notes": .text("No onions\nRing \u{1B}]0;x\u{07} twice")])
        #expect(
            try RecordFormat.template(record, form: form)
                == "Order for Ada\nNotes:\nNo onions\nRing \\u{1B}]0;x\\u{7} twice\n")
    }

    // MARK: The view

    static func picture(
        _ events: [FormEvent], focus: Int = 1, width: Int = 80, height: Int = 14, form: Form = form
    ) throws -> String {
        let context = try Self.context(form)
        var state = FormState.start(context, focus: focus)
        for event in events { _ = FormEngine.reduce(&state, event, context) }
        return FormViewTests.picture(state, context, width: width, height: height)
    }

    /// Empty: the placeholder on the first of its three rows, the cursor before it.
    @Test func anEmptyFieldShowsItsRowsAndPlaceholder() throws {
        assertSnapshot(of: try Self.picture([]), as: .lines)
    }

    /// Typed: the value wraps in its column, lines break where typed.
    @Test func theValueWrapsInItsColumn() throws {
        assertSnapshot(
            of: try Self.picture(
                [Self.typed("No onions, please.\nExtra pickles on the side if you have any left today")], width: 40),
            as: .lines)
    }

    /// More rows than shown: the view scrolls to keep the cursor's row in view,
    /// and shows the first rows again when the cursor goes back up.
    @Test func theRowsScrollToTheCursor() throws {
        let text = "one\ntwo\nthree\nfour\nfive"
        assertSnapshot(of: try Self.picture([Self.typed(text)]), as: .lines, named: "end")
        assertSnapshot(of: try Self.picture([Self.typed(text, cursor: 1)]), as: .lines, named: "start")
    }

    /// CJK wraps by cells; the cursor column counts them.
    @Test func wideTextWrapsByCells() throws {
        assertSnapshot(
            of: try Self.picture([Self.typed("玉ねぎ抜きでお願いします。ピクルスは多めに、ソースは別添えでお願いします。", cursor: 20)], width: 40),
            as: .lines)
    }

    /// Left, the field shows its first rows, "…" when more follow.
    @Test func aFieldNotTypedInShowsItsFirstRows() throws {
        assertSnapshot(of: try Self.picture([Self.typed("one\ntwo\nthree\nfour"), .commitPressed]), as: .lines)
    }
}
