import Foundation
import KeyformCore
import Testing

@testable import KeyformTerminal

/// Mouse reports through the real session (decoder, readline, engine): a
/// click acts on what the last frame drew under it, and readline never sees
/// a mouse report's bytes.
@MainActor
@Suite(.serialized) struct MouseSessionTests {
    init() {
        setenv("INPUTRC", "/dev/null", 1)
    }

    /// `ESC [ < 0 ; x ; y M` at a 0-based cell, and its release.
    static func click(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8)
    }

    static func wheel(down: Bool) -> [UInt8] { Array("\u{1B}[<\(down ? 65 : 64);10;10M".utf8) }

    static func at(_ text: String, _ frame: Frame, from row: Int = 0) throws -> (row: Int, column: Int) {
        for (index, line) in frame.lines.enumerated() where index >= row {
            if let range = line.text.range(of: text) {
                return (index, TextWidth.cells(String(line.text[..<range.lowerBound])))
            }
        }
        throw CocoaError(
            .coderValueNotFound, userInfo: [NSDebugDescriptionErrorKey: "'\(text)' not in\n\(frame.text())"])
    }

    @Test func aClickFocusesAFieldAndPressesAGridKey() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let session = FormSession(context: swim, state: .start(swim))
        var frame = session.frame(width: 80, height: 24, color: false)
        // The swim form opens on its first field; click the third (How far).
        let label = swim.fields[2].label
        let third = try Self.at(label, frame)
        _ = session.receive(Self.click(row: third.row, column: third.column))
        #expect(session.state.focus == 2, "\(frame.text())")
        frame = session.frame(width: 80, height: 24, color: false)
        let grid = try #require(session.state.grid, "the field opens its grid")
        let key = try #require(swim.layout(named: grid.layout)?.pages[grid.page].rows[0][1])
        let face = try Self.at(key.label, frame, from: try Self.at("┌", frame).row)
        _ = session.receive(Self.click(row: face.row, column: face.column))
        #expect(
            session.state.entries[2].text == key.text, "\(session.frame(width: 80, height: 24, color: false).text())")
        session.close()
    }

    /// Text typed around a click on nothing, and a click's bytes split over
    /// two reads: the line holds only what was typed.
    @Test func readlineNeverSeesMouseBytes() throws {
        let todo = SwitchKeysTests.context
        let session = FormSession(context: todo, state: .start(todo))
        _ = session.frame(width: 80, height: 24, color: false)
        _ = session.receive(Array("ab".utf8))
        let click = Self.click(row: 20, column: 40)
        _ = session.receive(Array(click[..<5]))
        _ = session.receive(Array(click[5...]) + Self.wheel(down: true) + Array("c".utf8))
        #expect(session.state.entries[0].text == "abc")
        #expect(session.state.focus == 0)
        session.close()
    }

    /// The wheel moves a grid's highlight a row at a time.
    @Test func theWheelMovesAGridsHighlight() throws {
        let swim = try QuickEntryKeystrokeTests.swim()
        let session = FormSession(context: swim, state: .start(swim, focus: 2))
        _ = session.frame(width: 80, height: 24, color: false)
        #expect(session.state.grid != nil)
        _ = session.receive(Self.wheel(down: true))
        #expect(
            session.state.grid?.highlight == GridDrawing.KeyIndex(row: 0, key: 0), "the first turn shows the highlight")
        _ = session.receive(Self.wheel(down: true))
        #expect(session.state.grid?.highlight?.row == 1)
        _ = session.receive(Self.wheel(down: false))
        #expect(session.state.grid?.highlight?.row == 0)
        session.close()
    }
}
