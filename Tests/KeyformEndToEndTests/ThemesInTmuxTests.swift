import Foundation
import KeyformTestSupport
import Testing

/// The themes in a real terminal (what tmux draws, its SGR as `capture-pane -e`
/// gives it): `KEYFORM_THEME` and the config's `theme:` colour the focused
/// field, and `NO_COLOR` wins over both.
@Suite(.serialized)
struct ThemesInTmuxTests {
    /// The focused field's line as drawn, with its SGR sequences.
    static func focusedLine(_ environment: [String: String]) throws -> String {
        let run = try FormRun(["run", "demo/todo.yaml", "--no-store"], environment: environment)
        defer { run.close() }
        let screen = try run.tmux.wait(for: "the focused Text field", attributes: true) {
            $0.contains("Text*") && $0.contains("Done")
        }
        try run.tmux.press("Escape")
        _ = try run.result()
        let line = screen.split(separator: "\n").first { $0.contains("Text*") } ?? ""
        return String(line)
    }

    @Test func aThemeColoursTheFocusedFieldAndNoColorWins() throws {
        let standard = try Self.focusedLine([:])
        let contrast = try Self.focusedLine(["KEYFORM_THEME": "high-contrast"])
        #expect(contrast.contains("93m") || contrast.contains(";93"), "bright yellow: \(contrast.debugDescription)")
        #expect(contrast != standard)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyform-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        try "theme: light\n".write(to: config, atomically: true, encoding: .utf8)
        let light = try Self.focusedLine(["KEYFORM_CONFIG": config.path])
        #expect(light.contains("34m") || light.contains(";34"), "blue: \(light.debugDescription)")
        let none = try Self.focusedLine(["KEYFORM_THEME": "high-contrast", "NO_COLOR": "1"])
        #expect(
            !none.contains("93") && !none.contains("34m") && !none.contains("36m"),
            "no colour: \(none.debugDescription)")
    }
}
