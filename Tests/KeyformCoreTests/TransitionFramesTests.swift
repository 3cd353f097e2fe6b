import Testing

@testable import KeyformCore

@Suite struct TransitionFramesTests {
    func frame(_ rows: [String]) -> Frame {
        Frame(width: 10, height: rows.count, lines: rows.map { Frame.Line($0) }, cursor: .init(row: 0, column: 0))
    }

    @Test func theEndIsTheNewFrameWithItsCursor() {
        let old = frame(["a", "b"]), new = frame(["a", "c"])
        #expect(TransitionFrames.frame(.swapView(toGrid: true), from: old, to: new, progress: 1) == new)
        #expect(TransitionFrames.frame(.page(forward: true), from: old, to: new, progress: 1.5) == new)
    }

    @Test func theCursorIsHiddenMeanwhile() {
        let old = frame(["a", "b"]), new = frame(["a", "c"])
        #expect(TransitionFrames.frame(.swapView(toGrid: true), from: old, to: new, progress: 0.5).cursor == nil)
    }

    @Test func aGridRisesFromTheBottomOfTheRowsThatChange() {
        let old = frame(["title", "field", "", "", "", "footer"])
        let new = frame(["title", "field", "┌──┐", "│hi│", "└──┘", "footer"])
        let start = TransitionFrames.frame(.swapView(toGrid: true), from: old, to: new, progress: 0)
        #expect(start.text() == old.text())
        let middle = TransitionFrames.frame(.swapView(toGrid: true), from: old, to: new, progress: 0.34)
        #expect(middle.text() == "title\nfield\n\n\n┌──┐\nfooter")
        let later = TransitionFrames.frame(.swapView(toGrid: true), from: old, to: new, progress: 0.67)
        #expect(later.text() == "title\nfield\n\n┌──┐\n│hi│\nfooter")
    }

    @Test func aGridGoingAwaySinks() {
        let old = frame(["title", "┌──┐", "│hi│", "└──┘"])
        let new = frame(["title", "", "", ""])
        let middle = TransitionFrames.frame(.swapView(toGrid: false), from: old, to: new, progress: 0.34)
        #expect(middle.text() == "title\n\n┌──┐\n│hi│")
    }

    @Test func pagesSlideInFromTheRightForwardAndFromTheLeftBack() {
        let old = frame(["one"]), new = frame(["abcdefghij"])
        #expect(TransitionFrames.frame(.page(forward: true), from: old, to: new, progress: 0.5).text() == "     abcde")
        #expect(TransitionFrames.frame(.page(forward: false), from: old, to: new, progress: 0.5).text() == "fghij")
    }

    @Test func aWideCharacterCutInHalfBecomesASpace() {
        let line = Frame.Line("日本語")
        #expect(line.shiftedLeft(by: 1).text == " 本語")
        #expect(line.shiftedLeft(by: 2).text == "本語")
        #expect(line.shiftedRight(by: 3, width: 6).text == "   日")
    }
}
