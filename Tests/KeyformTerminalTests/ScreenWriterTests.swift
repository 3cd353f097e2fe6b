import KeyformCore
import KeyformTestSupport
import Testing

@testable import KeyformTerminal

/// A writer and the screen its bytes land on.
private struct Harness {
    var writer: ScreenWriter
    var screen: ScreenModel
    let color: Bool

    init(width: Int, height: Int, color: Bool = true, fill: ScreenModel.Cell = .blank) {
        writer = ScreenWriter(color: color)
        screen = ScreenModel(width: width, height: height, filledWith: fill)
        self.color = color
    }

    /// Renders `frame`, applies the bytes, and checks the screen shows the frame.
    @discardableResult
    mutating func draw(_ frame: Frame, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [UInt8] {
        if frame.width != screen.width || frame.height != screen.height {
            screen.resize(width: frame.width, height: frame.height)
        }
        let bytes = writer.render(frame)
        screen.apply(bytes)
        expectShows(frame, sourceLocation: sourceLocation)
        return bytes
    }

    func expectShows(_ frame: Frame, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(screen.problems == [], sourceLocation: sourceLocation)
        let expected = ScreenModel.expected(frame, color: color)
        for row in 0..<frame.height where screen.cells[row] != expected[row] {
            Issue.record(
                "row \(row): screen \(screen.cells[row]) expected \(expected[row])", sourceLocation: sourceLocation)
        }
        if let cursor = frame.cursor {
            #expect(screen.cursorVisible, sourceLocation: sourceLocation)
            #expect(screen.cursor == cursor, sourceLocation: sourceLocation)
        } else {
            #expect(!screen.cursorVisible, sourceLocation: sourceLocation)
        }
    }
}

private func frame(_ width: Int, _ height: Int, _ lines: [Frame.Line], cursor: (Int, Int)? = nil) -> Frame {
    Frame(width: width, height: height, lines: lines, cursor: cursor.map { Frame.Position(row: $0.0, column: $0.1) })
}

private func line(_ spans: (String, TextStyle)...) -> Frame.Line {
    Frame.Line(spans.map { Frame.Span($0.0, $0.1) })
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The list form's 15 keys, one a row, with key `highlighted` highlighted and
/// named in the footer, the cursor on its label (Benchmarks' list form at 80x24).
private func listGrid(_ highlighted: Int, width: Int = 80) -> Frame {
    let side = (width - 11) / 2
    var lines = (0..<24).map { _ in line() }
    for key in 1...15 {
        let style: TextStyle = key == highlighted ? [.bold, .reverse] : []
        lines[4 + key] = line(
            ("│" + String(repeating: " ", count: side), []), (" item0\(key < 10 ? "0" : "")\(key) ", style),
            (String(repeating: " ", count: width - 11 - side) + "│", []))
    }
    lines[22] = line(("←↑↓→ move · Enter pick item00\(highlighted), Done · / filter", .dim))
    return frame(width, 24, lines, cursor: (4 + highlighted, side + 2))
}

/// A full 80x24 screen of text, as a form would show it.
private func busyFrame(changing: Character? = nil) -> Frame {
    var lines: [Frame.Line] = []
    for row in 0..<24 {
        var chars = Array(String(repeating: "Field \(row) value ", count: 6).prefix(79))
        if row == 10, let changing {
            chars[40] = changing
            if TextWidth.cells(changing) == 2 { chars.remove(at: 41) }
        }
        lines.append(line(("› ", .accent), (String(chars.dropFirst(2)), row % 3 == 0 ? .bold : [])))
    }
    return frame(80, 24, lines, cursor: (23, 0))
}

@Suite struct ScreenWriterTests {
    @Test func theFirstFrameIsDrawnInFull() {
        var h = Harness(width: 20, height: 4, fill: .poison)
        let bytes = h.draw(
            frame(
                20, 4,
                [
                    line(("Title", .bold)),
                    line(("Name: ", []), ("Ann", .underline), (" ✗ required", .error)),
                    line(("  Done  ", [.reverse, .dim]), (" › ", .accent)),
                ], cursor: (1, 9)))
        #expect(text(bytes).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(text(bytes).contains("\u{1B}[0;31m"))
        #expect(text(bytes).contains("\u{1B}[0;36m"))
        #expect(text(bytes).contains("\u{1B}[0;2;7m"))
        #expect(text(bytes).hasSuffix("\u{1B}[?25h"))
    }

    @Test func anUnchangedFrameWritesNothing() {
        var h = Harness(width: 80, height: 24)
        h.draw(busyFrame())
        #expect(h.draw(busyFrame()).isEmpty)
        h.draw(frame(80, 24, [line(("x", []))], cursor: nil))
        #expect(h.draw(frame(80, 24, [line(("x", []))], cursor: nil)).isEmpty)
    }

    @Test func oneChangedCharacterWritesAFewBytes() {
        var h = Harness(width: 80, height: 24)
        h.draw(busyFrame())
        let bytes = h.draw(busyFrame(changing: "#"))
        #expect(bytes.count < 32, "\(text(bytes).debugDescription)")
        let back = h.draw(busyFrame())
        #expect(back.count < 32)
        let wide = h.draw(busyFrame(changing: "日"))  // a wide character replaces two narrow ones
        #expect(wide.count < 32, "\(text(wide).debugDescription)")
        let narrow = h.draw(busyFrame(changing: "#"))
        #expect(narrow.count < 32, "\(text(narrow).debugDescription)")
    }

    @Test func typingAtTheCursorIsCheap() {
        var h = Harness(width: 40, height: 3)
        var typed = ""
        h.draw(frame(40, 3, [line(("Name: ", .bold))], cursor: (0, 6)))
        for character in "Ann Smith" {
            typed.append(character)
            let bytes = h.draw(frame(40, 3, [line(("Name: ", .bold), (typed, []))], cursor: (0, 6 + typed.count)))
            #expect(bytes.count <= 8, "\(text(bytes).debugDescription)")
        }
    }

    /// A long value scrolling sideways in its field (by a third, as the line
    /// editor jumps): the line's content is shifted (DCH, ICH) and only what
    /// came into view is written, not the whole line.
    @Test func aFieldScrollingSidewaysIsShiftedNotRedrawn() {
        var generator = SplitMix64(seed: 3)
        let value = (0..<120).map { _ in String(UnicodeScalar(UInt8.random(in: 97...122, using: &generator))) }.joined()
        func field(_ offset: Int) -> Frame {
            let window = String(value.dropFirst(offset).prefix(60))
            return frame(
                80, 3,
                [
                    line(("Title", .bold)), line(("│ Name: ", []), (window, .underline), (" │", [])),
                    line(("Enter submits", .dim)),
                ],
                cursor: (1, 8 + 59))
        }
        var h = Harness(width: 80, height: 3)
        h.draw(field(0))
        let left = h.draw(field(20))
        #expect(text(left).contains("\u{1B}[20P"), "\(text(left).debugDescription)")
        // The 20 characters that came into view, the border moved back, and the moves:
        // a redraw writes all 60 characters.
        #expect(left.count < 60, "\(left.count) bytes: \(text(left).debugDescription)")
        let right = h.draw(field(0))
        #expect(text(right).contains("\u{1B}[20@"), "\(text(right).debugDescription)")
        #expect(right.count < 64, "\(right.count) bytes: \(text(right).debugDescription)")
        // With wide characters at the cut, the screen still equals the frame.
        h.draw(
            frame(
                80, 3,
                [line(("Title", .bold)), line(("│ Name: ", []), ("日本語" + value.prefix(40), .underline), (" │", []))],
                cursor: (1, 8)))
        h.draw(
            frame(
                80, 3,
                [line(("Title", .bold)), line(("│ Name: ", []), ("本語" + value.prefix(40), .underline), (" │", []))],
                cursor: (1, 8)))
        h.draw(
            frame(
                80, 3,
                [line(("Title", .bold)), line(("│ Name: ", []), ("x日本語" + value.prefix(40), .underline), (" │", []))],
                cursor: (1, 8)))
    }

    /// A grid move: the highlight (bold reverse) leaves one key and lands on the
    /// next. Attributes only added are set without a reset, and plain text after
    /// styled text is `ESC [ m`.
    @Test func aMovingHighlightSetsOnlyWhatChanges() {
        var h = Harness(width: 20, height: 3)
        let one = line(("│", []), (" one ", [.bold, .reverse]), ("│", [])),
            two = line(("│", []), (" two ", [.bold, .reverse]), ("│", []))
        let plainOne = line(("│ one │", [])), plainTwo = line(("│ two │", []))
        h.draw(frame(20, 3, [one, plainTwo], cursor: (0, 2)))
        let down = text(h.draw(frame(20, 3, [plainOne, two], cursor: (1, 2))))
        #expect(down.contains("\u{1B}[1;7m two ") && !down.contains("\u{1B}[0"), "\(down.debugDescription)")
        let up = text(h.draw(frame(20, 3, [one, plainTwo], cursor: (0, 2))))
        #expect(up.contains("\u{1B}[m two ") && !up.contains("\u{1B}[0"), "\(up.debugDescription)")
        let dim = text(h.draw(frame(20, 3, [plainOne, two, line(("hint", .dim))])))
        #expect(dim.contains("\u{1B}[1;7m two "), "\(dim.debugDescription)")
        #expect(dim.contains("\u{1B}[0;2mhint"), "bold and reverse are taken away first: \(dim.debugDescription)")
    }

    /// A move in a grid of one key a row, as Benchmarks' list form draws it at 80x24:
    /// the two faces, the footer's name of the key Enter picks, and the cursor back on
    /// the highlighted label. The row the cursor goes to is drawn last, so the
    /// cursor steps back onto its face (`ESC [ 8 D`) rather than jumping back from
    /// the footer; the step back one column onto the face left is BS, one byte
    /// where `ESC [ D` is three (ptybench's move: 55 B down and 58 up before, 54 each now).
    @Test func aGridMoveWritesTheTwoFacesTheFootersNameAndTheWayBack() {
        var h = Harness(width: 80, height: 24)
        h.draw(listGrid(1))
        let down = text(h.draw(listGrid(2)))
        #expect(
            down == "\u{08} item001 \u{1B}[23;30H\u{1B}[2m2\u{1B}[7;36H\u{1B}[0;1;7m item002 \u{1B}[8D",
            "\(down.utf8.count) bytes: \(down.debugDescription)")
        // From here on the pen is the highlight's, as after any move.
        for (from, to) in [(2, 1), (1, 2), (2, 3)] {
            let move = text(h.draw(listGrid(to)))
            // The row entered is 4 + to, the terminal's row 5 + to.
            #expect(
                move == "\u{08}\u{1B}[m item00\(from) \u{1B}[23;30H\u{1B}[2m\(to)\u{1B}[\(5 + to);36H"
                    + "\u{1B}[0;1;7m item00\(to) \u{1B}[8D",
                "\(from) to \(to): \(move.utf8.count) bytes: \(move.debugDescription)")
            #expect(move.utf8.count == 54)
        }
    }

