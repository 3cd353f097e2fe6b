import Foundation
import KeyformTestSupport
import Testing

/// `when:` in a real terminal: typing into the driver field shows and hides the
/// field that depends on it, and the record holds only what was asked.
@Suite(.serialized)
struct ConditionsInTmuxTests {
    @Test func typingTheDriverShowsAndHidesTheDependentField() throws {
        let run = try FormRun(["run", "examples/address.yaml", "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        var screen = try tmux.wait(forText: "› Country*", "Postcode")
        #expect(!screen.contains("Province"), "\(screen)")
        try tmux.type("Canada")
        screen = try tmux.wait(forText: "Province*", "[ Done ] disabled: Province is required")
        #expect(!screen.contains("State"), "\(screen)")
        // One character less and the province goes again: Done no longer waits for it.
        try tmux.press("BSpace")
        screen = try tmux.wait(forText: "› Country*  Canad", "[ Done ] ready")
        #expect(!screen.contains("Province"), "\(screen)")
        try tmux.type("a")
        try tmux.wait(forText: "Province*")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Province*")
        try tmux.type("Quebec")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Postcode", "[ Done ] ready: press Enter")
        // Back to the country: another one hides the province, and Enter skips it.
        try tmux.press("M-1")
        try tmux.wait(forText: "› Country*")
        try tmux.press("C-u")
        try tmux.type("France")
        screen = try tmux.wait(forText: "› Country*  France")
        #expect(!screen.contains("Province"), "\(screen)")
        try tmux.press("Enter")
        try tmux.wait(forText: "› Postcode")
        try tmux.type("75001")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"country":"France","postcode":"75001"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
