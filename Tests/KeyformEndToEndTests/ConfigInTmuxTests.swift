import Foundation
import KeyformTestSupport
import Testing

/// A person's config file in a real terminal: the keys it rebinds work and the
/// footer names them, and its accent colour is what the terminal draws.
@Suite(.serialized)
struct ConfigInTmuxTests {
    @Test func aReboundKeyShowsInTheFooterAndWorks() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: FileManager.default.temporaryDirectory, create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        try """
        colors:
          accent: magenta
        keys:
          cancel: ctrl-g
          next-field: ctrl-n

        """.write(to: config, atomically: true, encoding: .utf8)
        let run = try FormRun(["run", "demo/todo.yaml"], environment: ["KEYFORM_CONFIG": config.path])
        defer { run.close() }
        let tmux = run.tmux
        // The footer is drawn from the rebound map: Ctrl-N goes on, Ctrl-G cancels, Esc is no longer named.
        // (Going on is offered once the required Text has a letter.)
        let first = try tmux.wait(forText: "› Text*", "Ctrl-G cancel")
        #expect(!first.contains("Esc cancel"))
        #expect(
            RunInTmuxTests.style(of: "› Text*", in: try tmux.screen(attributes: true))?.contains(35) == true,
            "the focused field in the configured accent (magenta, 35)")
        try tmux.type("Buy milk")
        try tmux.wait(forText: "Buy milk", "Enter/Ctrl-N next · Ctrl-G cancel")
        try tmux.press("C-n")
        try tmux.wait(forText: "Text*     Buy milk", "› Priority", "Shift-Tab back · Ctrl-G cancel")
        try tmux.press("C-g")
        let result = try run.result()
        #expect(result.status == 1, "cancelled by the rebound key: \(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.sttyAfter == result.sttyBefore)
    }
}