    /// The list form as `FormView` draws it (Benchmarks/forms/list.yaml: 15 keys,
    /// one a row, at 80x24): the footer's hint of what Enter does is at the
    /// text's own weight, so the digit that names the key entered is written with
    /// the pen the face left behind it, and the highlight's pen needs only its own
    /// parameters. A move writes 48 to 50 bytes (whiptail's list 52), its name in
    /// the footer and the way back to the label kept.
    @Test func aMoveInTheListFormAsItIsDrawnWritesFortyEightToFiftyBytes() throws {
        let items = (1...15).map { "item0" + ($0 < 10 ? "0" : "") + String($0) }
        let context = try FormContext(
            form: Form(
                title: "Bench list", name: "list",
                pages: [.init(fields: [Field(id: "choice", label: "Item", layout: "list15", input: .grid)])]),
            layouts: ["list15": Layout(title: "Items", pages: [.init(rows: items.map { [Layout.Key(label: $0)] })])],
            clock: WallClock(today: CivilDate(year: 2026, month: 11, day: 28)!))
        var state = FormState.start(context)
        #expect(state.grid != nil)
        let cache = FormView.Cache()
        var h = Harness(width: 80, height: 24)
        h.draw(FormView.render(state, context, width: 80, height: 24, cache: cache))
        var sizes: [Int] = []
        for direction in Array(repeating: GridDirection.down, count: 14) + Array(repeating: .up, count: 14) {
            _ = FormEngine.reduce(&state, .gridMoved(direction), context)
            let frame = FormView.render(state, context, width: 80, height: 24, cache: cache)
            #expect(frame.text().contains("Enter pick item0"), "the footer names the key Enter picks")
            sizes.append(h.draw(frame).count)
        }
        // The first Down highlights item001 (the grid opened with none); then moves: 48 bytes
        // among the screen's first nine rows, 49 where the row entered is the tenth or lower
        // (its CUP names two digits), 50 where the footer's name changes two (item009, item010);
        // the last Up, at the top, changes nothing.
        #expect(Array(sizes[1...3]) == [48, 48, 48], "\(sizes)")
        #expect(sizes.dropFirst().dropLast().allSatisfy { (48...50).contains($0) }, "\(sizes)")
        #expect(sizes.last == 0)
    }

