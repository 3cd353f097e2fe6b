import Testing

@testable import KeyformCore

/// `GridDrawing` returns structure: key cells with their key, face and place,
/// the highlighted one, rules and borders; views compose it and never read
/// back what was drawn.
@Suite struct GridDrawingTests {
    static func page(_ name: String, _ index: Int = 0) throws -> Layout.Page {
        try #require(DemoForms.layouts[name]).pages[index]
    }

    @Test func theHighlightedKeyIsAStructureNotAStyleToFind() throws {
        let drawing = GridDrawing.draw(try Self.page("priority"), width: 40, highlight: .init(row: 0, key: 1))
        let cell = try #require(drawing.highlightedCell)
        #expect(cell.key.label == "Medium")
        #expect(cell.face == "[m] Medium")
        // The face starts where the line shows it, and the reversed block is that face.
        let line = drawing.keyLine(0)
        #expect(line.text == "│  [h] High  │ [m] Medium │  [l] Low   │")
        #expect(line.text.dropFirst(cell.faceColumn).hasPrefix("[m] Medium"), "ASCII and box characters: one cell each")
        #expect(line.spans.filter { $0.style.contains(.reverse) }.map(\.text) == [" [m] Medium "])
        // A highlight that is no key of the page highlights nothing.
        #expect(
            GridDrawing.draw(try Self.page("priority"), width: 40, highlight: .init(row: 3, key: 0)).highlighted == nil)
    }

    @Test func bordersOfSomeRowsComeFromTheDrawingNotFromItsCharacters() throws {
        let drawing = GridDrawing.draw(try Self.page("keypad"), width: 40)
        #expect(drawing.lines.count == 2 * drawing.rows.count + 1)
        func trimmed(_ line: Frame.Line?) -> String? {
            line.map { String($0.text.reversed().drop { $0 == " " }.reversed()) }
        }
        #expect(drawing.border(of: 0, top: true).text == trimmed(drawing.lines.first))
        #expect(drawing.border(of: drawing.rows.count - 1, top: false).text == trimmed(drawing.lines.last))
        let top = drawing.border(of: 1, top: true).text
        let bottom = drawing.border(of: 1, top: false).text
        #expect(top.first == "┌" && top.last == "┐" && !top.contains("┼"), "\(top)")
        #expect(bottom.first == "└" && bottom.last == "┘" && !bottom.contains("┼"), "\(bottom)")
    }

    /// Issue 12: at 60 columns the swim stroke grid hid its first row's hotkeys
    /// and cut labels mid-word. Labels shrink first; a hotkey is never dropped.
    @Test func atSixtyColumnsEveryStrokeKeepsItsHotkey() throws {
        for index in 0..<2 {
            let drawing = GridDrawing.draw(try Self.page("swim-strokes", index), width: 60)
            for cell in drawing.rows.joined() {
                let hotkey = try #require(cell.key.hotkey)
                #expect(cell.face.hasPrefix("[\(hotkey)]"), "page \(index + 1): \(cell.face)")
            }
        }
        let faces = GridDrawing.draw(try Self.page("swim-strokes"), width: 60).rows.joined().map(\.face)
        #expect(faces.prefix(4) == ["[f] Freestyle", "[b] Backstro…", "[r] Breastst…", "[y] Butterfly"])
    }

    @Test func aLabelShrinksToWholeWordsThenGoesButTheHotkeyStays() {
        let key = Layout.Key(label: "Open water", hotkey: "o")
        #expect(GridDrawing.face(of: key, room: 16) == "[o] Open water")
        #expect(GridDrawing.face(of: key, room: 12) == "[o] Open…")
        #expect(GridDrawing.face(of: key, room: 7) == "[o] Op…")
        #expect(GridDrawing.face(of: key, room: 5) == "[o]")
        #expect(GridDrawing.face(of: key, room: 1) == "o")
        // Without a hotkey the label may use the blanks beside it before it is cut.
        #expect(GridDrawing.face(of: Layout.Key(label: "Breaststroke"), room: 12) == "Breaststroke")
        #expect(GridDrawing.face(of: Layout.Key(label: "Breaststroke"), room: 11) == "Breastst…")
    }

    /// Issue 20: a row with fewer keys than the widest (the demo's pickers, the
    /// browse filter) ended in a ragged edge, its border dangling under the row
    /// above; it is stretched to the full width, its keys sharing it.
    @Test func aShorterRowIsStretchedToTheFullWidth() {
        let page = Layout.Page(rows: [
            [Layout.Key(label: "a"), Layout.Key(label: "b"), Layout.Key(label: "c")], [Layout.Key(label: "d")],
        ])
        let drawing = GridDrawing.draw(page, width: 40)
        #expect(
            drawing.lines.map(\.text) == [
                "┌────────────┬────────────┬────────────┐",
                "│     a      │     b      │     c      │",
                "├────────────┴────────────┴────────────┤",
                "│                  d                   │",
                "└──────────────────────────────────────┘",
            ])
        // Without the rules between rows (a short window), the borders still close.
        #expect(drawing.border(of: 0, top: true).text == "┌────────────┬────────────┬────────────┐")
        #expect(drawing.border(of: 1, top: false).text == "└──────────────────────────────────────┘")
        // Two keys in a row of three columns share it as evenly as cells allow.
        let two = GridDrawing.draw(
            Layout.Page(rows: [
                [Layout.Key(label: "a"), Layout.Key(label: "b"), Layout.Key(label: "c")],
                [Layout.Key(label: "d"), Layout.Key(label: "e")],
            ]), width: 40)
        #expect(
            two.lines.map(\.text).suffix(3) == [
                "├────────────┴──────┬─────┴────────────┤",
                "│         d         │        e         │",
                "└───────────────────┴──────────────────┘",
            ])
        #expect(two.rows[1].map(\.cell.x) == [0, 20] && two.rows[1].map(\.cell.innerWidth) == [19, 18])
        for line in drawing.lines + two.lines { #expect(TextWidth.cells(line.text) == 40) }
    }

    /// The room a label has is one function's answer (`labelRoom`), which the
    /// layout check warns by: a label fits it exactly when the key shows it whole.
    @Test func aLabelIsShownWholeExactlyWhenItFitsItsRoom() {
        for innerWidth in 3...30 {
            for length in 1...30 {
                let label = String(repeating: "x", count: length)
                for key in [
                    Layout.Key(label: label), Layout.Key(label: label, hotkey: "h"),
                    Layout.Key(label: label, hotkey: " "),
                ] {
                    let face = GridDrawing.face(of: key, room: innerWidth)
                    let whole = face == label || face.hasSuffix("] " + label)
                    #expect(
                        whole == (length <= GridDrawing.labelRoom(of: key, innerWidth: innerWidth)),
                        "\(face) in \(innerWidth)")
                }
            }
        }
        // Issue 20: a 16-cell label beside a hotkey is cut in a key of 18 cells (four columns at 80).
        #expect(GridDrawing.labelRoom(of: Layout.Key(label: "Sixteen cells ok", hotkey: "s"), innerWidth: 18) == 14)
        #expect(GridDrawing.labelRoom(of: Layout.Key(label: "Seventeen cells ok"), innerWidth: 18) == 18)
    }

    /// Issue 20: `🖥` is 1 cell and `🈚` 2 (Unicode's data, and tmux): counted
    /// the other way round, each line of this grid was a cell off its borders.
    @Test func emojiOfEitherWidthKeepTheBordersInLine() {
        let page = Layout.Page(rows: [[Layout.Key(label: "🖥 PC"), Layout.Key(label: "🈚 free")]])
        #expect(
            GridDrawing.draw(page, width: 21).lines.map(\.text) == [
                "┌─────────┬─────────┐",
                "│  🖥 PC   │ 🈚 free │",
                "└─────────┴─────────┘",
            ])
    }
}

/// `keyform layout preview` on a terminal shows a highlight, as a form does (issue 12).
@Suite struct LayoutPreviewHighlightTests {
    @Test func eachPagesFirstKeyIsHighlightedAndTheTextIsTheSame() throws {
        let layout = try #require(DemoForms.layouts["swim-strokes"])
        let lines = LayoutPreview.lines(layout, width: 80, highlight: true)
        #expect(lines.map(\.text).joined(separator: "\n") == LayoutPreview.render(layout, width: 80))
        let reversed = lines.flatMap(\.spans).filter { $0.style.contains(.reverse) }.map(\.text)
        #expect(reversed == [" [f] Freestyle ", " [w] Warm-up "], "one highlighted key per page")
        #expect(
            !LayoutPreview.lines(layout, width: 80).flatMap(\.spans).contains { $0.style.contains(.reverse) },
            "piped: plain")
    }
}
