import KeyformCore
import SnapshotTesting
import Testing

/// `keyform form preview`: the form's first frame, and the watch frame around it.
@Suite struct FormPreviewTests {
    static let clock = WallClock(today: DemoForms.today, minuteOfDay: 9 * 60 + 5)

    static func frame(_ name: String, width: Int, height: Int) throws -> Frame {
        let form = try #require(try DemoForms.parse(name).value)
        return try FormPreview.frame(form, layouts: DemoForms.layouts, width: width, height: height, clock: clock)
    }

    @Test func theFirstFrameIsWhatRunDrawsBeforeAnyKey() throws {
        let context = try DemoForms.context("todo")
        let run = FormView.render(FormState.start(context), context, width: 60, height: 18, color: false)
        let preview = try Self.frame("todo", width: 60, height: 18)
        #expect(preview.text() == run.text())
    }

    @Test func watchFrameOfAGridForm() throws {
        let frame = try Self.frame("swim", width: 60, height: 16)
        let lines = FormPreview.watchLines(origin: "demo/swim.yaml", frame: frame, diagnostics: [])
        assertSnapshot(of: lines.map(\.text).joined(separator: "\n"), as: .lines)
    }

    @Test func aChoicesFieldShowsAsWithNothingStored() throws {
        let text = try Self.frame("checklist", width: 60, height: 14).text()
        #expect(text.contains("List*"), "\(text)")
        #expect(!text.contains("┌"), "no grid of earlier values without a store: \(text)")
    }

    @Test func aBrokenFormShowsItsDiagnosticsAndNoDrawing() {
        let diagnostics: [(path: String, diagnostic: Diagnostic)] = [
            ("f.yaml", .error(SourceLocation(line: 3, column: 9), "unknown type 'dat'; did you mean 'date'?")),
            ("Layouts/x.yaml", .warning(SourceLocation(line: 2, column: 5), "rows have 2 and 3 keys")),
        ]
        let lines = FormPreview.watchLines(origin: "f.yaml", frame: nil, diagnostics: diagnostics).map(\.text)
        #expect(
            lines == [
                "f.yaml:3:9: error: unknown type 'dat'; did you mean 'date'?",
                "Layouts/x.yaml:2:5: warning: rows have 2 and 3 keys",
                "",
                "watching f.yaml (1 error); redrawn on every save, Ctrl-C stops",
            ])
    }

    @Test func aFormThatCannotBeReadSaysSo() {
        let lines = FormPreview.watchLines(origin: "gone.yaml", frame: nil, diagnostics: [], readError: "no such file")
            .map(\.text)
        #expect(
            lines == [
                "gone.yaml: no such file", "", "watching gone.yaml (1 error); redrawn on every save, Ctrl-C stops",
            ])
    }

    @Test func theDrawingLosesTrailingBlanksButNotStyledOnes() {
        let frame = Frame(
            width: 10, height: 2,
            lines: [
                Frame.Line([Frame.Span("ab  "), Frame.Span("   ")]),
                Frame.Line([Frame.Span("x"), Frame.Span(" ok ", .reverse), Frame.Span("  ")]),
            ])
        let lines = FormPreview.drawing(frame)
        #expect(lines.map(\.text) == ["ab", "x ok "])
        #expect(lines[1].spans.last?.style == .reverse)
        #expect(FormPreview.drawing(frame, styled: false).map(\.text) == ["ab", "x ok"], "plain text shows no style")
    }
}