    /// A row that shows again what it showed before its last change (the key the
    /// highlight leaves, the footer naming the key it names again) takes the
    /// cells it had: only rows showing something new are made into cells.
    @Test func aRowShowingWhatItShowedBeforeIsNotMadeIntoCellsAgain() {
        var h = Harness(width: 80, height: 24)
        h.draw(listGrid(1))
        h.draw(listGrid(2))
        let made = h.writer.rowsMade
        h.draw(listGrid(1))
        h.draw(listGrid(2))
        #expect(h.writer.rowsMade == made, "back and forth: every row shows what it showed before")
        h.draw(listGrid(3))
        #expect(h.writer.rowsMade == made + 2, "the key entered for the first time and the footer naming it")
        // A new width makes every row anew (cells are cut to the width): the screen still shows each frame.
        h.draw(listGrid(3, width: 60))
        h.draw(listGrid(2, width: 60))
        h.draw(listGrid(3, width: 60))
        h.writer.invalidate()
        h.draw(listGrid(2, width: 60))
    }

    /// Scalars drawn one cell each without grapheme breaking (ASCII, box drawing,
    /// accents, kana, CJK) next to ones that join them into one cluster (a
    /// combining mark, a voiced-sound mark, a variation selector, an emoji
    /// modifier, a joiner) and to controls: the screen shows the frame's characters.
    @Test func lonelyScalarsAndClustersDrawAsTheirCharacters() {
        let pieces = [
            "a", " ", "é", "\u{301}", "─", "┼", "日", "か", "\u{3099}", "ｆ", "…", "✓", "\u{FE0F}", "↔", "👍",
            "\u{200D}", "\u{1B}", "\u{85}", "\r", "\n", "한", "\u{1161}", "〪",
        ]
        var generator = SplitMix64(seed: 30)
        var h = Harness(width: 23, height: 3)
        for _ in 0..<600 {
            let lines = (0..<3).map { _ in
                line(
                    (
                        (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                            pieces.randomElement(using: &generator)!
                        }.joined(),
                        Bool.random(using: &generator) ? [] : .bold
                    ))
            }
            h.draw(frame(23, 3, lines, cursor: (0, 0)))
            if !h.screen.problems.isEmpty { return }
        }
    }

