import Foundation
import KeyformTestSupport
import Testing

/// Keys that follow another field, in a real terminal: `examples/dynamic-country.yaml`.
@Suite(.serialized)
struct ChoicesInTmuxTests {
    @Test func changingTheCountryChangesTheStatesGrid() throws {
        let run = try FormRun(["run", "examples/dynamic-country.yaml", "--no-store"])
        defer { run.close() }
        let tmux = run.tmux
        try tmux.wait(forText: "› Country*", "[1] Canada", "[3] United States")
        try tmux.press("1")
        let canada = try tmux.wait(forText: "Country*  Canada", "› State", "[4] Ontario")
        #expect(!canada.contains("California"), "\(canada)")
        try tmux.press("4")
        try tmux.wait(forText: "State     Ontario", "› City*")
        // Back to the country: the United States offer their states, by label.
        try tmux.press("BTab")
        try tmux.wait(forText: "› State     Ontario", "[4] Ontario")
        try tmux.press("BTab")
        try tmux.wait(forText: "› Country*  Canada")
        try tmux.press("3")
        let states = try tmux.wait(
            forText: "Country*  United States", "› State     Ontario", "[1] California", "[4] Washington")
        #expect(!states.contains("Alberta"), "\(states)")
        // Ontario is kept, and is no state of the United States: Enter says so.
        try tmux.press("Enter")
        try tmux.wait(forText: "› State     Ontario", "✗ must be one of: CA, NY, TX, WA")
        // The field line shows the key's label; the record holds its text.
        try tmux.press("1")
        try tmux.wait(forText: "State     California", "› City*")
        try tmux.type("Los Angeles")
        try tmux.press("Enter")
        let result = try run.result()
        #expect(result.status == 0)
        #expect(result.stdout == #"{"country":"United States","state":"CA","city":"Los Angeles"}"#)
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
