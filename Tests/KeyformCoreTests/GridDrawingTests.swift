@testable import KeyformCore
import Testing

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
        #expect(GridDrawing.draw(try Self.page("priority"), width: 40, highlight: .init(row: 3, key: 0)).highlighted == nil)
    }

    @Test func bordersOfSomeRowsComeFromTheDrawingNotFromItsCharacters() throws {
        let drawing = GridDrawing.draw(try Self.page("keypad"), width: 40)
        #expect(drawing.lines.count == 2 * drawing.rows.count + 1)
        func trimmed(_ line: Frame.Line?) -> String? { line.map { String($0.text.reversed().drop { $0 == " " }.reversed()) } }
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
}

/// `keyform layout preview` on a terminal shows a highlight, as a form does (issue 12).
@Suite struct LayoutPreviewHighlightTests {
    @Test func eachPagesFirstKeyIsHighlightedAndTheTextIsTheSame() throws {
        let layout = try #require(DemoForms.layouts["swim-strokes"])
        let lines = LayoutPreview.lines(layout, width: 80, highlight: true)
        #expect(lines.map(\.text).joined(separator: "\n") == LayoutPreview.render(layout, width: 80))
        let reversed = lines.flatMap(\.spans).filter { $0.style.contains(.reverse) }.map(\.text)
        #expect(reversed == [" [f] Freestyle ", " [w] Warm-up "], "one highlighted key per page")
        #expect(!LayoutPreview.lines(layout, width: 80).flatMap(\.spans).contains { $0.style.contains(.reverse) }, "piped: plain")
    }
}
