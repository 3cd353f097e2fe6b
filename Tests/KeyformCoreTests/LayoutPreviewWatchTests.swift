import KeyformCore
import Testing

/// `keyform layout preview --watch`: each frame is the drawing, the file's
/// diagnostics under it, and a status line.
@Suite struct LayoutPreviewWatchTests {
    static func parse(_ source: String) -> Parsed<Layout> {
        LayoutParser.parse(source) { _ in false }
    }

    @Test func aGoodFileIsDrawnWithItsWarningsUnderIt() {
        let parsed = Self.parse("title: Mood\nrows:\n  - [Calm, Tense]\n")
        let lines = LayoutPreview.watchLines(origin: "Layouts/mood.yaml", parsed: parsed, width: 40, highlight: false)
            .map(\.text)
        #expect(
            Array(lines.dropLast(2))
                == LayoutPreview.render(parsed.value!, width: 40).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).map(String.init))
        #expect(lines.last == "watching Layouts/mood.yaml (ok); redrawn on every save, Ctrl-C stops")
    }

    @Test func aBrokenFileShowsItsErrorsWhereTheDrawingWas() {
        let parsed = Self.parse("rows:\n  - [One, {label: Two, span: 0}]\n")
        let lines = LayoutPreview.watchLines(origin: "x.yaml", parsed: parsed, width: 40, highlight: false).map(\.text)
        #expect(parsed.value == nil)
        #expect(lines.first?.hasPrefix("x.yaml:2:") == true, "\(lines)")
        #expect(lines.first?.contains("error:") == true)
        #expect(lines.last?.hasPrefix("watching x.yaml (1 error)") == true, "\(lines)")
    }

    @Test func aFileThatCannotBeReadSaysSoAndNothingElse() {
        let lines = LayoutPreview.watchLines(
            origin: "gone.yaml", parsed: nil, readError: "no such file", width: 40, highlight: false)
        #expect(
            lines.map(\.text) == [
                "gone.yaml: no such file", "",
                "watching gone.yaml (1 error); redrawn on every save, Ctrl-C stops",
            ])
    }

    @Test func controlCharactersInAPathAreWrittenOut() {
        let lines = LayoutPreview.watchLines(
            origin: "a\u{1B}[2J.yaml", parsed: nil, readError: "no such file", width: 80, highlight: false)
        #expect(!lines.contains { $0.text.contains("\u{1B}") })
    }
}
