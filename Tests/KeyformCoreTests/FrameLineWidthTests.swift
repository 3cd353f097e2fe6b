import KeyformTestSupport
import Testing

@testable import KeyformCore

/// A line keeps its width once measured, or counted as it was appended to, so
/// a frame does not measure again the lines drawn to fit (DECISIONS 91): the
/// width it keeps is the width measured afresh, and a line that does not fit
/// is still cut.
@Suite struct FrameLineWidthTests {
    /// Pieces that join across an append where they meet (an accent, an emoji's
    /// modifier and joiner, a variation selector, a flag's halves, a prepended
    /// mark, CR LF, a kana's voicing mark) beside plain, wide and box-drawn text.
    static let pieces = [
        "a", "Buy milk", "e", "\u{301}", "日本語", "│  ", "┼─", "👍", "\u{1F3FD}", "\u{200D}", "👩", "\u{FE0F}", "🇯",
        "🇵", "\u{600}", "\r", "\n", "…", "©", "ｆ", "か", "\u{3099}", " ",
    ]

    /// The line's width measured from its text alone.
    static func remeasured(_ line: Frame.Line) -> Int { line.spans.reduce(0) { $0 + TextWidth.cells($1.text) } }

    @Test func theWidthALineKeepsIsItsTextsWidth() {
        var random = SplitMix64(seed: 27)
        for _ in 0..<300 {
            var line = Bool.random(using: &random) ? Frame.Line() : Frame.Line("x", .bold).measured()
            for _ in 0..<Int.random(in: 1..<12, using: &random) {
                let piece = Self.pieces.randomElement(using: &random)!
                line.append(piece, Bool.random(using: &random) ? [] : .bold)
                #expect(line.cells == Self.remeasured(line), "\(line.spans)")
            }
            let width = Int.random(in: 1..<16, using: &random)
            let padded = line.padded(to: width)
            #expect(padded.cells == Self.remeasured(padded), "\(padded.spans)")
            // Cut as a line never measured is cut, to the same width.
            let cut = line.truncated(to: width)
            #expect(cut == Frame.Line(line.spans).truncated(to: width), "\(line.spans) at \(width)")
            #expect(cut.cells == Self.remeasured(cut) && cut.cells <= width, "\(cut.spans)")
        }
    }

    @Test func aLineThatDoesNotFitIsStillCut() {
        // A field's line measured as it was made: a wide Japanese label and a long value, at 40 columns.
        var line = Frame.Line()
        line.append("› ", .accent)
        line.append(TextWidth.pad("お届け先の住所", toCells: 14), .accent)
        line.append("  ")
        line.append(String(repeating: "a long value ", count: 4), .bold)
        #expect(line.cells == 70)
        let cut = line.truncated(to: 40)
        #expect(cut.text == "› お届け先の住所  a long value a long v…")
        #expect(cut.cells == 40 && Self.remeasured(cut) == 40)
        // A line measured at one width and kept (a grid's row in the cache) is cut at a narrower one.
        let kept = Frame.Line("│ 東京都 │ 大阪府 │ 京都府 │").padded(to: 60)
        #expect(kept.truncated(to: 12).text == "│ 東京都 │ …")
    }

    @Test func aTitleTooWideForTheScreenIsCutEachRender() throws {
        var context = try JapaneseFormTests.japanese("japanese")
        var form = context.form
        form.title = "お客様の情報とお届け先の住所を入力するフォーム"
        context = try FormContext.prepared(form, layouts: context.layouts, clock: context.clock)
        context.language = .japanese
        let state = FormViewTests.state(context, [FormViewTests.typed(String(repeating: "長い値", count: 20))])
        let cache = FormView.Cache()
        for _ in 0..<2 {
            let frame = FormView.render(state, context, width: 40, height: 12, cache: cache)
            #expect(frame.lines[0].text == "お客様の情報とお届け先の住所を入力する…")
            for line in frame.lines {
                #expect(line.cells == Self.remeasured(line) && line.cells <= 40, "'\(line.text)'")
            }
            #expect(frame == FormView.render(state, context, width: 40, height: 12))
        }
    }
}