    /// A span of printable ASCII is made into cells a byte at a time; random lines
    /// of such spans beside ones with combining marks, wide characters, controls,
    /// DEL, C1 controls, joiners and emoji, at widths that cut them anywhere: every
    /// line's cells are the cells measured scalar by scalar.
    @Test func aLinesCellsAreTheCellsMeasuredScalarByScalar() {
        let pieces = [
            "a", "Z", " ", "~", "rows 16–30 of 500", "Enter pick", "e\u{301}", "\u{301}", "日", "한", "👍",
            "👍🏽", "\u{200D}", "\u{1B}", "\u{7F}", "\u{85}", "\r\n", "\t", "\u{FE0F}", "か\u{3099}", "›", "\u{200B}",
        ]
        let styles: [TextStyle] = [[], .bold, .reverse, .error, .accent, [.error, .accent]]
        var generator = SplitMix64(seed: 41)
        var fastSpans = 0
        for _ in 0..<3000 {
            let spans = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                let ascii = Bool.random(using: &generator)
                let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    ascii
                        ? String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
                        : pieces.randomElement(using: &generator)!
                }.joined()
                if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { fastSpans += 1 }
                return Frame.Span(text, styles.randomElement(using: &generator)!)
            }
            let line = Frame.Line(spans)
            let width = Int.random(in: 0...24, using: &generator)
            let color = Bool.random(using: &generator)
            let cells = ScreenWriter.cells(of: line, width: width, color: color)
            let measured = ScreenWriter.measuredCells(of: line, width: width, color: color)
            #expect(cells == measured, "\(spans.map(\.text)) at \(width)")
            if cells != measured { return }
        }
        #expect(fastSpans > 3000)
    }

    @Test func theCursorMovesUpAndDownRelatively() {
        var h = Harness(width: 40, height: 12)
        let lines = (0..<12).map { line(("row \($0)", [])) }
        h.draw(frame(40, 12, lines, cursor: (10, 4)))
        #expect(text(h.draw(frame(40, 12, lines, cursor: (3, 4)))) == "\u{1B}[7A")
        #expect(text(h.draw(frame(40, 12, lines, cursor: (4, 4)))) == "\n")
        #expect(text(h.draw(frame(40, 12, lines, cursor: (9, 4)))) == "\u{1B}[5B")
        #expect(text(h.draw(frame(40, 12, lines, cursor: (8, 4)))) == "\u{1B}[A")
    }

    /// Each way of moving the cursor, taken where it is the shortest; where two
    /// are as short, the first of absolute, relative, line start, column.
    @Test func theCursorTakesTheShortestWayThere() {
        var h = Harness(width: 40, height: 12)
        let lines = (0..<12).map { line(("row \($0)", [])) }
        h.draw(frame(40, 12, lines, cursor: (10, 4)))
        let steps: [(to: (Int, Int), bytes: String)] = [
            ((3, 9), "\u{1B}[4;10H"),  // up and right: absolute is shorter than `ESC [ 5 C ESC [ 7 A`
            ((3, 8), "\u{08}"),  // one back: BS
            ((3, 0), "\r"),  // the line's start
            ((4, 1), "\u{1B}[C\n"),  // right one, down one
            ((11, 30), "\u{1B}[12;31H"),  // far: absolute
            ((0, 0), "\u{1B}[1H"),
            ((0, 25), "\u{1B}[25C"),  // along the row
            ((1, 2), "\u{1B}[3G\n"),  // to a column, down one
            ((1, 1), "\u{08}"),
            ((1, 5), "\u{1B}[4C"),
            ((1, 1), "\u{1B}[4D"),  // as short as `\r ESC [ C` and `ESC [ 2 G`: relative
            ((5, 1), "\u{1B}[4B"),
        ]
        for step in steps {
            #expect(text(h.draw(frame(40, 12, lines, cursor: step.to))) == step.bytes, "to \(step.to)")
        }
    }

    @Test func wideCharactersReplacedAndShifted() {
        var h = Harness(width: 12, height: 2)
        h.draw(frame(12, 2, [line(("日本語abc", []))], cursor: (0, 0)))
        h.draw(frame(12, 2, [line(("a日本語bc", []))], cursor: (0, 0)))  // every wide char shifts by one cell
        h.draw(frame(12, 2, [line(("ab本語bc", []))], cursor: (0, 0)))  // narrow over the left half
        h.draw(frame(12, 2, [line(("a本x語bc", []))], cursor: (0, 0)))  // wide over two halves of two chars
        h.draw(frame(12, 2, [line(("a本x語b🙂", []))], cursor: (0, 0)))
        h.draw(frame(12, 2, [line(("a本xxxb🙂", [])), line(("é", .bold))], cursor: (1, 1)))
        h.draw(frame(12, 2, [line(("", []))], cursor: (1, 1)))
    }

    @Test func aWideCharacterThatDoesNotFitIsLeftOut() {
        var h = Harness(width: 5, height: 1)
        h.draw(frame(5, 1, [line(("abcd日", []))], cursor: nil))
        #expect(h.screen.text == "abcd ")
        h.draw(frame(5, 1, [line(("abc日", []))], cursor: nil))
        #expect(h.screen.text == "abc日")
    }

    @Test func combiningMarksStayWithTheirCharacter() {
        var h = Harness(width: 10, height: 1)
        h.draw(frame(10, 1, [line(("cafe\u{301}!", []))], cursor: (0, 5)))
        #expect(h.screen.text == "café!     ")
        h.draw(frame(10, 1, [line(("cafe!", []))], cursor: (0, 5)))
    }

    @Test func styleChangesAloneRedraw() {
        var h = Harness(width: 10, height: 1)
        h.draw(frame(10, 1, [line(("Done", .dim))], cursor: nil))
        let bytes = h.draw(frame(10, 1, [line(("Done", .reverse))], cursor: nil))
        #expect(!bytes.isEmpty)
    }

    @Test func withoutColorErrorAndAccentAreNotDrawn() {
        var h = Harness(width: 10, height: 1, color: false)
        let bytes = h.draw(frame(10, 1, [line(("✗", .error), ("›", [.accent, .bold]))], cursor: nil))
        #expect(!text(bytes).contains("31") && !text(bytes).contains("36"))
        // A color-only change is no change without color.
        #expect(h.draw(frame(10, 1, [line(("✗", []), ("›", .bold))], cursor: nil)).isEmpty)
    }

    @Test func aShorterLineIsErasedToItsEnd() {
        var h = Harness(width: 40, height: 2)
        h.draw(frame(40, 2, [line(("a long line of text that fills most of it", []))], cursor: nil))
        let bytes = h.draw(frame(40, 2, [line(("a short", []))], cursor: nil))
        #expect(text(bytes).contains("\u{1B}[K"))
        #expect(bytes.count < 16, "\(text(bytes).debugDescription)")
        // A reversed (highlighted) blank tail is drawn, not erased.
        h.draw(frame(40, 2, [line(("a short", []), (String(repeating: " ", count: 33), .reverse))], cursor: nil))
        h.draw(frame(40, 2, [line(("x", []))], cursor: nil))
        // Erasing after styled text resets the attributes first (EL fills with them in some terminals).
        h.draw(frame(40, 2, [line(("a long line of text that fills most of it", []))], cursor: nil))
        h.draw(frame(40, 2, [line(("x", .reverse))], cursor: nil))
    }

    /// A terminal that measures a character differently from `TextWidth` shifts the
    /// rest of that run, but not the next run or the cursor.
    @Test func aCharacterMeasuredDifferentlyDoesNotShiftWhatFollows() {
        var writer = ScreenWriter(color: false)
        var screen = ScreenModel(width: 20, height: 2, narrow: ["⚡"])
        screen.apply(writer.render(frame(20, 2, [line(("x", []))], cursor: (0, 0))))
        screen.apply(writer.render(frame(20, 2, [line(("⚡x        y", []))], cursor: (0, 15))))
        #expect(screen.problems == [])
        #expect(screen.cells[0][11].text == "y", "placed absolutely after the ⚡ run")
        #expect(screen.cursor == Frame.Position(row: 0, column: 15))
    }

    /// An emoji with a skin tone is one character of two cells, but tmux 3.3
    /// draws it in four (`👍` then `🏽`): typing after it and deleting back
    /// leaves no stale cell, and what follows it is where the frame says.
    @Test(arguments: [false, true])
    func anEmojiSequenceDrawnWiderLeavesNoStaleCell(splits: Bool) {
        var writer = ScreenWriter(color: false)
        var screen = ScreenModel(width: 30, height: 2, splitsEmojiSequences: splits)
        let typed = ["", "👍🏽", "👍🏽 ", "👍🏽 o", "👍🏽 ok", "👍🏽 ok ", "👍🏽 ok é"]
        for text in typed + typed.reversed() {
            let shown = "› Text  " + text
            let frame = frame(
                30, 2, [line((shown, [])), line(("Enter next", .dim))], cursor: (0, TextWidth.cells(shown)))
            screen.apply(writer.render(frame))
            #expect(screen.problems == [], "\(text)")
            // The terminal may show the emoji without its tone (cut short), nothing else differs.
            let expected = splits ? shown.replacing("👍🏽", with: "👍") : shown
            let row = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[0]
            #expect(
                String(row.reversed().drop { $0 == " " }.reversed())
                    == String(expected.reversed().drop { $0 == " " }.reversed()),
                "after \(text.debugDescription)")
            #expect(screen.cells[0].filter { $0 == .poison }.isEmpty, "after \(text.debugDescription)")
            #expect(screen.cursor == Frame.Position(row: 0, column: TextWidth.cells(shown)))
        }
    }

    @Test func theCursorIsHiddenAndShown() {
        var h = Harness(width: 10, height: 2)
        let hidden = h.draw(frame(10, 2, [line(("a", []))], cursor: nil))
        #expect(text(hidden).hasPrefix("\u{1B}[?25l"), "hidden before drawing")
        let shown = h.draw(frame(10, 2, [line(("a", []))], cursor: (1, 3)))
        #expect(text(shown) == "\u{1B}[2C\n\u{1B}[?25h", "right and down from the end of the a")
        let moved = h.draw(frame(10, 2, [line(("a", []))], cursor: (1, 5)))
        #expect(text(moved) == "\u{1B}[2C")
        #expect(text(h.draw(frame(10, 2, [line(("a", []))], cursor: nil))) == "\u{1B}[?25l")
    }

    @Test func aCursorOutsideTheFrameIsKeptInside() {
        var h = Harness(width: 10, height: 2)
        let bytes = h.writer.render(frame(10, 2, [line(("0123456789", []))], cursor: (5, 10)))
        h.screen.apply(bytes)
        #expect(h.screen.cursor == Frame.Position(row: 1, column: 9))
        #expect(h.screen.problems == [])
    }

    @Test func drawingTheLastCellDoesNotScroll() {
        var h = Harness(width: 5, height: 2)
        h.draw(frame(5, 2, [line(("abcde", [])), line(("fghij", []))], cursor: nil))
        h.draw(frame(5, 2, [line(("abcdX", [])), line(("fghiY", []))], cursor: (0, 0)))
        h.draw(frame(5, 2, [line(("abc日", [])), line(("fgh日", []))], cursor: (1, 4)))
    }

    @Test func aNewSizeIsAFullRedraw() {
        var h = Harness(width: 20, height: 3)
        h.draw(frame(20, 3, [line(("hello", [])), line(("world", .bold))], cursor: (1, 5)))
        let bytes = h.draw(
            frame(12, 5, [line(("hello", [])), line(("", [])), line(("again", .reverse))], cursor: (2, 5)))
        #expect(text(bytes).contains("\u{1B}[2J"))
        h.draw(frame(30, 2, [line(("wider", []))], cursor: (0, 0)))
    }

    @Test func invalidateRedrawsEverything() {
        var h = Harness(width: 20, height: 3)
        let f = frame(20, 3, [line(("hello", [])), line(("world", .bold))], cursor: (1, 5))
        h.draw(f)
        // Another program scribbled on the screen (or we were suspended).
        h.screen.apply(Array("\u{1B}[1;1Hjunk junk junk\u{1B}[?25l\u{1B}[7m".utf8))
        h.writer.invalidate()
        let bytes = h.draw(f)
        #expect(text(bytes).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }

    @Test func anEmptyFrameIsFine() {
        var h = Harness(width: 0, height: 0)
        h.draw(Frame(width: 0, height: 0))
        h.draw(frame(3, 1, [line(("abc", []))], cursor: (0, 2)))
        h.draw(Frame(width: 5, height: 0))
    }

    /// Frame text is data: whatever it holds, the terminal receives no control
    /// characters and no escape sequences except the writer's own.
    @Test func controlCharactersInTextNeverReachTheTerminal() {
        var h = Harness(width: 30, height: 3)
        let hostile = frame(
            30, 3,
            [
                line(("a\u{1B}[2Jb\u{7}c\u{8}\r\nd\te", .bold)),
                line(("\u{9B}31mX\u{1B}]0;title\u{7}", [])),
                line(("\u{202E}evil\u{200B}\u{7F}\u{0}\u{301}ok", .reverse)),
            ], cursor: (0, 0))
        let bytes = h.writer.render(hostile)
        h.screen.apply(bytes)
        #expect(h.screen.problems == [])
        #expect(
            h.screen.text.split(separator: "\n").map { $0.trimmingCharacters() } == [
                "a[2Jbcde", "31mX]0;title", "evilok",
            ])
        // Every control byte is the start of one of the writer's sequences, or CR/LF.
        let output = text(bytes)
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x1B && $0 != 0x0D && $0 != 0x0A })
        #expect(!output.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(output.components(separatedBy: "\u{1B}").dropFirst().allSatisfy { $0.hasPrefix("[") })
    }

    /// Many random frames in a row, each a small edit of the last (typing,
    /// deleting, restyling, wide characters, moving the cursor, hiding it): after
    /// every one, the screen equals the frame.
    @Test(arguments: [true, false])
    func randomSequencesOfFrames(color: Bool) {
        var generator = SplitMix64(seed: color ? 7 : 8)
        let pieces = ["a", "b", "Z", " ", "  ", "日", "本", "🙂", "é", "e\u{301}", "›", "✗", "ab", "xyz", "한"]
        let styles: [TextStyle] = [
            [], [], .bold, .dim, .reverse, .underline, .error, .accent, [.bold, .reverse], [.error, .accent],
        ]
        let width = 17
        let height = 5
        var h = Harness(width: width, height: height, color: color)
        var rows: [[(String, TextStyle)]] = Array(repeating: [], count: height)
        var cursor: (Int, Int)? = (0, 0)
        for step in 0..<1500 {
            let r = Int.random(in: 0..<height, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1:
                let piece = (pieces.randomElement(using: &generator)!, styles.randomElement(using: &generator)!)
                rows[r].insert(piece, at: Int.random(in: 0...rows[r].count, using: &generator))
            case 2:
                if !rows[r].isEmpty { rows[r].remove(at: Int.random(in: 0..<rows[r].count, using: &generator)) }
            case 3:
                if !rows[r].isEmpty {
                    let i = Int.random(in: 0..<rows[r].count, using: &generator)
                    rows[r][i].1 = styles.randomElement(using: &generator)!
                }
            case 4:
                rows[r] = []
            default:
                cursor =
                    Bool.random(using: &generator)
                    ? (Int.random(in: 0..<height, using: &generator), Int.random(in: 0..<width, using: &generator))
                    : nil
            }
            let lines = rows.map { Frame.Line($0.map { Frame.Span($0.0, $0.1) }) }
            let bytes = h.writer.render(frame(width, height, lines, cursor: cursor))
            h.screen.apply(bytes)
            h.expectShows(frame(width, height, lines, cursor: cursor))
            if !h.screen.problems.isEmpty || step % 500 == 499 {
                #expect(h.screen.problems == [], "step \(step)")
                if !h.screen.problems.isEmpty { return }
            }
        }
    }

    /// Rows switching back and forth among a few lines each (a highlight moving,
    /// a footer naming keys), the width changing and the screen forgotten now and
    /// then: a row takes its former cells only while they are its line's at this
    /// width, and the screen shows every frame.
    @Test func rowsGoingBackToFormerLinesShowThem() {
        var generator = SplitMix64(seed: 11)
        let pieces = ["a", "Z", " ", "  ", "日本", "🙂", "e\u{301}", "│", "item", "…"]
        let styles: [TextStyle] = [[], [], .bold, .dim, [.bold, .reverse], .underline]
        func randomLine() -> Frame.Line {
            Frame.Line(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    Frame.Span(
                        pieces.randomElement(using: &generator)! + pieces.randomElement(using: &generator)!,
                        styles.randomElement(using: &generator)!)
                })
        }
        let height = 4
        let choices = (0..<height).map { _ in (0..<3).map { _ in randomLine() } }
        var shown = choices.map { $0[0] }
        var width = 17
        var h = Harness(width: width, height: height)
        for step in 0..<900 {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: width = width == 17 ? 11 : 17
            case 1: h.writer.invalidate()
            default:
                let row = Int.random(in: 0..<height, using: &generator)
                shown[row] = choices[row].randomElement(using: &generator)!
            }
            h.draw(frame(width, height, shown, cursor: (step % height, step % width)))
            if !h.screen.problems.isEmpty { return }
        }
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = String(self)
        while s.last == " " { s.removeLast() }
        return s
    }
}
