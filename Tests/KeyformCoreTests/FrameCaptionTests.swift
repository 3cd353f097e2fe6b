import KeyformCore
import Testing

/// A caption written into the blank rows above a frame's footer (the demo
/// menu's note): never over anything drawn.
@Suite struct FrameCaptionTests {
    static func frame(_ lines: [String], height: Int, width: Int = 20, cursor: Frame.Position? = nil) -> Frame {
        Frame(width: width, height: height, lines: lines.map { Frame.Line($0) }, cursor: cursor)
    }

    static let caption = ["Note:", "  first", "  second"].map { Frame.Line($0) }

    @Test func theCaptionGoesJustAboveTheFooter() {
        let lines = ["Title", "", "grid"] + Array(repeating: "", count: 5) + ["hints", "Done"]
        let captioned = Self.frame(lines, height: 10).captioned(Self.caption, keepingBottom: 2)
        #expect(captioned.text() == "Title\n\ngrid\n\n\nNote:\n  first\n  second\nhints\nDone")
    }

    @Test func whenItDoesNotFitOnlyItsFirstLineOrNothingIsWritten() {
        // Room for two rows and a blank one above: the heading alone.
        let tight = ["Title", "grid", "", "", "", "hints", "Done"]
        #expect(
            Self.frame(tight, height: 7).captioned(Self.caption, keepingBottom: 2).text()
                == "Title\ngrid\n\n\nNote:\nhints\nDone")
        // No blank row between the grid and the footer's neighbour: nothing.
        let full = ["Title", "grid", "", "grid", "hints", "Done"]
        #expect(Self.frame(full, height: 6).captioned(Self.caption, keepingBottom: 2) == Self.frame(full, height: 6))
        // The cursor's row is never written over.
        let cursor = Frame.Position(row: 5, column: 0)
        let lines = ["Title"] + Array(repeating: "", count: 7) + ["hints", "Done"]
        #expect(
            Self.frame(lines, height: 10, cursor: cursor).captioned(Self.caption, keepingBottom: 2).text()
                == "Title\n\n\n\n\n\n\nNote:\nhints\nDone")
    }

    @Test func longLinesAreCutToTheWidth() {
        let lines = ["Title"] + Array(repeating: "", count: 3) + ["hints"]
        let captioned = Self.frame(lines, height: 5, width: 8).captioned(
            [Frame.Line("a very long caption")], keepingBottom: 1)
        #expect(captioned.lines[3].cells <= 8)
        #expect(captioned.text() == "Title\n\n\n" + captioned.lines[3].text + "\nhints")
    }
}
