import KeyformCore
import Testing

@testable import KeyformTerminal

/// The writers draw each role of a frame in the palette's colour: a config's
/// `colors:` changes the SGR codes, never the frame.
@Suite struct PaletteWriterTests {
    /// A frame with one span of each role.
    static let frame = Frame(
        width: 40, height: 1,
        lines: [
            Frame.Line([
                Frame.Span("Due", [.bold, .accent]), Frame.Span(" no date", .error), Frame.Span(" later", .dim),
                Frame.Span(" High ", [.reverse, .bold]),
            ])
        ])

    static let magenta = ColorPalette(
        accent: .basic(5), error: .indexed(196), dim: .bright(0), highlight: .rgb(255, 136, 0))

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aConfiguredAccentIsDrawnWithItsCode() {
        var writer = ScreenWriter(color: true, palette: Self.magenta)
        let drawn = text(writer.render(Self.frame))
        // After the full redraw's reset (`ESC [ 0 m`), the first span sets only its own parameters.
        #expect(drawn.contains("\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;35mDue"))
        #expect(drawn.contains("\u{1B}[0;38;5;196m no date"))
        #expect(drawn.contains("\u{1B}[0;90m later"), "a dim colour replaces faint")
        #expect(drawn.contains("\u{1B}[0;1;7;38;2;255;136;0m High"), "the highlight is still reverse video")
        #expect(!drawn.contains(";36m") && !drawn.contains(";31m"))
    }

    @Test func theStandardPaletteIsKeyformsColours() {
        var writer = ScreenWriter(color: true)
        let drawn = text(writer.render(Self.frame))
        #expect(drawn.contains("\u{1B}[1;36mDue"))
        #expect(drawn.contains("\u{1B}[0;31m no date"))
        #expect(drawn.contains("\u{1B}[0;2m later"))
        #expect(drawn.contains("\u{1B}[0;1;7m High"))
    }

    @Test func withoutColorThePaletteIsNotUsed() {
        var writer = ScreenWriter(color: false, palette: Self.magenta)
        let drawn = text(writer.render(Self.frame))
        #expect(drawn.contains("\u{1B}[1mDue"))
        #expect(drawn.contains("\u{1B}[m no date\u{1B}[2m later"), "plain text is a bare reset; faint is added to it")
        #expect(!drawn.contains("35") && !drawn.contains("38;"))
    }

    @Test func theInlineWriterUsesThePaletteToo() {
        var writer = InlineWriter(color: true, palette: Self.magenta)
        let drawn = text(writer.render(Self.frame))
        #expect(drawn.contains("\u{1B}[0;1;35mDue"))
        #expect(drawn.contains("\u{1B}[0;1;7;38;2;255;136;0m High"))
        var plain = InlineWriter(color: false, palette: Self.magenta)
        #expect(text(plain.render(Self.frame)).contains("\u{1B}[0;1mDue"))
    }
}
