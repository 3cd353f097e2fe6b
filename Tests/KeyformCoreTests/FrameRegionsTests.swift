import KeyformCore
import Testing

/// The clickable regions a form's frame carries: laid down in the same pass
/// as the cells, so a click at a cell means what that cell shows.
@Suite struct FrameRegionsTests {
    /// The row and cell column where `text` first shows in the frame, from `row` on.
    static func find(_ text: String, in frame: Frame, from row: Int = 0) -> (row: Int, column: Int)? {
        for (index, line) in frame.lines.enumerated() where index >= row {
            guard let range = line.text.range(of: text) else { continue }
            return (index, TextWidth.cells(String(line.text[..<range.lowerBound])))
        }
        return nil
    }

    static func target(of text: String, in frame: Frame, from row: Int = 0) -> Frame.Target? {
        guard let at = find(text, in: frame, from: row) else {
            Issue.record("'\(text)' not on the frame:\n\(frame.text())")
            return nil
        }
        return frame.target(row: at.row, column: at.column)
    }

    @Test func fieldsGridKeysAndDoneAreWhereTheyAreDrawn() throws {
        let context = try DemoForms.context("todo")
        let state = FormViewTests.state(context, [FormViewTests.typed("Buy milk"), .commitPressed])
        #expect(state.grid != nil, "the priority grid is open")
        let frame = FormView.render(state, context, width: 80, height: 24)
        #expect(Self.target(of: "Text", in: frame) == .field(0))
        #expect(Self.target(of: "Buy milk", in: frame) == .field(0))
        #expect(Self.target(of: "Priority", in: frame) == .field(1))
        #expect(Self.target(of: "Status", in: frame) == .field(2))
        // The grid is under the fields: its keys, by their place on the page, border to border.
        let grid = try #require(Self.find("┌", in: frame)).row
        let high = try #require(Self.find("High", in: frame, from: grid))
        #expect(frame.target(row: high.row, column: high.column) == .gridKey(.init(row: 0, key: 0)))
        #expect(Self.target(of: "Low", in: frame, from: grid) == .gridKey(.init(row: 0, key: 2)))
        #expect(frame.target(row: grid, column: high.column) == nil, "a rule between rows is no key")
        #expect(Self.target(of: "[ Done ]", in: frame) == .done)
        #expect(frame.target(row: 1, column: 0) == nil, "the blank line under the title")
        #expect(frame.regions.allSatisfy { $0.row < frame.height && $0.columns.lowerBound < frame.width })
    }

    /// Fields scrolled out of view have no region; the "↓ N more" line is none.
    @Test func onlyTheFieldsInViewAreClickable() throws {
        let fields = (1...12).map { Field(id: "f\($0)", label: "Field \($0)") }
        let context = try FormContext(
            form: Form(name: "many", pages: [Form.Page(fields: fields)]), layouts: [:],
            clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))
        let state = FormViewTests.state(context, focus: 0)
        let frame = FormView.render(state, context, width: 60, height: 10)
        let shown = frame.regions.compactMap { region -> Int? in
            if case .field(let index) = region.target { index } else { nil }
        }
        #expect(shown == Array(0..<shown.count), "the first fields, in order: \(shown)")
        #expect(shown.count < 12)
        let more = try #require(Self.find("more", in: frame))
        #expect(frame.target(row: more.row, column: more.column) == nil)
    }

    /// A compact form's fields share a line: each takes the cells it is drawn in.
    @Test func compactFieldsShareALineBySegments() throws {
        var form = Form(
            name: "quick", pages: [Form.Page(fields: [Field(id: "a", label: "Alpha"), Field(id: "b", label: "Beta")])])
        form.compact = true
        let context = try FormContext(
            form: form, layouts: [:], clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 27)!))
        let frame = FormView.render(FormViewTests.state(context), context, width: 60, height: 10)
        #expect(Self.target(of: "Alpha", in: frame) == .field(0))
        #expect(Self.target(of: "Beta", in: frame) == .field(1))
    }

    /// A form that has ended, or a window too small to show it, has nothing to click.
    @Test func noRegionsWhenNothingCanBeClicked() throws {
        let context = try DemoForms.context("todo")
        #expect(FormView.render(FormViewTests.state(context), context, width: 20, height: 6).regions.isEmpty)
        let cancelled = FormViewTests.state(context, [.cancelPressed])
        #expect(FormView.render(cancelled, context, width: 80, height: 24).regions.isEmpty)
    }
}
