import Foundation
import KeyformTestSupport
import Testing

/// A 250-key grid in a real terminal (`examples/countries.yaml`): the rows
/// turn a page at a time, typing narrows the grid with the matched letters
/// underlined, Esc closes the filter and a second Esc cancels; at 80x24 and 60x20.
@Suite(.serialized)
struct FilterInTmuxTests {
    @Test(arguments: [(80, 24), (60, 20)])
    func aLongListIsFilteredByTyping(size: (width: Int, height: Int)) throws {
        let run = try FormRun(["run", "examples/countries.yaml", "--no-store"], width: size.width, height: size.height)
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Country*", "[1] Afghanistan", "of 84", "/ filter")
        // Down past the rows shown: the next page of rows.
        try tmux.press("Down")
        try tmux.wait(forText: "Enter pick Afghanistan")
        // Twenty more rows down: row 21, whose first key is the 61st country. Its
        // name is waited for, not any "Enter pick" (already shown before these
        // keys): a screen read earlier could still show the first rows.
        for _ in 0..<20 { try tmux.press("Down") }
        let scrolled = try tmux.wait(forText: "Enter pick Democratic Republic of", "rows ")
        #expect(!scrolled.contains("Afghanistan"), "\(scrolled)")
        // Typing filters: the grid narrows, the best match highlighted, its letters underlined.
        try tmux.type("ger")
        try tmux.wait(forText: "Filter: ger · 7 of 250", "Germany", "Algeria", "Enter pick Germany", "Esc close filter")
        let styled = try tmux.screen(attributes: true)
        #expect(styled.contains("\u{1B}[4m"), "matched letters are underlined: \(styled)")
        try tmux.type("x")
        try tmux.wait(forText: "Filter: gerx · no match")
        try tmux.press("BSpace")
        try tmux.wait(forText: "Filter: ger · 7 of 250")
        try tmux.press("Right")
        try tmux.wait(forText: "Enter pick Algeria")
        // Esc closes the filter on the key it highlighted; the whole list again.
        try tmux.press("Escape")
        try tmux.wait(forText: "Enter pick Algeria", "of 84")
        let closed = try tmux.screen()
        #expect(!closed.contains("Filter:"), "\(closed)")
        try tmux.type("nzl")
        try tmux.wait(forText: "Filter: nzl · 2 of 250", "Enter pick New Zealand")
        try tmux.press("Enter")
        try tmux.wait(forRow: "  Country*", "New Zealand")
        try tmux.wait(forText: "› Your name*")
        try tmux.type("Ada")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"country":"NZ","traveller":"Ada"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }

    @Test func aSecondEscCancels() throws {
        let run = try FormRun(["run", "examples/countries.yaml", "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Country*", "[1] Afghanistan")
        try tmux.press("/")
        try tmux.wait(forText: "Filter:  · 250 of 250")
        try tmux.type("fr")
        try tmux.wait(forText: "Filter: fr", "Enter pick France")
        try tmux.press("Escape")
        try tmux.wait(forText: "Esc cancel")
        try tmux.press("Escape")
        let result = try run.result()
        #expect(result.status == 1)
    }
}
