import Foundation
import KeyformTestSupport
import Testing

/// A note in a real terminal: the burger's review page reads the order back,
/// keys type nothing into it, Enter places the order, and the record (stdout)
/// has nothing of the note.
@Suite(.serialized)
struct NotesInTmuxTests {
    @Test func theReviewPageReadsTheOrderBackAndEnterPlacesIt() throws {
        let run = try FormRun(["run", "examples/burger.yaml", "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Burger*")
        try tmux.type("1")
        try tmux.wait(forText: "› Toppings")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Spice")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Side")
        try tmux.type("1")
        try tmux.wait(forText: "› Name*")
        try tmux.type("Ada")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Instructions")
        try tmux.press("Enter")
        try tmux.wait(forText: "› 15% off?")
        try tmux.press("Enter")
        let screen = try tmux.wait(
            forText: "Page 3/3: Review", "› Your order",
            "A Charmburger Classic with Lettuce, Tomatoes, and Fries on the side.")
        #expect(screen.contains("[ Done ] ready: press Enter"), "\(screen)")
        // A key that would type rings the bell and changes nothing.
        try tmux.type("x")
        try tmux.press("BTab")
        try tmux.wait(forText: "› 15% off?")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Your order", "For Ada. Enter places the order")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == #"{"burger":"Charmburger Classic","toppings":["Lettuce","Tomatoes"],"spice":2,"side":"Fries","name":"Ada","instructions":"","discount":null}"#
        )
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
